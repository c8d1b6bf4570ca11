package goapfile

import (
	"slices"
	"strings"

	"github.com/goap-go/goap"
	"github.com/goap-go/goap/agent/simspec"
	"github.com/goap-go/goap/internal/suggest"
	"go.yaml.in/yaml/v3"
)

// Objects, types, static relations and lifted actions' parameters: what
// the file says about them, checked here with positions, then handed to
// the core (goap.Spec.Objects, Types, Static; goap.Action.Params), which
// grounds them.

// Object is one entry of a file's `objects:`: a thing lifted actions take
// as an argument.
type Object struct {
	Name, Type string
	// At is the object's cell ([x, y]) when the file gives one.
	At *[2]int
	// Offers lists the actions the object offers (a smart object): the
	// lifted actions a unit uses it through.
	Offers []string
}

// objectKeys are the keys of an object given as a mapping.
var objectKeys = []string{"type", "at", "offers"}

// objectInfo is what the parser knows of the file's objects.
type objectInfo struct {
	typeOf  map[string]string     // object -> type
	ofType  map[string][]string   // type -> objects, in file order
	key     map[string]*yaml.Node // object -> its key
	types   []string              // every known type, sorted
	static  map[string]bool       // predicates of static relations
	offers  map[string]*yaml.Node // object -> its offers: list, checked once the actions are known
	objects []string              // in file order
	parent  map[string]string     // type -> its parent (types: as a mapping)
}

// isPattern reports whether a fact name has a parameter among its
// arguments ("alive(?t)"): a pattern of a lifted action, not a fact.
func isPattern(name string) bool {
	return strings.Contains(name, "(?") || strings.Contains(name, ",?")
}

// predOf returns the predicate of a fact name with arguments ("hp" for
// "hp(r1)"), or "" for a name without.
func predOf(name string) (string, []string) {
	open := strings.IndexByte(name, '(')
	if open <= 0 || !strings.HasSuffix(name, ")") {
		return "", nil
	}
	return name[:open], strings.Split(name[open+1:len(name)-1], ",")
}

// objectList reads `objects:`, a mapping of name -> type, or name ->
// {type, at, offers}.
func (p *parser) objectList(n *yaml.Node) {
	o := &p.objs
	fields, _ := p.mapping(n, "in objects", nil)
	for _, fd := range fields {
		if strings.ContainsAny(fd.name, "(), \t") || strings.HasPrefix(fd.name, "?") {
			p.errorf(fd.key, "object %q: a name may not contain '(', ')', ',' or spaces, nor start with '?'", fd.name)
			continue
		}
		obj := Object{Name: fd.name}
		if fd.val.Kind == yaml.MappingNode {
			sub, _ := p.mapping(fd.val, "in object", objectKeys)
			for _, f := range sub {
				switch f.name {
				case "type":
					obj.Type, _ = p.str(f.val, "type")
				case "at":
					obj.At = p.cell(f.val)
				case "offers":
					o.offers[fd.name] = f.val
				}
			}
			if !hasKey(sub, "type") {
				p.errorf(fd.val, "object %s needs a type, such as {type: enemy}", fd.name)
			}
		} else {
			obj.Type, _ = p.str(fd.val, "type")
		}
		if obj.Type == "" {
			continue
		}
		o.typeOf[obj.Name] = obj.Type
		o.key[obj.Name] = fd.key
		p.out.pos[posKey{KindObject, obj.Name}] = pos(fd.key)
		o.objects = append(o.objects, obj.Name)
		if len(o.ofType[obj.Type]) == 0 {
			o.types = append(o.types, obj.Type)
		}
		o.ofType[obj.Type] = append(o.ofType[obj.Type], obj.Name)
		p.out.Objects = append(p.out.Objects, obj)
		p.spec.Objects = append(p.spec.Objects, goap.Object{Name: obj.Name, Type: obj.Type})
	}
}

// cell reads a position [x, y].
func (p *parser) cell(n *yaml.Node) *[2]int {
	items, ok := p.sequence(n, "at")
	if !ok {
		return nil
	}
	if len(items) != 2 {
		p.errorf(n, "at is a cell [x, y], got %s", describe(n))
		return nil
	}
	var c [2]int
	for i, it := range items {
		v, ok := p.integer(it, "a coordinate")
		if !ok {
			return nil
		}
		c[i] = v
	}
	return &c
}

// typeList reads `types:`: a list of types that may have no objects, or
// a mapping of type -> parent (nothing for a type without one).
func (p *parser) typeList(n *yaml.Node) {
	if n != nil && n.Kind == yaml.MappingNode {
		p.typeTree(n)
		return
	}
	items, _ := p.sequence(n, "types")
	for _, it := range items {
		if t, ok := p.str(it, "a type"); ok {
			if !slices.Contains(p.objs.types, t) {
				p.objs.types = append(p.objs.types, t)
			}
			p.spec.Types = append(p.spec.Types, goap.Type{Name: t})
		}
	}
}

// typeTree reads `types:` as a mapping of type -> parent. A parent that
// one type names and that is neither listed itself nor an object's type
// is taken for a typo; types may not be their own ancestors. An object is
// then of its type's ancestors too (ofType lists it under each).
func (p *parser) typeTree(n *yaml.Node) {
	o := &p.objs
	fields, _ := p.mapping(n, "in types", nil)
	var order []string
	at := map[string]*yaml.Node{} // type -> its parent's node
	named := map[string]int{}     // parent -> how many types name it
	for _, fd := range fields {
		if !slices.Contains(o.types, fd.name) {
			o.types = append(o.types, fd.name)
		}
		order = append(order, fd.name)
		if isNull(fd.val) {
			continue
		}
		if parent, ok := p.str(fd.val, "a parent type"); ok {
			o.parent[fd.name], at[fd.name] = parent, fd.val
			named[parent]++
		}
	}
	known := slices.Clone(o.types)
	for parent, k := range named {
		if k > 1 && !slices.Contains(known, parent) {
			known = append(known, parent)
		}
	}
	slices.Sort(known)
	for _, t := range order {
		parent, ok := o.parent[t]
		if !ok || slices.Contains(known, parent) {
			continue
		}
		p.errorf(at[t], "type %s: unknown parent %q%s (a parent that only one type names must be listed under types: itself, as %s: with nothing after it, or be an object's type)",
			t, parent, suggest.Hint(parent, known), parent)
		delete(o.parent, t)
	}
	for _, t := range order {
		path := []string{t}
		for u := o.parent[t]; u != ""; u = o.parent[u] {
			path = append(path, u)
			if u == t {
				p.errorf(at[t], "types are each other's parents in a cycle: %s", strings.Join(path, " -> "))
				delete(o.parent, t)
				break
			}
			if len(path) > len(order)+1 {
				break // a cycle above t, reported from one of its types
			}
		}
	}
	for _, t := range order {
		if parent := o.parent[t]; parent != "" && !slices.Contains(o.types, parent) {
			o.types = append(o.types, parent)
		}
		p.spec.Types = append(p.spec.Types, goap.Type{Name: t, Parent: o.parent[t]})
	}
	for _, obj := range o.objects {
		for t := o.parent[o.typeOf[obj]]; t != ""; t = o.parent[t] {
			o.ofType[t] = append(o.ofType[t], obj)
		}
	}
}

// isA reports whether type t is typ or one of its subtypes.
func (p *parser) isA(t, typ string) bool {
	for ; t != ""; t = p.objs.parent[t] {
		if t == typ {
			return true
		}
	}
	return false
}

// knownType reports whether t is a type of the file, and reports it at n
// with a suggestion when it is not.
func (p *parser) knownType(n *yaml.Node, t, what string) bool {
	if slices.Contains(p.objs.types, t) {
		return true
	}
	p.errorf(n, "%s: unknown type %q%s (no object has it; list a type without objects under types:)", what, t, suggest.Hint(t, p.objs.types))
	return false
}

// knownObject reports whether o is an object of the file, and reports it
// at n with a suggestion when it is not.
func (p *parser) knownObject(n *yaml.Node, o, what string) bool {
	if _, ok := p.objs.typeOf[o]; ok {
		return true
	}
	p.errorf(n, "%s: %q is not an object%s", what, o, suggest.Hint(o, p.objs.objects))
	return false
}

// staticList reads `static:`, the atoms of static relations.
func (p *parser) staticList(n *yaml.Node) {
	items, _ := p.sequence(n, "static")
	arity := map[string]int{}
	for _, it := range items {
		s, ok := p.str(it, "a static atom")
		if !ok {
			continue
		}
		pred, args := predOf(s)
		if pred == "" || len(args) == 0 {
			p.errorf(it, "a static atom is written pred(obj,...), such as adjacent(c1,c2); got %q", s)
			continue
		}
		good := true
		for _, a := range args {
			good = p.knownObject(it, strings.TrimSpace(a), "static atom "+s) && good
		}
		if n, seen := arity[pred]; seen && n != len(args) {
			p.errorf(it, "%s takes %d arguments elsewhere in static:", pred, n)
			good = false
		}
		if !good {
			continue
		}
		arity[pred] = len(args)
		p.objs.static[pred] = true
		p.spec.Static = append(p.spec.Static, s)
	}
}

// params reads an action's `params:`, a mapping of name -> type in file
// order, and makes them the parameters its values may refer to.
func (p *parser) params(n *yaml.Node) []goap.Param {
	fields, _ := p.mapping(n, "in params", nil)
	var out []goap.Param
	for _, fd := range fields {
		name := strings.TrimPrefix(fd.name, "?")
		if name == "" || strings.ContainsAny(name, "()?, \t") {
			p.errorf(fd.key, "%q is not a parameter name (letters, digits, _)", fd.name)
			continue
		}
		t, ok := p.str(fd.val, "a parameter's type")
		if !ok || !p.knownType(fd.val, t, "parameter "+name) {
			continue
		}
		out = append(out, goap.Param{Name: name, Type: t})
	}
	if len(out) == 0 && !p.skip(n) && len(fields) == 0 {
		p.errorf(n, "params must name at least one parameter, such as {t: enemy}")
	}
	return out
}

// paramValue checks a value "?x" given in a lifted action: x must be one
// of its parameters, and of the type an enum fact f holds (when f takes
// its values from a type).
func (p *parser) paramValue(n *yaml.Node, f goap.Fact, s string) bool {
	i := p.paramIndex(n, s)
	if i < 0 {
		return false
	}
	if d := p.decl[familyOf(p, f.Name)]; d != nil && d.fact.ValuesOf != "" && !p.isA(p.cur[i].Type, d.fact.ValuesOf) {
		p.errorf(n, "%s has type %s, but the values of %s are objects of type %s", s, p.cur[i].Type, f.Name, d.fact.ValuesOf)
		return false
	}
	return true
}

// paramIndex returns the index of the parameter ref ("?t") among the
// parameters of the action being read, or reports at n that it is none
// and returns -1.
func (p *parser) paramIndex(n *yaml.Node, ref string) int {
	i := slices.IndexFunc(p.cur, func(q goap.Param) bool { return "?"+q.Name == ref })
	if i < 0 {
		var names []string
		for _, q := range p.cur {
			names = append(names, "?"+q.Name)
		}
		p.errorf(n, "%s is not a parameter of this action%s", ref, suggest.Hint(ref, names))
	}
	return i
}

// familyOf returns the name under which the declaration of fact name is
// kept: the family's for "hp(r1)" or "hp(?e)", the fact's own otherwise.
func familyOf(p *parser, name string) string {
	if pred, _ := predOf(name); pred != "" {
		if d, ok := p.decl[pred]; ok && len(d.fact.Args) > 0 {
			return pred
		}
	}
	return name
}

// groundFact reports whether name is a fact of a family or of a lifted
// action's pattern with objects for arguments ("alive(r1)"), which the
// core declares when it grounds: a start, goal or test may name it.
func (p *parser) groundFact(name string) bool {
	pred, args := predOf(name)
	if pred == "" || p.objs.static[pred] || !p.lifted[pred] {
		return false
	}
	for _, a := range args {
		if _, ok := p.objs.typeOf[a]; !ok {
			return false
		}
	}
	return true
}

// groundAction reports whether name is a binding of a lifted action
// ("Shoot(r2)"). A name that binds a lifted action wrongly (a wrong
// number of objects, an object of another type) is reported at n, and
// counts as known so that no second error follows.
func (p *parser) groundAction(n *yaml.Node, name string) bool {
	pred, args := predOf(name)
	if pred == "" || !slices.Contains(p.liftedActions, pred) {
		return false
	}
	var params []goap.Param
	for _, a := range p.spec.Actions {
		if a.Name == pred {
			params = a.Params
		}
	}
	if len(args) != len(params) {
		p.errorf(n, "%s takes %d object(s) (%s), got %d", pred, len(params), paramText(params), len(args))
		return true
	}
	for i, a := range args {
		if t, ok := p.objs.typeOf[a]; !ok {
			p.knownObject(n, a, name)
		} else if !p.isA(t, params[i].Type) {
			p.errorf(n, "%s: %s has type %s, but ?%s takes type %s", name, a, t, params[i].Name, params[i].Type)
		}
	}
	return true
}

// paramText lists parameters as a file writes them: "t: enemy, c: cover".
func paramText(params []goap.Param) string {
	parts := make([]string, len(params))
	for i, q := range params {
		parts[i] = q.Name + ": " + q.Type
	}
	return strings.Join(parts, ", ")
}

// checkOffers checks the objects' `offers:` once the actions are known:
// each names a lifted action.
func (p *parser) checkOffers() {
	for _, it := range p.mapOffers {
		if a := it.Value; !slices.Contains(p.liftedActions, a) {
			p.errorf(it, "the legend offers %q, which is not a lifted action (one with params:)%s", a, suggest.Hint(a, p.liftedActions))
		}
	}
	for _, name := range p.objs.objects {
		n := p.objs.offers[name]
		if n == nil {
			continue
		}
		items, _ := p.sequence(n, "offers")
		var out []string
		for _, it := range items {
			a, ok := p.str(it, "an action name")
			if !ok {
				continue
			}
			if !slices.Contains(p.liftedActions, a) {
				p.errorf(it, "object %s offers %q, which is not a lifted action (one with params:)%s", name, a, suggest.Hint(a, p.liftedActions))
				continue
			}
			out = append(out, a)
		}
		for i := range p.out.Objects {
			if p.out.Objects[i].Name == name {
				p.out.Objects[i].Offers = out
			}
		}
	}
}

// isAgentFact reports whether the named fact is declared with scope:
// agent, itself or as one of a family's facts ("in_use(crate1)" of
// in_use with args:), before or after groundActionData grounds the
// families.
func (p *parser) isAgentFact(name string) bool {
	if slices.Contains(p.out.AgentFacts, name) {
		return true
	}
	family, _, ok := strings.Cut(name, "(")
	if dec := p.decl[family]; ok && dec != nil && len(dec.fact.Args) > 0 {
		return slices.Contains(p.out.AgentFacts, family)
	}
	return false
}

// groundActionData copies what the file says of each lifted action
// (duration, travel, timeout, back-off) to its ground actions, which is
// how the simulator looks them up, and reports lifted actions that no
// binding satisfies.
func (p *parser) groundActionData(d *goap.Domain) {
	// A family declared with scope: agent stands for its facts.
	var agentFacts []string
	for _, name := range p.out.AgentFacts {
		if dec := p.decl[name]; dec == nil || len(dec.fact.Args) == 0 {
			agentFacts = append(agentFacts, name)
			continue
		}
		for _, f := range d.FactNames() {
			if strings.HasPrefix(f, name+"(") {
				agentFacts = append(agentFacts, f)
			}
		}
	}
	p.out.AgentFacts = agentFacts
	counts := map[string]int{}
	for i := 0; i < d.NumActions(); i++ {
		id := goap.ActionID(i)
		lifted, args := d.Binding(id)
		if args == nil {
			continue
		}
		counts[lifted]++
		ground := d.ActionName(id)
		if v, ok := p.out.Durations[lifted]; ok {
			p.out.Durations[ground] = v
		}
		if v, ok := p.out.Travel[lifted]; ok {
			p.out.Travel[ground] = v
		}
		for _, m := range []map[string]float64{p.out.Timeouts, p.out.Backoffs} {
			if v, ok := m[lifted]; ok {
				m[ground] = v
			}
		}
	}
	for _, a := range p.actions {
		if a.params == nil || counts[a.name] > 0 {
			continue
		}
		empty := ""
		for _, q := range a.paramList {
			if len(p.objs.ofType[q.Type]) == 0 {
				empty = q.Type
			}
		}
		if empty != "" && slices.ContainsFunc(p.spec.Types, func(t goap.Type) bool { return t.Name == empty || t.Parent == empty }) {
			continue // a type declared without objects: nothing to bind yet, on purpose
		}
		p.errorf(a.params, "no binding of %s's parameters satisfies its static preconditions and types: the action can never be used", a.name)
	}
}

// memberParam checks an order's member given as a parameter (?u) of a
// lifted ordering action: a parameter whose type's objects are all
// members of the squad that have the goal.
func (p *parser) memberParam(n *yaml.Node, name string, sq *simspec.SquadSpec) bool {
	i := p.paramIndex(n, name)
	if i < 0 {
		return false
	}
	for _, o := range p.objs.ofType[p.cur[i].Type] {
		if !slices.Contains(sq.Members, o) {
			p.errorf(n, "%s takes objects of type %s, and %s is not a member of squad %s", name, p.cur[i].Type, o, sq.Name)
			return false
		}
	}
	return true
}

// groundOrders gives each ground action of a lifted ordering action its
// orders, with the binding's objects for the parameters (a member ?u, a
// target value ?e): the simulator looks orders up by action name.
func (p *parser) groundOrders(d *goap.Domain) {
	for _, a := range p.actions {
		specs, ok := p.out.Orders[a.name]
		if !ok || a.params == nil {
			continue
		}
		for _, id := range d.ActionsNamed(a.name) {
			_, args := d.Binding(id)
			bind := func(s string) string {
				for i, q := range a.paramList {
					if s == "?"+q.Name {
						return args[i]
					}
				}
				return s
			}
			ground := make([]simspec.OrderSpec, len(specs))
			for k, o := range specs {
				g := o
				if o.Members != nil {
					g.Members = make([]string, len(o.Members))
					for j, m := range o.Members {
						g.Members[j] = bind(m)
					}
				}
				if o.Set != nil {
					g.Set = map[string]any{}
					for f, v := range o.Set {
						if s, isStr := v.(string); isStr {
							v = bind(s)
						}
						g.Set[f] = v
					}
				}
				for _, m := range g.Members {
					if goals := p.agentGoals(m); !slices.Contains(goals, g.Goal) {
						p.errorf(a.params, "%s orders %s %s, a goal it does not have; its goals: %s", d.ActionName(id), m, g.Goal, strings.Join(goals, ", "))
					}
				}
				ground[k] = g
			}
			p.out.Orders[d.ActionName(id)] = ground
		}
		delete(p.out.Orders, a.name)
	}
}
