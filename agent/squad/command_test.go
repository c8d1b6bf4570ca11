package squad_test

import (
	"testing"

	"github.com/goap-go/goap/agent"
	"github.com/goap-go/goap/agent/squad"
)

// TestCommand: standing orders from a commander that is not a planner (a
// player). An order reaches only the members it names, as a biased
// recommendation with its target; a hurt unit declines an order whose
// bias does not beat its own need, and takes one that does; a new order
// replaces the member's previous one; Release withdraws it; a bad order
// changes nothing.
func TestCommand(t *testing.T) {
	f := newFlankers(t, 2, nil, func(i int, c *agent.Config) {
		if i == 1 { // hurt, and bandaging takes a while
			c.Belief = mustState(t, c.Domain, map[string]any{"hurt": true})
			c.Behaviors = map[string]agent.Behavior{"Bandage": {Perform: func(c *agent.Call) agent.Outcome {
				if c.Frame < 5 {
					return agent.Continue
				}
				return agent.Success
			}}}
		}
	})
	units := func() {
		for _, u := range f.units {
			u.Update(1)
		}
	}
	b1, b2 := f.units[0], f.units[1]
	if err := f.squad.Command(f.leader, squad.Order{Goal: "Arrive", Bias: 1, Units: []int{0}, Target: to("left")}); err != nil {
		t.Fatal(err)
	}
	units()
	if at, _ := b1.Blackboard().Value("at"); at != "left" {
		t.Errorf("b1 at %v, want left", at)
	}
	if g, st := f.squad.Standing(0); g != "Arrive" || st != agent.Completed {
		t.Errorf("b1's standing order %q %v, want Arrive completed", g, st)
	}
	if g, _ := f.squad.Standing(1); g != "" || b2.Bias("Arrive") != 0 {
		t.Errorf("b2 was ordered %q (bias %v): the order named b1 only", g, b2.Bias("Arrive"))
	}

	// b2 is hurt: Heal (10) beats FlankRight with a bias of 1.
	if err := f.squad.Command(f.leader, squad.Order{Goal: "FlankRight", Bias: 1, Units: []int{1}}); err != nil {
		t.Fatal(err)
	}
	units()
	if _, st := f.squad.Standing(1); st != agent.Declined || b2.Goal() == nil || b2.Goal().Name() != "Heal" {
		t.Errorf("hurt b2 reports %v pursuing %v, want declined, healing", st, b2.Goal())
	}
	// With a bias beyond its need, it goes at once.
	if err := f.squad.Command(f.leader, squad.Order{Goal: "FlankRight", Bias: 20, Units: []int{1}}); err != nil {
		t.Fatal(err)
	}
	units()
	if _, st := f.squad.Standing(1); st != agent.Completed {
		t.Errorf("b2 reports %v on a bias of 20, want completed", st)
	}

	// A new order replaces b1's previous one.
	if err := f.squad.Command(f.leader, squad.Order{Goal: "FlankLeft", Bias: 2, Units: []int{0}}); err != nil {
		t.Fatal(err)
	}
	if b1.Bias("Arrive") != 0 || b1.Bias("FlankLeft") != 2 {
		t.Errorf("b1's biases Arrive %v FlankLeft %v, want 0 and 2", b1.Bias("Arrive"), b1.Bias("FlankLeft"))
	}
	f.squad.Release(0)
	if g, _ := f.squad.Standing(0); g != "" || b1.Bias("FlankLeft") != 0 {
		t.Errorf("released b1 keeps %q (bias %v)", g, b1.Bias("FlankLeft"))
	}

	for _, bad := range []squad.Order{{Goal: "Arrive", Bias: 1, Units: []int{2}}, {Goal: "Fly", Bias: 1}} {
		if err := f.squad.Command(f.leader, bad); err == nil {
			t.Errorf("order %+v was taken", bad)
		}
	}
	if err := f.squad.Command(nil, squad.Order{Goal: "Arrive", Bias: 1}); err == nil {
		t.Error("an order without a commander was taken")
	}
	if b1.Bias("Arrive") != 0 || b2.Bias("Arrive") != 0 {
		t.Error("a refused order changed a bias")
	}
	checkLines(t, f.events(agent.EventOrderIssued, agent.EventReport), []string{
		"tick 0 cmd order_issued Arrive: to b1 (bias 1, standing)",
		"tick 1 b1 report Arrive: picked to cmd",
		"tick 1 b1 report Arrive: completed to cmd",
		"tick 0 cmd order_issued FlankRight: to b2 (bias 1, standing)",
		"tick 2 b2 report FlankRight: declined to cmd",
		"tick 0 cmd order_issued FlankRight: to b2 (bias 20, standing)",
		"tick 3 b2 report FlankRight: picked to cmd",
		"tick 3 b2 report FlankRight: completed to cmd",
		"tick 0 cmd order_issued FlankLeft: to b1 (bias 2, standing)", // the commander, not a planner here, never updated
		"tick 3 b1 report FlankLeft: already_satisfied to cmd",
	})
}
