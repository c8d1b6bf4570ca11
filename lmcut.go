package goap

import "math"

// LM-cut (Helmert & Domshlak 2009) on the atoms of hmax.go. Each round
// takes h_max with the current reduced action costs, builds the
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
// a precondition group of greatest h_max (ties: see lmcut.canonical), and
// the justification graph has an edge from every atom of that group to
// every effect. Then the first action of any relaxed plan that
// adds an atom of the goal zone has an atom of its supporter in the part
// reached from the state, whichever atom of the group the plan used, so
// the cut is a landmark and the estimate never exceeds the optimal
// relaxed cost. The goal is an artificial action of cost 0 whose
// preconditions are the goal's groups and whose effect is an artificial
// goal atom; actions without preconditions get an artificial start atom,
// which always holds, as their only precondition.
//
// Speed: the task is compiled once per plan setup into flat arrays
// (lmTask) holding only the atoms and actions that can matter for the
// goal. h_max is computed from scratch once per state; after each cut only
// the effects of the cut actions can get cheaper, so the costs are lowered
// from there (costs never rise, so a decrease-only Dijkstra suffices). The
// queue is a bucket queue when every cost is an integer, a binary heap
// otherwise. Marks are epoch-stamped so that no array is cleared per
// round. When every group is one atom (STRIPS tasks, all of PDDL), the
// h_max loops keep no per-group costs and read the atoms' costs instead,
// as Fast Downward does.
//
// Add/subtract effects do not fit this graph: when an enabled action has
// one, LM-cut falls back to h_max.

// lmTask is the compiled relaxed task of one plan setup (target, enabled
// actions and their costs). Local atom 0 is the start atom, 1 the goal
// atom; the last operator is the goal's. Operator o's precondition groups
// are the slots opSlot[o]..opSlot[o+1], slot s holds atoms
// slotAtoms[slotStart[s]:slotStart[s+1]].
type lmTask struct {
	goal   *condSet // what it was built for
	gen    uint64
	hmax   bool // an enabled action has add/subtract effects: use h_max
	bucket bool // all costs are small integers: bucket queue

	atomOf    []int32 // domain atom -> local atom, -1 if irrelevant
	nAtoms    int
	opSlot    []int32 // len ops+1
	slotOp    []int32
	slotStart []int32 // len slots+1
	slotAtoms []int32
	effStart  []int32 // len ops+1
	effs      []int32
	useStart  []int32 // per atom: slots that contain it; len atoms+1
	uses      []int32
	useOp     []int32 // per entry of uses: the slot's operator
	addStart  []int32 // per atom: operators that add it; len atoms+1
	adds      []int32
	base      []float64 // per operator
}

const (
	lmStartAtom = 0
	lmGoalAtom  = 1
)

const (
	supOne  = 1
	supMany = 2
)

type lmcut struct {
	lmTask
	// per domain, built once: the actions setting each domain atom
	dAddStart []int32
	dAdds     []int32
	// per evaluation
	cost  []float64 // per atom
	gcost []float64 // per slot: cheapest atom of the group
	unsat []int32   // per operator: groups not yet reached
	sup   []int32   // per operator: supporter slot
	// supCost is per operator: its supporter group's cost when last set,
	// so that hmaxLower knows by how much an operator got cheaper
	supCost []float64
	// isSup is per slot: 0 when it is not its operator's supporter, else
	// supOne or supMany (the group has several atoms)
	isSup []uint8
	// The justification graph's edges from one-atom supporters, as
	// intrusive lists so that findCut follows only them: supHead per
	// atom, cutOp[o].next/supPrev per operator (-1 ends). oneAtom is per slot:
	// its atom when the group has one, else -1. Groups of several atoms
	// are found by scanning manyUses (per atom: such slots holding it).
	supHead   []int32
	supPrev   []int32
	oneAtom   []int32
	manyStart []int32
	manyUses  []int32
	hasMany   bool // manyUses is not empty
	// reached lists the operators in the order hmaxFull reached them
	// (nReached of them), for linkAll
	reached  []int32
	nReached int
	rc       []float64 // per operator: reduced cost
	// mark is per atom: epoch when reached from the state, epoch+1 when
	// put in the goal zone (one array: both are read together)
	mark    []uint32
	supKind []uint8  // per slot: supOne or supMany, by the group's size
	seen    []uint32 // per operator: epoch when fired
	// cutOp is per operator what findCut reads, in one place
	cutOp []lmCutOp
	reach []int32 // findCut's stack, nAtoms+1 long
	// inState is per atom: stateEp when it holds in the evaluated state
	inState []uint32
	stateEp uint32
	epoch   uint32
	// canonical makes the supporter the first group of greatest cost,
	// a function of the costs alone (for the test oracle). Otherwise a
	// tie keeps the group that came last in h_max's order or was the
	// supporter before: Fast Downward's choice, which expands far fewer
	// states on logistics, blocks and elevators (BENCHMARKS.md).
	canonical bool
	init      []int32 // atoms that hold in the evaluated state, with start
	stack     []int32
	cut       []int32
	q         lmQueue
	// build scratch
	relOp []bool
	meter *workMeter // the planner's: rounds charge their work to it
}

// lmCutOp is what findCut reads of an operator, in 12 bytes: the next
// operator with the same one-atom supporter; eff, its effect when it has
// one, -2-i when it has two (effs[i] and effs[i+1]), else -1; and enters:
// epoch+1 when it adds a zone atom that is not in the state (findCut's
// cut test, set by markZone). Most operators of IPC tasks have one or two
// effects, which findCut then follows without a loop.
type lmCutOp struct {
	next   int32
	eff    int32
	enters uint32
}

// lmcutCheck, when set (by tests), is called after every round's cut with
// the reduced costs before they are lowered.
var lmcutCheck func(lm *lmcut, w []uint64)

// lmcutEstimate returns the LM-cut estimate of goal from state w, or h_max
// when an enabled action has add/subtract effects.
func (p *Planner) lmcutEstimate(w []uint64, goal *condSet) float64 {
	if p.lm == nil {
		p.lm = &lmcut{}
	}
	lm := p.lm
	lm.meter = &p.meter
	if lm.goal != goal || lm.gen != p.prepGen {
		lm.build(p.d, goal, p.rel.enabled, p.costs)
		lm.gen = p.prepGen
	}
	if lm.hmax {
		return p.rel.evaluate(w, goal, p.costs, false)
	}
	return lm.estimate(p.d, w)
}

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
	lm.useOp = resize(lm.useOp, len(lm.uses))
	for i, sl := range lm.uses {
		lm.useOp[i] = lm.slotOp[sl]
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

// estimate runs LM-cut from state w on the compiled task.
func (lm *lmcut) estimate(d *Domain, w []uint64) float64 {
	lm.stateEp++
	if lm.stateEp == 0 { // wrapped: clear the stamps once
		clear(lm.inState)
		lm.stateEp = 1
	}
	se := lm.stateEp
	lm.init = append(lm.init[:0], lmStartAtom)
	lm.inState[lmStartAtom] = se
	for fi := range d.facts {
		f := &d.facts[fi]
		if x := lm.atomOf[f.atom+int((w[f.word]&f.mask)>>f.shift)]; x >= 0 {
			lm.init = append(lm.init, x)
			lm.inState[x] = se
		}
	}
	copy(lm.rc, lm.base)
	// A round visits up to every operator and atom; on a big task one
	// estimate has thousands of rounds, so each is charged and an
	// interrupted estimate returns the admissible sum of the cuts so far.
	work := len(lm.rc) + len(lm.cost)
	lm.meter.charge(work)
	lm.hmaxFull()
	if gc := lm.cost[lmGoalAtom]; math.IsInf(gc, 1) || gc == 0 {
		return gc // no round: the lists below are not needed
	}
	lm.linkAll()
	h := 0.0
	for {
		gc := lm.cost[lmGoalAtom]
		if gc == 0 {
			return h
		}
		lm.nextEpoch()
		lm.markZone()
		lm.findCut()
		if len(lm.cut) == 0 {
			return h // cannot happen (see above); h is still admissible
		}
		m := math.Inf(1)
		for _, o := range lm.cut {
			m = min(m, lm.rc[o])
		}
		if lmcutCheck != nil {
			lmcutCheck(lm, w)
		}
		if !(m > 0) {
			return h // cannot happen (see above): no progress
		}
		h += m
		for _, o := range lm.cut {
			lm.rc[o] -= m
		}
		if lm.meter.charge(work) {
			return h
		}
		lm.hmaxLower()
	}
}

// nextEpoch starts a round: marks of earlier rounds no longer count.
func (lm *lmcut) nextEpoch() {
	lm.epoch += 2
	if lm.epoch == 0 { // wrapped: clear the stamps once
		clear(lm.mark)
		clear(lm.seen)
		for o := range lm.cutOp {
			lm.cutOp[o].enters = 0
		}
		lm.epoch = 2
	}
}

// hmaxFull computes h_max of every atom from the state's atoms with the
// reduced costs, by generalized Dijkstra with precondition counters.
func (lm *lmcut) hmaxFull() {
	inf := math.Inf(1)
	for i := range lm.cost {
		lm.cost[i] = inf
	}
	for o := range lm.unsat {
		lm.unsat[o] = lm.opSlot[o+1] - lm.opSlot[o]
	}
	clear(lm.isSup)
	lm.nReached = 0
	q := &lm.q
	q.reset()
	for _, x := range lm.init {
		if lm.cost[x] != 0 {
			lm.cost[x] = 0
			q.push(x, 0)
		}
	}
	if lm.hasMany {
		lm.hmaxFullGroups()
		return
	}
	// Every group is one atom (STRIPS tasks): an atom is popped once at
	// its final cost, so each use counts its operator down once and no
	// per-group cost is kept. The group's cost is its atom's.
	for q.n > 0 {
		x, c := q.pop()
		if c != lm.cost[x] {
			continue // stale
		}
		// Locals: the loop body is small, and the fields would be
		// reloaded and bounds-checked at every use.
		lo, hi := lm.useStart[x], lm.useStart[x+1]
		unsat := lm.unsat
		for i, o := range lm.useOp[lo:hi] {
			unsat[o]--
			if unsat[o] != 0 {
				continue
			}
			// c is the greatest group cost (atoms are popped in order
			// of cost); the group that came last supports.
			sp := lm.uses[lo+int32(i)]
			if lm.canonical {
				sp, _ = lm.supporterAtom(o, lm.opSlot[o])
			}
			lm.sup[o], lm.supCost[o], lm.isSup[sp] = sp, c, supOne
			lm.reached[lm.nReached] = o
			lm.nReached++
			lm.relaxEffects(o, c+lm.rc[o])
		}
	}
}

// hmaxFullGroups is hmaxFull's loop when some group has several atoms: a
// group's cost is that of its first atom popped, kept per group in gcost.
func (lm *lmcut) hmaxFullGroups() {
	inf := math.Inf(1)
	for i := range lm.gcost {
		lm.gcost[i] = inf
	}
	q := &lm.q
	for q.n > 0 {
		x, c := q.pop()
		if c != lm.cost[x] {
			continue // stale
		}
		for _, s := range lm.uses[lm.useStart[x]:lm.useStart[x+1]] {
			if lm.gcost[s] != inf {
				continue // the group already holds
			}
			lm.gcost[s] = c
			o := lm.slotOp[s]
			lm.unsat[o]--
			if lm.unsat[o] == 0 {
				// c is the greatest group cost (groups are reached in
				// order of cost); the group that came last supports.
				sp := s
				if lm.canonical {
					sp = lm.supporter(o, lm.opSlot[o])
				}
				lm.sup[o], lm.supCost[o], lm.isSup[sp] = sp, lm.gcost[sp], lm.supKind[sp]
				lm.reached[lm.nReached] = o
				lm.nReached++
				lm.relaxEffects(o, c+lm.rc[o])
			}
		}
	}
}

// linkAll builds the supported lists after hmaxFull, in the order the
// operators were reached. It is left out of hmaxFull so that an estimate
// without rounds (0, or a dead end) does not pay for it.
func (lm *lmcut) linkAll() {
	for i := range lm.supHead {
		lm.supHead[i] = -1
	}
	for _, o := range lm.reached[:lm.nReached] {
		lm.link(o, lm.sup[o])
	}
}

// link adds o to the supported list of slot sp's atom, when it has one.
func (lm *lmcut) link(o, sp int32) {
	a := lm.oneAtom[sp]
	if a < 0 {
		return
	}
	h := lm.supHead[a]
	lm.cutOp[o].next, lm.supPrev[o] = h, -1
	if h >= 0 {
		lm.supPrev[h] = o
	}
	lm.supHead[a] = o
}

// unlink removes o from the supported list of slot s's atom (the one
// link put it in).
func (lm *lmcut) unlink(o, s int32) {
	a := lm.oneAtom[s]
	if a < 0 {
		return
	}
	p, n := lm.supPrev[o], lm.cutOp[o].next
	if p >= 0 {
		lm.cutOp[p].next = n
	} else {
		lm.supHead[a] = n
	}
	if n >= 0 {
		lm.supPrev[n] = p
	}
}

// supporter returns operator o's precondition group of greatest cost:
// group from unless another costs more, then the first such.
func (lm *lmcut) supporter(o, from int32) int32 {
	g := lm.gcost
	best, bc := from, g[from]
	lo, hi := lm.opSlot[o], lm.opSlot[o+1]
	for i, c := range g[lo:hi] {
		if c > bc {
			best, bc = lo+int32(i), c
		}
	}
	return best
}

// supporterAtom is supporter when every group is one atom: it reads the
// atoms' costs, as no per-group cost is kept then.
func (lm *lmcut) supporterAtom(o, from int32) (int32, float64) {
	cost, atom := lm.cost, lm.oneAtom
	best, bc := from, cost[atom[from]]
	lo, hi := lm.opSlot[o], lm.opSlot[o+1]
	for i, a := range atom[lo:hi] {
		if c := cost[a]; c > bc {
			best, bc = lo+int32(i), c
		}
	}
	return best, bc
}

// slotCost is the h_max cost of group s.
func (lm *lmcut) slotCost(s int32) float64 {
	if !lm.hasMany {
		return lm.cost[lm.oneAtom[s]]
	}
	return lm.gcost[s]
}

// relaxEffects lowers the cost of o's effects to c where that is cheaper.
func (lm *lmcut) relaxEffects(o int32, c float64) {
	cost := lm.cost // a local: the pushes below cannot change it
	// One or two effects, the common cases, are read from the operator's
	// record (see lmCutOp.eff) without loading a range.
	if e := lm.cutOp[o].eff; e >= 0 {
		if c < cost[e] {
			cost[e] = c
			lm.q.push(e, c)
		}
		return
	} else if e < -1 {
		i := int(-e - 2)
		pair := lm.effs[i : i+2 : i+2]
		if e := pair[0]; c < cost[e] {
			cost[e] = c
			lm.q.push(e, c)
		}
		if e := pair[1]; c < cost[e] {
			cost[e] = c
			lm.q.push(e, c)
		}
		return
	}
	for _, e := range lm.effs[lm.effStart[o]:lm.effStart[o+1]] {
		if c < cost[e] {
			cost[e] = c
			lm.q.push(e, c)
		}
	}
}

// hmaxLower updates h_max after the cut's costs were lowered: only the
// cut's effects can get cheaper at first, and the decrease spreads
// through the operators they support.
func (lm *lmcut) hmaxLower() {
	q := &lm.q
	q.reset()
	for _, o := range lm.cut {
		lm.relaxEffects(o, lm.supCost[o]+lm.rc[o])
	}
	if lm.hasMany {
		lm.hmaxLowerGroups()
		return
	}
	// Every group is one atom: only the operators the popped atom
	// supports can get cheaper, and a group's cost is its atom's.
	for q.n > 0 {
		x, c := q.pop()
		if c != lm.cost[x] {
			continue
		}
		lo, hi := lm.useStart[x], lm.useStart[x+1]
		isSup := lm.isSup
		for i, s := range lm.uses[lo:hi] {
			if isSup[s] == 0 {
				continue // not the supporter, or unreachable
			}
			o := lm.useOp[lo+int32(i)]
			old := lm.supCost[o]
			if c >= old {
				continue
			}
			from := s
			if lm.canonical {
				from = lm.opSlot[o]
			}
			sp, nc := lm.supporterAtom(o, from)
			if sp != s {
				isSup[s], isSup[sp] = 0, supOne
				lm.unlink(o, s)
				lm.link(o, sp)
				lm.sup[o] = sp
			}
			lm.supCost[o] = nc
			if nc < old {
				// Otherwise another group kept the old cost.
				lm.relaxEffects(o, nc+lm.rc[o])
			}
		}
	}
}

// hmaxLowerGroups is hmaxLower's loop when some group has several atoms.
func (lm *lmcut) hmaxLowerGroups() {
	q := &lm.q
	for q.n > 0 {
		x, c := q.pop()
		if c != lm.cost[x] {
			continue
		}
		for _, s := range lm.uses[lm.useStart[x]:lm.useStart[x+1]] {
			old := lm.gcost[s]
			if c >= old {
				continue
			}
			lm.gcost[s] = c
			if lm.isSup[s] == 0 {
				// Unreachable operator, or the group was not the
				// most expensive: the operator's cost stays.
				continue
			}
			o := lm.slotOp[s]
			from := s
			if lm.canonical {
				from = lm.opSlot[o]
			}
			sp := lm.supporter(o, from)
			lm.isSup[s], lm.isSup[sp] = 0, lm.supKind[sp]
			if sp != s {
				lm.unlink(o, s)
				lm.link(o, sp)
			}
			lm.sup[o] = sp
			lm.supCost[o] = lm.gcost[sp]
			if nc := lm.gcost[sp]; nc < old {
				// Otherwise another group kept the old cost.
				lm.relaxEffects(o, nc+lm.rc[o])
			}
		}
	}
}

// markZone puts in the goal zone the goal atom and, from every zone atom
// backwards over zero-cost operators, their supporters' atoms. It stamps
// the operators adding a zone atom that is not in the state: findCut
// marks the state's atoms as reached, so only the others stay in the
// zone when it tests an operator's effects.
func (lm *lmcut) markZone() {
	ep := lm.epoch + 1
	se := lm.stateEp
	lm.mark[lmGoalAtom] = ep
	lm.stack = append(lm.stack[:0], lmGoalAtom)
	for len(lm.stack) > 0 {
		x := lm.stack[len(lm.stack)-1]
		lm.stack = lm.stack[:len(lm.stack)-1]
		stamp := lm.inState[x] != se
		for _, o := range lm.adds[lm.addStart[x]:lm.addStart[x+1]] {
			if stamp {
				lm.cutOp[o].enters = ep
			}
			if lm.rc[o] != 0 || lm.unsat[o] != 0 {
				continue
			}
			s := lm.sup[o]
			for _, a := range lm.slotAtoms[lm.slotStart[s]:lm.slotStart[s+1]] {
				if lm.mark[a] != ep {
					lm.mark[a] = ep
					lm.stack = append(lm.stack, a)
				}
			}
		}
	}
}

// findCut reaches atoms from the state over supporter edges without
// entering the goal zone; operators that would enter it form the cut.
// A cut operator's other effects are not followed: the first operator of
// a relaxed plan to reach the zone is still found, and the cut is smaller.
func (lm *lmcut) findCut() {
	ep, zone := lm.epoch, lm.epoch+1
	lm.cut = lm.cut[:0]
	// The stack holds each atom at most once (it is marked when pushed),
	// so a fixed array of nAtoms+1 does, without appends.
	st := lm.reach[:lm.nAtoms+1]
	mark := lm.mark[:lm.nAtoms]
	n := 0
	for _, x := range lm.init {
		if mark[x] != ep {
			mark[x] = ep
			st[n] = x
			n++
		}
	}
	for n > 0 {
		n--
		x := st[n]
		for o := lm.supHead[x]; o >= 0; {
			op := &lm.cutOp[o]
			if op.enters == zone {
				lm.cut = append(lm.cut, o)
			} else if e := op.eff; e >= 0 {
				if mark[e] != ep {
					mark[e] = ep
					st[n] = e
					n++
				}
			} else if e < -1 {
				// Two effects, at effs[-e-2:-e].
				i := int(-e - 2)
				pair := lm.effs[i : i+2 : i+2]
				if e := pair[0]; mark[e] != ep {
					mark[e] = ep
					st[n] = e
					n++
				}
				if e := pair[1]; mark[e] != ep {
					mark[e] = ep
					st[n] = e
					n++
				}
			} else {
				n = lm.reachAll(o, st, n)
			}
			o = op.next
		}
		if !lm.hasMany {
			continue
		}
		for _, s := range lm.manyUses[lm.manyStart[x]:lm.manyStart[x+1]] {
			if lm.isSup[s] == 0 {
				continue
			}
			// Fire once, whichever atom of the group comes first.
			o := lm.slotOp[s]
			if lm.seen[o] == ep {
				continue
			}
			lm.seen[o] = ep
			if lm.cutOp[o].enters == zone {
				lm.cut = append(lm.cut, o)
			} else {
				n = lm.reachAll(o, st, n)
			}
		}
	}
}

// reachAll pushes operator o's effects not yet reached in this round on
// findCut's stack st, which holds n atoms, and returns the new count.
func (lm *lmcut) reachAll(o int32, st []int32, n int) int {
	ep := lm.epoch
	for _, e := range lm.effs[lm.effStart[o]:lm.effStart[o+1]] {
		if lm.mark[e] != ep {
			lm.mark[e] = ep
			st[n] = e
			n++
		}
	}
	return n
}

// lmQueue is the priority queue of atoms by cost: buckets indexed by cost
// when costs are integers, a binary heap otherwise. Entries may be stale;
// the caller compares with the atom's current cost.
type lmQueue struct {
	bucket  bool
	n       int
	cur     int
	buckets [][]int32
	heap    atomHeap
}

func (q *lmQueue) reset() {
	q.n, q.cur = 0, 0
	q.heap = q.heap[:0]
}

func (q *lmQueue) push(x int32, c float64) {
	if b := int(c); q.bucket && b < len(q.buckets) {
		// The common case, small enough to inline.
		q.n++
		q.buckets[b] = append(q.buckets[b], x)
		q.cur = min(q.cur, b)
		return
	}
	q.pushSlow(x, c)
}

// pushSlow is push for the heap, or to a bucket not allocated yet.
func (q *lmQueue) pushSlow(x int32, c float64) {
	q.n++
	if !q.bucket {
		q.heap.push(c, 0, x)
		return
	}
	b := int(c)
	for b >= len(q.buckets) {
		q.buckets = append(q.buckets, nil)
	}
	q.buckets[b] = append(q.buckets[b], x)
	if b < q.cur {
		q.cur = b
	}
}

func (q *lmQueue) pop() (int32, float64) {
	q.n--
	if !q.bucket {
		top := q.heap.pop()
		return top.val, top.key
	}
	for len(q.buckets[q.cur]) == 0 {
		q.cur++
	}
	b := q.buckets[q.cur]
	x := b[len(b)-1]
	q.buckets[q.cur] = b[:len(b)-1]
	return x, float64(q.cur)
}
