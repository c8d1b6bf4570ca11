package debugger

import (
	"encoding/binary"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/goap-go/goap"
	"github.com/goap-go/goap/agent"
)

// The lean snapshot line of version 2 ({"s":{...}}): what an agent's
// previous snapshot line said is not said again (its phase, goal, plan,
// step, goal scores and counters are left out when they did not change),
// keys are short, events leave out the tick, time and agent of their
// snapshot, plans name actions by index, and a search tree gives each
// node's state as the facts that differ from its parent's. On the
// 200-agent colony of BENCHMARKS.md this took the file from 98.9 MB of
// full snapshot lines to a tenth, and writing it allocates nothing.
//
// Readers rebuild full snapshots; files of full snapshot lines (version 1,
// and version 2 before lean lines) read as before.

// searchTree is a search tree as a snapshot keeps it: the nodes, with
// their states as changes from their parent's (forward search) or their
// subgoals (backward search, labels). SearchNode labels are built from it
// only when asked for (treeNodes): making them for every plan took a
// quarter of a recording run's time.
type searchTree struct {
	nodes  []treeNode
	vals   []int32  // fact, value pairs: node i's are vals[nodes[i].from:nodes[i].to]
	labels []string // backward search: each node's subgoal
	// total is the search's number of nodes when the tree is cut at
	// MaxTreeNodes (0 when it is whole): Snapshot.TreeTotal.
	total int32
	state []int32         // buildTree's scratch
	pick  []goap.TreeNode // buildTree's scratch: the nodes kept
}

// treeNode is a node of a searchTree.
type treeNode struct {
	parent, action int32 // action -1 at the root
	g, h           float64
	flags          uint8 // treeExpanded, treePath
	from, to       int32
}

const (
	treeExpanded = 1
	treePath     = 2
)

// buildTree stores a's last search tree in t (reusing its memory), with
// the path of plan marked. defaults are the facts' default values, which
// a label leaves out.
//
// A tree of more than MaxTreeNodes nodes is cut to its first
// MaxTreeNodes, to which the plan's path beyond them is added (each node
// under the previous one), so that the whole path is always shown; total
// then says how many nodes the search had.
func buildTree(t *searchTree, a *agent.Agent, plan []goap.ActionID, defaults []int) {
	t.nodes, t.vals, t.labels, t.total = t.nodes[:0], t.vals[:0], t.labels[:0], 0
	nodes := a.SearchTree()
	if len(nodes) == 0 {
		return
	}
	backward := nodes[0].State.IsZero()
	if len(nodes) > MaxTreeNodes {
		t.total = int32(min(len(nodes), math.MaxInt32))
		t.pick = append(t.pick[:0], nodes[:MaxTreeNodes]...)
		// The path, found in the whole tree, and its nodes beyond the cut.
		at, kept := 0, 0 // the path's node in nodes, and in pick
		for k := range plan {
			step := plan[k]
			if backward {
				step = plan[len(plan)-1-k]
			}
			next := -1
			for i := range nodes {
				if nodes[i].Parent == at && nodes[i].Action == step {
					next = i
					break
				}
			}
			if next < 0 {
				break
			}
			if next < MaxTreeNodes {
				kept = next
			} else {
				n := nodes[next]
				n.Parent = kept
				t.pick = append(t.pick, n)
				kept = len(t.pick) - 1
			}
			at = next
		}
		nodes = t.pick
	}
	nf := len(defaults)
	if !backward {
		// Each node's values, read once.
		t.state = t.state[:0]
		for i := range nodes {
			for f := range nf {
				t.state = append(t.state, int32(nodes[i].State.Get(goap.FactID(f))))
			}
		}
	}
	for i := range nodes {
		n := &nodes[i]
		tn := treeNode{parent: int32(n.Parent), action: int32(n.Action), g: n.G, h: n.H, from: int32(len(t.vals))}
		if n.Action < 0 {
			tn.action = -1
		}
		if n.Expanded {
			tn.flags = treeExpanded
		}
		if backward {
			t.labels = append(t.labels, n.Subgoal)
		} else if !n.State.IsZero() {
			row := t.state[i*nf : (i+1)*nf]
			if p := n.Parent; p >= 0 && p < i {
				was := t.state[p*nf : (p+1)*nf]
				for f, v := range row {
					if v != was[f] {
						t.vals = append(t.vals, int32(f), v)
					}
				}
			} else {
				for f, v := range row {
					if int(v) != defaults[f] {
						t.vals = append(t.vals, int32(f), v)
					}
				}
			}
		}
		tn.to = int32(len(t.vals))
		t.nodes = append(t.nodes, tn)
	}
	// The plan's path, from the root (the goal, for a backward search).
	at := 0
	t.nodes[0].flags |= treePath
	for k := range plan {
		step := plan[k]
		if backward {
			step = plan[len(plan)-1-k]
		}
		next := -1
		for i := range t.nodes {
			if int(t.nodes[i].parent) == at && t.nodes[i].action == int32(step) {
				next = i
				break
			}
		}
		if next < 0 {
			break
		}
		t.nodes[next].flags |= treePath
		at = next
	}
}

// treeNodes returns t's nodes as SearchNodes of agent info, labels made.
func (t *searchTree) treeNodes(info *AgentInfo) []SearchNode {
	if t == nil || len(t.nodes) == 0 {
		return nil
	}
	out := make([]SearchNode, len(t.nodes))
	nf := len(info.Facts)
	states := make([]int32, len(t.nodes)*nf) // each node's whole state
	var b strings.Builder
	for i, n := range t.nodes {
		sn := SearchNode{Parent: int(n.parent), G: n.g, H: n.h, Expanded: n.flags&treeExpanded != 0, Path: n.flags&treePath != 0}
		if n.action >= 0 && int(n.action) < len(info.Actions) {
			sn.Action = info.Actions[n.action]
		}
		if len(t.labels) > 0 {
			if i < len(t.labels) {
				sn.Label = t.labels[i]
			}
			out[i] = sn
			continue
		}
		st := states[i*nf : (i+1)*nf]
		if p := int(n.parent); p >= 0 && p < i {
			copy(st, states[p*nf:(p+1)*nf])
		} else {
			for f := range st {
				st[f] = int32(info.Facts[f].Default)
			}
		}
		for k := n.from; k+1 < n.to; k += 2 {
			if f := int(t.vals[k]); f >= 0 && f < nf {
				st[f] = t.vals[k+1]
			}
		}
		b.Reset()
		b.WriteByte('{')
		for f, v := range st {
			fi := &info.Facts[f]
			if int(v) == fi.Default {
				continue
			}
			if b.Len() > 1 {
				b.WriteByte(' ')
			}
			switch {
			case fi.Kind == "bool" && v != 0:
				b.WriteString(fi.Name)
			case fi.Kind == "bool":
				b.WriteString("!" + fi.Name)
			case fi.Kind == "enum" && int(v) < len(fi.Values) && v >= 0:
				b.WriteString(fi.Name + "=" + fi.Values[v])
			default:
				b.WriteString(fi.Name + "=" + strconv.Itoa(int(v)))
			}
		}
		b.WriteByte('}')
		sn.Label = b.String()
		out[i] = sn
	}
	return out
}

// leanWriter writes lean snapshot lines, remembering what each agent's
// previous line said.
type leanWriter struct {
	b    []byte
	prev []leanPrev // per agent
	// Event lists, goal scores and trees repeat, from agent to agent and
	// tick to tick (on the colony, 2,761 distinct event lists of 72,543,
	// 911 trees of 14,920): each is written whole once, numbered by kind
	// in the order written, and then referred to by its number
	// ("e#":N). seen holds up to maxSeen bytes of them; those written
	// after are written whole each time, and numbered all the same.
	frag  []byte
	key   []byte         // a tree's bytes
	trees map[string]int // trees written, by their bytes
	seen  [3]map[string]int
	count [3]int
	held  int
}

// The kinds of repeated parts, and the bytes of them a writer remembers.
const (
	partEvents = iota
	partGoals
	partTree
	maxSeen = 16 << 20
)

// partKeys are the keys of the kinds, whole and referred to.
var partKeys = [3][2]string{{`,"e":`, `,"e#":`}, {`,"gs":`, `,"gs#":`}, {`,"tr":`, `,"tr#":`}}

// part appends w.frag, a part of the kind, to b: whole the first time,
// else its number.
func (w *leanWriter) part(b []byte, kind int) []byte {
	if w.seen[kind] == nil {
		w.seen[kind] = map[string]int{}
	}
	if id, ok := w.seen[kind][string(w.frag)]; ok {
		return strconv.AppendInt(append(b, partKeys[kind][1]...), int64(id), 10)
	}
	if w.held+len(w.frag) <= maxSeen {
		w.seen[kind][string(w.frag)] = w.count[kind]
		w.held += len(w.frag)
	}
	w.count[kind]++
	return append(append(b, partKeys[kind][0]...), w.frag...)
}

// leanPrev is what an agent's previous line said.
type leanPrev struct {
	written bool
	phase   string
	goal    string
	plan    []string
	step    int
	started bool
	goals   []GoalScore
	stats   agent.Stats
}

// line returns the lean line of s (of agent info, whose actions are
// indexed by index), valid until the next call.
func (w *leanWriter) line(s *Snapshot, info *AgentInfo, index map[string]int, tree *searchTree) []byte {
	for len(w.prev) <= s.Agent {
		w.prev = append(w.prev, leanPrev{})
	}
	p := &w.prev[s.Agent]
	b := append(w.b[:0], `{"s":{"a":`...)
	b = strconv.AppendInt(b, int64(s.Agent), 10)
	b = append(b, `,"t":`...)
	b = strconv.AppendInt(b, int64(s.Tick), 10)
	if s.Time != float64(s.Tick) {
		b = appendFloat(append(b, `,"tm":`...), s.Time)
	}
	if !p.written || s.Phase != p.phase {
		b = appendString(append(b, `,"ph":`...), s.Phase)
		p.phase = s.Phase
	}
	if !p.written || s.Goal != p.goal {
		b = appendString(append(b, `,"g":`...), s.Goal)
		p.goal = s.Goal
	}
	if !p.written || !slices.Equal(s.Plan, p.plan) {
		b = append(b, `,"p":[`...)
		for k, name := range s.Plan {
			if k > 0 {
				b = append(b, ',')
			}
			i, ok := index[name]
			if !ok {
				i = -1
			}
			b = strconv.AppendInt(b, int64(i), 10)
		}
		b = append(b, ']')
		p.plan = append(p.plan[:0], s.Plan...)
	}
	if !p.written || s.Step != p.step {
		b = strconv.AppendInt(append(b, `,"st":`...), int64(s.Step), 10)
		p.step = s.Step
	}
	if !p.written || s.Started != p.started {
		b = strconv.AppendBool(append(b, `,"sd":`...), s.Started)
		p.started = s.Started
	}
	if !p.written || !slices.Equal(s.Goals, p.goals) {
		f := append(w.frag[:0], '[')
		for k := range s.Goals {
			g := &s.Goals[k]
			if k > 0 {
				f = append(f, ',')
			}
			f = appendString(append(f, `{"n":`...), g.Name)
			f = appendFloat(append(f, `,"s":`...), g.Score)
			f = appendFloat(append(f, `,"b":`...), g.Base)
			if g.Bias != 0 {
				f = appendFloat(append(f, `,"bi":`...), g.Bias)
			}
			if g.RetryAt != 0 {
				f = appendFloat(append(f, `,"r":`...), g.RetryAt)
			}
			f = strconv.AppendInt(append(f, `,"f":`...), int64(goalFlags(g)), 10)
			f = append(f, '}')
		}
		w.frag = append(f, ']')
		b = w.part(b, partGoals)
		p.goals = append(p.goals[:0], s.Goals...)
	}
	if len(s.Changes) > 0 {
		b = append(b, `,"c":[`...)
		for k, c := range s.Changes {
			if k > 0 {
				b = append(b, ',')
			}
			b = strconv.AppendInt(b, int64(c.Fact), 10)
			b = append(b, ',')
			b = strconv.AppendInt(b, int64(c.Value), 10)
		}
		b = append(b, ']')
	}
	if len(s.Events) > 0 {
		f := append(w.frag[:0], '[')
		for k := range s.Events {
			e := &s.Events[k]
			if k > 0 {
				f = append(f, ',')
			}
			f = appendString(append(f, `{"y":`...), e.Type.String())
			if e.Tick != s.Tick {
				f = strconv.AppendInt(append(f, `,"t":`...), int64(e.Tick), 10)
			}
			if e.Time != s.Time {
				f = appendFloat(append(f, `,"tm":`...), e.Time)
			}
			if e.Goal != "" {
				f = appendString(append(f, `,"g":`...), e.Goal)
			}
			if e.Action != "" {
				f = appendString(append(f, `,"a":`...), e.Action)
			}
			if len(e.Plan) > 0 {
				f = append(f, `,"p":[`...)
				for j, name := range e.Plan {
					if j > 0 {
						f = append(f, ',')
					}
					f = appendString(f, name)
				}
				f = append(f, ']')
			}
			if e.Reason != "" {
				f = appendString(append(f, `,"r":`...), e.Reason)
			}
			f = append(f, '}')
		}
		w.frag = append(f, ']')
		b = w.part(b, partEvents)
	}
	if !p.written || s.Stats != p.stats {
		st := &s.Stats
		b = append(b, `,"n":[`...)
		for k, v := range [...]int{st.Plans, st.Replans, st.NoPlans, st.Expanded, st.Finished, st.Failed} {
			if k > 0 {
				b = append(b, ',')
			}
			b = strconv.AppendInt(b, int64(v), 10)
		}
		b = append(b, ']')
		p.stats = s.Stats
	}
	if tree != nil && len(tree.nodes) > 0 {
		// A tree written before is known by its nodes' bytes, which take
		// less time to make than its text.
		w.key = tree.appendKey(w.key[:0])
		if id, ok := w.trees[string(w.key)]; ok {
			b = strconv.AppendInt(append(b, partKeys[partTree][1]...), int64(id), 10)
		} else {
			if w.trees == nil {
				w.trees = map[string]int{}
			}
			if w.held+len(w.key) <= maxSeen {
				w.trees[string(w.key)] = w.count[partTree]
				w.held += len(w.key)
			}
			b = w.wholeTree(b, tree)
		}
		if tree.total > 0 {
			b = strconv.AppendInt(append(b, `,"tt":`...), int64(tree.total), 10)
		}
	}
	b = append(b, "}}\n"...)
	p.written = true
	w.b = b
	return b
}

// wholeTree appends tree as text to b, numbered as the next tree.
func (w *leanWriter) wholeTree(b []byte, tree *searchTree) []byte {
	{
		f := append(w.frag[:0], `{"n":[`...)
		for k, n := range tree.nodes {
			if k > 0 {
				f = append(f, ',')
			}
			f = strconv.AppendInt(f, int64(n.parent), 10)
			f = append(f, ',')
			f = strconv.AppendInt(f, int64(n.action), 10)
			f = appendFloat(append(f, ','), n.g)
			f = appendFloat(append(f, ','), n.h)
			f = append(f, ',')
			f = strconv.AppendInt(f, int64(n.flags), 10)
			f = append(f, ',')
			f = strconv.AppendInt(f, int64(n.to-n.from)/2, 10)
			for _, v := range tree.vals[n.from:n.to] {
				f = append(f, ',')
				f = strconv.AppendInt(f, int64(v), 10)
			}
		}
		f = append(f, ']')
		if len(tree.labels) > 0 {
			f = append(f, `,"l":[`...)
			for k, l := range tree.labels {
				if k > 0 {
					f = append(f, ',')
				}
				f = appendString(f, l)
			}
			f = append(f, ']')
		}
		w.frag = append(f, '}')
	}
	w.count[partTree]++
	return append(append(b, partKeys[partTree][0]...), w.frag...)
}

// appendKey appends t's nodes, changes and labels to key, as bytes.
func (t *searchTree) appendKey(key []byte) []byte {
	for _, n := range t.nodes {
		key = binary.LittleEndian.AppendUint32(key, uint32(n.parent))
		key = binary.LittleEndian.AppendUint32(key, uint32(n.action))
		key = binary.LittleEndian.AppendUint64(key, math.Float64bits(n.g))
		key = binary.LittleEndian.AppendUint64(key, math.Float64bits(n.h))
		key = append(key, n.flags)
		key = binary.LittleEndian.AppendUint32(key, uint32(n.to-n.from))
		for _, v := range t.vals[n.from:n.to] {
			key = binary.LittleEndian.AppendUint32(key, uint32(v))
		}
	}
	for _, l := range t.labels {
		key = binary.LittleEndian.AppendUint32(key, uint32(len(l)))
		key = append(key, l...)
	}
	return key
}

// goalFlags packs a goal's booleans.
func goalFlags(g *GoalScore) int {
	f := 0
	for k, on := range [...]bool{g.HasRelevancy, g.Valid, g.Relevant, g.Met, g.Fallback, g.Ordered} {
		if on {
			f |= 1 << k
		}
	}
	return f
}

// appendFloat appends f as JSON (0 for the infinities and NaN, which JSON
// cannot say).
func appendFloat(b []byte, f float64) []byte {
	if math.IsInf(f, 0) || math.IsNaN(f) {
		return append(b, '0')
	}
	if i := int64(f); float64(i) == f && i > -1<<53 && i < 1<<53 && (i != 0 || !math.Signbit(f)) {
		return strconv.AppendInt(b, i, 10) // most costs and scores: faster
	}
	return strconv.AppendFloat(b, f, 'g', -1, 64)
}

// appendString appends s as a JSON string (invalid UTF-8 as U+FFFD, as
// encoding/json does).
func appendString(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			switch {
			case c == '"' || c == '\\':
				b = append(b, '\\', c)
			case c == '\n':
				b = append(b, '\\', 'n')
			case c < 0x20 || c == '<' || c == '>' || c == '&':
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&15])
			default:
				b = append(b, c)
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b = append(b, `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			b = append(b, `\u202`...)
			b = append(b, hex[r&15])
		default:
			b = append(b, s[i:i+size]...)
		}
		i += size
	}
	return append(b, '"')
}

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
