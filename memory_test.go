package goap_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand"
	"testing"

	"github.com/goap-go/goap"
)

// blowupSpec has n boolean facts, many actions that set and clear them,
// and a goal deep below: the one action that reaches it needs f0..f9 all
// true. Forward search stores every state cheaper than that on the way,
// a large part of 2^n.
func blowupSpec(n, actions int, seed int64) goap.Spec {
	r := rand.New(rand.NewSource(seed))
	spec := goap.Spec{Name: "blowup"}
	fact := func() string { return fmt.Sprintf("f%d", r.Intn(n)) }
	for i := 0; i < actions; i++ {
		a := goap.Action{Name: fmt.Sprintf("a%d", i), Cost: 1, Pre: goap.Conds{}, Effects: goap.Effects{}}
		if r.Intn(2) == 0 {
			a.Pre[fact()] = r.Intn(2) == 0
		}
		for j := 0; j <= r.Intn(2); j++ {
			a.Effects[fact()] = r.Intn(2) == 0
		}
		spec.Actions = append(spec.Actions, a)
	}
	for i := 0; i < 10; i++ { // every condition of last can be met
		spec.Actions = append(spec.Actions, goap.Action{Name: fmt.Sprintf("set%d", i), Cost: 1,
			Pre: goap.Conds{fact(): true}, Effects: goap.Effects{fmt.Sprintf("f%d", i): true, fact(): false}})
	}
	last := goap.Action{Name: "last", Cost: 1, Pre: goap.Conds{}, Effects: goap.Effects{"g": true}}
	for i := 0; i < 10; i++ {
		last.Pre[fmt.Sprintf("f%d", i)] = true
	}
	spec.Actions = append(spec.Actions, last)
	spec.Goals = []goap.Goal{{Name: "goal", Desired: goap.Conds{"g": true}}}
	return spec
}

// TestMaxMemory checks that Options.MaxMemory stops a search that would
// grow without bound, in every direction and heuristic, with an error
// that names the limit, the partial plan, and memory close to the limit.
func TestMaxMemory(t *testing.T) {
	t.Parallel()
	d, err := goap.NewDomain(blowupSpec(40, 120, 1))
	if err != nil {
		t.Fatal(err)
	}
	start := d.NewState()
	goal, _ := d.Goal("goal")
	const limit = 4 << 20
	for _, o := range []goap.Options{
		{Direction: goap.Forward}, {Direction: goap.Forward, Heuristic: goap.Blind}, {Direction: goap.Forward, Heuristic: goap.HMax},
		{Direction: goap.Forward, Heuristic: goap.Blind, NoPruning: true}, {Direction: goap.Backward, Heuristic: goap.Blind},
	} {
		t.Run(fmt.Sprintf("%v/%v/noprune=%v", o.Direction, o.Heuristic, o.NoPruning), func(t *testing.T) {
			o.MaxMemory = limit
			p := goap.NewPlanner(d)
			p.Options = o
			res := p.Plan(context.Background(), start, goal)
			var e *goap.MemoryLimitError
			if res.Status != goap.LimitReached || !errors.Is(res.Err, goap.ErrMemoryLimit) || !errors.As(res.Err, &e) {
				t.Fatalf("got %v (%v) after %d expansions, want the memory limit", res.Status, res.Err, res.Expanded)
			}
			// Stopped before the growth that would pass the limit.
			if e.Limit != limit || e.Used+e.Next <= limit || e.Used > 2*limit || e.Next <= 0 {
				t.Errorf("limit %d, used %d, next growth %d: want used plus the next growth just above the limit", e.Limit, e.Used, e.Next)
			}
			if len(res.Partial) == 0 {
				t.Error("no partial plan")
			}
			// Without the limit the same planner searches on.
			p.Options.MaxMemory, p.Options.MaxExpansions = 0, res.Expanded+1000
			if res := p.Plan(context.Background(), start, goal); res.Err != nil || res.Status != goap.LimitReached {
				t.Errorf("without the limit: %v (%v)", res.Status, res.Err)
			}
		})
	}
	t.Run("stepped", func(t *testing.T) {
		p := goap.NewPlanner(d)
		p.Options = goap.Options{Direction: goap.Forward, Heuristic: goap.Blind, MaxMemory: limit}
		s := p.Start(start, goal)
		for s.Step(1000) == goap.Running {
		}
		if res := s.Result(); !errors.Is(res.Err, goap.ErrMemoryLimit) {
			t.Fatalf("got %v (%v), want the memory limit", res.Status, res.Err)
		}
	})
	p := goap.NewPlanner(d)
	p.Options.MaxMemory = -1
	if res := p.Plan(context.Background(), start, goal); res.Status != goap.Failed {
		t.Errorf("MaxMemory -1: %v, want failed", res.Status)
	}
}

// TestMemoryBoundedSearch checks IDA* where A* runs out of its memory
// cap: on a 300-action chain (5-word states) A* with h_max stops at an
// 8 KiB cap, while the memory-bounded search finds the cheapest plan
// within the same cap; and that it honours the expansion limit, reports
// no plan with an explanation, and refuses Start.
func TestMemoryBoundedSearch(t *testing.T) {
	t.Parallel()
	p, start, goal := chainPlanner(t, 300, nil)
	p.Options = goap.Options{Direction: goap.Forward, Heuristic: goap.HMax, MaxMemory: 8 << 10}
	if res := p.Plan(context.Background(), start, goal); res.Status != goap.LimitReached || !errors.Is(res.Err, goap.ErrMemoryLimit) {
		t.Fatalf("A*: %v (%v), want the memory limit", res.Status, res.Err)
	}
	p.Options.MemoryBounded = true
	res := p.Plan(context.Background(), start, goal)
	if res.Status != goap.Found || res.Cost != 300 || len(res.Plan) != 300 {
		t.Fatalf("IDA*: %v cost %v, %d steps, want the 300-step plan", res.Status, res.Cost, len(res.Plan))
	}
	p.Options.MaxExpansions = 10
	if res := p.Plan(context.Background(), start, goal); res.Status != goap.LimitReached || res.Expanded > 10 || len(res.Partial) == 0 {
		t.Errorf("with 10 expansions: %v, %d expanded, partial %v", res.Status, res.Expanded, res.Partial)
	}
	if s := p.Start(start, goal); s.Status() != goap.Failed {
		t.Errorf("Start: %v, want failed", s.Status())
	}
	d, err := goap.NewDomain(goap.Spec{Actions: []goap.Action{
		{Name: "a", Cost: 1, Pre: goap.Conds{"x": false}, Effects: goap.Effects{"x": true}},
		{Name: "b", Cost: 1, Pre: goap.Conds{"x": true}, Effects: goap.Effects{"x": false, "y": true}},
	}, Goals: []goap.Goal{{Name: "g", Desired: goap.Conds{"y": true, "x": true, "z": false, "w": true}}}})
	if err != nil {
		t.Fatal(err)
	}
	g, _ := d.Goal("g")
	q := goap.NewPlanner(d)
	q.Options.MemoryBounded = true
	if res := q.Plan(context.Background(), d.NewState(), g); res.Status != goap.NoPlan || res.Why() == nil {
		t.Errorf("unsolvable: %v, why %v", res.Status, res.Why())
	}
}

// TestMemoryBoundedTriesAStarFirst: where A* fits in the memory IDA*'s
// table may take, a MemoryBounded call is A*'s search (same expansions),
// not IDA*'s, which expands states again in every iteration; the plan is
// the same cheapest one, and "no plan" comes as fast as A* proves it.
func TestMemoryBoundedTriesAStarFirst(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	p, start, goal := chainPlanner(t, 60, nil)
	p.Options = goap.Options{Direction: goap.Forward, Heuristic: goap.Blind}
	astar := p.Plan(ctx, start, goal)
	p.Options.MemoryBounded = true
	bounded := p.Plan(ctx, start, goal)
	goap.SetIDAOnly(p, true)
	ida := p.Plan(ctx, start, goal)
	for _, r := range []goap.Result{astar, bounded, ida} {
		if r.Status != goap.Found || r.Cost != 60 {
			t.Fatalf("%v cost %v, want the 60-step plan", r.Status, r.Cost)
		}
	}
	if bounded.Expanded != astar.Expanded || ida.Expanded <= astar.Expanded {
		t.Errorf("expanded: A* %d, MemoryBounded %d (want A*'s), IDA* alone %d (want more)", astar.Expanded, bounded.Expanded, ida.Expanded)
	}

	// Unsolvable, though relaxed reachability sees a plan: x and y each
	// need the other false, and nothing makes them false again; the
	// switches b0..b9 that both need make 2^10 states to see.
	spec := goap.Spec{Name: "unsolvable"}
	all := goap.Conds{}
	for i := 0; i < 10; i++ {
		b := fmt.Sprintf("b%d", i)
		all[b] = true
		spec.Actions = append(spec.Actions,
			goap.Action{Name: "On" + b, Cost: 1, Pre: goap.Conds{b: false}, Effects: goap.Effects{b: true}},
			goap.Action{Name: "Off" + b, Cost: 1, Pre: goap.Conds{b: true}, Effects: goap.Effects{b: false}})
	}
	makeX, makeY := goap.Conds{"y": false}, goap.Conds{"x": false}
	for b := range all {
		makeX[b], makeY[b] = true, true
	}
	spec.Actions = append(spec.Actions,
		goap.Action{Name: "MakeX", Cost: 1, Pre: makeX, Effects: goap.Effects{"x": true}},
		goap.Action{Name: "MakeY", Cost: 1, Pre: makeY, Effects: goap.Effects{"y": true}})
	spec.Goals = []goap.Goal{{Name: "Win", Desired: goap.Conds{"x": true, "y": true}}}
	d, err := goap.NewDomain(spec)
	if err != nil {
		t.Fatal(err)
	}
	g, _ := d.Goal("Win")
	q := goap.NewPlanner(d)
	q.Options = goap.Options{Direction: goap.Forward, Heuristic: goap.HMax, MemoryBounded: true}
	none := q.Plan(ctx, d.NewState(), g)
	if none.Status != goap.NoPlan || none.Expanded > 3<<10 {
		t.Fatalf("unsolvable: %v after %d expansions, want no plan within the 3,072 states", none.Status, none.Expanded)
	}
	// IDA* alone goes on raising its bound round the switches' cycles:
	// ten times A*'s expansions do not settle it.
	goap.SetIDAOnly(q, true)
	q.Options.MaxExpansions = 10 * none.Expanded
	if ida := q.Plan(ctx, d.NewState(), g); ida.Status != goap.LimitReached {
		t.Errorf("unsolvable, IDA* alone: %v after %d expansions, want the expansion limit (the test no longer shows A*'s gain)", ida.Status, ida.Expanded)
	}
}
