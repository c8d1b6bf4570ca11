package goap

import (
	"errors"
	"maps"
	"slices"
	"strings"

	"github.com/goap-go/goap/internal/ground"
	"github.com/goap-go/goap/internal/names"
)

// Objects that come and go: WithObjects derives a Domain with objects
// added and removed, grounding only what the new objects add and keeping
// the compiled form of every other action.

// ObjectChange is what Domain.WithObjects changes: objects added (with the
// static atoms that hold of them) and objects removed.
type ObjectChange struct {
	Add []Object
	// Static lists atoms of the domain's static relations that hold of
	// the added objects ("road(p3,p9)", "near(r9,p9)"): each names at
	// least one added object. Static atoms of removed objects go with
	// them.
	Static []string
	// Remove names objects to remove: their facts and the ground actions
	// that take them leave the domain.
	Remove []string
}

// liftState is what a lifted Domain keeps to ground more objects: the
// grounder's tables as they stand, the Spec as given, and the layout's
// free bits.
type liftState struct {
	spec     Spec         // as given; Objects and Static as they were at the last full compile
	lifted   []*liftedAct // per action of spec, parsed when lifted
	objType  map[string]string
	ofType   map[string][]string
	types    []string
	parent   map[string]string
	static   map[string]*ground.Relation
	family   map[string]*Fact
	valuesOf map[string]bool // types whose objects are an enum's values
	named    map[string]bool // facts goals and plain actions name: they outlive objects
	// layout is shared by the Domains WithObjects derives from one full
	// compile: a fact they have in common sits in the same field.
	layout *layoutID
	used   []uint   // bits taken in each word
	live   []uint64 // per word, the fields of the facts not removed
	gone   int      // actions removed, still holding their IDs
	goneF  int      // facts removed
}

// layoutID identifies a layout (its address does).
type layoutID struct{ _ byte }

// keep returns what WithObjects needs of g after NewDomain compiled spec
// (as given) with the words' use used.
func (g *grounder) keep(spec Spec, used []uint) *liftState {
	d := g.c.d
	l := &liftState{spec: spec, objType: g.objType, ofType: g.ofType, types: g.types, parent: g.parent, static: g.static,
		family: g.family, valuesOf: map[string]bool{}, named: map[string]bool{}, layout: &layoutID{},
		used: used, lifted: g.parsed}
	for i := range spec.Facts {
		if t := spec.Facts[i].ValuesOf; t != "" {
			l.valuesOf[t] = true
		}
	}
	for i := range spec.Actions {
		if a := &spec.Actions[i]; len(a.Params) == 0 {
			for k := range a.Pre {
				l.named[k] = true
			}
			for k := range a.Effects {
				l.named[k] = true
			}
		}
	}
	for i := range spec.Goals {
		for k := range spec.Goals[i].Desired {
			l.named[k] = true
		}
	}
	l.live = d.liveMask()
	return l
}

// liveMask returns, per word, the fields of d's facts that are not
// removed.
func (d *Domain) liveMask() []uint64 {
	live := make([]uint64, d.words)
	for i := range d.facts {
		if f := &d.facts[i]; !f.gone {
			live[f.word] |= f.mask
		}
	}
	return live
}

// WithObjects returns a Domain that is d with the objects of ch added and
// removed; d itself does not change, and planners of d go on as before.
// The result plans as NewDomain of d's Spec with those objects (and static
// atoms) would, at a fraction of the cost: only the bindings and family
// facts that involve an added object are grounded and compiled, the
// actions already compiled are kept, new facts take free bits of the
// state's words (new words only when those are full), and the indexes
// are rebuilt from the compiled actions.
//
// A removed object's ground actions and facts keep their IDs, out of
// every lookup: ActionID, FactID, ActionsNamed and State by name do not
// find them, plans never use them, ActionRemoved and FactRemoved report
// them, and states hold them at their defaults. A fact a goal or a plain
// action names outlives its object, as NewDomain would keep it (a
// boolean nothing else sets). A removed object may not be named by a
// lifted action.
//
// Two changes compile the whole Spec instead (the result is then a
// fresh layout, with new IDs): adding or removing an object whose type
// gives an enum its values (Fact.ValuesOf), which renumbers every value
// after it and every condition on the enum; and a domain where removed
// actions would outnumber the others, so that objects that come and go
// for good do not grow a domain without end.
//
// Use Convert to carry states of d over. The Spec must have had objects,
// types or lifted actions: NewDomain keeps what WithObjects needs only
// then.
func (d *Domain) WithObjects(ch ObjectChange) (*Domain, error) {
	l := d.lift
	if l == nil {
		return nil, errors.New("goap: WithObjects: the domain has no objects, types or lifted actions (list the types objects may take in Spec.Types)")
	}
	c := &compiler{d: d, badNames: map[string]bool{}}
	c.part = "objects"
	gone := map[string]bool{}
	for _, o := range ch.Remove {
		switch {
		case gone[o]:
			c.fail("", "", "", "object %s is removed twice", o)
		case l.objType[o] == "":
			c.fail("", "", "", "object %q is not an object of the domain", o)
		}
		gone[o] = true
	}
	fresh := map[string]bool{}
	for _, o := range ch.Add {
		switch {
		case o.Name == "" || names.Problem(o.Name) != "" || strings.ContainsAny(o.Name, reserved+" \t") || strings.HasPrefix(o.Name, "?"):
			c.fail("", "", "", "object %q: not an object name (no '(', ')', ',' or spaces, not starting with '?')", o.Name)
		case o.Type == "" || names.Problem(o.Type) != "":
			c.fail("", "", "", "object %s: %q is not a type", o.Name, o.Type)
		case gone[o.Name]:
			c.fail("", "", "", "object %s is both removed and added", o.Name)
		case fresh[o.Name] || l.objType[o.Name] != "":
			c.fail("", "", "", "object %s is declared twice", o.Name)
		}
		fresh[o.Name] = true
	}
	for i := range l.spec.Actions {
		a := &l.spec.Actions[i]
		if len(a.Params) == 0 {
			continue
		}
		for _, m := range []map[string]any{a.Pre, a.Effects} {
			for k := range m {
				_, args, _ := splitAtom(k)
				for _, x := range args {
					if gone[x] {
						c.fail(a.Name, "", k, "names the object %s, which WithObjects would remove", x)
					}
				}
			}
		}
	}
	if len(c.errs) > 0 {
		return nil, errors.Join(c.errs...)
	}
	full := 2*(l.gone+d.removes(gone)) > len(d.actions)
	givesValues := func(t string) bool { // t or a supertype gives an enum its values
		for ; t != "" && !l.valuesOf[t]; t = l.parent[t] {
		}
		return t != ""
	}
	for _, o := range ch.Add {
		full = full || givesValues(o.Type)
	}
	for o := range gone {
		full = full || givesValues(l.objType[o])
	}
	if full {
		return NewDomain(l.respec(d.objects, ch, gone))
	}
	return d.withObjects(ch, gone, fresh)
}

// removes counts the actions of d that take an object of gone.
func (d *Domain) removes(gone map[string]bool) int {
	if len(gone) == 0 {
		return 0
	}
	n := 0
	for i := range d.binds {
		if !d.actions[i].gone && anyGone(d.binds[i].args, gone) {
			n++
		}
	}
	return n
}

// namesGone reports whether the ground name "pred(a,b)" has an argument
// in gone, without taking it apart into new strings.
func namesGone(name string, gone map[string]bool) bool {
	open := strings.IndexByte(name, '(')
	if open < 0 || !strings.HasSuffix(name, ")") {
		return false
	}
	for arg := range strings.SplitSeq(name[open+1:len(name)-1], ",") {
		if gone[strings.TrimSpace(arg)] {
			return true
		}
	}
	return false
}

func anyGone(args []string, gone map[string]bool) bool {
	for _, a := range args {
		if gone[a] {
			return true
		}
	}
	return false
}

// respec returns the Spec of a full compile: l's Spec with the objects
// objs as changed by ch, and the static atoms of l's relations that hold
// of no removed object, then ch's.
func (l *liftState) respec(objs []Object, ch ObjectChange, gone map[string]bool) Spec {
	spec := l.spec
	spec.Objects = nil
	for _, o := range objs {
		if !gone[o.Name] {
			spec.Objects = append(spec.Objects, o)
		}
	}
	spec.Objects = append(spec.Objects, ch.Add...)
	spec.Static = nil
	for _, pred := range slices.Sorted(maps.Keys(l.static)) {
		l.static[pred].Tuples(func(args []string) {
			if !anyGone(args, gone) {
				spec.Static = append(spec.Static, groundName(pred, args))
			}
		})
	}
	spec.Static = append(spec.Static, ch.Static...)
	return spec
}

// withObjects is WithObjects' incremental path.
func (d *Domain) withObjects(ch ObjectChange, gone, fresh map[string]bool) (*Domain, error) {
	l := d.lift
	nd := *d
	n := &nd
	nl := *l
	n.lift = &nl
	c := &compiler{d: n, badNames: map[string]bool{}}
	g := &grounder{c: c, objType: maps.Clone(l.objType), ofType: maps.Clone(l.ofType), types: l.types, parent: l.parent,
		static: maps.Clone(l.static), family: l.family, fresh: fresh, freshOf: map[string][]string{}}
	g.engine()
	n.facts = slices.Clip(d.facts)
	n.actions = slices.Clip(d.actions)
	n.byName = maps.Clone(d.byName)
	n.valueAt = maps.Clone(d.valueAt) // declare adds fresh facts' maps
	n.actByNm = maps.Clone(d.actByNm)
	n.binds = slices.Clip(d.binds)
	n.byLifted = maps.Clone(d.byLifted)
	n.objects = nil
	for _, o := range d.objects {
		if !gone[o.Name] {
			n.objects = append(n.objects, o)
		}
	}
	n.objects = append(n.objects, ch.Add...)

	if len(gone) > 0 {
		n.remove(g, gone)
	}
	c.part = "objects"
	for _, o := range ch.Add {
		g.objType[o.Name] = o.Type
		for t := range g.lineage(o.Type) {
			g.ofType[t] = append(slices.Clip(g.ofType[t]), o.Name)
			g.freshOf[t] = append(g.freshOf[t], o.Name)
		}
		if _, ok := slices.BinarySearch(g.types, o.Type); !ok {
			g.types = append(slices.Clip(g.types), o.Type)
			slices.Sort(g.types)
		}
	}
	g.addStatics(ch.Static, fresh)
	nFacts, nActions := len(n.facts), len(n.actions)
	c.part = "facts"
	freshFacts := g.freshFacts(l.spec.Facts)
	n.facts = grown(n.facts, len(freshFacts)+8)
	for _, f := range freshFacts {
		if old, ok := n.byName[f.Name]; ok {
			// A fact a goal names outlived its object: the new
			// object's fact is that one again.
			if o := &n.facts[old]; o.Kind != f.Kind || o.Kind != BoolFact || o.Default != f.Default {
				c.fail("", "", f.Name, "named by a goal or a plain action as a boolean, declared here as %v", f.Kind)
			}
			continue
		}
		c.declare(f)
	}
	var acts []Action
	var binds []binding
	for i := range l.spec.Actions {
		a := &l.spec.Actions[i]
		if len(a.Params) == 0 {
			continue
		}
		k := g.acts.n
		g.ground(l.lifted[i]) // parsed without errors by the full compile
		for i, ga := range g.acts.all() {
			if i < k {
				continue
			}
			acts = append(acts, ga.spelled())
			binds = append(binds, binding{name: a.Name, args: ga.args})
		}
	}
	if nActions+len(acts) > MaxGroundActions {
		c.fail("", "", "", "grounding makes more than %d actions", MaxGroundActions)
	}
	for i := range acts {
		c.addBools(&acts[i])
	}
	if len(n.facts) > MaxGroundFacts {
		c.fail("", "", "", "the domain would have more than %d facts", MaxGroundFacts)
	}
	if len(c.errs) > 0 {
		return nil, errors.Join(c.errs...)
	}
	nl.objType, nl.ofType, nl.types, nl.static = g.objType, g.ofType, g.types, g.static

	// The new facts take free bits; the state grows by whole words only
	// when the old ones are full.
	nl.used = place(n.facts, nFacts, slices.Clone(l.used))
	if len(nl.used) > n.words {
		n.words = len(nl.used)
	}
	n.start = append(slices.Clone(d.start), make([]uint64, n.words-d.words)...)
	n.bitFact = append(slices.Clone(d.bitFact), make([]FactID, 64*(n.words-d.words))...)
	n.fill(nFacts)

	for i := range c.dense {
		c.dense[i] = make([]uint64, n.words)
	}
	n.actions = grown(n.actions, len(acts))
	for i := range acts {
		c.compileAction(&acts[i])
	}
	if len(c.errs) > 0 {
		return nil, errors.Join(c.errs...)
	}
	// New actions' words are a new array: the old ones' stay shared.
	n.ops = c.ops
	for i, at := range c.opAt {
		a := &n.actions[nActions+i]
		a.preOps, a.effOps = n.ops[at[0]:at[1]:at[1]], n.ops[at[1]:at[2]:at[2]]
	}
	n.binds = append(n.binds, binds...)
	for i, b := range binds {
		n.byLifted[b.name] = append(slices.Clip(n.byLifted[b.name]), ActionID(nActions+i))
	}
	c.compileGoals(l.spec.Goals)
	if len(c.errs) > 0 {
		return nil, errors.Join(c.errs...)
	}
	if len(gone) == 0 { // the old actions' entries stand as they are
		c.prevIx, c.prevActs = d.ix, nActions
	}
	if err := c.index(); err != nil {
		return nil, err
	}
	nl.live = n.liveMask()
	return n, nil
}

// remove takes the objects of gone out of n (a copy of a Domain being
// made) and of g's tables: their ground actions and facts leave the
// lookups, their static atoms the relations.
func (n *Domain) remove(g *grounder, gone map[string]bool) {
	l := n.lift
	n.actions, n.facts = slices.Clone(n.actions), slices.Clone(n.facts) // the old Domain's flags stay as they are
	for o := range gone {
		t := g.objType[o]
		delete(g.objType, o)
		for t := range g.lineage(t) {
			g.ofType[t] = slices.DeleteFunc(slices.Clone(g.ofType[t]), func(x string) bool { return x == o })
		}
	}
	for pred, r := range g.static {
		for o := range gone {
			if r.Mentions(o) {
				g.static[pred] = r.Without(func(x string) bool { return gone[x] })
				break
			}
		}
	}
	touched := map[string]bool{}
	for i := range n.binds {
		a := &n.actions[i]
		if a.gone || !anyGone(n.binds[i].args, gone) {
			continue
		}
		a.gone = true
		l.gone++
		delete(n.actByNm, a.name)
		touched[n.binds[i].name] = true
	}
	for name := range touched {
		n.byLifted[name] = slices.DeleteFunc(slices.Clone(n.byLifted[name]), func(id ActionID) bool { return n.actions[id].gone })
	}
	for i := range n.facts {
		f := &n.facts[i]
		if f.gone || !strings.HasSuffix(f.Name, ")") {
			continue
		}
		if !namesGone(f.Name, gone) {
			continue
		}
		if l.named[f.Name] {
			// NewDomain would declare it as a boolean of its own.
			if f.Kind != BoolFact || f.Default != 0 {
				g.c.part = "facts"
				g.c.fail("", "", f.Name, "a goal or a plain action names this fact of a removed object, which would be an undeclared boolean: it is a %v", f.Kind)
			}
			continue
		}
		f.gone = true
		l.goneF++
		delete(n.byName, f.Name)
	}
}

// addStatics adds the static atoms of added objects to g's relations
// (copies: the old Domain keeps its own).
func (g *grounder) addStatics(atoms []string, fresh map[string]bool) {
	c := g.c
	c.part = "static"
	copied := map[string]bool{}
	for _, atom := range atoms {
		pred, args, ok := splitAtom(atom)
		r := g.static[pred]
		switch {
		case !ok || len(args) == 0:
			c.fail("", "", atom, "a static atom is written pred(obj,...), such as adjacent(c1,c2)")
			continue
		case r == nil:
			c.fail("", "", atom, "%s is not a static relation of the domain", pred)
			continue
		case r.Arity() != len(args):
			c.fail("", "", atom, "%s takes %d arguments", pred, r.Arity())
			continue
		case !slices.ContainsFunc(args, func(a string) bool { return fresh[a] }):
			c.fail("", "", atom, "names no added object: a new atom of old objects changes their bindings (compile the Spec with NewDomain)")
			continue
		}
		good := true
		for _, a := range args {
			good = g.knownObject(a, "", "", atom, "static atom "+atom) && good
		}
		if !good {
			continue
		}
		if !copied[pred] {
			r = r.Clone()
			g.static[pred], copied[pred] = r, true
		}
		r.Add(args)
	}
}

// freshFacts declares the facts of the families (among decl) whose
// tuples hold a fresh object, each tuple once.
func (g *grounder) freshFacts(decl []Fact) []Fact {
	var out []Fact
	for i := range decl {
		if len(decl[i].Args) == 0 {
			continue
		}
		fam := g.family[decl[i].Name]
		if fam == nil {
			continue
		}
		f := *fam
		if f.ValuesOf != "" {
			f.Values = append(slices.Clip(f.Values), g.ofType[f.ValuesOf]...)
			f.ValuesOf = ""
		}
		args := make([]string, len(f.Args))
		for pin := range f.Args {
			var each func(k int)
			each = func(k int) {
				if k == len(args) {
					gf := f
					gf.Name, gf.Args = groundName(f.Name, args), nil
					out = append(out, gf)
					return
				}
				objs := g.ofType[f.Args[k]]
				if k == pin {
					objs = g.freshOf[f.Args[k]]
				}
				for _, o := range objs {
					if k < pin && g.fresh[o] {
						continue // that tuple comes with an earlier pin
					}
					args[k] = o
					each(k + 1)
				}
			}
			each(0)
		}
	}
	return out
}

// Convert returns a state of d holding s's facts: s may belong to d, to
// the Domain d was made from by WithObjects, or to any Domain, whose
// facts then carry over by name (values a fact of d cannot hold leave it
// at its default). Facts d has and s's domain had not, and facts of
// objects removed in between, take their defaults. Between Domains that
// WithObjects derived from one compile it copies words, without looking
// at names.
func (d *Domain) Convert(s State) State {
	if s.d == d {
		return s.Clone()
	}
	if l, sl := d.lift, s.d.lift; l != nil && sl != nil && l.layout == sl.layout {
		w := slices.Clone(d.start)
		for i := range min(len(w), len(s.w)) {
			keep := sl.live[i] & l.live[i]
			w[i] = s.w[i]&keep | w[i]&^keep
		}
		return State{d: d, w: w}
	}
	out := d.NewState()
	for id := range s.d.facts {
		f := &s.d.facts[id]
		if f.gone {
			continue
		}
		if _, ok := d.byName[f.Name]; ok {
			out.setValue(f.Name, s.value(FactID(id))) // a value d's fact cannot hold leaves the default
		}
	}
	return out
}

// ActionRemoved reports whether action id belongs to an object that
// WithObjects removed: it keeps its ID and name, and nothing uses it.
func (d *Domain) ActionRemoved(id ActionID) bool { return d.actions[id].gone }

// FactRemoved reports whether fact id belongs to an object that
// WithObjects removed: it keeps its ID and name, out of every lookup by
// name, at its default in every state.
func (d *Domain) FactRemoved(id FactID) bool { return d.facts[id].gone }

// grown returns a copy of s with room for k more: one copy of what the
// old Domain holds, not the quarter more that append's growth would take.
func grown[T any](s []T, k int) []T {
	out := make([]T, len(s), len(s)+k)
	copy(out, s)
	return out
}
