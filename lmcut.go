package goap

import "math"

// LM-cut (Helmert & Domshlak 2009) on the atoms of relaxed.go. Each round
// computes h_max with the current reduced action costs, builds the
// justification graph from each action's supporter, separates the atoms
// from which the goal is reachable over zero-cost edges (the goal zone)
// from those reachable from the state without entering it, and takes the
// actions crossing from the one to the other as a landmark: some action of
// the cut occurs in every relaxed plan. Its cheapest reduced cost is added
// to the estimate and subtracted from every action of the cut, until the
// goal costs nothing. Each round brings at least one action to zero
// reduced cost, so there are at most as many rounds as actions.
//
// Preconditions here are groups of atoms, any one of which satisfies the
// group (integer comparisons have several). The supporter of an action is
// its precondition group of greatest h_max (the lowest group index on
// ties), and the justification graph has an edge from every atom of that
// group to every effect. Then the first action of any relaxed plan that
// adds an atom of the goal zone has an atom of its supporter in the part
// reached from the state, whichever atom of the group the plan used, so
// the cut is a landmark and the estimate never exceeds the optimal
// relaxed cost. The goal is an artificial action of cost 0 whose
// preconditions are the goal's groups; actions without preconditions hang
// off an artificial start atom that always holds.
//
// Add/subtract effects do not fit this graph: when an enabled action has
// one, LM-cut falls back to h_max.

type lmcut struct {
	addStart []int32 // len atoms+1
	addList  []int32 // actions whose set effects add the atom
	rc       []float64
	sup      []int32 // per action: supporter group, lmStart or lmUnreached
	zone     []bool  // per atom
	reached  []bool  // per atom: reachable from the state outside the zone
	seen     []bool  // per action: fired in the reachability pass
	stack    []int32
	cut      []int32
}

const (
	lmStart     = -2 // no preconditions: supported by the start atom
	lmUnreached = -1 // some precondition group is unreachable
)

func newLMCut(d *Domain) *lmcut {
	count := make([]int32, d.atoms+1)
	for ai := range d.actions {
		for _, at := range d.actions[ai].setAtoms {
			count[at]++
		}
	}
	lm := &lmcut{addStart: prefix(count)}
	lm.addList = make([]int32, lm.addStart[d.atoms])
	fill := append([]int32(nil), lm.addStart...)
	for ai := range d.actions {
		for _, at := range d.actions[ai].setAtoms {
			lm.addList[fill[at]] = int32(ai)
			fill[at]++
		}
	}
	lm.rc = make([]float64, len(d.actions))
	lm.sup = make([]int32, len(d.actions))
	lm.seen = make([]bool, len(d.actions))
	lm.zone = make([]bool, d.atoms)
	lm.reached = make([]bool, d.atoms)
	return lm
}

// lmcutEstimate returns the LM-cut estimate of goal from state w, or h_max
// when an enabled action has add/subtract effects.
func (p *Planner) lmcutEstimate(w []uint64, goal *condSet) float64 {
	d := p.d
	r := p.rel
	for ai := range d.actions {
		if r.enabled[ai] && len(d.actions[ai].deltas) > 0 {
			return r.evaluate(w, goal, p.costs, false)
		}
	}
	if p.lm == nil {
		p.lm = newLMCut(d)
	}
	lm := p.lm
	copy(lm.rc, p.costs)
	h := 0.0
	for round := 0; round <= len(d.actions); round++ {
		r.evaluate(w, nil, lm.rc, false)
		cost := r.cost
		// The goal's supporter: its most expensive group.
		gsup, gh := -1, 0.0
		for gi, g := range goal.groups {
			if c := minAtomCost(cost, g.atoms); gsup < 0 || c > gh {
				gsup, gh = gi, c
			}
		}
		if math.IsInf(gh, 1) {
			return gh // only possible in the first round: costs only drop
		}
		if gh == 0 {
			return h
		}
		// Supporters.
		for ai := range d.actions {
			if !r.enabled[ai] {
				lm.sup[ai] = lmUnreached
				continue
			}
			a := &d.actions[ai]
			if len(a.pre.groups) == 0 {
				lm.sup[ai] = lmStart
				continue
			}
			best, bc := int32(0), -1.0
			for gi, g := range a.pre.groups {
				if c := minAtomCost(cost, g.atoms); c > bc {
					best, bc = int32(gi), c
				}
			}
			if math.IsInf(bc, 1) {
				best = lmUnreached
			}
			lm.sup[ai] = best
		}
		// The goal zone: atoms from which the goal is reachable over
		// zero-cost edges.
		clear(lm.zone)
		lm.stack = lm.stack[:0]
		for _, at := range goal.groups[gsup].atoms {
			if !math.IsInf(cost[at], 1) && !lm.zone[at] {
				lm.zone[at] = true
				lm.stack = append(lm.stack, at)
			}
		}
		for len(lm.stack) > 0 {
			e := lm.stack[len(lm.stack)-1]
			lm.stack = lm.stack[:len(lm.stack)-1]
			for _, ai := range lm.addList[lm.addStart[e]:lm.addStart[e+1]] {
				s := lm.sup[ai]
				if s < 0 || lm.rc[ai] != 0 {
					// A zero-cost action without preconditions cannot
					// add a zone atom: zone atoms cost more than 0.
					continue
				}
				for _, at := range d.actions[ai].pre.groups[s].atoms {
					if !math.IsInf(cost[at], 1) && !lm.zone[at] {
						lm.zone[at] = true
						lm.stack = append(lm.stack, at)
					}
				}
			}
		}
		// Reach from the state without entering the zone; the actions
		// that would enter it form the cut.
		clear(lm.reached)
		clear(lm.seen)
		lm.cut = lm.cut[:0]
		lm.stack = lm.stack[:0]
		for fi := range d.facts {
			f := &d.facts[fi]
			at := int32(f.atom) + int32((w[f.word]&f.mask)>>f.shift)
			lm.reached[at] = true
			lm.stack = append(lm.stack, at)
		}
		for ai := range d.actions {
			if lm.sup[ai] == lmStart {
				lm.fire(d, int32(ai))
			}
		}
		ix := r.ix
		for len(lm.stack) > 0 {
			x := lm.stack[len(lm.stack)-1]
			lm.stack = lm.stack[:len(lm.stack)-1]
			for _, u := range ix.uses[ix.useStart[x]:ix.useStart[x+1]] {
				if s := lm.sup[u.action]; s >= 0 && u.slot == ix.groupBase[u.action]+s {
					lm.fire(d, u.action)
				}
			}
		}
		if len(lm.cut) == 0 {
			return h // cannot happen (see above); h is still admissible
		}
		m := math.Inf(1)
		for _, ai := range lm.cut {
			m = min(m, lm.rc[ai])
		}
		h += m
		for _, ai := range lm.cut {
			lm.rc[ai] -= m
		}
	}
	return h
}

// fire follows the justification edges of action ai out of the reached
// part: effects in the goal zone put it in the cut, others are reached.
func (lm *lmcut) fire(d *Domain, ai int32) {
	if lm.seen[ai] {
		return
	}
	lm.seen[ai] = true
	inCut := false
	for _, at := range d.actions[ai].setAtoms {
		switch {
		case lm.zone[at]:
			if !inCut {
				inCut = true
				lm.cut = append(lm.cut, ai)
			}
		case !lm.reached[at]:
			lm.reached[at] = true
			lm.stack = append(lm.stack, at)
		}
	}
}
