package lint

import (
	"math"

	"github.com/goap-go/goap"
)

// TargetCond is one condition of a goap.Target: the fact it names, the
// values of that fact that satisfy it and the core's description of it.
type TargetCond struct {
	Fact goap.FactID
	// Holds[v-Min] is true when value v satisfies the condition.
	Holds []bool
	// Text describes the condition as the core does ("armed",
	// "ammo>=1", "at=shop"); it is the fact's name alone when every value
	// satisfies the condition.
	Text string
}

// TargetConds recovers the conditions of t, one per fact it names, in
// the order of t.Facts.
//
// goap.Target does not give its conditions back, so they are read off
// Target.Unmet: with every other fact fixed, the number of unmet
// conditions is lowest exactly for the values that satisfy the condition
// on the fact being varied, and the description Unmet adds for a failing
// value is the condition's own.
func TargetConds(t *goap.Target) []TargetCond {
	d := t.Domain()
	base := d.NewState()
	var out []TargetCond
	for _, id := range t.Facts() {
		f := d.Fact(id)
		s := base.Clone()
		counts := make([]int, f.Max-f.Min+1)
		lo := math.MaxInt
		for i := range counts {
			if s.Set(id, f.Min+i) != nil {
				continue
			}
			counts[i] = len(t.Unmet(s))
			lo = min(lo, counts[i])
		}
		tc := TargetCond{Fact: id, Holds: make([]bool, len(counts)), Text: f.Name}
		ok, bad := -1, -1
		for i, c := range counts {
			tc.Holds[i] = c == lo
			if tc.Holds[i] && ok < 0 {
				ok = i
			}
			if !tc.Holds[i] && bad < 0 {
				bad = i
			}
		}
		if ok >= 0 && bad >= 0 {
			_ = s.Set(id, f.Min+ok)
			met := map[string]int{}
			for _, u := range t.Unmet(s) {
				met[u]++
			}
			_ = s.Set(id, f.Min+bad)
			for _, u := range t.Unmet(s) {
				if met[u] == 0 {
					tc.Text = u
					break
				}
				met[u]--
			}
		}
		out = append(out, tc)
	}
	return out
}

// UnreachableConds returns the conditions of t that no reachable value
// satisfies (none when t is reachable in the relaxation).
func (r *Reach) UnreachableConds(t *goap.Target) []TargetCond {
	var out []TargetCond
	for _, c := range TargetConds(t) {
		f := r.d.Fact(c.Fact)
		reach := false
		for i, h := range c.Holds {
			if h && r.Value(c.Fact, f.Min+i) {
				reach = true
				break
			}
		}
		if !reach {
			out = append(out, c)
		}
	}
	return out
}
