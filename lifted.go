package goap

import (
	"errors"
	"slices"
	"strings"

	"github.com/goap-go/goap/internal/ground"
	"github.com/goap-go/goap/internal/names"
	"github.com/goap-go/goap/internal/suggest"
)

// Objects, fact families, static relations and lifted actions: NewDomain
// grounds them into the plain facts and actions it compiles.

// MaxGroundActions is the most actions (plain and ground) and
// MaxGroundFacts the most facts a Spec may expand to: past them NewDomain
// stops with an error instead of filling memory.
const (
	MaxGroundActions = 1 << 21
	MaxGroundFacts   = 1 << 21
)

// reserved are the characters that ground names use to show bindings:
// plain action names and object names may not contain them.
const reserved = "(),"

// binding is what a ground action was made of.
type binding struct {
	name string // the lifted action's name
	args []string
}

// groundName writes a ground fact or action name: "Move(b2,c3)".
func groundName(pred string, args []string) string {
	var b strings.Builder
	b.WriteString(pred)
	b.WriteByte('(')
	for i, a := range args {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(a)
	}
	b.WriteByte(')')
	return b.String()
}

// splitAtom splits "hp(?e,c1)" into "hp" and [?e c1]. A name without
// parentheses is a predicate without arguments; ok is false for a name
// that opens a parenthesis and does not close it at its end.
func splitAtom(name string) (pred string, args []string, ok bool) {
	open := strings.IndexByte(name, '(')
	if open < 0 {
		return name, nil, !strings.ContainsAny(name, "),")
	}
	if open == 0 || !strings.HasSuffix(name, ")") {
		return name, nil, false
	}
	pred = name[:open]
	inner := name[open+1 : len(name)-1]
	if strings.ContainsAny(pred, "),") || strings.ContainsAny(inner, "()") || strings.TrimSpace(inner) == "" {
		return name, nil, false
	}
	args = strings.Split(inner, ",")
	for i, a := range args {
		args[i] = strings.TrimSpace(a)
		if args[i] == "" {
			return name, nil, false
		}
	}
	return pred, args, true
}

// isLifted reports whether spec uses anything this file grounds.
func isLifted(spec *Spec) bool {
	if len(spec.Objects) > 0 || len(spec.Static) > 0 || len(spec.Types) > 0 {
		return true
	}
	for i := range spec.Facts {
		if len(spec.Facts[i].Args) > 0 || spec.Facts[i].ValuesOf != "" {
			return true
		}
	}
	for i := range spec.Actions {
		a := &spec.Actions[i]
		if len(a.Params) > 0 || a.Where != nil || a.ArgCost != nil || a.ArgCostFunc != nil || a.ArgCheck != nil {
			return true
		}
	}
	return false
}

// grounder expands a lifted Spec.
type grounder struct {
	c       *compiler
	objType map[string]string
	ofType  map[string][]string
	types   []string // known types, sorted
	static  map[string]*ground.Relation
	family  map[string]*Fact // declared families by predicate
	eng     ground.Grounder
	work    int
	stopped bool
	args    [][]string // per ground action made so far, its arguments
	// fresh, when set (WithObjects), holds the objects being added:
	// only bindings and family facts that involve one are grounded.
	fresh   map[string]bool
	freshOf map[string][]string // by type, in the order they are added
}

// checkPlainNames refuses plain action names that could pose as bound
// ones.
func (c *compiler) checkPlainNames(spec *Spec) {
	for i := range spec.Actions {
		a := &spec.Actions[i]
		if len(a.Params) == 0 && strings.ContainsAny(a.Name, reserved) {
			c.part = "name"
			c.fail(a.Name, "", "", "a plain action's name may not contain '(', ')' or ',': they show a lifted action's binding, as in Shoot(r2)")
		}
	}
}

// expand returns spec with its families declared fact by fact and its
// lifted actions grounded, and the binding of every action of the result
// (nil when nothing is lifted). Problems go to c's errors.
func (c *compiler) expand(spec Spec) (Spec, []binding) {
	c.checkPlainNames(&spec)
	if !isLifted(&spec) {
		return spec, nil
	}
	g := &grounder{c: c, objType: map[string]string{}, ofType: map[string][]string{},
		static: map[string]*ground.Relation{}, family: map[string]*Fact{}}
	g.engine()
	c.g = g
	g.objects(&spec)
	g.statics(&spec)
	out := spec
	out.Facts = g.facts(spec.Facts)
	out.Actions = nil
	var binds []binding
	count, lifted := map[string]int{}, map[string]bool{}
	for i := range spec.Actions {
		a := &spec.Actions[i]
		count[a.Name]++
		if len(a.Params) > 0 {
			lifted[a.Name] = true
		}
	}
	for i := range spec.Actions {
		if name := spec.Actions[i].Name; lifted[name] && count[name] > 1 {
			count[name] = 0 // reported once
			c.part = "name"
			c.fail(name, "", "", "duplicate action name: a lifted action's name stands for all its bindings, and must be its own")
		}
	}
	for i := range spec.Actions {
		a := &spec.Actions[i]
		if len(a.Params) == 0 {
			if a.Where != nil || a.ArgCost != nil || a.ArgCostFunc != nil || a.ArgCheck != nil {
				c.part = "params"
				c.fail(a.Name, "", "", "Where, ArgCost, ArgCostFunc and ArgCheck need Params")
			}
			g.plainRefs(a.Name, "", a.Pre, "preconditions")
			g.plainRefs(a.Name, "", a.Effects, "effects")
			out.Actions = append(out.Actions, *a)
			binds = append(binds, binding{name: a.Name})
			continue
		}
		n := len(g.args)
		out.Actions = g.action(a, out.Actions)
		for _, args := range g.args[n:] {
			binds = append(binds, binding{name: a.Name, args: args})
		}
		if g.stopped {
			break
		}
	}
	for i := range spec.Goals {
		g.plainRefs("", spec.Goals[i].Name, spec.Goals[i].Desired, "desired")
	}
	return out, binds
}

// engine sets up g's grounding engine over its maps.
func (g *grounder) engine() {
	g.eng = ground.Grounder{
		Relation: func(pred string) *ground.Relation { return g.static[pred] },
		Relaxed:  func(string) bool { return false },
		Objects:  func(t string) []string { return g.ofType[t] },
		HasType:  func(o, t string) bool { return g.objType[o] == t },
		Tick:     g.tick,
	}
}

// tick counts one candidate binding; past MaxGroundActions candidates or
// when NewDomainContext's context is done, grounding stops.
func (g *grounder) tick() bool {
	if g.stopped {
		return false
	}
	g.work++
	if g.work > 4*MaxGroundActions {
		g.c.part = "params"
		g.c.fail("", "", "", "grounding stopped: more than %d candidate bindings", 4*MaxGroundActions)
		g.stopped = true
		return false
	}
	if g.work%(16*pollActions) == 0 && g.c.polled() != nil {
		g.stopped = true
		return false
	}
	return true
}

// objects indexes the spec's objects and types.
func (g *grounder) objects(spec *Spec) {
	c := g.c
	c.part = "objects"
	known := map[string]bool{}
	for _, t := range spec.Types {
		if t == "" || names.Problem(t) != "" {
			c.fail("", "", "", "type %q is not a valid name", t)
			continue
		}
		known[t] = true
	}
	for _, o := range spec.Objects {
		switch {
		case o.Name == "":
			c.fail("", "", "", "an object has no name")
			continue
		case names.Problem(o.Name) != "":
			c.fail("", "", "", "object %q: the name %s", o.Name, names.Problem(o.Name))
			continue
		case strings.ContainsAny(o.Name, reserved+" \t") || strings.HasPrefix(o.Name, "?"):
			c.fail("", "", "", "object %q: a name may not contain '(', ')', ',' or spaces, nor start with '?'", o.Name)
			continue
		case o.Type == "":
			c.fail("", "", "", "object %s has no type", o.Name)
			continue
		}
		if _, dup := g.objType[o.Name]; dup {
			c.fail("", "", "", "object %s is declared twice", o.Name)
			continue
		}
		g.objType[o.Name] = o.Type
		g.ofType[o.Type] = append(g.ofType[o.Type], o.Name)
		known[o.Type] = true
	}
	for t := range known {
		g.types = append(g.types, t)
	}
	slices.Sort(g.types)
}

// knownType reports whether t is a type, failing with a suggestion when
// it is not.
func (g *grounder) knownType(t, action, what string) bool {
	if _, ok := slices.BinarySearch(g.types, t); ok {
		return true
	}
	g.c.fail(action, "", "", "%s has the unknown type %q%s (no object has it; list a type without objects in Types)", what, t, suggest.Hint(t, g.types))
	return false
}

// knownObject reports whether o is an object, failing with a suggestion
// when it is not.
func (g *grounder) knownObject(o, action, goal, fact, what string) bool {
	if _, ok := g.objType[o]; ok {
		return true
	}
	objs := make([]string, 0, len(g.objType))
	for k := range g.objType {
		objs = append(objs, k)
	}
	slices.Sort(objs)
	g.c.fail(action, goal, fact, "%s: %q is not an object%s", what, o, suggest.Hint(o, objs))
	return false
}

// statics builds the static relations.
func (g *grounder) statics(spec *Spec) {
	c := g.c
	c.part = "static"
	for _, atom := range spec.Static {
		pred, args, ok := splitAtom(atom)
		if !ok || len(args) == 0 {
			c.fail("", "", atom, "a static atom is written pred(obj,...), such as adjacent(c1,c2)")
			continue
		}
		good := true
		for _, a := range args {
			good = g.knownObject(a, "", "", atom, "static atom "+atom) && good
		}
		if !good {
			continue
		}
		r := g.static[pred]
		if r == nil {
			r = ground.NewRelation(len(args))
			g.static[pred] = r
		}
		if r.Arity() != len(args) {
			c.fail("", "", atom, "%s takes %d arguments elsewhere in Static", pred, r.Arity())
			continue
		}
		r.Add(args)
	}
}

// facts declares each family's facts one by one and fills in ValuesOf.
func (g *grounder) facts(decl []Fact) []Fact {
	c := g.c
	c.part = "facts"
	var out []Fact
	for i := range decl {
		f := decl[i]
		if f.ValuesOf != "" {
			if f.Kind != EnumFact {
				c.fail("", "", f.Name, "ValuesOf needs an enum fact")
			} else if g.knownType(f.ValuesOf, "", "fact "+f.Name+"'s ValuesOf") {
				f.Values = append(slices.Clip(f.Values), g.ofType[f.ValuesOf]...)
			}
			f.ValuesOf = ""
		}
		if len(f.Args) == 0 {
			out = append(out, f)
			continue
		}
		if strings.ContainsAny(f.Name, reserved) {
			c.fail("", "", f.Name, "a family's name is its predicate alone (hp, not hp(?e)): Args gives its arguments' types")
			continue
		}
		if _, dup := g.family[f.Name]; dup {
			c.fail("", "", f.Name, "family declared twice")
			continue
		}
		if _, st := g.static[f.Name]; st {
			c.fail("", "", f.Name, "%s is a static relation (Spec.Static), not a family of facts", f.Name)
			continue
		}
		good := true
		for _, t := range f.Args {
			good = g.knownType(t, "", "fact family "+f.Name+"'s argument") && good
		}
		if !good {
			continue
		}
		fam := f
		g.family[f.Name] = &fam
		args := make([]string, len(f.Args))
		var each func(k int)
		each = func(k int) {
			if k == len(args) {
				if len(out) >= MaxGroundFacts {
					return
				}
				gf := f
				gf.Name, gf.Args = groundName(f.Name, args), nil
				out = append(out, gf)
				return
			}
			for _, o := range g.ofType[f.Args[k]] {
				args[k] = o
				each(k + 1)
			}
		}
		each(0)
		if len(out) >= MaxGroundFacts {
			c.fail("", "", f.Name, "the families declare more than %d facts", MaxGroundFacts)
			break
		}
	}
	return out
}

// plainRefs checks the conditions or effects of a plain action or goal:
// they may not name a static relation or a parameter.
func (g *grounder) plainRefs(action, goal string, m map[string]any, part string) {
	for _, k := range sortedKeys(m) {
		pred, args, ok := splitAtom(k)
		if !ok {
			continue
		}
		g.c.part = part
		if _, st := g.static[pred]; st && len(args) > 0 {
			g.c.fail(action, goal, k, "%s is a static relation (Spec.Static): only a lifted action's preconditions may test it", pred)
		}
		for _, a := range args {
			if strings.HasPrefix(a, "?") {
				g.c.fail(action, goal, k, "%s refers to a parameter outside a lifted action", a)
			}
		}
		if v, isStr := m[k].(string); isStr && strings.HasPrefix(v, "?") {
			g.c.fail(action, goal, k, "the value %s refers to a parameter outside a lifted action", v)
		}
	}
}

// liftedRef is one condition or effect of a lifted action, parsed once.
type liftedRef struct {
	key    string
	pred   string
	args   []string // "?p" variables or objects
	val    any
	static bool
}

// action grounds the lifted action a, appending its ground actions to out.
func (g *grounder) action(a *Action, out []Action) []Action {
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
		return out
	}
	var lits []ground.Literal
	for _, r := range pre {
		if !r.static {
			continue
		}
		want, isBool := r.val.(bool)
		if !isBool {
			c.part = "preconditions"
			c.fail(a.Name, "", r.key, "a static relation is tested with true or false, got %v", describe(r.val))
			return out
		}
		lits = append(lits, ground.Literal{Atom: ground.Atom{Pred: r.pred, Args: r.args}, Neg: !want})
	}
	s := g.eng.Prepare(params, types, lits)
	pos := map[string]int{}
	for i, p := range params {
		pos[p] = i
	}
	sub := func(r *liftedRef, b []string) (string, any) {
		key := r.key
		if r.args != nil {
			key = groundName(r.pred, s.Bind(r.args, b))
		}
		v := r.val
		switch x := v.(type) {
		case string:
			if i, ok := pos[x]; ok {
				v = b[i]
			}
		case Compare:
			if str, isStr := x.Value.(string); isStr {
				if i, ok := pos[str]; ok {
					v = Compare{x.Op, b[i]}
				}
			}
		}
		return key, v
	}
	reported := false
	g.enumerate(s, func(b []string) {
		if len(out) >= MaxGroundActions {
			if !g.stopped {
				c.part = "params"
				c.fail(a.Name, "", "", "grounding makes more than %d actions", MaxGroundActions)
				g.stopped = true
			}
			return
		}
		args := slices.Clone(b)
		if a.Where != nil && !a.Where(slices.Clone(args)) {
			return
		}
		ga := Action{Name: groundName(a.Name, args), Cost: a.Cost, Pre: make(Conds, len(pre)), Effects: make(Effects, len(eff))}
		for i := range pre {
			if pre[i].static {
				continue
			}
			k, v := sub(&pre[i], b)
			if old, dup := ga.Pre[k]; dup && !sameValue(old, v) {
				return // two conditions on one fact that cannot both hold
			}
			ga.Pre[k] = v
		}
		noop := true
		for i := range eff {
			k, v := sub(&eff[i], b)
			if old, dup := ga.Effects[k]; dup && !sameValue(old, v) {
				if !reported {
					c.part = "effects"
					c.fail(a.Name, "", k, "the binding %s sets %s to both %v and %v", ga.Name, k, describe(old), describe(v))
					reported = true
				}
				return
			}
			ga.Effects[k] = v
			if _, delta := v.(Delta); delta || !sameValue(ga.Pre[k], v) {
				noop = false
			}
		}
		if noop && len(eff) > 0 {
			return // changes nothing its preconditions do not require
		}
		if a.ArgCost != nil {
			ga.Cost = a.ArgCost(slices.Clone(args))
		}
		if f := a.ArgCostFunc; f != nil {
			ga.CostFunc = func(start State) float64 { return f(start, slices.Clone(args)) }
		}
		if f := a.ArgCheck; f != nil {
			ga.Check = func(start State) bool { return f(start, slices.Clone(args)) }
		}
		out = append(out, ga)
		g.args = append(g.args, args)
	})
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
		}
		for _, x := range args {
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
					if t := typeOf(x); t != "" && t != fam.Args[i] {
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
		if strings.HasPrefix(ref, "?") && !slices.Contains(params, ref) {
			c.fail(a.Name, "", k, "the value %s is not a parameter of %s%s", ref, a.Name, suggest.Hint(ref, params))
			*good = false
		}
		out = append(out, r)
	}
	return out
}

// Binding returns what the action id was grounded from: the lifted
// action's name and the objects bound to its parameters ("Shoot", [r2]).
// A plain action returns its name and no arguments.
func (d *Domain) Binding(id ActionID) (name string, args []string) {
	if d.binds == nil {
		return d.actions[id].name, nil
	}
	b := d.binds[id]
	return b.name, slices.Clone(b.args)
}

// ActionsNamed returns the actions a name stands for: every ground action
// of the lifted action of that name ("Shoot": Shoot(r1), Shoot(r2)), or
// the one action of that name (plain or ground: "Shoot(r2)"). It returns
// nil for an unknown name, and for a lifted action that grounded to
// nothing.
func (d *Domain) ActionsNamed(name string) []ActionID {
	if id, ok := d.actByNm[name]; ok {
		return []ActionID{id}
	}
	if ids := d.byLifted[name]; len(ids) > 0 {
		return slices.Clone(ids)
	}
	return nil
}

// indexLifted lists the ground actions of each lifted action.
func (d *Domain) indexLifted() {
	for i, b := range d.binds {
		if b.args != nil {
			if d.byLifted == nil {
				d.byLifted = map[string][]ActionID{}
			}
			d.byLifted[b.name] = append(d.byLifted[b.name], ActionID(i))
		}
	}
}

// Objects returns the domain's objects, in the order of Spec.Objects.
func (d *Domain) Objects() []Object { return slices.Clone(d.objects) }

// sameValue reports whether two condition or effect values are one value.
// Values of kinds a Spec does not allow are never the same (compiling
// reports them), and comparing them cannot panic.
func sameValue(a, b any) bool {
	switch x := a.(type) {
	case bool, int, string, Delta:
		return a == b
	case Compare:
		y, ok := b.(Compare)
		return ok && x.Op == y.Op && sameValue(x.Value, y.Value)
	}
	return false
}

// Ground returns spec with its lifted parts written out as NewDomain
// compiles them: one fact per member of each family, the values of each
// enum's type, and one plain action per binding of each lifted action,
// named Name(a,b). Objects, types and static atoms are compiled away. A
// spec without lifted parts comes back as it is.
func Ground(spec Spec) (Spec, error) {
	c := &compiler{d: &Domain{name: spec.Name}, badNames: map[string]bool{}}
	out, _ := c.expand(spec)
	if len(c.errs) > 0 {
		return Spec{}, errors.Join(c.errs...)
	}
	out.Objects, out.Types, out.Static = nil, nil, nil
	return out, nil
}
