package agent_test

import (
	"errors"
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
	twice := &agent.Scheduler{}
	ammo := fact(t, d, "ammo")
	b := a.Blackboard()
	// The core's own errors for the same mistakes: the blackboard's
	// wrap them.
	coreBounds := d.NewState().Set(ammo, 10)
	coreEnum := d.NewState().SetValue("at", "moon")
	if err := (&agent.Scheduler{}).Add(a); err != nil {
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
		{name: "Scheduler.Add", err: (&agent.Scheduler{}).Add(a), want: "agent: u: the agent already belongs to a scheduler"},
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
