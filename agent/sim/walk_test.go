package sim_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/goap-go/goap"
	"github.com/goap-go/goap/agent/sim"
	"github.com/goap-go/goap/agent/simspec"
	"github.com/goap-go/goap/space"
)

// corridor: A on the left, the goal B on the right, a door between them
// on the short way (4 steps) and a way around below (6 steps).
const corridor = `
#######
#A.+.B#
#.###.#
#.....#
#######`

// walkWorld runs an agent that goes to B, with the door's facts and the
// scripted changes given.
func walkWorld(t *testing.T, to *space.Cell, start map[string]any, changes ...simspec.WorldChange) (*sim.World, string) {
	t.Helper()
	w := newWalkWorld(t, to, start, changes...)
	w.Run(20)
	return w, events(w)
}

// newWalkWorld is walkWorld's world before its first tick.
func newWalkWorld(t *testing.T, to *space.Cell, start map[string]any, changes ...simspec.WorldChange) *sim.World {
	t.Helper()
	legend := space.BasicLegend()
	legend['A'] = space.Symbol{Point: "A"}
	legend['B'] = space.Symbol{Point: "B"}
	g, err := space.Parse(corridor, legend)
	if err != nil {
		t.Fatal(err)
	}
	d, err := goap.NewDomain(goap.Spec{Name: "walk",
		Facts:   []goap.Fact{goap.Bool("open(door1)"), goap.Bool("locked(door1)")},
		Actions: []goap.Action{{Name: "GoB", Cost: 1, Effects: goap.Effects{"there": true}}},
		Goals:   []goap.Goal{{Name: "Arrive", Priority: 1, Desired: goap.Conds{"there": true}}},
	})
	if err != nil {
		t.Fatal(err)
	}
	st, err := d.State(start)
	if err != nil {
		t.Fatal(err)
	}
	a, _ := g.Point("A")
	b, _ := g.Point("B")
	if to != nil {
		b = *to
	}
	w, err := sim.New(sim.Config{Domain: d, Start: st, Map: g, Places: map[string][2]int{"GoB": {b.X, b.Y}},
		Changes: changes, Agents: []simspec.Agent{{Name: "u", At: &[2]int{a.X, a.Y}}}})
	if err != nil {
		t.Fatal(err)
	}
	return w
}

// TestWalk: an agent walks to where its action is performed along the
// map's paths, one cell a tick: around a closed door, through an open
// one, rerouted when the door opens on the way, and it fails where no
// path leads (a locked door and no way around).
func TestWalk(t *testing.T) {
	cases := []struct {
		name    string
		start   map[string]any
		changes []simspec.WorldChange
		arrive  string
	}{
		// No corner is cut: down, along and up, 8 steps.
		{"around the closed door", nil, nil, "tick 8 u arrived"},
		{"through the open door", map[string]any{"open(door1)": true}, nil, "tick 4 u arrived"},
		// At (1,2) after tick 1; from there, back up and through: 5 more.
		{"the door opens on the way", nil, []simspec.WorldChange{{Tick: 2, Set: map[string]any{"open(door1)": true}}}, "tick 6 u arrived"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			w, log := walkWorld(t, nil, c.start, c.changes...)
			if !strings.Contains(log, c.arrive) {
				t.Fatalf("want %q in:\n%s", c.arrive, log)
			}
			if at, _ := w.Position("u"); at != (space.Cell{X: 5, Y: 1}) {
				t.Fatalf("u ends at %v, want B (5,1)", at)
			}
		})
	}
	// A place inside the wall: no path leads there, the action fails.
	_, log := walkWorld(t, &space.Cell{X: 3, Y: 2}, nil)
	if !strings.Contains(log, "tick 1 u action_failed Arrive GoB: no path from [1, 1] to [3, 2]") {
		t.Fatalf("want a failure for want of a path in:\n%s", log)
	}
}

// TestDoorsFollowFacts: the world's copy of the map has the door as its
// facts say; Config.Map itself is not changed.
func TestDoorsFollowFacts(t *testing.T) {
	w, _ := walkWorld(t, nil, map[string]any{"locked(door1)": true})
	if s, _ := w.Map().Door("door1"); s != space.DoorLocked {
		t.Fatalf("door %v, want locked", s)
	}
}

// TestPath: while an agent walks, Path gives the cells ahead of it, its
// destination last; it is nil before the walk and once it has arrived.
func TestPath(t *testing.T) {
	w := newWalkWorld(t, nil, map[string]any{"open(door1)": true})
	if p := w.Path("u"); p != nil {
		t.Fatalf("before the first tick: path %v, want none", p)
	}
	want := [][]space.Cell{
		{{X: 3, Y: 1}, {X: 4, Y: 1}, {X: 5, Y: 1}},
		{{X: 4, Y: 1}, {X: 5, Y: 1}},
		{{X: 5, Y: 1}},
		nil, // arrived
	}
	for k, ahead := range want {
		w.Step()
		if p := w.Path("u"); !slices.Equal(p, ahead) {
			at, _ := w.Position("u")
			t.Fatalf("tick %d, at %v: path %v, want %v", k+1, at, p, ahead)
		}
	}
	if p := w.Path("nobody"); p != nil {
		t.Fatalf("an unknown agent's path: %v", p)
	}
}
