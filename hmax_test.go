package goap_test

import (
	"context"
	"fmt"
	"math"
	"math/rand"
	"testing"

	"github.com/goap-go/goap"
)

// TestHMaxRingSameCosts checks h_max's ring of buckets (Dial's queue,
// used when every usable action costs a small integer) against the binary
// heap on random domains: the same cost for every atom, the same h_max and
// h_add estimates, and the same searches, with some actions excluded (so
// disabled) and costs from 0 to 6, or up to 240 (a ring of 256 buckets),
// or too dear for the ring.
func TestHMaxRingSameCosts(t *testing.T) {
	t.Parallel()
	n := 600
	if testing.Short() {
		n = 100
	}
	rng := rand.New(rand.NewSource(26))
	ctx := context.Background()
	configs := []goap.Options{
		{Direction: goap.Forward, Heuristic: goap.HMax},
		{Direction: goap.Backward},
		{},
	}
	rings, finite := 0, 0
	for i := 0; i < n; i++ {
		spec, startVals, _ := randomSpec(rng, i%2 == 0)
		scale := []float64{1, 40, 1000}[i%3]
		for k := range spec.Actions {
			spec.Actions[k].Cost = math.Round(spec.Actions[k].Cost*2) * scale
		}
		d, start, goal := compileSpec(t, spec, startVals)
		var exclude []goap.ActionID
		if i%4 == 1 {
			exclude = []goap.ActionID{goap.ActionID(rng.Intn(len(spec.Actions))), goap.ActionID(rng.Intn(len(spec.Actions)))}
		}
		var got [2]string
		for j, on := range []bool{true, false} {
			p := goap.NewPlanner(d)
			goap.SetHMaxRing(p, on)
			atoms, hmax, hadd, ring := goap.HMaxAtoms(p, start, goal, goap.Options{Exclude: exclude})
			if ring && !on {
				t.Fatalf("domain %d (costs x%v): ring %v with the ring allowed %v", i, scale, ring, on)
			}
			if ring {
				rings++
				if !math.IsInf(hmax, 1) && hmax > 0 {
					finite++
				}
			}
			got[j] = fmt.Sprintf("atoms %v h_max %v h_add %v", atoms, hmax, hadd)
			for _, opts := range configs {
				opts.Exclude = exclude
				p.Options = opts
				res := p.Plan(ctx, start, goal)
				got[j] += fmt.Sprintf("\n%+v: %v plan %v cost %v expanded %d generated %d",
					opts, res.Status, res.Plan, res.Cost, res.Expanded, res.Generated)
			}
		}
		if got[0] != got[1] {
			t.Fatalf("domain %d (costs x%v, excluded %v): ring and heap differ:\n%s\n%s", i, scale, exclude, got[0], got[1])
		}
	}
	t.Logf("%d of %d domains explored in the ring, %d with a positive finite h_max", rings, n, finite)
	if finite < n/8 || rings < n/2 {
		t.Fatalf("%d of %d domains explored in the ring, %d with a positive finite h_max: the test checks too little", rings, n, finite)
	}
}
