package agent_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/goap-go/goap"
	"github.com/goap-go/goap/agent"
)

// pirateSpec is Pittman's pirate, without the lawful ways.
var pirateSpec = goap.Spec{Name: "pirate",
	Actions: []goap.Action{
		{Name: "DrinkRum", Cost: 1, Pre: goap.Conds{"has_rum": true}, Effects: goap.Effects{"has_rum": false, "drunk": true}},
		{Name: "StealRum", Cost: 1, Pre: goap.Conds{"bottle_available": true}, Effects: goap.Effects{"bottle_available": false, "has_rum": true}},
		{Name: "CollectMolasses", Cost: 3, Pre: goap.Conds{"has_molasses": false}, Effects: goap.Effects{"has_molasses": true}},
		{Name: "BrewRum", Cost: 3, Pre: goap.Conds{"has_molasses": true}, Effects: goap.Effects{"has_molasses": false, "has_rum": true}},
		{Name: "Idle", Cost: 1},
	},
	Goals: []goap.Goal{
		{Name: "GetDrunk", Priority: 1, Desired: goap.Conds{"drunk": true}},
		{Name: "Sober", Priority: 0, Desired: goap.Conds{"drunk": false}},
	},
}

// fightSpec has two goals that compete: looting and fighting, a goal
// nothing reaches (Fly), and a way out (Flee).
var fightSpec = goap.Spec{Name: "fight",
	Actions: []goap.Action{
		{Name: "Explore", Cost: 4, Pre: goap.Conds{"in_danger": false}, Effects: goap.Effects{"house_in_sight": true}},
		{Name: "Loot", Cost: 3, Pre: goap.Conds{"house_in_sight": true, "in_danger": false}, Effects: goap.Effects{"looted": true}},
		{Name: "Shoot", Cost: 2, Pre: goap.Conds{"in_danger": true, "armed": true}, Effects: goap.Effects{"in_danger": false}},
		{Name: "Run", Cost: 1, Pre: goap.Conds{"in_danger": true}, Effects: goap.Effects{"safe": true}},
		{Name: "Wait", Cost: 1},
	},
	Goals: []goap.Goal{
		{Name: "Eliminate", Priority: 160, Desired: goap.Conds{"in_danger": false}},
		{Name: "LootHouse", Priority: 50, Desired: goap.Conds{"looted": true}},
		{Name: "Fly", Priority: 200, Desired: goap.Conds{"flying": true}},
		{Name: "Flee", Priority: 1, Desired: goap.Conds{"safe": true}},
	},
}

func mustDomain(t testing.TB, spec goap.Spec) *goap.Domain {
	t.Helper()
	d, err := goap.NewDomain(spec)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func mustState(t testing.TB, d *goap.Domain, values map[string]any) goap.State {
	t.Helper()
	s, err := d.State(values)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func goals(t testing.TB, d *goap.Domain, names ...string) []agent.Goal {
	t.Helper()
	var out []agent.Goal
	for _, n := range names {
		g, ok := d.Goal(n)
		if !ok {
			t.Fatalf("no goal %s", n)
		}
		out = append(out, agent.NewGoal(g))
	}
	return out
}

func fact(t testing.TB, d *goap.Domain, name string) goap.FactID {
	t.Helper()
	id, ok := d.FactID(name)
	if !ok {
		t.Fatalf("no fact %s", name)
	}
	return id
}

// takes returns a handler that runs for n calls and then succeeds.
func takes(n int) agent.Handler {
	return func(s *agent.Call) agent.Outcome {
		if s.Frame+1 < n {
			return agent.Continue
		}
		return agent.Success
	}
}

// world is a tiny world for tests: a state, a sensor that copies some of
// it to the blackboard, and scripted changes.
type world struct {
	state   goap.State
	facts   []goap.FactID // the facts the sensor copies; nil: none
	changes map[int]func(s goap.State)
	tick    int
}

// sensor copies the world's facts to the blackboard.
func (w *world) sensor() agent.Sensor {
	return agent.Sensor{Name: "eyes", Sense: func(b *agent.Blackboard) bool {
		for _, f := range w.facts {
			_ = b.Set(f, w.state.Get(f))
		}
		return false
	}}
}

// run advances the world and the agent n ticks.
func (w *world) run(a *agent.Agent, n int) {
	for range n {
		w.tick++
		if c := w.changes[w.tick]; c != nil {
			c(w.state)
		}
		a.Update(1)
	}
}

// checkEvents fails the test when the event lines got are not want.
func checkEvents(t *testing.T, got, want []string) {
	t.Helper()
	if !slices.Equal(got, want) {
		t.Errorf("events:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
