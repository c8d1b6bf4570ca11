package goap_test

import (
	"context"
	"fmt"
	"math"
	"math/rand"
	"slices"
	"testing"

	"github.com/goap-go/goap"
)

// randomSymmetricSpec returns a random domain with m interchangeable
// bundles of k facts each (named "p3", "q3" or "p(o3)", "q(o3)"), actions
// written once and replicated for every bundle, a few shared facts and
// actions, a goal that treats the bundles alike and a random start.
func randomSymmetricSpec(rng *rand.Rand) (goap.Spec, map[string]any, goap.Conds) {
	m, k := 5+rng.Intn(2), 1+rng.Intn(2) // symMinBundles: 5
	paren := rng.Intn(2) == 0
	name := func(j, b int) string {
		if paren {
			return fmt.Sprintf("%c(o%d)", 'p'+j, b)
		}
		return fmt.Sprintf("%c%d", 'p'+j, b)
	}
	isInt := make([]bool, k)
	spec := goap.Spec{Name: "symmetric"}
	spec.Facts = append(spec.Facts, goap.Int("fuel", 0, 3, 0), goap.Bool("flag"))
	for j := range k {
		isInt[j] = k == 1 && rng.Intn(3) == 0 // small enough for the reference
		for b := range m {
			if isInt[j] {
				spec.Facts = append(spec.Facts, goap.Int(name(j, b), 0, 2, 0))
			} else {
				spec.Facts = append(spec.Facts, goap.Bool(name(j, b)))
			}
		}
	}
	value := func(j int) any {
		if isInt[j] {
			return rng.Intn(3)
		}
		return rng.Intn(2) == 0
	}
	shared := func(c goap.Conds, eff bool) {
		switch rng.Intn(4) {
		case 0:
			c["flag"] = rng.Intn(2) == 0
		case 1:
			if eff {
				c["fuel"] = []goap.Delta{goap.Add(1), goap.Sub(1)}[rng.Intn(2)]
			} else {
				c["fuel"] = goap.Ge(rng.Intn(3))
			}
		}
	}
	costs := []float64{0.5, 1, 1, 2, 3}
	for t := range 2 + rng.Intn(3) {
		pre, eff := goap.Conds{}, goap.Conds{}
		js := make([]any, k)
		for j := range k {
			if rng.Intn(2) == 0 {
				js[j] = value(j)
			}
		}
		ejs := make([]any, k)
		for j := range k {
			if rng.Intn(2) == 0 || j == k-1 && slices.IndexFunc(ejs, func(v any) bool { return v != nil }) < 0 {
				ejs[j] = value(j)
			}
		}
		shared(pre, false)
		shared(eff, true)
		cost := costs[rng.Intn(len(costs))]
		for b := range m {
			p, e := goap.Conds{}, goap.Effects{}
			for key, v := range pre {
				p[key] = v
			}
			for key, v := range eff {
				e[key] = v
			}
			for j := range k {
				if js[j] != nil {
					p[name(j, b)] = js[j]
				}
				if ejs[j] != nil {
					e[name(j, b)] = ejs[j]
				}
			}
			spec.Actions = append(spec.Actions, goap.Action{Name: fmt.Sprintf("T%d_%d", t, b), Cost: cost, Pre: p, Effects: e})
		}
	}
	for range 1 + rng.Intn(2) {
		pre, eff := goap.Conds{}, goap.Conds{}
		shared(pre, false)
		shared(eff, true)
		spec.Actions = append(spec.Actions, goap.Action{Name: "S", Cost: costs[rng.Intn(len(costs))], Pre: pre, Effects: goap.Effects(eff)})
		spec.Actions[len(spec.Actions)-1].Name = fmt.Sprintf("Shared%c", 'a'+len(spec.Actions)%26)
	}
	goal := goap.Conds{}
	for j := range k {
		if rng.Intn(3) > 0 {
			v := value(j)
			for b := range m {
				goal[name(j, b)] = v
			}
		}
	}
	if len(goal) == 0 {
		goal[name(0, 0)] = value(0)
		for b := 1; b < m; b++ {
			goal[name(0, b)] = goal[name(0, 0)]
		}
	}
	if rng.Intn(3) == 0 {
		goal["flag"] = true
	}
	start := map[string]any{"fuel": rng.Intn(4), "flag": rng.Intn(2) == 0}
	for j := range k {
		for b := range m {
			start[name(j, b)] = value(j)
		}
	}
	spec.Goals = []goap.Goal{{Name: "goal", Desired: goal}}
	return spec, start, goal
}

// TestSymmetryOptimal plans random symmetric domains with symmetry on
// and off, forward (blind, h_max, LM-cut) and Auto, and checks every plan
// against the exhaustive reference: the optimal cost, a plan of real
// actions that replays from the real start, and the same cost either way.
func TestSymmetryOptimal(t *testing.T) {
	t.Parallel()
	n := 600
	if testing.Short() {
		n = 100
	}
	rng := rand.New(rand.NewSource(26))
	ctx := context.Background()
	found, symmetric := 0, 0
	opts := []goap.Options{
		{},
		{Direction: goap.Forward, Heuristic: goap.Blind},
		{Direction: goap.Forward, Heuristic: goap.HMax},
		{Direction: goap.Forward, Heuristic: goap.LMCut},
		{Direction: goap.Forward, NoPruning: true}, // every fact compared
	}
	for i := range n {
		spec, startVals, goalConds := randomSymmetricSpec(rng)
		d, start, goal := compileSpec(t, spec, startVals)
		ref := newRefDomain(spec)
		rs := ref.initial(startVals)
		want, _ := ref.optimalCost(rs, goalConds)
		for _, o := range opts {
			for _, off := range []bool{false, true} {
				p := goap.NewPlanner(d)
				p.Options = o
				p.Options.NoSymmetry = off
				r := p.Plan(ctx, start, goal)
				where := fmt.Sprintf("domain %d %+v: start %v goal %v", i, p.Options, startVals, goalConds)
				if o.Direction == goap.Forward && !off && goap.SymmetryClasses(p) != nil {
					symmetric++
				}
				if off && goap.SymmetryClasses(p) != nil {
					t.Fatalf("%s: NoSymmetry set, classes %v", where, goap.SymmetryClasses(p))
				}
				if math.IsInf(want, 1) {
					if r.Status != goap.NoPlan {
						t.Fatalf("%s: reference finds no plan, planner %v", where, r.Status)
					}
					continue
				}
				if r.Status != goap.Found && r.Status != goap.AlreadySatisfied {
					t.Fatalf("%s: status %v (%v), reference cost %v", where, r.Status, r.Err, want)
				}
				names := d.ActionNames(r.Plan)
				got, err := ref.replay(rs, goalConds, names)
				if err != nil {
					t.Fatalf("%s: plan %v does not replay: %v", where, names, err)
				}
				if math.Abs(got-want) > 1e-9 || math.Abs(r.Cost-want) > 1e-9 {
					t.Fatalf("%s: cost %v (replayed %v), optimum %v; plan %v", where, r.Cost, got, want, names)
				}
				found++
			}
		}
	}
	// Most forward setups must have found their symmetry (some goals
	// leave a template irrelevant, some actions no bundle fact relevant).
	if symmetric < n*4*2/3 {
		t.Fatalf("symmetry found in %d of %d forward setups", symmetric, 4*n)
	}
	t.Logf("%d plans checked; symmetry in %d of %d forward setups", found, symmetric, 4*n)
}

// carrySpec is the carry family of scripts/families/adversarial/gen.py:
// n crates, each to be loaded at the yard and unloaded at the depot, at
// most two in the cart.
func carrySpec(n int) goap.Spec {
	spec := goap.Spec{Name: "carry",
		Facts: []goap.Fact{
			{Name: "at", Kind: goap.EnumFact, Values: []string{"yard", "depot"}},
			goap.Int("load", 0, 2, 0),
		},
		Actions: []goap.Action{
			{Name: "ToDepot", Cost: 1, Pre: goap.Conds{"at": "yard"}, Effects: goap.Effects{"at": "depot"}},
			{Name: "ToYard", Cost: 1, Pre: goap.Conds{"at": "depot"}, Effects: goap.Effects{"at": "yard"}},
		},
	}
	goal := goap.Conds{}
	for i := range n {
		in, del := fmt.Sprintf("incart%d", i), fmt.Sprintf("delivered%d", i)
		spec.Actions = append(spec.Actions,
			goap.Action{Name: fmt.Sprintf("Load%d", i), Cost: 0.5,
				Pre:     goap.Conds{"at": "yard", in: false, del: false},
				Effects: goap.Effects{in: true, "load": goap.Add(1)}},
			goap.Action{Name: fmt.Sprintf("Unload%d", i), Cost: 0.5,
				Pre:     goap.Conds{"at": "depot", in: true},
				Effects: goap.Effects{in: false, del: true, "load": goap.Sub(1)}})
		goal[del] = true
	}
	spec.Goals = []goap.Goal{{Name: "goal", Desired: goal}}
	return spec
}

// carryObjectsSpec is gen.py's carry-objects: the same crates as objects
// of type crate (named without numbers), lifted Load and Unload.
func carryObjectsSpec(n int) goap.Spec {
	spec := carrySpec(0)
	spec.Name = "carry-objects"
	for i := range n {
		spec.Objects = append(spec.Objects, goap.Object{Name: fmt.Sprintf("crate%c%c", 'a'+i/26, 'a'+i%26), Type: "crate"})
	}
	spec.Actions = append(spec.Actions,
		goap.Action{Name: "Load", Params: []goap.Param{{Name: "c", Type: "crate"}}, Cost: 0.5,
			Pre:     goap.Conds{"at": "yard", "incart(?c)": false, "delivered(?c)": false},
			Effects: goap.Effects{"incart(?c)": true, "load": goap.Add(1)}},
		goap.Action{Name: "Unload", Params: []goap.Param{{Name: "c", Type: "crate"}}, Cost: 0.5,
			Pre:     goap.Conds{"at": "depot", "incart(?c)": true},
			Effects: goap.Effects{"incart(?c)": false, "delivered(?c)": true, "load": goap.Sub(1)}})
	goal := goap.Conds{}
	for _, o := range spec.Objects {
		goal["delivered("+o.Name+")"] = true
	}
	spec.Goals = []goap.Goal{{Name: "goal", Desired: goal}}
	return spec
}

// The carry families are planned by default at their optimum, n + 2
// ceil(n/2) - 1, in a few hundred expansions where the states told apart
// would be 2^n: as booleans numbered by hand and as lifted objects.
func TestSymmetryCarry(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		spec func(int) goap.Spec
	}{{"carry", carrySpec}, {"carry-objects", carryObjectsSpec}} {
		for _, n := range []int{5, 6, 20, 40} {
			d, start, goal := compileSpec(t, tc.spec(n), nil)
			p := goap.NewPlanner(d)
			r := p.Plan(context.Background(), start, goal)
			want := float64(n + 2*((n+1)/2) - 1)
			if r.Status != goap.Found || r.Cost != want || r.Expanded > 20*n {
				t.Fatalf("%s %d: %v cost %v (want %v), %d expanded", tc.name, n, r.Status, r.Cost, want, r.Expanded)
			}
			// The plan is of real actions: it reaches the goal from the start.
			s := start.Clone()
			for _, a := range r.Plan {
				if !d.Apply(s, a) {
					t.Fatalf("%s %d: %s does not apply in the plan", tc.name, n, d.ActionName(a))
				}
			}
			if len(goal.Unmet(s)) > 0 {
				t.Fatalf("%s %d: the plan leaves %v unmet", tc.name, n, goal.Unmet(s))
			}
			if n <= 6 {
				p.Options.NoSymmetry = true
				off := p.Plan(context.Background(), start, goal)
				if off.Cost != r.Cost || off.Expanded <= r.Expanded {
					t.Fatalf("%s %d: without symmetry cost %v, %d expanded; with: %v, %d", tc.name, n, off.Cost, off.Expanded, r.Cost, r.Expanded)
				}
			}
		}
	}
}

// Detection verifies what the names suggest: an asymmetric cost, goal or
// action keeps the bundles apart; the others still form a class.
func TestSymmetryDetection(t *testing.T) {
	t.Parallel()
	action := func(spec *goap.Spec, name string) *goap.Action {
		for i := range spec.Actions {
			if spec.Actions[i].Name == name {
				return &spec.Actions[i]
			}
		}
		t.Fatalf("no action %s", name)
		return nil
	}
	for _, tc := range []struct {
		name   string
		n      int
		change func(*goap.Spec)
		want   []int
	}{
		{"symmetric", 6, func(*goap.Spec) {}, []int{6}},
		{"too few", 4, func(*goap.Spec) {}, nil}, // symMinBundles
		{"cost", 6, func(s *goap.Spec) { action(s, "Load2").Cost = 0.75 }, []int{5}},
		{"goal", 6, func(s *goap.Spec) { s.Goals[0].Desired["incart1"] = false }, []int{5}},
		{"precondition", 6, func(s *goap.Spec) { action(s, "Unload3").Pre["load"] = goap.Ge(1) }, []int{5}},
		{"effect", 6, func(s *goap.Spec) { action(s, "Unload0").Effects["at"] = "yard" }, []int{5}},
		{"missing action", 6, func(s *goap.Spec) {
			s.Actions = slices.DeleteFunc(s.Actions, func(a goap.Action) bool { return a.Name == "Load1" })
		}, []int{5}},
		{"two apart", 6, func(s *goap.Spec) { action(s, "Load0").Cost = 2; action(s, "Load1").Cost = 3 }, nil},
		{"two classes", 10, func(s *goap.Spec) {
			for i := range 5 {
				action(s, fmt.Sprintf("Load%d", i)).Cost = 1
			}
		}, []int{5, 5}},
	} {
		spec := carrySpec(tc.n)
		tc.change(&spec)
		d, start, goal := compileSpec(t, spec, nil)
		p := goap.NewPlanner(d)
		p.Options.Direction = goap.Forward
		r := p.Plan(context.Background(), start, goal)
		if got := goap.SymmetryClasses(p); !slices.Equal(got, tc.want) {
			t.Errorf("%s: classes %v, want %v", tc.name, got, tc.want)
		}
		p.Options.NoSymmetry = true
		off := p.Plan(context.Background(), start, goal)
		if r.Status != off.Status || r.Cost != off.Cost {
			t.Errorf("%s: %v cost %v with symmetry, %v cost %v without", tc.name, r.Status, r.Cost, off.Status, off.Cost)
		}
	}
	// A cost function (evaluated once per plan call, at the start) keeps
	// the symmetry when it prices the replicas alike, and breaks it when
	// it does not.
	spec := carrySpec(6)
	action(&spec, "Load1").CostFunc = func(goap.State) float64 { return 0.5 }
	d, start, goal := compileSpec(t, spec, nil)
	p := goap.NewPlanner(d)
	p.Options.Direction = goap.Forward
	p.Plan(context.Background(), start, goal)
	if got := goap.SymmetryClasses(p); !slices.Equal(got, []int{6}) {
		t.Errorf("cost function alike: classes %v, want [6]", got)
	}
	action(&spec, "Load1").CostFunc = func(goap.State) float64 { return 0.6 }
	d, start, goal = compileSpec(t, spec, nil)
	p = goap.NewPlanner(d)
	p.Options.Direction = goap.Forward
	p.Plan(context.Background(), start, goal)
	if got := goap.SymmetryClasses(p); !slices.Equal(got, []int{5}) {
		t.Errorf("cost function apart: classes %v, want [5]", got)
	}
}
