package goap_test

import (
	"context"
	"fmt"
	"math"
	"math/rand"
	"testing"

	"github.com/goap-go/goap"
)

// TestBucketQueueSameSearch plans random domains with integer costs (zero
// included, some up to 3900, some behind a prefix costing 68,000, some
// spread over several state words) by blind
// search three times, with the bucket queue, with the binary heap and with
// the bucket queue on the large-table path, and expects the very same
// search: status, plan, counts and partial progress at every expansion
// limit tried, and the optimal cost.
func TestBucketQueueSameSearch(t *testing.T) {
	n := 1500
	if testing.Short() {
		n = 200
	}
	rng := rand.New(rand.NewSource(11))
	ctx := context.Background()
	blind := []goap.Options{
		{Direction: goap.Forward, Heuristic: goap.Blind},
		{Direction: goap.Forward, Heuristic: goap.Blind, NoPruning: true},
		{Direction: goap.Backward, Heuristic: goap.Blind},
		{Heuristic: goap.Blind}, // Auto: both halves blind
	}
	found := 0
	for i := 0; i < n; i++ {
		numeric := i%2 == 0
		spec, startVals, goalConds := randomSpec(rng, numeric)
		if i%4 == 3 {
			widen(rand.New(rand.NewSource(int64(i))), &spec, startVals, goalConds) // multi-word states
		}
		scale := 1.0
		if i%3 == 0 {
			scale = 650 // a long ring: costs up to 3900
		}
		for k := range spec.Actions {
			spec.Actions[k].Cost = math.Round(spec.Actions[k].Cost*2) * scale // 0 to 6
		}
		configs := blind
		if i%4 == 1 {
			// Forward only: the costly prefix serves the forward
			// search's duplicate test, and multiplies the subgoals of
			// blind backward search.
			addCostlyPrefix(&spec)
			configs = blind[:2]
		}
		d, err := goap.NewDomain(spec)
		if err != nil {
			t.Fatal(err)
		}
		start, _ := d.State(startVals)
		goal, _ := d.Goal("goal")
		ref := newRefDomain(spec)
		want, _ := ref.optimalCost(ref.initial(startVals), goalConds)
		for oi, opts := range configs {
			// Warm planners, reused across limits: each call starts
			// from what the previous one left in the queue.
			planners := [3]*goap.Planner{goap.NewPlanner(d), goap.NewPlanner(d), goap.NewPlanner(d)}
			for _, limit := range []int{0, 1, 3, 7, 0} {
				opts.MaxExpansions = limit
				var got [3]string
				for j, on := range []bool{true, false, true} {
					restore := goap.SetBucketQueue(on)
					restorePrefetch := func() {}
					if j == 2 { // and the large-table path
						restorePrefetch = goap.SetPrefetchTable(0)
					}
					p := planners[j]
					p.Options = opts
					res := p.Plan(ctx, start, goal)
					restore()
					restorePrefetch()
					if res.Status == goap.Found && math.Abs(res.Cost-want) > 1e-9 {
						t.Fatalf("domain %d %+v buckets=%v: cost %v, optimum %v", i, opts, on, res.Cost, want)
					}
					if oi == 0 && j == 0 && limit == 0 && res.Status == goap.Found {
						found++
					}
					got[j] = fmt.Sprintf("%v plan %v cost %v expanded %d generated %d partial %v",
						res.Status, res.Plan, res.Cost, res.Expanded, res.Generated, res.Partial)
				}
				if got[0] != got[1] || got[0] != got[2] {
					t.Fatalf("domain %d %+v: bucket queue, heap and prefetching differ:\n%s\n%s\n%s", i, opts, got[0], got[1], got[2])
				}
			}
		}
	}
	if found < n/4 {
		t.Fatalf("only %d of %d domains solved: the test checks too little", found, n)
	}
}

// addCostlyPrefix makes every action of spec wait for a chain of 17
// actions costing 4000 each, so that every cost the rest of the search
// meets exceeds what a table slot holds (slot.g saturates at 65535) and
// blind search's duplicate test must read the node instead.
func addCostlyPrefix(spec *goap.Spec) {
	const steps = 17
	for k := range spec.Actions {
		pre := goap.Conds{fmt.Sprintf("pfx%d", steps-1): true}
		for f, v := range spec.Actions[k].Pre {
			pre[f] = v
		}
		spec.Actions[k].Pre = pre
	}
	for k := 0; k < steps; k++ {
		a := goap.Action{Name: fmt.Sprintf("Pfx%d", k), Cost: 4000, Effects: goap.Effects{fmt.Sprintf("pfx%d", k): true}}
		if k > 0 {
			a.Pre = goap.Conds{fmt.Sprintf("pfx%d", k-1): true}
		}
		spec.Actions = append(spec.Actions, a)
	}
}

// TestUnmetBitsAgree checks the fast count of unmet goal conditions used
// by Why's closest state against the general count on random domains.
func TestUnmetBitsAgree(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	compared := 0
	for i := 0; i < 400; i++ {
		spec, startVals, _ := randomSpec(rng, i%2 == 0)
		d, err := goap.NewDomain(spec)
		if err != nil {
			t.Fatal(err)
		}
		start, _ := d.State(startVals)
		goal, _ := d.Goal("goal")
		p := goap.NewPlanner(d)
		p.Options = goap.Options{Direction: goap.Forward, Heuristic: goap.Blind, NoPruning: true}
		s := p.Start(start, goal)
		s.Step(20)
		general, bitwise := goap.UnmetCounts(s)
		if bitwise == nil {
			continue
		}
		compared++
		if fmt.Sprint(general) != fmt.Sprint(bitwise) {
			t.Fatalf("domain %d: unmet %v, unmetBits %v", i, general, bitwise)
		}
	}
	if compared < 50 {
		t.Fatalf("only %d domains had one-bit goals", compared)
	}
}
