package goap

import "math"

// hmaxFull computes h_max of every atom from the state's atoms with the
// reduced costs, by generalized Dijkstra with precondition counters.
func (lm *lmcut) hmaxFull() {
	ev := &lm.ev
	inf := math.Inf(1)
	for i := range ev.cost {
		ev.cost[i] = inf
	}
	for o := range ev.unsat {
		ev.unsat[o] = lm.opSlot[o+1] - lm.opSlot[o]
	}
	clear(ev.isSup)
	ev.nReached = 0
	q := &ev.q
	q.reset()
	for _, x := range ev.init {
		if ev.cost[x] != 0 {
			ev.cost[x] = 0
			q.push(x, 0)
		}
	}
	// Every group is one atom (build makes it so): an atom is popped
	// once at its final cost, so each use counts its operator down once
	// and no per-group cost is kept. The group's cost is its atom's.
	for q.n > 0 {
		x, c := q.pop()
		if c != ev.cost[x] {
			continue // stale
		}
		// Locals: the loop body is small, and the fields would be
		// reloaded and bounds-checked at every use.
		lo, hi := lm.useStart[x], lm.useStart[x+1]
		unsat := ev.unsat
		for _, u := range lm.use[lo:hi] {
			o := u.op
			unsat[o]--
			if unsat[o] != 0 {
				continue
			}
			// c is the greatest group cost (atoms are popped in order
			// of cost); the group that came last supports.
			sp := u.slot
			if lm.canonical {
				sp, _ = lm.supporterAtom(o, lm.opSlot[o], ev.cost[lm.oneAtom[lm.opSlot[o]]])
			}
			ev.sup[o], ev.supCost[o], ev.isSup[sp] = sp, c, true
			ev.reached[ev.nReached] = o
			ev.nReached++
			lm.relaxEffects(o, c+ev.rc[o])
		}
	}
}

// linkAll builds the supported lists after hmaxFull, in the order the
// operators were reached. It is left out of hmaxFull so that an estimate
// without rounds (0, or a dead end) does not pay for it.
func (lm *lmcut) linkAll() {
	ev := &lm.ev
	for i := range ev.supHead {
		ev.supHead[i] = -1
	}
	for _, o := range ev.reached[:ev.nReached] {
		lm.link(o, ev.sup[o])
	}
}

// link adds o to the supported list of slot sp's atom.
func (lm *lmcut) link(o, sp int32) {
	ev := &lm.ev
	a := lm.oneAtom[sp]
	h := ev.supHead[a]
	ev.cutOp[o].next, ev.supPrev[o] = h, -1
	if h >= 0 {
		ev.supPrev[h] = o
	}
	ev.supHead[a] = o
}

// unlink removes o from the supported list of slot s's atom (the one
// link put it in).
func (lm *lmcut) unlink(o, s int32) {
	ev := &lm.ev
	a := lm.oneAtom[s]
	p, n := ev.supPrev[o], ev.cutOp[o].next
	if p >= 0 {
		ev.cutOp[p].next = n
	} else {
		ev.supHead[a] = n
	}
	if n >= 0 {
		ev.supPrev[n] = p
	}
}

// supporterAtom returns operator o's precondition group of greatest cost
// and that cost: group from (costing bc) unless another costs more, then
// the first such. It reads the groups' atoms' costs.
func (lm *lmcut) supporterAtom(o, from int32, bc float64) (int32, float64) {
	cost, atom := lm.ev.cost, lm.oneAtom
	best := from
	lo, hi := lm.opSlot[o], lm.opSlot[o+1]
	for i, a := range atom[lo:hi] {
		if c := cost[a]; c > bc {
			best, bc = lo+int32(i), c
		}
	}
	return best, bc
}

// relaxEffects lowers the cost of o's effects to c where that is cheaper.
func (lm *lmcut) relaxEffects(o int32, c float64) {
	ev := &lm.ev
	cost := ev.cost // a local: the pushes below cannot change it
	// One or two effects, the common cases, are read from the operator's
	// record (see lmCutOp.eff) without loading a range.
	if e := ev.cutOp[o].eff; e >= 0 {
		if c < cost[e] {
			cost[e] = c
			ev.q.push(e, c)
		}
		return
	} else if e < -1 {
		i := int(-e - 2)
		pair := lm.effs[i : i+2 : i+2]
		if e := pair[0]; c < cost[e] {
			cost[e] = c
			ev.q.push(e, c)
		}
		if e := pair[1]; c < cost[e] {
			cost[e] = c
			ev.q.push(e, c)
		}
		return
	}
	for _, e := range lm.effs[lm.effStart[o]:lm.effStart[o+1]] {
		if c < cost[e] {
			cost[e] = c
			ev.q.push(e, c)
		}
	}
}

// hmaxLower updates h_max after the cut's costs were lowered: only the
// cut's effects can get cheaper at first, and the decrease spreads
// through the operators they support.
func (lm *lmcut) hmaxLower() {
	ev := &lm.ev
	q := &ev.q
	q.reset()
	for _, o := range ev.cut {
		lm.relaxEffects(o, ev.supCost[o]+ev.rc[o])
	}
	// Only the operators the popped atom
	// supports can get cheaper, and a group's cost is its atom's.
	for q.n > 0 {
		x, c := q.pop()
		if c != ev.cost[x] {
			continue
		}
		lo, hi := lm.useStart[x], lm.useStart[x+1]
		isSup := ev.isSup
		for _, u := range lm.use[lo:hi] {
			s := u.slot
			if !isSup[s] {
				continue // not the supporter, or unreachable
			}
			o := u.op
			old := ev.supCost[o]
			if c >= old {
				continue
			}
			from, fc := s, c
			if lm.canonical {
				from = lm.opSlot[o]
				fc = ev.cost[lm.oneAtom[from]]
			}
			sp, nc := lm.supporterAtom(o, from, fc)
			if sp != s {
				isSup[s], isSup[sp] = false, true
				lm.unlink(o, s)
				lm.link(o, sp)
				ev.sup[o] = sp
			}
			ev.supCost[o] = nc
			if nc < old {
				// Otherwise another group kept the old cost.
				lm.relaxEffects(o, nc+ev.rc[o])
			}
		}
	}
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
