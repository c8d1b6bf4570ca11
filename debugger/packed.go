package debugger

// A loaded recording's snapshots, packed: the form ReadRecording keeps
// them in, and the Snapshots made from it on request.

import (
	"encoding/binary"
	"encoding/json"
	"slices"
	"strings"
	"sync"

	"github.com/goap-go/goap/agent"
)

// packedSnap is a snapshot as a loaded recording keeps it: 32 bytes, the
// parts that repeat from snapshot to snapshot and agent to agent (names,
// plans, goal scores, event lists, counters, trees) kept once in the
// recording's tables and referred to by index, the belief's changes in
// its ring's pool. A full Snapshot took about 1 KB with its events: a
// 210 MB colony file of lean lines (1.8 million snapshots) held 1.7 GB
// once read. ring.at makes the Snapshot when asked for, kept in a
// bounded cache (snapCache).
type packedSnap struct {
	tick int32
	// changes is the first of its changes in the ring's pool, as fact,
	// value pairs; its last is the next snapshot's first.
	changes uint32
	// counts is where its step and counters are in the ring's counts.
	counts uint32
	// Indexes in the tables: plan in plans, goals in goals (-1: nil).
	// events: >= 0 in lean (a lean line's list, its ticks and times
	// those of its snapshot), <= -2 in full at -2-events, -1 none. tree:
	// >= 0 in trees (lean), <= -2 in whole at -2-tree, -1 none.
	plan, goals, events, tree int32
	// goal and phase are indexes in names; wideName (and the ring's
	// wide) when they do not fit.
	goal  uint16
	phase uint8
	flags uint8 // packedStarted, packedTime
}

const (
	packedStarted = 1 // Snapshot.Started
	packedTime    = 2 // its time is not its tick: see ring.times
	// wideName marks a goal or phase whose index does not fit: the
	// ring's wide has both.
	wideName = 0xffff
)

// packedTables are the parts a loaded recording's packed snapshots refer
// to, and the cache of the Snapshots made from them.
type packedTables struct {
	// names are the goals' and phases' names; strs the other strings
	// kept once (world changes').
	names     []string
	nameIndex map[string]int
	strs      []string
	strIndex  map[string]int
	plans     [][]string
	planIndex map[string]int32
	goals     [][]GoalScore
	goalIndex map[string]int32 // lean lines' goal scores by their text, while reading
	// lean are the event lists of lean lines as their text, read again
	// when a snapshot is made (kept read, they took twice the room);
	// leanIndex finds them while the file is read, leanMask gives each
	// one's event types (bit per type).
	lean      []string
	leanIndex map[string]int32
	leanMask  []uint64
	full      [][]agent.Event // whole lines' events
	trees     []*searchTree   // lean trees written whole, by number
	whole     [][]SearchNode  // whole lines' trees

	mu    sync.Mutex // the page's requests read at once
	cache [snapCache]cachedSnap
}

// snapCache is the number of Snapshots made from packed ones that a
// loaded recording keeps (a scrub re-reads the same few hundred).
const snapCache = 4096

// cachedSnap is an entry of the cache: snapshot k of ring r.
type cachedSnap struct {
	r *ring
	k int
	s *Snapshot
}

func newPackedTables() *packedTables {
	return &packedTables{nameIndex: map[string]int{}, strIndex: map[string]int{}, planIndex: map[string]int32{}, leanIndex: map[string]int32{}, goalIndex: map[string]int32{}}
}

// addCounts adds a snapshot's step and counters to r.counts, as 7
// varints, and returns where they are.
func (r *ring) addCounts(step int, st agent.Stats) uint32 {
	at := uint32(len(r.counts))
	for _, v := range [...]int{step, st.Plans, st.Replans, st.NoPlans, st.Expanded, st.Finished, st.Failed} {
		r.counts = binary.AppendVarint(r.counts, int64(v))
	}
	return at
}

// countsAt returns the step and counters at at in r.counts.
func (r *ring) countsAt(at uint32) (step int, st agent.Stats) {
	var n [7]int
	b := r.counts[at:]
	for k := range n {
		v, size := binary.Varint(b)
		n[k], b = int(v), b[size:]
	}
	return n[0], agent.Stats{Plans: n[1], Replans: n[2], NoPlans: n[3], Expanded: n[4], Finished: n[5], Failed: n[6]}
}

// name returns the index of s in t.names, adding it.
func (t *packedTables) name(s string) int {
	if i, ok := t.nameIndex[s]; ok {
		return i
	}
	t.names = append(t.names, s)
	t.nameIndex[s] = len(t.names) - 1
	return len(t.names) - 1
}

// setNames sets the phase and goal of p, r's k-th snapshot, by their
// indexes in the names.
func (r *ring) setNames(p *packedSnap, k, phase, goal int) {
	if phase < 0xff && goal < wideName {
		p.phase, p.goal = uint8(phase), uint16(goal)
		if r.wide != nil {
			delete(r.wide, k)
		}
		return
	}
	p.phase, p.goal = 0xff, wideName
	if r.wide == nil {
		r.wide = map[int][2]int32{}
	}
	r.wide[k] = [2]int32{int32(phase), int32(goal)}
}

// namesAt returns the indexes of the phase and goal of r's k-th
// snapshot.
func (r *ring) namesAt(k int) (phase, goal int) {
	p := &r.packed[k]
	if p.goal == wideName {
		w := r.wide[k]
		return int(w[0]), int(w[1])
	}
	return int(p.phase), int(p.goal)
}

// str returns the index of s in t.strs, adding it.
func (t *packedTables) str(s string) int {
	if i, ok := t.strIndex[s]; ok {
		return i
	}
	t.strs = append(t.strs, s)
	t.strIndex[s] = len(t.strs) - 1
	return len(t.strs) - 1
}

// intern returns s, the same string as the one given before if there
// was one.
func (t *packedTables) intern(s string) string {
	if i, ok := t.strIndex[s]; ok {
		return t.strs[i]
	}
	return t.strs[t.str(s)]
}

// plan returns the index of plan in t.plans, adding it (-1 for nil; an
// empty plan that is not nil stays so).
func (t *packedTables) plan(plan []string) int32 {
	if plan == nil {
		return -1
	}
	key := strings.Join(plan, "\x00")
	if i, ok := t.planIndex[key]; ok {
		return i
	}
	t.plans = append(t.plans, plan)
	t.planIndex[key] = int32(len(t.plans) - 1)
	return int32(len(t.plans) - 1)
}

// addLean adds a lean line's event list, text read as events, and
// returns its index.
func (t *packedTables) addLean(text string, events []leanEvent) int32 {
	var mask uint64
	for _, e := range events {
		if e.Type < 64 {
			mask |= 1 << e.Type
		}
	}
	i := int32(len(t.lean))
	t.lean = append(t.lean, text)
	t.leanMask = append(t.leanMask, mask)
	t.leanIndex[text] = i
	return i
}

// packed reports whether r holds packed snapshots (a loaded recording).
func (r *ring) isPacked() bool { return r.tab != nil }

// tickAt returns the tick of r's k-th oldest snapshot.
func (r *ring) tickAt(k int) int {
	if r.isPacked() {
		return int(r.packed[k].tick)
	}
	return r.at(k).Tick
}

// find returns the index of r's latest snapshot at or before tick, or -1.
func (r *ring) find(tick int) int {
	lo, hi := 0, r.n // the first snapshot after tick, by bisection
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if r.tickAt(m) > tick {
			hi = m
		} else {
			lo = m + 1
		}
	}
	return lo - 1
}

// phaseGoalAt returns the phase and goal of r's k-th oldest snapshot.
func (r *ring) phaseGoalAt(k int) (phase, goal string) {
	if r.isPacked() {
		ph, g := r.namesAt(k)
		return r.tab.names[ph], r.tab.names[g]
	}
	s := r.at(k)
	return s.Phase, s.Goal
}

// planAt returns the plan of r's k-th oldest snapshot.
func (r *ring) planAt(k int) []string {
	if r.isPacked() {
		if i := r.packed[k].plan; i >= 0 {
			return r.tab.plans[i]
		}
		return nil
	}
	return r.at(k).Plan
}

// eventMask returns the types of the events of r's k-th oldest snapshot,
// bit t for type t (types up to 63).
func (r *ring) eventMask(k int) uint64 {
	if r.isPacked() {
		if i := r.packed[k].events; i >= 0 {
			return r.tab.leanMask[i]
		}
		if r.packed[k].events == -1 {
			return 0
		}
	}
	var mask uint64
	for _, e := range r.at(k).Events {
		if e.Type < 64 {
			mask |= 1 << e.Type
		}
	}
	return mask
}

// replay applies the belief's changes of r's snapshots 0 to k to vals,
// marking the facts set in known.
func (r *ring) replay(k int, vals []int, known []bool) {
	if !r.isPacked() {
		for j := 0; j <= k; j++ {
			for _, c := range r.at(j).Changes {
				vals[c.Fact], known[c.Fact] = c.Value, true
			}
		}
		return
	}
	end := len(r.pool)
	if k+1 < r.n {
		end = int(r.packed[k+1].changes)
	}
	for i := 0; i+1 < end; i += 2 {
		vals[r.pool[i]], known[r.pool[i]] = int(r.pool[i+1]), true
	}
}

// unpacked returns r's k-th snapshot made from its packed form, from the
// cache when it was made lately. The Snapshot is shared: read it only.
func (r *ring) unpacked(k int) *Snapshot {
	t := r.tab
	slot := &t.cache[uint(r.agent*40503+k)%snapCache]
	t.mu.Lock()
	if slot.r == r && slot.k == k {
		s := slot.s
		t.mu.Unlock()
		return s
	}
	t.mu.Unlock()
	s := r.unpack(k)
	t.mu.Lock()
	*slot = cachedSnap{r: r, k: k, s: s}
	t.mu.Unlock()
	return s
}

// unpack makes r's k-th snapshot from its packed form.
func (r *ring) unpack(k int) *Snapshot {
	t, p := r.tab, &r.packed[k]
	phase, goal := r.namesAt(k)
	s := &Snapshot{Agent: r.agent, Tick: int(p.tick), Time: float64(p.tick), Phase: t.names[phase], Goal: t.names[goal],
		Started: p.flags&packedStarted != 0, TreeTotal: r.treeTotals[k]}
	s.Step, s.Stats = r.countsAt(p.counts)
	if p.flags&packedTime != 0 {
		s.Time = r.times[k]
	}
	if p.plan >= 0 {
		s.Plan = t.plans[p.plan]
	}
	if p.goals >= 0 {
		s.Goals = t.goals[p.goals]
	}
	end := len(r.pool)
	if k+1 < r.n {
		end = int(r.packed[k+1].changes)
	}
	if from := int(p.changes); from < end {
		s.Changes = make([]FactValue, 0, (end-from)/2)
		for i := from; i+1 < end; i += 2 {
			s.Changes = append(s.Changes, FactValue{Fact: int(r.pool[i]), Value: int(r.pool[i+1])})
		}
	}
	switch {
	case p.events >= 0:
		var list []leanEvent
		_ = json.Unmarshal([]byte(t.lean[p.events]), &list) // read once before: it is valid
		if len(list) > 0 {
			s.Events = make([]agent.Event, len(list))
		}
		for i, e := range list {
			ev := agent.Event{Tick: s.Tick, Time: s.Time, Agent: r.name, Type: e.Type, Goal: e.Goal, Action: e.Action, Plan: e.Plan, Reason: e.Reason}
			if e.Tick != nil {
				ev.Tick = *e.Tick
			}
			if e.Time != nil {
				ev.Time = *e.Time
			}
			s.Events[i] = ev
		}
	case p.events <= -2:
		s.Events = t.full[-2-p.events]
	}
	if p.tree <= -2 {
		s.Tree = t.whole[-2-p.tree]
	}
	return s
}

// packer builds a loaded recording's packed rings as its lines are read.
type packer struct {
	tab   *packedTables
	rings []ring
	// wholeTrees are the indexes in tab.whole of whole lines' trees, by
	// their first node (trees shared by shareParts are one slice).
	wholeTrees map[*SearchNode]int32
	// last is each agent's latest whole-line snapshot, for shareParts.
	last [][]Snapshot
}

// addAgent adds the ring of the next agent.
func (pk *packer) addAgent(info *AgentInfo) {
	i := len(pk.rings)
	pk.rings = append(pk.rings, ring{tab: pk.tab, agent: i, name: info.Name})
	pk.last = append(pk.last, nil)
}

// prev returns agent a's latest packed snapshot, or nil.
func (pk *packer) prev(a int) *packedSnap {
	r := &pk.rings[a]
	if len(r.packed) == 0 {
		return nil
	}
	return &r.packed[len(r.packed)-1]
}

// addTime sets the time of the snapshot being added to agent a's ring
// when it is not its tick.
func (pk *packer) addTime(p *packedSnap, a int, time float64) {
	if time == float64(p.tick) {
		return
	}
	r := &pk.rings[a]
	if r.times == nil {
		r.times = map[int]float64{}
	}
	r.times[len(r.packed)] = time
	p.flags |= packedTime
}

// addTreeTotal sets the TreeTotal of the snapshot being added to agent
// a's ring (most are 0: their trees are whole).
func (pk *packer) addTreeTotal(a int, total int32) {
	if total == 0 {
		return
	}
	r := &pk.rings[a]
	if r.treeTotals == nil {
		r.treeTotals = map[int]int32{}
	}
	r.treeTotals[len(r.packed)] = total
}

// addWhole adds a whole snapshot line's s (checked) to its agent's ring.
func (pk *packer) addWhole(s *Snapshot, shared map[uint64][][]SearchNode) {
	t := pk.tab
	a := s.Agent
	shareParts(s, pk.last[a], shared)
	pk.last[a] = append(pk.last[a][:0], *s)
	r := &pk.rings[a]
	pk.addTreeTotal(a, s.TreeTotal)
	p := packedSnap{tick: int32(s.Tick), changes: uint32(len(r.pool)), plan: t.plan(s.Plan), goals: -1, events: -1, tree: -1}
	r.setNames(&p, len(r.packed), t.name(s.Phase), t.name(s.Goal))
	if s.Started {
		p.flags |= packedStarted
	}
	pk.addTime(&p, a, s.Time)
	prev := pk.prev(a)
	switch {
	case s.Goals == nil:
	case prev != nil && prev.goals >= 0 && slices.Equal(t.goals[prev.goals], s.Goals):
		p.goals = prev.goals
	default:
		t.goals = append(t.goals, s.Goals)
		p.goals = int32(len(t.goals) - 1)
	}
	if prev != nil {
		if step, st := r.countsAt(prev.counts); step == s.Step && st == s.Stats {
			p.counts = prev.counts
		} else {
			p.counts = r.addCounts(s.Step, s.Stats)
		}
	} else {
		p.counts = r.addCounts(s.Step, s.Stats)
	}
	if s.Events != nil {
		t.full = append(t.full, s.Events)
		p.events = -2 - int32(len(t.full)-1)
	}
	if len(s.Tree) > 0 {
		if pk.wholeTrees == nil {
			pk.wholeTrees = map[*SearchNode]int32{}
		}
		i, ok := pk.wholeTrees[&s.Tree[0]]
		if !ok {
			t.whole = append(t.whole, s.Tree)
			i = int32(len(t.whole) - 1)
			pk.wholeTrees[&s.Tree[0]] = i
		}
		p.tree = -2 - i
	}
	for _, c := range s.Changes {
		r.pool = append(r.pool, int32(c.Fact), int32(c.Value))
	}
	r.packed = append(r.packed, p)
	r.n = len(r.packed)
}

// trim keeps the first n snapshots of agent a.
func (pk *packer) trim(a, n int) {
	r := &pk.rings[a]
	if n >= len(r.packed) {
		return
	}
	r.pool = r.pool[:r.packed[n].changes] // (counts may be shared with the snapshot before: kept)
	for k := range r.times {
		if k >= n {
			delete(r.times, k)
		}
	}
	for k := range r.wide {
		if k >= n {
			delete(r.wide, k)
		}
	}
	for k := range r.treeTotals {
		if k >= n {
			delete(r.treeTotals, k)
		}
	}
	r.packed = r.packed[:n]
	r.n = n
}
