package lint

import (
	"github.com/goap-go/goap"
)

// Reach is the core's relaxed reachability (goap.Reachability) with the
// questions lint asks of it: which values of each fact some sequence of
// actions can produce from a set of start states when effects never undo
// anything. It is a sound over-approximation: a value it calls
// unreachable can never occur, and an action it calls dead can never run;
// the converse does not hold.
type Reach struct {
	d *goap.Domain
	*goap.Reachability
}

// NewReach computes reachability for the domain d, starting from every
// state of starts at once (their union: a value unreachable from the
// union is unreachable from each of them).
func NewReach(d *goap.Domain, starts ...goap.State) *Reach {
	return &Reach{d, d.Reachable(starts...)}
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
	for v := f.Min; v <= f.Max; v++ {
		if r.Value(id, v) && Holds(f, c, v) {
			return true
		}
	}
	return false
}

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
