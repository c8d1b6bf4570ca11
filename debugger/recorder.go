package debugger

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"slices"
	"strconv"
	"strings"
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
	tick    []byte // the lines of the tick being captured
	written int64  // bytes given to out
	full    bool   // MaxBytes was reached: nothing more is written
	last    int    // the last tick written whole
	// open: snapshots were written since the last tick line; ended: the
	// tick of that line.
	open  bool
	ended int
}

// track is a watched agent's live state.
type track struct {
	a       *agent.Agent
	insp    agent.Inspection
	prev    goap.State // the belief of its latest snapshot
	pending []agent.Event
	taken   bool // a snapshot was taken
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
		t.a.Inspect(&t.insp)
		r.rec.now = max(r.rec.now, t.insp.Tick)
		if t.taken && len(t.pending) == 0 && t.prev.Equal(t.insp.Belief) {
			continue
		}
		r.take(i)
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
		s.Goals = append(s.Goals, GoalScore{Name: g.Name, Score: g.Score, Base: g.Base, Bias: g.Bias, HasRelevancy: g.HasRelevancy,
			Valid: g.Valid, Relevant: g.Relevant, Met: g.Met, RetryAt: g.RetryAt, Fallback: g.Fallback, Ordered: g.Ordered})
	}
	tree.nodes, tree.total = tree.nodes[:0], 0
	if r.Trees && madePlan(t.pending) {
		buildTree(tree, t.a, in.Plan, t.defaults)
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
}

// Stream writes the recording to w as the run goes: a header line, a line
// per watched agent, then a line per snapshot as it is taken (a lean line:
// what changed since the agent's previous one) and a line closing each
// tick with snapshots (JSON Lines). Snapshots already taken are
// written first. Call Flush at the end; Err reports the first write
// error.
func (r *Recorder) Stream(w io.Writer) {
	r.out = bufio.NewWriter(w)
	r.enc = json.NewEncoder(counter{r.out, &r.written})
	r.write(line{Format: Format, Version: FormatVersion})
	for i := range r.rec.Agents {
		r.write(line{Agent: &r.rec.Agents[i]})
	}
	for i := range r.rec.Squads {
		r.write(line{Squad: &r.rec.Squads[i]})
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

// shareParts makes a whole snapshot line's s share its plan and goal
// scores with the agent's previous snapshot (the last of kept) when they
// are equal, and its tree with an equal tree read before (trees, by
// hash): a 195 MB file of whole lines held 386 MB once read, mostly
// copies of the same trees, goals and plans.
func shareParts(s *Snapshot, kept []Snapshot, trees map[uint64][][]SearchNode) {
	if k := len(kept); k > 0 {
		prev := &kept[k-1]
		if len(s.Plan) > 0 && slices.Equal(s.Plan, prev.Plan) {
			s.Plan = prev.Plan
		}
		if len(s.Goals) > 0 && slices.Equal(s.Goals, prev.Goals) {
			s.Goals = prev.Goals
		}
	}
	if len(s.Tree) == 0 {
		return
	}
	h := fnv.New64a()
	var b []byte
	for _, n := range s.Tree {
		b = strconv.AppendInt(b[:0], int64(n.Parent), 10)
		b = append(b, n.Action...)
		b = strconv.AppendFloat(b, n.G, 'g', -1, 64)
		b = strconv.AppendFloat(b, n.H, 'g', -1, 64)
		b = strconv.AppendBool(b, n.Expanded)
		b = strconv.AppendBool(b, n.Path)
		b = append(b, n.Label...)
		b = append(b, 0)
		h.Write(b)
	}
	key := h.Sum64()
	for _, t := range trees[key] {
		if slices.Equal(t, s.Tree) {
			s.Tree = t
			return
		}
	}
	trees[key] = append(trees[key], s.Tree)
}

// Err returns the first error writing the stream.
func (r *Recorder) Err() error { return r.err }

// Cut says where a recording file ends before its run did (goap sim
// --record killed, a disk full) and what ReadRecording left out: the
// snapshots of the tick being written when the file ended, so that no
// tick shows a half-updated world.
type Cut struct {
	// Line is where the file ends: the line cut short (Partial), or
	// the last line when the file ends between two lines of a tick.
	Line    int
	Partial bool
	// Tick is the tick left out (the first, if several) and Snapshots
	// the number of its snapshots dropped (its world changes are dropped
	// as well); Tick is -1 when no line was dropped (the file was cut in
	// a line that began a tick).
	Tick      int
	Snapshots int
	// Last is the last whole tick, 0 when there is none.
	Last int
}

// String says what was cut and what was kept, in one line.
func (c *Cut) String() string {
	var b strings.Builder
	switch {
	case !c.Partial:
		fmt.Fprintf(&b, "the recording ends in the middle of tick %d (line %d)", c.Tick, c.Line)
	case c.Snapshots > 0:
		fmt.Fprintf(&b, "the recording is cut short in line %d, in tick %d", c.Line, c.Tick)
	case c.Last > 0:
		fmt.Fprintf(&b, "the recording is cut short in line %d, after tick %d", c.Line, c.Last)
	default:
		fmt.Fprintf(&b, "the recording is cut short in line %d, before its first tick", c.Line)
	}
	if c.Snapshots > 0 {
		plural := "s"
		if c.Snapshots == 1 {
			plural = ""
		}
		fmt.Fprintf(&b, ": tick %d was half-written and is left out (%d snapshot%s);", c.Tick, c.Snapshots, plural)
	} else {
		b.WriteString(":")
	}
	if c.Last > 0 {
		fmt.Fprintf(&b, " loaded up to tick %d", c.Last)
	} else {
		b.WriteString(" no whole tick to load")
	}
	b.WriteString(" (was its run stopped while recording?)")
	return b.String()
}

// ReadRecording reads a recording file written by Recorder.Stream (format
// versions 1 and 2). Every snapshot in it is kept.
//
// A file that ends early, as the file of a run killed while recording
// does, is read up to its last whole tick and Recording.Cut says what was
// left out: the lines of the tick being written are dropped. A file ends
// early when its last line is cut short (no newline, and not JSON) or,
// from version 2 on, when snapshots follow the last line closing a tick.
// A damaged line anywhere else is an error.
//
// A gzip-compressed recording (goap sim --record FILE.gz) is read as
// well, known by its first bytes, whatever its name; a gzip stream cut
// short reads as a file cut there.
func ReadRecording(rd io.Reader) (*Recording, error) {
	return ReadRecordingMax(rd, 0)
}

// ErrTooLarge is the error of ReadRecordingMax for a recording of more
// than its max bytes.
var ErrTooLarge = errors.New("the recording is larger than the limit")

// ReadRecordingMax is ReadRecording, refusing a recording of more than
// max bytes, counted decompressed (0: no limit), with an error wrapping
// ErrTooLarge: a small gzip file may hold gigabytes.
func ReadRecordingMax(rd io.Reader, max int64) (*Recording, error) {
	br := bufio.NewReaderSize(rd, 64*1024)
	var src io.Reader = br
	var gz *gzipSource
	if magic, _ := br.Peek(2); len(magic) == 2 && magic[0] == 0x1f && magic[1] == 0x8b {
		z, err := gzip.NewReader(br)
		if err != nil {
			return nil, fmt.Errorf("debugger: a gzip file, damaged or cut short in its header: %w", err)
		}
		z.Multistream(false)
		gz = &gzipSource{z: z}
		src = gz
	}
	var limited *limitSource
	if max > 0 {
		limited = &limitSource{r: src, left: max}
		src = limited
	}
	rc, err := readLines(src, gz)
	if limited != nil && limited.over {
		return nil, fmt.Errorf("debugger: %w of %d bytes (decompressed)", ErrTooLarge, max)
	}
	return rc, err
}

// gzipSource reads a gzip stream, a stream cut short ending as a file
// would (cut records that it was).
type gzipSource struct {
	z   *gzip.Reader
	cut bool
}

func (g *gzipSource) Read(p []byte) (int, error) {
	n, err := g.z.Read(p)
	if errors.Is(err, io.ErrUnexpectedEOF) {
		g.cut = true
		err = io.EOF
	}
	return n, err
}

// limitSource reads at most left bytes, and says whether there were
// more.
type limitSource struct {
	r    io.Reader
	left int64
	over bool
}

func (l *limitSource) Read(p []byte) (int, error) {
	if l.left <= 0 {
		var one [1]byte
		if n, _ := io.ReadFull(l.r, one[:]); n > 0 {
			l.over = true
		}
		return 0, io.EOF
	}
	if int64(len(p)) > l.left {
		p = p[:l.left]
	}
	n, err := l.r.Read(p)
	l.left -= int64(n)
	return n, err
}

// readLines is ReadRecording of src, gz being its gzip stream if it is
// one.
func readLines(src io.Reader, gz *gzipSource) (*Recording, error) {
	sc := bufio.NewScanner(src)
	sc.Buffer(make([]byte, 64*1024), 64<<20)
	cutShort := false // the line scanned last has no newline
	sc.Split(func(data []byte, atEOF bool) (int, []byte, error) {
		adv, tok, err := bufio.ScanLines(data, atEOF)
		cutShort = atEOF && tok != nil && adv == len(data) && bytes.IndexByte(data, '\n') < 0
		return adv, tok, err
	})
	rc := &Recording{}
	var snaps [][]Snapshot
	var trees [][]*searchTree // the lean trees of snaps
	var whole []int           // per agent, its snapshots up to the last tick line
	version := 0
	n := 0
	var parts leanReader
	shared := map[uint64][][]SearchNode{} // whole lines' trees, by hash
	var world []WorldChange               // wholeWorld of them up to the last tick line
	wholeWorld := 0
	for sc.Scan() {
		n++
		var l line
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			if n == 1 {
				return nil, fmt.Errorf("debugger: line 1: not a goap recording (make one with goap sim FILE --record REC)")
			}
			if cutShort {
				rc.Cut = &Cut{Line: n, Partial: true, Tick: -1}
				break
			}
			return nil, fmt.Errorf("debugger: line %d: %w", n, err)
		}
		switch {
		case n == 1:
			if l.Format != Format {
				return nil, fmt.Errorf("debugger: line 1: not a goap recording (make one with goap sim FILE --record REC)")
			}
			if l.Version > FormatVersion {
				return nil, fmt.Errorf("debugger: line 1: recording version %d, made by a newer goap: this one reads versions 1 to %d (update goap to read it)", l.Version, FormatVersion)
			}
			if l.Version < 1 {
				return nil, fmt.Errorf("debugger: line 1: recording version %d; versions start at 1", l.Version)
			}
			version = l.Version
		case l.Agent != nil:
			rc.Agents = append(rc.Agents, *l.Agent)
			snaps = append(snaps, nil)
			trees = append(trees, nil)
			whole = append(whole, 0)
		case l.Squad != nil:
			rc.Squads = append(rc.Squads, *l.Squad)
		case l.Snapshot != nil || (l.Lean != nil && version >= 2):
			s := l.Snapshot
			var tree *searchTree
			if l.Lean != nil {
				a := l.Lean.A
				if a < 0 || a >= len(rc.Agents) {
					return nil, fmt.Errorf("debugger: line %d: snapshot of agent %d, of %d", n, a, len(rc.Agents))
				}
				var prev *Snapshot
				if k := len(snaps[a]); k > 0 {
					prev = &snaps[a][k-1]
				}
				full, t, problem := l.Lean.snapshot(&parts, prev, &rc.Agents[a], rc.Agents[a].Name)
				if problem != "" {
					return nil, fmt.Errorf("debugger: line %d: %s", n, problem)
				}
				s, tree = &full, t
			}
			if s.Agent < 0 || s.Agent >= len(rc.Agents) {
				return nil, fmt.Errorf("debugger: line %d: snapshot of agent %d, of %d", n, s.Agent, len(rc.Agents))
			}
			for _, c := range s.Changes {
				if c.Fact < 0 || c.Fact >= len(rc.Agents[s.Agent].Facts) {
					return nil, fmt.Errorf("debugger: line %d: change of fact %d, of %d", n, c.Fact, len(rc.Agents[s.Agent].Facts))
				}
			}
			if k := len(snaps[s.Agent]); k > 0 && snaps[s.Agent][k-1].Tick > s.Tick {
				return nil, fmt.Errorf("debugger: line %d: snapshot of tick %d after tick %d", n, s.Tick, snaps[s.Agent][k-1].Tick)
			}
			if l.Snapshot != nil {
				shareParts(s, snaps[s.Agent], shared)
			}
			snaps[s.Agent] = append(snaps[s.Agent], *s)
			trees[s.Agent] = append(trees[s.Agent], tree)
		case l.World != nil && version >= 2:
			w := l.World
			if k := len(world); k > 0 && world[k-1].Tick > w.Tick {
				return nil, fmt.Errorf("debugger: line %d: world change of tick %d after tick %d", n, w.Tick, world[k-1].Tick)
			}
			for i := range w.Facts {
				if f, ok := w.Facts[i].Value.(float64); ok && f == float64(int(f)) {
					w.Facts[i].Value = int(f) // an int fact's value
				}
			}
			world = append(world, *w)
		case l.Tick != nil && version >= 2:
			for i := range snaps {
				whole[i] = len(snaps[i])
			}
			wholeWorld = len(world)
			rc.now = max(rc.now, *l.Tick)
		default:
			return nil, fmt.Errorf("debugger: line %d: neither an agent nor a snapshot (nor any line of a version %d recording)", n, version)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("debugger: %w", err)
	}
	if n == 0 {
		return nil, errors.New("debugger: empty recording")
	}
	if gz != nil && gz.cut && rc.Cut == nil {
		// Cut between two lines: the tick lines say what is whole.
		rc.Cut = &Cut{Line: n, Partial: true, Tick: -1}
	}
	if version == 1 && rc.Cut != nil {
		// No tick lines: the tick seen last may be half-written.
		last := -1
		for _, s := range snaps {
			if k := len(s); k > 0 {
				last = max(last, s[k-1].Tick)
			}
		}
		for i, s := range snaps {
			k := len(s)
			for k > 0 && s[k-1].Tick == last {
				k--
			}
			whole[i] = k
		}
	}
	if version >= 2 || rc.Cut != nil {
		dropped, first, worldDropped := 0, -1, 0
		for i, s := range snaps {
			for _, d := range s[whole[i]:] {
				if first < 0 || d.Tick < first {
					first = d.Tick
				}
			}
			dropped += len(s) - whole[i]
			snaps[i] = s[:whole[i]]
			trees[i] = trees[i][:whole[i]]
		}
		if version >= 2 {
			for _, w := range world[wholeWorld:] {
				if first < 0 || w.Tick < first {
					first = w.Tick
				}
			}
			worldDropped = len(world) - wholeWorld
			world = world[:wholeWorld]
		}
		if (dropped > 0 || worldDropped > 0) && rc.Cut == nil {
			rc.Cut = &Cut{Line: n}
		}
		if rc.Cut != nil {
			rc.Cut.Tick, rc.Cut.Snapshots = first, dropped
		}
	}
	rc.world = world
	for i, s := range snaps {
		nf := len(rc.Agents[i].Facts)
		rc.rings = append(rc.rings, ring{snaps: s, trees: trees[i], n: len(s), base: make([]int, nf), known: make([]bool, nf)})
	}
	if rc.Cut != nil {
		_, rc.Cut.Last = rc.Ticks()
	}
	return rc, nil
}
