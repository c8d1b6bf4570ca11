package sim_test

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/goap-go/goap"
	"github.com/goap-go/goap/agent"
	"github.com/goap-go/goap/agent/sim"
	"github.com/goap-go/goap/agent/simspec"
)

// randomWorld returns a random boolean domain and a simulation of two
// agents in it, with random durations, travel, senses and scripted
// changes.
func randomWorld(t *testing.T, seed uint64, onEvent func(*sim.World, agent.Event)) *sim.World {
	rng := rand.New(rand.NewPCG(seed, 2))
	nFacts := 3 + rng.IntN(5)
	fact := func() string { return fmt.Sprintf("f%d", rng.IntN(nFacts)) }
	spec := goap.Spec{Name: "random"}
	for i := range nFacts {
		spec.Facts = append(spec.Facts, goap.Bool(fmt.Sprintf("f%d", i)))
	}
	cfg := sim.Config{Duration: map[string]int{}, Travel: map[string]int{}}
	for i := range 3 + rng.IntN(6) {
		a := goap.Action{Name: fmt.Sprintf("A%d", i), Cost: float64(1 + rng.IntN(3)), Pre: goap.Conds{}, Effects: goap.Effects{}}
		for range rng.IntN(3) {
			a.Pre[fact()] = rng.IntN(2) == 0
		}
		for range 1 + rng.IntN(2) {
			a.Effects[fact()] = rng.IntN(2) == 0
		}
		spec.Actions = append(spec.Actions, a)
		cfg.Duration[a.Name] = rng.IntN(4)
		cfg.Travel[a.Name] = rng.IntN(3)
	}
	for i := range 1 + rng.IntN(3) {
		spec.Goals = append(spec.Goals, goap.Goal{Name: fmt.Sprintf("G%d", i), Priority: float64(rng.IntN(4)), Desired: goap.Conds{fact(): rng.IntN(2) == 0}})
	}
	d, err := goap.NewDomain(spec)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Domain = d
	for _, name := range []string{"a", "b"} {
		ag := simspec.Agent{Name: name, Backoff: float64(1 + rng.IntN(5)), Budget: rng.IntN(3)}
		if rng.IntN(2) == 0 {
			ag.Senses = []string{}
			for range rng.IntN(nFacts) {
				ag.Senses = append(ag.Senses, fact())
			}
		}
		cfg.Agents = append(cfg.Agents, ag)
	}
	for range rng.IntN(10) {
		cfg.Changes = append(cfg.Changes, simspec.WorldChange{Tick: 1 + rng.IntN(100), Set: map[string]any{fact(): rng.IntN(2) == 0}})
	}
	var w *sim.World
	cfg.OnEvent = func(e agent.Event) { onEvent(w, e) }
	if w, err = sim.New(cfg); err != nil {
		t.Fatal(err)
	}
	return w
}

// TestRandomWorlds: in random worlds that change under them, agents
// never start an action their belief does not allow, actions do fail in
// the world now and then, and two runs agree.
func TestRandomWorlds(t *testing.T) {
	n := 400
	if testing.Short() {
		n = 50
	}
	failed := 0
	for seed := range uint64(n) {
		check := func(w *sim.World, e agent.Event) {
			if e.Type != agent.EventActionStarted {
				return
			}
			for _, a := range w.Agents() {
				if a.Name() != e.Agent {
					continue
				}
				id, _ := a.Domain().ActionID(e.Action)
				if !a.Domain().Applicable(a.Blackboard().State(), id) {
					t.Errorf("seed %d tick %d: %s starts %s against its belief", seed, e.Tick, e.Agent, e.Action)
				}
			}
		}
		w := randomWorld(t, seed, check)
		w.Run(150)
		again := randomWorld(t, seed, func(*sim.World, agent.Event) {})
		again.Run(150)
		if !reflect.DeepEqual(w.Events(), again.Events()) || w.State().String() != again.State().String() {
			t.Fatalf("seed %d: two runs differ", seed)
		}
		for _, e := range w.Events() {
			if e.Type == agent.EventActionFailed {
				failed++
			}
		}
	}
	if failed == 0 {
		t.Error("no action ever failed in the world: the test does not reach that path")
	}
}
