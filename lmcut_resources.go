package goap

import "math"

// The resource bound: a second admissible estimate for tasks with
// add/subtract effects, taken with LM-cut's as their maximum. LM-cut lets
// an add reach any value at once, so it counts one gather where a build
// order needs twenty; this bound counts the gathers.
//
// Every action of a one-action landmark (a cut of LM-cut with a single
// action: it occurs in every plan) runs at least once and consumes what
// it subtracts. A count r ends at least at the lowest value the goal
// allows (its minimum without a goal condition), and every unit above the
// state's value or consumed must be added by r's producers (the actions
// adding to r), at most maxProd per run. So they run at least
// k = ceil(need / maxProd) times, costing at least k times the cheapest
// producer. The estimate sums, over the counts whose producer sets are
// disjoint, the larger of that and the landmark producers' own costs,
// plus the costs of the other landmark actions: each term is paid by
// different runs of different actions in every plan.
//
// Needs propagate down a crafting tree: when every producer of r spends
// some of count s (a plank needs wood), the runs of r's producers beyond
// its landmark ones spend at least that much s each, which s's own
// producers must then make. Counts are taken producers first (a
// topological order of "r's producers spend s"; within a cycle, in fact
// order, which only weakens the bound).

// lmResources is the resource bound's memory: the counts, each fact's and
// each producer's count (-1: none), and per operator an epoch stamp for
// landmarks already counted.
type lmResources struct {
	res      []lmRes
	inputs   []lmInput // the counts' inputs (lmRes.in0, in1)
	resOrder []int32   // the order resourceBound takes them in
	resIn    []int32   // buildInputs' scratch
	resOf    []int32
	prodRes  []int32
	landSeen []uint32
	landEp   uint32
}

// lmRes is one count the resource bound follows.
type lmRes struct {
	fact    FactID
	maxProd int     // the most one producer run adds (0: nothing adds)
	minCost float64 // the cheapest producer
	lo      int     // the lowest raw value the goal allows
	// lm.rb.inputs[in0:in1] are the counts every producer run spends
	in0, in1 int32
	// per evaluation
	need    int
	prodLMs float64 // landmark producers' costs
	nLMProd int     // landmark producers
}

// lmInput is a count that every producer run of another spends, and the
// least one run spends.
type lmInput struct {
	res  int32
	cons int
}

// buildResources selects the counts for the resource bound (after
// relevance, with the actions' costs): facts that enabled actions add to
// or subtract from and none sets, each producer serving one count only.
func (lm *lmcut) buildResources(d *Domain, goal *condSet, enabled []bool, costs []float64) {
	lm.rb.res = lm.rb.res[:0]
	lm.rb.resOf = resize(lm.rb.resOf, len(d.facts))
	for i := range lm.rb.resOf {
		lm.rb.resOf[i] = -1
	}
	lm.rb.prodRes = resize(lm.rb.prodRes, len(d.actions))
	for i := range lm.rb.prodRes {
		lm.rb.prodRes[i] = -1
	}
	if !lm.deltas {
		return
	}
	for f := range d.facts {
		r := lmRes{fact: FactID(f), minCost: math.Inf(1)}
		shared, used := false, false
		for _, ai := range lm.dom.deltas[lm.dom.deltaStart[f]:lm.dom.deltaStart[f+1]] {
			if !enabled[ai] {
				continue
			}
			used = true
			for _, dl := range d.actions[ai].deltas {
				if dl.fact == FactID(f) && dl.n > 0 {
					r.maxProd = max(r.maxProd, dl.n)
					r.minCost = min(r.minCost, costs[ai])
					shared = shared || lm.rb.prodRes[ai] >= 0
				}
			}
		}
		fa := &d.facts[f]
		for at := fa.atom; at < fa.atom+fa.size && !shared; at++ {
			for _, ai := range lm.dom.adds[lm.dom.addStart[at]:lm.dom.addStart[at+1]] {
				shared = shared || enabled[ai]
			}
		}
		if !used || shared {
			// A producer serves another count, or an action sets it
			// (to any value: no bound on the runs).
			continue
		}
		for _, g := range goal.groups {
			if g.fact == FactID(f) {
				r.lo = math.MaxInt
				for _, at := range g.atoms {
					r.lo = min(r.lo, int(at)-d.facts[f].atom)
				}
			}
		}
		idx := int32(len(lm.rb.res))
		lm.rb.res = append(lm.rb.res, r)
		lm.rb.resOf[f] = idx
		for _, ai := range lm.dom.deltas[lm.dom.deltaStart[f]:lm.dom.deltaStart[f+1]] {
			for _, dl := range d.actions[ai].deltas {
				if enabled[ai] && dl.fact == FactID(f) && dl.n > 0 {
					lm.rb.prodRes[ai] = idx
				}
			}
		}
	}
	lm.buildInputs(d)
}

// buildInputs finds each count's inputs (the counts every one of its
// producers spends) and the order resourceBound takes the counts in.
func (lm *lmcut) buildInputs(d *Domain) {
	lm.rb.inputs = lm.rb.inputs[:0]
	for ri := range lm.rb.res {
		r := &lm.rb.res[ri]
		r.in0 = int32(len(lm.rb.inputs))
		first := true
		for _, ai := range lm.dom.deltas[lm.dom.deltaStart[r.fact]:lm.dom.deltaStart[r.fact+1]] {
			if lm.rb.prodRes[ai] != int32(ri) {
				continue
			}
			a := &d.actions[ai]
			if first {
				for _, dl := range a.deltas {
					if s := lm.rb.resOf[dl.fact]; dl.n < 0 && s >= 0 && s != int32(ri) {
						lm.rb.inputs = append(lm.rb.inputs, lmInput{s, -dl.n})
					}
				}
				first = false
				continue
			}
			// Keep the inputs this producer spends too, at the least.
			kept := lm.rb.inputs[:r.in0]
			for _, in := range lm.rb.inputs[r.in0:] {
				if c := spentBy(lm, a, in.res); c > 0 {
					kept = append(kept, lmInput{in.res, min(in.cons, c)})
				}
			}
			lm.rb.inputs = kept
		}
		r.in1 = int32(len(lm.rb.inputs))
	}
	// Kahn's order on "r's producers spend s": r before s.
	lm.rb.resIn = resize(lm.rb.resIn, len(lm.rb.res))
	clear(lm.rb.resIn)
	for _, in := range lm.rb.inputs {
		lm.rb.resIn[in.res]++
	}
	lm.rb.resOrder = lm.rb.resOrder[:0]
	for ri := range lm.rb.res {
		if lm.rb.resIn[ri] == 0 {
			lm.rb.resOrder = append(lm.rb.resOrder, int32(ri))
		}
	}
	for i := 0; i < len(lm.rb.resOrder); i++ {
		r := &lm.rb.res[lm.rb.resOrder[i]]
		for _, in := range lm.rb.inputs[r.in0:r.in1] {
			if lm.rb.resIn[in.res]--; lm.rb.resIn[in.res] == 0 {
				lm.rb.resOrder = append(lm.rb.resOrder, in.res)
			}
		}
	}
	for ri := range lm.rb.res {
		if lm.rb.resIn[ri] > 0 { // on a cycle
			lm.rb.resOrder = append(lm.rb.resOrder, int32(ri))
		}
	}
}

// spentBy returns how much of count s action a subtracts (0: none).
func spentBy(lm *lmcut, a *action, s int32) int {
	for _, dl := range a.deltas {
		if dl.n < 0 && lm.rb.resOf[dl.fact] == s {
			return -dl.n
		}
	}
	return 0
}

// resourceBound returns the resource bound of state w from the one-action
// landmarks in set, the landmarks of LM-cut's estimate of w (see the top
// of this file).
func (lm *lmcut) resourceBound(d *Domain, w []uint64, set *lmSet, costs []float64) float64 {
	if len(lm.rb.res) == 0 || lm.tune.noResourceBound {
		return 0
	}
	for i := range lm.rb.res {
		r := &lm.rb.res[i]
		f := &d.facts[r.fact]
		r.need = r.lo - int((w[f.word]&f.mask)>>f.shift)
		r.prodLMs, r.nLMProd = 0, 0
	}
	lm.rb.landEp++
	if lm.rb.landEp == 0 {
		clear(lm.rb.landSeen)
		lm.rb.landEp = 1
	}
	h := 0.0
	from := int32(0)
	for _, end := range set.end {
		single := end-from == 1
		o := set.ops[from]
		from = end
		if !single || int(o) >= len(lm.opAct) || lm.rb.landSeen[o] == lm.rb.landEp {
			continue
		}
		lm.rb.landSeen[o] = lm.rb.landEp
		ai := lm.opAct[o]
		if r := lm.rb.prodRes[ai]; r >= 0 {
			lm.rb.res[r].prodLMs += costs[ai]
			lm.rb.res[r].nLMProd++
		} else {
			h += costs[ai]
		}
		for _, dl := range d.actions[ai].deltas {
			if r := lm.rb.resOf[dl.fact]; r >= 0 && dl.n < 0 {
				lm.rb.res[r].need -= dl.n
			}
		}
	}
	for _, i := range lm.rb.resOrder {
		r := &lm.rb.res[i]
		k := 0
		if r.need > 0 {
			if r.maxProd == 0 {
				// The landmarks spend more than the state holds
				// and nothing adds to it: no plan from here (n
				// chores, n-1 energy: proved at the start).
				return math.Inf(1)
			}
			k = (r.need + r.maxProd - 1) / r.maxProd
		}
		// The landmark producers' runs spent what they subtract above;
		// the other runs spend at least each input's least.
		if more := k - r.nLMProd; more > 0 {
			for _, in := range lm.rb.inputs[r.in0:r.in1] {
				lm.rb.res[in.res].need += more * in.cons
			}
		}
		if k > 0 {
			h += max(float64(k)*r.minCost, r.prodLMs)
		} else {
			h += r.prodLMs
		}
	}
	return h
}
