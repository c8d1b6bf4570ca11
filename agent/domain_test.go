package agent_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/goap-go/goap"
	"github.com/goap-go/goap/agent"
)

// aimSpec aims at an enemy, then shoots it; aiming at r1 is cheaper.
func aimSpec() goap.Spec {
	return goap.Spec{Name: "aim",
		Objects: []goap.Object{{Name: "r1", Type: "enemy"}, {Name: "r2", Type: "enemy"}},
		Actions: []goap.Action{
			{Name: "Aim", Params: []goap.Param{{Name: "t", Type: "enemy"}},
				Pre: goap.Conds{"alive(?t)": true}, Effects: goap.Effects{"aimed(?t)": true},
				ArgCost: func(args []string) float64 { return map[string]float64{"r1": 1, "r2": 3}[args[0]] }},
			{Name: "Shoot", Cost: 1, Params: []goap.Param{{Name: "t", Type: "enemy"}},
				Pre: goap.Conds{"aimed(?t)": true, "alive(?t)": true}, Effects: goap.Effects{"alive(?t)": false, "safe": true}},
		},
		Goals: []goap.Goal{{Name: "Safe", Priority: 1, Desired: goap.Conds{"safe": true}}},
	}
}

// TestSetDomainRemovedTarget removes the enemy the agent is aiming at:
// object_removed names it and the action, the plan is dropped (the
// running Aim aborted), and the next update plans against the other
// enemy. Removing the other enemy instead leaves the plan as it is.
func TestSetDomainRemovedTarget(t *testing.T) {
	for _, c := range []struct {
		remove string
		want   []string // events after SetDomain, through the next update's plan
		plan   []string
	}{
		{"r1", []string{
			"tick 1 soldier object_removed Safe Aim(r1): object r1 was removed",
			"tick 1 soldier plan_invalidated Safe Aim(r1): the plan uses Aim(r1), which the domain no longer has",
			"tick 2 soldier plan_made Safe [Aim(r2) Shoot(r2)]: cost 4",
		}, []string{"Aim(r2)", "Shoot(r2)"}},
		{"r2", nil, []string{"Aim(r1)", "Shoot(r1)"}},
	} {
		t.Run(c.remove, func(t *testing.T) {
			d := mustDomain(t, aimSpec())
			var log agent.Log
			var aborted []string
			aim := agent.Behavior{
				Perform: func(call *agent.Call) agent.Outcome { return agent.Continue },
				Abort:   func(call *agent.Call) { aborted = append(aborted, call.Lifted+strings.Join(call.Args, ",")) },
			}
			a, err := agent.New(agent.Config{Name: "soldier", Domain: d, Goals: goals(t, d, "Safe"),
				Belief:    mustState(t, d, map[string]any{"alive(r1)": true, "alive(r2)": true}),
				Behaviors: map[string]agent.Behavior{"Aim": aim}, OnEvent: log.Add})
			if err != nil {
				t.Fatal(err)
			}
			a.Update(1)
			if got := d.ActionNames(a.Plan()); !slices.Equal(got, []string{"Aim(r1)", "Shoot(r1)"}) {
				t.Fatalf("first plan %v", got)
			}
			if err := a.Blackboard().SetValue("aimed(r2)", false); err != nil { // a write: its time must carry over
				t.Fatal(err)
			}
			next, err := d.WithObjects(goap.ObjectChange{Remove: []string{c.remove}})
			if err != nil {
				t.Fatal(err)
			}
			log.Reset()
			if err := a.SetDomain(next); err != nil {
				t.Fatal(err)
			}
			a.Update(1)
			var got []string
			for _, e := range log.Strings() {
				if !strings.Contains(e, "action_started") {
					got = append(got, e)
				}
			}
			if !slices.Equal(got, c.want) {
				t.Errorf("events\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(c.want, "\n"))
			}
			if got := next.ActionNames(a.Plan()); !slices.Equal(got, c.plan) {
				t.Errorf("plan %v, want %v", got, c.plan)
			}
			if a.Domain() != next || a.Blackboard().Domain() != next || a.Goal().Domain() != next {
				t.Error("the agent, its blackboard or its goal is still on the old domain")
			}
			if _, ok := a.Blackboard().Value("alive(" + c.remove + ")"); ok {
				t.Errorf("the belief still has alive(%s)", c.remove)
			}
			other := map[string]string{"r1": "r2", "r2": "r1"}[c.remove]
			if v, _ := a.Blackboard().Value("alive(" + other + ")"); v != true {
				t.Errorf("alive(%s) is %v after SetDomain", other, v)
			}
			if c.remove == "r1" {
				if !slices.Equal(aborted, []string{"Aimr1"}) {
					t.Errorf("aborted %v, want Aim(r1)", aborted)
				}
				if _, ok := a.Blackboard().WrittenAt(fact(t, next, "aimed(r2)")); !ok {
					t.Error("aimed(r2)'s write time was lost")
				}
			} else if len(aborted) > 0 {
				t.Errorf("aborted %v", aborted)
			}
		})
	}
}

// TestSetDomainErrors: a domain without the agent's goal is refused, and
// the agent stays on its own.
func TestSetDomainErrors(t *testing.T) {
	d := mustDomain(t, aimSpec())
	a, err := agent.New(agent.Config{Name: "soldier", Domain: d, Goals: goals(t, d, "Safe")})
	if err != nil {
		t.Fatal(err)
	}
	other := mustDomain(t, pirateSpec)
	if err := a.SetDomain(other); !errors.Is(err, agent.ErrDomainGoals) || !strings.Contains(err.Error(), "Safe") {
		t.Errorf("SetDomain(pirate) = %v, want ErrDomainGoals naming Safe", err)
	}
	if a.Domain() != d {
		t.Error("the agent left its domain")
	}
	if err := a.SetDomain(nil); err == nil {
		t.Error("SetDomain(nil) succeeded")
	}
}
