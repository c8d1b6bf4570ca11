package agent_test

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/goap-go/goap"
	"github.com/goap-go/goap/agent"
)

// TestActionBackoffDoubles pins the per-action back-off: an action that
// fails is left out of plans for Config.Backoff (or its Behavior.Backoff),
// each further failure doubles the wait, up to Config.MaxBackoff (or 16
// times Behavior.Backoff), and the action is not started again before
// its wait ends.
func TestActionBackoffDoubles(t *testing.T) {
	spec := goap.Spec{Name: "try",
		Actions: []goap.Action{{Name: "Try", Cost: 1, Effects: goap.Effects{"done": true}}},
		Goals:   []goap.Goal{{Name: "Done", Priority: 1, Desired: goap.Conds{"done": true}}},
	}
	fail := func(*agent.Call) agent.Outcome { return agent.Failure }
	cases := []struct {
		name                string
		backoff, maxBackoff float64 // Config's
		behavior            float64 // Behavior.Backoff of Try
		want                []float64
	}{
		{name: "Config.Backoff, capped at MaxBackoff", backoff: 2, maxBackoff: 8, want: []float64{2, 4, 8, 8, 8}},
		{name: "default MaxBackoff is 16 times Backoff", backoff: 1, want: []float64{1, 2, 4, 8, 16, 16}},
		// The goal's own retries stay short (Config's 0.5, at most 8):
		// Behavior.Backoff replaces Config's for the action, cap
		// included.
		{name: "Behavior.Backoff, capped at 16 times", backoff: 0.5, behavior: 1, want: []float64{1, 2, 4, 8, 16, 16}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := mustDomain(t, spec)
			var fails, starts []agent.Event
			a, err := agent.New(agent.Config{Name: "a", Domain: d, Goals: goals(t, d, "Done"),
				Backoff: c.backoff, MaxBackoff: c.maxBackoff,
				Behaviors: map[string]agent.Behavior{"Try": {Perform: fail, Backoff: c.behavior}},
				OnEvent: func(e agent.Event) {
					switch e.Type {
					case agent.EventActionFailed:
						fails = append(fails, e)
					case agent.EventActionStarted:
						starts = append(starts, e)
					}
				}})
			if err != nil {
				t.Fatal(err)
			}
			for tick := 0; tick < 200 && len(fails) < len(c.want); tick++ {
				a.Update(1)
			}
			var waits []float64
			for i, e := range fails {
				_, until, ok := strings.Cut(e.Reason, "not planned again before ")
				u, err := strconv.ParseFloat(until, 64)
				if !ok || err != nil {
					t.Fatalf("failure %d: reason %q names no end of the wait", i+1, e.Reason)
				}
				waits = append(waits, u-e.Time)
				// The next start waits for the ban to end.
				if i+1 < len(starts) && starts[i+1].Time < u {
					t.Errorf("Try started again at %v, banned until %v", starts[i+1].Time, u)
				}
			}
			if !slices.Equal(waits, c.want) {
				t.Errorf("waits after each failure %v, want %v", waits, c.want)
			}
		})
	}
}

// TestActionBackoffResetsOnSuccess pins "in a row": a success ends the
// run of failures, so the next failure waits Config.Backoff again.
func TestActionBackoffResetsOnSuccess(t *testing.T) {
	spec := goap.Spec{Name: "try",
		Actions: []goap.Action{{Name: "Try", Cost: 1, Effects: goap.Effects{"done": true}}},
		Goals:   []goap.Goal{{Name: "Done", Priority: 1, Desired: goap.Conds{"done": true}}},
	}
	d := mustDomain(t, spec)
	done, _ := d.FactID("done")
	outcomes := []agent.Outcome{agent.Failure, agent.Failure, agent.Success, agent.Failure}
	calls := 0
	perform := func(*agent.Call) agent.Outcome {
		o := outcomes[min(calls, len(outcomes)-1)]
		calls++
		return o
	}
	var waits []float64
	a, err := agent.New(agent.Config{Name: "a", Domain: d, Goals: goals(t, d, "Done"), Backoff: 1,
		Behaviors: map[string]agent.Behavior{"Try": {Perform: perform}},
		OnEvent: func(e agent.Event) {
			if e.Type == agent.EventActionFailed {
				_, until, _ := strings.Cut(e.Reason, "not planned again before ")
				u, err := strconv.ParseFloat(until, 64)
				if err != nil {
					t.Fatalf("reason %q names no end of the wait", e.Reason)
				}
				waits = append(waits, u-e.Time)
			}
		}})
	if err != nil {
		t.Fatal(err)
	}
	for tick := 0; tick < 100 && len(waits) < 3; tick++ {
		a.Update(1)
		if a.Blackboard().Bool(done) {
			a.Blackboard().SetBool(done, false) // the goal comes back
		}
	}
	if want := []float64{1, 2, 1}; !slices.Equal(waits, want) {
		t.Errorf("waits after each failure %v, want %v (the success in between resets the wait)", waits, want)
	}
}
