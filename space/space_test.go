package space

import (
	"errors"
	"go/parser"
	"go/token"
	"math"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// legend is the tests' legend: the basic one, points A and B, crates
// offering TakeAmmo, a locked vault door, mud and a spawn region.
func legend() Legend {
	l := BasicLegend()
	l['A'] = Symbol{Point: "a"}
	l['B'] = Symbol{Point: "b"}
	l['c'] = Symbol{Terrain: Cover, Type: "crate", Offers: []string{"TakeAmmo"}}
	l['V'] = Symbol{Terrain: Door, Door: DoorLocked, Name: "vault"}
	l['~'] = Symbol{Cost: 3}
	l['s'] = Symbol{Region: "spawn"}
	return l
}

func TestParse(t *testing.T) {
	t.Parallel()
	g, err := Parse("\n#########\n#As.+..B#\r\n#s~c#c.V#\n#########\n\n", legend())
	if err != nil {
		t.Fatal(err)
	}
	if g.Width() != 9 || g.Height() != 4 {
		t.Fatalf("size %dx%d, want 9x4", g.Width(), g.Height())
	}
	a, _ := g.Point("a")
	b, _ := g.Point("b")
	if a != (Cell{1, 1}) || b != (Cell{7, 1}) {
		t.Errorf("points a %v b %v", a, b)
	}
	wantObjects := []Object{
		{Name: "door1", Type: "door", At: Cell{4, 1}},
		{Name: "crate1", Type: "crate", At: Cell{3, 2}, Offers: []string{"TakeAmmo"}},
		{Name: "crate2", Type: "crate", At: Cell{5, 2}, Offers: []string{"TakeAmmo"}},
		{Name: "vault", Type: "door", At: Cell{7, 2}},
	}
	if got := g.Objects(); !reflect.DeepEqual(got, wantObjects) {
		t.Errorf("objects\n got %v\nwant %v", got, wantObjects)
	}
	if s, ok := g.Door("door1"); !ok || s != DoorClosed {
		t.Errorf("door1: %v %v", s, ok)
	}
	if s, ok := g.Door("vault"); !ok || s != DoorLocked {
		t.Errorf("vault: %v %v", s, ok)
	}
	if name, ok := g.DoorAt(Cell{7, 2}); !ok || name != "vault" {
		t.Errorf("DoorAt [7, 2] = %q %v", name, ok)
	}
	if got := g.Region("spawn"); !reflect.DeepEqual(got, []Cell{{2, 1}, {1, 2}}) {
		t.Errorf("spawn = %v", got)
	}
	if !g.InRegion("spawn", Cell{1, 2}) || g.InRegion("spawn", Cell{1, 1}) {
		t.Error("InRegion")
	}
	for _, tc := range []struct {
		c                 Cell
		wall, cover, walk bool
		cost              float64
	}{
		{Cell{0, 0}, true, false, false, 1},
		{Cell{1, 1}, false, false, true, 1},
		{Cell{2, 2}, false, false, true, 3},
		{Cell{3, 2}, false, true, false, 1},
		{Cell{4, 1}, false, false, false, 1}, // the closed door
	} {
		if g.Wall(tc.c) != tc.wall || g.Cover(tc.c) != tc.cover || g.Walkable(tc.c) != tc.walk || g.Cost(tc.c) != tc.cost {
			t.Errorf("%v: wall %v cover %v walkable %v cost %v", tc.c, g.Wall(tc.c), g.Cover(tc.c), g.Walkable(tc.c), g.Cost(tc.c))
		}
	}
	if g.Uniform() {
		t.Error("a map with mud is not uniform")
	}
}

func TestParseErrors(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, text string
		want       []string // each error, in order
	}{
		{"empty", "\n  \n", []string{"1:1: the map is empty"}},
		{"look-alike", "###\n#0#\n###", []string{`2:2: '0' is not in the legend (did you mean 'o'?)`}},
		{"other case", "##\n#a", []string{`2:2: 'a' is not in the legend (did you mean 'A'?)`}},
		{"no look-alike", "#?", []string{`1:2: '?' is not in the legend (the legend has '!' '#' '%' '+' '.' '/' 'A' 'B' 'V' 'c' 'o' 's' '~')`}},
		{"tab", "#\t#", []string{`1:2: '\t' is not in the legend (the legend has '!' '#' '%' '+' '.' '/' 'A' 'B' 'V' 'c' 'o' 's' '~')`}},
		{"ragged", "\n####\n##\n#####\n####", []string{
			"3:3: this row has 2 characters, the first row 4: every row must be as long",
			"4:5: this row has 5 characters, the first row 4: every row must be as long",
		}},
		{"blank row inside", "##\n\n##", []string{"2:1: this row has 0 characters, the first row 2: every row must be as long"}},
		{"point twice", "A.\n.A", []string{`2:2: 'A' names the point "a", already at 1:1: a point is one cell (use Region for an area)`}},
		{"named object twice", "VV", []string{`1:2: 'V' names the object "vault", already at 1:1: leave the name out of a symbol used more than once, and its objects are numbered (door1, door2)`}},
		{"columns count runes", "é#é\n#x#", []string{`1:1: 'é' is not in the legend (the legend has '!' '#' '%' '+' '.' '/' 'A' 'B' 'V' 'c' 'o' 's' '~')`, `1:3: 'é' is not`, `2:2: 'x' is not`}},
		{"bad cost", "!", []string{"1:1: '!': cost 0.5: a cell costs at least 1 (0 means 1)"}},
		{"duplicate name across symbols", "oV", []string{`1:2: 'V': object "vault" added twice`}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l := legend()
			l['o'] = Symbol{Type: "orb"}
			l['!'] = Symbol{Cost: 0.5}
			if tc.name == "duplicate name across symbols" {
				l['o'] = Symbol{Type: "orb", Name: "vault"}
			}
			g, err := Parse(tc.text, l)
			if err == nil {
				t.Fatalf("no error; grid %dx%d", g.Width(), g.Height())
			}
			if g != nil {
				t.Error("a grid with the error")
			}
			lines := strings.Split(err.Error(), "\n")
			if len(lines) != len(tc.want) {
				t.Fatalf("errors:\n%v\nwant %d", err, len(tc.want))
			}
			for i, w := range tc.want {
				if !strings.HasPrefix(lines[i], w) {
					t.Errorf("error %d:\n got %s\nwant %s", i, lines[i], w)
				}
			}
			var pe *ParseError
			if !errors.As(err, &pe) || strconv.Itoa(pe.Line)+":"+strconv.Itoa(pe.Col)+":" != strings.Fields(tc.want[0])[0] {
				t.Errorf("errors.As: %+v", pe)
			}
		})
	}
}

// TestParseStopsAtTen keeps a map full of mistakes to ten messages.
func TestParseStopsAtTen(t *testing.T) {
	t.Parallel()
	_, err := Parse(strings.Repeat("?", 50), legend())
	if n := strings.Count(err.Error(), "\n") + 1; n != maxParseErrors {
		t.Fatalf("%d errors, want %d", n, maxParseErrors)
	}
}

// TestDoorsBlockersAndVersion: paths follow doors and blockers, and the
// version (and with it the cache) changes exactly when a path may.
func TestDoorsBlockersAndVersion(t *testing.T) {
	t.Parallel()
	g, err := Parse(`
#######
#A.+.B#
#######`, legend())
	if err != nil {
		t.Fatal(err)
	}
	p := NewPathfinder(g)
	a, b := Cell{1, 1}, Cell{5, 1}
	path, ok := p.Path(a, b, nil)
	if ok || !reflect.DeepEqual(path, []Cell{{1, 1}, {2, 1}}) {
		t.Fatalf("door closed: %v %v, want the partial path to [2, 1]", path, ok)
	}
	v := g.Version()
	steps := []struct {
		what      string
		edit      func()
		bumps, ok bool
	}{
		{"open the door", func() { must(t, g.SetDoor("door1", DoorOpen)) }, true, true},
		{"open it again", func() { must(t, g.SetDoor("door1", DoorOpen)) }, false, true},
		{"a unit stands in the doorway", func() { g.Block(Cell{3, 1}) }, true, false},
		{"a second one", func() { g.Block(Cell{3, 1}) }, false, false},
		{"one leaves", func() { g.Unblock(Cell{3, 1}) }, false, false},
		{"both have left", func() { g.Unblock(Cell{3, 1}) }, true, true},
		{"close it", func() { must(t, g.SetDoor("door1", DoorClosed)) }, true, false},
		{"lock it", func() { must(t, g.SetDoor("door1", DoorLocked)) }, false, false},
		{"a unit stands in the locked doorway", func() { g.Block(Cell{3, 1}) }, false, false},
		{"the door opens under it", func() { must(t, g.SetDoor("door1", DoorOpen)) }, true, false}, // sight changed
		{"it leaves", func() { g.Unblock(Cell{3, 1}) }, true, true},
		{"mud", func() { must(t, g.SetCost(Cell{2, 1}, 2)) }, true, true},
		{"a wall", func() { g.SetWall(Cell{4, 1}, true) }, true, false},
	}
	for _, s := range steps {
		s.edit()
		nv := g.Version()
		if (nv != v) != s.bumps {
			t.Errorf("%s: version %d -> %d, want a change: %v", s.what, v, nv, s.bumps)
		}
		v = nv
		path, ok := p.Path(a, b, path)
		if ok != s.ok {
			t.Errorf("%s: path %v ok %v, want %v", s.what, path, ok, s.ok)
		}
		if d, dok := p.Distance(a, b); dok != s.ok || s.ok && d < 4 {
			t.Errorf("%s: Distance %v %v", s.what, d, dok)
		}
	}
	if err := g.SetDoor("dor1", DoorOpen); err == nil || !strings.Contains(err.Error(), `did you mean "door1"?`) {
		t.Errorf("SetDoor of a misspelt door: %v", err)
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// TestCacheAnswers checks that a repeated query is answered from the
// cache (no search: Expanded keeps the last search's count) and that the
// answer is a copy.
func TestCacheAnswers(t *testing.T) {
	t.Parallel()
	g := NewGrid(20, 20)
	must(t, g.SetCost(Cell{5, 5}, 2)) // A*, which expands every cell it settles
	p := NewPathfinder(g)
	first, _ := p.Path(Cell{0, 0}, Cell{19, 19}, nil)
	p.Path(Cell{0, 0}, Cell{3, 0}, nil)
	small := p.Expanded()
	again, _ := p.Path(Cell{0, 0}, Cell{19, 19}, nil)
	if p.Expanded() != small || !reflect.DeepEqual(first, again) {
		t.Fatalf("repeat: expanded %d (want %d, no search), paths equal %v", p.Expanded(), small, reflect.DeepEqual(first, again))
	}
	again[0] = Cell{9, 9}
	if third, _ := p.Path(Cell{0, 0}, Cell{19, 19}, nil); third[0] != (Cell{0, 0}) {
		t.Fatal("the caller's path shares memory with the cache")
	}
	for i := range cacheSize { // push the answer out
		p.Path(Cell{0, 0}, Cell{i, 1}, nil)
	}
	p.Path(Cell{0, 0}, Cell{19, 19}, nil)
	if p.Expanded() == small || p.Expanded() < 19 {
		t.Fatalf("an evicted answer: expanded %d", p.Expanded())
	}
}

// TestSmallCases pins the edge cases of Path.
func TestSmallCases(t *testing.T) {
	t.Parallel()
	g, err := Parse(`
A.#
.%.
#.B`, legend())
	if err != nil {
		t.Fatal(err)
	}
	p := NewPathfinder(g)
	for _, tc := range []struct {
		from, to Cell
		want     []Cell
		ok       bool
	}{
		{Cell{0, 0}, Cell{0, 0}, []Cell{{0, 0}}, true},
		{Cell{0, 0}, Cell{2, 2}, nil, false},                    // no corner cutting past the cover: [0,0]-[1,0]/[0,1] only
		{Cell{0, 0}, Cell{9, 9}, []Cell{{0, 0}, {1, 0}}, false}, // off the map: toward it
		{Cell{-1, 0}, Cell{0, 0}, []Cell{}, false},              // from off the map: nothing
		{Cell{1, 1}, Cell{0, 0}, []Cell{{1, 1}, {0, 0}}, true},  // from cover (where a unit may stand by script)
		{Cell{0, 0}, Cell{2, 0}, []Cell{{0, 0}, {1, 0}}, false}, // a wall as the goal
		{Cell{2, 1}, Cell{1, 2}, []Cell{{2, 1}, {2, 2}, {1, 2}}, true},
	} {
		got, ok := p.Path(tc.from, tc.to, nil)
		if !g.In(tc.from) {
			if ok || len(got) != 0 {
				t.Errorf("%v->%v: %v %v, want no path", tc.from, tc.to, got, ok)
			}
			continue
		}
		if tc.want == nil {
			if ok {
				t.Errorf("%v->%v: %v, want no path", tc.from, tc.to, got)
			}
			continue
		}
		if ok != tc.ok || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%v->%v: %v %v, want %v %v", tc.from, tc.to, got, ok, tc.want, tc.ok)
		}
	}
}

// TestSightAndCover pins sight through doors and gaps, and cover.
func TestSightAndCover(t *testing.T) {
	t.Parallel()
	g, err := Parse(`
.........
..%......
.........
....#....
...#.....
....+....`, legend())
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		a, b           Cell
		visible, cover bool // Visible(a, b); InCover(a, threat b)
	}{
		{Cell{0, 0}, Cell{8, 0}, true, false},
		{Cell{2, 2}, Cell{2, 0}, true, true},  // cover next to a, between
		{Cell{2, 0}, Cell{2, 2}, true, true},  // cover next to the cell, both ways
		{Cell{1, 0}, Cell{1, 5}, true, false}, // nothing between
		{Cell{2, 0}, Cell{8, 2}, true, false},
		{Cell{2, 5}, Cell{2, 3}, true, false},
		{Cell{3, 3}, Cell{4, 4}, false, true}, // the diagonal gap between two walls
		{Cell{4, 4}, Cell{3, 3}, false, true},
		{Cell{4, 4}, Cell{4, 2}, false, true}, // the wall between
		{Cell{3, 5}, Cell{5, 5}, false, true}, // the closed door
		{Cell{0, 0}, Cell{0, 0}, true, false},
	} {
		if got := g.Visible(tc.a, tc.b); got != tc.visible {
			t.Errorf("Visible(%v, %v) = %v", tc.a, tc.b, got)
		}
		if got := g.InCover(tc.a, tc.b); got != tc.cover {
			t.Errorf("InCover(%v, threat %v) = %v", tc.a, tc.b, got)
		}
	}
	must(t, g.SetDoor("door1", DoorOpen))
	if !g.Visible(Cell{3, 5}, Cell{5, 5}) {
		t.Error("an open door blocks sight")
	}
	g.Block(Cell{4, 5})
	if !g.Visible(Cell{3, 5}, Cell{5, 5}) {
		t.Error("a unit in the doorway blocks sight")
	}
	if got := NewPathfinder(g).Cover(Cell{2, 0}, Cell{2, 3}, 1.5, nil); !reflect.DeepEqual(got, []Cell{{2, 0}, {1, 0}, {3, 0}}) {
		t.Errorf("Cover = %v", got)
	}
}

// TestAllocs pins what a warm Pathfinder and a Grid allocate: nothing, for
// paths searched (not cached), sight and cover.
func TestAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector allocates")
	}
	g := benchGrid(t, false)
	wg := benchGrid(t, true)
	pairs := benchPairs(g, 64)
	for _, tc := range []struct {
		name string
		g    *Grid
	}{{"jps", g}, {"astar", wg}} {
		p := NewPathfinder(tc.g)
		var buf []Cell
		for _, pr := range pairs { // warm: memory grown, the cache full of other answers
			buf, _ = p.Path(pr[0], pr[1], buf)
		}
		i := 0
		if a := testing.AllocsPerRun(50, func() {
			pr := pairs[i%len(pairs)]
			i++
			buf, _ = p.Path(pr[0], pr[1], buf)
		}); a != 0 {
			t.Errorf("%s: %v allocations per path", tc.name, a)
		}
		if p.Expanded() < 2 {
			t.Errorf("%s: the last path was not searched (expanded %d)", tc.name, p.Expanded())
		}
	}
	if a := testing.AllocsPerRun(100, func() { g.Visible(pairs[0][0], pairs[0][1]); g.InCover(pairs[1][0], pairs[1][1]) }); a != 0 {
		t.Errorf("%v allocations per sight and cover check", a)
	}
	p := NewPathfinder(g)
	buf := p.Cover(pairs[0][0], pairs[0][1], 10, nil)
	if a := testing.AllocsPerRun(20, func() { buf = p.Cover(pairs[0][0], pairs[0][1], 10, buf) }); a != 0 {
		t.Errorf("%v allocations per cover query", a)
	}
}

// TestStandardLibraryOnly keeps the package usable by a game without
// goap's dependencies: its files import the standard library and
// internal/suggest (which does the same) only.
func TestStandardLibraryOnly(t *testing.T) {
	t.Parallel()
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		file, err := parser.ParseFile(token.NewFileSet(), f, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range file.Imports {
			path, _ := strconv.Unquote(imp.Path.Value)
			first, _, _ := strings.Cut(path, "/")
			if strings.Contains(first, ".") && path != "github.com/goap-go/goap/internal/suggest" {
				t.Errorf("%s imports %s: package space uses the standard library only", f, path)
			}
		}
	}
}

// TestEditsRefused pins the edits that are refused.
func TestEditsRefused(t *testing.T) {
	t.Parallel()
	g := NewGrid(3, 3)
	for _, tc := range []struct {
		err  error
		want string
	}{
		{g.SetCost(Cell{0, 0}, 0.5), "cost 0.5, want a finite number of at least 1"},
		{g.SetCost(Cell{0, 0}, math.Inf(1)), "cost +Inf"},
		{g.SetCost(Cell{0, 0}, math.NaN()), "cost NaN"},
		{g.SetCost(Cell{3, 0}, 2), "outside the 3x3 grid"},
		{g.AddPoint("p", Cell{0, 3}), "outside"},
		{g.AddRegion("r", Cell{1, 1}, Cell{-1, 1}), "outside"},
		{g.AddObject(Object{Type: "crate"}), "has no name"},
		{g.AddDoor("d", Cell{1, 1}, DoorState(7)), "unknown state DoorState(7)"},
	} {
		if tc.err == nil || !strings.Contains(tc.err.Error(), tc.want) {
			t.Errorf("got %v, want %q", tc.err, tc.want)
		}
	}
	must(t, g.AddDoor("d", Cell{1, 1}, DoorOpen))
	if err := g.AddDoor("e", Cell{1, 1}, DoorOpen); err == nil || !strings.Contains(err.Error(), "d stands there already") {
		t.Errorf("two doors on a cell: %v", err)
	}
	if err := g.AddObject(Object{Name: "d", Type: "crate"}); err == nil {
		t.Error("an object named as a door")
	}
	for _, f := range []func(){func() { g.SetWall(Cell{3, 3}, true) }, func() { g.Unblock(Cell{0, 0}) }, func() { NewGrid(0, 4) }} {
		func() {
			defer func() {
				if recover() == nil {
					t.Error("no panic")
				}
			}()
			f()
		}()
	}
}

// TestClone: a clone's doors and blockers change apart from the grid's.
func TestClone(t *testing.T) {
	g, err := Parse("#####\n#.+.#\n#####", BasicLegend())
	if err != nil {
		t.Fatal(err)
	}
	c := g.Clone()
	if err := c.SetDoor("door1", DoorOpen); err != nil {
		t.Fatal(err)
	}
	c.Block(Cell{1, 1})
	if s, _ := g.Door("door1"); s != DoorClosed || g.Blocked(Cell{1, 1}) {
		t.Fatalf("the original changed with its clone: door %v, blocked %v", s, g.Blocked(Cell{1, 1}))
	}
	if s, _ := c.Door("door1"); s != DoorOpen || !c.Blocked(Cell{1, 1}) || !c.Walkable(Cell{2, 1}) {
		t.Fatalf("the clone: door %v, blocked %v", s, c.Blocked(Cell{1, 1}))
	}
}
