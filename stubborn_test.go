package goap_test

import (
	"context"
	"fmt"
	"math"
	"math/rand"
	"testing"

	"github.com/goap-go/goap"
)

// stubbornModes are the ways the tests run stubborn sets: off, as
// planners start (measuring first), and pruning from the first
// expansion (most random searches end before the measuring does).
var stubbornModes = []struct {
	name      string
	on, trial bool
}{{"off", false, false}, {"default", true, true}, {"always", true, false}}

// TestStubbornSetsOptimal plans random domains (booleans, integers with
// comparisons and add/subtract effects, enums with !=; some spread over
// several words) by forward LM-cut and by Auto with stubborn sets off,
// on, and on from the first expansion, and expects the optimal cost of
// the exhaustive reference from each, with plans that replay. Pruning
// must also cut the generated states somewhere, or the test would not
// exercise it.
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
			var generated [3]int
			for k, m := range stubbornModes {
				p := goap.NewPlanner(d)
				p.Options = opts
				goap.SetStubbornSets(p, m.on, m.trial)
				if i%2 == 1 {
					goap.SetIndexOneWordAfter(p, 0) // one-word states: the indexed loop
				}
				res := p.Plan(ctx, start, goal)
				where := fmt.Sprintf("domain %d (%+v, stubborn %s) start %v goal %v", i, opts, m.name, startVals, goalConds)
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
			if opts.Direction == goap.Forward && generated[2] < generated[0] {
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
			var generated [3]int
			for k, m := range stubbornModes {
				for _, opts := range []goap.Options{{Direction: goap.Forward, Heuristic: goap.LMCut}, {}} {
					p := goap.NewPlanner(d)
					p.Options = opts
					goap.SetStubbornSets(p, m.on, m.trial)
					res := p.Plan(ctx, start, goal)
					where := fmt.Sprintf("craft depth %d stock %v stubborn %s %+v", depth, stock, m.name, opts)
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
			// pruned, one or two; by default after 16 measuring
			// expansions (a child per unmade leaf each).
			if generated[2] > 3*steps/2 || depth >= 6 && generated[1]*3 > generated[0] {
				t.Errorf("craft depth %d stock %v: generated %d with stubborn sets (%d from the first expansion), %d without", depth, stock, generated[1], generated[2], generated[0])
			}
			t.Logf("craft depth %d stock %v: generated %d with stubborn sets (%d from the first expansion), %d without", depth, stock, generated[1], generated[2], generated[0])
		}
	}
}

// TestStubbornSetsNoAllocs plans deep crafting (one word and several,
// booleans and stocks) again on a warm planner: building the sets and
// the pruned expansions allocate nothing.
func TestStubbornSetsNoAllocs(t *testing.T) {
	ctx := context.Background()
	for _, depth := range []int{5, 7} {
		for _, stock := range []bool{false, true} {
			spec, startVals := craftFamily(depth, stock)
			d, start, goal := compileSpec(t, spec, startVals)
			for _, trial := range []bool{false, true} {
				p := goap.NewPlanner(d)
				p.Options = goap.Options{Direction: goap.Forward, Heuristic: goap.LMCut}
				goap.SetStubbornSets(p, true, trial)
				p.Plan(ctx, start, goal)
				if n := testing.AllocsPerRun(3, func() { p.Plan(ctx, start, goal) }); n != 0 && !raceEnabled {
					t.Errorf("craft depth %d stock %v trial %v: %v allocations per plan", depth, stock, trial, n)
				}
			}
		}
	}
}
