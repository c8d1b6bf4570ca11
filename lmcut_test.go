package goap_test

import (
	"context"
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
