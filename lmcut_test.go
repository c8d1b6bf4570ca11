package goap_test

import (
	"context"
	"fmt"
	"math"
	"math/rand"
	"testing"

	"github.com/goap-go/goap"
)

func TestLMCutGuard(t *testing.T) {
	d, start, goal, _ := loadBench(t, "guard")
	p := goap.NewPlanner(d)
	hmax := goap.Estimate(p, start, goal, goap.HMax)
	lm := goap.Estimate(p, start, goal, goap.LMCut)
	t.Logf("guard: h_max %v, LM-cut %v", hmax, lm)
	if lm < hmax || lm > 9 {
		t.Fatalf("LM-cut %v, want between h_max %v and the optimum 9", lm, hmax)
	}
	p.Options = goap.Options{Direction: goap.Forward, Heuristic: goap.LMCut}
	ctx := context.Background()
	res := p.Plan(ctx, start, goal)
	if res.Status != goap.Found || res.Cost != 9 {
		t.Fatalf("got %v cost %v, want cost 9", res.Status, res.Cost)
	}
	if raceEnabled {
		return // allocation counts do not hold under the race detector
	}
	allocs := testing.AllocsPerRun(50, func() { p.Plan(ctx, start, goal) })
	if allocs != 0 {
		t.Errorf("%v allocations per warm LM-cut plan", allocs)
	}
}

func TestLMCutString(t *testing.T) {
	if goap.LMCut.String() != "lmcut" || !goap.LMCut.Optimal() {
		t.Fatalf("LMCut: %q optimal %v", goap.LMCut, goap.LMCut.Optimal())
	}
}

// lmcutWalk compares LM-cut in canonical mode with the from-scratch
// reference on the start state and the states of a random walk from it,
// with every round verifying itself (incremental h_max, supporters,
// landmark property); in the default mode, whose supporters depend on the
// order of h_max's queue, the rounds verify themselves and the estimate
// must be at least h_max.
func lmcutWalk(t *testing.T, rng *rand.Rand, d *goap.Domain, start goap.State, goal *goap.Target, steps int, where string) {
	t.Helper()
	restore := goap.CheckLMCutRounds(func(msg string) { t.Fatalf("%s: %s", where, msg) })
	defer restore()
	p := goap.NewPlanner(d)
	s := start.Clone()
	for step := 0; step <= steps; step++ {
		if !s.Satisfies(goal) {
			goap.SetLMCutCanonical(p, true)
			got := goap.Estimate(p, s, goal, goap.LMCut)
			want := goap.LMCutReference(p, s, goal)
			if got != want {
				t.Fatalf("%s, step %d: LM-cut %v, reference %v (state %v)", where, step, got, want, s)
			}
			goap.SetLMCutCanonical(p, false)
			got = goap.Estimate(p, s, goal, goap.LMCut)
			if hmax := goap.Estimate(p, s, goal, goap.HMax); got < hmax {
				t.Fatalf("%s, step %d: LM-cut %v below h_max %v (state %v)", where, step, got, hmax, s)
			}
		}
		var app []goap.ActionID
		for a := 0; a < d.NumActions(); a++ {
			if d.Applicable(s, goap.ActionID(a)) {
				app = append(app, goap.ActionID(a))
			}
		}
		if len(app) == 0 {
			return
		}
		d.Apply(s, app[rng.Intn(len(app))])
	}
}

// TestLMCutAgainstReference: random domains, with fractional costs (heap
// queue) and rounded to integers (bucket queue), boolean and numeric.
func TestLMCutAgainstReference(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	n := 1500
	if testing.Short() {
		n = 300
	}
	for i := 0; i < n; i++ {
		spec, startVals, _ := randomSpec(rng, i%3 == 2)
		if i%2 == 1 {
			for j := range spec.Actions {
				spec.Actions[j].Cost = math.Round(spec.Actions[j].Cost)
			}
		}
		d, start, goal := compileSpec(t, spec, startVals)
		lmcutWalk(t, rng, d, start, goal, 8, fmt.Sprintf("domain %d", i))
	}
}

// TestLMCutPlansCheckRounds runs forward LM-cut plans with every round
// verifying itself.
func TestLMCutPlansCheckRounds(t *testing.T) {
	restore := goap.CheckLMCutRounds(func(msg string) { t.Fatal(msg) })
	defer restore()
	rng := rand.New(rand.NewSource(6))
	for i := 0; i < 200; i++ {
		spec, startVals, _ := randomSpec(rng, false)
		d, start, goal := compileSpec(t, spec, startVals)
		p := goap.NewPlanner(d)
		p.Options = goap.Options{Direction: goap.Forward, Heuristic: goap.LMCut}
		p.Plan(context.Background(), start, goal)
	}
}

// TestLMCutWarmNoAllocs: a warm forward LM-cut plan allocates nothing,
// with the heap queue (fractional costs) as with the bucket queue.
func TestLMCutWarmNoAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation counts do not hold under the race detector")
	}
	_, start0, _, spec := loadBench(t, "guard")
	for i := range spec.Actions {
		spec.Actions[i].Cost += 0.25
	}
	d, start, goal := compileSpec(t, spec, start0.Values())
	p := goap.NewPlanner(d)
	p.Options = goap.Options{Direction: goap.Forward, Heuristic: goap.LMCut}
	ctx := context.Background()
	if res := p.Plan(ctx, start, goal); res.Status != goap.Found {
		t.Fatalf("got %v", res.Status)
	}
	if allocs := testing.AllocsPerRun(20, func() { p.Plan(ctx, start, goal) }); allocs != 0 {
		t.Errorf("%v allocations per warm LM-cut plan with fractional costs", allocs)
	}
}
