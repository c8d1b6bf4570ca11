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
	b.Grow(groundLen(pred, args))
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

// groundLen is the length of groundName(pred, args).
func groundLen(pred string, args []string) int {
	n := len(pred) + 1 + max(len(args), 1)
	for _, a := range args {
		n += len(a)
	}
	return n
}

// splitAtom splits "hp(?e,c1)" into "hp" and [?e c1]. A name without
// parentheses is a predicate without arguments; ok is false for a name
// that opens a parenthesis and does not close it at its end.
func splitAtom(name string) (pred string, args []string, ok bool) {
	return splitAtomInto(nil, name)
}

// splitAtomInto is splitAtom appending the arguments to buf[:0].
func splitAtomInto(buf []string, name string) (pred string, args []string, ok bool) {
	open := strings.IndexByte(name, '(')
	if open < 0 {
		return name, nil, !strings.ContainsAny(name, "),")
	}
	if open == 0 || name[len(name)-1] != ')' {
		return name, nil, false
	}
	pred = name[:open]
	inner := name[open+1 : len(name)-1]
	if strings.ContainsAny(pred, "),") || strings.ContainsAny(inner, "()") || strings.TrimSpace(inner) == "" {
		return name, nil, false
	}
	if buf == nil {
		buf = make([]string, 0, strings.Count(inner, ",")+1)
	}
	args = buf[:0]
	for a := range strings.SplitSeq(inner, ",") {
		a = strings.TrimSpace(a)
		if a == "" {
			return name, nil, false
		}
		args = append(args, a)
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
	acts    actList      // the actions made so far
	parsed  []*liftedAct // per action of the Spec, parsed when lifted
	argBuf  []string     // the block the next binding's arguments take
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

// expand returns spec with its families declared fact by fact, and, when
// anything is lifted, the actions of the grounded Spec: its plain actions
// and the bindings of its lifted ones, in order (nil when nothing is
// lifted: spec's actions are the actions). Problems go to c's errors.
func (c *compiler) expand(spec Spec) (Spec, *actList) {
	c.checkPlainNames(&spec)
	if !isLifted(&spec) {
		return spec, nil
	}
	g := &grounder{c: c, objType: make(map[string]string, len(spec.Objects)), ofType: map[string][]string{},
		static: map[string]*ground.Relation{}, family: map[string]*Fact{}}
	g.engine()
	c.g = g
	g.objects(&spec)
	g.statics(&spec)
	g.parsed = make([]*liftedAct, len(spec.Actions))
	out := spec
	out.Facts = g.facts(spec.Facts)
	out.Actions = nil
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
			g.acts.add(groundAct{plain: a})
			continue
		}
		g.parsed[i] = g.action(a)
		if g.stopped {
			break
		}
	}
	for i := range spec.Goals {
		g.plainRefs("", spec.Goals[i].Name, spec.Goals[i].Desired, "desired")
	}
	return out, &g.acts
}

// bindings returns the binding of each action of acts, as Domain.binds
// holds them (nil when nothing is lifted).
func bindings(acts *actList) []binding {
	if acts == nil || acts.n == 0 {
		return nil
	}
	out := make([]binding, acts.n)
	for i, a := range acts.all() {
		if a.la == nil {
			out[i] = binding{name: a.plain.Name}
		} else {
			out[i] = binding{name: a.la.a.Name, args: a.args}
		}
	}
	return out
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
	var buf []string // the relations copy the arguments
	for _, atom := range spec.Static {
		pred, args, ok := splitAtomInto(buf, atom)
		buf = args
		if !ok || len(args) == 0 {
			c.fail("", "", atom, "a static atom is written pred(obj,...), such as adjacent(c1,c2)")
			continue
		}
		good := true
		for _, a := range args {
			if _, ok := g.objType[a]; !ok { // the message made only when needed
				good = g.knownObject(a, "", "", atom, "static atom "+atom) && good
			}
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
	n := 0 // how many facts, at most: one allocation
	for i := range decl {
		k := 1
		for _, t := range decl[i].Args {
			k = min(k*len(g.ofType[t]), MaxGroundFacts)
		}
		n = min(n+k, MaxGroundFacts)
	}
	var out []Fact
	if n > 0 {
		out = make([]Fact, 0, n)
	}
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
				gf.Name, gf.Args = c.names.ground(f.Name, args), nil
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
		r.vparam = slices.Index(params, ref)
		if strings.HasPrefix(ref, "?") && r.vparam < 0 {
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
	out, acts := c.expand(spec)
	if len(c.errs) > 0 {
		return Spec{}, errors.Join(c.errs...)
	}
	if acts != nil {
		out.Actions = make([]Action, acts.n)
		for i, a := range acts.all() {
			out.Actions[i] = a.spelled()
		}
	}
	out.Objects, out.Types, out.Static = nil, nil, nil
	return out, nil
}
