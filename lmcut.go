package goap

import (
	"math"
	"slices"
)

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
// Preconditions in the domain are groups of atoms, any one of which
// satisfies the group (integer comparisons have several). The compiled
// task gives each group of several atoms an "or" atom that each of its
// atoms reaches by a zero-cost operator, so every precondition here is
// one atom, as in STRIPS (see build). The supporter of an action is a
// precondition of greatest h_max (ties: see lmcut.canonical). The goal is
// an artificial action of cost 0 whose preconditions are the goal's
// groups and whose effect is an artificial goal atom; actions without
// preconditions get an artificial start atom, which always holds, as
// their only precondition.
//
// Speed: the task is compiled once per plan setup into flat arrays
// (lmTask) holding only the atoms and actions that can matter for the
// goal. h_max is computed from scratch once per state; after each cut only
// the effects of the cut actions can get cheaper, so the costs are lowered
// from there (costs never rise, so a decrease-only Dijkstra suffices). The
// queue is a bucket queue when every cost is an integer, a binary heap
// otherwise. Marks are epoch-stamped so that no array is cleared per
// round.
//
// Add/subtract effects reach, in this graph, every value they can give
// (see build); h_max follows the values step by step, so with such
// effects the estimate is the larger of the two.

// lmTask is the compiled relaxed task of one plan setup (target, enabled
// actions and their costs). Local atom 0 is the start atom, 1 the goal
// atom; the goal's operator follows the actions' and the auxiliary ones,
// then come the or operators (see build). Operator o's precondition groups
// are the slots opSlot[o]..opSlot[o+1], slot s holds atoms
// slotAtoms[slotStart[s]:slotStart[s+1]].
type lmTask struct {
	goal   *condSet // what it was built for
	gen    uint64
	deltas bool // an enabled action has add/subtract effects
	bucket bool // all costs are small integers: bucket queue

	atomOf    []int32 // domain atom -> local atom, -1 if irrelevant
	nAtoms    int
	opSlot    []int32 // len ops+1
	slotOp    []int32
	slotStart []int32 // len slots+1
	slotAtoms []int32
	// oneAtom is per slot: its atom (build leaves every group one atom)
	oneAtom  []int32
	effStart []int32 // len ops+1
	effs     []int32
	useStart []int32 // per atom: slots that contain it; len atoms+1
	uses     []int32
	// use is uses with each entry's operator, for the one-atom loops
	use      []lmUse
	addStart []int32 // per atom: operators that add it; len atoms+1
	adds     []int32
	base     []float64 // per operator
	opOf     []int32   // per action: its operator, -1 when irrelevant
	opAct    []int32   // per operator of an action: the action
	// factOf is per local atom: the fact whose values it stands for, -1
	// for the start, goal, auxiliary and or atoms (see estimateChild)
	factOf []int32
}

const (
	lmStartAtom = 0
	lmGoalAtom  = 1
)

// lmcut is LM-cut's memory, in parts by lifetime: the compiled task
// (embedded: every round reads its arrays), rebuilt per plan setup; what
// the domain alone decides; build's scratch; the resource bound's counts;
// one estimate's scratch; and the landmarks kept from node to node.
type lmcut struct {
	lmTask
	dom lmDomain       // per domain, built on first use
	tmp lmBuildScratch // build's scratch
	rb  lmResources    // per plan setup: the resource bound (lmcut_resources.go)
	ev  lmEval         // per estimate
	// Per node: par holds the landmarks of the parent whose children are
	// being estimated, kid those of the last child estimated (see
	// lmcutChild).
	par, kid lmSet
	// canonical makes the supporter the first group of greatest cost,
	// a function of the costs alone (for the test oracle). Otherwise a
	// tie keeps the group that came last in h_max's order or was the
	// supporter before: Fast Downward's choice, which expands far fewer
	// states on logistics, blocks and elevators (BENCHMARKS.md).
	canonical bool
	// prefMark is per operator: prefEp when it is in a landmark of the
	// node whose children are being generated (lmcutPreferred)
	prefMark []uint32
	prefEp   uint32
	meter    *workMeter   // the planner's: rounds charge their work to it
	tune     *lmcutTuning // the planner's
}

// lmDomain is what LM-cut derives from the domain alone, once.
type lmDomain struct {
	// the actions setting each domain atom
	addStart []int32
	adds     []int32
	// the actions adding to or subtracting from each fact
	deltaStart []int32
	deltas     []int32
	atomFact   []FactID // each domain atom's fact
}

// lmBuildScratch is build's memory, kept to be reused by the next build.
type lmBuildScratch struct {
	relOp   []bool  // per action: relevant
	factRel []bool  // per fact: its add/subtract actions are relevant
	aux     []lmAux // the auxiliary atoms of add/subtract effects
	ors     []lmOr  // the or atoms of groups of several atoms
	orList  []int32
	orIndex map[uint64]int32
	sig     []uint64 // per domain atom: the groups holding it, hashed
	classOf map[uint64]int32
	gbuf    []int32
	gmark   []uint32 // per local atom: gepoch when in gbuf
	gepoch  uint32
}

// lmEval is the memory of one estimate: h_max under the reduced costs,
// the justification graph, and the rounds' marks and cuts. It is sized
// per plan setup and never cleared: marks are epoch-stamped.
type lmEval struct {
	cost  []float64 // per atom
	unsat []int32   // per operator: groups not yet reached
	sup   []int32   // per operator: supporter slot
	// supCost is per operator: its supporter group's cost when last set,
	// so that hmaxLower knows by how much an operator got cheaper
	supCost []float64
	// isSup is per slot: whether it is its operator's supporter
	isSup []bool
	// The justification graph's edges, as intrusive lists so that
	// findCut follows only them: supHead per atom, cutOp[o].next/supPrev
	// per operator (-1 ends).
	supHead []int32
	supPrev []int32
	// reached lists the operators in the order hmaxFull reached them
	// (nReached of them), for linkAll
	reached  []int32
	nReached int
	rc       []float64 // per operator: reduced cost
	// mark is per atom: epoch when reached from the state, epoch+1 when
	// put in the goal zone (one array: both are read together)
	mark []uint32
	// cutOp is per operator what findCut reads, in one place
	cutOp []lmCutOp
	reach []int32 // findCut's stack, nAtoms+1 long
	// inState is per atom: stateEp when it holds in the evaluated state
	inState []uint32
	stateEp uint32
	epoch   uint32
	init    []int32 // atoms that hold in the evaluated state, with start
	stack   []int32
	cut     []int32
	q       lmQueue
	rec     *lmSet // when not nil, where rounds records its cuts
	one     lmSet  // the landmarks of lmcutEstimate's estimate
}

// lmCutOp is what findCut reads of an operator, in 12 bytes: the next
// operator with the same one-atom supporter; eff, its effect when it has
// one, -2-i when it has two (effs[i] and effs[i+1]), else -1; and enters:
// epoch+1 when it adds a zone atom that is not in the state (findCut's
// cut test, set by markZone). Most operators of IPC tasks have one or two
// effects, which findCut then follows without a loop.
// lmUse is one use of an atom: the precondition slot and its operator.
type lmUse struct{ slot, op int32 }

type lmCutOp struct {
	next   int32
	eff    int32
	enters uint32
}

// lmcutTuning is the part of a planner's tuning that LM-cut reads.
type lmcutTuning struct {
	// check, when not nil, is called after every round's cut with the
	// reduced costs before they are lowered.
	check func(lm *lmcut, w []uint64)
	// noResourceBound leaves the resource bound out (lmcut_resources.go).
	noResourceBound bool
	// noZeroStays makes estimateChild run its rounds where zeroStays
	// shows they find nothing (tests compare the two).
	noZeroStays bool
	// skipped counts the child estimates whose rounds zeroStays skipped.
	skipped int
}

// estimate runs LM-cut from state w on the compiled task.
func (lm *lmcut) estimate(d *Domain, w []uint64) float64 {
	lm.setState(d, w)
	copy(lm.ev.rc, lm.base)
	return lm.rounds(w, 0)
}

// setState makes w the evaluated state: its atoms, with the start atom,
// in init and stamped in inState.
func (lm *lmcut) setState(d *Domain, w []uint64) {
	ev := &lm.ev
	ev.stateEp++
	if ev.stateEp == 0 { // wrapped: clear the stamps once
		clear(ev.inState)
		ev.stateEp = 1
	}
	se := ev.stateEp
	ev.init = append(ev.init[:0], lmStartAtom)
	ev.inState[lmStartAtom] = se
	for fi := range d.facts {
		f := &d.facts[fi]
		if x := lm.atomOf[f.atom+int((w[f.word]&f.mask)>>f.shift)]; x >= 0 {
			ev.init = append(ev.init, x)
			ev.inState[x] = se
		}
	}
}

// rounds runs LM-cut's rounds from the state set by setState with the
// reduced costs in rc, on top of h landmarks' worth already taken, and
// returns the estimate. When recording, each cut is kept (see estimateChild).
func (lm *lmcut) rounds(w []uint64, h float64) float64 {
	ev := &lm.ev
	// A round visits up to every operator and atom; on a big task one
	// estimate has thousands of rounds, so each is charged and an
	// interrupted estimate returns the admissible sum of the cuts so far.
	work := len(ev.rc) + len(ev.cost)
	lm.meter.charge(work)
	lm.hmaxFull()
	if gc := ev.cost[lmGoalAtom]; math.IsInf(gc, 1) || gc == 0 {
		if ev.rec != nil {
			ev.rec.done = gc == 0
		}
		return h + gc // no round: the lists below are not needed
	}
	lm.linkAll()
	for {
		gc := ev.cost[lmGoalAtom]
		if gc == 0 {
			if ev.rec != nil {
				ev.rec.done = true
			}
			return h
		}
		lm.nextEpoch()
		lm.markZone()
		lm.findCut()
		if len(ev.cut) == 0 {
			return h // cannot happen (see above); h is still admissible
		}
		m := math.Inf(1)
		for _, o := range ev.cut {
			m = min(m, ev.rc[o])
		}
		if lm.tune.check != nil {
			lm.tune.check(lm, w)
		}
		if !(m > 0) {
			return h // cannot happen (see above): no progress
		}
		h += m
		for _, o := range ev.cut {
			ev.rc[o] -= m
		}
		if ev.rec != nil {
			ev.rec.add(ev.cut, m)
		}
		if lm.meter.charge(work) {
			return h
		}
		lm.hmaxLower()
	}
}

// lmSet is a list of landmarks with their costs: cut i is
// ops[end[i-1]:end[i]], of cost cost[i]. done reports that the rounds
// that made it ran to the end: the goal costs nothing once the costs of
// its landmarks are subtracted (an estimate the work meter stopped, or a
// dead end, leaves it false).
type lmSet struct {
	ops  []int32
	end  []int32
	cost []float64
	done bool
}

func (l *lmSet) reset() { l.ops, l.end, l.cost, l.done = l.ops[:0], l.end[:0], l.cost[:0], false }

// addRun appends cuts i..j-1 of par, whose operators are par.ops[lo:hi],
// and returns h plus their costs (added in order).
func (l *lmSet) addRun(par *lmSet, i, j, lo, hi int, h float64) float64 {
	if i >= j {
		return h
	}
	shift := int32(len(l.ops) - lo)
	l.ops = append(l.ops, par.ops[lo:hi]...)
	n := len(l.end)
	l.end = slices.Grow(l.end, j-i)[:n+j-i]
	for k, e := range par.end[i:j] {
		l.end[n+k] = e + shift
	}
	l.cost = append(l.cost, par.cost[i:j]...)
	for _, m := range par.cost[i:j] {
		h += m
	}
	return h
}

func (l *lmSet) add(cut []int32, m float64) {
	l.ops = append(l.ops, cut...)
	l.end = append(l.end, int32(len(l.ops)))
	l.cost = append(l.cost, m)
}

// estimateParent runs LM-cut on the state w of a node about to have its
// children estimated, keeping its landmarks for estimateChild.
func (lm *lmcut) estimateParent(d *Domain, w []uint64) float64 {
	lm.par.reset()
	lm.ev.rec = &lm.par
	h := lm.estimate(d, w)
	lm.ev.rec = nil
	return h
}

// estimateChild is LM-cut of the state w that action a reaches from the
// parent state w0, whose landmarks are in par, reusing them (Pommerening &
// Helmert's incremental LM-cut): every relaxed plan from w, with a in
// front, is one from the parent, so each parent landmark without a is a
// landmark of w. Those are taken first, their costs subtracted as the
// parent's rounds did, and rounds go on from there: the sum stays an
// admissible cost partitioning, and where one action changes little, a
// child needs a few rounds instead of all the parent's. (The landmark
// costs only drop where the parent's did, in the same order, so no
// reduced cost goes below zero.) The child's own landmarks, the reused
// and the new, are kept in kid: they serve its children in turn.
//
// Where the rounds would find nothing new (zeroStays), the child's
// estimate is the reused landmarks' sum without them: the same estimate
// and landmarks, at the cost of copying the parent's list instead of an
// h_max over the whole task (deep crafting: one landmark per item still
// to make, one dropped per step, so a plan of n steps took n h_max runs
// over n items each).
func (lm *lmcut) estimateChild(d *Domain, w0, w []uint64, a ActionID) float64 {
	ev := &lm.ev
	op := lm.opOf[a]
	h := 0.0
	alone := lm.par.done // every parent landmark with a is {a} alone
	lm.kid.reset()
	par := &lm.par
	// The landmarks with a are few (often one): the others are copied
	// in runs between them, not one by one.
	run, next := 0, 0 // the cuts of the current run; the first op past it
	for op >= 0 {
		k := slices.Index(par.ops[next:], op)
		if k < 0 {
			break
		}
		k += next
		i, _ := slices.BinarySearch(par.end, int32(k+1))
		lo := 0
		if i > 0 {
			lo = int(par.end[i-1])
		}
		alone = alone && int(par.end[i])-lo == 1
		h = lm.kid.addRun(par, run, i, next, lo, h)
		run, next = i+1, int(par.end[i])
	}
	h = lm.kid.addRun(par, run, len(par.end), next, len(par.ops), h)
	lm.meter.charge(len(lm.par.ops))
	if alone && !lm.tune.noZeroStays && lm.zeroStays(d, w0, w, a, op) {
		lm.kid.done = true
		lm.tune.skipped++
		return h
	}
	lm.setState(d, w)
	copy(ev.rc, lm.base)
	from := int32(0)
	for i, end := range lm.kid.end {
		m := lm.kid.cost[i]
		for _, o := range lm.kid.ops[from:end] {
			ev.rc[o] -= m
		}
		from = end
	}
	ev.rec = &lm.kid
	h = lm.rounds(w, h)
	ev.rec = nil
	return h
}

// zeroStays reports whether the goal costs nothing from the child state w
// under the reduced costs its reused landmarks leave, so that rounds would
// stop before the first: given that the parent's rounds ran to the end and
// the only landmark of the parent (state w0) with a's operator op was {op}
// alone. The parent's last h_max reached the goal at zero cost by some
// relaxed plan. Without a, that plan still works from w when a took away
// no atom that another operator reads, and each atom a adds either holds
// in w or serves only operators whose effects all hold in w (the
// auxiliary atom of an add/subtract whose value w holds). Every other
// operator of the plan keeps its zero reduced cost: only the dropped
// landmark, {op}, is not subtracted again. O(facts a writes, and the
// uses of the atoms involved).
func (lm *lmcut) zeroStays(d *Domain, w0, w []uint64, a ActionID, op int32) bool {
	for _, f := range d.actions[a].writes {
		x := lm.atomAt(d, f, w0)
		if x < 0 || x == lm.atomAt(d, f, w) {
			continue // irrelevant, or still there
		}
		for _, u := range lm.use[lm.useStart[x]:lm.useStart[x+1]] {
			if u.op != op {
				return false
			}
		}
	}
	if op < 0 {
		return true
	}
	for _, x := range lm.effs[lm.effStart[op]:lm.effStart[op+1]] {
		if lm.holds(d, x, w) {
			continue
		}
		for _, u := range lm.use[lm.useStart[x]:lm.useStart[x+1]] {
			for _, e := range lm.effs[lm.effStart[u.op]:lm.effStart[u.op+1]] {
				if !lm.holds(d, e, w) {
					return false
				}
			}
		}
	}
	return true
}

// holds reports whether local atom x holds in state w (never for the
// start, goal, auxiliary and or atoms).
func (lm *lmcut) holds(d *Domain, x int32, w []uint64) bool {
	f := lm.factOf[x]
	return f >= 0 && lm.atomAt(d, FactID(f), w) == x
}

// atomAt returns the local atom of fact f's value in state w (-1 when
// irrelevant).
func (lm *lmcut) atomAt(d *Domain, f FactID, w []uint64) int32 {
	fi := &d.facts[f]
	return lm.atomOf[fi.atom+int((w[fi.word]&fi.mask)>>fi.shift)]
}

// nextEpoch starts a round: marks of earlier rounds no longer count.
func (lm *lmcut) nextEpoch() {
	ev := &lm.ev
	ev.epoch += 2
	if ev.epoch == 0 { // wrapped: clear the stamps once
		clear(ev.mark)
		for o := range ev.cutOp {
			ev.cutOp[o].enters = 0
		}
		ev.epoch = 2
	}
}

// markZone puts in the goal zone the goal atom and, from every zone atom
// backwards over zero-cost operators, their supporters' atoms. It stamps
// the operators adding a zone atom that is not in the state: findCut
// marks the state's atoms as reached, so only the others stay in the
// zone when it tests an operator's effects.
func (lm *lmcut) markZone() {
	ev := &lm.ev
	ep := ev.epoch + 1
	se := ev.stateEp
	ev.mark[lmGoalAtom] = ep
	ev.stack = append(ev.stack[:0], lmGoalAtom)
	for len(ev.stack) > 0 {
		x := ev.stack[len(ev.stack)-1]
		ev.stack = ev.stack[:len(ev.stack)-1]
		stamp := ev.inState[x] != se
		for _, o := range lm.adds[lm.addStart[x]:lm.addStart[x+1]] {
			if stamp {
				ev.cutOp[o].enters = ep
			}
			if ev.rc[o] != 0 || ev.unsat[o] != 0 {
				continue
			}
			s := ev.sup[o]
			for _, a := range lm.slotAtoms[lm.slotStart[s]:lm.slotStart[s+1]] {
				if ev.mark[a] != ep {
					ev.mark[a] = ep
					ev.stack = append(ev.stack, a)
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
	ev := &lm.ev
	ep, zone := ev.epoch, ev.epoch+1
	ev.cut = ev.cut[:0]
	// The stack holds each atom at most once (it is marked when pushed),
	// so a fixed array of nAtoms+1 does, without appends.
	st := ev.reach[:lm.nAtoms+1]
	mark := ev.mark[:lm.nAtoms]
	n := 0
	for _, x := range ev.init {
		if mark[x] != ep {
			mark[x] = ep
			st[n] = x
			n++
		}
	}
	for n > 0 {
		n--
		x := st[n]
		for o := ev.supHead[x]; o >= 0; {
			op := &ev.cutOp[o]
			if op.enters == zone {
				ev.cut = append(ev.cut, o)
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
	}
}

// reachAll pushes operator o's effects not yet reached in this round on
// findCut's stack st, which holds n atoms, and returns the new count.
func (lm *lmcut) reachAll(o int32, st []int32, n int) int {
	ev := &lm.ev
	ep := ev.epoch
	for _, e := range lm.effs[lm.effStart[o]:lm.effStart[o+1]] {
		if ev.mark[e] != ep {
			ev.mark[e] = ep
			st[n] = e
			n++
		}
	}
	return n
}
