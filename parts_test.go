package goap_test

import (
	"context"
	"fmt"
	"math"
	"math/rand"
	"slices"
	"strings"
	"testing"

	"github.com/goap-go/goap"
)

// A goal of n conditions that n actions set one each splits into n parts:
// n expansions instead of 2^n states, and the plan is the parts' plans in
// the order of the conditions.
func TestSplitIndependentGoals(t *testing.T) {
	t.Parallel()
	const n = 300
	spec, start := independentSpec(n)
	d, s, goal := compileSpec(t, spec, start)
	if goal.Parts() != n {
		t.Fatalf("Parts() = %d, want %d", goal.Parts(), n)
	}
	r := goap.NewPlanner(d).Plan(context.Background(), s, goal)
	if r.Status != goap.Found || r.Cost != n || r.Expanded != n || len(r.Plan) != n {
		t.Fatalf("%v cost %v expanded %d, %d actions", r.Status, r.Cost, r.Expanded, len(r.Plan))
	}
	// Conditions are kept in name order (g0, g1, g10, g100, ...).
	var names []string
	for i := range n {
		names = append(names, fmt.Sprintf("g%d", i))
	}
	slices.Sort(names)
	for i, a := range r.Plan {
		if got, want := d.ActionName(a), "a"+names[i][1:]; got != want {
			t.Fatalf("plan[%d] = %s, want %s", i, got, want)
		}
	}
	// Searched whole (an explicit direction does not split), the same cost.
	spec5, start5 := independentSpec(12)
	d5, s5, goal5 := compileSpec(t, spec5, start5)
	p := goap.NewPlanner(d5)
	p.Options.Direction = goap.Forward
	p.Options.NoSymmetry = true // the goals are interchangeable too
	whole := p.Plan(context.Background(), s5, goal5)
	split := goap.NewPlanner(d5).Plan(context.Background(), s5, goal5)
	if whole.Cost != split.Cost || whole.Expanded <= 100*split.Expanded {
		t.Fatalf("whole: cost %v, %d expanded; split: cost %v, %d expanded", whole.Cost, whole.Expanded, split.Cost, split.Expanded)
	}
}

// Goals that share a fact through some action do not split.
func TestSplitNeedsIndependence(t *testing.T) {
	t.Parallel()
	spec := goap.Spec{Name: "linked",
		Actions: []goap.Action{
			{Name: "A", Cost: 1, Effects: goap.Effects{"a": true}},
			{Name: "B", Cost: 1, Pre: goap.Conds{"a": true}, Effects: goap.Effects{"b": true}},
			{Name: "C", Cost: 1, Effects: goap.Effects{"c": true}},
			{Name: "D", Cost: 1, Effects: goap.Effects{"c": false, "d": true}},
		},
		Goals: []goap.Goal{
			{Name: "chain", Desired: goap.Conds{"a": true, "b": true}},                  // B reads a
			{Name: "undo", Desired: goap.Conds{"c": true, "d": true}},                   // D writes both
			{Name: "apart", Desired: goap.Conds{"b": true, "d": true}},                  // two parts
			{Name: "three", Desired: goap.Conds{"b": true, "c": true, "unused": false}}, // "unused": no action
		},
		Facts: []goap.Fact{goap.Bool("unused")},
	}
	d, err := goap.NewDomain(spec)
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]int{"chain": 1, "undo": 1, "apart": 2, "three": 3} {
		g, _ := d.Goal(name)
		if g.Parts() != want {
			t.Errorf("%s: %d parts, want %d", name, g.Parts(), want)
		}
	}
	// "apart": B needs A first; D then C is not needed. The plan is the
	// parts' plans in the order of the conditions (b, then d).
	g, _ := d.Goal("apart")
	r := goap.NewPlanner(d).Plan(context.Background(), d.NewState(), g)
	if got := planNames(d, r.Plan); got != "A B D" || r.Cost != 3 {
		t.Fatalf("plan %s cost %v", got, r.Cost)
	}
}

func planNames(d *goap.Domain, plan []goap.ActionID) string {
	var out []string
	for _, a := range plan {
		out = append(out, d.ActionName(a))
	}
	return strings.Join(out, " ")
}

// A split search honours MaxExpansions over all its parts, reports the
// parts planned so far as its partial plan, resumes step by step to the
// same result as Plan, and explains a part that has no plan.
func TestSplitLimitsStepsAndWhy(t *testing.T) {
	t.Parallel()
	spec, start := independentSpec(40)
	spec.Actions = append(spec.Actions, goap.Action{Name: "never", Cost: 1, Pre: goap.Conds{"gone": true}, Effects: goap.Effects{"g7": false}})
	spec.Facts = append(spec.Facts, goap.Bool("gone"), goap.Bool("nowhere"))
	d, s, goal := compileSpec(t, spec, start)

	p := goap.NewPlanner(d)
	p.Options.MaxExpansions = 15
	r := p.Plan(context.Background(), s, goal)
	if r.Status != goap.LimitReached || r.Expanded != 15 || len(r.Partial) != 15 {
		t.Fatalf("limit: %v expanded %d partial %v", r.Status, r.Expanded, r.Partial)
	}

	want := goap.NewPlanner(d).Plan(context.Background(), s, goal)
	for _, budget := range []int{1, 2, 7} {
		h := goap.NewPlanner(d).Start(s, goal)
		frames := 0
		for h.Step(budget) == goap.Running {
			if frames++; h.Result().Expanded != frames*budget {
				t.Fatalf("budget %d: %d expanded after %d frames", budget, h.Result().Expanded, frames)
			}
		}
		got := h.Result()
		if got.Status != want.Status || got.Cost != want.Cost || got.Expanded != want.Expanded || !slices.Equal(got.Plan, want.Plan) {
			t.Fatalf("budget %d: %v %v %d %v, want %v %v %d %v", budget, got.Status, got.Cost, got.Expanded, got.Plan, want.Status, want.Cost, want.Expanded, want.Plan)
		}
	}

	bad, err := d.Target("bad", goap.Conds{"g3": true, "nowhere": true, "g5": true})
	if err != nil {
		t.Fatal(err)
	}
	if bad.Parts() != 3 {
		t.Fatalf("%d parts", bad.Parts())
	}
	r = p.Plan(context.Background(), s, bad)
	why := r.Why()
	if r.Status != goap.NoPlan || why == nil || len(why.Unreachable) != 1 || why.Unreachable[0].Condition != "nowhere" {
		t.Fatalf("%v, why %+v", r.Status, why)
	}
}

// Splitting keeps plans optimal: on random domains whose goals split, the
// split search costs what the whole forward search costs.
func TestSplitMatchesWhole(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewSource(11))
	split := 0
	for i := 0; i < 2000 && split < 100; i++ {
		spec, startVals, _ := randomSpec(rng, i%2 == 0)
		d, start, goal := compileSpec(t, spec, startVals)
		if goal.Parts() < 2 {
			continue
		}
		split++
		whole := goap.NewPlanner(d)
		whole.Options.Direction = goap.Forward
		w := whole.Plan(context.Background(), start, goal)
		a := goap.NewPlanner(d).Plan(context.Background(), start, goal)
		if a.Status != w.Status || a.Status == goap.Found && math.Abs(a.Cost-w.Cost) > 1e-9 {
			t.Fatalf("domain %d: split %v %v, whole %v %v", i, a.Status, a.Cost, w.Status, w.Cost)
		}
		if a.Status == goap.Found {
			end := start.Clone()
			for _, id := range a.Plan {
				if !d.Apply(end, id) {
					t.Fatalf("domain %d: the split plan %v does not apply", i, a.Plan)
				}
			}
			if unmet := goal.Unmet(end); len(unmet) > 0 {
				t.Fatalf("domain %d: the split plan %v leaves %v unmet", i, a.Plan, unmet)
			}
		}
	}
	if split < 100 {
		t.Fatalf("only %d goals split", split)
	}
}

// A warm planner plans a split goal without allocating.
func TestSplitAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("allocations are not counted under -race")
	}
	spec, start := independentSpec(50)
	d, s, goal := compileSpec(t, spec, start)
	p := goap.NewPlanner(d)
	ctx := context.Background()
	p.Plan(ctx, s, goal)
	if n := testing.AllocsPerRun(20, func() { p.Plan(ctx, s, goal) }); n != 0 {
		t.Fatalf("%v allocations per plan", n)
	}
}

// Facts that no relevant action writes are constants of the search:
// parts may share them without being tied together.
func TestSplitSharesConstants(t *testing.T) {
	t.Parallel()
	spec := goap.Spec{Name: "gather",
		Facts: []goap.Fact{goap.Bool("tool"), goap.Int("wood", 0, 5, 0), goap.Int("stone", 0, 5, 0)},
		Actions: []goap.Action{
			{Name: "ChopWood", Cost: 2, Pre: goap.Conds{"tool": true}, Effects: goap.Effects{"wood": goap.Add(1)}},
			{Name: "MineStone", Cost: 3, Pre: goap.Conds{"tool": true}, Effects: goap.Effects{"stone": goap.Add(1)}},
		},
		Goals: []goap.Goal{{Name: "goal", Desired: goap.Conds{"wood": goap.Ge(3), "stone": goap.Ge(2)}}},
	}
	for _, tool := range []bool{true, false} {
		d, s, goal := compileSpec(t, spec, map[string]any{"tool": tool})
		if goal.Parts() != 2 {
			t.Fatalf("%d parts, want 2", goal.Parts())
		}
		r := goap.NewPlanner(d).Plan(context.Background(), s, goal)
		if !tool {
			if r.Status != goap.NoPlan {
				t.Fatalf("without the tool: %v %v", r.Status, planNames(d, r.Plan))
			}
			continue
		}
		if got := planNames(d, r.Plan); r.Status != goap.Found || r.Cost != 12 || got != "MineStone MineStone ChopWood ChopWood ChopWood" {
			t.Fatalf("%v cost %v plan %s", r.Status, r.Cost, got)
		}
	}
}
