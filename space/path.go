package space

import (
	"math"
	"slices"
)

// Navigator finds paths. A game with its own navigation (a navmesh, a
// waypoint graph) implements it, and whatever moves units or prices travel
// keeps working; a Pathfinder is the grid's.
type Navigator interface {
	// Path appends to buf[:0] the cells from from to to, both included,
	// each a step from the one before, and reports true. When to cannot be
	// reached it returns the path to the reachable cell nearest to to and
	// false (just from when nothing nearer can be reached, and an empty
	// path when from is not on the map).
	Path(from, to Cell, buf []Cell) ([]Cell, bool)
	// Distance returns the cost of the cheapest path from from to to, and
	// false with +Inf when there is none.
	Distance(from, to Cell) (float64, bool)
	// Version changes whenever a path given earlier may have become wrong
	// (a door shut, a cell blocked): a unit following one asks again.
	Version() uint64
}

// cacheSize is how many recent answers a Pathfinder keeps: enough for a
// unit asking again each tick, and for a few cost functions pricing the
// same trips while a plan is made.
const cacheSize = 8

// node is a Pathfinder's record of a cell in the current search.
type node struct {
	g      float64 // cost from the start
	parent int32   // the cell (A*) or jump point (JPS) it was reached from
	stamp  uint32  // 2*gen: reached in this search; 2*gen+1: expanded
}

// answer is a cached answer.
type answer struct {
	from, to Cell
	version  uint64
	cost     float64
	ok, used bool
	path     []Cell
}

// Pathfinder finds paths on a Grid: A* with the octile distance as its
// estimate on grids with costs, and jump point search (which finds paths
// of the same cost while expanding far fewer cells) on grids where every
// cell costs 1. Both are 8-connected and never cut a corner.
//
// Its memory is per cell of the grid and reused: records are stamped with
// a search number instead of being cleared, so a warm Pathfinder allocates
// nothing. It also keeps the last few answers, valid while the grid's
// Version does not change. A Pathfinder is for one goroutine at a time;
// give each worker its own (they can share the Grid).
type Pathfinder struct {
	g        *Grid
	nodes    []node
	gen      uint32
	open     openList
	now      []openEntry // cells whose f is the one being expanded: next, without the heap
	curF     float64     // the f of the cell being expanded (-1: no shortcut)
	cache    [cacheSize]answer
	next     int     // the cache slot to fill next
	dirs     []uint8 // per cell, for JPS: the direction it was reached in, (dx+1)*3 + dy+1
	expanded int
	best     int32 // during A*: the expanded cell nearest the goal
	flat     bool  // no estimate: Dijkstra's order (cover queries)
	noJump   bool  // A* even on uniform grids (benchmarks compare the two)
}

var _ Navigator = (*Pathfinder)(nil)

// NewPathfinder returns a Pathfinder for g.
func NewPathfinder(g *Grid) *Pathfinder {
	return &Pathfinder{g: g, nodes: make([]node, len(g.walk)), dirs: make([]uint8, len(g.walk))}
}

// Grid returns the grid p searches.
func (p *Pathfinder) Grid() *Grid { return p.g }

// Version returns the grid's Version.
func (p *Pathfinder) Version() uint64 { return p.g.version }

// Expanded returns how many cells (jump points, for jump point search) the
// last search that was not answered from the cache expanded.
func (p *Pathfinder) Expanded() int { return p.expanded }

// Path implements Navigator. Answers come from the cache while the grid's
// Version is the one they were found at. O(n log n) in the cells searched.
func (p *Pathfinder) Path(from, to Cell, buf []Cell) ([]Cell, bool) {
	a := p.answer(from, to)
	return append(buf[:0], a.path...), a.ok
}

// Distance implements Navigator: the cost of Path's path when it reaches
// to.
func (p *Pathfinder) Distance(from, to Cell) (float64, bool) {
	a := p.answer(from, to)
	if !a.ok {
		return math.Inf(1), false
	}
	return a.cost, true
}

// answer returns the cached answer for (from, to), or searches and caches
// one.
func (p *Pathfinder) answer(from, to Cell) *answer {
	v := p.g.version
	for i := range p.cache {
		a := &p.cache[i]
		if a.used && a.from == from && a.to == to && a.version == v {
			return a
		}
	}
	a := &p.cache[p.next]
	p.next = (p.next + 1) % cacheSize
	*a = answer{from: from, to: to, version: v, used: true, path: a.path[:0]}
	a.path, a.cost, a.ok = p.search(from, to, a.path)
	return a
}

// begin starts a search: a new stamp, an empty open list.
func (p *Pathfinder) begin() {
	p.gen++
	if p.gen >= math.MaxUint32/2 {
		clear(p.nodes)
		p.gen = 1
	}
	p.open = p.open[:0]
	p.now = p.now[:0]
	p.curF = -1
	p.expanded = 0
}

// search finds the path from from to to and appends it to buf.
func (p *Pathfinder) search(from, to Cell, buf []Cell) ([]Cell, float64, bool) {
	g := p.g
	if !g.In(from) {
		return buf, math.Inf(1), false
	}
	s := int32(g.index(from))
	if from == to {
		return append(buf, from), 0, true
	}
	if g.In(to) && g.walk[g.index(to)] {
		t := int32(g.index(to))
		if g.heavy == 0 && !p.noJump {
			if p.jps(s, t, to) {
				return p.jpsPath(s, t, buf), p.nodes[t].g, true
			}
		} else if p.astar(s, t, to) {
			return p.cellPath(s, t, buf), p.nodes[t].g, true
		}
	}
	// Unreachable: A* has expanded every reachable cell (jump point search
	// only some of them), and the nearest to the goal ends the path.
	if g.heavy == 0 && !p.noJump || !g.In(to) || !g.walk[g.index(to)] {
		p.astar(s, -1, to)
	}
	return p.cellPath(s, p.best, buf), math.Inf(1), false
}

// octile is the length of the shortest 8-connected path between two cells
// on open floor: the diagonal part costs √2 a step, the rest 1.
func octile(dx, dy int) float64 {
	if dx < 0 {
		dx = -dx
	}
	if dy < 0 {
		dy = -dy
	}
	if dx < dy {
		dx, dy = dy, dx
	}
	return float64(dx-dy) + math.Sqrt2*float64(dy)
}

// Octile returns the octile distance between a and b: the cost of the
// shortest path between them on open floor that costs 1 a cell.
func Octile(a, b Cell) float64 { return octile(a.X-b.X, a.Y-b.Y) }

// astar runs A* from s towards t (t = -1: no goal, expand everything
// reachable) and reports whether it reached t. p.best is left at the
// expanded cell nearest goal (octile), ties to the cheaper then the lower
// index.
func (p *Pathfinder) astar(s, t int32, goal Cell) bool {
	g := p.g
	p.begin()
	closed := 2*p.gen + 1
	pw := int32(g.pw)
	gx, gy := goal.X+1, goal.Y+1 // padded coordinates
	nodes := p.nodes
	nodes[s] = node{g: 0, parent: -1, stamp: 2 * p.gen}
	h0 := octile(int(s%pw)-gx, int(s/pw)-gy)
	p.open.push(openEntry{f: h0, h: float32(h0), i: s})
	p.best = s
	bestH, bestG := h0, 0.0
	for len(p.open) > 0 || len(p.now) > 0 {
		e := p.take()
		i := e.i
		n := &nodes[i]
		if n.stamp == closed {
			continue
		}
		n.stamp = closed
		p.expanded++
		if i == t {
			return true
		}
		if float64(e.h) <= bestH+1e-3 { // a candidate: compare exactly
			if h := octile(int(i%pw)-gx, int(i/pw)-gy); h < bestH || h == bestH && (n.g < bestG || n.g == bestG && i < p.best) {
				p.best, bestH, bestG = i, h, n.g
			}
		}
		p.expand(i, n.g, gx, gy)
	}
	return false
}

// expand offers the neighbours of cell i, reached at cost g0, for a goal
// at padded coordinates (gx, gy): the four straight steps, then each
// diagonal whose two straight steps beside it are open. Unrolled, with
// the test of better (which inlines) apart from the push (which does
// not): this is A*'s hottest code.
func (p *Pathfinder) expand(i int32, g0 float64, gx, gy int) {
	g := p.g
	pw := int32(g.pw)
	walk, cost := g.walk, g.cost
	x, y := int(i%pw)-gx, int(i/pw)-gy // relative to the goal
	w, e, n, s := walk[i-1], walk[i+1], walk[i-pw], walk[i+pw]
	if j := i - 1; w {
		if ng := g0 + cost[j]; p.better(i, j, ng) {
			p.add(j, ng, x-1, y)
		}
	}
	if j := i + 1; e {
		if ng := g0 + cost[j]; p.better(i, j, ng) {
			p.add(j, ng, x+1, y)
		}
	}
	if j := i - pw; n {
		if ng := g0 + cost[j]; p.better(i, j, ng) {
			p.add(j, ng, x, y-1)
		}
	}
	if j := i + pw; s {
		if ng := g0 + cost[j]; p.better(i, j, ng) {
			p.add(j, ng, x, y+1)
		}
	}
	if j := i - pw - 1; n && w && walk[j] {
		if ng := g0 + math.Sqrt2*cost[j]; p.better(i, j, ng) {
			p.add(j, ng, x-1, y-1)
		}
	}
	if j := i - pw + 1; n && e && walk[j] {
		if ng := g0 + math.Sqrt2*cost[j]; p.better(i, j, ng) {
			p.add(j, ng, x+1, y-1)
		}
	}
	if j := i + pw - 1; s && w && walk[j] {
		if ng := g0 + math.Sqrt2*cost[j]; p.better(i, j, ng) {
			p.add(j, ng, x-1, y+1)
		}
	}
	if j := i + pw + 1; s && e && walk[j] {
		if ng := g0 + math.Sqrt2*cost[j]; p.better(i, j, ng) {
			p.add(j, ng, x+1, y+1)
		}
	}
}

// better records that cell j is reached from i at cost ng when that is
// the cheapest way to it found so far, and reports whether it was.
func (p *Pathfinder) better(i, j int32, ng float64) bool {
	m := &p.nodes[j]
	if m.stamp >= 2*p.gen && (m.stamp == 2*p.gen+1 || ng >= m.g) {
		return false
	}
	*m = node{g: ng, parent: i, stamp: 2 * p.gen}
	return true
}

// add puts cell j, reached at cost ng and (dx, dy) from the goal, on the
// open list.
func (p *Pathfinder) add(j int32, ng float64, dx, dy int) {
	h := 0.0
	if !p.flat {
		h = octile(dx, dy)
	}
	if f := ng + h; f == p.curF {
		// With a consistent estimate no cell can come before one whose f
		// is the least, so it skips the heap (a cell going straight
		// towards the goal over floor that costs 1 keeps its parent's f).
		p.now = append(p.now, openEntry{f: f, h: float32(h), i: j})
	} else {
		p.open.push(openEntry{f: f, h: float32(h), i: j})
	}
}

// take returns the next cell to expand: the last one that kept the f of
// the cell expanded before, else the heap's least; and notes its f.
func (p *Pathfinder) take() openEntry {
	var e openEntry
	if n := len(p.now); n > 0 {
		e = p.now[n-1]
		p.now = p.now[:n-1]
	} else {
		e = p.open.pop()
	}
	if !p.flat {
		p.curF = e.f
	}
	return e
}

// relax offers cell j, reached from i at cost ng, (dx, dy) from the goal,
// and reports whether that is the cheapest way to j found so far.
func (p *Pathfinder) relax(i, j int32, ng float64, dx, dy int) bool {
	if !p.better(i, j, ng) {
		return false
	}
	p.add(j, ng, dx, dy)
	return true
}

// cellPath appends the path from s to t along parents that are each a
// step apart (A*'s).
func (p *Pathfinder) cellPath(s, t int32, buf []Cell) []Cell {
	start := len(buf)
	for i := t; ; i = p.nodes[i].parent {
		buf = append(buf, p.g.cellOf(int(i)))
		if i == s {
			break
		}
	}
	slices.Reverse(buf[start:])
	return buf
}
