package sim_test

import (
	"reflect"
	"testing"

	"github.com/goap-go/goap"
	"github.com/goap-go/goap/agent/sim"
	"github.com/goap-go/goap/agent/simspec"
	"github.com/goap-go/goap/space"
)

// knowledgeWorld: blue's commander c (no body, no sight) and scouts a and
// b; a sees r through the open door, b is behind a wall and sees nobody;
// lone red r sees a. The door shuts at tick 3, r dies at tick 9. The
// corner cell 0,0 is floor, next to a: c, who has no place, is not seen
// there.
func knowledgeWorld(t *testing.T, memory float64) *sim.World {
	t.Helper()
	const arena = `
..#######
..../...#
######..#
#......##
#########`
	g, err := space.Parse(arena, space.BasicLegend())
	if err != nil {
		t.Fatal(err)
	}
	names := []string{"c", "a", "b", "r"}
	facts := []goap.Fact{goap.Bool("enemy_known"), goap.Bool("open(door1)"), goap.Bool("down(r)")}
	agentFacts := []string{"enemy_known"}
	for _, n := range names {
		facts = append(facts, goap.Bool("known("+n+")"), goap.Int("seen_ago("+n+")", 0, 5, 0), goap.Bool("sees("+n+")"))
		agentFacts = append(agentFacts, "known("+n+")", "seen_ago("+n+")", "sees("+n+")")
	}
	d, err := goap.NewDomain(goap.Spec{Name: "knowledge", Facts: facts,
		Actions: []goap.Action{{Name: "Wait", Cost: 1, Effects: goap.Effects{"done": true}}},
		Goals:   []goap.Goal{{Name: "Done", Desired: goap.Conds{"done": true}}}})
	if err != nil {
		t.Fatal(err)
	}
	at := func(x, y int) *[2]int { return &[2]int{x, y} }
	agents := []simspec.Agent{
		{Name: "c", Side: "blue", Goals: []string{"Done"}},
		{Name: "a", Side: "blue", At: at(1, 1), Sight: 10, Goals: []string{"Done"}},
		{Name: "b", Side: "blue", At: at(1, 3), Sight: 10, Goals: []string{"Done"}},
		{Name: "r", Side: "red", At: at(7, 1), Sight: 10, Goals: []string{"Done"}, DiesWhen: map[string]any{"down(r)": true}},
	}
	w, err := sim.New(sim.Config{Domain: d, Map: g, AgentFacts: agentFacts, Agents: agents,
		Start:   mustState(t, d, map[string]any{"open(door1)": true}),
		Squads:  []simspec.SquadSpec{{Name: "blue", Commander: "c", Members: []string{"a", "b"}, Memory: memory}},
		Changes: []simspec.WorldChange{{Tick: 3, Set: map[string]any{"open(door1)": false}}, {Tick: 9, Set: map[string]any{"down(r)": true}}},
	})
	if err != nil {
		t.Fatal(err)
	}
	return w
}

func mustState(t *testing.T, d *goap.Domain, v map[string]any) goap.State {
	t.Helper()
	s, err := d.State(v)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestSharedKnowledge: what a scout sees, its squad (and its commander,
// who sees nothing) knows, with the sighting's age, for the squad's
// memory; the enemy keeps its own picture; a dead agent is forgotten.
func TestSharedKnowledge(t *testing.T) {
	w := knowledgeWorld(t, 4)
	type row struct{ c, b, a, r string }
	facts := func(agent string) string {
		own, _ := w.Own(agent)
		get := func(f string) any { v, _ := own.Value(f); return v }
		s := ""
		if get("enemy_known") == true {
			s += "E"
		}
		for _, n := range []string{"c", "a", "b", "r"} {
			if get("known("+n+")") == true {
				s += " " + n + "@" + string(rune('0'+get("seen_ago("+n+")").(int)))
			}
		}
		return s
	}
	// Ticks 1-2 a sees r (age 0); the door shuts at 3: the sighting of
	// tick 2 ages, and goes after 4 ticks (tick 7). The commander acts
	// first, so it learns a tick late; r keeps its own picture (a, capped
	// at seen_ago's bound 5).
	want := []row{
		1: {c: "", b: "E r@0", a: "E r@0", r: "E a@0"},
		2: {c: "E r@1", b: "E r@0", a: "E r@0", r: "E a@0"},
		3: {c: "E r@1", b: "E r@1", a: "E r@1", r: "E a@1"},
		4: {c: "E r@2", b: "E r@2", a: "E r@2", r: "E a@2"},
		6: {c: "E r@4", b: "E r@4", a: "E r@4", r: "E a@4"},
		7: {c: "", b: "", a: "", r: "E a@5"},
		8: {c: "", b: "", a: "", r: "E a@5"},
	}
	for tick := 1; tick < len(want); tick++ {
		w.Step()
		if want[tick] == (row{}) {
			continue
		}
		got := row{c: facts("c"), b: facts("b"), a: facts("a"), r: facts("r")}
		if got != want[tick] {
			t.Errorf("tick %d: %+v, want %+v", tick, got, want[tick])
		}
	}
	pic, ok := w.Picture("blue")
	if !ok || len(pic) != 0 {
		t.Errorf("blue's picture at tick 8: %v, %v; want nothing known", pic, ok)
	}
	red, ok := w.Picture("r")
	want1 := []sim.Sighting{{Agent: "a", By: "r", Cell: space.Cell{X: 1, Y: 1}, Tick: 2}}
	if !ok || !reflect.DeepEqual(red, want1) {
		t.Errorf("r's picture: %v, %v; want %v", red, ok, want1)
	}
	if _, ok := w.Picture("a"); ok {
		t.Error("a squad member has a picture of its own")
	}
}

// TestSharedKnowledgeForgetsTheDead: with no memory limit the sighting
// stays until the agent seen dies.
func TestSharedKnowledgeForgetsTheDead(t *testing.T) {
	w := knowledgeWorld(t, 0)
	w.Run(8) // up to tick 8
	if pic, _ := w.Picture("blue"); len(pic) != 1 || pic[0].Agent != "r" || pic[0].By != "a" || pic[0].Tick != 2 {
		t.Errorf("blue's picture at tick 8: %v; want r seen by a at tick 2", pic)
	}
	w.Step() // tick 9: r dies
	if pic, _ := w.Picture("blue"); len(pic) != 0 {
		t.Errorf("blue's picture after r died: %v; want nothing", pic)
	}
}
