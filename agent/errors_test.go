package agent_test

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/goap-go/goap"
	"github.com/goap-go/goap/agent"
)

// TestErrorsWrapCauses: the package's errors say "agent: ..." on one
// line, and errors.Is and errors.Unwrap reach their causes.
func TestErrorsWrapCauses(t *testing.T) {
	d := mustDomain(t, goap.Spec{Name: "errs",
		Facts:   []goap.Fact{goap.Int("ammo", 0, 9, 3), goap.Enum("at", "home", "shop")},
		Actions: []goap.Action{{Name: "Reload", Cost: 1, Effects: goap.Effects{"ammo": 9}}},
		Goals:   []goap.Goal{{Name: "Full", Priority: 1, Desired: goap.Conds{"ammo": 9}}},
	})
	a, err := agent.New(agent.Config{Name: "u", Domain: d, Goals: goals(t, d, "Full")})
	if err != nil {
		t.Fatal(err)
	}
	v, err := agent.New(agent.Config{Name: "v", Domain: d, Goals: goals(t, d, "Full")})
	if err != nil {
		t.Fatal(err)
	}
	twice := &agent.Scheduler{Budget: 10}
	ammo := fact(t, d, "ammo")
	b := a.Blackboard()
	// The core's own errors for the same mistakes: the blackboard's
	// wrap them.
	coreBounds := d.NewState().Set(ammo, 10)
	coreEnum := d.NewState().SetValue("at", "moon")
	if err := (&agent.Scheduler{Budget: 10}).Add(a); err != nil {
		t.Fatal(err)
	}
	if coreBounds == nil || coreEnum == nil {
		t.Fatal("the core accepts what the test expects it to refuse")
	}

	cases := []struct {
		name  string
		err   error
		want  string // the whole message
		is    error  // errors.Is matches it, when set
		cause error  // errors.Unwrap gives an error with its message, when set
	}{
		// Recommend is what a squad's order calls: the commander sees
		// the unit's ErrUnknownGoal.
		{name: "Recommend", err: a.Recommend("Sleep", 1, nil), want: `agent: u: unknown goal "Sleep"`, is: agent.ErrUnknownGoal},
		{name: "SetBias", err: a.SetBias("Sleep", 1), want: `agent: u: unknown goal "Sleep"`, is: agent.ErrUnknownGoal},
		{name: "Write out of bounds", err: b.Set(ammo, 10), want: "agent: blackboard: " + coreBounds.Error(), cause: coreBounds},
		{name: "SetValue bad value", err: b.SetValue("at", "moon"), want: "agent: blackboard: " + coreEnum.Error(), cause: coreEnum},
		{name: "SetValue unknown fact", err: b.SetValue("nope", true), want: `agent: blackboard: unknown fact "nope"`},
		{name: "Write unknown ID", err: b.Set(goap.FactID(99), 1), want: "agent: blackboard: fact ID 99 is not one of the domain's 2 facts"},
		{name: "Scheduler.Add", err: (&agent.Scheduler{Budget: 10}).Add(a), want: "agent: u: the agent already belongs to a scheduler"},
		{name: "SetBias NaN", err: a.SetBias("Full", math.NaN()), want: `agent: u: goal "Full": bias must be finite, got NaN`},
		{name: "Recommend infinite", err: a.Recommend("Full", math.Inf(1), nil), want: `agent: u: goal "Full": bias must be finite, got +Inf`},
		{name: "Scheduler without a budget", err: (&agent.Scheduler{Slice: 5}).Add(v), want: "agent: scheduler: no budget: set Budget (expansions per frame) or TimeBudget, or its agents never plan"},
		{name: "Scheduler with a negative setting", err: (&agent.Scheduler{Budget: 10, Workers: -1}).Add(v), want: "agent: scheduler: Budget 10, Slice 0, Workers -1 and TimeBudget 0s must not be negative"},
		{name: "Scheduler.Add twice in one call", err: twice.Add(v, v), want: "agent: v: the agent is listed twice"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if c.err == nil || c.err.Error() != c.want {
				t.Fatalf("error %v, want %s", c.err, c.want)
			}
			if c.is != nil && !errors.Is(c.err, c.is) {
				t.Errorf("errors.Is(%v, %v) is false", c.err, c.is)
			}
			if c.cause != nil {
				if u := errors.Unwrap(c.err); u == nil || u.Error() != c.cause.Error() {
					t.Errorf("errors.Unwrap(%v) = %v, want the core's %v", c.err, u, c.cause)
				}
			}
		})
	}
}

// TestNewErrorOneLine: New reports all the problems of a Config on one
// line, and each one through Unwrap.
func TestNewErrorOneLine(t *testing.T) {
	d := mustDomain(t, fightSpec)
	g := goals(t, d, "Eliminate")
	for _, c := range []struct {
		name string
		want string
	}{
		{"x", `agent: x: unknown action "Shot" in Actions (did you mean "Shoot"?); Budget must be >= 0, got -1`},
		{"", `agent: unknown action "Shot" in Actions (did you mean "Shoot"?); Budget must be >= 0, got -1`},
	} {
		_, err := agent.New(agent.Config{Name: c.name, Domain: d, Goals: g, Actions: []string{"Shot"}, Budget: -1})
		if err == nil || err.Error() != c.want {
			t.Fatalf("error %v, want %s", err, c.want)
		}
		list, ok := err.(interface{ Unwrap() []error })
		if !ok {
			t.Fatalf("%T has no Unwrap() []error", err)
		}
		var got []string
		for _, e := range list.Unwrap() {
			got = append(got, e.Error())
		}
		if want := []string{`unknown action "Shot" in Actions (did you mean "Shoot"?)`, "Budget must be >= 0, got -1"}; strings.Join(got, "|") != strings.Join(want, "|") {
			t.Errorf("problems %q, want %q", got, want)
		}
	}
}

// TestNewRefusesMemoryBounded: an agent plans in steps, which IDA* does
// not offer, so New refuses the option instead of every search failing.
func TestNewRefusesMemoryBounded(t *testing.T) {
	d := mustDomain(t, goap.Spec{Name: "ida",
		Actions: []goap.Action{{Name: "Go", Cost: 1, Effects: goap.Effects{"done": true}}},
		Goals:   []goap.Goal{{Name: "Done", Priority: 1, Desired: goap.Conds{"done": true}}},
	})
	_, err := agent.New(agent.Config{Name: "u", Domain: d, Goals: goals(t, d, "Done"), Options: goap.Options{MemoryBounded: true}})
	if err == nil || !strings.Contains(err.Error(), "agent: u: Options.MemoryBounded is not supported for agents") {
		t.Fatalf("New with MemoryBounded: %v, want the refusal", err)
	}
}

// TestUpdateInsideUpdatePanics: an Update that finds another Update of
// the same agent running panics with a message that says so, as the
// Planner does, instead of corrupting the agent's plan; the agent works
// on afterwards.
func TestUpdateInsideUpdatePanics(t *testing.T) {
	d := mustDomain(t, goap.Spec{Name: "reenter",
		Actions: []goap.Action{{Name: "Go", Cost: 1, Effects: goap.Effects{"done": true}}},
		Goals:   []goap.Goal{{Name: "Done", Priority: 1, Desired: goap.Conds{"done": true}}},
	})
	var a *agent.Agent
	var got any
	reenter := true
	perform := func(*agent.Call) agent.Outcome {
		if reenter {
			reenter = false
			func() {
				defer func() { got = recover() }()
				a.Update(1)
			}()
		}
		return agent.Success
	}
	a, err := agent.New(agent.Config{Name: "u", Domain: d, Goals: goals(t, d, "Done"),
		Behaviors: map[string]agent.Behavior{"Go": {Perform: perform}}})
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 5; i++ {
		a.Update(1)
	}
	msg, _ := got.(string)
	if !strings.HasPrefix(msg, "agent: u: concurrent use of an Agent: Update was called while another Update of it was running") {
		t.Fatalf("the nested Update recovered %v, want the concurrent-use panic", got)
	}
	if !a.Blackboard().Bool(fact(t, d, "done")) {
		t.Error("the agent did not finish its plan after the refused nested Update")
	}
}
