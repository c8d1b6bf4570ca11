// Package ground enumerates the bindings of lifted action schemas: typed
// parameters joined against relations of known atoms, with equality and
// negative conditions checked. It is the one grounder behind the core's
// lifted actions (static facts and types) and the PDDL importer (which adds
// relaxed reachability from the initial state on top of it).
package ground

import (
	"hash/maphash"
	"maps"
	"slices"
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
// Its storage is flat, so that adding a tuple allocates nothing of its
// own: the tuples one after another in one array, a hash set over them
// and, per argument position, a chain through the tuples that hold each
// object there.
type Relation struct {
	arity int
	n     int      // tuples
	flat  []string // tuple i is flat[i*arity : (i+1)*arity]
	seed  maphash.Seed
	set   map[uint64]int32 // a tuple's hash: the last tuple with it
	same  []int32          // per tuple, the one before it with its hash, or -1
	byArg []argIndex
}

// argIndex indexes the objects at one argument position.
type argIndex struct {
	at    map[string]int32 // object: its chain in chain
	chain []span
	next  []int32 // per tuple, the next one in its chain
}

// span is a chain of tuples: the first, the last, and how many.
type span struct{ first, last, n int32 }

// NewRelation returns an empty relation of the given arity.
func NewRelation(arity int) *Relation {
	r := &Relation{arity: arity, seed: maphash.MakeSeed(), set: map[uint64]int32{}, byArg: make([]argIndex, arity)}
	for i := range r.byArg {
		r.byArg[i].at = map[string]int32{}
	}
	return r
}

// hash hashes a tuple; the zero byte after each argument keeps ("ab", "c")
// apart from ("a", "bc").
func (r *Relation) hash(args []string) uint64 {
	var h maphash.Hash
	h.SetSeed(r.seed)
	for _, a := range args {
		h.WriteString(a)
		h.WriteByte(0)
	}
	return h.Sum64()
}

// tuple returns tuple i.
func (r *Relation) tuple(i int32) []string {
	k := int(i) * r.arity
	return r.flat[k : k+r.arity : k+r.arity]
}

// find returns the index of the tuple args, or -1.
func (r *Relation) find(h uint64, args []string) int32 {
	i, ok := r.set[h]
	if !ok {
		return -1
	}
	for ; i >= 0; i = r.same[i] {
		if slices.Equal(r.tuple(i), args) {
			return i
		}
	}
	return -1
}

// Add adds a tuple and reports whether it is new. The relation copies
// args.
func (r *Relation) Add(args []string) bool {
	h := r.hash(args)
	if r.find(h, args) >= 0 {
		return false
	}
	i := int32(r.n)
	r.n++
	r.flat = append(r.flat, args...)
	prev, ok := r.set[h]
	if !ok {
		prev = -1
	}
	r.set[h] = i
	r.same = append(r.same, prev)
	for j, a := range args {
		x := &r.byArg[j]
		c, ok := x.at[a]
		if !ok {
			c = int32(len(x.chain))
			x.at[a] = c
			x.chain = append(x.chain, span{first: i, last: i})
		} else {
			x.next[x.chain[c].last] = i
			x.chain[c].last = i
		}
		x.chain[c].n++
		x.next = append(x.next, -1)
	}
	return true
}

// Clone returns a copy of r that grows on its own: r stays as it is
// (Domains share their relations, read-only, with the Domains they make).
func (r *Relation) Clone() *Relation {
	c := &Relation{arity: r.arity, n: r.n, flat: slices.Clip(r.flat), seed: r.seed, set: maps.Clone(r.set),
		same: slices.Clip(r.same), byArg: make([]argIndex, len(r.byArg))}
	for i, x := range r.byArg {
		// Adding links a chain's last tuple to the new one: the chains
		// are the clone's own.
		c.byArg[i] = argIndex{at: maps.Clone(x.at), chain: slices.Clone(x.chain), next: slices.Clone(x.next)}
	}
	return c
}

// Mentions reports whether some tuple of r holds obj.
func (r *Relation) Mentions(obj string) bool {
	for _, x := range r.byArg {
		if _, ok := x.at[obj]; ok {
			return true
		}
	}
	return false
}

// Without returns a relation of r's tuples that hold none of the objects
// gone reports.
func (r *Relation) Without(gone func(obj string) bool) *Relation {
	out := NewRelation(r.Arity())
	r.Tuples(func(t []string) {
		if !slices.ContainsFunc(t, gone) {
			out.Add(t)
		}
	})
	return out
}

// Tuples calls f with every tuple of r, in the order they were added.
// f must not keep or change the tuple.
func (r *Relation) Tuples(f func(args []string)) {
	for i := range r.n {
		f(r.tuple(int32(i)))
	}
}

// Has reports whether the relation holds the tuple.
func (r *Relation) Has(args []string) bool { return r.find(r.hash(args), args) >= 0 }

// Arity is the number of arguments of the relation's tuples.
func (r *Relation) Arity() int { return r.arity }

// Len is the number of tuples.
func (r *Relation) Len() int { return r.n }

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
		// Candidates: the shortest chain of a bound argument, or all
		// tuples. Tuples added meanwhile are not candidates.
		var cand span
		pos := -1
		for j, x := range at.Args {
			v := x
			if k, ok := s.vars[x]; ok {
				v = b[k]
			}
			if v == "" {
				continue
			}
			var l span
			if c, ok := r.byArg[j].at[v]; ok {
				l = r.byArg[j].chain[c]
			}
			if pos < 0 || l.n < cand.n {
				cand, pos = l, j
			}
		}
		n := int32(r.n)
		if pos >= 0 {
			n = cand.n
		}
		newly := make([]int, 0, len(at.Args))
		ti := cand.first
		for c := int32(0); c < n; c++ {
			if !g.Tick() {
				return false
			}
			switch {
			case pos < 0:
				ti = c
			case c > 0:
				ti = r.byArg[pos].next[ti]
			}
			tup := r.tuple(ti)
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
