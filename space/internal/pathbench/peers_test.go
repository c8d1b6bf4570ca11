package pathbench

import (
	"container/heap"
	"math"
	"math/rand/v2"
	"os"
	"testing"

	"github.com/goap-go/goap/space"
	"gonum.org/v1/gonum/graph"
	"gonum.org/v1/gonum/graph/iterator"
	"gonum.org/v1/gonum/graph/path"
	"gonum.org/v1/gonum/graph/simple"
)

// The map and pairs of package space's BenchmarkPath: the same file, the
// same cost rule and the same draw (space/bench_test.go).

func benchGrid(tb testing.TB, weighted bool) *space.Grid {
	text, err := os.ReadFile("../../testdata/bench256.map")
	if err != nil {
		tb.Fatal(err)
	}
	g, err := space.Parse(string(text), space.BasicLegend())
	if err != nil {
		tb.Fatal(err)
	}
	if weighted {
		for y := range 256 {
			for x := range 256 {
				if (x%8 < 3) != (y%8 < 3) {
					if err := g.SetCost(space.Cell{X: x, Y: y}, 3); err != nil {
						tb.Fatal(err)
					}
				}
			}
		}
	}
	return g
}

func benchPairs(g *space.Grid, n int) [][2]space.Cell {
	// Label the connected parts of the map (8-connected, no corner cut).
	w, h := g.Width(), g.Height()
	part := make([]int, w*h)
	label := 0
	for i := range part {
		if part[i] != 0 || !g.Walkable(space.Cell{X: i % w, Y: i / w}) {
			continue
		}
		label++
		part[i] = label
		for stack := []int{i}; len(stack) > 0; {
			j := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			x, y := j%w, j/w
			for dy := -1; dy <= 1; dy++ {
				for dx := -1; dx <= 1; dx++ {
					c := space.Cell{X: x + dx, Y: y + dy}
					if !g.Walkable(c) || part[c.Y*w+c.X] != 0 ||
						dx != 0 && dy != 0 && (!g.Walkable(space.Cell{X: x + dx, Y: y}) || !g.Walkable(space.Cell{X: x, Y: y + dy})) {
						continue
					}
					part[c.Y*w+c.X] = label
					stack = append(stack, c.Y*w+c.X)
				}
			}
		}
	}
	r := rand.New(rand.NewPCG(25, 256))
	var pairs [][2]space.Cell
	for len(pairs) < n {
		a := space.Cell{X: r.IntN(w), Y: r.IntN(h)}
		b := space.Cell{X: r.IntN(w), Y: r.IntN(h)}
		if g.Walkable(a) && g.Walkable(b) && part[a.Y*w+a.X] == part[b.Y*w+b.X] {
			pairs = append(pairs, [2]space.Cell{a, b})
		}
	}
	return pairs
}

// finder is one pathfinder under test: the cost of the path it finds.
type finder func(from, to space.Cell) (float64, bool)

// octile is the admissible estimate every A* here uses.
func octile(a, b space.Cell) float64 {
	dx, dy := math.Abs(float64(a.X-b.X)), math.Abs(float64(a.Y-b.Y))
	return math.Max(dx, dy) + (math.Sqrt2-1)*math.Min(dx, dy)
}

// moves lists the 8 steps and their lengths.
var moves = [8]struct {
	dx, dy int
	len    float64
}{{1, 0, 1}, {-1, 0, 1}, {0, 1, 1}, {0, -1, 1}, {1, 1, math.Sqrt2}, {1, -1, math.Sqrt2}, {-1, 1, math.Sqrt2}, {-1, -1, math.Sqrt2}}

// canStep reports whether a unit may step from c by (dx, dy): the target
// walkable and, on a diagonal, both cells beside it.
func canStep(g *space.Grid, c space.Cell, dx, dy int) bool {
	if !g.Walkable(space.Cell{X: c.X + dx, Y: c.Y + dy}) {
		return false
	}
	return dx == 0 || dy == 0 || g.Walkable(space.Cell{X: c.X + dx, Y: c.Y}) && g.Walkable(space.Cell{X: c.X, Y: c.Y + dy})
}

// --- The plain baseline: the grid A* a Go programmer writes in an
// afternoon, with container/heap and maps.

type plainItem struct {
	c space.Cell
	f float64
}

type plainHeap []plainItem

func (h plainHeap) Len() int           { return len(h) }
func (h plainHeap) Less(i, j int) bool { return h[i].f < h[j].f }
func (h plainHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *plainHeap) Push(x any)        { *h = append(*h, x.(plainItem)) }
func (h *plainHeap) Pop() any {
	old := *h
	it := old[len(old)-1]
	*h = old[:len(old)-1]
	return it
}

func plainAStar(g *space.Grid, from, to space.Cell) ([]space.Cell, float64, bool) {
	gs := map[space.Cell]float64{from: 0}
	came := map[space.Cell]space.Cell{}
	closed := map[space.Cell]bool{}
	open := &plainHeap{{from, octile(from, to)}}
	for open.Len() > 0 {
		cur := heap.Pop(open).(plainItem).c
		if closed[cur] {
			continue
		}
		if cur == to {
			path := []space.Cell{cur}
			for cur != from {
				cur = came[cur]
				path = append(path, cur)
			}
			return path, gs[to], true
		}
		closed[cur] = true
		for _, m := range moves {
			if !canStep(g, cur, m.dx, m.dy) {
				continue
			}
			n := space.Cell{X: cur.X + m.dx, Y: cur.Y + m.dy}
			ng := gs[cur] + m.len*g.Cost(n)
			if old, ok := gs[n]; ok && ng >= old {
				continue
			}
			gs[n] = ng
			came[n] = cur
			heap.Push(open, plainItem{n, ng + octile(n, to)})
		}
	}
	return nil, 0, false
}

// --- The array baseline: the same A* over flat arrays indexed by cell,
// reused between searches (a search number stamps what is current), with
// a typed binary heap: what a careful programmer writes for speed.

type arrayAStar struct {
	w, h   int
	walk   []bool
	cost   []float64
	g      []float64
	parent []int32
	stamp  []uint32 // 2*gen open, 2*gen+1 closed
	gen    uint32
	heap   []arrayEntry
	path   []int32
}

type arrayEntry struct {
	f float64
	i int32
}

func newArrayAStar(gr *space.Grid) *arrayAStar {
	w, h := gr.Width(), gr.Height()
	a := &arrayAStar{w: w, h: h, walk: make([]bool, w*h), cost: make([]float64, w*h),
		g: make([]float64, w*h), parent: make([]int32, w*h), stamp: make([]uint32, w*h)}
	for y := range h {
		for x := range w {
			c := space.Cell{X: x, Y: y}
			a.walk[y*w+x] = gr.Walkable(c)
			a.cost[y*w+x] = gr.Cost(c)
		}
	}
	return a
}

func (a *arrayAStar) push(e arrayEntry) {
	a.heap = append(a.heap, e)
	h := a.heap
	for i := len(h) - 1; i > 0; {
		p := (i - 1) / 2
		if h[p].f <= h[i].f {
			break
		}
		h[i], h[p] = h[p], h[i]
		i = p
	}
}

func (a *arrayAStar) pop() arrayEntry {
	h := a.heap
	top := h[0]
	n := len(h) - 1
	h[0] = h[n]
	h = h[:n]
	for i := 0; ; {
		l := 2*i + 1
		if l >= n {
			break
		}
		m := l
		if l+1 < n && h[l+1].f < h[l].f {
			m = l + 1
		}
		if h[i].f <= h[m].f {
			break
		}
		h[i], h[m] = h[m], h[i]
		i = m
	}
	a.heap = h
	return top
}

func (a *arrayAStar) ok(x, y int) bool {
	return x >= 0 && y >= 0 && x < a.w && y < a.h && a.walk[y*a.w+x]
}

func (a *arrayAStar) search(from, to space.Cell) ([]int32, float64, bool) {
	a.gen++
	a.heap = a.heap[:0]
	s, t := int32(from.Y*a.w+from.X), int32(to.Y*a.w+to.X)
	a.g[s], a.parent[s], a.stamp[s] = 0, -1, 2*a.gen
	a.push(arrayEntry{octile(from, to), s})
	for len(a.heap) > 0 {
		e := a.pop()
		if a.stamp[e.i] == 2*a.gen+1 {
			continue
		}
		a.stamp[e.i] = 2*a.gen + 1
		if e.i == t {
			a.path = a.path[:0]
			for i := t; i >= 0; i = a.parent[i] {
				a.path = append(a.path, i)
			}
			return a.path, a.g[t], true
		}
		x, y := int(e.i)%a.w, int(e.i)/a.w
		for _, m := range moves {
			nx, ny := x+m.dx, y+m.dy
			if !a.ok(nx, ny) || m.dx != 0 && m.dy != 0 && (!a.ok(x+m.dx, y) || !a.ok(x, y+m.dy)) {
				continue
			}
			j := int32(ny*a.w + nx)
			ng := a.g[e.i] + m.len*a.cost[j]
			if a.stamp[j] >= 2*a.gen && (a.stamp[j] == 2*a.gen+1 || ng >= a.g[j]) {
				continue
			}
			a.g[j], a.parent[j], a.stamp[j] = ng, e.i, 2*a.gen
			a.push(arrayEntry{ng + octile(space.Cell{X: nx, Y: ny}, to), j})
		}
	}
	return nil, 0, false
}

// --- gonum's graph/path AStar over the grid as a weighted graph.

type gonumGrid struct{ g *space.Grid }

func (q gonumGrid) cell(id int64) space.Cell {
	return space.Cell{X: int(id) % q.g.Width(), Y: int(id) / q.g.Width()}
}
func (q gonumGrid) id(c space.Cell) int64 { return int64(c.Y*q.g.Width() + c.X) }

func (q gonumGrid) Node(id int64) graph.Node {
	if id < 0 || id >= int64(q.g.Width()*q.g.Height()) {
		return nil
	}
	return simple.Node(id)
}

func (q gonumGrid) Nodes() graph.Nodes {
	n := make([]graph.Node, q.g.Width()*q.g.Height())
	for i := range n {
		n[i] = simple.Node(i)
	}
	return iterator.NewOrderedNodes(n)
}

func (q gonumGrid) From(id int64) graph.Nodes {
	c := q.cell(id)
	var out []graph.Node
	for _, m := range moves {
		if canStep(q.g, c, m.dx, m.dy) {
			out = append(out, simple.Node(q.id(space.Cell{X: c.X + m.dx, Y: c.Y + m.dy})))
		}
	}
	return iterator.NewOrderedNodes(out)
}

func (q gonumGrid) step(uid, vid int64) (float64, bool) {
	a, b := q.cell(uid), q.cell(vid)
	dx, dy := b.X-a.X, b.Y-a.Y
	if max(dx, -dx) > 1 || max(dy, -dy) > 1 || !canStep(q.g, a, dx, dy) {
		return 0, false
	}
	if dx != 0 && dy != 0 {
		return math.Sqrt2 * q.g.Cost(b), true
	}
	return q.g.Cost(b), true
}

func (q gonumGrid) HasEdgeBetween(xid, yid int64) bool {
	_, ok := q.step(xid, yid)
	return ok
}

func (q gonumGrid) Edge(uid, vid int64) graph.Edge { return q.WeightedEdge(uid, vid) }

func (q gonumGrid) WeightedEdge(uid, vid int64) graph.WeightedEdge {
	w, ok := q.step(uid, vid)
	if !ok {
		return nil
	}
	return simple.WeightedEdge{F: simple.Node(uid), T: simple.Node(vid), W: w}
}

func (q gonumGrid) Weight(xid, yid int64) (float64, bool) {
	if xid == yid {
		return 0, true
	}
	return q.step(xid, yid)
}

func (q gonumGrid) search(from, to space.Cell) ([]graph.Node, float64, bool) {
	h := func(x, y graph.Node) float64 { return octile(q.cell(x.ID()), q.cell(y.ID())) }
	sh, _ := path.AStar(simple.Node(q.id(from)), simple.Node(q.id(to)), q, h)
	p, w := sh.To(q.id(to))
	return p, w, p != nil
}

// finders returns every pathfinder on g; goap's finder measures its path
// (PathCost) only when cost is true, so that the benchmark times the
// search alone.
func finders(g *space.Grid, cost bool) map[string]finder {
	ours := space.NewPathfinder(g)
	arr := newArrayAStar(g)
	gn := gonumGrid{g}
	var buf []space.Cell
	return map[string]finder{
		"goap": func(a, b space.Cell) (float64, bool) {
			var ok bool
			buf, ok = ours.Path(a, b, buf)
			if !cost {
				return 0, ok
			}
			c, _ := g.PathCost(buf)
			return c, ok
		},
		"plain": func(a, b space.Cell) (float64, bool) { _, c, ok := plainAStar(g, a, b); return c, ok },
		"array": func(a, b space.Cell) (float64, bool) { _, c, ok := arr.search(a, b); return c, ok },
		"gonum": func(a, b space.Cell) (float64, bool) { _, c, ok := gn.search(a, b); return c, ok },
	}
}

// TestSameCosts checks that every pathfinder finds paths of the same cost
// on the benchmark's pairs, so that the benchmark compares equal work.
func TestSameCosts(t *testing.T) {
	for _, weighted := range []bool{false, true} {
		g := benchGrid(t, weighted)
		pairs := benchPairs(g, 60)
		fs := finders(g, true)
		for _, pr := range pairs {
			want, _ := fs["goap"](pr[0], pr[1])
			for name, f := range fs {
				got, ok := f(pr[0], pr[1])
				if !ok || math.Abs(got-want) > 1e-6 {
					t.Fatalf("weighted %v, %v->%v: %s costs %v (%v), goap %v", weighted, pr[0], pr[1], name, got, ok, want)
				}
			}
		}
	}
}

// BenchmarkPath times each pathfinder on the same 1,000 pairs of the
// benchmark map, uniform (goap runs jump point search) and weighted (goap
// runs A*).
func BenchmarkPath(b *testing.B) {
	for _, m := range []struct {
		name     string
		weighted bool
	}{{"uniform", false}, {"weighted", true}} {
		g := benchGrid(b, m.weighted)
		pairs := benchPairs(g, 1000)
		fs := finders(g, false)
		for _, name := range []string{"goap", "array", "plain", "gonum"} {
			f := fs[name]
			b.Run(m.name+"/"+name, func(b *testing.B) {
				b.ReportAllocs()
				for i := 0; b.Loop(); i++ {
					pr := pairs[i%len(pairs)]
					if _, ok := f(pr[0], pr[1]); !ok {
						b.Fatal("no path")
					}
				}
			})
		}
	}
}
