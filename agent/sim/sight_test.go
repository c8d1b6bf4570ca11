package sim_test

import (
	"testing"

	"github.com/goap-go/goap"
	"github.com/goap-go/goap/agent/sim"
	"github.com/goap-go/goap/agent/simspec"
	"github.com/goap-go/goap/space"
)

// TestSight: agents see each other on the map within their range and
// through no wall, learn whether an enemy is in sight and whether they
// are in cover from the enemies in range, and which agents they have a
// clear shot at (in sight, not in cover from them).
func TestSight(t *testing.T) {
	const arena = `
#########
#b%...r.#
#.......#
#...#...#
#g..#..s#
#########`
	legend := space.BasicLegend()
	for _, c := range "brgs" {
		legend[c] = space.Symbol{Point: string(c)}
	}
	g, err := space.Parse(arena, legend)
	if err != nil {
		t.Fatal(err)
	}
	names := []string{"b", "r", "g", "s"}
	facts := []goap.Fact{goap.Bool("enemy_in_sight"), goap.Bool("in_cover")}
	for _, n := range names {
		facts = append(facts, goap.Bool("sees("+n+")"), goap.Bool("clear("+n+")"))
	}
	d, err := goap.NewDomain(goap.Spec{Name: "sight", Facts: facts,
		Actions: []goap.Action{{Name: "Wait", Cost: 1, Effects: goap.Effects{"done": true}}},
		Goals:   []goap.Goal{{Name: "Done", Desired: goap.Conds{"done": true}}}})
	if err != nil {
		t.Fatal(err)
	}
	agentFacts := []string{"enemy_in_sight", "in_cover"}
	for _, n := range names {
		agentFacts = append(agentFacts, "sees("+n+")", "clear("+n+")")
	}
	sides := map[string]string{"b": "blue", "g": "blue", "r": "red", "s": "red"}
	var agents []simspec.Agent
	for _, n := range names {
		c, _ := g.Point(n)
		agents = append(agents, simspec.Agent{Name: n, Side: sides[n], At: &[2]int{c.X, c.Y}, Sight: 6, Goals: []string{"Done"}})
	}
	w, err := sim.New(sim.Config{Domain: d, Map: g, AgentFacts: agentFacts, Agents: agents})
	if err != nil {
		t.Fatal(err)
	}
	w.Step()
	get := func(agent, fact string) bool {
		own, _ := w.Own(agent)
		v, _ := own.Value(fact)
		return v == true
	}
	cases := []struct {
		agent, fact string
		want        bool
	}{
		{"b", "sees(r)", true},  // the cover at 2,1 does not block sight
		{"b", "sees(g)", true},  // its own side
		{"b", "sees(s)", false}, // 6,3 away: out of range (octile 6.8)
		{"g", "sees(s)", false}, // the wall at 4,3-4 between them
		{"r", "sees(b)", true},  // sight is mutual
		{"b", "enemy_in_sight", true},
		{"b", "in_cover", true},  // the cover next to it, between it and r
		{"r", "in_cover", false}, // b sees r in the open
		{"g", "enemy_in_sight", false},
		{"g", "in_cover", true},  // no enemy within range sees g... s is behind the wall
		{"r", "clear(b)", false}, // b is behind the cover next to it
		{"b", "clear(r)", true},  // r stands in the open
		{"g", "clear(r)", false}, // out of range: not in sight, so no clear shot
		{"r", "clear(g)", false},
		{"b", "clear(g)", true}, // its own side, in the open
	}
	for _, c := range cases {
		if got := get(c.agent, c.fact); got != c.want {
			t.Errorf("%s: %s is %v, want %v", c.agent, c.fact, got, c.want)
		}
	}
}
