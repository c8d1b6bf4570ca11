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
	aux       []lmAux // the auxiliary atoms of add/subtract effects
	ors       []lmOr  // the or atoms of groups of several atoms
	orList    []int32
	orIndex   map[uint64]int32
	nAtoms    int
	opSlot    []int32 // len ops+1
	slotOp    []int32
	slotStart []int32 // len slots+1
	slotAtoms []int32
	effStart  []int32 // len ops+1
	effs      []int32
	useStart  []int32 // per atom: slots that contain it; len atoms+1
	uses      []int32
	// use is uses with each entry's operator, for the one-atom loops
	use      []lmUse
	addStart []int32 // per atom: operators that add it; len atoms+1
	adds     []int32
	base     []float64 // per operator
}

const (
	lmStartAtom = 0
	lmGoalAtom  = 1
)

type lmcut struct {
	lmTask
	// per domain, built once: the actions setting each domain atom
	dAddStart []int32
	dAdds     []int32
	// the actions adding to or subtracting from each fact, and each
	// domain atom's fact
	dDeltaStart []int32
	dDeltas     []int32
	atomFact    []FactID
	// per evaluation
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
	// per operator (-1 ends). oneAtom is per slot: its atom (build
	// leaves every group one atom).
	supHead []int32
	supPrev []int32
	oneAtom []int32
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
	opOf  []int32 // per action: its operator, -1 when irrelevant
	// par holds the landmarks of the parent whose children are being
	// estimated, kid those of the last child estimated (see lmcutChild);
	// rec, when not nil, is where rounds records its cuts.
	par, kid lmSet
	rec      *lmSet
	one      lmSet // the landmarks of lmcutEstimate's estimate
	// the resource bound (lmcut_resources.go): the counts, each fact's
	// and each producer's count (-1: none), each operator's action, and
	// per operator an epoch stamp for landmarks already counted
	res      []lmRes
	inputs   []lmInput // the counts' inputs (lmRes.in0, in1)
	resOrder []int32   // the order resourceBound takes them in
	resIn    []int32   // buildInputs' scratch
	resOf    []int32
	prodRes  []int32
	opAct    []int32
	landSeen []uint32
	landEp   uint32
	// numericBounds' counts in the current search: estimates where it
	// computed h_max, and where h_max was the larger
	hmaxTried, hmaxWins int
	factRel             []bool
	sig                 []uint64 // per domain atom: the groups holding it, hashed
	classOf             map[uint64]int32
	gbuf                []int32
	gmark               []uint32 // per local atom: gepoch when in gbuf
	gepoch              uint32
	meter               *workMeter   // the planner's: rounds charge their work to it
	tune                *lmcutTuning // the planner's
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
}

// estimate runs LM-cut from state w on the compiled task.
func (lm *lmcut) estimate(d *Domain, w []uint64) float64 {
	lm.setState(d, w)
	copy(lm.rc, lm.base)
	return lm.rounds(w, 0)
}

// setState makes w the evaluated state: its atoms, with the start atom,
// in init and stamped in inState.
func (lm *lmcut) setState(d *Domain, w []uint64) {
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
}

// rounds runs LM-cut's rounds from the state set by setState with the
// reduced costs in rc, on top of h landmarks' worth already taken, and
// returns the estimate. When recording, each cut is kept (see estimateChild).
func (lm *lmcut) rounds(w []uint64, h float64) float64 {
	// A round visits up to every operator and atom; on a big task one
	// estimate has thousands of rounds, so each is charged and an
	// interrupted estimate returns the admissible sum of the cuts so far.
	work := len(lm.rc) + len(lm.cost)
	lm.meter.charge(work)
	lm.hmaxFull()
	if gc := lm.cost[lmGoalAtom]; math.IsInf(gc, 1) || gc == 0 {
		return h + gc // no round: the lists below are not needed
	}
	lm.linkAll()
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
		if lm.tune.check != nil {
			lm.tune.check(lm, w)
		}
		if !(m > 0) {
			return h // cannot happen (see above): no progress
		}
		h += m
		for _, o := range lm.cut {
			lm.rc[o] -= m
		}
		if lm.rec != nil {
			lm.rec.add(lm.cut, m)
		}
		if lm.meter.charge(work) {
			return h
		}
		lm.hmaxLower()
	}
}

// lmSet is a list of landmarks with their costs: cut i is
// ops[end[i-1]:end[i]], of cost cost[i].
type lmSet struct {
	ops  []int32
	end  []int32
	cost []float64
}

func (l *lmSet) reset() { l.ops, l.end, l.cost = l.ops[:0], l.end[:0], l.cost[:0] }

func (l *lmSet) add(cut []int32, m float64) {
	l.ops = append(l.ops, cut...)
	l.end = append(l.end, int32(len(l.ops)))
	l.cost = append(l.cost, m)
}

// estimateParent runs LM-cut on the state w of a node about to have its
// children estimated, keeping its landmarks for estimateChild.
func (lm *lmcut) estimateParent(d *Domain, w []uint64) float64 {
	lm.par.reset()
	lm.rec = &lm.par
	h := lm.estimate(d, w)
	lm.rec = nil
	return h
}

// estimateChild is LM-cut of the state w that action a reaches from the
// parent whose landmarks are in par, reusing them (Pommerening &
// Helmert's incremental LM-cut): every relaxed plan from w, with a in
// front, is one from the parent, so each parent landmark without a is a
// landmark of w. Those are taken first, their costs subtracted as the
// parent's rounds did, and rounds go on from there: the sum stays an
// admissible cost partitioning, and where one action changes little, a
// child needs a few rounds instead of all the parent's. (The landmark
// costs only drop where the parent's did, in the same order, so no
// reduced cost goes below zero.) The child's own landmarks, the reused
// and the new, are kept in kid: they serve its children in turn.
func (lm *lmcut) estimateChild(d *Domain, w []uint64, a ActionID) float64 {
	lm.setState(d, w)
	copy(lm.rc, lm.base)
	op := lm.opOf[a]
	h := 0.0
	lm.kid.reset()
	from := int32(0)
	for i, end := range lm.par.end {
		cut := lm.par.ops[from:end]
		from = end
		if op >= 0 && slices.Contains(cut, op) {
			continue
		}
		m := lm.par.cost[i]
		h += m
		for _, o := range cut {
			lm.rc[o] -= m
		}
		lm.kid.add(cut, m)
	}
	lm.meter.charge(len(lm.par.ops))
	lm.rec = &lm.kid
	h = lm.rounds(w, h)
	lm.rec = nil
	return h
}

// nextEpoch starts a round: marks of earlier rounds no longer count.
func (lm *lmcut) nextEpoch() {
	lm.epoch += 2
	if lm.epoch == 0 { // wrapped: clear the stamps once
		clear(lm.mark)
		for o := range lm.cutOp {
			lm.cutOp[o].enters = 0
		}
		lm.epoch = 2
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
