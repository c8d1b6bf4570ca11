package debugger

// Reading lean snapshot lines back into full snapshots (see lean.go).

import (
	"encoding/json"
	"strconv"

	"github.com/goap-go/goap/agent"
)

// leanSnapshot is a lean line as read: a nil field is what the agent's
// previous snapshot said.
type leanSnapshot struct {
	A       int             `json:"a"`
	T       int             `json:"t"`
	Time    *float64        `json:"tm"`
	Phase   *string         `json:"ph"`
	Goal    *string         `json:"g"`
	Plan    *[]int          `json:"p"`
	Step    *int            `json:"st"`
	Started *bool           `json:"sd"`
	Goals   json.RawMessage `json:"gs"` // read when new (packedTables.goalIndex)
	Changes []int           `json:"c"`
	Events  json.RawMessage `json:"e"` // read when new (packedTables.leanIndex)
	Stats   *[6]int         `json:"n"`
	Tree    *leanTreeRaw    `json:"tr"`
	// TreeTotal is Snapshot.TreeTotal (absent: 0, the tree is whole).
	TreeTotal int32 `json:"tt"`
	// Parts written before, by number.
	EventsRef *int `json:"e#"`
	GoalsRef  *int `json:"gs#"`
	TreeRef   *int `json:"tr#"`
}

// leanReader holds what a file's lean lines wrote whole, by number, for
// the lines that refer to them: goal scores and event lists as their
// index in the packed tables (trees are the tables' own, numbered as
// written).
type leanReader struct {
	goals  []int32
	events []int32 // event lists, as their index in the tables
}

type leanGoal struct {
	Name    string  `json:"n"`
	Score   float64 `json:"s"`
	Base    float64 `json:"b"`
	Bias    float64 `json:"bi"`
	RetryAt float64 `json:"r"`
	Rule    string  `json:"ru"`
	Flags   int     `json:"f"`
}

type leanEvent struct {
	Type   agent.EventType `json:"y"`
	Tick   *int            `json:"t"`
	Time   *float64        `json:"tm"`
	Goal   string          `json:"g"`
	Action string          `json:"a"`
	Plan   []string        `json:"p"`
	Reason string          `json:"r"`
}

type leanTreeRaw struct {
	N []float64 `json:"n"`
	L []string  `json:"l"`
}

// pack adds the snapshot of l to its agent's ring in pk (info the
// agent's, l.A checked), taking what l leaves out from the agent's
// previous snapshot, or says what is wrong.
func (l *leanSnapshot) pack(rd *leanReader, pk *packer, info *AgentInfo) (problem string) {
	t := pk.tab
	prev := pk.prev(l.A)
	if prev == nil && (l.Phase == nil || (l.Goals == nil && l.GoalsRef == nil) || l.Stats == nil || l.Plan == nil) {
		return "the agent's first snapshot leaves out what it has no previous one to take from"
	}
	if prev != nil && int(prev.tick) > l.T {
		return "snapshot of tick " + strconv.Itoa(l.T) + " after tick " + strconv.Itoa(int(prev.tick))
	}
	r := &pk.rings[l.A]
	p := packedSnap{events: -1, tree: -1}
	if prev != nil {
		p = *prev
		p.flags &^= packedTime
		p.events, p.tree = -1, -1
	}
	p.tick, p.changes = int32(l.T), uint32(len(r.pool))
	pk.addTreeTotal(l.A, l.TreeTotal)
	if l.Time != nil {
		pk.addTime(&p, l.A, *l.Time)
	}
	phase, goal := 0, 0
	if prev != nil {
		phase, goal = r.namesAt(len(r.packed) - 1)
	}
	if l.Phase != nil {
		phase = t.name(*l.Phase)
	}
	if l.Goal != nil {
		goal = t.name(*l.Goal)
	} else if prev == nil {
		goal = t.name("")
	}
	r.setNames(&p, len(r.packed), phase, goal)
	if l.Plan != nil {
		plan := make([]string, len(*l.Plan))
		for k, i := range *l.Plan {
			if i < 0 || i >= len(info.Actions) {
				return "plan step of action " + strconv.Itoa(i) + ", of " + strconv.Itoa(len(info.Actions))
			}
			plan[k] = info.Actions[i]
		}
		p.plan = t.plan(plan)
	}
	if l.Started != nil {
		p.flags &^= packedStarted
		if *l.Started {
			p.flags |= packedStarted
		}
	}
	switch {
	case l.Goals != nil:
		// The same scores written whole again (the writer remembers 16
		// MB of them) are kept once.
		i, ok := t.goalIndex[string(l.Goals)]
		if !ok {
			var read []leanGoal
			if err := json.Unmarshal(l.Goals, &read); err != nil {
				return "goal scores: " + err.Error()
			}
			goals := make([]GoalScore, len(read))
			for k, g := range read {
				f := g.Flags
				goals[k] = GoalScore{Name: t.intern(g.Name), Score: g.Score, Base: g.Base, Bias: g.Bias, RetryAt: g.RetryAt, Rule: t.intern(g.Rule),
					HasRelevancy: f&1 != 0, Valid: f&2 != 0, Relevant: f&4 != 0, Met: f&8 != 0, Fallback: f&16 != 0, Ordered: f&32 != 0}
			}
			t.goals = append(t.goals, goals)
			i = int32(len(t.goals) - 1)
			t.goalIndex[string(l.Goals)] = i
		}
		p.goals = i
		rd.goals = append(rd.goals, i)
	case l.GoalsRef != nil:
		k := *l.GoalsRef
		if k < 0 || k >= len(rd.goals) {
			return "goal scores #" + strconv.Itoa(k) + " not written before"
		}
		p.goals = rd.goals[k]
	}
	if l.Step != nil || l.Stats != nil {
		var step int
		var st agent.Stats
		if prev != nil {
			step, st = r.countsAt(prev.counts)
		}
		if l.Step != nil {
			step = *l.Step
		}
		if n := l.Stats; n != nil {
			st = agent.Stats{Plans: n[0], Replans: n[1], NoPlans: n[2], Expanded: n[3], Finished: n[4], Failed: n[5]}
		}
		p.counts = r.addCounts(step, st)
	}
	if len(l.Changes)%2 != 0 {
		return "changes are fact, value pairs"
	}
	for k := 0; k < len(l.Changes); k += 2 {
		if f := l.Changes[k]; f < 0 || f >= len(info.Facts) {
			return "change of fact " + strconv.Itoa(f) + ", of " + strconv.Itoa(len(info.Facts))
		}
	}
	switch {
	case l.Events != nil:
		// The same list written whole again (the writer remembers 16 MB
		// of them) is kept once.
		i, ok := t.leanIndex[string(l.Events)]
		if !ok {
			var list []leanEvent
			if err := json.Unmarshal(l.Events, &list); err != nil {
				return "events: " + err.Error()
			}
			i = t.addLean(string(l.Events), list)
		}
		rd.events = append(rd.events, i)
		p.events = i
	case l.EventsRef != nil:
		k := *l.EventsRef
		if k < 0 || k >= len(rd.events) {
			return "events #" + strconv.Itoa(k) + " not written before"
		}
		p.events = rd.events[k]
	}
	if l.TreeRef != nil {
		k := *l.TreeRef
		if k < 0 || k >= len(t.trees) {
			return "search tree #" + strconv.Itoa(k) + " not written before"
		}
		p.tree = int32(k)
	}
	if l.Tree != nil {
		tr := &searchTree{labels: l.Tree.L}
		n := l.Tree.N
		for k := 0; k < len(n); {
			if k+6 > len(n) {
				return "a search tree node is cut short"
			}
			tn := treeNode{parent: int32(n[k]), action: int32(n[k+1]), g: n[k+2], h: n[k+3], flags: uint8(n[k+4]), from: int32(len(tr.vals))}
			pairs := int(n[k+5])
			k += 6
			if pairs < 0 || k+2*pairs > len(n) {
				return "a search tree node is cut short"
			}
			for j := range 2 * pairs {
				tr.vals = append(tr.vals, int32(n[k+j]))
			}
			k += 2 * pairs
			tn.to = int32(len(tr.vals))
			if int(tn.parent) >= len(tr.nodes) || tn.parent < -1 || int(tn.action) >= len(info.Actions) {
				return "a search tree node refers to a node or action that does not exist"
			}
			tr.nodes = append(tr.nodes, tn)
		}
		t.trees = append(t.trees, tr)
		p.tree = int32(len(t.trees) - 1)
	}
	for _, v := range l.Changes {
		r.pool = append(r.pool, int32(v))
	}
	r.packed = append(r.packed, p)
	r.n = len(r.packed)
	return ""
}
