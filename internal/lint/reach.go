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

// CondReachable reports whether some reachable value of c's fact meets
// c, a precondition or goal condition of the domain.
func (r *Reach) CondReachable(c goap.Cond) bool {
	f := r.d.Fact(c.Fact())
	for v := f.Min; v <= f.Max; v++ {
		if r.Value(c.Fact(), v) && c.Holds(v) {
			return true
		}
	}
	return false
}

// UnreachableConds returns the conditions of t that no reachable value
// meets (none when t is reachable in the relaxation), in the order of
// t.Conds.
func (r *Reach) UnreachableConds(t *goap.Target) []goap.Cond {
	var out []goap.Cond
	for _, c := range t.Conds() {
		if !r.CondReachable(c) {
			out = append(out, c)
		}
	}
	return out
}
