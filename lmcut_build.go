package goap

import (
	"math"
	"slices"
)

// build compiles the relaxed task: backward relevance from the goal picks
// the atoms and enabled actions that can matter, effects on other atoms
// are dropped. It reuses the previous build's memory.
//
// Add/subtract effects: which value one reaches depends on the value
// before, which this graph of atoms cannot say. The relaxation lets an
// action adding n to fact f reach every value f+n can take (the image of
// the delta over f's range): every real plan is still a relaxed plan, so
// the estimate stays admissible. Rather than an edge from each such
// action to each value (actions times values), the actions add one
// auxiliary atom per (fact, n), from which a zero-cost operator reaches
// the values; zero-cost operators join the goal zone, so the cuts are
// those of the direct edges.
func (lm *lmcut) build(d *Domain, goal *condSet, enabled []bool, costs []float64) {
	lm.goal = goal
	lm.deltas = false
	for ai := range d.actions {
		if enabled[ai] && len(d.actions[ai].deltas) > 0 {
			lm.deltas = true
			break
		}
	}
	if lm.dom.addStart == nil {
		count := make([]int32, d.atoms+1)
		dcount := make([]int32, len(d.facts)+1)
		for ai := range d.actions {
			for _, at := range d.actions[ai].setAtoms {
				count[at]++
			}
			for _, dl := range d.actions[ai].deltas {
				dcount[dl.fact]++
			}
		}
		lm.dom.addStart = prefix(count)
		lm.dom.adds = make([]int32, lm.dom.addStart[d.atoms])
		lm.dom.deltaStart = prefix(dcount)
		lm.dom.deltas = make([]int32, lm.dom.deltaStart[len(d.facts)])
		fill := append([]int32(nil), lm.dom.addStart...)
		dfill := append([]int32(nil), lm.dom.deltaStart...)
		for ai := range d.actions {
			for _, at := range d.actions[ai].setAtoms {
				lm.dom.adds[fill[at]] = int32(ai)
				fill[at]++
			}
			for _, dl := range d.actions[ai].deltas {
				lm.dom.deltas[dfill[dl.fact]] = int32(ai)
				dfill[dl.fact]++
			}
		}
		lm.dom.atomFact = make([]FactID, d.atoms)
		for fi := range d.facts {
			f := &d.facts[fi]
			for x := range f.size {
				lm.dom.atomFact[f.atom+x] = FactID(fi)
			}
		}
	}
	// Relevance: goal atoms, then the preconditions of enabled actions
	// that set a relevant atom, to a fixed point.
	lm.atomOf = resize(lm.atomOf, d.atoms)
	for i := range lm.atomOf {
		lm.atomOf[i] = -1
	}
	lm.tmp.relOp = resize(lm.tmp.relOp, len(d.actions))
	clear(lm.tmp.relOp)
	lm.ev.stack = lm.ev.stack[:0]
	mark := func(at int32) {
		if lm.atomOf[at] < 0 {
			lm.atomOf[at] = 0 // numbered below
			lm.ev.stack = append(lm.ev.stack, at)
		}
	}
	for _, g := range goal.groups {
		for _, at := range g.atoms {
			mark(at)
		}
	}
	relevant := func(ai int32) {
		if !enabled[ai] || lm.tmp.relOp[ai] {
			return
		}
		lm.tmp.relOp[ai] = true
		for _, g := range d.actions[ai].pre.groups {
			for _, x := range g.atoms {
				mark(x)
			}
		}
	}
	lm.tmp.factRel = resize(lm.tmp.factRel, len(d.facts))
	clear(lm.tmp.factRel)
	for len(lm.ev.stack) > 0 {
		at := lm.ev.stack[len(lm.ev.stack)-1]
		lm.ev.stack = lm.ev.stack[:len(lm.ev.stack)-1]
		for _, ai := range lm.dom.adds[lm.dom.addStart[at]:lm.dom.addStart[at+1]] {
			relevant(ai)
		}
		// An add/subtract may reach any value of its fact: its actions
		// matter once one value does (most values are in every image).
		if f := lm.dom.atomFact[at]; lm.deltas && !lm.tmp.factRel[f] {
			lm.tmp.factRel[f] = true
			for _, ai := range lm.dom.deltas[lm.dom.deltaStart[f]:lm.dom.deltaStart[f+1]] {
				relevant(ai)
			}
		}
	}
	n := lm.numberAtoms(d, goal)
	lm.tmp.gmark = resize(lm.tmp.gmark, int(n))
	clear(lm.tmp.gmark)
	lm.tmp.gepoch = 0
	// One auxiliary atom per (fact, n) of the relevant add/subtract
	// effects whose image holds a relevant value.
	lm.tmp.aux = lm.tmp.aux[:0]
	if lm.deltas {
		for ai := range d.actions {
			if !lm.tmp.relOp[ai] {
				continue
			}
			for _, dl := range d.actions[ai].deltas {
				if lm.auxAtom(dl) >= 0 {
					continue
				}
				if len(lm.imageAtoms(d, dl)) > 0 {
					lm.tmp.aux = append(lm.tmp.aux, lmAux{dl, n})
					n++
				}
			}
		}
	}
	// Operators, in ActionID order, then the goal's.
	lm.opSlot, lm.slotOp = lm.opSlot[:0], lm.slotOp[:0]
	lm.slotStart, lm.slotAtoms = lm.slotStart[:0], lm.slotAtoms[:0]
	lm.effStart, lm.effs = lm.effStart[:0], lm.effs[:0]
	lm.base = lm.base[:0]
	lm.bucket = true
	maxCost := 0.0
	// A group of several atoms (an integer comparison, != on an enum)
	// gets an "or" atom that each of its atoms reaches at no cost, so
	// that every precondition is one atom: the h_max and cut loops then
	// visit each group once per round rather than once per operator
	// using it (n chores that all need energy >= 1 made each round cost
	// chores times values). Zero-cost operators join the goal zone, so
	// the cuts are those of the groups themselves.
	clear(lm.tmp.orIndex)
	if lm.tmp.orIndex == nil {
		lm.tmp.orIndex = map[uint64]int32{}
	}
	lm.tmp.ors, lm.tmp.orList = lm.tmp.ors[:0], lm.tmp.orList[:0]
	addSlot := func(op, x int32) {
		lm.slotOp = append(lm.slotOp, op)
		lm.slotStart = append(lm.slotStart, int32(len(lm.slotAtoms)))
		lm.slotAtoms = append(lm.slotAtoms, x)
	}
	addGroup := func(op int32, atoms []int32) {
		local := lm.localAtoms(atoms)
		if len(local) == 1 {
			addSlot(op, local[0])
			return
		}
		addSlot(op, lm.orAtom(local, &n))
	}
	lm.opOf = resize(lm.opOf, len(d.actions))
	lm.opAct = lm.opAct[:0]
	for ai := range d.actions {
		lm.opOf[ai] = -1
		if !lm.tmp.relOp[ai] {
			continue
		}
		a := &d.actions[ai]
		op := int32(len(lm.base))
		lm.opOf[ai] = op
		lm.opAct = append(lm.opAct, int32(ai))
		lm.opSlot = append(lm.opSlot, int32(len(lm.slotOp)))
		if len(a.pre.groups) == 0 {
			addSlot(op, lmStartAtom)
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
		for _, dl := range a.deltas {
			if x := lm.auxAtom(dl); x >= 0 {
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
	// The auxiliary operators: from (f, n)'s atom, at no cost, to the
	// relevant values of f that adding n can give.
	for _, x := range lm.tmp.aux {
		lm.opSlot = append(lm.opSlot, int32(len(lm.slotOp)))
		addSlot(int32(len(lm.base)), x.atom)
		lm.effStart = append(lm.effStart, int32(len(lm.effs)))
		lm.effs = append(lm.effs, lm.imageAtoms(d, x.delta)...)
		lm.base = append(lm.base, 0)
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
		addSlot(gop, lmStartAtom)
	}
	lm.effStart = append(lm.effStart, int32(len(lm.effs)))
	lm.effs = append(lm.effs, lmGoalAtom)
	lm.base = append(lm.base, 0)
	// The "or" operators, after the goal's: from each atom of a group to
	// its or atom, at no cost.
	for _, g := range lm.tmp.ors {
		for _, x := range lm.tmp.orList[g.start:g.end] {
			lm.opSlot = append(lm.opSlot, int32(len(lm.slotOp)))
			addSlot(int32(len(lm.base)), x)
			lm.effStart = append(lm.effStart, int32(len(lm.effs)))
			lm.effs = append(lm.effs, g.atom)
			lm.base = append(lm.base, 0)
		}
	}
	lm.nAtoms = int(n)
	lm.factOf = resize(lm.factOf, lm.nAtoms)
	for i := range lm.factOf {
		lm.factOf[i] = -1
	}
	for at, x := range lm.atomOf {
		if x >= 0 {
			lm.factOf[x] = int32(lm.dom.atomFact[at])
		}
	}
	ops := len(lm.base)
	lm.opSlot = append(lm.opSlot, int32(len(lm.slotOp)))
	lm.effStart = append(lm.effStart, int32(len(lm.effs)))
	lm.slotStart = append(lm.slotStart, int32(len(lm.slotAtoms)))
	slots := len(lm.slotOp)
	// Reverse edges: the slots each atom is in, the operators adding it.
	lm.useStart = csrReverse(lm.useStart, lm.nAtoms, lm.slotStart, lm.slotAtoms, &lm.uses)
	lm.addStart = csrReverse(lm.addStart, lm.nAtoms, lm.effStart, lm.effs, &lm.adds)
	// Evaluation memory.
	lm.ev.cost = resize(lm.ev.cost, lm.nAtoms)
	lm.ev.unsat = resize(lm.ev.unsat, ops)
	lm.ev.sup = resize(lm.ev.sup, ops)
	lm.ev.supCost = resize(lm.ev.supCost, ops)
	lm.use = resize(lm.use, len(lm.uses))
	for i, sl := range lm.uses {
		lm.use[i] = lmUse{sl, lm.slotOp[sl]}
	}
	lm.ev.rc = resize(lm.ev.rc, ops)
	lm.ev.isSup = resize(lm.ev.isSup, slots)
	lm.oneAtom = resize(lm.oneAtom, slots)
	for sl := range lm.oneAtom {
		lm.oneAtom[sl] = lm.slotAtoms[lm.slotStart[sl]]
	}
	lm.ev.supHead = resize(lm.ev.supHead, lm.nAtoms)
	lm.ev.supPrev = resize(lm.ev.supPrev, ops)
	lm.ev.reached = resize(lm.ev.reached, ops)
	lm.ev.mark = resize(lm.ev.mark, lm.nAtoms)
	lm.ev.cutOp = resize(lm.ev.cutOp, ops)
	for o := range lm.ev.cutOp {
		lm.ev.cutOp[o] = lmCutOp{eff: -1}
		switch lo, hi := lm.effStart[o], lm.effStart[o+1]; hi - lo {
		case 1:
			lm.ev.cutOp[o].eff = lm.effs[lo]
		case 2:
			lm.ev.cutOp[o].eff = -lo - 2
		}
	}
	lm.ev.reach = resize(lm.ev.reach, lm.nAtoms+1)
	lm.ev.inState = resize(lm.ev.inState, lm.nAtoms)
	clear(lm.ev.mark)
	clear(lm.ev.inState)
	lm.ev.epoch = 0
	lm.ev.stateEp = 0
	lm.par.reset()
	lm.kid.reset()
	lm.rb.landSeen = resize(lm.rb.landSeen, ops)
	clear(lm.rb.landSeen)
	lm.rb.landEp = 0
	lm.buildResources(d, goal, enabled, costs)
	lm.ev.q.bucket = lm.bucket
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

// lmAux is the auxiliary atom of the add/subtract effects adding n to a
// fact (see build).
type lmAux struct {
	delta
	atom int32
}

// auxAtom returns the auxiliary atom of effect dl, or -1 when it has none.
// The list is short (one entry per distinct fact and amount), so a scan
// beats a map and allocates nothing.
func (lm *lmcut) auxAtom(dl delta) int32 {
	for _, x := range lm.tmp.aux {
		if x.delta == dl {
			return x.atom
		}
	}
	return -1
}

// lmOr is the "or" atom of a precondition group of several atoms.
type lmOr struct {
	start, end int32 // the group's local atoms: orList[start:end]
	atom       int32
	next       int32 // the next group with the same hash, -1 ends
}

// orAtom returns the or atom of the group of local atoms, numbering a
// new one *n (and incrementing *n) the first time the group comes up.
// Identical groups of different actions share one atom.
func (lm *lmcut) orAtom(atoms []int32, n *int32) int32 {
	h := uint64(14695981039346656037)
	for _, at := range atoms {
		h = (h ^ uint64(at)) * 1099511628211
	}
	first, ok := lm.tmp.orIndex[h]
	if ok {
		for i := first; i >= 0; i = lm.tmp.ors[i].next {
			if g := lm.tmp.ors[i]; slices.Equal(lm.tmp.orList[g.start:g.end], atoms) {
				return g.atom
			}
		}
	} else {
		first = -1
	}
	lm.tmp.orIndex[h] = int32(len(lm.tmp.ors))
	start := int32(len(lm.tmp.orList))
	lm.tmp.orList = append(lm.tmp.orList, atoms...)
	lm.tmp.ors = append(lm.tmp.ors, lmOr{start, int32(len(lm.tmp.orList)), *n, first})
	*n++
	return *n - 1
}

// numberAtoms gives the relevant domain atoms (atomOf 0) their local
// numbers from 2 on and returns the next free number. Values of one fact
// that the same precondition and goal groups contain get one number: no
// condition tells them apart, and with add/subtract relaxed to reach any
// value of their image nothing else does, so LM-cut is the same on the
// merged atoms (the reference test checks it), and a count of 0..4,000
// that conditions only test against 1 costs two atoms instead of 4,001.
func (lm *lmcut) numberAtoms(d *Domain, goal *condSet) int32 {
	lm.tmp.sig = resize(lm.tmp.sig, d.atoms)
	clear(lm.tmp.sig)
	sign := func(atoms []int32) {
		if len(atoms) == 0 || d.facts[lm.dom.atomFact[atoms[0]]].size <= 2 {
			return
		}
		h := uint64(14695981039346656037)
		for _, at := range atoms {
			h = (h ^ uint64(at)) * 1099511628211
		}
		for _, at := range atoms {
			lm.tmp.sig[at] = (lm.tmp.sig[at]^h)*1099511628211 + 1
		}
	}
	for _, g := range goal.groups {
		sign(g.atoms)
	}
	for ai := range d.actions {
		if lm.tmp.relOp[ai] {
			for _, g := range d.actions[ai].pre.groups {
				sign(g.atoms)
			}
		}
	}
	if lm.tmp.classOf == nil {
		lm.tmp.classOf = map[uint64]int32{}
	}
	n := int32(2)
	for fi := range d.facts {
		f := &d.facts[fi]
		merge := f.size > 2
		if merge {
			clear(lm.tmp.classOf)
		}
		for at := f.atom; at < f.atom+f.size; at++ {
			if lm.atomOf[at] != 0 {
				continue
			}
			if merge {
				if x, ok := lm.tmp.classOf[lm.tmp.sig[at]]; ok {
					lm.atomOf[at] = x
					continue
				}
				lm.tmp.classOf[lm.tmp.sig[at]] = n
			}
			lm.atomOf[at] = n
			n++
		}
	}
	return n
}

// localAtoms returns the local atoms of the domain atoms, without
// repeats (merged values share one), in lm.tmp.gbuf.
func (lm *lmcut) localAtoms(atoms []int32) []int32 {
	lm.tmp.gepoch++
	lm.tmp.gbuf = lm.tmp.gbuf[:0]
	for _, at := range atoms {
		x := lm.atomOf[at]
		if x >= 0 && lm.tmp.gmark[x] != lm.tmp.gepoch {
			lm.tmp.gmark[x] = lm.tmp.gepoch
			lm.tmp.gbuf = append(lm.tmp.gbuf, x)
		}
	}
	return lm.tmp.gbuf
}

// imageAtoms returns the relevant local atoms of the values that adding
// dl.n to its fact can give, in lm.tmp.gbuf.
func (lm *lmcut) imageAtoms(d *Domain, dl delta) []int32 {
	lm.tmp.gepoch++
	lm.tmp.gbuf = lm.tmp.gbuf[:0]
	f := &d.facts[dl.fact]
	for v := max(0, dl.n); v < min(f.size, f.size+dl.n); v++ {
		x := lm.atomOf[f.atom+v]
		if x >= 0 && lm.tmp.gmark[x] != lm.tmp.gepoch {
			lm.tmp.gmark[x] = lm.tmp.gepoch
			lm.tmp.gbuf = append(lm.tmp.gbuf, x)
		}
	}
	return lm.tmp.gbuf
}
