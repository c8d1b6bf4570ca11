package goap

import "math"

// build compiles the relaxed task: backward relevance from the goal picks
// the atoms and enabled actions that can matter, effects on other atoms
// are dropped. It reuses the previous build's memory.
func (lm *lmcut) build(d *Domain, goal *condSet, enabled []bool, costs []float64) {
	lm.goal = goal
	lm.hmax = false
	for ai := range d.actions {
		if enabled[ai] && len(d.actions[ai].deltas) > 0 {
			lm.hmax = true
			return
		}
	}
	if lm.dAddStart == nil {
		count := make([]int32, d.atoms+1)
		for ai := range d.actions {
			for _, at := range d.actions[ai].setAtoms {
				count[at]++
			}
		}
		lm.dAddStart = prefix(count)
		lm.dAdds = make([]int32, lm.dAddStart[d.atoms])
		fill := append([]int32(nil), lm.dAddStart...)
		for ai := range d.actions {
			for _, at := range d.actions[ai].setAtoms {
				lm.dAdds[fill[at]] = int32(ai)
				fill[at]++
			}
		}
	}
	// Relevance: goal atoms, then the preconditions of enabled actions
	// that set a relevant atom, to a fixed point.
	lm.atomOf = resize(lm.atomOf, d.atoms)
	for i := range lm.atomOf {
		lm.atomOf[i] = -1
	}
	lm.relOp = resize(lm.relOp, len(d.actions))
	clear(lm.relOp)
	lm.stack = lm.stack[:0]
	mark := func(at int32) {
		if lm.atomOf[at] < 0 {
			lm.atomOf[at] = 0 // numbered below
			lm.stack = append(lm.stack, at)
		}
	}
	for _, g := range goal.groups {
		for _, at := range g.atoms {
			mark(at)
		}
	}
	for len(lm.stack) > 0 {
		at := lm.stack[len(lm.stack)-1]
		lm.stack = lm.stack[:len(lm.stack)-1]
		for _, ai := range lm.dAdds[lm.dAddStart[at]:lm.dAddStart[at+1]] {
			if !enabled[ai] || lm.relOp[ai] {
				continue
			}
			lm.relOp[ai] = true
			for _, g := range d.actions[ai].pre.groups {
				for _, x := range g.atoms {
					mark(x)
				}
			}
		}
	}
	n := int32(2)
	for at := range lm.atomOf {
		if lm.atomOf[at] == 0 {
			lm.atomOf[at] = n
			n++
		}
	}
	lm.nAtoms = int(n)
	// Operators, in ActionID order, then the goal's.
	lm.opSlot, lm.slotOp = lm.opSlot[:0], lm.slotOp[:0]
	lm.slotStart, lm.slotAtoms = lm.slotStart[:0], lm.slotAtoms[:0]
	lm.effStart, lm.effs = lm.effStart[:0], lm.effs[:0]
	lm.base = lm.base[:0]
	lm.bucket = true
	maxCost := 0.0
	addGroup := func(op int32, atoms []int32) {
		lm.slotOp = append(lm.slotOp, op)
		lm.slotStart = append(lm.slotStart, int32(len(lm.slotAtoms)))
		for _, at := range atoms {
			lm.slotAtoms = append(lm.slotAtoms, lm.atomOf[at])
		}
	}
	for ai := range d.actions {
		if !lm.relOp[ai] {
			continue
		}
		a := &d.actions[ai]
		op := int32(len(lm.base))
		lm.opSlot = append(lm.opSlot, int32(len(lm.slotOp)))
		if len(a.pre.groups) == 0 {
			lm.slotOp = append(lm.slotOp, op)
			lm.slotStart = append(lm.slotStart, int32(len(lm.slotAtoms)))
			lm.slotAtoms = append(lm.slotAtoms, lmStartAtom)
		}
		for _, g := range a.pre.groups {
			addGroup(op, g.atoms)
		}
		lm.effStart = append(lm.effStart, int32(len(lm.effs)))
		for _, at := range a.setAtoms {
			if x := lm.atomOf[at]; x >= 0 {
				lm.effs = append(lm.effs, x)
			}
		}
		c := costs[ai]
		lm.base = append(lm.base, c)
		maxCost = max(maxCost, c)
		if c != math.Trunc(c) {
			lm.bucket = false
		}
	}
	// An atom's h_max is at most maxCost times the number of atoms (a
	// chain of supporters visits each atom once): beyond that many
	// buckets, scanning empty ones would cost more than a heap.
	if maxCost*float64(n) > 1<<16 {
		lm.bucket = false
	}
	gop := int32(len(lm.base))
	lm.opSlot = append(lm.opSlot, int32(len(lm.slotOp)))
	for _, g := range goal.groups {
		addGroup(gop, g.atoms)
	}
	if len(goal.groups) == 0 {
		addGroup(gop, nil)
		lm.slotAtoms = append(lm.slotAtoms, lmStartAtom)
	}
	lm.effStart = append(lm.effStart, int32(len(lm.effs)))
	lm.effs = append(lm.effs, lmGoalAtom)
	lm.base = append(lm.base, 0)
	ops := len(lm.base)
	lm.opSlot = append(lm.opSlot, int32(len(lm.slotOp)))
	lm.effStart = append(lm.effStart, int32(len(lm.effs)))
	lm.slotStart = append(lm.slotStart, int32(len(lm.slotAtoms)))
	slots := len(lm.slotOp)
	// Reverse edges: the slots each atom is in, the operators adding it.
	lm.useStart = csrReverse(lm.useStart, lm.nAtoms, lm.slotStart, lm.slotAtoms, &lm.uses)
	lm.addStart = csrReverse(lm.addStart, lm.nAtoms, lm.effStart, lm.effs, &lm.adds)
	// Evaluation memory.
	lm.cost = resize(lm.cost, lm.nAtoms)
	lm.gcost = resize(lm.gcost, slots)
	lm.unsat = resize(lm.unsat, ops)
	lm.sup = resize(lm.sup, ops)
	lm.supCost = resize(lm.supCost, ops)
	lm.use = resize(lm.use, len(lm.uses))
	for i, sl := range lm.uses {
		lm.use[i] = lmUse{sl, lm.slotOp[sl]}
	}
	lm.rc = resize(lm.rc, ops)
	lm.isSup = resize(lm.isSup, slots)
	lm.supKind = resize(lm.supKind, slots)
	lm.oneAtom = resize(lm.oneAtom, slots)
	for sl := range lm.supKind {
		lm.supKind[sl] = supOne
		lm.oneAtom[sl] = lm.slotAtoms[lm.slotStart[sl]]
		if lm.slotStart[sl+1]-lm.slotStart[sl] > 1 {
			lm.supKind[sl] = supMany
			lm.oneAtom[sl] = -1
		}
	}
	lm.manyStart = resize(lm.manyStart, lm.nAtoms+1)
	lm.manyUses = lm.manyUses[:0]
	for x := range lm.nAtoms {
		lm.manyStart[x] = int32(len(lm.manyUses))
		for _, sl := range lm.uses[lm.useStart[x]:lm.useStart[x+1]] {
			if lm.supKind[sl] == supMany {
				lm.manyUses = append(lm.manyUses, sl)
			}
		}
	}
	lm.manyStart[lm.nAtoms] = int32(len(lm.manyUses))
	lm.hasMany = len(lm.manyUses) > 0
	lm.supHead = resize(lm.supHead, lm.nAtoms)
	lm.supPrev = resize(lm.supPrev, ops)
	lm.reached = resize(lm.reached, ops)
	lm.mark = resize(lm.mark, lm.nAtoms)
	lm.seen = resize(lm.seen, ops)
	lm.cutOp = resize(lm.cutOp, ops)
	for o := range lm.cutOp {
		lm.cutOp[o] = lmCutOp{eff: -1}
		switch lo, hi := lm.effStart[o], lm.effStart[o+1]; hi - lo {
		case 1:
			lm.cutOp[o].eff = lm.effs[lo]
		case 2:
			lm.cutOp[o].eff = -lo - 2
		}
	}
	lm.reach = resize(lm.reach, lm.nAtoms+1)
	lm.inState = resize(lm.inState, lm.nAtoms)
	clear(lm.mark)
	clear(lm.seen)
	clear(lm.inState)
	lm.epoch = 0
	lm.stateEp = 0
	lm.q.bucket = lm.bucket
}

// csrReverse inverts the lists start/items (list i is
// items[start[i]:start[i+1]], items < n): list x of the result holds the
// i whose list contains x. It returns the new start array and sets *out.
func csrReverse(dst []int32, n int, start, items []int32, out *[]int32) []int32 {
	dst = resize(dst, n+1)
	clear(dst)
	for _, x := range items {
		dst[x+1]++
	}
	for i := 1; i <= n; i++ {
		dst[i] += dst[i-1]
	}
	*out = resize(*out, len(items))
	fill := dst[:n] // advanced while filling, restored below
	for i := 0; i+1 < len(start); i++ {
		for _, x := range items[start[i]:start[i+1]] {
			(*out)[fill[x]] = int32(i)
			fill[x]++
		}
	}
	// fill[x] is now the old dst[x+1]: shift back.
	copy(dst[1:], dst[:n])
	dst[0] = 0
	return dst
}
