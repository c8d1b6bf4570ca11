package main

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/goap-go/goap"
	"github.com/goap-go/goap/internal/names"
	"github.com/goap-go/goap/pddl"
)

// The lifted export: `goap pddl --export` writes the PDDL task as a
// designer file with objects and parameterised actions, which goap's own
// grounder expands again when the file is loaded.
//
// How PDDL maps onto the file:
//   - objects and constants keep their names and, when no parameter has
//     an (either ...) type, their types and the domain's hierarchy too
//     (types: type -> parent; a parameter of a type takes its subtypes'
//     objects, as in PDDL). Otherwise the types become flat (a goap
//     parameter has one type): the concrete types that one parameter
//     ranges over are
//     merged into one type, named after their closest common supertype
//     (logistics' airport and location become place). A parameter of a
//     narrower type gets a static precondition naming its type
//     (slow-elevator(?lift): true) over the objects of that type.
//   - static predicates (no action changes them) become static:, tested
//     in preconditions; fluent atoms are plain booleans (at(ball1,rooma)).
//   - a negative precondition is "false", equality is =(?a,?b).
//   - PDDL deletes first and adds after, so a binding that deletes and
//     adds one atom keeps it; goap refuses such a binding. An action
//     whose add and delete can meet is split on the equalities that make
//     them meet: the original name keeps the bindings where they differ
//     (=(?from,?to): false), and move[from=to] the others, without the
//     delete. Cases no binding can use (no-ops, contradictions) are left
//     out.
//   - action costs become cost: "travel-slow(?f1,?f2)" with the values of
//     the problem's :init under numbers:. When some binding the grounder
//     keeps has no value (it cannot be reached, or PDDL would refuse the
//     task), a static relation has-travel-slow lists the pairs that have
//     one and guards the action.

// maxSplits is the most equalities one action may be split on (2^n cases).
const maxSplits = 4

// liftedAction is one action of the export.
type liftedAction struct {
	name   string
	params []pddl.TypedName // names without '?', export types
	pre    []cond           // in order, each key once
	eff    []cond
	konst  float64     // the constant part of the cost
	funcs  []pddl.Atom // cost terms looked up in numbers:
	schema *pddl.Action
	// eqs are the equalities of its case of the split, each with the
	// value the case gives it.
	eqs []caseEq
}

// caseEq is one equality of a split case: x = y when on.
type caseEq struct {
	x, y string
	on   bool
}

// covers reports whether the ground action g falls in a's case.
func (a *liftedAction) covers(g pddl.GroundAction) bool {
	if g.Schema != a.schema {
		return false
	}
	val := func(x string) string {
		for i, p := range g.Schema.Params {
			if p.Name == x {
				return g.Args[i]
			}
		}
		return x
	}
	for _, e := range a.eqs {
		if (val(e.x) == val(e.y)) != e.on {
			return false
		}
	}
	return true
}

// cond is one precondition or effect: a fact name and its value.
type cond struct {
	key string
	val bool
}

// addCond appends key: val to cs unless it is there; ok is false when key is
// there with the other value.
func addCond(cs []cond, key string, val bool) ([]cond, bool) {
	for _, c := range cs {
		if c.key == key {
			return cs, c.val == val
		}
	}
	return append(cs, cond{key, val}), true
}

// lifter holds what the export knows of the task.
type lifter struct {
	d       *pddl.Domain
	pr      *pddl.Problem
	fluent  map[string]bool
	init    map[string]bool // initial atoms, by key
	objs    []pddl.TypedName
	objType map[string]string
	// concrete types (of objects) a parameter type ranges over; the
	// export type of each concrete type; the static relation standing for
	// a parameter type narrower than its export type.
	over    map[string][]string
	export  map[string]string
	guard   map[string]string
	used    map[string]bool // predicate, guard and has- names taken
	statics []string        // static relations the actions test, in first use order
	extra   map[string][]string
	// hasGuard is set for cost functions whose values the actions must
	// check (has-travel-slow).
	hasGuard map[string]string
	// keep says the export keeps the domain's types and hierarchy (no
	// parameter has an either type); hier then lists the types it
	// writes, each with its parent ("" for none), sorted.
	keep bool
	hier [][2]string
}

// atomKey writes a PDDL atom as a goap fact name: at(ball1,rooma).
func atomKey(pred string, args []string) string {
	if len(args) == 0 {
		return pred
	}
	return pred + "(" + strings.Join(args, ",") + ")"
}

func newLifter(d *pddl.Domain, pr *pddl.Problem) *lifter {
	l := &lifter{d: d, pr: pr, fluent: map[string]bool{}, init: map[string]bool{}, objType: map[string]string{},
		over: map[string][]string{}, export: map[string]string{}, guard: map[string]string{}, used: map[string]bool{},
		extra: map[string][]string{}, hasGuard: map[string]string{}}
	for _, a := range d.Actions {
		for _, e := range a.Add {
			l.fluent[e.Pred] = true
		}
		for _, e := range a.Del {
			l.fluent[e.Pred] = true
		}
	}
	for _, a := range pr.Init {
		l.init[atomKey(a.Pred, a.Args)] = true
	}
	l.objs = pr.AllObjects(d)
	for _, o := range l.objs {
		l.objType[o.Name] = o.Type
	}
	for p := range d.Predicates {
		l.used[p] = true
	}
	for f := range d.Functions {
		l.used[f] = true
	}
	l.keep = l.hierarchy()
	if !l.keep {
		l.types()
	}
	return l
}

// hierarchy reports whether the export can keep the domain's types (no
// parameter of an either type, every type a valid goap name) and, if so,
// fills export (each type is its own) and hier: the object and parameter
// types with their ancestors.
func (l *lifter) hierarchy() bool {
	need := map[string]bool{}
	for _, o := range l.objs {
		need[o.Type] = true
	}
	for _, a := range l.d.Actions {
		for _, p := range a.Params {
			if strings.HasPrefix(p.Type, "(either") {
				return false
			}
			if len(l.concrete(p.Type)) > 0 {
				need[p.Type] = true
			}
		}
	}
	all := map[string]string{}
	for t := range need {
		for ; t != ""; t = l.d.Types[t] {
			if names.Problem(t) != "" || strings.ContainsAny(t, "(),? \t") {
				return false
			}
			if _, seen := all[t]; seen {
				break
			}
			parent := l.d.Types[t]
			if parent == t {
				parent = ""
			}
			all[t] = parent
			if parent == "" {
				break
			}
		}
	}
	for _, t := range slices.Sorted(maps.Keys(all)) {
		l.hier = append(l.hier, [2]string{t, all[t]})
		l.export[t] = t
	}
	return true
}

// concrete returns the types of objects that are of type t.
func (l *lifter) concrete(t string) []string {
	if c, ok := l.over[t]; ok {
		return c
	}
	var c []string
	for _, o := range l.objs {
		if !slices.Contains(c, o.Type) && l.d.IsSubtype(o.Type, t) {
			c = append(c, o.Type)
		}
	}
	slices.Sort(c)
	l.over[t] = c
	return c
}

// types merges the concrete types each parameter ranges over and names
// the merged types.
func (l *lifter) types() {
	parent := map[string]string{}
	var find func(string) string
	find = func(t string) string {
		if p, ok := parent[t]; ok && p != t {
			r := find(p)
			parent[t] = r
			return r
		}
		return t
	}
	for _, o := range l.objs {
		parent[o.Type] = o.Type
	}
	for _, a := range l.d.Actions {
		for _, p := range a.Params {
			c := l.concrete(p.Type)
			for _, t := range c[min(1, len(c)):] {
				parent[find(t)] = find(c[0])
			}
		}
	}
	groups := map[string][]string{}
	var roots []string
	for _, o := range l.objs {
		r := find(o.Type)
		if !slices.Contains(groups[r], o.Type) {
			if len(groups[r]) == 0 {
				roots = append(roots, r)
			}
			groups[r] = append(groups[r], o.Type)
		}
	}
	// A type of its own keeps its name; merged types take their common
	// supertype's, unless another export type has it.
	taken := map[string]bool{}
	for _, r := range roots {
		if g := groups[r]; len(g) == 1 {
			taken[g[0]] = true
			l.export[g[0]] = g[0]
		}
	}
	for _, r := range roots {
		g := groups[r]
		if len(g) == 1 {
			continue
		}
		slices.Sort(g)
		name := l.common(g)
		if taken[name] {
			name = strings.Join(g, "+")
		}
		taken[name] = true
		for _, t := range g {
			l.export[t] = name
		}
	}
}

// common returns the closest type that all of g are subtypes of.
func (l *lifter) common(g []string) string {
	for t := g[0]; ; t = l.d.Types[t] {
		all := true
		for _, u := range g {
			all = all && l.d.IsSubtype(u, t)
		}
		if all || t == "object" || t == "" {
			if t == "" {
				return "object"
			}
			return t
		}
	}
}

// freshName returns base, or base with a suffix, that no predicate,
// function or earlier guard uses.
func (l *lifter) freshName(base string) string {
	name := base
	for i := 2; l.used[name]; i++ {
		name = base + "-" + strconv.Itoa(i)
	}
	l.used[name] = true
	return name
}

// param returns the export type of a parameter of PDDL type t, and the
// static relation guarding it ("" when its objects are all of the export
// type's); ok is false when no object has type t.
func (l *lifter) param(t string) (typ, guard string, ok bool) {
	c := l.concrete(t)
	if len(c) == 0 {
		return "", "", false
	}
	if l.keep {
		return t, "", true // the type itself: it takes its subtypes' objects
	}
	typ = l.export[c[0]]
	all := 0
	for _, et := range l.export {
		if et == typ {
			all++
		}
	}
	if all == len(c) {
		return typ, "", true
	}
	if g, done := l.guard[t]; done {
		return typ, g, true
	}
	base := t
	if rest, isEither := strings.CutPrefix(t, "(either "); isEither {
		base = strings.Join(strings.Fields(strings.TrimSuffix(rest, ")")), "-or-")
	}
	g := l.freshName(base)
	l.guard[t] = g
	for _, o := range l.objs {
		if slices.Contains(c, o.Type) {
			l.extra[g] = append(l.extra[g], atomKey(g, []string{o.Name}))
		}
	}
	l.useStatic(g)
	return typ, g, true
}

func (l *lifter) useStatic(pred string) {
	if !slices.Contains(l.statics, pred) {
		l.statics = append(l.statics, pred)
	}
}

// staticHas reports whether the static relation pred holds any atom.
func (l *lifter) staticHas(pred string) bool {
	for _, a := range l.pr.Init {
		if a.Pred == pred {
			return true
		}
	}
	return false
}

// action turns a schema into the actions of the export (one per case of
// its equality split), or none when no binding can ever apply it.
func (l *lifter) action(a *pddl.Action) ([]*liftedAction, error) {
	base := &liftedAction{name: a.Name, schema: a}
	types := map[string][]string{} // term -> concrete types it can take
	for _, p := range a.Params {
		typ, guard, ok := l.param(p.Type)
		if !ok {
			return nil, nil // no object for this parameter
		}
		base.params = append(base.params, pddl.TypedName{Name: strings.TrimPrefix(p.Name, "?"), Type: typ})
		types[p.Name] = l.concrete(p.Type)
		if guard != "" {
			base.pre, _ = addCond(base.pre, atomKey(guard, []string{p.Name}), true)
		}
	}
	termTypes := func(x string) []string {
		if t, ok := types[x]; ok {
			return t
		}
		return []string{l.objType[x]}
	}
	for _, lit := range a.Pre {
		var ok bool
		switch {
		case lit.Pred == "=":
			base.pre, ok = addCond(base.pre, atomKey("=", lit.Args), !lit.Neg)
		case !l.fluent[lit.Pred] && len(lit.Args) == 0:
			if l.init[lit.Pred] == lit.Neg {
				return nil, nil // a static fact the action needs fails for good
			}
			ok = true
		case !l.fluent[lit.Pred] && !l.staticHas(lit.Pred):
			if !lit.Neg {
				return nil, nil // an empty static relation
			}
			ok = true
		case !l.fluent[lit.Pred]:
			l.useStatic(lit.Pred)
			base.pre, ok = addCond(base.pre, atomKey(lit.Pred, lit.Args), !lit.Neg)
		default:
			base.pre, ok = addCond(base.pre, atomKey(lit.Pred, lit.Args), !lit.Neg)
		}
		if !ok {
			return nil, nil // p and not p
		}
	}
	base.konst = 1
	if l.d.ActionCosts {
		base.konst = 0
		for _, c := range a.Cost {
			if c.Func == nil {
				base.konst += c.Const
			} else {
				base.funcs = append(base.funcs, *c.Func)
			}
		}
	}
	// The equalities under which an add and a delete are one atom.
	type pair struct{ add, del pddl.Atom }
	var conflicts []pair
	var eqs [][2]string
	for _, d := range a.Del {
		for _, ad := range a.Add {
			if ad.Pred != d.Pred {
				continue
			}
			meet := true
			var need [][2]string
			for i := range ad.Args {
				x, y := ad.Args[i], d.Args[i]
				switch {
				case x == y:
				case !strings.HasPrefix(x, "?") && !strings.HasPrefix(y, "?"):
					meet = false
				case !overlap(termTypes(x), termTypes(y)):
					meet = false
				default:
					need = append(need, [2]string{min(x, y), max(x, y)})
				}
			}
			if !meet {
				continue
			}
			conflicts = append(conflicts, pair{ad, d})
			for _, e := range need {
				if !slices.Contains(eqs, e) {
					eqs = append(eqs, e)
				}
			}
		}
	}
	if len(eqs) > maxSplits {
		return nil, fmt.Errorf("action %s: its adds and deletes meet under %d different equalities (at most %d are split into cases)", a.Name, len(eqs), maxSplits)
	}
	var out []*liftedAction
	for mask := 0; mask < 1<<len(eqs); mask++ {
		// Terms made equal by the case, by union-find.
		root := map[string]string{}
		var find func(string) string
		find = func(x string) string {
			if r, ok := root[x]; ok && r != x {
				r = find(r)
				root[x] = r
				return r
			}
			return x
		}
		for i, e := range eqs {
			if mask&(1<<i) != 0 {
				root[find(e[0])] = find(e[1])
			}
		}
		possible := true
		for i, e := range eqs {
			if mask&(1<<i) == 0 && find(e[0]) == find(e[1]) {
				possible = false // x=y and y=z, yet x!=z
			}
		}
		consts := map[string]string{}
		for _, e := range eqs {
			for _, x := range e {
				if !strings.HasPrefix(x, "?") {
					if c, seen := consts[find(x)]; seen && c != x {
						possible = false // two objects made one
					}
					consts[find(x)] = x
				}
			}
		}
		if !possible {
			continue
		}
		v := *base
		v.pre = slices.Clone(base.pre)
		v.eqs = nil
		var same []string
		good := true
		for i, e := range eqs {
			on := mask&(1<<i) != 0
			v.eqs = append(v.eqs, caseEq{e[0], e[1], on})
			v.pre, good = addCond(v.pre, atomKey("=", e[:]), on)
			if !good {
				break
			}
			if on {
				same = append(same, strings.TrimPrefix(e[0], "?")+"="+strings.TrimPrefix(e[1], "?"))
			}
		}
		if !good {
			continue
		}
		if mask != 0 {
			v.name = a.Name + "[" + strings.Join(same, " ") + "]"
		}
		for _, ad := range a.Add {
			v.eff, _ = addCond(v.eff, atomKey(ad.Pred, ad.Args), true)
		}
		for _, d := range a.Del {
			kept := true
			for _, c := range conflicts {
				if !slices.Equal(c.del.Args, d.Args) || c.del.Pred != d.Pred {
					continue
				}
				all := true
				for i := range c.add.Args {
					all = all && find(c.add.Args[i]) == find(c.del.Args[i])
				}
				if all {
					kept = false // the add wins
				}
			}
			if kept {
				v.eff, _ = addCond(v.eff, atomKey(d.Pred, d.Args), false)
			}
		}
		out = append(out, &v)
	}
	return out, nil
}

// overlap reports whether two sorted type lists share a type.
func overlap(a, b []string) bool {
	for _, t := range a {
		if _, ok := slices.BinarySearch(b, t); ok {
			return true
		}
	}
	return false
}

// bindAtom substitutes a binding of params into f.
func bindAtom(f pddl.Atom, params []pddl.TypedName, args []string) pddl.Atom {
	bound := make([]string, len(f.Args))
	for i, x := range f.Args {
		bound[i] = x
		for j, p := range params {
			if "?"+p.Name == x {
				bound[i] = args[j]
			}
		}
	}
	return pddl.Atom{Pred: f.Pred, Args: bound}
}

// spec builds the goap spec of the actions (for the grounding check).
func (l *lifter) spec(acts []*liftedAction, missing map[string]map[string]bool) goap.Spec {
	var s goap.Spec
	for _, o := range l.objs {
		s.Objects = append(s.Objects, goap.Object{Name: o.Name, Type: l.export[o.Type]})
	}
	for _, h := range l.hier {
		s.Types = append(s.Types, goap.Type{Name: h[0], Parent: h[1]})
	}
	s.Static = l.staticAtoms()
	for _, a := range acts {
		ga := goap.Action{Name: a.name, Cost: a.konst, Pre: goap.Conds{}, Effects: goap.Effects{}}
		for _, p := range a.params {
			ga.Params = append(ga.Params, goap.Param{Name: p.Name, Type: p.Type})
		}
		for _, c := range a.pre {
			ga.Pre[c.key] = c.val
		}
		for _, c := range a.eff {
			ga.Effects[c.key] = c.val
		}
		if len(a.funcs) > 0 {
			ga.ArgCost = func(args []string) float64 {
				c := a.konst
				for _, f := range a.funcs {
					v, ok := l.pr.Values[bindAtom(f, a.params, args).String()]
					if !ok {
						if missing[a.name] == nil {
							missing[a.name] = map[string]bool{}
						}
						missing[a.name][f.Pred] = true
					}
					c += v
				}
				return c
			}
		}
		s.Actions = append(s.Actions, ga)
	}
	return s
}

// staticAtoms lists the atoms of the static relations the actions test.
func (l *lifter) staticAtoms() []string {
	var out []string
	for _, pred := range l.statics {
		if atoms, ok := l.extra[pred]; ok {
			out = append(out, atoms...)
			continue
		}
		for _, a := range l.pr.Init {
			if a.Pred == pred {
				out = append(out, atomKey(a.Pred, a.Args))
			}
		}
	}
	return out
}
