package sim_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/goap-go/goap"
	"github.com/goap-go/goap/agent"
	"github.com/goap-go/goap/agent/sim"
	"github.com/goap-go/goap/agent/simspec"
)

// duel is two gunmen who shoot at each other; a shot hits by chance.
func duel(t *testing.T, chance map[string]float64, seed uint64) *sim.World {
	t.Helper()
	d, err := goap.NewDomain(goap.Spec{Name: "duel",
		Objects: []goap.Object{{Name: "a", Type: "gunman"}, {Name: "b", Type: "gunman"}},
		Actions: []goap.Action{{Name: "Shoot", Cost: 1, Params: []goap.Param{{Name: "me", Type: "gunman"}, {Name: "foe", Type: "gunman"}},
			Pre:     goap.Conds{"=(?me,?foe)": false, "down(?me)": false, "down(?foe)": false},
			Effects: goap.Effects{"down(?foe)": true}}},
		Goals: []goap.Goal{{Name: "GetB", Priority: 1, Desired: goap.Conds{"down(b)": true}}, {Name: "GetA", Priority: 1, Desired: goap.Conds{"down(a)": true}}},
	})
	if err != nil {
		t.Fatal(err)
	}
	w, err := sim.New(sim.Config{Domain: d, Chance: chance, Seed: seed, Agents: []simspec.Agent{
		{Name: "a", Side: "blue", Goals: []string{"GetB"}, Actions: []string{"Shoot(a,b)"}, DiesWhen: map[string]any{"down(a)": true}, Backoff: 1},
		{Name: "b", Side: "red", Goals: []string{"GetA"}, Actions: []string{"Shoot(b,a)"}, DiesWhen: map[string]any{"down(b)": true}, Backoff: 1},
	}})
	if err != nil {
		t.Fatal(err)
	}
	return w
}

// events renders a world's events, one per line.
func events(w *sim.World) string {
	var b strings.Builder
	for _, e := range w.Events() {
		fmt.Fprintln(&b, e)
	}
	return b.String()
}

// TestChanceSeeds: a seed gives one run; different seeds give both
// outcomes; the loser dies and stops, and nothing follows its death.
func TestChanceSeeds(t *testing.T) {
	chance := map[string]float64{"Shoot": 0.3}
	wins := map[string]int{}
	for seed := uint64(1); seed <= 40; seed++ {
		w := duel(t, chance, seed)
		w.Run(200)
		again := duel(t, chance, seed)
		again.Run(200)
		if events(w) != events(again) {
			t.Fatalf("seed %d: two runs differ:\n%s\n---\n%s", seed, events(w), events(again))
		}
		winner := w.Winner()
		if winner == "" {
			t.Fatalf("seed %d: no winner after %d ticks (alive %v):\n%s", seed, w.Tick(), w.Alive(), events(w))
		}
		wins[winner]++
		loser := map[string]string{"blue": "b", "red": "a"}[winner]
		if !w.Dead(loser) || w.Dead(map[string]string{"blue": "a", "red": "b"}[winner]) {
			t.Fatalf("seed %d: %s won, dead a %v b %v", seed, winner, w.Dead("a"), w.Dead("b"))
		}
		died := slices.IndexFunc(w.Events(), func(e agent.Event) bool { return e.Type.String() == "died" })
		for _, e := range w.Events()[died+1:] {
			if e.Agent == loser && e.Type.String() != "plan_invalidated" {
				t.Fatalf("seed %d: %s acted after its death: %v", seed, loser, e)
			}
		}
	}
	if wins["blue"] == 0 || wins["red"] == 0 {
		t.Fatalf("40 seeds, wins %v: the chance decides nothing", wins)
	}
	// Without chances, the seed changes nothing: a shoots first.
	w1, w2 := duel(t, nil, 1), duel(t, nil, 2)
	w1.Run(50)
	w2.Run(50)
	if a, b := events(w1), events(w2); a != b || w1.Winner() != "blue" {
		t.Fatalf("without chances: winner %q, seeds change the run: %v", w1.Winner(), a != b)
	}
}

// TestDeathFailsOrders: a unit that died is out of its commander's
// orders: the ordering action fails (the unit reports failed), and the
// unit does nothing more.
func TestDeathFailsOrders(t *testing.T) {
	cfg := pincerConfig(t,
		simspec.OrderSpec{Squad: "blue", Goal: "FlankLeft", Bias: 1, Members: []string{"b1"}},
		simspec.OrderSpec{Squad: "blue", Goal: "FlankRight", Bias: 1, Members: []string{"b2"}})
	cfg.Agents[1].DiesWhen = map[string]any{"hit": true}
	cfg.Changes = []simspec.WorldChange{{Tick: 1, Set: map[string]any{"hit": true}}}
	w, err := sim.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	w.Run(10)
	log := events(w)
	for _, want := range []string{"b1 died: hit", "b1 report FlankLeft: failed", "cmd action_failed Win Pincer: b1 failed FlankLeft"} {
		if !strings.Contains(log, want) {
			t.Errorf("no %q in:\n%s", want, log)
		}
	}
	for _, e := range w.Events() {
		if e.Agent == "b1" && e.Type.String() == "action_started" {
			t.Errorf("dead b1 acted: %v", e)
		}
	}
}
