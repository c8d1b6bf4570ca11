package sim_test

import (
	"strings"
	"testing"

	"github.com/goap-go/goap"
	"github.com/goap-go/goap/agent/sim"
	"github.com/goap-go/goap/agent/simspec"
	"github.com/goap-go/goap/space"
)

// raceWorld: agents a and b race to claim a flag; whoever acts first in
// tick 1 takes it.
func raceWorld(t *testing.T, seed uint64, shuffle bool) string {
	t.Helper()
	d, err := goap.NewDomain(goap.Spec{Name: "race",
		Facts: []goap.Fact{{Name: "winner", Kind: goap.EnumFact, Values: []string{"none", "a", "b"}}},
		Actions: []goap.Action{
			{Name: "ClaimA", Cost: 1, Pre: goap.Conds{"winner": "none"}, Effects: goap.Effects{"winner": "a"}},
			{Name: "ClaimB", Cost: 1, Pre: goap.Conds{"winner": "none"}, Effects: goap.Effects{"winner": "b"}},
		},
		Goals: []goap.Goal{{Name: "A", Priority: 1, Desired: goap.Conds{"winner": "a"}}, {Name: "B", Priority: 1, Desired: goap.Conds{"winner": "b"}}},
	})
	if err != nil {
		t.Fatal(err)
	}
	w, err := sim.New(sim.Config{Domain: d, Seed: seed, ShuffleTurns: shuffle, Agents: []simspec.Agent{
		{Name: "a", Goals: []string{"A"}, Actions: []string{"ClaimA"}},
		{Name: "b", Goals: []string{"B"}, Actions: []string{"ClaimB"}},
	}})
	if err != nil {
		t.Fatal(err)
	}
	w.Step()
	v, _ := w.State().Value("winner")
	return v.(string)
}

// TestShuffleTurns: in file order the first agent always acts first;
// shuffled, each agent goes first on some seeds, and a seed always plays
// the same way.
func TestShuffleTurns(t *testing.T) {
	wins := map[string]int{}
	for seed := range uint64(40) {
		if got := raceWorld(t, seed, false); got != "a" {
			t.Fatalf("seed %d in file order: %s claimed first, want a", seed, got)
		}
		got := raceWorld(t, seed, true)
		if again := raceWorld(t, seed, true); again != got {
			t.Fatalf("seed %d shuffled: %s, then %s", seed, got, again)
		}
		wins[got]++
	}
	if wins["a"] < 10 || wins["b"] < 10 {
		t.Errorf("shuffled over 40 seeds: a first %d times, b %d", wins["a"], wins["b"])
	}
}

// TestSwapSpawns: on even seeds the paired points trade places: agents
// start at the other point and their own values naming a point name the
// other; on odd seeds nothing moves.
func TestSwapSpawns(t *testing.T) {
	legend := space.BasicLegend()
	legend['W'] = space.Symbol{Point: "west"}
	legend['E'] = space.Symbol{Point: "east"}
	g, err := space.Parse("#####\n#W.E#\n#####", legend)
	if err != nil {
		t.Fatal(err)
	}
	d, err := goap.NewDomain(goap.Spec{Name: "spawns",
		Facts:   []goap.Fact{{Name: "home", Kind: goap.EnumFact, Values: []string{"west", "east"}}},
		Actions: []goap.Action{{Name: "Wait", Cost: 1, Effects: goap.Effects{"x": true}}},
		Goals:   []goap.Goal{{Name: "G", Priority: 1, Desired: goap.Conds{"x": true}}},
	})
	if err != nil {
		t.Fatal(err)
	}
	west, _ := g.Point("west")
	east, _ := g.Point("east")
	for _, c := range []struct {
		seed          uint64
		blue, red     space.Cell
		blueHome      string
		pairs         [][2]string
		wantErrSubstr string
	}{
		{seed: 1, blue: west, red: east, blueHome: "west", pairs: [][2]string{{"west", "east"}}},
		{seed: 2, blue: east, red: west, blueHome: "east", pairs: [][2]string{{"west", "east"}}},
		{seed: 4, blue: east, red: west, blueHome: "east", pairs: [][2]string{{"east", "west"}}},
		{seed: 2, pairs: [][2]string{{"west", "north"}}, wantErrSubstr: `"north" is not a point of the map`},
		{seed: 2, pairs: [][2]string{{"west", "east"}, {"east", "west"}}, wantErrSubstr: "a point may be in one pair only"},
	} {
		w, err := sim.New(sim.Config{Domain: d, Map: g, Seed: c.seed, SwapSpawns: c.pairs, AgentFacts: []string{"home"},
			Agents: []simspec.Agent{
				{Name: "b", Side: "blue", At: &[2]int{west.X, west.Y}, Own: map[string]any{"home": "west"}},
				{Name: "r", Side: "red", At: &[2]int{east.X, east.Y}, Own: map[string]any{"home": "east"}},
			}})
		if c.wantErrSubstr != "" {
			if err == nil || !strings.Contains(err.Error(), c.wantErrSubstr) {
				t.Errorf("pairs %v: error %v, want %q", c.pairs, err, c.wantErrSubstr)
			}
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		b, _ := w.Position("b")
		r, _ := w.Position("r")
		own, _ := w.Own("b")
		home, _ := own.Value("home")
		if b != c.blue || r != c.red || home != c.blueHome {
			t.Errorf("seed %d, pairs %v: b at %v (home %v), r at %v; want b at %v (home %s), r at %v", c.seed, c.pairs, b, home, r, c.blue, c.blueHome, c.red)
		}
	}
}
