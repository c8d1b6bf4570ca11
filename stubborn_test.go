package goap_test

import (
	"context"
	"fmt"
	"math"
	"math/rand"
	"testing"

	"github.com/goap-go/goap"
)

// TestStubbornSetsOptimal plans random domains (booleans, integers with
// comparisons and add/subtract effects, enums with !=; some spread over
// several words) by forward LM-cut and by Auto with stubborn sets on and
// off, and expects the optimal cost of the exhaustive reference from
// both, with plans that replay. Pruning must also cut the generated
// states somewhere, or the test would not exercise it.
func TestStubbornSetsOptimal(t *testing.T) {
	t.Parallel()
	n := 2000
	if testing.Short() {
		n = 200
	}
	rng := rand.New(rand.NewSource(26))
	ctx := context.Background()
	fewer, solvable := 0, 0
	for i := 0; i < n; i++ {
		spec, startVals, goalConds := randomSpec(rng, i%4 != 0)
		if i%3 == 2 {
			widen(rand.New(rand.NewSource(int64(i))), &spec, startVals, goalConds)
		}
		d, start, goal := compileSpec(t, spec, startVals)
		ref := newRefDomain(spec)
		rs := ref.initial(startVals)
		want, _ := ref.optimalCost(rs, goalConds)
		if !math.IsInf(want, 1) {
			solvable++
		}
		for _, opts := range []goap.Options{{Direction: goap.Forward, Heuristic: goap.LMCut}, {}} {
			var generated [2]int
			for k, on := range []bool{false, true} {
				p := goap.NewPlanner(d)
				p.Options = opts
				goap.SetStubbornSets(p, on)
				res := p.Plan(ctx, start, goal)
				where := fmt.Sprintf("domain %d (%+v, stubborn %v) start %v goal %v", i, opts, on, startVals, goalConds)
				if math.IsInf(want, 1) {
					if res.Status != goap.NoPlan {
						t.Fatalf("%s: reference finds no plan, planner says %v", where, res.Status)
					}
					continue
				}
				if res.Status != goap.Found && res.Status != goap.AlreadySatisfied {
					t.Fatalf("%s: reference cost %v, status %v (%v)", where, want, res.Status, res.Err)
				}
				got, err := ref.replay(rs, goalConds, d.ActionNames(res.Plan))
				if err != nil {
					t.Fatalf("%s: plan does not replay: %v", where, err)
				}
				if math.Abs(got-want) > 1e-9 || got != res.Cost {
					t.Fatalf("%s: cost %v (reported %v), optimum %v; plan %v", where, got, res.Cost, want, d.ActionNames(res.Plan))
				}
				generated[k] = res.Generated
			}
			if opts.Direction == goap.Forward && generated[1] < generated[0] {
				fewer++
			}
		}
	}
	if fewer < n/20 || solvable < n/4 {
		t.Fatalf("pruning cut the generated states on %d of %d domains (%d solvable)", fewer, n, solvable)
	}
	t.Logf("pruning generated fewer states on %d of %d domains (%d solvable)", fewer, n, solvable)
}

// TestStubbornSetsCraft plans deep crafting, with items as booleans and
// as consumed stocks, by forward LM-cut: the plans are valid and make
// every item once (optimal), and pruning cuts the generated states.
func TestStubbornSetsCraft(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	for _, stock := range []bool{false, true} {
		for depth := 4; depth <= 7; depth++ {
			spec, startVals := craftFamily(depth, stock)
			d, start, goal := compileSpec(t, spec, startVals)
			steps := 1<<(depth+1) - 1
			var generated [2]int
			for k, on := range []bool{false, true} {
				for _, opts := range []goap.Options{{Direction: goap.Forward, Heuristic: goap.LMCut}, {}} {
					p := goap.NewPlanner(d)
					p.Options = opts
					goap.SetStubbornSets(p, on)
					res := p.Plan(ctx, start, goal)
					where := fmt.Sprintf("craft depth %d stock %v stubborn %v %+v", depth, stock, on, opts)
					if res.Status != goap.Found || res.Cost != float64(steps) || len(res.Plan) != steps {
						t.Fatalf("%s: %v, cost %v, %d steps; want %d", where, res.Status, res.Cost, len(res.Plan), steps)
					}
					s := start.Clone()
					for _, a := range res.Plan {
						if !d.Apply(s, a) {
							t.Fatalf("%s: %s does not apply", where, d.ActionName(a))
						}
					}
					if len(goal.Unmet(s)) != 0 {
						t.Fatalf("%s: the plan does not reach the goal", where)
					}
					if opts.Direction == goap.Forward {
						generated[k] = res.Generated
					}
				}
			}
			// Unpruned, an expansion makes a child per unmade leaf;
			// pruned, one or two.
			if generated[1]*4 > generated[0] || generated[1] > 3*steps {
				t.Errorf("craft depth %d stock %v: generated %d with stubborn sets, %d without", depth, stock, generated[1], generated[0])
			}
			t.Logf("craft depth %d stock %v: generated %d with stubborn sets, %d without", depth, stock, generated[1], generated[0])
		}
	}
}
