package goap_test

import (
	"context"
	"fmt"
	"math"
	"math/rand"
	"strings"
	"testing"

	"github.com/goap-go/goap"
)

// randomSpec builds a small random domain: boolean facts, one or two
// bounded integers and an enum; zero and fractional costs; negative
// preconditions; effects that undo facts; integer comparisons and
// add/subtract effects. When numeric is false only mask/value conditions
// and set effects are used, so backward search applies too.
func randomSpec(rng *rand.Rand, numeric bool) (goap.Spec, map[string]any, goap.Conds) {
	nb := 3 + rng.Intn(6)
	var spec goap.Spec
	spec.Name = "random"
	bools := make([]string, nb)
	for i := range bools {
		bools[i] = fmt.Sprintf("b%d", i)
		if rng.Intn(2) == 0 { // declared or not: both must behave the same
			spec.Facts = append(spec.Facts, goap.Bool(bools[i]))
		}
	}
	ints := []string{"n0"}
	spec.Facts = append(spec.Facts, goap.Int("n0", 0, 3, 0))
	if rng.Intn(2) == 0 {
		ints = append(ints, "n1")
		spec.Facts = append(spec.Facts, goap.Int("n1", -1, 2, 1))
	}
	spec.Facts = append(spec.Facts, goap.Fact{Name: "where", Kind: goap.EnumFact, Values: []string{"home", "shop", "mine"}, DefaultValue: "shop"})
	places := []string{"home", "shop", "mine"}
	costs := []float64{0, 0.25, 0.5, 1, 1, 1.5, 2, 3, 0.1, 0.2}

	cond := func(into goap.Conds) {
		switch k := rng.Intn(10); {
		case k < 6:
			into[bools[rng.Intn(nb)]] = rng.Intn(4) > 0 // some negative preconditions
		case k < 8:
			f := ints[rng.Intn(len(ints))]
			lo := -1
			if f == "n0" {
				lo = 0
			}
			hi := lo + 3
			v := lo + rng.Intn(4)
			switch {
			case !numeric || rng.Intn(3) == 0:
				into[f] = v
			case rng.Intn(5) == 0:
				into[f] = goap.Ne(v)
			default:
				switch rng.Intn(4) {
				case 0:
					into[f] = goap.Ge(v)
				case 1:
					into[f] = goap.Le(v)
				case 2:
					into[f] = goap.Gt(min(v, hi-1))
				default:
					into[f] = goap.Lt(max(v, lo+1))
				}
			}
		default:
			if numeric && rng.Intn(3) == 0 {
				into["where"] = goap.Ne(places[rng.Intn(3)])
			} else {
				into["where"] = places[rng.Intn(3)]
			}
		}
	}
	na := 6 + rng.Intn(10)
	for i := 0; i < na; i++ {
		a := goap.Action{Name: fmt.Sprintf("a%d", i), Cost: costs[rng.Intn(len(costs))], Pre: goap.Conds{}, Effects: goap.Effects{}}
		for j := rng.Intn(4); j > 0; j-- {
			cond(a.Pre)
		}
		for j := 1 + rng.Intn(3); j > 0; j-- {
			switch k := rng.Intn(10); {
			case k < 7:
				a.Effects[bools[rng.Intn(nb)]] = rng.Intn(4) > 0 // some effects undo facts
			case k < 9:
				f := ints[rng.Intn(len(ints))]
				if numeric && rng.Intn(2) == 0 {
					if rng.Intn(2) == 0 {
						a.Effects[f] = goap.Add(1)
					} else {
						a.Effects[f] = goap.Sub(1 + rng.Intn(2))
					}
				} else if f == "n0" {
					a.Effects[f] = rng.Intn(4)
				} else {
					a.Effects[f] = rng.Intn(4) - 1
				}
			default:
				a.Effects["where"] = places[rng.Intn(3)]
			}
		}
		spec.Actions = append(spec.Actions, a)
	}
	start := map[string]any{}
	for _, b := range bools {
		if rng.Intn(4) == 0 && mentioned(spec, b) {
			start[b] = true
		}
	}
	if rng.Intn(2) == 0 {
		start["n0"] = rng.Intn(4)
	}
	goal := goap.Conds{}
	for j := 1 + rng.Intn(4); j > 0; j-- {
		cond(goal)
	}
	spec.Goals = []goap.Goal{{Name: "goal", Desired: goal}}
	return spec, start, goal
}

// widen spreads a random domain over several state words: it declares
// 60 to 130 padding booleans among the domain's own facts and up to six
// 10-bit integers (which the layout packs first, so they push the other
// fields into later words), and lets a few actions, the start and the goal
// use three of the booleans and one integer, so facts in every word
// matter. It draws from its own generator, so the domain's own facts and
// actions are those randomSpec made.
func widen(rng *rand.Rand, spec *goap.Spec, start map[string]any, goal goap.Conds) {
	var pads []string
	facts := spec.Facts
	spec.Facts = nil
	for i, n := 0, 60+rng.Intn(71); i < n; i++ {
		for len(facts) > 0 && rng.Intn(20) == 0 {
			spec.Facts, facts = append(spec.Facts, facts[0]), facts[1:]
		}
		pads = append(pads, fmt.Sprintf("pad%d", i))
		spec.Facts = append(spec.Facts, goap.Bool(pads[i]))
	}
	spec.Facts = append(spec.Facts, facts...)
	wide := rng.Intn(7)
	for i := 0; i < wide; i++ {
		spec.Facts = append(spec.Facts, goap.Int(fmt.Sprintf("wide%d", i), 0, 1023, 0))
	}
	active := []string{pads[rng.Intn(len(pads))], pads[rng.Intn(len(pads))], pads[rng.Intn(len(pads))]}
	for i := range spec.Actions {
		a := &spec.Actions[i]
		switch rng.Intn(6) {
		case 0:
			a.Pre[active[rng.Intn(3)]] = rng.Intn(3) > 0
		case 1, 2:
			a.Effects[active[rng.Intn(3)]] = rng.Intn(3) > 0
		case 3:
			if wide > 0 {
				w := fmt.Sprintf("wide%d", rng.Intn(wide))
				if rng.Intn(2) == 0 {
					a.Pre[w] = rng.Intn(2) * 700
				} else {
					a.Effects[w] = rng.Intn(2) * 700
				}
			}
		}
	}
	if rng.Intn(2) == 0 {
		start[active[0]] = true
	}
	if rng.Intn(3) == 0 {
		goal[active[1]] = rng.Intn(2) == 0
		spec.Goals[0].Desired = goal
	}
}

type plannerConfig struct {
	name    string
	opts    goap.Options
	optimal bool
	bound   float64 // plan cost <= bound*optimal (when not optimal)
}

var configs = []plannerConfig{
	{"auto", goap.Options{}, true, 1},
	{"auto-alternating", goap.Options{}, true, 1}, // Auto with turns of one expansion
	{"forward-hmax", goap.Options{Direction: goap.Forward, Heuristic: goap.HMax}, true, 1},
	{"forward-blind", goap.Options{Direction: goap.Forward, Heuristic: goap.Blind}, true, 1},
	{"forward-lmcut", goap.Options{Direction: goap.Forward, Heuristic: goap.LMCut}, true, 1},
	{"forward-nopruning", goap.Options{Direction: goap.Forward, Heuristic: goap.HMax, NoPruning: true}, true, 1},
	{"forward-blind-nopruning", goap.Options{Direction: goap.Forward, Heuristic: goap.Blind, NoPruning: true}, true, 1},
	{"forward-prefetch", goap.Options{Direction: goap.Forward, Heuristic: goap.Blind}, true, 1},     // the large-table path
	{"forward-hmax-prefetch", goap.Options{Direction: goap.Forward, Heuristic: goap.HMax}, true, 1}, // the same with estimates
	{"backward-hmax", goap.Options{Direction: goap.Backward}, true, 1},
	{"backward-blind", goap.Options{Direction: goap.Backward, Heuristic: goap.Blind}, true, 1},
	{"weighted-2", goap.Options{Direction: goap.Forward, Heuristic: goap.HMax, SuboptimalWeight: 2}, false, 2},
	{"backward-weighted-1.5", goap.Options{Direction: goap.Backward, SuboptimalWeight: 1.5}, false, 1.5},
	{"auto-weighted-2", goap.Options{SuboptimalWeight: 2}, false, 2},
	{"auto-weighted-alternating", goap.Options{SuboptimalWeight: 2}, false, 2}, // weighted LM-cut after one blind expansion
	{"hadd", goap.Options{Direction: goap.Forward, Heuristic: goap.HAddNotOptimal}, false, 0},
	{"goalcount", goap.Options{Direction: goap.Forward, Heuristic: goap.GoalCountNotOptimal}, false, 0},
	{"ida-hmax", goap.Options{MemoryBounded: true}, true, 1},
	{"ida-blind", goap.Options{MemoryBounded: true, Heuristic: goap.Blind}, true, 1},
	{"ida-lmcut", goap.Options{MemoryBounded: true, Heuristic: goap.LMCut}, true, 1},
	// A transposition table of a few slots: it fills up at once, and the
	// search goes on without it.
	{"ida-tight", goap.Options{MemoryBounded: true, MaxMemory: 2048}, true, 1},
	// The option as users get it: A* within the table's memory, then
	// IDA* when A* does not fit (8 KiB: 2 KiB for A*).
	{"memory-bounded", goap.Options{MemoryBounded: true, MaxMemory: 8 << 10}, true, 1},
}

// idaDomains is how many of the random domains the memory-bounded
// configurations plan: IDA* expands states again in every iteration and
// takes minutes on the rest.
const idaDomains = 400

// TestOptimalAgainstReference compares every planner configuration with
// exhaustive Dijkstra on random domains and replays every plan.
func TestOptimalAgainstReference(t *testing.T) {
	t.Parallel()
	n := 3000
	if testing.Short() {
		n = 300
	}
	rng := rand.New(rand.NewSource(1))
	ctx := context.Background()
	solvable, unsolvable, long, wide, multiWord := 0, 0, 0, 0, 0
	for i := 0; i < n; i++ {
		numeric := i%2 == 0
		spec, startVals, goalConds := randomSpec(rng, numeric)
		if i%3 == 2 {
			widen(rand.New(rand.NewSource(int64(i))), &spec, startVals, goalConds)
			wide++
		}
		d, start, goal := compileSpec(t, spec, startVals)
		if d.Words() > 1 {
			multiWord++
		}
		ref := newRefDomain(spec)
		rs := ref.initial(startVals)
		want, _ := ref.optimalCost(rs, goalConds)
		if math.IsInf(want, 1) {
			unsolvable++
		} else {
			solvable++
		}
		if len(goal.Unmet(start)) > 0 {
			// LM-cut itself: between h_max and the optimum.
			p := goap.NewPlanner(d)
			hmax := goap.Estimate(p, start, goal, goap.HMax)
			lm := goap.Estimate(p, start, goal, goap.LMCut)
			if lm > want+1e-9 || lm < hmax-1e-9 {
				t.Fatalf("domain %d: LM-cut %v, h_max %v, optimum %v", i, lm, hmax, want)
			}
		}
		for _, cfg := range configs {
			if cfg.opts.MemoryBounded && i >= idaDomains {
				continue
			}
			p := goap.NewPlanner(d)
			p.Options = cfg.opts
			switch cfg.name {
			case "auto-alternating", "auto-weighted-alternating":
				goap.SetPortfolioSlices(p, 1, 1, 1, 0)
			case "forward-prefetch", "forward-hmax-prefetch":
				goap.SetPrefetchTable(p, 0)
			}
			if strings.HasPrefix(cfg.name, "ida-") {
				goap.SetIDAOnly(p, true) // IDA* itself, not A* within its memory
			}
			res := p.Plan(ctx, start, goal)
			if res.Status == goap.Failed && cfg.opts.Direction == goap.Backward && numeric {
				continue // backward search refuses numeric targets, as documented
			}
			where := fmt.Sprintf("domain %d (%s) start %v goal %v", i, cfg.name, startVals, goalConds)
			switch {
			case math.IsInf(want, 1):
				if res.Status != goap.NoPlan {
					t.Fatalf("%s: reference finds no plan, planner says %v %v", where, res.Status, d.ActionNames(res.Plan))
				}
				if res.Why() == nil {
					t.Fatalf("%s: no plan without an explanation", where)
				}
				checkNoEmptyClause(t, res.Why())
				continue
			case res.Status != goap.Found && res.Status != goap.AlreadySatisfied:
				t.Fatalf("%s: reference cost %v, planner status %v (%v)", where, want, res.Status, res.Err)
			}
			names := d.ActionNames(res.Plan)
			if cfg.name == "auto" && len(names) >= 3 {
				long++
			}
			got, err := ref.replay(rs, goalConds, names)
			if err != nil {
				t.Fatalf("%s: plan does not replay: %v", where, err)
			}
			if got != res.Cost { // the same sum in the same order: exactly equal
				t.Fatalf("%s: reported cost %v, replayed cost %v", where, res.Cost, got)
			}
			if cfg.optimal && math.Abs(got-want) > 1e-9 {
				t.Fatalf("%s: cost %v, optimum %v; plan %v", where, got, want, names)
			}
			if cfg.bound > 0 && got > cfg.bound*want+1e-9 {
				t.Fatalf("%s: cost %v exceeds %v x optimum %v", where, got, cfg.bound, want)
			}
		}
	}
	if solvable < n/4 || unsolvable < n/20 || long < n/20 {
		t.Fatalf("generator is lopsided: %d solvable (%d with 3+ steps), %d unsolvable", solvable, long, unsolvable)
	}
	if multiWord < wide {
		t.Fatalf("only %d of %d widened domains span several words", multiWord, wide)
	}
	t.Logf("%d solvable (%d with 3+ steps), %d unsolvable domains; %d span several words", solvable, long, unsolvable, multiWord)
}

// TestDeterministic plans each random domain twice with fresh and warm
// planners, by Auto and by forward LM-cut, and expects identical plans
// and expansions; so does a chain with fuel long enough for LM-cut to
// stop trying h_max within a search (numericBounds).
func TestDeterministic(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewSource(7))
	ctx := context.Background()
	check := func(where string, d *goap.Domain, start goap.State, goal *goap.Target) {
		for _, opts := range []goap.Options{{}, {Direction: goap.Forward, Heuristic: goap.LMCut}} {
			warm := goap.NewPlanner(d)
			warm.Options = opts
			first := warm.Plan(ctx, start, goal)
			want := fmt.Sprint(first.Plan, first.Expanded)
			for k := 0; k < 3; k++ {
				fresh := goap.NewPlanner(d)
				fresh.Options = opts
				again := fresh.Plan(ctx, start, goal)
				warmAgain := warm.Plan(ctx, start, goal)
				if got := fmt.Sprint(again.Plan, again.Expanded); got != want {
					t.Fatalf("%s, %+v: fresh planner %s, first %s", where, opts, got, want)
				}
				if got := fmt.Sprint(warmAgain.Plan, warmAgain.Expanded); got != want {
					t.Fatalf("%s, %+v: warm planner %s, first %s", where, opts, got, want)
				}
			}
		}
	}
	for i := 0; i < 200; i++ {
		spec, startVals, _ := randomSpec(rng, i%2 == 0)
		d, start, goal := compileSpec(t, spec, startVals)
		check(fmt.Sprintf("domain %d", i), d, start, goal)
	}
	// A chain of 100 steps, each burning one unit of fuel that a
	// refuel action restores two at a time.
	spec := goap.Spec{Name: "fuel", Facts: []goap.Fact{goap.Int("fuel", 0, 10, 3)}}
	spec.Actions = append(spec.Actions, goap.Action{Name: "Refuel", Cost: 1, Pre: goap.Conds{"fuel": goap.Le(8)}, Effects: goap.Effects{"fuel": goap.Add(2)}})
	for i := 0; i < 100; i++ {
		spec.Actions = append(spec.Actions, goap.Action{Name: fmt.Sprintf("Step%d", i), Cost: 1,
			Pre:     goap.Conds{fmt.Sprintf("at%d", i): true, "fuel": goap.Ge(1)},
			Effects: goap.Effects{fmt.Sprintf("at%d", i): false, fmt.Sprintf("at%d", i+1): true, "fuel": goap.Sub(1)}})
	}
	spec.Goals = []goap.Goal{{Name: "goal", Desired: goap.Conds{"at100": true}}}
	d, start, goal := compileSpec(t, spec, map[string]any{"at0": true})
	check("fuel chain", d, start, goal)
}

func mentioned(spec goap.Spec, fact string) bool {
	for _, f := range spec.Facts {
		if f.Name == fact {
			return true
		}
	}
	for _, a := range spec.Actions {
		if _, ok := a.Pre[fact]; ok {
			return true
		}
		if _, ok := a.Effects[fact]; ok {
			return true
		}
	}
	return false
}

// TestBucketQueueSameSearch plans random domains with integer costs (zero
// included, some up to 3900, some behind a prefix costing 68,000, some
// spread over several state words) by blind
// search three times, with the bucket queue, with the binary heap and with
// the bucket queue on the large-table path, and expects the very same
// search: status, plan, counts and partial progress at every expansion
// limit tried, and the optimal cost.
func TestBucketQueueSameSearch(t *testing.T) {
	t.Parallel()
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
		d, start, goal := compileSpec(t, spec, startVals)
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
					p := planners[j]
					goap.SetBucketQueue(p, on)
					if j == 2 { // and the large-table path
						goap.SetPrefetchTable(p, 0)
					}
					p.Options = opts
					res := p.Plan(ctx, start, goal)
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
	t.Parallel()
	rng := rand.New(rand.NewSource(5))
	compared := 0
	for i := 0; i < 400; i++ {
		spec, startVals, _ := randomSpec(rng, i%2 == 0)
		d, start, goal := compileSpec(t, spec, startVals)
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

// TestReachabilitySound checks Domain.Reachable against the states a
// breadth-first search really visits: every value held in a visited state
// and every action that applies in one must be reported reachable. It
// also requires the analysis to rule something out on some domains, so
// that an answer of "everything" would fail.
func TestReachabilitySound(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewSource(9))
	ruledOut := 0
	for i := 0; i < 300; i++ {
		spec, startVals, _ := randomSpec(rng, i%2 == 0)
		d, start, _ := compileSpec(t, spec, startVals)
		reach := d.Reachable(start)
		seen := map[string]bool{start.String(): true}
		queue := []goap.State{start}
		for len(queue) > 0 && len(seen) < 20000 {
			s := queue[0]
			queue = queue[1:]
			for f := 0; f < d.NumFacts(); f++ {
				if v := s.Get(goap.FactID(f)); !reach.Value(goap.FactID(f), v) {
					t.Fatalf("domain %d: %s=%d holds in %v but is called unreachable", i, d.Fact(goap.FactID(f)).Name, v, s)
				}
			}
			for a := 0; a < d.NumActions(); a++ {
				next := s.Clone()
				if !d.Apply(next, goap.ActionID(a)) {
					continue
				}
				if !reach.CanRun(goap.ActionID(a)) {
					t.Fatalf("domain %d: %s applies in %v but is called dead", i, d.ActionName(goap.ActionID(a)), s)
				}
				if k := next.String(); !seen[k] {
					seen[k] = true
					queue = append(queue, next)
				}
			}
		}
		for a := 0; a < d.NumActions(); a++ {
			if !reach.CanRun(goap.ActionID(a)) {
				ruledOut++
				break
			}
		}
	}
	if ruledOut == 0 {
		t.Fatal("no action was ever ruled out: the test checks too little")
	}
}

// TestRoundedEstimatesStayOptimal: a node keeps its estimate as a float32
// rounded down, which can make estimates inconsistent by a float32 ulp; a
// search that rounds one reopens closed nodes reached more cheaply.
//
// First a domain built so that the rounding decides: X is reached
// directly for 1.15 + 2^-29, or through Y for 0.25 + 0.9, and the goal is
// 0.1 from X. h(Y) = 1.0 is exact, h(X) = 0.1 rounds down by 7.5e-9: X is
// expanded first, at the dearer cost, and is reached more cheaply from Y
// when it is closed already. Without reopening, the plan costs 2^-29 more
// than the optimum 1.25. A mirrored domain does the same to backward
// search.
//
// Then random domains whose costs differ by far less than the ulp
// (1 + 2^-30, 0.1, ...): every admissible configuration must find the
// optimum to 1e-12.
func TestRoundedEstimatesStayOptimal(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	tight := goap.Spec{Name: "tight", Actions: []goap.Action{
		{Name: "Direct", Cost: 0.25 + 0.9 + 0x1p-29, Effects: goap.Effects{"x": true}},
		{Name: "ToY", Cost: 0.25, Effects: goap.Effects{"y": true}},
		{Name: "YToX", Cost: 0.9, Pre: goap.Conds{"y": true}, Effects: goap.Effects{"x": true, "y": false}},
		{Name: "Finish", Cost: 0.1, Pre: goap.Conds{"x": true}, Effects: goap.Effects{"done": true}},
	}, Goals: []goap.Goal{{Name: "goal", Desired: goap.Conds{"done": true}}}}
	// The same mirrored for backward search, whose estimate is the cost
	// from the start: the subgoal {x} is regressed from the goal through
	// Direct for 1.15 + 2^-29, or through YDone and ToY for 0.25 + 0.9;
	// from the start it costs 0.1 (Begin), which rounds down, and {y}
	// costs 1.0 exactly.
	mirror := goap.Spec{Name: "mirror", Actions: []goap.Action{
		{Name: "Begin", Cost: 0.1, Effects: goap.Effects{"x": true}},
		{Name: "Direct", Cost: 0.25 + 0.9 + 0x1p-29, Pre: goap.Conds{"x": true}, Effects: goap.Effects{"done": true}},
		{Name: "ToY", Cost: 0.9, Pre: goap.Conds{"x": true}, Effects: goap.Effects{"y": true}},
		{Name: "YDone", Cost: 0.25, Pre: goap.Conds{"y": true}, Effects: goap.Effects{"done": true}},
	}, Goals: []goap.Goal{{Name: "goal", Desired: goap.Conds{"done": true}}}}
	for _, c := range []struct {
		spec goap.Spec
		dir  goap.Direction
		want float64
	}{
		{tight, goap.Forward, 0.25 + 0.9 + 0.1},
		{mirror, goap.Backward, 0.1 + 0.9 + 0.25},
	} {
		d, start, goal := compileSpec(t, c.spec, nil)
		for _, noPruning := range []bool{false, true} {
			p := goap.NewPlanner(d)
			p.Options = goap.Options{Direction: c.dir, Heuristic: goap.HMax, NoPruning: noPruning}
			res := p.Plan(ctx, start, goal)
			if res.Status != goap.Found || res.Cost != c.want {
				t.Fatalf("%s, %+v: %v cost %.17g %v, want %.17g", c.spec.Name, p.Options, res.Status, res.Cost, d.ActionNames(res.Plan), c.want)
			}
		}
	}
	n := 500
	if testing.Short() {
		n = 100
	}
	costs := []float64{1, 1 + 0x1p-30, 1 + 0x1p-29, 2 - 0x1p-30, 3 + 0x1p-28, 0.1, 0.3, 0.7}
	opts := []goap.Options{
		{Direction: goap.Forward, Heuristic: goap.HMax},
		{Direction: goap.Backward, Heuristic: goap.HMax},
		{Direction: goap.Forward, Heuristic: goap.LMCut},
		{},
	}
	rng := rand.New(rand.NewSource(7))
	solved := 0
	for i := 0; i < n; i++ {
		spec, startVals, goalConds := randomSpec(rng, false)
		for k := range spec.Actions {
			spec.Actions[k].Cost = costs[rng.Intn(len(costs))]
		}
		d, start, goal := compileSpec(t, spec, startVals)
		ref := newRefDomain(spec)
		want, _ := ref.optimalCost(ref.initial(startVals), goalConds)
		if math.IsInf(want, 1) {
			continue
		}
		solved++
		for _, o := range opts {
			p := goap.NewPlanner(d)
			p.Options = o
			res := p.Plan(ctx, start, goal)
			if res.Status != goap.Found && res.Status != goap.AlreadySatisfied {
				t.Fatalf("domain %d, %v %v: %v (%v), optimum %v", i, o.Direction, o.Heuristic, res.Status, res.Err, want)
			}
			if math.Abs(res.Cost-want) > 1e-12 {
				t.Fatalf("domain %d, %v %v: cost %.17g, optimum %.17g; plan %v", i, o.Direction, o.Heuristic, res.Cost, want, d.ActionNames(res.Plan))
			}
		}
	}
	if solved < n/4 {
		t.Fatalf("only %d of %d domains solvable", solved, n)
	}
}
