package debugger

// Reading lean snapshot lines back into full snapshots (see lean.go).

import (
	"strconv"

	"github.com/goap-go/goap/agent"
)

// leanSnapshot is a lean line as read: a nil field is what the agent's
// previous snapshot said.
type leanSnapshot struct {
	A       int          `json:"a"`
	T       int          `json:"t"`
	Time    *float64     `json:"tm"`
	Phase   *string      `json:"ph"`
	Goal    *string      `json:"g"`
	Plan    *[]int       `json:"p"`
	Step    *int         `json:"st"`
	Started *bool        `json:"sd"`
	Goals   *[]leanGoal  `json:"gs"`
	Changes []int        `json:"c"`
	Events  []leanEvent  `json:"e"`
	Stats   *[6]int      `json:"n"`
	Tree    *leanTreeRaw `json:"tr"`
	// TreeTotal is Snapshot.TreeTotal (absent: 0, the tree is whole).
	TreeTotal int32 `json:"tt"`
	// Parts written before, by number.
	EventsRef *int `json:"e#"`
	GoalsRef  *int `json:"gs#"`
	TreeRef   *int `json:"tr#"`
}

// leanReader holds what a file's lean lines wrote whole, by number, for
// the lines that refer to them.
type leanReader struct {
	events [][]leanEvent
	goals  [][]GoalScore
	trees  []*searchTree
}

type leanGoal struct {
	Name    string  `json:"n"`
	Score   float64 `json:"s"`
	Base    float64 `json:"b"`
	Bias    float64 `json:"bi"`
	RetryAt float64 `json:"r"`
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

// snapshot rebuilds the full snapshot of l and its lean tree, prev being
// the agent's previous one (nil for its first), or says what is wrong.
func (l *leanSnapshot) snapshot(rd *leanReader, prev *Snapshot, info *AgentInfo, name string) (s Snapshot, tree *searchTree, problem string) {
	if prev != nil {
		s = *prev
		s.Tree = nil
	} else if l.Phase == nil || (l.Goals == nil && l.GoalsRef == nil) || l.Stats == nil || l.Plan == nil {
		return s, nil, "the agent's first snapshot leaves out what it has no previous one to take from"
	}
	s.Agent, s.Tick, s.Time, s.TreeTotal = l.A, l.T, float64(l.T), l.TreeTotal
	if l.Time != nil {
		s.Time = *l.Time
	}
	if l.Phase != nil {
		s.Phase = *l.Phase
	}
	if l.Goal != nil {
		s.Goal = *l.Goal
	}
	if l.Plan != nil {
		s.Plan = make([]string, len(*l.Plan))
		for k, i := range *l.Plan {
			if i < 0 || i >= len(info.Actions) {
				return s, nil, "plan step of action " + strconv.Itoa(i) + ", of " + strconv.Itoa(len(info.Actions))
			}
			s.Plan[k] = info.Actions[i]
		}
	}
	if l.Step != nil {
		s.Step = *l.Step
	}
	if l.Started != nil {
		s.Started = *l.Started
	}
	switch {
	case l.Goals != nil:
		s.Goals = make([]GoalScore, len(*l.Goals))
		for k, g := range *l.Goals {
			f := g.Flags
			s.Goals[k] = GoalScore{Name: g.Name, Score: g.Score, Base: g.Base, Bias: g.Bias, RetryAt: g.RetryAt,
				HasRelevancy: f&1 != 0, Valid: f&2 != 0, Relevant: f&4 != 0, Met: f&8 != 0, Fallback: f&16 != 0, Ordered: f&32 != 0}
		}
		rd.goals = append(rd.goals, s.Goals)
	case l.GoalsRef != nil:
		k := *l.GoalsRef
		if k < 0 || k >= len(rd.goals) {
			return s, nil, "goal scores #" + strconv.Itoa(k) + " not written before"
		}
		s.Goals = rd.goals[k]
	}
	if l.Stats != nil {
		n := l.Stats
		s.Stats = agent.Stats{Plans: n[0], Replans: n[1], NoPlans: n[2], Expanded: n[3], Finished: n[4], Failed: n[5]}
	}
	if len(l.Changes)%2 != 0 {
		return s, nil, "changes are fact, value pairs"
	}
	s.Changes = nil
	for k := 0; k < len(l.Changes); k += 2 {
		s.Changes = append(s.Changes, FactValue{Fact: l.Changes[k], Value: l.Changes[k+1]})
	}
	s.Events = nil
	events := l.Events
	switch {
	case l.Events != nil:
		rd.events = append(rd.events, l.Events)
	case l.EventsRef != nil:
		k := *l.EventsRef
		if k < 0 || k >= len(rd.events) {
			return s, nil, "events #" + strconv.Itoa(k) + " not written before"
		}
		events = rd.events[k]
	}
	for _, e := range events {
		ev := agent.Event{Tick: s.Tick, Time: s.Time, Agent: name, Type: e.Type, Goal: e.Goal, Action: e.Action, Plan: e.Plan, Reason: e.Reason}
		if e.Tick != nil {
			ev.Tick = *e.Tick
		}
		if e.Time != nil {
			ev.Time = *e.Time
		}
		s.Events = append(s.Events, ev)
	}
	if l.TreeRef != nil {
		k := *l.TreeRef
		if k < 0 || k >= len(rd.trees) {
			return s, nil, "search tree #" + strconv.Itoa(k) + " not written before"
		}
		tree = rd.trees[k]
	}
	if l.Tree != nil {
		t := &searchTree{labels: l.Tree.L}
		n := l.Tree.N
		for k := 0; k < len(n); {
			if k+6 > len(n) {
				return s, nil, "a search tree node is cut short"
			}
			tn := treeNode{parent: int32(n[k]), action: int32(n[k+1]), g: n[k+2], h: n[k+3], flags: uint8(n[k+4]), from: int32(len(t.vals))}
			pairs := int(n[k+5])
			k += 6
			if pairs < 0 || k+2*pairs > len(n) {
				return s, nil, "a search tree node is cut short"
			}
			for j := range 2 * pairs {
				t.vals = append(t.vals, int32(n[k+j]))
			}
			k += 2 * pairs
			tn.to = int32(len(t.vals))
			if int(tn.parent) >= len(t.nodes) || tn.parent < -1 || int(tn.action) >= len(info.Actions) {
				return s, nil, "a search tree node refers to a node or action that does not exist"
			}
			t.nodes = append(t.nodes, tn)
		}
		tree = t
		rd.trees = append(rd.trees, t)
	}
	return s, tree, ""
}
