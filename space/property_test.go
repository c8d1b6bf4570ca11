package space

import (
	"math"
	"math/rand/v2"
	"testing"
)

// randomGrid makes a w x h grid with walls, cover, doors in every state
// and blockers, each cell drawn with the given odds; weighted grids also
// get costs from 1 to 4.
func randomGrid(r *rand.Rand, w, h int, wallOdds float64, weighted bool) *Grid {
	g := NewGrid(w, h)
	doors := 0
	for y := range h {
		for x := range w {
			c := Cell{x, y}
			switch v := r.Float64(); {
			case v < wallOdds:
				g.SetWall(c, true)
			case v < wallOdds+0.03:
				g.SetCover(c, true)
			case v < wallOdds+0.06:
				doors++
				if err := g.AddDoor("d"+Cell{x, y}.String(), c, DoorState(r.IntN(3))); err != nil {
					panic(err)
				}
			case v < wallOdds+0.08:
				g.Block(c)
			}
			if weighted && r.IntN(3) == 0 {
				if err := g.SetCost(c, float64(1+r.IntN(4))+r.Float64()); err != nil {
					panic(err)
				}
			}
		}
	}
	return g
}

// dijkstra is the reference: a plain Dijkstra over every cell, with the
// same moves (no corner cutting, the start may be unwalkable), returning
// each reachable cell's cost.
func dijkstra(g *Grid, from Cell) map[Cell]float64 {
	dist := map[Cell]float64{from: 0}
	done := map[Cell]bool{}
	for {
		var cur Cell
		best := math.Inf(1)
		for c, d := range dist {
			if !done[c] && (d < best || d == best && (c.Y < cur.Y || c.Y == cur.Y && c.X < cur.X)) {
				cur, best = c, d
			}
		}
		if math.IsInf(best, 1) {
			return dist
		}
		done[cur] = true
		for dy := -1; dy <= 1; dy++ {
			for dx := -1; dx <= 1; dx++ {
				n := Cell{cur.X + dx, cur.Y + dy}
				if dx == 0 && dy == 0 || !g.Walkable(n) {
					continue
				}
				step := 1.0
				if dx != 0 && dy != 0 {
					if !g.Walkable(Cell{cur.X + dx, cur.Y}) || !g.Walkable(Cell{cur.X, cur.Y + dy}) {
						continue
					}
					step = math.Sqrt2
				}
				nd := best + step*g.Cost(n)
				if d, ok := dist[n]; !ok || nd < d {
					dist[n] = nd
				}
			}
		}
	}
}

// near reports whether two path costs agree but for rounding.
func near(a, b float64) bool { return math.Abs(a-b) <= 1e-9*math.Max(1, math.Abs(b)) }

// TestPathMatchesDijkstra is the pathfinder's property test: on random
// grids, uniform (jump point search) and weighted (A*), every answer's
// cost is Dijkstra's, its path is a walk the grid allows (neighbours,
// walkable, no corner cut: PathCost) and costs what Distance says; when
// the goal cannot be reached, the path ends at the reachable cell nearest
// to it.
func TestPathMatchesDijkstra(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(1, 25))
	checked, unreachable, jps := 0, 0, 0
	for trial := range 300 {
		weighted := trial%2 == 1
		w, h := 2+r.IntN(18), 2+r.IntN(18)
		g := randomGrid(r, w, h, 0.05+0.35*r.Float64(), weighted)
		p := NewPathfinder(g)
		for range 8 {
			from := Cell{r.IntN(w), r.IntN(h)}
			ref := dijkstra(g, from)
			for range 8 {
				to := Cell{r.IntN(w), r.IntN(h)}
				path, ok := p.Path(from, to, nil)
				want, reachable := ref[to]
				if ok != reachable {
					t.Fatalf("trial %d %v->%v: ok %v, Dijkstra reaches it: %v\n%s", trial, from, to, ok, reachable, draw(g, path))
				}
				if len(path) == 0 || path[0] != from {
					t.Fatalf("trial %d %v->%v: path %v does not start at from", trial, from, to, path)
				}
				cost, valid := g.PathCost(path)
				if !valid {
					t.Fatalf("trial %d %v->%v: path %v is not a walk (walls, corners)\n%s", trial, from, to, path, draw(g, path))
				}
				d, dok := p.Distance(from, to)
				if ok {
					checked++
					if g.Uniform() {
						jps++
					}
					if path[len(path)-1] != to || !near(cost, want) || !dok || !near(d, want) {
						t.Fatalf("trial %d %v->%v: path cost %v, Distance %v %v, Dijkstra %v\n%s", trial, from, to, cost, d, dok, want, draw(g, path))
					}
					continue
				}
				unreachable++
				if dok || !math.IsInf(d, 1) {
					t.Fatalf("trial %d %v->%v: Distance %v %v for an unreachable cell", trial, from, to, d, dok)
				}
				end := path[len(path)-1]
				if _, in := ref[end]; !in {
					t.Fatalf("trial %d: partial path ends at %v, which Dijkstra does not reach", trial, end)
				}
				for c := range ref {
					if Octile(c, to) < Octile(end, to)-1e-12 {
						t.Fatalf("trial %d %v->%v: partial path ends at %v (%.3f from the goal), but %v (%.3f) is reachable\n%s", trial, from, to, end, Octile(end, to), c, Octile(c, to), draw(g, path))
					}
				}
				if !near(cost, ref[end]) {
					t.Fatalf("trial %d: partial path to %v costs %v, Dijkstra %v", trial, end, cost, ref[end])
				}
			}
		}
	}
	if checked < 1000 || unreachable < 200 || jps < 500 {
		t.Fatalf("too few cases: %d reachable (%d by JPS), %d unreachable", checked, jps, unreachable)
	}
}

// draw renders a grid and a path for failure messages.
func draw(g *Grid, path []Cell) string {
	on := map[Cell]bool{}
	for _, c := range path {
		on[c] = true
	}
	b := []byte{}
	for y := range g.Height() {
		for x := range g.Width() {
			c := Cell{x, y}
			ch := byte('.')
			switch {
			case on[c]:
				ch = '*'
			case g.Wall(c):
				ch = '#'
			case g.Cover(c):
				ch = '%'
			case g.Blocked(c):
				ch = 'b'
			case !g.Walkable(c):
				ch = '+'
			case g.Cost(c) > 1:
				ch = byte('0' + min(9, int(g.Cost(c))))
			}
			b = append(b, ch)
		}
		b = append(b, '\n')
	}
	return string(b)
}

// touches reports whether the segment between the centres of a and b
// meets the closed square of cell c: the geometric definition of the
// supercover line, computed exactly in doubled integer coordinates.
func touches(a, b, c Cell) bool {
	ax, ay, bx, by := 2*a.X, 2*a.Y, 2*b.X, 2*b.Y
	x0, x1, y0, y1 := 2*c.X-1, 2*c.X+1, 2*c.Y-1, 2*c.Y+1
	if max(ax, bx) < x0 || min(ax, bx) > x1 || max(ay, by) < y0 || min(ay, by) > y1 {
		return false
	}
	pos, neg := false, false
	for _, q := range [4][2]int{{x0, y0}, {x0, y1}, {x1, y0}, {x1, y1}} {
		s := (bx-ax)*(q[1]-ay) - (by-ay)*(q[0]-ax)
		pos = pos || s >= 0
		neg = neg || s <= 0
	}
	return pos && neg
}

// TestVisibleIsSupercover checks line of sight against its definition
// (no opaque cell whose square the segment touches, ends excepted) and
// its symmetry, on random grids.
func TestVisibleIsSupercover(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(2, 25))
	seen, hidden := 0, 0
	for trial := range 200 {
		w, h := 1+r.IntN(16), 1+r.IntN(16)
		g := randomGrid(r, w, h, 0.1+0.2*r.Float64(), false)
		for range 40 {
			a, b := Cell{r.IntN(w), r.IntN(h)}, Cell{r.IntN(w), r.IntN(h)}
			want := true
			for y := min(a.Y, b.Y); y <= max(a.Y, b.Y); y++ {
				for x := min(a.X, b.X); x <= max(a.X, b.X); x++ {
					c := Cell{x, y}
					if c != a && c != b && touches(a, b, c) && g.opaque(g.index(c)) {
						want = false
					}
				}
			}
			got, back := g.Visible(a, b), g.Visible(b, a)
			if got != want || back != got {
				t.Fatalf("trial %d: Visible(%v, %v) = %v, back %v, want %v\n%s", trial, a, b, got, back, want, draw(g, []Cell{a, b}))
			}
			if got {
				seen++
			} else {
				hidden++
			}
		}
	}
	if seen < 1000 || hidden < 1000 {
		t.Fatalf("too few cases: %d seen, %d hidden", seen, hidden)
	}
}

// TestCoverMatchesDefinition checks Cover against a slow reading of its
// doc: the walkable cells (and from) within path distance radius that are
// InCover, sorted by distance then row order.
func TestCoverMatchesDefinition(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(3, 25))
	found := 0
	for trial := range 150 {
		w, h := 2+r.IntN(14), 2+r.IntN(14)
		g := randomGrid(r, w, h, 0.15, trial%2 == 1)
		p := NewPathfinder(g)
		from, threat := Cell{r.IntN(w), r.IntN(h)}, Cell{r.IntN(w), r.IntN(h)}
		radius := 1 + 8*r.Float64()
		ref := dijkstra(g, from)
		var want []Cell
		for y := range h {
			for x := range w {
				c := Cell{x, y}
				if d, ok := ref[c]; ok && d <= radius && (c == from || g.Walkable(c)) && g.InCover(c, threat) {
					want = append(want, c)
				}
			}
		}
		got := p.Cover(from, threat, radius, nil)
		if len(got) != len(want) {
			t.Fatalf("trial %d: Cover = %v, want the cells %v\n%s", trial, got, want, draw(g, got))
		}
		for k := 1; k < len(got); k++ {
			da, db := ref[got[k-1]], ref[got[k]]
			if da > db+1e-9 {
				t.Fatalf("trial %d: Cover not sorted by distance: %v (%v) before %v (%v)", trial, got[k-1], da, got[k], db)
			}
		}
		for _, c := range want {
			in := false
			for _, d := range got {
				in = in || c == d
			}
			if !in {
				t.Fatalf("trial %d: Cover = %v misses %v", trial, got, c)
			}
		}
		found += len(got)
	}
	if found < 300 {
		t.Fatalf("too few cover cells found: %d", found)
	}
}
