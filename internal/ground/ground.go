// Package ground enumerates the bindings of lifted action schemas: typed
// parameters joined against relations of known atoms, with equality and
// negative conditions checked. It is the one grounder behind the core's
// lifted actions (static facts and types) and the PDDL importer (which adds
// relaxed reachability from the initial state on top of it).
package ground

import (
	"maps"
	"strings"
)

// Atom is a predicate applied to arguments. Arguments that name a
// parameter of the schema are variables; the others are objects.
type Atom struct {
	Pred string
	Args []string
}

// Literal is an atom or its negation. The predicate "=" is equality of its
// two arguments.
type Literal struct {
	Atom
	Neg bool
}

// Relation holds the tuples of one predicate, indexed by argument value.
type Relation struct {
	tuples [][]string
	set    map[string]bool
	byArg  []map[string][]int32
	// shared: the index lists may be another relation's (Clone), so
	// Add copies a list before it appends to it.
	shared bool
}

// NewRelation returns an empty relation of the given arity.
func NewRelation(arity int) *Relation {
	r := &Relation{set: map[string]bool{}, byArg: make([]map[string][]int32, arity)}
	for i := range r.byArg {
		r.byArg[i] = map[string][]int32{}
	}
	return r
}

// key joins args with a byte no name contains.
func key(args []string) string { return strings.Join(args, "\x00") }

// Add adds a tuple and reports whether it is new. The relation keeps args.
func (r *Relation) Add(args []string) bool {
	k := key(args)
	if r.set[k] {
		return false
	}
	r.set[k] = true
	i := int32(len(r.tuples))
	r.tuples = append(r.tuples, args)
	for j, a := range args {
		l := r.byArg[j][a]
		if r.shared {
			l = l[:len(l):len(l)]
		}
		r.byArg[j][a] = append(l, i)
	}
	return true
}

// Clone returns a copy of r that grows on its own: r stays as it is
// (Domains share their relations, read-only, with the Domains they make).
func (r *Relation) Clone() *Relation {
	c := &Relation{tuples: r.tuples[:len(r.tuples):len(r.tuples)], set: maps.Clone(r.set),
		byArg: make([]map[string][]int32, len(r.byArg)), shared: true}
	for i, m := range r.byArg {
		c.byArg[i] = maps.Clone(m)
	}
	return c
}

// Mentions reports whether some tuple of r holds obj.
func (r *Relation) Mentions(obj string) bool {
	for _, m := range r.byArg {
		if len(m[obj]) > 0 {
			return true
		}
	}
	return false
}

// Without returns a relation of r's tuples that hold none of the objects
// gone reports.
func (r *Relation) Without(gone func(obj string) bool) *Relation {
	out := NewRelation(r.Arity())
next:
	for _, t := range r.tuples {
		for _, a := range t {
			if gone(a) {
				continue next
			}
		}
		out.Add(t)
	}
	return out
}

// Tuples calls f with every tuple of r, in the order they were added.
// f must not keep or change the tuple.
func (r *Relation) Tuples(f func(args []string)) {
	for _, t := range r.tuples {
		f(t)
	}
}

// Has reports whether the relation holds the tuple.
func (r *Relation) Has(args []string) bool { return r.set[key(args)] }

// Arity is the number of arguments of the relation's tuples.
func (r *Relation) Arity() int { return len(r.byArg) }

// Len is the number of tuples.
func (r *Relation) Len() int { return len(r.tuples) }

// Grounder says what the schemas are grounded against.
type Grounder struct {
	// Relation returns the relation of a predicate, or nil when the
	// grounder knows nothing of it (its literals are left to the caller).
	Relation func(pred string) *Relation
	// Relaxed reports whether a predicate's relation only over-
	// approximates the atoms that can hold (reachable fluents): its
	// positive literals still prune, its negative ones cannot.
	Relaxed func(pred string) bool
	// Objects lists the objects of a type, subtypes included.
	Objects func(typ string) []string
	// HasType reports whether an object is of a type (or a subtype).
	HasType func(obj, typ string) bool
	// Tick is called once per candidate binding tried; when it returns
	// false enumeration stops (a limit or a cancelled context).
	Tick func() bool
}

// Schema is an action schema prepared for enumeration.
type Schema struct {
	// Params names the parameters (as the literals write them) and Types
	// gives their types, index for index.
	Params, Types []string
	vars          map[string]int
	joins         []Atom    // positive literals on known relations, in join order
	checks        []Literal // equality and negative literals
}

// Prepare orders the positive literals of pre on known relations so that
// each joins on variables bound before it where possible, unrelaxed ones
// first.
func (g *Grounder) Prepare(params, types []string, pre []Literal) *Schema {
	s := &Schema{Params: params, Types: types, vars: make(map[string]int, len(params))}
	for i, p := range params {
		s.vars[p] = i
	}
	var pos []Atom
	for _, l := range pre {
		switch {
		case l.Pred == "=":
			s.checks = append(s.checks, l)
		case g.Relation(l.Pred) == nil:
		case l.Neg:
			if !g.Relaxed(l.Pred) {
				s.checks = append(s.checks, l)
			}
		default:
			pos = append(pos, l.Atom)
		}
	}
	bound := map[string]bool{}
	for len(pos) > 0 {
		best, bestScore := 0, -1
		for i, at := range pos {
			score := 0
			for _, x := range at.Args {
				if _, isVar := s.vars[x]; bound[x] || !isVar {
					score += 4
				}
			}
			if !g.Relaxed(at.Pred) {
				score += 2
			}
			if score > bestScore {
				best, bestScore = i, score
			}
		}
		for _, x := range pos[best].Args {
			bound[x] = true
		}
		s.joins = append(s.joins, pos[best])
		pos = append(pos[:best], pos[best+1:]...)
	}
	return s
}

// Joins reports whether some literal of s joins against a relation: when
// none does, its bindings are the plain product of its parameters' types.
func (s *Schema) Joins() bool { return len(s.joins) > 0 }

// Bind substitutes the binding b into args.
func (s *Schema) Bind(args []string, b []string) []string {
	out := make([]string, len(args))
	for i, a := range args {
		if j, ok := s.vars[a]; ok {
			out[i] = b[j]
		} else {
			out[i] = a
		}
	}
	return out
}

// Enumerate calls emit with every binding of s's parameters (objects in
// parameter order) that meets its positive literals in the current
// relations, its types, its equalities and its negative literals on
// unrelaxed relations. emit must not keep b.
func (g *Grounder) Enumerate(s *Schema, emit func(b []string)) {
	g.EnumerateFrom(s, make([]string, len(s.Params)), emit)
}

// EnumerateFrom is Enumerate with some parameters bound in advance: b
// holds an object (of the parameter's type) for each of them and "" for
// the others, and only bindings that extend it are emitted. Binding one
// parameter to a new object grounds only what the object adds (semi-naive
// grounding: the bindings that involve it).
func (g *Grounder) EnumerateFrom(s *Schema, b []string, emit func(b []string)) {
	var match func(i int) bool
	match = func(i int) bool {
		if i == len(s.joins) {
			return g.rest(s, b, 0, emit)
		}
		at := s.joins[i]
		r := g.Relation(at.Pred)
		// Candidates: the shortest index list of a bound argument.
		var cand []int32
		all := true
		for j, x := range at.Args {
			v := x
			if k, ok := s.vars[x]; ok {
				v = b[k]
			}
			if v == "" {
				continue
			}
			l := r.byArg[j][v]
			if all || len(l) < len(cand) {
				cand, all = l, false
			}
		}
		n := len(r.tuples)
		if !all {
			n = len(cand)
		}
		newly := make([]int, 0, len(at.Args))
		for c := 0; c < n; c++ {
			if !g.Tick() {
				return false
			}
			ti := int32(c)
			if !all {
				ti = cand[c]
			}
			tup := r.tuples[ti]
			ok := true
			for j, x := range at.Args {
				k, isVar := s.vars[x]
				switch {
				case !isVar:
					ok = tup[j] == x
				case b[k] != "":
					ok = b[k] == tup[j]
				case g.HasType(tup[j], s.Types[k]):
					b[k] = tup[j]
					newly = append(newly, k)
				default:
					ok = false
				}
				if !ok {
					break
				}
			}
			more := !ok || match(i+1)
			for _, k := range newly {
				b[k] = ""
			}
			newly = newly[:0]
			if !more {
				return false
			}
		}
		return true
	}
	match(0)
}

// rest binds the parameters no literal bound to every object of their
// type, from k on, then checks the remaining literals. It returns false
// when Tick stopped it.
func (g *Grounder) rest(s *Schema, b []string, k int, emit func(b []string)) bool {
	for ; k < len(b) && b[k] != ""; k++ {
	}
	if k == len(b) {
		for _, l := range s.checks {
			args := s.Bind(l.Args, b)
			var holds bool
			if l.Pred == "=" {
				holds = args[0] == args[1]
			} else {
				holds = g.Relation(l.Pred).Has(args)
			}
			if holds == l.Neg {
				return true
			}
		}
		emit(b)
		return true
	}
	defer func() { b[k] = "" }()
	for _, o := range g.Objects(s.Types[k]) {
		if !g.Tick() {
			return false
		}
		b[k] = o
		if !g.rest(s, b, k+1, emit) {
			return false
		}
	}
	return true
}
