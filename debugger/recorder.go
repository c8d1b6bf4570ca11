package debugger

import (
	"bufio"
	"encoding/json"
	"io"
	"strconv"
	"sync"

	"github.com/goap-go/goap"
	"github.com/goap-go/goap/agent"
)

// Recorder captures snapshots of the agents it watches. Give its OnEvent
// to the agents (agent.Config.OnEvent, or call it from yours) so that
// snapshots carry their events, and call Capture once per tick, after
// the agents' updates.
type Recorder struct {
	// Trees, when set, makes every snapshot with a plan_made event keep
	// the search tree behind the plan, up to MaxTreeNodes nodes.
	Trees bool
	// MaxBytes, when above 0, bounds what Stream writes: the tick whose
	// lines would take the stream past it is not written, nor anything
	// after (Full says so), and the file ends with the last tick that
	// fits, whole. The header and agent lines are always written.
	MaxBytes int64

	mu     sync.Mutex // the HTTP handler reads while the run writes
	rec    Recording
	tracks []track
	byName map[string]int // the tracks by agent name
	size   int
	// out, when set, receives every snapshot as it is taken (Stream).
	out     *bufio.Writer
	enc     *json.Encoder
	err     error
	lean    leanWriter
	scratch treeScratch // buildTree's
	tick    []byte      // the lines of the tick being captured
	written int64       // bytes given to out
	full    bool        // MaxBytes was reached: nothing more is written
	last    int         // the last tick written whole
	// open: snapshots were written since the last tick line; ended: the
	// tick of that line.
	open  bool
	ended int
	// space is where the agents are (WatchMap), nil without a map; xy
	// the line of their cells and paths being made.
	space Space
	xy    []byte
}

// track is a watched agent's live state.
type track struct {
	a       *agent.Agent
	insp    agent.Inspection
	prev    goap.State // the belief of its latest snapshot
	pending []agent.Event
	taken   bool // a snapshot was taken
	// changes is the blackboard's change count when the agent was last
	// inspected.
	changes uint64
	// index gives the agent's actions' indexes by name (lean lines),
	// defaults its facts' default values (trees).
	index    map[string]int
	defaults []int
}

// MaxTreeNodes bounds the nodes of a recorded search tree: of a larger
// tree, the first MaxTreeNodes generated are kept and the nodes of the
// plan's path beyond them (Snapshot.TreeTotal says how many the search
// had).
const MaxTreeNodes = 2000

// NewRecorder returns a recorder keeping the last size snapshots of each
// agent (size at least 1): its memory is bounded by size times the
// agents, whatever the length of the run. A ring grows as snapshots come
// (a recorder of a large size holds what a short run took, not size
// snapshots per agent from the start).
func NewRecorder(size int) *Recorder {
	return &Recorder{size: max(size, 1)}
}

// Watch starts recording agents (in this order). Agents of different
// domains may be watched together, as a commander and its units.
func (r *Recorder) Watch(agents ...*agent.Agent) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, a := range agents {
		info := infoOf(a)
		r.rec.Agents = append(r.rec.Agents, info)
		r.rec.rings = append(r.rec.rings, ring{
			base: make([]int, len(info.Facts)), known: make([]bool, len(info.Facts))})
		index := make(map[string]int, len(info.Actions))
		for k, name := range info.Actions {
			index[name] = k
		}
		defaults := make([]int, len(info.Facts))
		for f := range info.Facts {
			defaults[f] = info.Facts[f].Default
		}
		if r.byName == nil {
			r.byName = map[string]int{}
		}
		if _, ok := r.byName[a.Name()]; !ok {
			r.byName[a.Name()] = len(r.tracks)
		}
		r.tracks = append(r.tracks, track{a: a, index: index, defaults: defaults})
		if r.enc != nil {
			r.write(line{Agent: &info})
		}
	}
	if r.space != nil {
		r.captureSpace() // where they start
	}
}

// Squad records a squad of the command hierarchy, for the page to show
// who commands whom.
func (r *Recorder) Squad(s SquadInfo) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.rec.Squads = append(r.rec.Squads, s)
	if r.enc != nil {
		r.write(line{Squad: &s})
	}
}

// OnEvent records e for the next snapshot of its agent; events of agents
// not watched are ignored.
func (r *Recorder) OnEvent(e agent.Event) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if i, ok := r.byName[e.Agent]; ok {
		r.tracks[i].pending = append(r.tracks[i].pending, e)
	}
}

// World records a change of the world's facts (goap sim gives it its
// scripted events and the effects of the agents' actions on world facts,
// sim.Config.OnChange), at the tick being captured: call it before the
// Capture of its tick. The recording keeps the latest changes only
// (size times 64, size of NewRecorder); the stream gets them all.
func (r *Recorder) World(c WorldChange) {
	r.mu.Lock()
	defer r.mu.Unlock()
	c.Facts = append([]WorldFact(nil), c.Facts...)
	r.rec.world = append(r.rec.world, c)
	if keep := r.size * 64; len(r.rec.world) > 2*keep {
		r.rec.world = append(r.rec.world[:0], r.rec.world[len(r.rec.world)-keep:]...)
	}
	if r.enc != nil && r.err == nil && !r.full {
		b, err := json.Marshal(line{World: &c})
		if err != nil {
			r.err = err
			return
		}
		r.tick = append(append(r.tick, b...), '\n')
		r.open = true
	}
}

// Capture takes a snapshot of each watched agent that made a decision
// since its last one (it has events) or whose belief changed, and of
// each agent not captured yet.
func (r *Recorder) Capture() {
	r.mu.Lock()
	defer r.mu.Unlock()
	for i := range r.tracks {
		t := &r.tracks[i]
		r.rec.now = max(r.rec.now, t.a.Tick())
		// Most agents neither decide nor learn anything most ticks: the
		// blackboard's change count says so without inspecting them
		// (inspecting every agent every tick took 4% of a colony run).
		changes := t.a.Blackboard().Changes()
		if t.taken && len(t.pending) == 0 && changes == t.changes {
			continue
		}
		t.a.Inspect(&t.insp)
		t.changes = changes
		if t.taken && len(t.pending) == 0 && t.prev.Equal(t.insp.Belief) {
			continue
		}
		r.take(i)
	}
	if r.space != nil {
		r.captureSpace()
	}
	if r.open {
		r.endTick()
	}
}

// endTick writes the line that closes the tick captured ({"tick":N}): a
// reader keeps a tick's snapshots only once it has read this line, so a
// file cut while a tick was being written never shows half of it. Only
// ticks with snapshots get one (and the last tick, at Flush): a long run
// of idle agents does not grow the file. It allocates nothing.
func (r *Recorder) endTick() {
	r.open, r.ended = false, r.rec.now
	if r.err != nil || r.full {
		r.tick = r.tick[:0]
		return
	}
	b := append(r.tick, `{"tick":`...)
	b = strconv.AppendInt(b, int64(r.rec.now), 10)
	b = append(b, "}\n"...)
	r.tick = b[:0]
	if r.MaxBytes > 0 && r.written+int64(len(b)) > r.MaxBytes {
		r.full = true
		return
	}
	r.last = r.rec.now
	r.written += int64(len(b))
	_, r.err = r.out.Write(b)
}

// Full reports whether MaxBytes stopped the stream, and the last tick
// written whole.
func (r *Recorder) Full() (last int, full bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.last, r.full
}

// counter counts the bytes written through it.
type counter struct {
	w io.Writer
	n *int64
}

func (c counter) Write(p []byte) (int, error) {
	*c.n += int64(len(p))
	return c.w.Write(p)
}

// take stores a snapshot of agent i in its ring, reusing the memory of
// the snapshot it replaces.
func (r *Recorder) take(i int) {
	t := &r.tracks[i]
	rg := &r.rec.rings[i]
	var s *Snapshot
	var tree *searchTree // its memory is reused
	if rg.n < r.size {
		// Filling: the oldest is at 0, the new one goes at the end.
		rg.snaps = append(rg.snaps, Snapshot{})
		s = &rg.snaps[rg.n]
		tree = &searchTree{}
		rg.trees = append(rg.trees, tree)
		rg.n++
	} else {
		// The oldest goes; its changes move into the base.
		s, tree = rg.at(0), rg.treeAt(0)
		for _, c := range s.Changes {
			rg.base[c.Fact], rg.known[c.Fact] = c.Value, true
		}
		rg.start = (rg.start + 1) % len(rg.snaps)
	}
	in := &t.insp
	d := t.a.Domain()
	*s = Snapshot{Agent: i, Tick: in.Tick, Time: in.Time, Phase: in.Phase.String(), Goal: in.Goal,
		Step: in.Step, Started: in.Started, Stats: in.Stats,
		Plan: s.Plan[:0], Goals: s.Goals[:0], Changes: s.Changes[:0], Events: append(s.Events[:0], t.pending...)}
	for _, id := range in.Plan {
		s.Plan = append(s.Plan, d.ActionName(id))
	}
	for _, g := range in.Goals {
		s.Goals = append(s.Goals, GoalScore{Name: g.Name, Score: g.Score, Base: g.Base, Bias: g.Bias, HasRelevancy: g.HasRelevancy, Rule: g.Rule,
			Valid: g.Valid, Relevant: g.Relevant, Met: g.Met, RetryAt: g.RetryAt, Fallback: g.Fallback, Ordered: g.Ordered})
	}
	tree.nodes, tree.total = tree.nodes[:0], 0
	if r.Trees && madePlan(t.pending) {
		buildTree(tree, &r.scratch, t.a, in.Plan, t.defaults)
	}
	s.TreeTotal = tree.total
	for f := range d.NumFacts() {
		v := in.Belief.Get(goap.FactID(f))
		if !t.taken || t.prev.Get(goap.FactID(f)) != v {
			s.Changes = append(s.Changes, FactValue{Fact: f, Value: v})
		}
	}
	if !t.taken {
		t.prev = in.Belief.Clone()
		t.taken = true
	} else {
		t.prev.CopyFrom(in.Belief)
	}
	t.pending = t.pending[:0]
	if r.enc != nil {
		r.writeSnapshot(s, tree)
		r.open = true
	}
}

// writeSnapshot writes s, of lean tree t, as a lean line.
func (r *Recorder) writeSnapshot(s *Snapshot, t *searchTree) {
	if r.err == nil && !r.full {
		r.tick = append(r.tick, r.lean.line(s, &r.rec.Agents[s.Agent], r.tracks[s.Agent].index, t)...)
	}
}

// Recording returns the recording so far: the agents' retained
// snapshots. It changes as the recorder captures more: read it through
// View while the run goes on.
func (r *Recorder) Recording() *Recording { return &r.rec }

// View calls f with the recording, while no capture changes it.
func (r *Recorder) View(f func(*Recording)) {
	r.mu.Lock()
	defer r.mu.Unlock()
	f(&r.rec)
}

// View calls f with the recording (a loaded recording does not change).
func (rc *Recording) View(f func(*Recording)) { f(rc) }

// madePlan reports whether events hold a plan_made event.
func madePlan(events []agent.Event) bool {
	for _, e := range events {
		if e.Type == agent.EventPlanMade {
			return true
		}
	}
	return false
}

// line is one line of a recording file: the header, an agent, a squad, a
// snapshot or the end of a tick (version 2).
type line struct {
	Format   string     `json:"format,omitempty"`
	Version  int        `json:"version,omitempty"`
	Agent    *AgentInfo `json:"agent,omitempty"`
	Squad    *SquadInfo `json:"squad,omitempty"`
	Snapshot *Snapshot  `json:"snapshot,omitempty"`
	// Lean is a snapshot saying only what changed since the agent's
	// previous one (version 2, lean.go).
	Lean *leanSnapshot `json:"s,omitempty"`
	// Tick ends a tick: the snapshots before it are whole.
	Tick *int `json:"tick,omitempty"`
	// World is a change of the world's facts (version 2).
	World *WorldChange `json:"w,omitempty"`
	// Map is the world's map, XY the agents' cells and paths at a tick
	// (version 3, space.go).
	Map *MapInfo `json:"map,omitempty"`
	XY  *xyLine  `json:"xy,omitempty"`
}

// Stream writes the recording to w as the run goes: a header line, a line
// per watched agent, then a line per snapshot as it is taken (a lean line:
// what changed since the agent's previous one) and a line closing each
// tick with snapshots (JSON Lines). Snapshots already taken are
// written first. Call Flush at the end; Err reports the first write
// error.
func (r *Recorder) Stream(w io.Writer) {
	// A tick's lines take a few KB: a 4 KB buffer wrote nearly every
	// tick with its own system call, 17% of a colony run's instructions.
	r.out = bufio.NewWriterSize(w, streamBuffer)
	r.enc = json.NewEncoder(counter{r.out, &r.written})
	if r.rec.Map != nil {
		r.write(line{Format: Format, Version: 3})
		r.write(line{Map: r.rec.Map})
	} else {
		r.write(line{Format: Format, Version: 2})
	}
	for i := range r.rec.Agents {
		r.write(line{Agent: &r.rec.Agents[i]})
	}
	for i := range r.rec.Squads {
		r.write(line{Squad: &r.rec.Squads[i]})
	}
	if r.space != nil {
		r.streamSpace()
	}
	for i := range r.rec.rings {
		rg := &r.rec.rings[i]
		for k := range rg.n {
			r.writeSnapshot(rg.at(k), rg.treeAt(k))
			r.open = true
		}
	}
	if r.open {
		r.endTick()
	}
}

// streamBuffer is the size of Stream's buffer: what it holds back from
// the file between writes (a reader of the file sees ticks that much
// later), and on the colony of BENCHMARKS.md 130 writes instead of 2,100.
const streamBuffer = 64 << 10

// write encodes one line, keeping the first error.
func (r *Recorder) write(l line) {
	if r.err == nil {
		r.err = r.enc.Encode(l)
	}
}

// Flush writes out what Stream buffered, with a line saying the last
// tick captured, and returns the first error.
func (r *Recorder) Flush() error {
	if r.out != nil && (r.open || r.rec.now > r.ended) {
		r.endTick()
	}
	if r.out != nil && r.err == nil {
		r.err = r.out.Flush()
	}
	return r.err
}

// Err returns the first error writing the stream.
func (r *Recorder) Err() error { return r.err }
