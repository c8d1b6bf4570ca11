package lint

import (
	"github.com/goap-go/goap"
)

// Reach is a relaxed reachability analysis of a domain: which values of
// each fact some sequence of actions can produce from a set of start
// states when effects never undo anything (the delete relaxation). It is
// a sound over-approximation: a value it calls unreachable can never
// occur, and an action it calls dead can never run; the converse does not
// hold.
type Reach struct {
	d    *goap.Domain
	spec goap.Spec
	// vals[f][v-Min] is true when fact f can hold v.
	vals [][]bool
	// fired[a] is true when action a can run.
	fired []bool
}

// NewReach computes reachability for the domain d compiled from spec,
// starting from every state of starts at once (their union: a value
// unreachable from the union is unreachable from each of them).
func NewReach(spec goap.Spec, d *goap.Domain, starts ...goap.State) *Reach {
	r := &Reach{d: d, spec: spec, vals: make([][]bool, d.NumFacts()), fired: make([]bool, d.NumActions())}
	for id := range r.vals {
		f := d.Fact(goap.FactID(id))
		r.vals[id] = make([]bool, f.Max-f.Min+1)
	}
	for _, s := range starts {
		if s.IsZero() || s.Domain() != d {
			continue
		}
		for id := range r.vals {
			f := d.Fact(goap.FactID(id))
			r.vals[id][s.Get(goap.FactID(id))-f.Min] = true
		}
	}
	for changed := true; changed; {
		changed = false
		for i := range spec.Actions {
			if r.fired[i] || i >= d.NumActions() || !r.canRun(&spec.Actions[i]) {
				continue
			}
			r.fired[i], changed = true, true
			r.apply(&spec.Actions[i])
		}
	}
	return r
}

// canRun reports whether every precondition of a has a reachable value
// that satisfies it.
func (r *Reach) canRun(a *goap.Action) bool {
	for name, c := range a.Pre {
		if !r.CondReachable(name, c) {
			return false
		}
	}
	return true
}

// apply marks the values a's effects produce as reachable: the value a
// set effect gives, or every value in bounds for an add or subtract.
func (r *Reach) apply(a *goap.Action) {
	for name, e := range a.Effects {
		id, ok := r.d.FactID(name)
		if !ok {
			continue
		}
		f := r.d.Fact(id)
		vals := r.vals[id]
		if _, ok := e.(goap.Delta); ok {
			for i := range vals {
				vals[i] = true
			}
			continue
		}
		if v, ok := f.Number(e); ok && v >= f.Min && v <= f.Max {
			vals[v-f.Min] = true
		}
	}
}

// CondReachable reports whether some reachable value of the named fact
// satisfies condition c (a goap.Conds value). Unknown facts and values
// count as reachable, so that the analysis stays an over-approximation.
func (r *Reach) CondReachable(name string, c any) bool {
	id, ok := r.d.FactID(name)
	if !ok {
		return true
	}
	f := r.d.Fact(id)
	for i, reach := range r.vals[id] {
		if reach && Holds(f, c, f.Min+i) {
			return true
		}
	}
	return false
}

// ValueReachable reports whether fact id can hold v (as State.Get
// returns it).
func (r *Reach) ValueReachable(id goap.FactID, v int) bool {
	f := r.d.Fact(id)
	return v >= f.Min && v <= f.Max && r.vals[id][v-f.Min]
}

// CanRun reports whether action id can ever run.
func (r *Reach) CanRun(id goap.ActionID) bool { return r.fired[id] }

// Holds reports whether condition c (a goap.Conds value: a plain value
// or a goap.Compare) holds when fact f has value v. A condition it cannot
// read holds, erring on the side of reachability.
func Holds(f goap.Fact, c any, v int) bool {
	op, operand := goap.OpEq, c
	if cmp, ok := c.(goap.Compare); ok {
		op, operand = cmp.Op, cmp.Value
	}
	want, ok := f.Number(operand)
	if !ok {
		return true
	}
	switch op {
	case goap.OpEq:
		return v == want
	case goap.OpNe:
		return v != want
	case goap.OpLt:
		return v < want
	case goap.OpLe:
		return v <= want
	case goap.OpGt:
		return v > want
	case goap.OpGe:
		return v >= want
	}
	return true
}
