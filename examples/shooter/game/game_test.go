package game

import (
	"os"
	"testing"
)

// TestCrates: the soldier of examples/crates_sim.yaml walks from its start
// to the near crate, cell by cell, and the model shows where it is, what
// it pursues and what is left of its plan.
func TestCrates(t *testing.T) {
	g, err := Load("../../crates_sim.yaml", 1)
	if err != nil {
		t.Fatal(err)
	}
	start := g.Units()[0].At
	g.Step()
	u := g.Units()[0]
	if u.Name != "soldier" || u.Goal != "Arm" || len(u.Plan) != 2 || u.Plan[0] != "Walk(crate1)" {
		t.Fatalf("after a tick: %+v", u)
	}
	if u.At == start {
		t.Fatalf("the soldier did not move from %v", start)
	}
	for g.Tick() < 10 {
		g.Step()
	}
	if at := g.Units()[0].At; at.X != 10 || at.Y != 1 {
		t.Fatalf("the soldier ends at %v, want the near crate (10,1)", at)
	}
	if g.Map() == nil || g.Map().Width() != 12 {
		t.Fatal("no map")
	}
}

// TestSkirmish: the built-in scene loads; blue and red walk to their posts
// and see each other once no wall is between them.
func TestSkirmish(t *testing.T) {
	data, err := os.ReadFile("../scenes/skirmish.yaml")
	if err != nil {
		t.Fatal(err)
	}
	g, err := Parse("skirmish.yaml", data, 1)
	if err != nil {
		t.Fatal(err)
	}
	for g.Tick() < 20 {
		g.Step()
	}
	for _, u := range g.Units() {
		if u.Goal != "" || len(u.Plan) != 0 {
			t.Errorf("%s still pursues %q with %v", u.Name, u.Goal, u.Plan)
		}
	}
	if len(g.Units()) != 2 || g.Units()[0].Side != "blue" || g.Units()[1].Side != "red" {
		t.Fatalf("units %+v", g.Units())
	}
}
