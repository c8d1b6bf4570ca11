package goap_test

import (
	"context"
	"fmt"
	"math"
	"math/rand"
	"slices"
	"strings"
	"testing"

	"github.com/goap-go/goap"
)

// naiveGround writes a lifted spec out by hand, the way a designer would
// without parameters: every binding of every lifted action over all
// objects of its parameters' types, static conditions evaluated against
// the listed atoms, nothing else pruned (no-ops kept). Only bindings whose
// conditions name one fact twice with different values are left out:
// such an action can never run.
func naiveGround(spec goap.Spec) goap.Spec {
	static := map[string]bool{}
	staticPred := map[string]bool{}
	for _, a := range spec.Static {
		static[a] = true
		staticPred[a[:strings.IndexByte(a, '(')]] = true
	}
	parent := map[string]string{}
	for _, t := range spec.Types {
		parent[t.Name] = t.Parent
	}
	byType := map[string][]string{}
	for _, o := range spec.Objects {
		for t := o.Type; t != ""; t = parent[t] { // an object is of its type's ancestors too
			byType[t] = append(byType[t], o.Name)
		}
	}
	out := goap.Spec{Name: spec.Name, Goals: spec.Goals}
	for _, f := range spec.Facts {
		if f.ValuesOf != "" {
			f.Values = append(slices.Clone(f.Values), byType[f.ValuesOf]...)
			f.ValuesOf = ""
		}
		if len(f.Args) == 0 {
			out.Facts = append(out.Facts, f)
			continue
		}
		for _, tuple := range product(byType, f.Args) {
			g := f
			g.Name, g.Args = f.Name+"("+strings.Join(tuple, ",")+")", nil
			out.Facts = append(out.Facts, g)
		}
	}
	for _, a := range spec.Actions {
		if len(a.Params) == 0 {
			out.Actions = append(out.Actions, a)
			continue
		}
		types := make([]string, len(a.Params))
		for i, p := range a.Params {
			types[i] = p.Type
		}
	bindings:
		for _, b := range product(byType, types) {
			subst := func(s string) string {
				for i, p := range a.Params {
					s = strings.ReplaceAll(s, "?"+p.Name+",", b[i]+",")
					s = strings.ReplaceAll(s, "?"+p.Name+")", b[i]+")")
					if s == "?"+p.Name {
						s = b[i]
					}
				}
				return s
			}
			ga := goap.Action{Name: a.Name + " " + strings.Join(b, " "), Cost: a.Cost,
				Pre: goap.Conds{}, Effects: goap.Effects{}}
			for k, v := range a.Pre {
				k = subst(k)
				if s, ok := v.(string); ok {
					v = subst(s)
				}
				if staticPred[k[:max(0, strings.IndexByte(k, '('))]] {
					if static[k] != v.(bool) {
						continue bindings
					}
					continue
				}
				if old, dup := ga.Pre[k]; dup && old != v {
					continue bindings
				}
				ga.Pre[k] = v
			}
			for k, v := range a.Effects {
				if s, ok := v.(string); ok {
					v = subst(s)
				}
				ga.Effects[subst(k)] = v
			}
			if a.ArgCost != nil {
				ga.Cost = a.ArgCost(b)
			}
			out.Actions = append(out.Actions, ga)
		}
	}
	return out
}

// product lists every tuple of objects of the given types.
func product(byType map[string][]string, types []string) [][]string {
	out := [][]string{nil}
	for _, t := range types {
		var next [][]string
		for _, p := range out {
			for _, o := range byType[t] {
				next = append(next, append(slices.Clone(p), o))
			}
		}
		out = next
	}
	return out
}

// randomLifted builds a lifted domain: two types of 2-3 objects, boolean
// and enum families over them, a static relation, and lifted actions whose
// conditions and effects mix parameters and objects.
func randomLifted(rng *rand.Rand) (goap.Spec, map[string]any, goap.Conds) {
	spec := goap.Spec{Name: "lifted"}
	types := []string{"a", "b"}
	byType := map[string][]string{}
	for _, t := range types {
		for i := 0; i < 2+rng.Intn(2); i++ {
			o := fmt.Sprintf("%s%d", t, i)
			spec.Objects = append(spec.Objects, goap.Object{Name: o, Type: t})
			byType[t] = append(byType[t], o)
		}
	}
	type fam struct {
		name string
		args []string
		enum bool
	}
	fams := []fam{{"p", []string{"a"}, false}, {"q", []string{"b"}, false}, {"r", []string{"a", "b"}, false}, {"loc", []string{"a"}, true}}
	for _, f := range fams {
		d := goap.Fact{Name: f.name, Kind: goap.BoolFact, Args: f.args}
		if f.enum {
			d = goap.Fact{Name: f.name, Kind: goap.EnumFact, Args: f.args, Values: []string{"none"}, ValuesOf: "b"}
		}
		spec.Facts = append(spec.Facts, d)
	}
	for _, x := range byType["a"] {
		for _, y := range byType["b"] {
			if rng.Intn(2) == 0 {
				spec.Static = append(spec.Static, "link("+x+","+y+")")
			}
		}
	}
	pick := func(l []string) string { return l[rng.Intn(len(l))] }
	for i := 0; i < 3+rng.Intn(4); i++ {
		a := goap.Action{Name: fmt.Sprintf("A%d", i), Cost: float64(1 + rng.Intn(4)), Pre: goap.Conds{}, Effects: goap.Effects{}}
		a.Params = []goap.Param{{Name: "x", Type: "a"}}
		vals := map[string][]string{"a": {"?x"}, "b": nil}
		if rng.Intn(3) > 0 {
			a.Params = append(a.Params, goap.Param{Name: "y", Type: "b"})
			vals["b"] = []string{"?y"}
			if rng.Intn(4) > 0 {
				a.Pre["link(?x,?y)"] = rng.Intn(3) > 0
			}
		}
		arg := func(t string) string {
			if len(vals[t]) > 0 && rng.Intn(3) > 0 {
				return pick(vals[t])
			}
			return pick(byType[t])
		}
		atom := func() (string, any) {
			f := fams[rng.Intn(len(fams))]
			args := make([]string, len(f.args))
			for j, t := range f.args {
				args[j] = arg(t)
			}
			k := f.name + "(" + strings.Join(args, ",") + ")"
			if f.enum {
				return k, pick(append([]string{"none"}, append(byType["b"], vals["b"]...)...))
			}
			return k, rng.Intn(2) == 0
		}
		for j := 0; j < rng.Intn(3); j++ {
			k, v := atom()
			a.Pre[k] = v
		}
		for j := 0; j < 1+rng.Intn(2); j++ {
			k, v := atom()
			a.Effects[k] = v
		}
		if rng.Intn(4) == 0 {
			a.ArgCost = func(args []string) float64 { return float64(len(args[0]) + int(args[len(args)-1][1]-'0')) }
			a.Cost = 0
		}
		spec.Actions = append(spec.Actions, a)
	}
	start := map[string]any{}
	goal := goap.Conds{}
	for _, x := range byType["a"] {
		start["p("+x+")"] = rng.Intn(2) == 0
		start["loc("+x+")"] = pick(append([]string{"none"}, byType["b"]...))
	}
	for i := 0; i < 1+rng.Intn(2); i++ {
		switch rng.Intn(3) {
		case 0:
			goal["p("+pick(byType["a"])+")"] = rng.Intn(2) == 0
		case 1:
			goal["q("+pick(byType["b"])+")"] = true
		default:
			goal["loc("+pick(byType["a"])+")"] = pick(byType["b"])
		}
	}
	spec.Goals = []goap.Goal{{Name: "g", Desired: goal}}
	return spec, start, goal
}

// withHierarchy gives a randomLifted domain subtypes: its objects of
// type a take a, ax, ay or ayy (ayy < ay < a), those of type b take b or
// bx, and some parameters narrow to a subtype. Families and ValuesOf keep
// the supertypes, so they cover the subtypes' objects.
func withHierarchy(rng *rand.Rand, spec goap.Spec) goap.Spec {
	spec.Types = []goap.Type{{Name: "ax", Parent: "a"}, {Name: "ay", Parent: "a"}, {Name: "ayy", Parent: "ay"}, {Name: "bx", Parent: "b"}}
	sub := map[string][]string{"a": {"a", "ax", "ay", "ayy"}, "b": {"b", "bx"}}
	spec.Objects = slices.Clone(spec.Objects)
	for i := range spec.Objects {
		o := &spec.Objects[i]
		o.Type = sub[o.Type][rng.Intn(len(sub[o.Type]))]
	}
	spec.Actions = slices.Clone(spec.Actions)
	for i := range spec.Actions {
		a := &spec.Actions[i]
		a.Params = slices.Clone(a.Params)
		for j := range a.Params {
			if q := &a.Params[j]; rng.Intn(3) == 0 {
				q.Type = sub[q.Type][1+rng.Intn(len(sub[q.Type])-1)]
			}
		}
	}
	return spec
}

// TestLiftedMatchesHandWritten grounds random lifted domains and checks
// the optimal cost against an exhaustive search of the same domain written
// out by hand, binding by binding: pruning may drop bindings, never a
// cheapest plan.
func TestLiftedMatchesHandWritten(t *testing.T) {
	t.Parallel()
	n := 600
	if testing.Short() {
		n = 100
	}
	rng := rand.New(rand.NewSource(29))
	solved, pruned := 0, 0
	for i := 0; i < n; i++ {
		spec, startVals, goalConds := randomLifted(rng)
		if i%2 == 1 {
			spec = withHierarchy(rng, spec)
		}
		d, err := goap.NewDomain(spec)
		if err != nil {
			if strings.Contains(err.Error(), "sets") {
				continue // two effects of one binding on one fact
			}
			t.Fatalf("domain %d: %v", i, err)
		}
		hand := naiveGround(spec)
		if _, err := goap.NewDomain(hand); err != nil {
			t.Fatalf("domain %d, by hand: %v", i, err)
		}
		if d.NumActions() < len(hand.Actions) { // no-ops left out
			pruned++
		}
		ref := newRefDomain(hand)
		want, _ := ref.optimalCost(ref.initial(startVals), goalConds)
		start, err := d.State(startVals)
		if err != nil {
			t.Fatal(err)
		}
		goal, _ := d.Goal("g")
		res := goap.NewPlanner(d).Plan(context.Background(), start, goal)
		if math.IsInf(want, 1) {
			if res.Failure() == nil {
				t.Fatalf("domain %d: found %v at %v; by hand there is no plan", i, d.ActionNames(res.Plan), res.Cost)
			}
			continue
		}
		solved++
		if res.Failure() != nil || math.Abs(res.Cost-want) > 1e-9 {
			t.Fatalf("domain %d: %v at cost %v, by hand %v", i, res.Status, res.Cost, want)
		}
		for _, id := range res.Plan {
			name, args := d.Binding(id)
			if got := name + "(" + strings.Join(args, ",") + ")"; got != d.ActionName(id) {
				t.Fatalf("Binding(%s) = %s %v", d.ActionName(id), name, args)
			}
		}
	}
	if solved < n/4 || pruned < n/10 {
		t.Fatalf("only %d of %d domains solvable and %d pruned: the generator is too weak", solved, n, pruned)
	}
	t.Logf("%d domains, %d solvable, %d with bindings pruned", n, solved, pruned)
}

// TestGroundCompiledAsSpelled compiles random lifted domains as NewDomain
// does, each ground action straight from its lifted action's parsed
// conditions, and with every ground action spelled out as Conds and
// Effects maps and compiled as a plain action: the facts (IDs, layout),
// the actions and the indexes must come out the same, and so must the
// errors.
func TestGroundCompiledAsSpelled(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewSource(2929))
	specs := []goap.Spec{arenaSpec(1, false), arenaSpec(2, false), arenaSpec(9, false)}
	for range 400 {
		spec, _, _ := randomLifted(rng)
		if rng.Intn(3) == 0 { // a plain action among the lifted ones, naming ground facts
			spec.Actions = slices.Insert(slices.Clone(spec.Actions), rng.Intn(len(spec.Actions)+1), goap.Action{Name: "Plain", Cost: 1,
				Pre: goap.Conds{"q(b0)": true, "extra": true}, Effects: goap.Effects{"p(a1)": true, "zz(a0)": true}})
		}
		if rng.Intn(4) == 0 { // a wrong value: errors named by ground fact
			spec.Actions[0].Effects = goap.Effects{"p(?x)": 3}
		}
		specs = append(specs, spec)
	}
	for i, spec := range specs {
		d, err := goap.NewDomain(spec)
		spelled, err2 := goap.CompileSpelled(spec)
		if fmt.Sprint(err) != fmt.Sprint(err2) {
			t.Fatalf("spec %d: errors differ:\n%v\nspelled out:\n%v", i, err, err2)
		}
		if err != nil {
			continue
		}
		if diff := goap.CompiledDiff(d, spelled); diff != "" {
			t.Fatalf("spec %d: %s", i, diff)
		}
	}
}

func TestLiftedErrors(t *testing.T) {
	t.Parallel()
	objs := []goap.Object{{Name: "r1", Type: "enemy"}, {Name: "r2", Type: "enemy"}, {Name: "c1", Type: "cover"}}
	shoot := func(f func(a *goap.Action)) goap.Spec {
		a := goap.Action{Name: "Shoot", Cost: 1, Params: []goap.Param{{Name: "t", Type: "enemy"}},
			Pre: goap.Conds{"alive(?t)": true}, Effects: goap.Effects{"alive(?t)": false}}
		if f != nil {
			f(&a)
		}
		return goap.Spec{Name: "d", Objects: objs, Static: []string{"near(c1,r1)"},
			Facts:   []goap.Fact{{Name: "hp", Kind: goap.IntFact, Max: 3, Args: []string{"enemy"}}},
			Actions: []goap.Action{a}}
	}
	cases := []struct {
		name string
		spec goap.Spec
		want string
	}{
		{"unknown parameter", shoot(func(a *goap.Action) { a.Pre = goap.Conds{"alive(?tt)": true} }),
			`action "Shoot": fact "alive(?tt)": ?tt is not a parameter of Shoot (did you mean "?t"?)`},
		{"unknown type", shoot(func(a *goap.Action) { a.Params[0].Type = "enemies" }),
			`parameter t has the unknown type "enemies" (did you mean "enemy"?)`},
		{"unknown object", shoot(func(a *goap.Action) { a.Pre = goap.Conds{"alive(r3)": true} }),
			`"r3" is not an object (did you mean "r1"?)`},
		{"static effect", shoot(func(a *goap.Action) { a.Effects = goap.Effects{"near(c1,?t)": false} }),
			`near is a static relation (Spec.Static): no action may change it`},
		{"family arity", shoot(func(a *goap.Action) { a.Effects = goap.Effects{"hp(?t,c1)": goap.Sub(1)} }),
			`the family hp takes 1 arguments, got 2`},
		{"type mismatch", shoot(func(a *goap.Action) { a.Effects = goap.Effects{"hp(c1)": goap.Sub(1)} }),
			`c1 has type cover where hp wants enemy`},
		{"bad value reference", shoot(func(a *goap.Action) { a.Effects = goap.Effects{"aim": "?x"} }),
			`the value ?x is not a parameter of Shoot`},
		{"static tested with a number", shoot(func(a *goap.Action) { a.Pre = goap.Conds{"near(c1,?t)": 1} }),
			`a static relation is tested with true or false`},
		{"reserved plain name", goap.Spec{Actions: []goap.Action{{Name: "Shoot(r1)", Cost: 1, Effects: goap.Effects{"x": true}}}},
			`a plain action's name may not contain '(', ')' or ','`},
		{"parameter outside", goap.Spec{Objects: objs, Actions: []goap.Action{{Name: "Aim", Cost: 1, Effects: goap.Effects{"aim(?t)": true}}}},
			`?t refers to a parameter outside a lifted action`},
		{"static in a goal", goap.Spec{Objects: objs, Static: []string{"near(c1,r1)"}, Goals: []goap.Goal{{Name: "g", Desired: goap.Conds{"near(c1,r1)": true}}}},
			`only a lifted action's preconditions may test it`},
		{"static of no object", goap.Spec{Objects: objs, Static: []string{"near(c9,r1)"}},
			`"c9" is not an object (did you mean "c1"?)`},
		{"object name", goap.Spec{Objects: []goap.Object{{Name: "r,1", Type: "enemy"}}},
			`may not contain '(', ')', ',' or spaces`},
		{"duplicate object", goap.Spec{Objects: []goap.Object{{Name: "r1", Type: "enemy"}, {Name: "r1", Type: "enemy"}}},
			`object r1 is declared twice`},
		{"Where without Params", goap.Spec{Actions: []goap.Action{{Name: "A", Cost: 1, Effects: goap.Effects{"x": true}, Where: func([]string) bool { return true }}}},
			`Where, ArgCost, ArgCostFunc and ArgCheck need Params`},
		{"effects in conflict", shoot(func(a *goap.Action) {
			a.Params = append(a.Params, goap.Param{Name: "u", Type: "enemy"})
			a.Effects = goap.Effects{"alive(?t)": false, "alive(?u)": true}
		}), `the binding Shoot(r1,r1) sets alive(r1) to both`},
		{"type cycle", goap.Spec{Objects: objs, Types: []goap.Type{{Name: "enemy", Parent: "unit"}, {Name: "unit", Parent: "enemy"}}},
			`type enemy is its own ancestor (enemy < unit < enemy)`},
		{"type its own parent", goap.Spec{Objects: objs, Types: []goap.Type{{Name: "enemy", Parent: "enemy"}}},
			`type enemy is its own ancestor (enemy < enemy)`},
		{"two parents", goap.Spec{Objects: objs, Types: []goap.Type{{Name: "enemy", Parent: "unit"}, {Name: "enemy", Parent: "thing"}}},
			`type enemy has two parents, unit and thing`},
		{"supertype where a subtype is wanted", func() goap.Spec {
			s := shoot(func(a *goap.Action) { a.Params[0].Type = "unit"; a.Effects = goap.Effects{"hp(?t)": goap.Sub(1)} })
			s.Types = []goap.Type{{Name: "enemy", Parent: "unit"}}
			return s
		}(), `?t has type unit where hp wants enemy`},
		{"family of a static", goap.Spec{Objects: objs, Static: []string{"near(c1,r1)"}, Facts: []goap.Fact{{Name: "near", Args: []string{"cover"}}}},
			`near is a static relation (Spec.Static), not a family of facts`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := goap.NewDomain(c.spec)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("got %v\nwant it to contain %s", err, c.want)
			}
		})
	}
}

// TestLiftedPrunes pins what grounding leaves out: failed static
// conditions, contradictions, no-ops and Where's refusals.
func TestLiftedPrunes(t *testing.T) {
	t.Parallel()
	spec := goap.Spec{
		Objects: []goap.Object{{Name: "p1", Type: "place"}, {Name: "p2", Type: "place"}, {Name: "p3", Type: "place"}},
		Static:  []string{"road(p1,p2)", "road(p2,p3)", "road(p2,p2)"},
		Facts:   []goap.Fact{{Name: "at", Kind: goap.EnumFact, ValuesOf: "place"}},
		Actions: []goap.Action{
			{Name: "Move", Cost: 1, Params: []goap.Param{{Name: "a", Type: "place"}, {Name: "b", Type: "place"}},
				Pre: goap.Conds{"road(?a,?b)": true, "at": "?a"}, Effects: goap.Effects{"at": "?b"}},
			{Name: "Swap", Cost: 1, Params: []goap.Param{{Name: "a", Type: "place"}, {Name: "b", Type: "place"}},
				Pre: goap.Conds{"open(?a)": true, "open(?b)": false}, Effects: goap.Effects{"open(?a)": false, "open(?b)": true}},
			{Name: "Far", Cost: 1, Params: []goap.Param{{Name: "a", Type: "place"}},
				Where: func(args []string) bool { return args[0] != "p2" }, Effects: goap.Effects{"seen(?a)": true}},
			{Name: "Pair", Cost: 1, Params: []goap.Param{{Name: "a", Type: "place"}, {Name: "b", Type: "place"}},
				Pre: goap.Conds{"=(?a,?b)": false, "road(?a,?b)": true}, Effects: goap.Effects{"paired": true}},
			{Name: "NotRoad", Cost: 1, Params: []goap.Param{{Name: "a", Type: "place"}},
				Pre: goap.Conds{"road(p1,?a)": false}, Effects: goap.Effects{"lost(?a)": true}},
		},
	}
	d, err := goap.NewDomain(spec)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for i := 0; i < d.NumActions(); i++ {
		got = append(got, d.ActionName(goap.ActionID(i)))
	}
	want := []string{
		"Move(p1,p2)", "Move(p2,p3)", // Move(p2,p2) changes nothing
		"Swap(p1,p2)", "Swap(p1,p3)", "Swap(p2,p1)", "Swap(p2,p3)", "Swap(p3,p1)", "Swap(p3,p2)", // not open and closed at once
		"Far(p1)", "Far(p3)",
		"Pair(p1,p2)", "Pair(p2,p3)", // not Pair(p2,p2)
		"NotRoad(p1)", "NotRoad(p3)",
	}
	if !slices.Equal(got, want) {
		t.Fatalf("ground actions\n got %v\nwant %v", got, want)
	}
	if objs := d.Objects(); len(objs) != 3 || objs[2].Name != "p3" {
		t.Fatalf("Objects() = %v", objs)
	}
	if name, args := d.Binding(0); name != "Move" || !slices.Equal(args, []string{"p1", "p2"}) {
		t.Fatalf("Binding(0) = %s %v", name, args)
	}
}

// TestLiftedArgFuncs: ArgCostFunc and ArgCheck are called per plan with
// the binding's arguments.
func TestLiftedArgFuncs(t *testing.T) {
	t.Parallel()
	calls := map[string]int{}
	d, err := goap.NewDomain(goap.Spec{
		Objects: []goap.Object{{Name: "near", Type: "crate"}, {Name: "far", Type: "crate"}, {Name: "locked", Type: "crate"}},
		Actions: []goap.Action{{Name: "Open", Params: []goap.Param{{Name: "c", Type: "crate"}},
			Effects: goap.Effects{"ammo": true},
			ArgCostFunc: func(_ goap.State, args []string) float64 {
				calls[args[0]]++
				return map[string]float64{"near": 2, "far": 9, "locked": 1}[args[0]]
			},
			ArgCheck: func(_ goap.State, args []string) bool { return args[0] != "locked" }}},
		Goals: []goap.Goal{{Name: "g", Desired: goap.Conds{"ammo": true}}},
	})
	if err != nil {
		t.Fatal(err)
	}
	goal, _ := d.Goal("g")
	res := goap.NewPlanner(d).Plan(context.Background(), d.NewState(), goal)
	if res.Status != goap.Found || res.Cost != 2 || d.ActionNames(res.Plan)[0] != "Open(near)" {
		t.Fatalf("%v %v %v", res.Status, res.Cost, d.ActionNames(res.Plan))
	}
	if calls["near"] != 1 || calls["far"] != 1 {
		t.Fatalf("cost calls %v, want one each", calls)
	}
}
