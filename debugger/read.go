package debugger

// Reading recording files: versions 1 and 2, gzip, cut files, the size
// cap.

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
)

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
	pk := &packer{tab: newPackedTables()}
	var whole []int // per agent, its snapshots up to the last tick line
	version := 0
	n := 0
	var parts leanReader
	shared := map[uint64][][]SearchNode{} // whole lines' trees, by hash
	var world []WorldChange               // wholeWorld of them up to the last tick line
	wholeWorld := 0
	closed := -1 // the tick of the last tick line
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
			pk.addAgent(l.Agent)
			whole = append(whole, 0)
		case l.Squad != nil:
			rc.Squads = append(rc.Squads, *l.Squad)
		case l.Lean != nil && version >= 2:
			if a := l.Lean.A; a < 0 || a >= len(rc.Agents) {
				return nil, fmt.Errorf("debugger: line %d: snapshot of agent %d, of %d", n, a, len(rc.Agents))
			}
			if problem := l.Lean.pack(&parts, pk, &rc.Agents[l.Lean.A]); problem != "" {
				return nil, fmt.Errorf("debugger: line %d: %s", n, problem)
			}
		case l.Snapshot != nil:
			s := l.Snapshot
			if s.Agent < 0 || s.Agent >= len(rc.Agents) {
				return nil, fmt.Errorf("debugger: line %d: snapshot of agent %d, of %d", n, s.Agent, len(rc.Agents))
			}
			for _, c := range s.Changes {
				if c.Fact < 0 || c.Fact >= len(rc.Agents[s.Agent].Facts) {
					return nil, fmt.Errorf("debugger: line %d: change of fact %d, of %d", n, c.Fact, len(rc.Agents[s.Agent].Facts))
				}
			}
			if p := pk.prev(s.Agent); p != nil && int(p.tick) > s.Tick {
				return nil, fmt.Errorf("debugger: line %d: snapshot of tick %d after tick %d", n, s.Tick, p.tick)
			}
			pk.addWhole(s, shared)
		case l.World != nil && version >= 2:
			w := l.World
			if k := len(world); k > 0 && world[k-1].Tick > w.Tick {
				return nil, fmt.Errorf("debugger: line %d: world change of tick %d after tick %d", n, w.Tick, world[k-1].Tick)
			}
			// Their names repeat (the colony's 148,342 changes name a
			// few hundred texts): kept once.
			w.By, w.Action, w.Text, w.Owner = pk.tab.intern(w.By), pk.tab.intern(w.Action), pk.tab.intern(w.Text), pk.tab.intern(w.Owner)
			for i := range w.Facts {
				w.Facts[i].Fact = pk.tab.intern(w.Facts[i].Fact)
				switch v := w.Facts[i].Value.(type) {
				case float64:
					if v == float64(int(v)) {
						w.Facts[i].Value = int(v) // an int fact's value
					}
				case string:
					w.Facts[i].Value = pk.tab.intern(v)
				}
			}
			world = append(world, *w)
		case l.Tick != nil && version >= 2:
			for i := range pk.rings {
				whole[i] = pk.rings[i].n
			}
			wholeWorld = len(world)
			closed = *l.Tick
			rc.now = max(rc.now, *l.Tick)
		case l.Map != nil && version >= 3:
			if rc.Map != nil {
				return nil, fmt.Errorf("debugger: line %d: a second map", n)
			}
			if problem := l.Map.check(); problem != "" {
				return nil, fmt.Errorf("debugger: line %d: map: %s", n, problem)
			}
			rc.Map = l.Map
		case l.XY != nil && version >= 3:
			if rc.Map == nil {
				return nil, fmt.Errorf("debugger: line %d: cells before the map", n)
			}
			if problem := rc.space.add(l.XY, len(rc.Agents)); problem != "" {
				return nil, fmt.Errorf("debugger: line %d: %s", n, problem)
			}
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
		for i := range pk.rings {
			if r := &pk.rings[i]; r.n > 0 {
				last = max(last, r.tickAt(r.n-1))
			}
		}
		for i := range pk.rings {
			r := &pk.rings[i]
			k := r.n
			for k > 0 && r.tickAt(k-1) == last {
				k--
			}
			whole[i] = k
		}
	}
	if version >= 2 || rc.Cut != nil {
		dropped, first, worldDropped := 0, -1, 0
		for i := range pk.rings {
			r := &pk.rings[i]
			for k := whole[i]; k < r.n; k++ {
				if t := r.tickAt(k); first < 0 || t < first {
					first = t
				}
			}
			dropped += r.n - whole[i]
			pk.trim(i, whole[i])
		}
		if version >= 2 {
			for _, w := range world[wholeWorld:] {
				if first < 0 || w.Tick < first {
					first = w.Tick
				}
			}
			worldDropped = len(world) - wholeWorld
			world = world[:wholeWorld]
			rc.space.trim(closed)
		}
		if (dropped > 0 || worldDropped > 0) && rc.Cut == nil {
			rc.Cut = &Cut{Line: n}
		}
		if rc.Cut != nil {
			rc.Cut.Tick, rc.Cut.Snapshots = first, dropped
		}
	}
	rc.world = slices.Clip(world)
	pk.tab.leanIndex, pk.tab.goalIndex = nil, nil // only reading needs them
	for i := range pk.rings {
		r := &pk.rings[i]
		nf := len(rc.Agents[i].Facts)
		r.base, r.known = make([]int, nf), make([]bool, nf)
		// What the file's length asked for and was not used.
		r.packed, r.pool, r.counts = slices.Clip(r.packed), slices.Clip(r.pool), slices.Clip(r.counts)
	}
	rc.rings = pk.rings
	if rc.Cut != nil {
		_, rc.Cut.Last = rc.Ticks()
	}
	return rc, nil
}
