package agent_test

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/goap-go/goap"
	"github.com/goap-go/goap/agent"
)

// randomSpec returns a random boolean domain with a few goals.
func randomSpec(rng *rand.Rand) goap.Spec {
	nFacts := 3 + rng.IntN(6)
	name := func() string { return fmt.Sprintf("f%d", rng.IntN(nFacts)) }
	spec := goap.Spec{Name: "random"}
	for i := range 3 + rng.IntN(8) {
		a := goap.Action{Name: fmt.Sprintf("A%d", i), Cost: float64(1 + rng.IntN(4)), Pre: goap.Conds{}, Effects: goap.Effects{}}
		for range rng.IntN(3) {
			a.Pre[name()] = rng.IntN(2) == 0
		}
		for range 1 + rng.IntN(2) {
			a.Effects[name()] = rng.IntN(2) == 0
		}
		spec.Actions = append(spec.Actions, a)
	}
	for i := range 1 + rng.IntN(3) {
		g := goap.Goal{Name: fmt.Sprintf("G%d", i), Priority: float64(rng.IntN(5)), Desired: goap.Conds{}}
		for range 1 + rng.IntN(2) {
			g.Desired[name()] = rng.IntN(2) == 0
		}
		spec.Goals = append(spec.Goals, g)
	}
	return spec
}

// randomRun simulates one agent of a random domain in a world that
// changes under it at random: its sensor perturbs the belief and now and
// then interrupts, handlers take random times and sometimes fail. It
// reports every handler call made while the action's preconditions do
// not hold in the belief (on its start, while it moves to its target and
// on its first Perform call), and returns the event log.
func randomRun(t *testing.T, seed uint64, ticks int) []agent.Event {
	rng := rand.New(rand.NewPCG(seed, 1))
	spec := randomSpec(rng)
	d, err := goap.NewDomain(spec)
	if err != nil {
		t.Fatalf("seed %d: %v", seed, err)
	}
	var a *agent.Agent
	check := func(when string, id goap.ActionID) {
		if !d.Applicable(a.Blackboard().State(), id) {
			t.Errorf("seed %d tick %d: %s %s while its preconditions do not hold in %v",
				seed, a.Tick(), when, d.ActionName(id), a.Blackboard().State())
		}
	}
	// Each action takes a fixed random time and fails now and then.
	behaviors := map[string]agent.Behavior{}
	for i := range d.NumActions() {
		dur, travel := 1+rng.IntN(3), rng.IntN(3)
		b := agent.Behavior{Perform: func(s *agent.Call) agent.Outcome {
			if s.Frame == 0 {
				check("performs", s.Action)
			}
			if s.Frame+1 < dur {
				return agent.Continue
			}
			if rng.IntN(10) == 0 {
				return agent.Failure
			}
			return agent.Success
		}}
		if travel > 0 {
			b.MoveTo = func(s *agent.Call) agent.Outcome {
				check("moves to", s.Action)
				if s.Frame+1 < travel {
					return agent.Continue
				}
				return agent.Success
			}
		}
		behaviors[d.ActionName(goap.ActionID(i))] = b
	}
	nFacts := d.NumFacts()
	perturb := agent.Sensor{Name: "chaos", Interval: float64(rng.IntN(3)), Sense: func(b *agent.Blackboard) bool {
		if rng.IntN(3) == 0 {
			b.SetBool(goap.FactID(rng.IntN(nFacts)), rng.IntN(2) == 0)
		}
		return rng.IntN(20) == 0
	}}
	var gs []agent.Goal
	for _, g := range d.Goals() {
		goal := agent.NewGoal(g)
		switch rng.IntN(3) {
		case 0:
			f := goap.FactID(rng.IntN(nFacts))
			goal.Valid = func(b *agent.Blackboard) bool { return b.Bool(f) }
		case 1:
			goal.Relevancy = func(b *agent.Blackboard) float64 { return float64(b.Changes()%7) / 6 }
		}
		gs = append(gs, goal)
	}
	var log agent.Log
	cfg := agent.Config{Name: "r", Domain: d, Goals: gs, Behaviors: behaviors,
		Sensors: []agent.Sensor{perturb}, Margin: float64(rng.IntN(2)), Backoff: float64(1 + rng.IntN(3)),
		Budget: rng.IntN(3), GoalInterval: float64(rng.IntN(3)),
		OnEvent: func(e agent.Event) {
			if e.Type == agent.EventActionStarted {
				id, _ := d.ActionID(e.Action)
				check("starts", id)
			}
			log.Add(e)
		}}
	if rng.IntN(2) == 0 {
		cfg.Fallback = d.ActionName(goap.ActionID(rng.IntN(d.NumActions())))
	}
	if len(gs) > 1 && rng.IntN(2) == 0 {
		cfg.FallbackGoal, cfg.Goals = gs[len(gs)-1], gs[:len(gs)-1]
	}
	if a, err = agent.New(cfg); err != nil {
		t.Fatalf("seed %d: %v", seed, err)
	}
	for range ticks {
		a.Update(1)
	}
	return log.Events
}

// TestNeverStartsInapplicable: in random domains, with random changes to
// the belief, an agent never starts, moves towards or performs an action
// whose preconditions do not hold in what it believes.
func TestNeverStartsInapplicable(t *testing.T) {
	n := 1500
	if testing.Short() {
		n = 200
	}
	types := map[agent.EventType]int{}
	for seed := range uint64(n) {
		for _, e := range randomRun(t, seed, 200) {
			types[e.Type]++
		}
		if t.Failed() {
			return
		}
	}
	// The runs went through every kind of decision (their callbacks do
	// not panic: TestRecoverPanics covers that event; orders are package
	// squad's, tested there).
	for _, name := range agent.EventTypeNames() {
		typ, _ := agent.ParseEventType(name)
		if typ < agent.EventWorldChanged && types[typ] == 0 {
			t.Errorf("no %s event in %d runs", name, n)
		}
	}
	t.Logf("events: %v", types)
}

// TestDeterminism: two runs with the same inputs give the same events.
func TestDeterminism(t *testing.T) {
	for seed := range uint64(50) {
		first := randomRun(t, seed, 300)
		second := randomRun(t, seed, 300)
		if !reflect.DeepEqual(first, second) {
			t.Fatalf("seed %d: the runs differ", seed)
		}
	}
}
