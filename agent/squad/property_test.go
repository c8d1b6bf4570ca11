package squad_test

import (
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/goap-go/goap/agent"
	"github.com/goap-go/goap/agent/squad"
)

// randomOrders returns one to four random orders to three flankers: any
// of their goals (and now and then one they lack), positive, zero or
// negative biases, some or all units, with or without a timeout.
func randomOrders(rng *rand.Rand) []squad.Order {
	goals := []string{"Arrive", "FlankLeft", "FlankRight", "Heal", "Watch", "Charge"}
	biases := []float64{-20, -3, 0, 0.5, 1, 8}
	var out []squad.Order
	for range 1 + rng.IntN(4) {
		o := squad.Order{Goal: goals[rng.IntN(len(goals)-1+rng.IntN(2))], Bias: biases[rng.IntN(len(biases))], Timeout: float64(rng.IntN(3) * 3)}
		if rng.IntN(3) > 0 {
			o.Units = []int{}
			for i := range 3 {
				if rng.IntN(2) == 0 {
					o.Units = append(o.Units, i)
				}
			}
		}
		if rng.IntN(2) == 0 {
			sides := []string{"left", "right", "none"}
			o.Target = to(sides[rng.IntN(3)], sides[rng.IntN(3)], sides[rng.IntN(3)])
		}
		out = append(out, o)
	}
	return out
}

// TestRandomOrders: whatever the orders, once the ordering action is
// over no unit keeps a bias from it; it succeeds only when every unit
// it waits for (a bias of 0 or more) has last reported its goal
// completed or already met, and it fails on a unit's failure only when
// that unit reported the goal failed. Two runs agree.
func TestRandomOrders(t *testing.T) {
	n := 300
	if testing.Short() {
		n = 50
	}
	outcomes := map[string]int{}
	for seed := range uint64(n) {
		run := func() []string {
			rng := rand.New(rand.NewPCG(seed, 7))
			orders := randomOrders(rng)
			slow := rng.IntN(4)
			f := newFlankers(t, 3, orders, func(i int, c *agent.Config) {
				if i == 0 && rng.IntN(2) == 0 {
					c.Belief = mustState(t, c.Domain, map[string]any{"hurt": true})
				}
				c.Default = agent.Behavior{Perform: func(c *agent.Call) agent.Outcome {
					if c.Frame < slow {
						return agent.Continue
					}
					return agent.Success
				}}
			})
			seen := 0
			for tick := 1; tick <= 12; tick++ {
				f.tick()
				if _, running := f.leader.Action(); !running {
					for _, u := range f.units {
						for _, o := range orders {
							if b := u.Bias(o.Goal); b != 0 {
								t.Fatalf("seed %d tick %d: %s keeps bias %v on %s after the action", seed, tick, u.Name(), b, o.Goal)
							}
						}
					}
				}
				for _, e := range f.log.Events[seen:] {
					if e.Agent != "cmd" || e.Action != "Assault" {
						continue
					}
					switch e.Type {
					case agent.EventActionFinished:
						outcomes["finished"]++
						checkAllDone(t, seed, f, orders, e.Tick)
					case agent.EventActionFailed:
						outcomes["failed"]++
						if unit, rest, ok := strings.Cut(e.Reason, " failed "); ok && !strings.Contains(unit, " ") {
							goal := strings.TrimRight(strings.Fields(rest)[0], ";")
							if last := lastReport(f, unit, goal, e.Tick); last != agent.Failed.String() {
								t.Fatalf("seed %d tick %d: the action failed on %s's %s, whose last report is %q", seed, e.Tick, unit, goal, last)
							}
						}
					}
				}
				seen = len(f.log.Events)
			}
			return f.log.Strings()
		}
		if a, b := run(), run(); !reflect.DeepEqual(a, b) {
			t.Fatalf("seed %d: two runs differ", seed)
		}
	}
	if outcomes["finished"] == 0 || outcomes["failed"] == 0 {
		t.Errorf("outcomes %v: the orders do not reach both ends", outcomes)
	}
}

// checkAllDone checks that at tick, when the action succeeded, every
// unit it waits for has last reported completion (or a met goal) on the
// goal it was ordered.
func checkAllDone(t *testing.T, seed uint64, f *flankers, orders []squad.Order, tick int) {
	t.Helper()
	for _, o := range orders {
		if o.Bias < 0 {
			continue
		}
		units := o.Units
		if units == nil {
			units = []int{0, 1, 2}
		}
		for _, i := range units {
			name := f.units[i].Name()
			if last := lastReport(f, name, o.Goal, tick); last != agent.Completed.String() && last != agent.AlreadySatisfied.String() {
				t.Fatalf("seed %d tick %d: the action succeeded while %s's last report on %s is %q", seed, tick, name, o.Goal, last)
			}
		}
	}
}

// lastReport returns the kind of unit's last report on goal by tick,
// since the commander last started its action ("" for none).
func lastReport(f *flankers, unit, goal string, tick int) string {
	last := ""
	for _, e := range f.log.Events {
		switch {
		case e.Tick > tick:
			return last
		case e.Agent == "cmd" && e.Type == agent.EventActionStarted:
			last = ""
		case e.Type == agent.EventReport && e.Agent == unit && e.Goal == goal:
			last, _, _ = strings.Cut(e.Reason, " ")
		}
	}
	return last
}
