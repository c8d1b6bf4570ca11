package goap_test

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/goap-go/goap"
)

// chainSpec is a chain of n actions: action i needs f_i and sets
// f_{i+1}; the goal is f_n. Its cost function, when set, runs once per
// action at the start of each plan call.
func chainSpec(n int, costFunc func(goap.State) float64) goap.Spec {
	spec := goap.Spec{Name: "chain"}
	for i := 0; i < n; i++ {
		spec.Actions = append(spec.Actions, goap.Action{
			Name:     fmt.Sprintf("a%d", i),
			Cost:     1,
			CostFunc: costFunc,
			Pre:      goap.Conds{fmt.Sprintf("f%d", i): true},
			Effects:  goap.Effects{fmt.Sprintf("f%d", i+1): true},
		})
	}
	spec.Goals = []goap.Goal{{Name: "end", Desired: goap.Conds{fmt.Sprintf("f%d", n): true}}}
	return spec
}

func chainPlanner(t testing.TB, n int, costFunc func(goap.State) float64) (*goap.Planner, goap.State, *goap.Target) {
	t.Helper()
	d, err := goap.NewDomain(chainSpec(n, costFunc))
	if err != nil {
		t.Fatal(err)
	}
	start, err := d.State(map[string]any{"f0": true})
	if err != nil {
		t.Fatal(err)
	}
	goal, ok := d.Goal("end")
	if !ok {
		t.Fatal("no goal end")
	}
	return goap.NewPlanner(d), start, goal
}

// TestPlanDoneContext checks that a context that is already done ends the
// call before any work: no hook runs and nothing is expanded.
func TestPlanDoneContext(t *testing.T) {
	t.Parallel()
	calls := 0
	p, start, goal := chainPlanner(t, 10, func(goap.State) float64 { calls++; return 1 })
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res := p.Plan(ctx, start, goal)
	if res.Status != goap.LimitReached || !errors.Is(res.Err, context.Canceled) || res.Expanded != 0 || calls != 0 {
		t.Fatalf("got %v (%v), %d expanded, %d cost calls; want limit reached (context canceled) before any work", res.Status, res.Err, res.Expanded, calls)
	}
	// The planner is not left in a stopped state.
	if res := p.Plan(context.Background(), start, goal); res.Status != goap.Found || res.Cost != 10 {
		t.Fatalf("next call: %v cost %v", res.Status, res.Cost)
	}
}

// TestPlanDeadlineByWork checks that a context done during a plan call
// stops it after little work in every direction and heuristic, on a
// domain where a single expansion is expensive (a 2,000-action chain: an
// LM-cut estimate there has 2,000 rounds, a backward expansion tests
// 2,000 actions on 32 words). The context is cancelled by the cost
// function, which runs at the start of the call, before the search.
func TestPlanDeadlineByWork(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		dir  goap.Direction
		heur goap.Heuristic
	}{
		{goap.Auto, goap.AutoHeuristic}, {goap.Forward, goap.Blind}, {goap.Forward, goap.HMax},
		{goap.Forward, goap.LMCut}, {goap.Forward, goap.HAddNotOptimal}, {goap.Forward, goap.GoalCountNotOptimal},
		{goap.Backward, goap.HMax}, {goap.Backward, goap.Blind}, {goap.Auto, goap.LMCut},
	} {
		t.Run(fmt.Sprintf("%v/%v", c.dir, c.heur), func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			p, start, goal := chainPlanner(t, 2000, func(goap.State) float64 { cancel(); return 1 })
			p.Options = goap.Options{Direction: c.dir, Heuristic: c.heur}
			res := p.Plan(ctx, start, goal)
			if res.Status != goap.LimitReached || !errors.Is(res.Err, context.Canceled) {
				t.Fatalf("got %v (%v) after %d expansions, want limit reached (context canceled)", res.Status, res.Err, res.Expanded)
			}
			// An expansion here is charged more than a poll's worth of
			// work (2,000 actions on 32 words): the search polls at
			// each, not every 256 expansions as the plan loop does.
			if res.Expanded > 2 {
				t.Errorf("%d expansions after the context was cancelled", res.Expanded)
			}
		})
	}
}

// TestLMCutEstimateInterrupted checks that one LM-cut estimate, which on
// a 2,000-action chain has 2,000 rounds, stops within a poll's worth of
// rounds once the context is done.
func TestLMCutEstimateInterrupted(t *testing.T) {
	t.Parallel()
	const n = 2000
	p, start, goal := chainPlanner(t, n, nil)
	p.Options = goap.Options{Direction: goap.Forward, Heuristic: goap.LMCut}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	rounds, after := 0, 0
	goap.OnLMCutRound(p, func() {
		rounds++
		if rounds == 10 {
			cancel()
		} else if rounds > 10 {
			after++
		}
	})
	res := p.Plan(ctx, start, goal)
	if res.Status != goap.LimitReached || !errors.Is(res.Err, context.Canceled) {
		t.Fatalf("got %v (%v), want limit reached (context canceled)", res.Status, res.Err)
	}
	// A round is charged about 2n units (operators and atoms).
	if limit := goap.PollWork/(2*n) + 2; after > limit {
		t.Errorf("%d rounds ran after the context was cancelled, want at most %d", after, limit)
	}
}

// TestDeadlineNamedUnderWeight: a deadline that stops a search is named
// in Result.Err whichever member of the portfolio stopped; under a
// SuboptimalWeight the weighted LM-cut member, which runs alone after
// the first turn, returned Err == nil.
func TestDeadlineNamedUnderWeight(t *testing.T) {
	t.Parallel()
	// 300 chores sharing 300 energy: each plan takes hundreds of
	// milliseconds (0.2 s at 200 chores on a 2-core machine), far beyond
	// the 10 ms deadline.
	spec := goap.Spec{Name: "chores", Facts: []goap.Fact{goap.Int("energy", 0, 300, 300)}}
	all := goap.Conds{}
	for i := 0; i < 300; i++ {
		done := fmt.Sprintf("done%d", i)
		all[done] = true
		spec.Actions = append(spec.Actions, goap.Action{Name: fmt.Sprintf("Chore%d", i), Cost: 1,
			Pre: goap.Conds{"energy": goap.Ge(1)}, Effects: goap.Effects{done: true, "energy": goap.Sub(1)}})
	}
	spec.Goals = []goap.Goal{{Name: "All", Desired: all}}
	d, err := goap.NewDomain(spec)
	if err != nil {
		t.Fatal(err)
	}
	goal, _ := d.Goal("All")
	for _, w := range []float64{0, 1.5, 3} {
		p := goap.NewPlanner(d)
		p.Options.SuboptimalWeight = w
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Millisecond)
		r := p.Plan(ctx, d.NewState(), goal)
		cancel()
		if r.Status != goap.LimitReached {
			t.Fatalf("weight %v: %v after %d expansions; the test needs a search longer than 10 ms", w, r.Status, r.Expanded)
		}
		if !errors.Is(r.Err, context.DeadlineExceeded) {
			t.Errorf("weight %v: stopped by the deadline with Err %v, want context.DeadlineExceeded", w, r.Err)
		}
	}
}
