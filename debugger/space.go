package debugger

// Space in recordings (format version 3): the world's map, written once,
// and per tick the cells of the agents that moved and the paths they
// started to walk, for the page's map view. A recording without a map
// is written and read as before (version 2), at no cost.

import (
	"errors"
	"slices"
	"sort"
	"strconv"

	"github.com/goap-go/goap/space"
)

// MapInfo is a world's map as a recording keeps it ({"map":...}, once).
type MapInfo struct {
	Width  int `json:"w"`
	Height int `json:"h"`
	// Rows are the map's cells, a string per row and a byte per cell:
	// '#' a wall, '%' cover, '+' a door, '~' floor that costs more
	// than 1 to cross, '.' floor.
	Rows []string `json:"rows"`
	// Doors are the map's doors, each with its state at the start
	// ("open", "closed", "locked"); the world's facts open(NAME) and
	// locked(NAME) change it (their world changes say when).
	Doors []MapDoor `json:"doors,omitempty"`
	// Objects are the map's other objects, Points its named cells.
	Objects []MapThing `json:"objects,omitempty"`
	Points  []MapThing `json:"points,omitempty"`
	// Sides gives the side of each agent that has one, by name.
	Sides map[string]string `json:"sides,omitempty"`
}

// MapThing is an object or a named point of a map, at its cell.
type MapThing struct {
	Name string `json:"name"`
	Type string `json:"type,omitempty"`
	X    int    `json:"x"`
	Y    int    `json:"y"`
}

// MapDoor is a door of a map, at its cell, with its state at the start.
type MapDoor struct {
	Name  string `json:"name"`
	X     int    `json:"x"`
	Y     int    `json:"y"`
	State string `json:"state"`
}

// MapOf describes g as a recording keeps it, doors in their present
// state; sides gives the agents' sides by name (nil when none has one).
func MapOf(g *space.Grid, sides map[string]string) MapInfo {
	m := MapInfo{Width: g.Width(), Height: g.Height(), Rows: make([]string, g.Height())}
	row := make([]byte, g.Width())
	for y := range g.Height() {
		for x := range g.Width() {
			c := space.Cell{X: x, Y: y}
			b := byte('.')
			_, door := g.DoorAt(c)
			switch {
			case door:
				b = '+'
			case g.Wall(c):
				b = '#'
			case g.Cover(c):
				b = '%'
			case g.Cost(c) > 1:
				b = '~'
			}
			row[x] = b
		}
		m.Rows[y] = string(row)
	}
	for _, o := range g.Objects() {
		if st, ok := g.Door(o.Name); ok {
			m.Doors = append(m.Doors, MapDoor{Name: o.Name, X: o.At.X, Y: o.At.Y, State: st.String()})
			continue
		}
		m.Objects = append(m.Objects, MapThing{Name: o.Name, Type: o.Type, X: o.At.X, Y: o.At.Y})
	}
	for _, name := range g.Points() {
		c, _ := g.Point(name)
		m.Points = append(m.Points, MapThing{Name: name, X: c.X, Y: c.Y})
	}
	if len(sides) > 0 {
		m.Sides = map[string]string{}
		for name, s := range sides {
			if s != "" {
				m.Sides[name] = s
			}
		}
	}
	return m
}

// Space is where a world's agents are, by name: sim.World gives it, a
// game its own. Path is the cells an agent still walks to where its
// current action is performed, the last one that place (nil when it is
// not walking); the recorder copies what it keeps.
type Space interface {
	Position(name string) (space.Cell, bool)
	Path(name string) []space.Cell
}

// move is an agent's cell from a tick on.
type move struct {
	tick int32
	x, y int32
}

// walk is the path an agent set out on at a tick (none: it stopped
// walking), as x, y pairs.
type walk struct {
	tick  int32
	cells []int32
}

// spaceTrack is a recording's space: per agent, its moves and walks,
// oldest first.
type spaceTrack struct {
	moves [][]move
	walks [][]walk
}

// grow makes room for agent i.
func (s *spaceTrack) grow(i int) {
	for len(s.moves) <= i {
		s.moves = append(s.moves, nil)
		s.walks = append(s.walks, nil)
	}
}

// WatchMap records the world's map m and, at each Capture, where the
// watched agents are and the paths they walk (from sp). Call it before
// Stream: a stream with a map is a version-3 file, which goap before
// version 3 refuses as made by a newer goap (a stream without one stays
// version 2).
func (r *Recorder) WatchMap(m MapInfo, sp Space) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.enc != nil && r.err == nil {
		r.err = errMapAfterStream
	}
	r.rec.Map = &m
	r.space = sp
	r.captureSpace() // where the agents watched so far start
}

// streamSpace writes the agents' latest cells and paths, at the tick
// captured last (Stream: where they stand when the stream starts).
func (r *Recorder) streamSpace() {
	st := &r.rec.space
	b := append(r.xy[:0], `{"xy":{"t":`...)
	b = strconv.AppendInt(b, int64(r.rec.now), 10)
	b = append(b, `,"c":[`...)
	some := false
	for i := range st.moves {
		if m := st.moves[i]; len(m) > 0 {
			if some {
				b = append(b, ',')
			}
			some = true
			b = appendInts(b, int64(i), int64(m[len(m)-1].x), int64(m[len(m)-1].y))
		}
	}
	b = append(b, `],"p":[`...)
	first := true
	for i := range st.walks {
		if w := st.walks[i]; len(w) > 0 && len(w[len(w)-1].cells) > 0 {
			if !first {
				b = append(b, ',')
			}
			first = false
			b = appendInts(append(b, '['), int64(i))
			for _, v := range w[len(w)-1].cells {
				b = strconv.AppendInt(append(b, ','), int64(v), 10)
			}
			b = append(b, ']')
		}
	}
	r.xy = b
	if some {
		r.tick = append(append(r.tick, b...), "]}}\n"...)
		r.open = true
	}
}

// errMapAfterStream is the stream's error when WatchMap is called after
// Stream: its header already said version 2.
var errMapAfterStream = errors.New("debugger: WatchMap after Stream: the recording's header is written without the map")

// captureSpace records the cells and paths of the watched agents that
// changed since the last capture, and writes them as one line.
func (r *Recorder) captureSpace() {
	sp, st := r.space, &r.rec.space
	tick := int32(r.rec.now)
	b := append(r.xy[:0], `{"xy":{"t":`...)
	b = strconv.AppendInt(b, int64(tick), 10)
	head, cells, paths := len(b), false, false
	b = append(b, `,"c":[`...)
	for i := range r.tracks {
		st.grow(i)
		c, ok := sp.Position(r.tracks[i].a.Name())
		if !ok {
			continue
		}
		mv := st.moves[i]
		if n := len(mv); n > 0 && mv[n-1].x == int32(c.X) && mv[n-1].y == int32(c.Y) {
			continue
		}
		st.moves[i] = append(mv, move{tick: tick, x: int32(c.X), y: int32(c.Y)})
		if cells {
			b = append(b, ',')
		}
		cells = true
		b = appendInts(b, int64(i), int64(c.X), int64(c.Y))
	}
	if !cells {
		b = b[:head]
	} else {
		b = append(b, ']')
	}
	mark := len(b)
	b = append(b, `,"p":[`...)
	for i := range r.tracks {
		p := sp.Path(r.tracks[i].a.Name())
		ws := st.walks[i]
		var last []int32
		if n := len(ws); n > 0 {
			last = ws[n-1].cells
		}
		if onPath(last, p) {
			continue
		}
		cp := make([]int32, 0, 2*len(p))
		for _, c := range p {
			cp = append(cp, int32(c.X), int32(c.Y))
		}
		st.walks[i] = append(ws, walk{tick: tick, cells: cp})
		if paths {
			b = append(b, ',')
		}
		paths = true
		b = appendInts(append(b, '['), int64(i))
		for _, v := range cp {
			b = strconv.AppendInt(append(b, ','), int64(v), 10)
		}
		b = append(b, ']')
	}
	if !paths {
		b = b[:mark]
	} else {
		b = append(b, ']')
	}
	r.xy = b
	if keep := r.size * 64; keep > 0 {
		for i := range st.moves {
			// A live recording keeps the latest only, as its world changes.
			if len(st.moves[i]) > 2*keep {
				st.moves[i] = append(st.moves[i][:0], st.moves[i][len(st.moves[i])-keep:]...)
			}
			if len(st.walks[i]) > 2*keep {
				st.walks[i] = append(st.walks[i][:0], st.walks[i][len(st.walks[i])-keep:]...)
			}
		}
	}
	if (!cells && !paths) || r.enc == nil || r.err != nil || r.full {
		return
	}
	r.tick = append(append(r.tick, b...), "}}\n"...)
	r.open = true
}

// onPath reports whether path p is what is left of path last (x, y
// pairs): the agent walks on along the path it set out on (nil p: both
// empty).
func onPath(last []int32, p []space.Cell) bool {
	if len(p) == 0 || len(last) == 0 {
		return len(p) == 0 && len(last) == 0
	}
	k := len(last)/2 - len(p)
	if k < 0 {
		return false
	}
	for j, c := range p {
		if last[2*(k+j)] != int32(c.X) || last[2*(k+j)+1] != int32(c.Y) {
			return false
		}
	}
	return true
}

// appendInts appends vs to b, comma-separated.
func appendInts(b []byte, vs ...int64) []byte {
	for k, v := range vs {
		if k > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendInt(b, v, 10)
	}
	return b
}

// xyLine is a line of cells and paths as read.
type xyLine struct {
	T     int       `json:"t"`
	Cells []int     `json:"c"`
	Paths [][]int32 `json:"p"`
}

// add adds the cells and paths of l to s (n agents), or says what is
// wrong.
func (s *spaceTrack) add(l *xyLine, n int) string {
	if len(l.Cells)%3 != 0 {
		return "cells are agent, x, y triples"
	}
	for k := 0; k < len(l.Cells); k += 3 {
		i := l.Cells[k]
		if i < 0 || i >= n {
			return "cell of agent " + strconv.Itoa(i) + ", of " + strconv.Itoa(n)
		}
		s.grow(i)
		if m := s.moves[i]; len(m) > 0 && int(m[len(m)-1].tick) > l.T {
			return "cells of tick " + strconv.Itoa(l.T) + " after tick " + strconv.Itoa(int(m[len(m)-1].tick))
		}
		s.moves[i] = append(s.moves[i], move{tick: int32(l.T), x: int32(l.Cells[k+1]), y: int32(l.Cells[k+2])})
	}
	for _, p := range l.Paths {
		if len(p) == 0 || len(p)%2 != 1 {
			return "a path is an agent and x, y pairs"
		}
		i := int(p[0])
		if i < 0 || i >= n {
			return "path of agent " + strconv.Itoa(i) + ", of " + strconv.Itoa(n)
		}
		s.grow(i)
		s.walks[i] = append(s.walks[i], walk{tick: int32(l.T), cells: slices.Clip(p[1:])})
	}
	return ""
}

// trim drops what happened after tick last (the lines of a tick cut
// short).
func (s *spaceTrack) trim(last int) {
	for i := range s.moves {
		m := s.moves[i]
		s.moves[i] = m[:sort.Search(len(m), func(k int) bool { return int(m[k].tick) > last })]
		w := s.walks[i]
		s.walks[i] = w[:sort.Search(len(w), func(k int) bool { return int(w[k].tick) > last })]
	}
}

// Position returns the cell of the named agent at tick (the latest
// recorded at or before it), and false when the recording has no map,
// no such agent, or no cell of it then.
func (rc *Recording) Position(name string, tick int) (x, y int, ok bool) {
	i := rc.agentIndex(name)
	if rc.Map == nil || i < 0 || i >= len(rc.space.moves) {
		return 0, 0, false
	}
	m := rc.space.moves[i]
	k := sort.Search(len(m), func(k int) bool { return int(m[k].tick) > tick }) - 1
	if k < 0 {
		return 0, 0, false
	}
	return int(m[k].x), int(m[k].y), true
}

// trailLength is how many cells an agent's trail shows behind it.
const trailLength = 12

// spaceView is the map view of /api/state: where each agent is at the
// tick, and the doors' states.
type spaceView struct {
	Agents []agentPlace      `json:"agents"`
	Doors  map[string]string `json:"doors,omitempty"`
}

// agentPlace is an agent on the map at a tick: its cell, side, heading
// (the step that brought it there), trail (the cells it came through,
// oldest first), the cells ahead of it on its walk (its destination
// last), the agents it believes it sees (sees(NAME)), and the commander
// whose order it follows (its goal Order, a goal of its with an order's
// bias).
type agentPlace struct {
	Name      string   `json:"name"`
	X         int      `json:"x"`
	Y         int      `json:"y"`
	Side      string   `json:"side,omitempty"`
	Heading   [2]int   `json:"heading"`
	Trail     [][2]int `json:"trail,omitempty"`
	Path      [][2]int `json:"path,omitempty"`
	Sees      []string `json:"sees,omitempty"`
	Dead      bool     `json:"dead,omitempty"`
	OrderedBy string   `json:"ordered_by,omitempty"`
	Order     string   `json:"order,omitempty"`
}

// spaceAt builds the map view of tick.
func spaceAt(rc *Recording, tick int) *spaceView {
	v := &spaceView{Agents: []agentPlace{}, Doors: doorsAt(rc, tick)}
	commander := map[string]string{}
	for _, s := range rc.Squads {
		for _, m := range s.Members {
			commander[m] = s.Commander
		}
	}
	for i, info := range rc.Agents {
		x, y, ok := rc.Position(info.Name, tick)
		if !ok {
			continue
		}
		p := agentPlace{Name: info.Name, X: x, Y: y, Side: rc.Map.Sides[info.Name]}
		m := rc.space.moves[i]
		k := sort.Search(len(m), func(k int) bool { return int(m[k].tick) > tick }) - 1
		for j := max(0, k-trailLength); j < k; j++ {
			p.Trail = append(p.Trail, [2]int{int(m[j].x), int(m[j].y)})
		}
		if k > 0 {
			p.Heading = [2]int{sign(x - int(m[k-1].x)), sign(y - int(m[k-1].y))}
		}
		if ws := rc.space.walks[i]; len(ws) > 0 {
			j := sort.Search(len(ws), func(j int) bool { return int(ws[j].tick) > tick }) - 1
			if j >= 0 {
				p.Path = pathAhead(ws[j].cells, x, y)
			}
		}
		if len(p.Path) > 0 && k <= 0 {
			p.Heading = [2]int{sign(p.Path[0][0] - x), sign(p.Path[0][1] - y)}
		}
		if a, _, ok := rc.at(i, tick); ok {
			p.Dead = a.Phase == "stopped"
			for _, o := range rc.Agents {
				if o.Name != info.Name && a.Belief["sees("+o.Name+")"] == true {
					p.Sees = append(p.Sees, o.Name)
				}
			}
			if c := commander[info.Name]; c != "" {
				for _, g := range a.Goals {
					if g.Ordered {
						p.OrderedBy, p.Order = c, g.Name
						if g.Name == a.Goal {
							break // the order it follows, before any other
						}
					}
				}
			}
		}
		v.Agents = append(v.Agents, p)
	}
	return v
}

// pathAhead returns the cells of path (x, y pairs) after the agent's
// cell (x, y): what it still walks. An agent not on the path (it has
// not set out yet) has the whole path ahead of it.
func pathAhead(path []int32, x, y int) [][2]int {
	from := 0
	for k := 0; k+1 < len(path); k += 2 {
		if int(path[k]) == x && int(path[k+1]) == y {
			from = k + 2
		}
	}
	var out [][2]int
	for k := from; k+1 < len(path); k += 2 {
		out = append(out, [2]int{int(path[k]), int(path[k+1])})
	}
	return out
}

// doorsAt returns the doors' states at tick: their states at the start,
// changed by the world's changes of open(NAME) and locked(NAME) as the
// sim changes them (open wins; closed when neither holds).
func doorsAt(rc *Recording, tick int) map[string]string {
	if len(rc.Map.Doors) == 0 {
		return nil
	}
	type facts struct{ open, locked bool }
	at := map[string]*facts{}
	byFact := map[string]func(bool){}
	for _, d := range rc.Map.Doors {
		f := &facts{open: d.State == "open", locked: d.State == "locked"}
		at[d.Name] = f
		byFact["open("+d.Name+")"] = func(v bool) { f.open = v }
		byFact["locked("+d.Name+")"] = func(v bool) { f.locked = v }
	}
	for _, c := range rc.world {
		if c.Tick > tick {
			break
		}
		for _, wf := range c.Facts {
			if set, ok := byFact[wf.Fact]; ok {
				v, _ := wf.Value.(bool)
				set(v)
			}
		}
	}
	out := map[string]string{}
	for name, f := range at {
		switch {
		case f.open:
			out[name] = "open"
		case f.locked:
			out[name] = "locked"
		default:
			out[name] = "closed"
		}
	}
	return out
}

// sign is -1, 0 or 1.
func sign(v int) int {
	switch {
	case v < 0:
		return -1
	case v > 0:
		return 1
	}
	return 0
}

// check says what is wrong with a map read from a file, or "".
func (m *MapInfo) check() string {
	if m.Width < 1 || m.Height < 1 || m.Width > 1<<13 || m.Height > 1<<13 || len(m.Rows) != m.Height {
		return "its size is not that of its rows (or not 1 to 8192 cells a side)"
	}
	for y, row := range m.Rows {
		if len(row) != m.Width {
			return "row " + strconv.Itoa(y) + " is not " + strconv.Itoa(m.Width) + " cells wide"
		}
	}
	in := func(x, y int) bool { return x >= 0 && y >= 0 && x < m.Width && y < m.Height }
	for _, d := range m.Doors {
		if !in(d.X, d.Y) {
			return "door " + d.Name + " is outside the map"
		}
	}
	for _, o := range append(slices.Clip(m.Objects), m.Points...) {
		if !in(o.X, o.Y) {
			return o.Name + " is outside the map"
		}
	}
	return ""
}
