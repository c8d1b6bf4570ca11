package space

import (
	"flag"
	"math/rand/v2"
	"os"
	"strings"
	"testing"
)

// The benchmark map: testdata/bench256.map, 256x256, rooms of 32x32
// walled off with gaps for doorways, blocks (crates, pillars) inside the
// rooms and scattered single obstacles. The peer benchmarks (the nested
// module internal/pathbench) read the same file and draw the same pairs.

var update = flag.Bool("update", false, "rewrite testdata/bench256.map")

// benchMap draws the benchmark map; TestBenchMapFile keeps the file equal
// to it.
func benchMap() string {
	const n = 256
	r := rand.New(rand.NewPCG(256, 25))
	wall := make([][]bool, n)
	for y := range wall {
		wall[y] = make([]bool, n)
	}
	// Room walls every 32 cells, each 32-cell stretch with one or two
	// doorways 2 to 4 wide.
	for k := 0; k <= n; k += 32 {
		at := min(k, n-1)
		for s := 0; s < n; s += 32 {
			for i := s; i < s+32; i++ {
				wall[at][i], wall[i][at] = true, true
			}
			for _, horizontal := range []bool{true, false} {
				if at == 0 || at == n-1 {
					continue
				}
				for range 1 + r.IntN(2) {
					g0, gw := s+2+r.IntN(26), 2+r.IntN(3)
					for i := g0; i < min(g0+gw, s+31); i++ {
						if horizontal {
							wall[at][i] = false
						} else {
							wall[i][at] = false
						}
					}
				}
			}
		}
	}
	// Blocks inside the rooms, then single obstacles.
	for range 700 {
		x, y, w, h := 1+r.IntN(n-2), 1+r.IntN(n-2), 1+r.IntN(6), 1+r.IntN(6)
		for yy := y; yy < min(y+h, n-1); yy++ {
			for xx := x; xx < min(x+w, n-1); xx++ {
				wall[yy][xx] = true
			}
		}
	}
	for range n * n / 20 {
		wall[r.IntN(n)][r.IntN(n)] = true
	}
	var b strings.Builder
	for y := range n {
		for x := range n {
			if wall[y][x] {
				b.WriteByte('#')
			} else {
				b.WriteByte('.')
			}
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// TestBenchMapFile keeps testdata/bench256.map as benchMap draws it (go
// test -run BenchMapFile -update rewrites it).
func TestBenchMapFile(t *testing.T) {
	want := benchMap()
	if *update {
		if err := os.WriteFile("testdata/bench256.map", []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile("testdata/bench256.map")
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != want {
		t.Fatal("testdata/bench256.map differs from benchMap(): run go test -run BenchMapFile -update")
	}
}

// benchGrid reads the benchmark map; weighted adds costs (every cell of
// every fourth row and column of each room's interior costs 3: rough
// ground that paths should go round) so that A* runs instead of JPS.
func benchGrid(tb testing.TB, weighted bool) *Grid {
	text, err := os.ReadFile("testdata/bench256.map")
	if err != nil {
		tb.Fatal(err)
	}
	g, err := Parse(string(text), BasicLegend())
	if err != nil {
		tb.Fatal(err)
	}
	if weighted {
		for y := range 256 {
			for x := range 256 {
				if (x%8 < 3) != (y%8 < 3) {
					if err := g.SetCost(Cell{x, y}, 3); err != nil {
						tb.Fatal(err)
					}
				}
			}
		}
	}
	return g
}

// benchPairs draws n start and goal cells that are walkable and connected,
// the same ones the peer module draws.
func benchPairs(g *Grid, n int) [][2]Cell {
	// Label the connected parts of the map (8-connected, no corner cut).
	w, h := g.Width(), g.Height()
	part := make([]int, w*h)
	label := 0
	for i := range part {
		if part[i] != 0 || !g.Walkable(Cell{X: i % w, Y: i / w}) {
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
					c := Cell{X: x + dx, Y: y + dy}
					if !g.Walkable(c) || part[c.Y*w+c.X] != 0 ||
						dx != 0 && dy != 0 && (!g.Walkable(Cell{X: x + dx, Y: y}) || !g.Walkable(Cell{X: x, Y: y + dy})) {
						continue
					}
					part[c.Y*w+c.X] = label
					stack = append(stack, c.Y*w+c.X)
				}
			}
		}
	}
	r := rand.New(rand.NewPCG(25, 256))
	var pairs [][2]Cell
	for len(pairs) < n {
		a := Cell{X: r.IntN(w), Y: r.IntN(h)}
		b := Cell{X: r.IntN(w), Y: r.IntN(h)}
		if g.Walkable(a) && g.Walkable(b) && part[a.Y*w+a.X] == part[b.Y*w+b.X] {
			pairs = append(pairs, [2]Cell{a, b})
		}
	}
	return pairs
}

// BenchmarkPath times one path on the benchmark map between random
// connected cells (1,000 pairs in turn: the cache never answers). jps is
// the Pathfinder on the map as it is (every cell costs 1); astar the same
// map searched by A* (jump point search turned off); weighted the map
// with costs, where the Pathfinder runs A*.
func BenchmarkPath(b *testing.B) {
	for _, bc := range []struct {
		name             string
		weighted, noJump bool
	}{{"jps", false, false}, {"astar", false, true}, {"weighted", true, false}} {
		b.Run(bc.name, func(b *testing.B) {
			g := benchGrid(b, bc.weighted)
			pairs := benchPairs(g, 1000)
			p := NewPathfinder(g)
			p.noJump = bc.noJump
			var buf []Cell
			expanded, cells := 0, 0
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; b.Loop(); i++ {
				pr := pairs[i%len(pairs)]
				var ok bool
				buf, ok = p.Path(pr[0], pr[1], buf)
				if !ok {
					b.Fatal("no path")
				}
				expanded += p.Expanded()
				cells += len(buf)
			}
			b.ReportMetric(float64(expanded)/float64(b.N), "expanded/op")
			b.ReportMetric(float64(cells)/float64(b.N), "cells/op")
		})
	}
}

// BenchmarkPathSight times line of sight on the benchmark map between
// random cells (most lines end at a wall within a few cells) and between
// cells that do see each other (every line walked to its end; 10 cells
// long on average, counted in steps).
func BenchmarkPathSight(b *testing.B) {
	g := benchGrid(b, false)
	r := rand.New(rand.NewPCG(7, 7))
	var random, clear [][2]Cell
	length := 0
	for len(random) < 1024 || len(clear) < 1024 {
		pr := [2]Cell{{r.IntN(256), r.IntN(256)}, {r.IntN(256), r.IntN(256)}}
		if len(random) < 1024 {
			random = append(random, pr)
		}
		if len(clear) < 1024 && pr[0] != pr[1] && g.Visible(pr[0], pr[1]) {
			clear = append(clear, pr)
			length += max(abs(pr[0].X-pr[1].X), abs(pr[0].Y-pr[1].Y))
		}
	}
	b.Logf("clear lines: %d cells long on average", length/1024)
	for _, bc := range []struct {
		name  string
		pairs [][2]Cell
	}{{"random", random}, {"clear", clear}} {
		b.Run(bc.name, func(b *testing.B) {
			seen := 0
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				pr := bc.pairs[i%len(bc.pairs)]
				if g.Visible(pr[0], pr[1]) {
					seen++
				}
			}
			b.ReportMetric(float64(seen)/float64(b.N), "seen/op")
		})
	}
}

// BenchmarkPathCover times a cover query: the cells within 12 steps of a
// unit hidden from a threat 20 cells away.
func BenchmarkPathCover(b *testing.B) {
	g := benchGrid(b, false)
	pairs := benchPairs(g, 200)
	p := NewPathfinder(g)
	var buf []Cell
	found := 0
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		pr := pairs[i%len(pairs)]
		threat := Cell{min(255, pr[0].X+20), pr[0].Y}
		buf = p.Cover(pr[0], threat, 12, buf)
		found += len(buf)
	}
	b.ReportMetric(float64(found)/float64(b.N), "cells/op")
}
