package goap_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/goap-go/goap"
)

// TestResultFailure checks that every outcome that is not a plan comes
// with an error errors.Is recognises, and the plans with none.
func TestResultFailure(t *testing.T) {
	t.Parallel()
	d, start, goal, _ := loadBench(t, "guard")
	_, otherStart, _, _ := loadBench(t, "trap")
	big, bigStart, bigGoal, _ := loadBench(t, "synth_large")
	unsolvable, uStart, uGoal, _ := loadBench(t, "guard_unsolvable")
	expired, cancel := context.WithDeadline(context.Background(), time.Unix(0, 0))
	defer cancel()
	ctx := context.Background()
	cases := []struct {
		name    string
		d       *goap.Domain
		opts    goap.Options
		ctx     context.Context
		start   goap.State
		goal    *goap.Target
		want    []error // all must match
		wantNil bool
	}{
		{name: "found", d: d, ctx: ctx, start: start, goal: goal, wantNil: true},
		{name: "no plan", d: unsolvable, ctx: ctx, start: uStart, goal: uGoal, want: []error{goap.ErrNoPlan}},
		{name: "expansions", d: d, opts: goap.Options{MaxExpansions: 1, Direction: goap.Forward}, ctx: ctx, start: start, goal: goal, want: []error{goap.ErrLimitReached}},
		{name: "deadline", d: d, ctx: expired, start: start, goal: goal, want: []error{goap.ErrLimitReached, context.DeadlineExceeded}},
		{name: "memory", d: big, opts: goap.Options{MaxMemory: 1, Direction: goap.Forward}, ctx: ctx, start: bigStart, goal: bigGoal, want: []error{goap.ErrLimitReached, goap.ErrMemoryLimit}},
		{name: "nil context", d: d, start: start, goal: goal, want: []error{goap.ErrBadCall}},
		{name: "nil target", d: d, ctx: ctx, start: start, want: []error{goap.ErrBadCall}},
		{name: "nil context and target", d: d, start: start, want: []error{goap.ErrBadCall}},
		{name: "zero state", d: d, ctx: ctx, goal: goal, want: []error{goap.ErrBadCall}},
		{name: "other domain", d: d, ctx: ctx, start: otherStart, goal: goal, want: []error{goap.ErrBadCall}},
		{name: "bad options", d: d, opts: goap.Options{MaxExpansions: -1}, ctx: ctx, start: start, goal: goal, want: []error{goap.ErrBadCall}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := goap.NewPlanner(c.d)
			p.Options = c.opts
			res := p.Plan(c.ctx, c.start, c.goal)
			err := res.Failure()
			if c.wantNil {
				if err != nil {
					t.Fatalf("%v: Failure() = %v, want nil", res.Status, err)
				}
				return
			}
			if err == nil {
				t.Fatalf("%v: Failure() = nil", res.Status)
			}
			for _, w := range c.want {
				if !errors.Is(err, w) {
					t.Errorf("%v: Failure() = %q, not %q", res.Status, err, w)
				}
			}
			if res.Status == goap.Failed && !errors.Is(res.Err, c.want[0]) {
				t.Errorf("Err = %q, not %q", res.Err, c.want[0])
			}
		})
	}
}

// TestBadCost: a cost function out of range fails the call with
// ErrBadCost.
func TestBadCost(t *testing.T) {
	t.Parallel()
	d, err := goap.NewDomain(goap.Spec{
		Actions: []goap.Action{{Name: "A", CostFunc: func(goap.State) float64 { return -1 }, Effects: goap.Effects{"done": true}}},
		Goals:   []goap.Goal{{Name: "G", Desired: goap.Conds{"done": true}}},
	})
	if err != nil {
		t.Fatal(err)
	}
	goal, _ := d.Goal("G")
	res := goap.NewPlanner(d).Plan(context.Background(), d.NewState(), goal)
	if res.Status != goap.Failed || !errors.Is(res.Failure(), goap.ErrBadCost) {
		t.Fatalf("%v %v, want failed with ErrBadCost", res.Status, res.Err)
	}
}

// TestFactNumber: the one conversion of values that the compiler, the
// lint and the CLI share, for every Go integer type.
func TestFactNumber(t *testing.T) {
	t.Parallel()
	b, i, e := goap.Bool("b"), goap.Int("i", -5, 5, 0), goap.Enum("e", "x", "y")
	for _, c := range []struct {
		f    goap.Fact
		v    any
		want int
		ok   bool
	}{
		{b, true, 1, true}, {b, false, 0, true}, {b, 1, 0, false},
		{i, 3, 3, true}, {i, int8(-2), -2, true}, {i, uint64(4), 4, true}, {i, uint16(9), 9, true},
		{i, 2.0, 2, true}, {i, 2.5, 0, false}, {i, uint64(1 << 63), 0, false}, {i, "3", 0, false},
		{e, "y", 1, true}, {e, "z", 0, false}, {e, 1, 0, false},
	} {
		got, ok := c.f.Number(c.v)
		if got != c.want || ok != c.ok {
			t.Errorf("%s.Number(%#v) = %d, %v; want %d, %v", c.f.Name, c.v, got, ok, c.want, c.ok)
		}
	}
}

// TestWhyAfterNextCall: Why reads the search the planner keeps, so it
// panics once the planner has started another search, and it explains
// the same before and after other calls of Why.
func TestWhyAfterNextCall(t *testing.T) {
	t.Parallel()
	d, start, goal, _ := loadBench(t, "guard_unsolvable")
	p := goap.NewPlanner(d)
	res := p.Plan(context.Background(), start, goal)
	first := res.Why().String()
	if again := res.Why().String(); again != first || first == "" {
		t.Fatalf("Why changed between calls:\n%s\n%s", first, again)
	}
	if (goap.Result{Status: goap.Found}).Why() != nil {
		t.Error("Why of a found plan is not nil")
	}
	p.Plan(context.Background(), start, goal)
	defer func() {
		if r := recover(); r == nil {
			t.Fatal("Why after the next plan call did not panic")
		}
	}()
	res.Why()
}

// TestStateErrors: the state's errors say "goap: " first, like every error
// of the package, and take one line, several problems included.
func TestStateErrors(t *testing.T) {
	t.Parallel()
	d, err := goap.NewDomain(goap.Spec{Name: "s",
		Facts:   []goap.Fact{goap.Int("ammo", 0, 9, 0), goap.Enum("at", "home", "shop")},
		Actions: []goap.Action{{Name: "A", Cost: 1, Effects: goap.Effects{"ammo": 9}}},
	})
	if err != nil {
		t.Fatal(err)
	}
	id, _ := d.FactID("ammo")
	_, stateErr := d.State(map[string]any{"amo": 1, "at": "moon"})
	cases := []struct {
		err  error
		want string
	}{
		{d.NewState().Set(id, 10), `goap: fact "ammo": value 10 is outside 0..9`},
		{d.NewState().SetValue("amo", 1), `goap: unknown fact "amo" (did you mean "ammo"?)`},
		{stateErr, `goap: unknown fact "amo" (did you mean "ammo"?); fact "at": `},
	}
	for _, c := range cases {
		if c.err == nil || !strings.HasPrefix(c.err.Error(), c.want) || strings.Contains(c.err.Error(), "\n") {
			t.Errorf("error %q, want one line starting %q", c.err, c.want)
		}
	}
}

// TestLongValuesCut: a name or value from the user is cut in the core's
// error messages (a 1 MB name echoed whole buries the message).
func TestLongValuesCut(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("x", 1<<20)
	_, specErr := goap.NewDomain(goap.Spec{Name: long, Actions: []goap.Action{
		{Name: long, Cost: -1, Effects: goap.Effects{long: true}},
		{Name: long, Cost: 1, Effects: goap.Effects{"at": long}},
	}, Facts: []goap.Fact{goap.Enum("at", "home")}})
	d, err := goap.NewDomain(goap.Spec{Facts: []goap.Fact{goap.Enum("at", "home", "shop")},
		Actions: []goap.Action{{Name: "A", Cost: 1, Effects: goap.Effects{"at": "shop"}}}})
	if err != nil {
		t.Fatal(err)
	}
	_, stateErr := d.State(map[string]any{long: true, "at": long})
	for _, err := range []error{specErr, d.NewState().SetValue(long, true), d.NewState().SetValue("at", long), stateErr} {
		if err == nil || len(err.Error()) > 2000 {
			n := 0
			if err != nil {
				n = len(err.Error())
			}
			t.Errorf("error of %d bytes, want one under 2,000 bytes naming the value cut", n)
		}
	}
}
