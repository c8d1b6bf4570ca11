package goap_test

import (
	"context"
	"errors"
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
	t.Parallel()
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
	p := goap.NewPlanner(d)
	goap.CheckLMCutRounds(p, func(msg string) { t.Fatalf("%s: %s", where, msg) })
	goap.SetResourceBound(p, false) // the reference is LM-cut alone
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
		app := applicableActions(d, s)
		if len(app) == 0 {
			return
		}
		d.Apply(s, app[rng.Intn(len(app))])
	}
}

// TestLMCutAgainstReference: random domains, with fractional costs (heap
// queue) and rounded to integers (bucket queue), boolean and numeric.
func TestLMCutAgainstReference(t *testing.T) {
	t.Parallel()
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
	t.Parallel()
	rng := rand.New(rand.NewSource(6))
	for i := 0; i < 400; i++ {
		spec, startVals, _ := randomSpec(rng, i%2 == 1)
		d, start, goal := compileSpec(t, spec, startVals)
		p := goap.NewPlanner(d)
		goap.CheckLMCutRounds(p, func(msg string) { t.Fatal(msg) })
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

// TestLMCutAdmissibleAlongWalks checks LM-cut against the exhaustive
// optimum, not only at the start state: at every state of random walks on
// random domains, half of them with add/subtract effects (which LM-cut
// relaxes to reach any value of their image), the estimate is at most the
// cheapest cost to the goal and at least h_max; so is the incremental
// estimate of every child from the state's landmarks, and of every state
// of the walk from the landmarks its predecessor's estimate kept.
func TestLMCutAdmissibleAlongWalks(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewSource(7))
	n := 600
	if testing.Short() {
		n = 150
	}
	checked := 0
	for i := 0; i < n; i++ {
		spec, startVals, goalConds := randomSpec(rng, i%2 == 0)
		d, start, goal := compileSpec(t, spec, startVals)
		ref := newRefDomain(spec)
		p := goap.NewPlanner(d)
		s := start.Clone()
		path, acts := []goap.State{s.Clone()}, []goap.ActionID(nil)
		for step := 0; step < 6; step++ {
			want, _ := ref.optimalCost(ref.initial(s.Values()), goalConds)
			lm := goap.Estimate(p, s, goal, goap.LMCut)
			hmax := goap.Estimate(p, s, goal, goap.HMax)
			if lm > want+1e-9 || lm < hmax-1e-9 {
				t.Fatalf("domain %d, step %d: LM-cut %v, h_max %v, optimum %v (state %v)", i, step, lm, hmax, want, s)
			}
			checked++
			app := applicableActions(d, s)
			if len(app) == 0 {
				break
			}
			// Every child, estimated incrementally from s's landmarks
			// (a search expands no goal state).
			for _, a := range app {
				if s.Satisfies(goal) {
					break
				}
				c := s.Clone()
				d.Apply(c, a)
				if c.Satisfies(goal) {
					continue
				}
				want, _ := ref.optimalCost(ref.initial(c.Values()), goalConds)
				if h := goap.EstimateChild(p, s, a, c, goal); h > want+1e-9 {
					t.Fatalf("domain %d, step %d: incremental LM-cut %v after %s, optimum %v (state %v)", i, step, h, d.ActionName(a), want, c)
				}
			}
			if s.Satisfies(goal) {
				break
			}
			a := app[rng.Intn(len(app))]
			d.Apply(s, a)
			path, acts = append(path, s.Clone()), append(acts, a)
		}
		// The walk as a search diving down it estimates it: each state
		// from the landmarks its predecessor's estimate kept.
		for k, h := range goap.EstimateDive(p, path, acts, goal) {
			c := path[k+1]
			if c.Satisfies(goal) {
				break
			}
			if want, _ := ref.optimalCost(ref.initial(c.Values()), goalConds); h > want+1e-9 {
				t.Fatalf("domain %d: diving incremental LM-cut %v at step %d, optimum %v (state %v)", i, h, k+1, want, c)
			}
		}
	}
	if checked < 2*n {
		t.Fatalf("only %d states checked", checked)
	}
}

// TestLMCutSharedCount: n chores that each spend one unit of a shared
// count and set their own fact. h_max sees one chore; LM-cut, with the
// subtract relaxed, finds the n landmarks, so forward LM-cut expands only
// the states on the plan, whether the count is exact or never binding
// (a range of 0..n*1000 costs two atoms once merged); with one unit too
// few, there is no plan, which the resource bound sees at the start.
func TestLMCutSharedCount(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ n, stock int }{{12, 12}, {30, 30}, {30, 30000}, {30, 29}} {
		spec := goap.Spec{Name: "chores", Facts: []goap.Fact{goap.Int("energy", 0, c.stock, c.stock)}}
		goal := goap.Conds{}
		for i := 0; i < c.n; i++ {
			done := fmt.Sprintf("done%d", i)
			spec.Actions = append(spec.Actions, goap.Action{Name: fmt.Sprintf("Chore%d", i), Cost: 1,
				Pre:     goap.Conds{"energy": goap.Ge(1), done: false},
				Effects: goap.Effects{done: true, "energy": goap.Sub(1)}})
			goal[done] = true
		}
		spec.Goals = []goap.Goal{{Name: "goal", Desired: goal}}
		d, start, target := compileSpec(t, spec, nil)
		p := goap.NewPlanner(d)
		if c.stock < c.n {
			// The resource bound proves it at the start: the n chores
			// are landmarks, spend n, and nothing adds energy.
			p.Options = goap.Options{Direction: goap.Forward, Heuristic: goap.LMCut}
			res := p.Plan(context.Background(), start, target)
			if res.Status != goap.NoPlan || res.Expanded != 0 || res.Why() == nil {
				t.Errorf("n=%d stock %d: %v after %d expansions, explanation %v; want no plan at once", c.n, c.stock, res.Status, res.Expanded, res.Why())
			}
			continue
		}
		if h := goap.Estimate(p, start, target, goap.LMCut); h != float64(c.n) {
			t.Errorf("n=%d stock %d: LM-cut %v at the start, want %d", c.n, c.stock, h, c.n)
			continue // the search below would take 2^n states
		}
		if h := goap.Estimate(p, start, target, goap.HMax); h != 1 {
			t.Errorf("n=%d: h_max %v, want 1", c.n, h)
		}
		p.Options = goap.Options{Direction: goap.Forward, Heuristic: goap.LMCut}
		res := p.Plan(context.Background(), start, target)
		if res.Status != goap.Found || res.Cost != float64(c.n) || res.Expanded > c.n+1 {
			t.Errorf("n=%d stock %d: %v cost %v, %d expanded (want cost %d, at most %d expanded)", c.n, c.stock, res.Status, res.Cost, res.Expanded, c.n, c.n+1)
		}
	}
}

// TestAutoWeighted: under a SuboptimalWeight, an Auto search that outlasts
// the blind member's first turn goes on as weighted forward LM-cut, so
// the weight changes what Auto does (it used to weigh blind search's
// zero estimate): on 40 sub-plans that share one tool blind search
// expands tens of thousands of states, weighted Auto a few hundred (no
// more than optimal Auto, whose LM-cut member joins as early), and its
// plan costs at most twice the optimum.
func TestAutoWeighted(t *testing.T) {
	t.Parallel()
	d, start, target := compileSpec(t, toolSpec(40), nil)
	ctx := context.Background()
	p := goap.NewPlanner(d)
	opt := p.Plan(ctx, start, target)
	p.Options.SuboptimalWeight = 2
	w := p.Plan(ctx, start, target)
	if opt.Status != goap.Found || opt.Cost != 121 || w.Status != goap.Found || w.Cost > 2*opt.Cost {
		t.Fatalf("optimal %v cost %v, weighted %v cost %v", opt.Status, opt.Cost, w.Status, w.Cost)
	}
	// Blind search, stopped at ten times weighted Auto's expansions.
	p.Options = goap.Options{Direction: goap.Forward, Heuristic: goap.Blind, MaxExpansions: 10 * w.Expanded}
	if blind := p.Plan(ctx, start, target); blind.Status != goap.LimitReached || w.Expanded > opt.Expanded {
		t.Errorf("weight 2 expanded %d states, optimal Auto %d, blind search %v within ten times as many: want blind search to need more, and weighted Auto no more than Auto", w.Expanded, opt.Expanded, blind.Status)
	}
}

// toolSpec is n three-step sub-plans that share one tool: Get p_i, then
// Make q_i (needs p_i and the tool), then Finish done_i; the goal is every
// done_i. Blind search enumerates the orders of the sub-plans; LM-cut
// counts 3n+1 landmarks at the start, where h_max sees 3.
func toolSpec(n int) goap.Spec {
	spec := goap.Spec{Name: "tool", Actions: []goap.Action{{Name: "PickTool", Cost: 1, Effects: goap.Effects{"tool": true}}}}
	goal := goap.Conds{}
	for i := 0; i < n; i++ {
		p, q, done := fmt.Sprintf("p%d", i), fmt.Sprintf("q%d", i), fmt.Sprintf("done%d", i)
		spec.Actions = append(spec.Actions,
			goap.Action{Name: "Get" + p, Cost: 1, Effects: goap.Effects{p: true}},
			goap.Action{Name: "Make" + q, Cost: 1, Pre: goap.Conds{p: true, "tool": true}, Effects: goap.Effects{q: true}},
			goap.Action{Name: "Finish" + done, Cost: 1, Pre: goap.Conds{q: true}, Effects: goap.Effects{done: true}})
		goal[done] = true
	}
	spec.Goals = []goap.Goal{{Name: "goal", Desired: goal}}
	return spec
}

// TestAutoGivesLMCutItsShare: when LM-cut's estimate of the start is many
// times h_max, the Auto portfolio gives the LM-cut member that many times
// the others' work, in turns of several expansions. With one expansion
// per turn its share stayed near 1: on 40 sub-plans sharing a tool Auto
// expanded 50,169 states in all, now about 4,500 (LM-cut alone: 121).
func TestAutoGivesLMCutItsShare(t *testing.T) {
	t.Parallel()
	d, start, target := compileSpec(t, toolSpec(40), nil)
	p := goap.NewPlanner(d)
	auto := p.Plan(context.Background(), start, target)
	if auto.Status != goap.Found || auto.Cost != 121 {
		t.Fatalf("auto %v cost %v, want cost 121", auto.Status, auto.Cost)
	}
	if auto.Expanded > 10000 {
		t.Errorf("Auto expanded %d states: want at most 10,000", auto.Expanded)
	}
}

// TestResourceBound: a build order where LM-cut alone counts one gather
// (an add reaches any value at once) and the resource bound counts them
// all. Each of n buildings needs and spends some wood; a gather adds 2;
// the cheapest plan is n builds and ceil(total/2) gathers, the bound
// finds exactly that at the start, and forward LM-cut expands only the
// plan's states.
func TestResourceBound(t *testing.T) {
	t.Parallel()
	for _, n := range []int{3, 10, 25} {
		spec := goap.Spec{Name: "build", Facts: []goap.Fact{goap.Int("wood", 0, 60, 0)},
			Actions: []goap.Action{{Name: "Gather", Cost: 1, Effects: goap.Effects{"wood": goap.Add(2)}}}}
		goal := goap.Conds{}
		total := 0
		for i := 0; i < n; i++ {
			c := 1 + i%3
			total += c
			b := fmt.Sprintf("b%d", i)
			pre := goap.Conds{"wood": goap.Ge(c), b: false}
			if i > 0 {
				pre[fmt.Sprintf("b%d", i-1)] = true
			}
			spec.Actions = append(spec.Actions, goap.Action{Name: "Build" + b, Cost: 1, Pre: pre, Effects: goap.Effects{b: true, "wood": goap.Sub(c)}})
			goal[b] = true
		}
		spec.Goals = []goap.Goal{{Name: "goal", Desired: goal}}
		d, start, target := compileSpec(t, spec, nil)
		want := float64(n + (total+1)/2)
		p := goap.NewPlanner(d)
		if h := goap.Estimate(p, start, target, goap.LMCut); h != want {
			t.Errorf("n=%d: LM-cut with the resource bound %v at the start, want the optimum %v", n, h, want)
		}
		goap.SetResourceBound(p, false)
		alone := goap.Estimate(p, start, target, goap.LMCut)
		goap.SetResourceBound(p, true)
		if alone >= want {
			t.Errorf("n=%d: LM-cut alone %v: the bound should be what reaches %v", n, alone, want)
		}
		p.Options = goap.Options{Direction: goap.Forward, Heuristic: goap.LMCut}
		res := p.Plan(context.Background(), start, target)
		if res.Status != goap.Found || res.Cost != want || res.Expanded > int(want)+1 {
			t.Errorf("n=%d: %v cost %v, %d expanded (want cost %v, at most %v expanded)", n, res.Status, res.Cost, res.Expanded, want, want+1)
		}
		if tried, wins := goap.ResourceBoundTries(p); wins == 0 || tried < res.Expanded {
			t.Errorf("n=%d: the bound computed %d times and larger %d times in %d expansions: want it at every estimate, larger at some", n, tried, wins, res.Expanded)
		}
	}
}

// TestResourceBoundGivenUp: where the resource bound never exceeds
// LM-cut's estimate in the first estimates of a search, the search stops
// computing it (it costs O(counts) per state). On deep crafting with
// stocks LM-cut counts every item still to make, and the bound, of the
// same landmarks, never more.
func TestResourceBoundGivenUp(t *testing.T) {
	t.Parallel()
	spec, startVals := craftFamily(6, true)
	d, start, goal := compileSpec(t, spec, startVals)
	p := goap.NewPlanner(d)
	p.Options = goap.Options{Direction: goap.Forward, Heuristic: goap.LMCut}
	res := p.Plan(context.Background(), start, goal)
	if res.Status != goap.Found || res.Cost != 127 {
		t.Fatalf("%v cost %v, want 127", res.Status, res.Cost)
	}
	if tried, wins := goap.ResourceBoundTries(p); tried != 64 || wins != 0 {
		t.Errorf("the bound computed %d times and larger %d times in %d expansions: want 64 and 0", tried, wins, res.Expanded)
	}
}

// craftSpec is a random crafting domain: a few counts, producers that
// add to one (by 1 or 2) and spend others, some needing a boolean tool
// that one action makes, and a goal of counts to reach. It is the shape
// the resource bound's propagation reasons about (a producer's runs spend
// its inputs), which randomSpec rarely makes.
func craftSpec(rng *rand.Rand) (goap.Spec, goap.Conds) {
	n := 2 + rng.Intn(3)
	spec := goap.Spec{Name: "craft"}
	for i := 0; i < n; i++ {
		spec.Facts = append(spec.Facts, goap.Int(fmt.Sprintf("c%d", i), 0, 4, rng.Intn(2)))
	}
	spec.Actions = append(spec.Actions, goap.Action{Name: "MakeTool", Cost: 1 + float64(rng.Intn(2)), Effects: goap.Effects{"tool": true}})
	for j := 0; j < 3+rng.Intn(5); j++ {
		out := rng.Intn(n)
		a := goap.Action{Name: fmt.Sprintf("a%d", j), Cost: []float64{0.5, 1, 1, 2}[rng.Intn(4)], Pre: goap.Conds{}, Effects: goap.Effects{}}
		a.Effects[fmt.Sprintf("c%d", out)] = goap.Add(1 + rng.Intn(2))
		for k := 0; k < rng.Intn(3); k++ {
			in := rng.Intn(n)
			if in == out {
				continue
			}
			c := 1 + rng.Intn(2)
			a.Pre[fmt.Sprintf("c%d", in)] = goap.Ge(c)
			a.Effects[fmt.Sprintf("c%d", in)] = goap.Sub(c)
		}
		if rng.Intn(3) == 0 {
			a.Pre["tool"] = true
		}
		spec.Actions = append(spec.Actions, a)
	}
	goal := goap.Conds{}
	for k := 0; k < 1+rng.Intn(2); k++ {
		goal[fmt.Sprintf("c%d", rng.Intn(n))] = goap.Ge(1 + rng.Intn(4))
	}
	if rng.Intn(3) == 0 {
		goal["tool"] = true
	}
	spec.Goals = []goap.Goal{{Name: "goal", Desired: goal}}
	return spec, goal
}

// TestResourceBoundCrafting checks LM-cut with the resource bound against
// the exhaustive optimum on random crafting domains, at the start and
// along random walks, and forward LM-cut's plans for cost.
func TestResourceBoundCrafting(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewSource(11))
	n := 800
	if testing.Short() {
		n = 200
	}
	ctx := context.Background()
	for i := 0; i < n; i++ {
		spec, goalConds := craftSpec(rng)
		d, start, goal := compileSpec(t, spec, nil)
		ref := newRefDomain(spec)
		p := goap.NewPlanner(d)
		s := start.Clone()
		for step := 0; step < 5 && !s.Satisfies(goal); step++ {
			want, _ := ref.optimalCost(ref.initial(s.Values()), goalConds)
			if h := goap.Estimate(p, s, goal, goap.LMCut); h > want+1e-9 {
				t.Fatalf("domain %d, step %d: LM-cut %v, optimum %v (state %v)\n%+v", i, step, h, want, s, spec)
			}
			app := applicableActions(d, s)
			if len(app) == 0 {
				break
			}
			d.Apply(s, app[rng.Intn(len(app))])
		}
		want, _ := ref.optimalCost(ref.initial(start.Values()), goalConds)
		p.Options = goap.Options{Direction: goap.Forward, Heuristic: goap.LMCut}
		res := p.Plan(ctx, start, goal)
		switch {
		case math.IsInf(want, 1) && res.Status != goap.NoPlan:
			t.Fatalf("domain %d: no plan exists, planner says %v", i, res.Status)
		case !math.IsInf(want, 1) && (res.Status != goap.Found && res.Status != goap.AlreadySatisfied || math.Abs(res.Cost-want) > 1e-9):
			t.Fatalf("domain %d: %v cost %v, optimum %v", i, res.Status, res.Cost, want)
		}
	}
}

// TestAutoDropsMembersOutOfMemory: when the memory limit stops an Auto
// search, its blind and backward members drop out and free their memory,
// and the LM-cut member goes on alone. On 40 sub-plans sharing a tool
// with 512 KiB, forward blind search alone runs out (at half the
// expansions it needs); Auto finds the
// cheapest plan, through Plan and through Start and Step alike.
func TestAutoDropsMembersOutOfMemory(t *testing.T) {
	t.Parallel()
	d, start, target := compileSpec(t, toolSpec(40), nil)
	ctx := context.Background()
	p := goap.NewPlanner(d)
	p.Options = goap.Options{MaxMemory: 1 << 19, Direction: goap.Forward, Heuristic: goap.Blind}
	if r := p.Plan(ctx, start, target); r.Status != goap.LimitReached || !errors.Is(r.Err, goap.ErrMemoryLimit) {
		t.Fatalf("blind search with 512 KiB: %v (%v), want the memory limit", r.Status, r.Err)
	}
	p.Options = goap.Options{MaxMemory: 1 << 19}
	r := p.Plan(ctx, start, target)
	if r.Status != goap.Found || r.Cost != 121 || r.Direction != goap.Forward {
		t.Fatalf("Auto with 512 KiB: %v cost %v %v (%v), want cost 121 forward", r.Status, r.Cost, r.Direction, r.Err)
	}
	h := p.Start(start, target)
	for h.Step(100) == goap.Running {
	}
	if sr := h.Result(); sr.Status != goap.Found || sr.Cost != 121 {
		t.Fatalf("Auto with 512 KiB through Step: %v cost %v (%v)", sr.Status, sr.Cost, sr.Err)
	}
	// The planner is reused afterwards as a fresh one would be.
	p.Options = goap.Options{}
	again := p.Plan(ctx, start, target)
	fresh := goap.NewPlanner(d).Plan(ctx, start, target)
	if fmt.Sprint(again.Plan, again.Expanded) != fmt.Sprint(fresh.Plan, fresh.Expanded) {
		t.Fatalf("after the drop the planner plans %v in %d, a fresh one %v in %d", again.Plan, again.Expanded, fresh.Plan, fresh.Expanded)
	}
}

// TestLMCutChildShortcut: where a child's reused landmarks leave the goal
// at zero cost, estimateChild skips its rounds (lmcut.zeroStays); the
// estimate and the landmarks it keeps must be those the rounds give. On
// random domains, with and without add/subtract effects, every child of
// the states of random walks; on deep crafting, where the shortcut takes
// every step, the children of the start and of a walk down the tree.
func TestLMCutChildShortcut(t *testing.T) {
	t.Parallel()
	type task struct {
		d     *goap.Domain
		start goap.State
		goal  *goap.Target
	}
	rng := rand.New(rand.NewSource(11))
	var tasks []task
	n := 300
	if testing.Short() {
		n = 80
	}
	for i := 0; i < n; i++ {
		spec, startVals, _ := randomSpec(rng, i%2 == 0)
		d, start, goal := compileSpec(t, spec, startVals)
		tasks = append(tasks, task{d, start, goal})
	}
	craft := len(tasks)
	for _, stock := range []bool{false, true} {
		spec, startVals := craftFamily(4, stock)
		d, start, goal := compileSpec(t, spec, startVals)
		tasks = append(tasks, task{d, start, goal})
	}
	skipped, children := 0, 0
	for i, tk := range tasks {
		d, goal := tk.d, tk.goal
		p := goap.NewPlanner(d)
		s := tk.start.Clone()
		craftSkipped, craftChildren := 0, 0
		for step := 0; step < 12 && !s.Satisfies(goal); step++ {
			app := applicableActions(d, s)
			if len(app) == 0 {
				break
			}
			for _, a := range app {
				c := s.Clone()
				d.Apply(c, a)
				fast, full, same, skip := goap.EstimateChildTwice(p, s, a, c, goal)
				if fast != full || !same {
					t.Fatalf("task %d, step %d, %s: estimate %v with the shortcut (taken: %v), %v without; same landmarks: %v (state %v)",
						i, step, d.ActionName(a), fast, skip, full, same, s)
				}
				children++
				if skip {
					skipped++
					if i >= craft {
						craftSkipped++
					}
				}
				if i >= craft {
					craftChildren++
				}
			}
			d.Apply(s, app[rng.Intn(len(app))])
		}
		if i >= craft && craftSkipped != craftChildren {
			t.Errorf("crafting task %d: the shortcut took %d of %d children, want all", i-craft, craftSkipped, craftChildren)
		}
	}
	if skipped == 0 || skipped == children {
		t.Fatalf("the shortcut took %d of %d children: the test shows nothing", skipped, children)
	}
	t.Logf("shortcut taken for %d of %d children", skipped, children)
}

// TestLMCutCraftRounds: forward LM-cut search on deep crafting runs the
// rounds of one full LM-cut, the start's (one landmark per item); every
// other state is estimated from its parent's landmarks without a round
// (lmcut.zeroStays), including the first child popped away from a dive,
// whose parent's landmarks come again from the grandparent's. Before
// either, each step's estimate ran an h_max over the whole task and the
// search made a second full LM-cut: the time grew as the plan's square.
// From depth 6 on, the first expansions make 32 children or more each,
// so every estimate after the start's is deferred (lazyBranching); at
// smaller depths the first are eager, and each expansion away from a
// dive takes the full LM-cut of its state (estimateParent).
func TestLMCutCraftRounds(t *testing.T) {
	t.Parallel()
	for _, stock := range []bool{false, true} {
		for _, depth := range []int{6, 7} {
			spec, startVals := craftFamily(depth, stock)
			d, start, goal := compileSpec(t, spec, startVals)
			p := goap.NewPlanner(d)
			p.Options = goap.Options{Direction: goap.Forward, Heuristic: goap.LMCut}
			rounds := 0
			goap.OnLMCutRound(p, func() { rounds++ })
			res := p.Plan(context.Background(), start, goal)
			items := 1<<(depth+1) - 1
			if res.Status != goap.Found || res.Cost != float64(items) {
				t.Fatalf("stock %v, depth %d: %v, cost %v, want %d", stock, depth, res.Status, res.Cost, items)
			}
			if rounds != items {
				t.Errorf("stock %v, depth %d: %d LM-cut rounds, want %d (the start's)", stock, depth, rounds, items)
			}
			if skipped := goap.LMCutSkipped(p); skipped < items-1 {
				t.Errorf("stock %v, depth %d: %d child estimates without rounds, want at least %d", stock, depth, skipped, items-1)
			}
		}
	}
}
