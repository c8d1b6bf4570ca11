package goap

import (
	"errors"
	"maps"
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
	types   []string          // known types, sorted
	parent  map[string]string // type -> its parent (Spec.Types)
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
		HasType:  func(o, t string) bool { return g.isA(g.objType[o], t) },
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
	g.parent = map[string]string{}
	for _, t := range spec.Types {
		if t.Name == "" || names.Problem(t.Name) != "" {
			c.fail("", "", "", "type %q is not a valid name", t.Name)
			continue
		}
		known[t.Name] = true
		if t.Parent == "" {
			continue
		}
		switch old, dup := g.parent[t.Name]; {
		case names.Problem(t.Parent) != "":
			c.fail("", "", "", "type %s: parent %q is not a valid name", t.Name, t.Parent)
		case dup && old != t.Parent:
			c.fail("", "", "", "type %s has two parents, %s and %s", t.Name, old, t.Parent)
		default:
			g.parent[t.Name] = t.Parent
			known[t.Parent] = true
		}
	}
	g.cycles()
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
		for t := range g.lineage(o.Type) {
			g.ofType[t] = append(g.ofType[t], o.Name)
		}
		known[o.Type] = true
	}
	for t := range known {
		g.types = append(g.types, t)
	}
	slices.Sort(g.types)
}

// cycles reports the types that are their own ancestors, and cuts each
// cycle so that walking up from a type always ends.
func (g *grounder) cycles() {
	for _, t := range slices.Sorted(maps.Keys(g.parent)) {
		seen := map[string]bool{t: true}
		for u := g.parent[t]; u != ""; u = g.parent[u] {
			if u == t {
				g.c.fail("", "", "", "type %s is its own ancestor (%s)", t, g.chain(t))
				delete(g.parent, t)
				break
			}
			if seen[u] {
				break // a cycle above t, reported from one of its types
			}
			seen[u] = true
		}
	}
}

// chain writes t's ancestry up to t again: "a < b < a".
func (g *grounder) chain(t string) string {
	out := t
	for u := g.parent[t]; ; u = g.parent[u] {
		out += " < " + u
		if u == t || u == "" {
			return out
		}
	}
}

// lineage yields t and its ancestors, nearest first.
func (g *grounder) lineage(t string) func(yield func(string) bool) {
	return func(yield func(string) bool) {
		for ; t != ""; t = g.parent[t] {
			if !yield(t) {
				return
			}
		}
	}
}

// isA reports whether type t is typ or one of its subtypes.
func (g *grounder) isA(t, typ string) bool {
	for u := range g.lineage(t) {
		if u == typ {
			return true
		}
	}
	return false
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
