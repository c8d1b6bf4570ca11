package goap

import (
	"slices"
	"strings"

	"github.com/goap-go/goap/internal/ground"
	"github.com/goap-go/goap/internal/names"
	"github.com/goap-go/goap/internal/suggest"
)

// A lifted action parsed once (its references to parameters, objects and
// families) and ground binding by binding.

// liftedRef is one condition or effect of a lifted action, parsed once.
type liftedRef struct {
	key    string
	pred   string
	args   []string // "?p" variables or objects
	val    any
	static bool
	// argAt gives, per argument, the parameter it refers to, or -1 for
	// an object; vparam the parameter the value refers to ("?p" or a
	// comparison with "?p"), or -1.
	argAt  []int
	vparam int
}

// arg returns r's argument j under the binding b.
func (r *liftedRef) arg(j int, b []string) string {
	if p := r.argAt[j]; p >= 0 {
		return b[p]
	}
	return r.args[j]
}

// value returns r's value under the binding b.
func (r *liftedRef) value(b []string) any {
	if r.vparam < 0 {
		return r.val
	}
	if x, ok := r.val.(Compare); ok {
		return Compare{x.Op, b[r.vparam]}
	}
	return b[r.vparam]
}

// ground returns r's fact's name under the binding b.
func (r *liftedRef) ground(b []string) string {
	if r.args == nil {
		return r.key
	}
	return string(r.appendKey(nil, b))
}

// appendKey appends r's fact's name under the binding b to buf.
func (r *liftedRef) appendKey(buf []byte, b []string) []byte {
	if r.args == nil {
		return append(buf, r.key...)
	}
	buf = append(buf, r.pred...)
	buf = append(buf, '(')
	for j := range r.args {
		if j > 0 {
			buf = append(buf, ',')
		}
		buf = append(buf, r.arg(j, b)...)
	}
	return append(buf, ')')
}

// sameFact reports whether r and q name one fact under the binding b.
func (r *liftedRef) sameFact(q *liftedRef, b []string) bool {
	if r.args == nil || q.args == nil {
		return r.args == nil && q.args == nil && r.key == q.key
	}
	if r.pred != q.pred || len(r.args) != len(q.args) {
		return false
	}
	for j := range r.args {
		if r.arg(j, b) != q.arg(j, b) {
			return false
		}
	}
	return true
}

// liftedAct is a lifted action parsed for grounding.
type liftedAct struct {
	a      *Action
	schema *ground.Schema
	pre    []liftedRef // the preconditions on facts (static ones left out)
	eff    []liftedRef
	// fine: the action's name is a valid name, so its ground names are
	// (objects' names are checked), and need no check of their own.
	fine bool
}

// groundAct is one action of a grounded Spec: a plain action as written,
// or a binding of a lifted action.
type groundAct struct {
	plain *Action    // a plain action; nil for a binding
	la    *liftedAct // the lifted action of a binding
	args  []string   // the binding: the objects of la's parameters
	cost  float64
}

// conflict checks the binding b of la as a map of conditions and effects
// would hold it: it reports whether two preconditions on one fact differ
// (the binding can never run: dropped), and the first effect that sets a
// fact some earlier effect sets to another value (-1 if none), with the
// earlier one.
func (la *liftedAct) conflict(b []string) (pre bool, eff, old int) {
	for j := range la.pre {
		for i := range j {
			if la.pre[i].sameFact(&la.pre[j], b) {
				if !sameValue(la.pre[i].value(b), la.pre[j].value(b)) {
					return true, -1, -1
				}
				break
			}
		}
	}
	for j := range la.eff {
		for i := range j {
			if la.eff[i].sameFact(&la.eff[j], b) {
				if !sameValue(la.eff[i].value(b), la.eff[j].value(b)) {
					return false, j, i
				}
				break
			}
		}
	}
	return false, -1, -1
}

// noop reports whether the binding b of la changes nothing that its
// preconditions do not require.
func (la *liftedAct) noop(b []string) bool {
	if len(la.eff) == 0 {
		return false
	}
	for j := range la.eff {
		e := &la.eff[j]
		v := e.value(b)
		if _, delta := v.(Delta); delta {
			return false
		}
		same := false
		for i := range la.pre {
			if la.pre[i].sameFact(e, b) {
				same = sameValue(la.pre[i].value(b), v)
				break
			}
		}
		if !same {
			return false
		}
	}
	return true
}

// action parses and grounds the lifted action a, appending its bindings
// to g.acts, and returns it parsed (nil when it has errors).
func (g *grounder) action(a *Action) *liftedAct {
	la := g.parse(a)
	if la != nil {
		g.ground(la)
	}
	return la
}

// parse parses the lifted action a and prepares its schema, reporting its
// errors (then it returns nil).
func (g *grounder) parse(a *Action) *liftedAct {
	c := g.c
	c.part = "params"
	params := make([]string, len(a.Params))
	types := make([]string, len(a.Params))
	pnames := make([]string, len(a.Params))
	good := true
	for i, p := range a.Params {
		switch {
		case p.Name == "" || strings.ContainsAny(p.Name, reserved+"? \t") || names.Problem(p.Name) != "":
			c.fail(a.Name, "", "", "parameter #%d: %q is not a parameter name (letters, digits, _)", i+1, p.Name)
			good = false
		case slices.Contains(pnames, p.Name):
			c.fail(a.Name, "", "", "parameter %s is declared twice", p.Name)
			good = false
		}
		pnames[i] = p.Name
		params[i], types[i] = "?"+p.Name, p.Type
		good = g.knownType(p.Type, a.Name, "parameter "+p.Name) && good
	}
	pre := g.refs(a, a.Pre, "preconditions", params, types, &good)
	eff := g.refs(a, a.Effects, "effects", params, types, &good)
	if !good {
		return nil
	}
	la := &liftedAct{a: a, eff: eff, fine: names.Problem(a.Name) == ""}
	var lits []ground.Literal
	for _, r := range pre {
		if !r.static {
			la.pre = append(la.pre, r)
			continue
		}
		want, isBool := r.val.(bool)
		if !isBool {
			c.part = "preconditions"
			c.fail(a.Name, "", r.key, "a static relation is tested with true or false, got %v", describe(r.val))
			return nil
		}
		lits = append(lits, ground.Literal{Atom: ground.Atom{Pred: r.pred, Args: r.args}, Neg: !want})
	}
	la.schema = g.eng.Prepare(params, types, lits)
	return la
}

// ground appends the bindings of la to g.acts.
func (g *grounder) ground(la *liftedAct) {
	c, a := g.c, la.a
	reported := false
	g.enumerate(la.schema, func(b []string) {
		if g.acts.n >= MaxGroundActions {
			if !g.stopped {
				c.part = "params"
				c.fail(a.Name, "", "", "grounding makes more than %d actions", MaxGroundActions)
				g.stopped = true
			}
			return
		}
		args := g.argsOf(b)
		if a.Where != nil && !a.Where(slices.Clone(args)) {
			return
		}
		bad, j, i := la.conflict(b)
		if bad {
			return // two conditions on one fact that cannot both hold
		}
		if j >= 0 {
			if !reported {
				k := la.eff[j].ground(b)
				c.part = "effects"
				c.fail(a.Name, "", k, "the binding %s sets %s to both %v and %v", groundName(a.Name, args), k, describe(la.eff[i].value(b)), describe(la.eff[j].value(b)))
				reported = true
			}
			return
		}
		if la.noop(b) {
			return // changes nothing its preconditions do not require
		}
		cost := a.Cost
		if a.ArgCost != nil {
			cost = a.ArgCost(slices.Clone(args))
		}
		g.acts.add(groundAct{la: la, args: args, cost: cost})
	})
}

// costHooks returns the CostFunc and Check of the ground action ga.
func (ga *groundAct) costHooks() (costFunc func(State) float64, check func(State) bool) {
	a, args := ga.la.a, ga.args
	if f := a.ArgCostFunc; f != nil {
		costFunc = func(start State) float64 { return f(start, slices.Clone(args)) }
	}
	if f := a.ArgCheck; f != nil {
		check = func(start State) bool { return f(start, slices.Clone(args)) }
	}
	return costFunc, check
}

// spelled returns ga as a plain Action, its name, conditions and effects
// written out (Ground, and WithObjects, which compiles few).
func (ga *groundAct) spelled() Action {
	if ga.la == nil {
		return *ga.plain
	}
	la, b := ga.la, ga.args
	out := Action{Name: groundName(la.a.Name, b), Cost: ga.cost, Pre: make(Conds, len(la.pre)), Effects: make(Effects, len(la.eff))}
	for i := range la.pre {
		out.Pre[la.pre[i].ground(b)] = la.pre[i].value(b)
	}
	for i := range la.eff {
		out.Effects[la.eff[i].ground(b)] = la.eff[i].value(b)
	}
	out.CostFunc, out.Check = ga.costHooks()
	return out
}

// enumerate is the engine's Enumerate, or with fresh objects, the
// bindings that bind some parameter to one of them: each once, from the
// first parameter bound to a fresh object.
func (g *grounder) enumerate(s *ground.Schema, emit func(b []string)) {
	if g.fresh == nil {
		g.eng.Enumerate(s, emit)
		return
	}
	b := make([]string, len(s.Params))
	for i := range s.Params {
		for _, o := range g.freshOf[s.Types[i]] {
			clear(b)
			b[i] = o
			g.eng.EnumerateFrom(s, b, func(b []string) {
				for _, x := range b[:i] {
					if g.fresh[x] {
						return // emitted when that parameter was pinned
					}
				}
				emit(b)
			})
		}
	}
}

// refs parses the conditions or effects m of the lifted action a and
// checks their references: parameters, objects, families and statics.
func (g *grounder) refs(a *Action, m map[string]any, part string, params, types []string, good *bool) []liftedRef {
	c := g.c
	c.part = part
	var out []liftedRef
	typeOf := func(x string) string {
		if i := slices.Index(params, x); i >= 0 {
			return types[i]
		}
		return g.objType[x]
	}
	for _, k := range sortedKeys(m) {
		r := liftedRef{key: k, val: m[k]}
		pred, args, ok := splitAtom(k)
		if !ok {
			c.fail(a.Name, "", k, "a fact of a lifted action is written name or name(arg,...), such as alive(?t)")
			*good = false
			continue
		}
		r.pred = pred
		if len(args) > 0 {
			r.args = args
			r.argAt = make([]int, len(args))
		}
		for j, x := range args {
			r.argAt[j] = slices.Index(params, x)
			if strings.HasPrefix(x, "?") {
				if !slices.Contains(params, x) {
					c.fail(a.Name, "", k, "%s is not a parameter of %s%s", x, a.Name, suggest.Hint(x, params))
					*good = false
				}
			} else if !g.knownObject(x, a.Name, "", k, k) {
				*good = false
			}
		}
		if pred == "=" {
			// =(?a,?b): true binds a and b to one object, false to two.
			r.static = true
			if len(args) != 2 || part == "effects" {
				c.fail(a.Name, "", k, "=(?a,?b) is a precondition on two arguments: true when they are one object, false when two")
				*good = false
			}
		} else if _, st := g.static[pred]; st && len(args) > 0 {
			r.static = true
			if part == "effects" {
				c.fail(a.Name, "", k, "%s is a static relation (Spec.Static): no action may change it", pred)
				*good = false
			}
		}
		if fam := g.family[pred]; fam != nil {
			if len(args) != len(fam.Args) {
				c.fail(a.Name, "", k, "the family %s takes %d arguments, got %d", pred, len(fam.Args), len(args))
				*good = false
			} else {
				for i, x := range args {
					if t := typeOf(x); t != "" && !g.isA(t, fam.Args[i]) {
						c.fail(a.Name, "", k, "%s has type %s where %s wants %s", x, t, pred, fam.Args[i])
						*good = false
					}
				}
			}
		}
		var ref string
		switch x := r.val.(type) {
		case string:
			ref = x
		case Compare:
			ref, _ = x.Value.(string)
		}
		r.vparam = slices.Index(params, ref)
		if strings.HasPrefix(ref, "?") && r.vparam < 0 {
			c.fail(a.Name, "", k, "the value %s is not a parameter of %s%s", ref, a.Name, suggest.Hint(ref, params))
			*good = false
		}
		out = append(out, r)
	}
	return out
}
