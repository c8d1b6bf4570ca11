package goap

import (
	"fmt"
	"math"
)

// lmcutReference is the oracle for lmcut.go: LM-cut computed the plain
// way on the Domain's own atoms and actions, with h_max recomputed from
// scratch by iterating to a fixed point in every round, no relevance
// analysis and no incremental update. Ties are broken as in lmcut.go's
// canonical mode (supporter: the first precondition group of greatest
// cost; a cut action's other effects are not followed), so the two must
// agree exactly in that mode.
//
// An add/subtract effect reaches every value its amount can give, as a
// direct effect (lmcut.go goes through an auxiliary atom), and the result
// is then the larger of LM-cut and h_max.
func lmcutReference(p *Planner, w []uint64, goal *condSet) float64 {
	h := lmcutReferenceCuts(p, w, goal)
	for ai := range p.d.actions {
		if p.rel.enabled[ai] && len(p.d.actions[ai].deltas) > 0 && !math.IsInf(h, 1) {
			return max(h, p.rel.evaluate(w, goal, p.prep.costs, false))
		}
	}
	return h
}

func lmcutReferenceCuts(p *Planner, w []uint64, goal *condSet) float64 {
	d := p.d
	enabled := p.rel.enabled
	effs := make([][]int32, len(d.actions))
	for ai := range d.actions {
		a := &d.actions[ai]
		effs[ai] = append(effs[ai], a.setAtoms...)
		for _, dl := range a.deltas {
			f := &d.facts[dl.fact]
			for x := range f.size {
				if v := x + dl.n; v >= 0 && v < f.size && !containsAtom(effs[ai], int32(f.atom+v)) {
					effs[ai] = append(effs[ai], int32(f.atom+v))
				}
			}
		}
	}
	inf := math.Inf(1)
	start := int32(d.atoms) // artificial atom that always holds
	rc := append([]float64(nil), p.prep.costs...)
	cost := make([]float64, d.atoms+1)
	var init []int32
	for fi := range d.facts {
		f := &d.facts[fi]
		init = append(init, int32(f.atom)+int32((w[f.word]&f.mask)>>f.shift))
	}
	init = append(init, start)
	// sup returns the cost of a's precondition and its supporter group
	// (-1: the start atom).
	sup := func(a *action) (float64, int) {
		if len(a.pre.groups) == 0 {
			return 0, -1
		}
		best, bc := 0, minAtomCost(cost, a.pre.groups[0].atoms)
		for gi := 1; gi < len(a.pre.groups); gi++ {
			if c := minAtomCost(cost, a.pre.groups[gi].atoms); c > bc {
				best, bc = gi, c
			}
		}
		return bc, best
	}
	supAtoms := func(a *action, g int) []int32 {
		if g < 0 {
			return []int32{start}
		}
		return a.pre.groups[g].atoms
	}
	h := 0.0
	for {
		for i := range cost {
			cost[i] = inf
		}
		for _, at := range init {
			cost[at] = 0
		}
		for changed := true; changed; {
			changed = false
			for ai := range d.actions {
				if !enabled[ai] {
					continue
				}
				pc, _ := sup(&d.actions[ai])
				c := pc + rc[ai]
				for _, at := range effs[ai] {
					if c < cost[at] {
						cost[at], changed = c, true
					}
				}
			}
		}
		gsup, gh := -1, 0.0
		for gi, g := range goal.groups {
			if c := minAtomCost(cost, g.atoms); gsup < 0 || c > gh {
				gsup, gh = gi, c
			}
		}
		if math.IsInf(gh, 1) {
			return gh
		}
		if gh == 0 {
			return h
		}
		zone := make([]bool, d.atoms+1)
		stack := []int32{}
		markAll := func(atoms []int32) {
			for _, at := range atoms {
				if !zone[at] {
					zone[at] = true
					stack = append(stack, at)
				}
			}
		}
		markAll(goal.groups[gsup].atoms)
		for len(stack) > 0 {
			e := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for ai := range d.actions {
				a := &d.actions[ai]
				if !enabled[ai] || rc[ai] != 0 || !containsAtom(effs[ai], e) {
					continue
				}
				if pc, g := sup(a); !math.IsInf(pc, 1) {
					markAll(supAtoms(a, g))
				}
			}
		}
		reached := make([]bool, d.atoms+1)
		for _, at := range init {
			reached[at] = true
		}
		fired := make([]bool, len(d.actions))
		var cut []int
		for changed := true; changed; {
			changed = false
			for ai := range d.actions {
				a := &d.actions[ai]
				if !enabled[ai] || fired[ai] {
					continue
				}
				pc, g := sup(a)
				if math.IsInf(pc, 1) {
					continue
				}
				ok := false
				for _, at := range supAtoms(a, g) {
					ok = ok || reached[at]
				}
				if !ok {
					continue
				}
				fired[ai], changed = true, true
				inZone := false
				for _, at := range effs[ai] {
					inZone = inZone || zone[at]
				}
				if inZone {
					cut = append(cut, ai)
					continue
				}
				for _, at := range effs[ai] {
					reached[at] = true
				}
			}
		}
		if len(cut) == 0 {
			panic("LM-cut reference: empty cut")
		}
		m := inf
		for _, ai := range cut {
			m = min(m, rc[ai])
		}
		h += m
		for _, ai := range cut {
			rc[ai] -= m
		}
	}
}

// verifyRound checks one round of lmcut.go on its compiled task: the
// incrementally kept costs equal h_max computed from scratch with the
// reduced costs, every supporter is a group of greatest cost (the first
// in canonical mode),
// the cut is a landmark (the goal atom is unreachable without it) and
// every cut operator still has a positive reduced cost. It returns a
// description of the first problem, or "".
func (lm *lmcut) verifyRound() string {
	inf := math.Inf(1)
	ops := len(lm.base)
	cost := make([]float64, lm.nAtoms)
	for i := range cost {
		cost[i] = inf
	}
	for _, x := range lm.ev.init {
		cost[x] = 0
	}
	gmin := func(s int32) float64 {
		m := inf
		for _, a := range lm.slotAtoms[lm.slotStart[s]:lm.slotStart[s+1]] {
			m = min(m, cost[a])
		}
		return m
	}
	opCost := func(o int) float64 {
		c := 0.0
		for s := lm.opSlot[o]; s < lm.opSlot[o+1]; s++ {
			c = max(c, gmin(s))
		}
		return c
	}
	for changed := true; changed; {
		changed = false
		for o := 0; o < ops; o++ {
			c := opCost(o) + lm.ev.rc[o]
			for _, e := range lm.effs[lm.effStart[o]:lm.effStart[o+1]] {
				if c < cost[e] {
					cost[e], changed = c, true
				}
			}
		}
	}
	for x := range cost {
		if cost[x] != lm.ev.cost[x] {
			return fmt.Sprintf("atom %d: incremental h_max %v, from scratch %v", x, lm.ev.cost[x], cost[x])
		}
	}
	for o := 0; o < ops; o++ {
		for s := lm.opSlot[o]; s < lm.opSlot[o+1]; s++ {
			if lm.slotStart[s+1]-lm.slotStart[s] != 1 {
				return fmt.Sprintf("operator %d: slot %d has %d atoms, want 1", o, s, lm.slotStart[s+1]-lm.slotStart[s])
			}
			if lm.ev.isSup[s] != (lm.ev.unsat[o] == 0 && lm.ev.sup[o] == s) {
				return fmt.Sprintf("operator %d: slot %d flagged %v as supporter", o, s, lm.ev.isSup[s])
			}
		}
		if math.IsInf(opCost(o), 1) {
			if lm.ev.unsat[o] == 0 {
				return fmt.Sprintf("operator %d: unreachable but counted as reached", o)
			}
			continue
		}
		if lm.ev.unsat[o] != 0 {
			return fmt.Sprintf("operator %d: reachable but %d groups unreached", o, lm.ev.unsat[o])
		}
		for s := lm.opSlot[o]; s < lm.opSlot[o+1]; s++ {
			if c := lm.slotCost(s); c != gmin(s) {
				return fmt.Sprintf("slot %d: cost %v, want %v", s, c, gmin(s))
			}
		}
		from := lm.opSlot[o]
		if want, _ := lm.supporterAtom(int32(o), from, lm.ev.cost[lm.oneAtom[from]]); lm.canonical && lm.ev.sup[o] != want {
			return fmt.Sprintf("operator %d: supporter %d, want %d", o, lm.ev.sup[o], want)
		} else if lm.slotCost(lm.ev.sup[o]) != lm.slotCost(want) {
			return fmt.Sprintf("operator %d: supporter %d costs %v, group %d %v", o, lm.ev.sup[o], lm.slotCost(lm.ev.sup[o]), want, lm.slotCost(want))
		} else if lm.ev.supCost[o] != lm.slotCost(want) {
			return fmt.Sprintf("operator %d: supporter cost kept %v, group costs %v", o, lm.ev.supCost[o], lm.slotCost(want))
		}
	}
	inCut := make([]bool, ops)
	for _, o := range lm.ev.cut {
		if !(lm.ev.rc[o] > 0) {
			return fmt.Sprintf("cut operator %d has reduced cost %v", o, lm.ev.rc[o])
		}
		inCut[o] = true
	}
	reached := make([]bool, lm.nAtoms)
	for _, x := range lm.ev.init {
		reached[x] = true
	}
	for changed := true; changed; {
		changed = false
		for o := 0; o < ops; o++ {
			if inCut[o] {
				continue
			}
			ok := true
			for s := lm.opSlot[o]; s < lm.opSlot[o+1] && ok; s++ {
				any := false
				for _, a := range lm.slotAtoms[lm.slotStart[s]:lm.slotStart[s+1]] {
					any = any || reached[a]
				}
				ok = any
			}
			if !ok {
				continue
			}
			for _, e := range lm.effs[lm.effStart[o]:lm.effStart[o+1]] {
				if !reached[e] {
					reached[e], changed = true, true
				}
			}
		}
	}
	if reached[lmGoalAtom] {
		return fmt.Sprintf("cut %v is not a landmark", lm.ev.cut)
	}
	return ""
}

// slotCost is the h_max cost of group s: its one atom's.
func (lm *lmcut) slotCost(s int32) float64 { return lm.ev.cost[lm.oneAtom[s]] }
