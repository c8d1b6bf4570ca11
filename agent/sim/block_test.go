package sim_test

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/goap-go/goap"
	"github.com/goap-go/goap/agent/sim"
	"github.com/goap-go/goap/agent/simspec"
	"github.com/goap-go/goap/space"
)

// hall: u walks from 1,1 to the far end of the top row (6 steps); the way
// around below takes 10. s stands where it is told, and dies when down(s).
const hall = `
#########
#.......#
#.#####.#
#.......#
#########`

// blockWorld runs u to `to` past s standing at `at`, with or without
// AgentsBlock, and returns the events.
func blockWorld(t *testing.T, block bool, at, to space.Cell, changes ...simspec.WorldChange) (*sim.World, string) {
	t.Helper()
	g, err := space.Parse(hall, space.BasicLegend())
	if err != nil {
		t.Fatal(err)
	}
	d, err := goap.NewDomain(goap.Spec{Name: "block",
		Facts:   []goap.Fact{goap.Bool("down(s)")},
		Actions: []goap.Action{{Name: "Go", Cost: 1, Effects: goap.Effects{"there": true}}},
		Goals: []goap.Goal{{Name: "Arrive", Priority: 1, Desired: goap.Conds{"there": true}},
			{Name: "Stay", Priority: 1, Desired: goap.Conds{"down(s)": false}}}, // met: s stands
	})
	if err != nil {
		t.Fatal(err)
	}
	w, err := sim.New(sim.Config{Domain: d, Map: g, AgentsBlock: block, Changes: changes,
		Places: map[string][2]int{"Go": {to.X, to.Y}}, Backoff: map[string]float64{"Go": 50},
		Agents: []simspec.Agent{
			{Name: "u", At: &[2]int{1, 1}, Goals: []string{"Arrive"}},
			{Name: "s", At: &[2]int{at.X, at.Y}, Goals: []string{"Stay"}, DiesWhen: map[string]any{"down(s)": true}},
		}})
	if err != nil {
		t.Fatal(err)
	}
	w.Run(30)
	return w, events(w)
}

// TestAgentsBlock: with AgentsBlock a standing agent is in the way: the
// walker goes around it, fails next to its place when it is taken, and
// walks through once it has died; without, agents pass through each
// other.
func TestAgentsBlock(t *testing.T) {
	end := space.Cell{X: 7, Y: 1}
	cases := []struct {
		name    string
		block   bool
		at, to  space.Cell
		changes []simspec.WorldChange
		want    string // in the events
		wantAt  space.Cell
	}{
		{"through without blocking", false, space.Cell{X: 4, Y: 1}, end, nil, "tick 6 u arrived", end},
		{"around the agent in the way", true, space.Cell{X: 4, Y: 1}, end, nil, "tick 10 u arrived", end},
		{"the place is taken", true, end, end, nil, "u action_failed Arrive Go: [7, 1] is taken by s", space.Cell{X: 6, Y: 1}},
		{"a taken place without blocking", false, end, end, nil, "tick 6 u arrived", end},
		{"the blocker dies on the way", true, space.Cell{X: 4, Y: 1}, end,
			// A step down the way around, then back up and straight on.
			[]simspec.WorldChange{{Tick: 2, Set: map[string]any{"down(s)": true}}}, "tick 8 u arrived", end},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			w, log := blockWorld(t, c.block, c.at, c.to, c.changes...)
			if !strings.Contains(log, c.want) {
				t.Errorf("want %q in\n%s", c.want, log)
			}
			if at, _ := w.Position("u"); at != c.wantAt {
				t.Errorf("u ends at %v, want %v", at, c.wantAt)
			}
		})
	}
}

// TestAgentsBlockNeverShare: agents crossing a small room to random
// places never stand on one cell, and the map's blockers are exactly
// where the agents stand, tick after tick.
func TestAgentsBlockNeverShare(t *testing.T) {
	const room = `
##########
#........#
#..#..#..#
#........#
#..#..#..#
#........#
##########`
	for seed := uint64(1); seed <= 40; seed++ {
		rng := rand.New(rand.NewPCG(seed, 7))
		g, err := space.Parse(room, space.BasicLegend())
		if err != nil {
			t.Fatal(err)
		}
		var free []space.Cell
		for y := range g.Height() {
			for x := range g.Width() {
				if c := (space.Cell{X: x, Y: y}); g.Walkable(c) {
					free = append(free, c)
				}
			}
		}
		rng.Shuffle(len(free), func(i, j int) { free[i], free[j] = free[j], free[i] })
		const n = 8
		spec := goap.Spec{Name: "crowd"}
		places := map[string][2]int{}
		var agents []simspec.Agent
		for i := range n {
			name := string(rune('a' + i))
			to := free[n+rng.IntN(len(free)-n)] // maybe another's goal too
			spec.Actions = append(spec.Actions, goap.Action{Name: "Go" + name, Cost: 1, Effects: goap.Effects{"at_" + name: true}})
			spec.Goals = append(spec.Goals, goap.Goal{Name: "Arrive" + name, Priority: 1, Desired: goap.Conds{"at_" + name: true}})
			places["Go"+name] = [2]int{to.X, to.Y}
			agents = append(agents, simspec.Agent{Name: name, At: &[2]int{free[i].X, free[i].Y}, Speed: 1 + float64(i%3)/2,
				Goals: []string{"Arrive" + name}, Actions: []string{"Go" + name}})
		}
		d, err := goap.NewDomain(spec)
		if err != nil {
			t.Fatal(err)
		}
		w, err := sim.New(sim.Config{Domain: d, Map: g, Places: places, AgentsBlock: true, Agents: agents})
		if err != nil {
			t.Fatal(err)
		}
		for tick := 1; tick <= 40; tick++ {
			w.Step()
			seen := map[space.Cell]string{}
			for _, a := range agents {
				c, _ := w.Position(a.Name)
				if other, ok := seen[c]; ok {
					t.Fatalf("seed %d tick %d: %s and %s both on %v", seed, tick, other, a.Name, c)
				}
				seen[c] = a.Name
			}
			for _, c := range free {
				if _, on := seen[c]; w.Map().Blocked(c) != on {
					t.Fatalf("seed %d tick %d: %v blocked %v, an agent there %v", seed, tick, c, w.Map().Blocked(c), on)
				}
			}
		}
	}
}
