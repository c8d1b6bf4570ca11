// Package debugger records what agents think, decision by decision, so
// that a developer can pause, step and rewind it (Pittman's debugger,
// thesis section 3.5): per agent, a ring of snapshots holding the belief
// (as changes from the previous snapshot), every goal's score and what it
// is made of, the goal pursued, the plan and its current step, the events
// and the planner's counters.
//
// A Recorder captures snapshots from live agents (Capture, once per
// tick), keeps the last Size of each agent, and can stream every snapshot
// to a file as it is taken; ReadRecording reads a file back. Both give a
// Recording, which answers what any agent believed and did at any tick
// (At) and what changed between two ticks (Compare).
//
// Nothing is recorded unless a Recorder watches an agent: agents do not
// know about recorders, so an agent without one pays nothing.
package debugger

import (
	"sort"

	"github.com/goap-go/goap"
	"github.com/goap-go/goap/agent"
	"github.com/goap-go/goap/internal/echo"
)

// Format and a version head every recording file (its first line,
// {"format":"goap-recording","version":2}); FormatVersion is the newest
// version this goap reads and writes.
//
// Version 1 files hold the header, agent, squad and snapshot lines.
// Version 2 adds what recordings grew since: a line closing each tick
// that has snapshots, and the last ({"tick":N}: a file cut mid-tick is
// known to be), lean snapshot lines ({"s":...}, saying only what changed
// since the agent's previous snapshot; see lean.go) and world changes.
// Version 3 adds space (space.go): the world's map, once ({"map":...}),
// and the agents' cells and paths at the ticks they change ({"xy":...}).
// A version bumps whenever a file holds lines an older reader cannot
// read, so that an older goap says a newer one made the file instead of
// failing on a line it does not know. ReadRecording reads versions 1 to
// 3 (lines new in a version are refused in an older version's file) and
// refuses newer ones; Recorder.Stream writes version 3 when the
// recording has a map (Recorder.WatchMap), and version 2 when it has
// none, which goap of version 2 reads.
const (
	Format        = "goap-recording"
	FormatVersion = 3
)

// AgentInfo describes a recorded agent: its name and its domain's facts
// and actions, which snapshots refer to by index.
type AgentInfo struct {
	Name    string     `json:"name"`
	Domain  string     `json:"domain"`
	Facts   []FactInfo `json:"facts"`
	Actions []string   `json:"actions"`
}

// FactInfo describes a fact: its name and kind, and the names of an
// enum's values.
type FactInfo struct {
	Name   string   `json:"name"`
	Kind   string   `json:"kind"`
	Values []string `json:"values,omitempty"`
	// Default is the fact's default value (as FactValue.Value), which a
	// search tree node's label leaves out.
	Default int `json:"default,omitempty"`
}

// FactValue is a fact's new value in a snapshot: the index of the fact in
// AgentInfo.Facts and its value (0 or 1 for a bool, the number for an
// int, the index of the value for an enum).
type FactValue struct {
	Fact  int `json:"f"`
	Value int `json:"v"`
}

// GoalScore is a goal at the agent's last evaluation (see
// agent.GoalInspection).
type GoalScore struct {
	Name         string  `json:"name"`
	Score        float64 `json:"score"`
	Base         float64 `json:"base"`
	Bias         float64 `json:"bias,omitempty"`
	HasRelevancy bool    `json:"relevancy,omitempty"`
	// Rule names the relevancy rule that gave Base, for a goal scored by
	// rules (a designer file's relevancy:; agent.GoalInspection.Rule).
	Rule     string  `json:"rule,omitempty"`
	Valid    bool    `json:"valid"`
	Relevant bool    `json:"relevant"`
	Met      bool    `json:"met,omitempty"`
	RetryAt  float64 `json:"retry_at,omitempty"`
	Fallback bool    `json:"fallback,omitempty"`
	Ordered  bool    `json:"ordered,omitempty"`
}

// Snapshot is one agent at one decision.
type Snapshot struct {
	Agent   int      `json:"a"`
	Tick    int      `json:"t"`
	Time    float64  `json:"time"`
	Phase   string   `json:"phase"`
	Goal    string   `json:"goal,omitempty"`
	Plan    []string `json:"plan,omitempty"`
	Step    int      `json:"step,omitempty"`
	Started bool     `json:"started,omitempty"`
	// TreeTotal is the number of nodes of the search when Tree is cut at
	// MaxTreeNodes (Tree then holds those and the plan's path); 0 when
	// Tree is the whole search. An int32 next to Started takes no room
	// of its own: a snapshot is no larger than before.
	TreeTotal int32       `json:"tree_total,omitempty"`
	Goals     []GoalScore `json:"goals"`
	// Changes are the belief's changes since the agent's previous
	// snapshot: every fact in its first.
	Changes []FactValue   `json:"changes,omitempty"`
	Events  []agent.Event `json:"events,omitempty"`
	Stats   agent.Stats   `json:"stats"`
	// Tree is the search tree of the plan made at this snapshot, when
	// the recorder keeps trees (Recorder.Trees).
	Tree []SearchNode `json:"tree,omitempty"`
}

// SearchNode is a node of a recorded search tree: goap.TreeNode as a
// recording keeps it, with names instead of IDs.
type SearchNode struct {
	Parent int `json:"p"` // -1 for the root
	// Action leads to the node from its parent ("" at the root).
	Action   string  `json:"a,omitempty"`
	G        float64 `json:"g"`
	H        float64 `json:"h"`
	Expanded bool    `json:"x,omitempty"`
	// Path marks the nodes of the plan's path.
	Path bool `json:"path,omitempty"`
	// Label is the node's state (forward search) or subgoal (backward).
	Label string `json:"l"`
}

// ring holds an agent's snapshots, oldest first, and its belief just
// before the oldest (base), so that any retained snapshot's belief can be
// rebuilt from the changes.
type ring struct {
	snaps []Snapshot
	// trees are the snapshots' search trees kept lean (recorded, or read
	// from lean lines), by the same index as snaps (or none): a Snapshot's
	// Tree is made from its lean tree when asked for.
	trees []*searchTree
	start int // index of the oldest
	n     int
	base  []int
	known []bool // base holds a value for the fact
	// A loaded recording's ring holds its snapshots packed instead
	// (packed.go): packed, their belief's changes in pool, the times
	// that are not their ticks in times, by index, the parts they refer
	// to in tab; agent and name are the agent's.
	packed []packedSnap
	pool   []int32
	// counts holds the snapshots' steps and agent.Stats (addCounts).
	counts []byte
	// wide holds the phase and goal of the snapshots whose indexes do
	// not fit in theirs (setNames).
	wide  map[int][2]int32
	times map[int]float64
	// treeTotals are the TreeTotals that are not 0, by index.
	treeTotals map[int]int32
	tab        *packedTables
	agent      int
	name       string
}

// at returns the i-th oldest snapshot (of a loaded recording, made from
// its packed form: read it only).
func (r *ring) at(i int) *Snapshot {
	if r.tab != nil {
		return r.unpacked(i)
	}
	return &r.snaps[(r.start+i)%len(r.snaps)]
}

// withTree returns the i-th oldest snapshot with its Tree made from its
// lean tree, if it has one.
func (r *ring) withTree(i int, info *AgentInfo) Snapshot {
	s := *r.at(i)
	if t := r.treeAt(i); t != nil && len(t.nodes) > 0 {
		s.Tree = t.treeNodes(info)
	}
	return s
}

// treeAt returns the i-th oldest snapshot's lean tree, or nil.
func (r *ring) treeAt(i int) *searchTree {
	if r.tab != nil {
		if k := r.packed[i].tree; k >= 0 {
			return r.tab.trees[k]
		}
		return nil
	}
	if len(r.trees) == 0 {
		return nil
	}
	return r.trees[(r.start+i)%len(r.trees)]
}

// Recording is a record of agents' snapshots: live (Recorder.Recording)
// or loaded from a file (ReadRecording).
type Recording struct {
	Agents []AgentInfo
	// Squads are the command hierarchy's links (Recorder.Squad).
	Squads []SquadInfo
	// Cut is set when the file read ends before its run did (a killed
	// goap sim --record): it says what was left out. Nil for a whole file
	// and for a live recording.
	Cut   *Cut
	rings []ring
	// now is the latest tick captured, with or without a snapshot: live,
	// or read from a file's tick lines.
	now int
	// world holds the world's changes, oldest first (a live recorder
	// keeps the latest only, see Recorder.World).
	world []WorldChange
	// Map is the world's map (Recorder.WatchMap), nil when the recording
	// has none; space the agents' cells and paths on it.
	Map   *MapInfo
	space spaceTrack
}

// World returns the world's changes kept from tick from to tick to, in
// the order they happened.
func (rc *Recording) World(from, to int) []WorldChange {
	i := sort.Search(len(rc.world), func(i int) bool { return rc.world[i].Tick >= from })
	j := sort.Search(len(rc.world), func(j int) bool { return rc.world[j].Tick > to })
	if i >= j {
		return nil
	}
	return append([]WorldChange(nil), rc.world[i:j]...)
}

// worldTicks returns the ticks with world changes kept, once each.
func (rc *Recording) worldTicks() []int {
	out := []int{}
	for _, c := range rc.world {
		if n := len(out); n == 0 || out[n-1] != c.Tick {
			out = append(out, c.Tick)
		}
	}
	return out
}

// WorldChange is a change of the world's facts at a tick, which no
// agent's snapshot shows as it happens: a scripted event (By "world"),
// or another agent's action's effects on world facts (By the agent,
// Action its action). Recorder.World records them.
type WorldChange struct {
	Tick   int    `json:"t"`
	By     string `json:"by"`
	Action string `json:"action,omitempty"`
	// Text is a scripted event's words (e.g. "bottle_available=false").
	Text string `json:"text,omitempty"`
	// Owner is the agent whose own agent facts a scripted event set.
	Owner string      `json:"owner,omitempty"`
	Facts []WorldFact `json:"facts"`
}

// WorldFact is a fact's new value in a WorldChange: a bool, an int or an
// enum's value name.
type WorldFact struct {
	Fact  string `json:"fact"`
	Value any    `json:"value"`
}

// WorldFacts returns facts of d set to values (goap.State.Get's), as a
// WorldChange gives them: a bool, an int or an enum's value name each.
func WorldFacts(d *goap.Domain, facts []goap.FactID, values []int) []WorldFact {
	out := make([]WorldFact, len(facts))
	for k, id := range facts {
		f, v := d.Fact(id), values[k]
		var value any = v
		switch {
		case f.Kind == goap.BoolFact:
			value = v != 0
		case f.Kind == goap.EnumFact && v >= 0 && v < len(f.Values):
			value = f.Values[v]
		}
		out[k] = WorldFact{Fact: f.Name, Value: value}
	}
	return out
}

// SquadInfo is a squad of the command hierarchy: its commander and
// members, by agent name.
type SquadInfo struct {
	Name      string   `json:"name"`
	Commander string   `json:"commander"`
	Members   []string `json:"members"`
}

// Ticks returns the first and last ticks of which some snapshot is kept
// (0, 0 when there is none); the last is the latest tick captured,
// snapshot or not, when the recording knows it (live, or from a version-2
// file).
func (rc *Recording) Ticks() (first, last int) {
	first = -1
	for i := range rc.rings {
		r := &rc.rings[i]
		if r.n == 0 {
			continue
		}
		if t := r.tickAt(0); first < 0 || t < first {
			first = t
		}
		last = max(last, r.tickAt(r.n-1))
	}
	if first < 0 && rc.now > 0 {
		first = rc.now
	}
	return max(first, 0), max(last, rc.now)
}

// empty reports whether no snapshot is kept and no tick was captured (a
// file holding its header only: its run was stopped before its first
// tick).
func (rc *Recording) empty() bool {
	for i := range rc.rings {
		if rc.rings[i].n > 0 {
			return false
		}
	}
	return rc.now == 0
}

// Snapshots returns the kept snapshots of agent i, oldest first (a copy
// of the list; the snapshots share memory with the recording).
func (rc *Recording) Snapshots(i int) []Snapshot {
	r := &rc.rings[i]
	out := make([]Snapshot, r.n)
	for k := range out {
		out[k] = r.withTree(k, &rc.Agents[i])
	}
	return out
}

// AgentState is an agent as it was at a tick: its latest snapshot at or
// before the tick, and its whole belief then, by fact name.
type AgentState struct {
	Snapshot
	Belief map[string]any
}

// At returns the named agent as it was at tick: false when the agent is
// unknown or no snapshot of it at or before tick is kept.
func (rc *Recording) At(name string, tick int) (AgentState, bool) {
	i := rc.agentIndex(name)
	if i < 0 {
		return AgentState{}, false
	}
	a, k, ok := rc.at(i, tick)
	if ok {
		a.Snapshot = rc.rings[i].withTree(k, &rc.Agents[i])
	}
	return a, ok
}

// at is At of agent i, its snapshot's lean tree left unmade, and the
// snapshot's index in its ring.
func (rc *Recording) at(i, tick int) (AgentState, int, bool) {
	r := &rc.rings[i]
	k := r.find(tick)
	if k < 0 {
		return AgentState{}, k, false
	}
	vals := append([]int(nil), r.base...)
	known := append([]bool(nil), r.known...)
	r.replay(k, vals, known)
	info := &rc.Agents[i]
	belief := map[string]any{}
	for f, ok := range known {
		if ok {
			belief[info.Facts[f].Name] = info.value(f, vals[f])
		}
	}
	return AgentState{Snapshot: *r.at(k), Belief: belief}, k, true
}

// FactChange is a fact whose value differs between two ticks.
type FactChange struct {
	Fact   string `json:"fact"`
	Before any    `json:"before"`
	After  any    `json:"after"`
}

// Compare returns the facts of the named agent's belief that differ
// between ticks t1 and t2, by fact name.
func (rc *Recording) Compare(name string, t1, t2 int) ([]FactChange, error) {
	a, ok1 := rc.At(name, t1)
	b, ok2 := rc.At(name, t2)
	if !ok1 || !ok2 {
		return nil, echo.Errorf("debugger: no snapshot of %q at ticks %d and %d", name, t1, t2)
	}
	var out []FactChange
	for _, f := range rc.Agents[rc.agentIndex(name)].Facts {
		if va, vb := a.Belief[f.Name], b.Belief[f.Name]; va != vb {
			out = append(out, FactChange{Fact: f.Name, Before: va, After: vb})
		}
	}
	return out, nil
}

// agentIndex returns the index of the named agent, or -1.
func (rc *Recording) agentIndex(name string) int {
	for i := range rc.Agents {
		if rc.Agents[i].Name == name {
			return i
		}
	}
	return -1
}

// value renders fact f's value v: a bool, an int or an enum's name.
func (info *AgentInfo) value(f, v int) any {
	fi := &info.Facts[f]
	switch {
	case fi.Kind == "bool":
		return v != 0
	case fi.Kind == "enum" && v >= 0 && v < len(fi.Values):
		return fi.Values[v]
	}
	return v
}

// infoOf describes agent a's domain.
func infoOf(a *agent.Agent) AgentInfo {
	d := a.Domain()
	info := AgentInfo{Name: a.Name(), Domain: d.Name()}
	start := d.NewState()
	for f := range d.NumFacts() {
		fact := d.Fact(goap.FactID(f))
		fi := FactInfo{Name: fact.Name, Kind: fact.Kind.String(), Default: start.Get(goap.FactID(f))}
		if fact.Kind == goap.EnumFact {
			fi.Values = fact.Values
		}
		info.Facts = append(info.Facts, fi)
	}
	for i := range d.NumActions() {
		info.Actions = append(info.Actions, d.ActionName(goap.ActionID(i)))
	}
	return info
}
