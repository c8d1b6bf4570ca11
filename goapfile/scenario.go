package goapfile

import (
	"context"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/goap-go/goap"
	"github.com/goap-go/goap/agent"
	"github.com/goap-go/goap/internal/suggest"
)

// Scenario is one entry of a file's `tests:`: a start state, a goal and
// what planning from one to the other is expected to give.
type Scenario struct {
	// Name is the test's `name:`, or "test N" (N counts from 1).
	Name string
	// Pos is where the test starts in the file.
	Pos Position
	// Start is the file's (or the test's) `start:` with `set:` applied.
	Start goap.State
	// Goal is the test's goal, or the file's goal when the test gives
	// none.
	Goal *goap.Target
	// Remove lists actions the planner may not use in this scenario
	// (they are passed as goap.Options.Exclude).
	Remove []string

	// Cost, Plan and Steps, when not nil, are the expected optimal cost,
	// exact plan and plan length.
	Cost  *float64
	Plan  []string
	Steps *int
	// NoPlan expects that no plan exists.
	NoPlan bool
	// AlreadySatisfied expects that the start meets the goal: an empty
	// plan.
	//
	// A scenario with no expectation at all expects that some plan
	// exists.
	AlreadySatisfied bool

	// Sim, when not nil, makes the scenario a simulation of the file's
	// agents from Start instead of a plan call; Goal, Remove and the
	// expectations above are then unused.
	Sim *SimTest
}

// ScenarioResult is the outcome of running a Scenario.
type ScenarioResult struct {
	// Name and Pos identify the scenario.
	Name string
	Pos  Position
	// Pass reports whether every expectation held.
	Pass bool
	// Msg says why the scenario failed, e.g. "expected cost 9, got 11";
	// several reasons are joined with "; ". It is "" when Pass is true.
	Msg string
	// Plan names the actions of the plan found (nil when none was).
	Plan []string
	// Result is the planner's result; its Plan and Partial are copies
	// the caller may keep.
	Result goap.Result
	// Events is the log of a simulation (Scenario.Sim), whose Plan then
	// lists the actions that succeeded.
	Events []agent.Event
}

// String renders the result as "PASS name" or "FAIL name: msg".
func (r ScenarioResult) String() string {
	if r.Pass {
		return "PASS " + r.Name
	}
	return "FAIL " + r.Name + ": " + r.Msg
}

// RunTests runs every test of the file, in order.
func (f *File) RunTests(ctx context.Context, opts goap.Options) []ScenarioResult {
	out := make([]ScenarioResult, len(f.Tests))
	for i, sc := range f.Tests {
		out[i] = f.RunScenario(ctx, sc, opts)
	}
	return out
}

// RunScenario plans from sc.Start to sc.Goal (the file's start and goal
// when those are zero) with the given options, leaving out the actions of
// sc.Remove (added to opts.Exclude), and compares the outcome with sc's
// expectations. A scenario with Sim simulates the file's agents instead,
// their planners tuned by opts. It is safe to call from several
// goroutines at once.
func (f *File) RunScenario(ctx context.Context, sc Scenario, opts goap.Options) ScenarioResult {
	r := ScenarioResult{Name: sc.Name, Pos: sc.Pos}
	fail := func(msg string) ScenarioResult {
		r.Msg = msg
		return r
	}
	d, start, goal := f.Domain, sc.Start, sc.Goal
	if start.IsZero() {
		start = f.Start
	}
	if sc.Sim != nil {
		return f.runSim(ctx, sc, start, opts)
	}
	if goal == nil {
		goal = f.Goal
	}
	if goal == nil {
		return fail("no goal: the scenario and the file give none")
	}
	if len(sc.Remove) > 0 {
		// A fresh slice: the caller's Exclude must not change.
		exclude := append([]goap.ActionID(nil), opts.Exclude...)
		for _, name := range sc.Remove {
			id, ok := d.ActionID(name)
			if !ok {
				names := make([]string, d.NumActions())
				for i := range names {
					names[i] = d.ActionName(goap.ActionID(i))
				}
				return fail(fmt.Sprintf("unknown action %q in remove%s", name, suggest.Hint(name, names)))
			}
			exclude = append(exclude, id)
		}
		opts.Exclude = exclude
	}
	pl := goap.NewPlanner(d)
	pl.Options = opts
	res := pl.Plan(ctx, start, goal)
	res.Plan = append([]goap.ActionID(nil), res.Plan...)
	res.Partial = append([]goap.ActionID(nil), res.Partial...)
	r.Result = res

	var msgs []string
	switch res.Status {
	case goap.Found, goap.AlreadySatisfied:
		r.Plan = d.ActionNames(res.Plan)
		got := fmt.Sprint(r.Plan)
		if sc.NoPlan {
			msgs = append(msgs, fmt.Sprintf("expected no plan, got %s (cost %s)", got, formatCost(res.Cost)))
		}
		if sc.AlreadySatisfied && len(r.Plan) > 0 {
			msgs = append(msgs, fmt.Sprintf("expected the start to satisfy the goal, got plan %s", got))
		}
		if sc.Cost != nil && !sameCost(*sc.Cost, res.Cost) {
			msgs = append(msgs, fmt.Sprintf("expected cost %s, got %s", formatCost(*sc.Cost), formatCost(res.Cost)))
		}
		if sc.Plan != nil && fmt.Sprint(sc.Plan) != got {
			msgs = append(msgs, fmt.Sprintf("expected plan %s, got %s", fmt.Sprint(sc.Plan), got))
		}
		if sc.Steps != nil && *sc.Steps != len(r.Plan) {
			msgs = append(msgs, fmt.Sprintf("expected steps %d, got %d", *sc.Steps, len(r.Plan)))
		}
	case goap.NoPlan:
		if !sc.NoPlan {
			msgs = append(msgs, "expected "+expectation(sc)+", got no plan")
		}
	case goap.LimitReached:
		msg := "the search stopped before it finished (limit reached)"
		if res.Err != nil {
			msg = "the search stopped before it finished: " + res.Err.Error()
		}
		msgs = append(msgs, msg)
	default:
		msgs = append(msgs, fmt.Sprintf("planning failed: %v", res.Err))
	}
	r.Pass = len(msgs) == 0
	r.Msg = strings.Join(msgs, "; ")
	return r
}

// expectation describes what a scenario expects, for "expected X, got no
// plan".
func expectation(sc Scenario) string {
	switch {
	case sc.Plan != nil:
		return "plan " + fmt.Sprint(sc.Plan)
	case sc.Cost != nil:
		return "cost " + formatCost(*sc.Cost)
	case sc.Steps != nil:
		return "steps " + strconv.Itoa(*sc.Steps)
	case sc.AlreadySatisfied:
		return "the start to satisfy the goal"
	}
	return "a plan"
}

// sameCost compares costs, allowing for rounding in sums of fractions.
func sameCost(a, b float64) bool {
	return math.Abs(a-b) <= 1e-9*math.Max(1, math.Max(math.Abs(a), math.Abs(b)))
}

// formatCost renders a cost as briefly as it can: 9, 2.5.
func formatCost(c float64) string { return strconv.FormatFloat(c, 'g', -1, 64) }
