// Package filetest runs the tests of a designer file (package goapfile):
// plan tests call the planner and compare its plan with what the test
// expects; sim tests simulate the file's agents (package agent/sim) and
// compare what happened. `goap test` prints what it finds. SimConfig
// gives the simulation a file describes, for `goap sim` and the
// debugger.
package filetest

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/goap-go/goap"
	"github.com/goap-go/goap/agent"
	"github.com/goap-go/goap/agent/sim"
	"github.com/goap-go/goap/agent/simspec"
	"github.com/goap-go/goap/goapfile"
	"github.com/goap-go/goap/internal/echo"
	"github.com/goap-go/goap/internal/suggest"
)

// Result is the outcome of running a goapfile.Test.
type Result struct {
	// Name and Pos identify the test.
	Name string
	Pos  goapfile.Position
	// Pass reports whether every expectation held.
	Pass bool
	// Msg says why the test failed, e.g. "expected cost 9, got 11";
	// several reasons are joined with "; ". It is "" when Pass is true.
	Msg string
	// Plan names the actions of the plan found (nil when none was).
	Plan []string
	// Result is the planner's result; its Plan and Partial are copies
	// the caller may keep.
	Result goap.Result
	// Events is the log of a simulation (goapfile.Test.Sim), whose Plan then
	// lists the actions that succeeded.
	Events []agent.Event
}

// String renders the result as "PASS name" or "FAIL name: msg".
func (r Result) String() string {
	if r.Pass {
		return "PASS " + r.Name
	}
	return "FAIL " + r.Name + ": " + r.Msg
}

// Run runs every test of the file f, in order.
func Run(ctx context.Context, f *goapfile.File, opts goap.Options) []Result {
	out := make([]Result, len(f.Tests))
	for i, sc := range f.Tests {
		out[i] = RunTest(ctx, f, sc, opts)
	}
	return out
}

// RunTest plans from sc.Start to sc.Goal (the start and goal of f
// when those are zero) with the given options, leaving out the actions of
// sc.Remove (added to opts.Exclude), and compares the outcome with sc's
// expectations. A test with Sim simulates the file's agents instead,
// their planners tuned by opts. It is safe to call from several
// goroutines at once.
func RunTest(ctx context.Context, f *goapfile.File, sc goapfile.Test, opts goap.Options) Result {
	r := Result{Name: sc.Name, Pos: sc.Pos}
	fail := func(msg string) Result {
		r.Msg = msg
		return r
	}
	d, start, goal := f.Domain, sc.Start, sc.Goal
	if start.IsZero() {
		start = f.Start
	}
	if sc.Sim != nil {
		return runSim(ctx, f, sc, start, opts)
	}
	if goal == nil {
		goal = f.Goal
	}
	if goal == nil {
		return fail("no goal: the test and the file give none")
	}
	if len(sc.Exclude) > 0 {
		// A fresh slice: the caller's Exclude must not change.
		exclude := append([]goap.ActionID(nil), opts.Exclude...)
		for _, name := range sc.Exclude {
			ids := d.ActionsNamed(name) // a lifted action's name removes all its bindings
			if ids == nil {
				names := make([]string, d.NumActions())
				for i := range names {
					names[i] = d.ActionName(goap.ActionID(i))
				}
				return fail(echo.Sprintf("unknown action %q in remove%s", name, suggest.Hint(name, names)))
			}
			exclude = append(exclude, ids...)
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
		shown := false   // a message shows the plan found
		counted := false // the cost or the steps are wrong
		if sc.NoPlan {
			msgs = append(msgs, fmt.Sprintf("expected no plan, got %s (cost %s)", got, formatCost(res.Cost)))
			shown = true
		}
		if sc.AlreadySatisfied && len(r.Plan) > 0 {
			msgs = append(msgs, fmt.Sprintf("expected the start to satisfy the goal, got plan %s", got))
			shown = true
		}
		if !sc.CostMatches(res.Cost) {
			msgs = append(msgs, fmt.Sprintf("expected cost %s, got %s", formatCost(*sc.Cost), formatCost(res.Cost)))
			counted = true
		}
		if sc.Plan != nil && fmt.Sprint(sc.Plan) != got {
			msgs = append(msgs, fmt.Sprintf("expected plan %s, got %s", fmt.Sprint(sc.Plan), got))
			shown = true
		}
		if sc.Steps != nil && *sc.Steps != len(r.Plan) {
			msgs = append(msgs, fmt.Sprintf("expected steps %d, got %d", *sc.Steps, len(r.Plan)))
			counted = true
		}
		if counted && !shown {
			// A wrong count is fixed by reading the plan behind it: the
			// last message is the cost's or the steps'.
			msgs[len(msgs)-1] += " with plan " + got
		}
	case goap.NoPlan:
		if !sc.NoPlan {
			msg := "expected " + expectation(sc) + ", got no plan"
			if why := res.Why(); why != nil {
				msg += ": " + why.Summary()
			}
			msgs = append(msgs, msg)
		}
	case goap.LimitReached:
		msg := "the search stopped before it finished (limit reached)"
		cause := res.Err
		if cause == nil {
			// A search stopped by its deadline may come back without
			// the context's error, and before the context's timer
			// fired: name the deadline all the same.
			cause = ctx.Err()
			if d, ok := ctx.Deadline(); ok && cause == nil && !time.Now().Before(d) {
				cause = context.DeadlineExceeded
			}
		}
		if cause != nil {
			msg = "the search stopped before it finished: " + cause.Error()
		}
		msgs = append(msgs, msg)
	default:
		msgs = append(msgs, fmt.Sprintf("planning failed: %v", res.Err))
	}
	r.Pass = len(msgs) == 0
	r.Msg = strings.Join(msgs, "; ")
	return r
}

// expectation describes what a test expects, for "expected X, got no
// plan".
func expectation(sc goapfile.Test) string {
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

// SimConfig returns the simulation the file f describes: its domain, start
// state, durations and travel times, agents and scripted events. Change
// Start, Changes, Options or OnEvent on the result as needed and pass it
// to sim.New.
func SimConfig(f *goapfile.File) sim.Config {
	return sim.Config{
		Domain:      f.Domain,
		Start:       f.Start,
		Duration:    f.Durations,
		Travel:      f.Travel,
		Agents:      f.Agents,
		Changes:     f.Events,
		AgentFacts:  f.AgentFacts,
		Squads:      f.Squads,
		Orders:      f.Orders,
		GoalRules:   f.GoalRules,
		Timeout:     f.Timeouts,
		Backoff:     f.Backoffs,
		Chance:      f.Chance,
		Map:         f.Map,
		Places:      f.Places,
		AgentsBlock: f.AgentsBlock,
		Uses:        f.Uses,
		// Fairness between sides.
		ShuffleTurns: f.ShuffleTurns,
		SwapSpawns:   f.SwapSpawns,
	}
}

// runSim runs a sim test.
func runSim(ctx context.Context, f *goapfile.File, sc goapfile.Test, start goap.State, opts goap.Options) Result {
	r := Result{Name: sc.Name, Pos: sc.Pos}
	st := sc.Sim
	cfg := SimConfig(f)
	cfg.Start = start
	cfg.Changes = st.Events
	cfg.Options = opts
	cfg.Seed = st.Seed
	w, err := sim.New(cfg)
	if err != nil {
		r.Msg = err.Error()
		return r
	}
	for w.Tick() < st.Ticks && !w.Quiet() {
		if err := ctx.Err(); err != nil {
			r.Msg = fmt.Sprintf("the simulation stopped at tick %d: %v", w.Tick(), err)
			return r
		}
		w.Step()
	}
	r.Events = w.Events()
	r.Plan = w.Finished()
	var msgs []string
	if st.Actions != nil && fmt.Sprint(st.Actions) != fmt.Sprint(r.Plan) {
		msgs = append(msgs, fmt.Sprintf("expected actions %v, got %v", st.Actions, r.Plan))
	}
	if i := simspec.Match(r.Events, st.Expect); i >= 0 {
		after := ""
		if i > 0 {
			after = echo.Sprintf(" after %q", st.Expect[i-1])
		}
		msgs = append(msgs, echo.Sprintf("expected event %q%s by tick %d, but it did not happen", st.Expect[i], after, w.Tick()))
	}
	if st.Winner != "" {
		got := w.Winner()
		if got == "" {
			got = "draw"
		}
		if got != st.Winner {
			msgs = append(msgs, fmt.Sprintf("expected %s to win, got %s at tick %d (alive: %v)", st.Winner, got, w.Tick(), w.Alive()))
		}
	}
	if st.World != nil && !w.State().Satisfies(st.World) {
		msgs = append(msgs, fmt.Sprintf("expected the world to end with %s; at tick %d it misses %s", st.World, w.Tick(), strings.Join(st.World.Unmet(w.State()), ", ")))
	}
	for _, name := range slices.Sorted(maps.Keys(st.Agents)) {
		t := st.Agents[name]
		if own, _ := w.Own(name); !own.Satisfies(t) {
			msgs = append(msgs, fmt.Sprintf("expected %s to end with %s; at tick %d it misses %s", name, t, w.Tick(), strings.Join(t.Unmet(own), ", ")))
		}
	}
	if len(msgs) > 0 {
		msgs = append(msgs, whyNoPlan(r.Events)...)
	}
	r.Pass = len(msgs) == 0
	r.Msg = strings.Join(msgs, "; ")
	return r
}

// maxWhy is how many no_plan events a failing sim test quotes.
const maxWhy = 3

// whyNoPlan quotes, for a failing sim test, the last no_plan event of
// each agent and goal (the latest maxWhy of them, in the order they
// happened): their reasons say why no plan existed, which is often why
// an expectation failed.
func whyNoPlan(events []agent.Event) []string {
	type key struct{ agent, goal string }
	seen := map[key]bool{}
	var out []string
	for i := len(events) - 1; i >= 0 && len(out) < maxWhy; i-- {
		e := events[i]
		k := key{e.Agent, e.Goal}
		if e.Type != agent.EventNoPlan || seen[k] {
			continue
		}
		seen[k] = true
		out = append(out, "why no plan: "+e.String())
	}
	slices.Reverse(out)
	return out
}

// formatCost renders a cost as briefly as it can: 9, 2.5.
func formatCost(c float64) string { return strconv.FormatFloat(c, 'g', -1, 64) }
