package goap

import (
	"math"
	"math/bits"
)

// The relaxed-planning heuristics (h_max, h_add) reason about atoms: one
// per value of every fact. A relaxed state may hold several values of a
// fact at once and nothing is ever deleted; the cost of an atom is what it
// takes to make it true in that relaxation. h_max (the most expensive goal
// condition) never overestimates, so A* with it stays optimal; h_add (the
// sum) is more informed but may overestimate.

// relaxed is the per-planner scratch memory of the relaxed heuristics.
type relaxed struct {
	d       *Domain
	ix      *atomIndex
	cost    []float64 // per atom; +Inf until reached
	done    []bool    // per atom: cost is final
	pending []int32   // per action: groups not yet satisfied
	// pending's value at the start of an evaluation: the action's groups,
	// or disabledPending for an action not enabled (it never becomes
	// ready, and the exploration need not look at enabled)
	pending0     []int32
	pendingStale bool      // enabled changed since pending0 was set
	ready        []float64 // per action: cost at which all preconditions hold
	gdone        []bool    // per flattened group slot
	goalAtom     []int32   // per atom: goal group index+1, 0 if none
	goalHit      []bool    // per goal group
	heap         atomHeap
	ring         atomRing // h_max's queue when costs are small integers
	ringOK       bool     // the enabled actions' costs allow the ring
	ringTop      int      // the dearest enabled action's cost, when ringOK
	enabled      []bool   // per action: usable in this plan call
	// state of one evaluate call
	remaining     int
	total, result float64
	sum           bool
	useRing       bool
	// reachability (reach.go)
	reach []uint64   // atom bitset
	fired []bool     // per action
	meter *workMeter // the planner's, when it has one
}

// atomHeap is the queue of atoms by cost of the relaxed explorations
// (h_max, h_add, LM-cut's h_max when costs are fractional). Ties stay
// 0: atoms of equal cost pop in the order the heap leaves them, which
// LM-cut's choice of supporters depends on.
type atomHeap = minHeap[int32]

func newRelaxed(d *Domain) *relaxed {
	ix := d.ix
	return &relaxed{
		d: d, ix: ix,
		cost:         make([]float64, d.atoms),
		done:         make([]bool, d.atoms),
		pending:      make([]int32, len(d.actions)),
		pending0:     make([]int32, len(d.actions)),
		ready:        make([]float64, len(d.actions)),
		gdone:        make([]bool, ix.groups),
		goalAtom:     make([]int32, d.atoms),
		enabled:      make([]bool, len(d.actions)),
		fired:        make([]bool, len(d.actions)),
		pendingStale: true,
	}
}

// disabledPending is the count of unsatisfied groups a disabled action
// starts an evaluation with: more than any action has, so it never
// reaches 0.
const disabledPending = math.MaxInt32

// maxRingCost bounds the action costs for which h_max's exploration
// queues atoms in a ring of buckets (atomRing), one per cost from the
// atom being settled to it plus the dearest action's cost.
const maxRingCost = 255

// setEnabled is called once r.enabled holds the actions of a plan call
// (prepare's, which found whether their costs are integers of at most
// maxIntCost). pending0 follows at the next evaluation: a plan call in
// parts prepares every part, and most parts never evaluate.
func (r *relaxed) setEnabled(intCosts bool, maxIntCost int64) {
	r.pendingStale = true
	r.ringOK = intCosts && maxIntCost <= maxRingCost
	r.ringTop = int(maxIntCost)
}

// refreshPending sets pending0 from enabled.
func (r *relaxed) refreshPending() {
	for ai, n := range r.ix.npre {
		if !r.enabled[ai] {
			n = disabledPending
		}
		r.pending0[ai] = n
	}
	r.pendingStale = false
}

// atomRing is h_max's queue of atoms when every enabled action costs an
// integer of at most maxRingCost (Dial's buckets). An atom is pushed at
// the cost of the atom being settled or at most the dearest action's cost
// above it, so a ring of buckets, one per cost in that range, holds every
// pending cost. Atoms of one cost pop last in, first out: the same order
// on every run, and h_max's costs do not depend on the order.
type atomRing struct {
	buckets [][]int32 // len a power of two above the dearest cost
	mask    int
	cur     int // the cost of the atoms being popped
	n       int // entries in the buckets
}

// reset empties the ring and makes room for costs up to top above the
// current one.
func (q *atomRing) reset(top int) {
	if q.n > 0 {
		for i := range q.buckets {
			q.buckets[i] = q.buckets[i][:0]
		}
	}
	q.cur, q.n = 0, 0
	n := 1 << bits.Len(uint(top))
	for len(q.buckets) < n {
		q.buckets = append(q.buckets, nil)
	}
	q.mask = n - 1
}

// push queues atom at at cost c, from cur to cur+mask.
func (q *atomRing) push(at int32, c float64) {
	b := &q.buckets[int(c)&q.mask]
	*b = append(*b, at)
	q.n++
}

// pop removes an atom of the least cost; the ring must not be empty.
func (q *atomRing) pop() (int32, float64) {
	for {
		b := q.buckets[q.cur&q.mask]
		if k := len(b) - 1; k >= 0 {
			q.buckets[q.cur&q.mask] = b[:k]
			q.n--
			return b[k], float64(q.cur)
		}
		q.cur++
	}
}

// evaluate computes h_max (sum=false) or h_add (sum=true) of goal from
// the state w, using the enabled actions at the given costs. It returns
// +Inf when the goal is unreachable even in the relaxation. With goal nil
// it runs to a fixed point and leaves every atom's cost in r.cost.
func (r *relaxed) evaluate(w []uint64, goal *condSet, costs []float64, sum bool) float64 {
	d := r.d
	if r.meter != nil {
		// An evaluation is bounded (linear in the domain): it runs to
		// the end, and the search stops at its next expansion.
		r.meter.charge(len(d.actions) + d.atoms)
	}
	for i := range r.cost {
		r.cost[i] = math.Inf(1)
		r.done[i] = false
	}
	for i := range r.gdone {
		r.gdone[i] = false
	}
	r.heap = r.heap[:0]
	// The ring serves h_max only: h_add pushes sums, far above the
	// atom being settled.
	ring := r.ringOK && !sum
	if ring {
		r.ring.reset(r.ringTop)
	}
	remaining := 0
	if goal != nil {
		remaining = len(goal.groups)
		if cap(r.goalHit) < remaining {
			r.goalHit = make([]bool, remaining)
		}
		r.goalHit = r.goalHit[:remaining]
		for gi, g := range goal.groups {
			r.goalHit[gi] = false
			for _, at := range g.atoms {
				r.goalAtom[at] = int32(gi) + 1
			}
		}
	}
	if r.pendingStale {
		r.refreshPending()
	}
	copy(r.pending, r.pending0)
	clear(r.ready)
	r.remaining, r.total, r.result, r.sum, r.useRing = remaining, 0, math.Inf(1), sum, ring
	if goal != nil && remaining == 0 {
		r.result = 0
	}
	// Start atoms cost nothing: settle them directly, without the heap.
	for fi := range d.facts {
		f := &d.facts[fi]
		at := int32(f.atom) + int32((w[f.word]&f.mask)>>f.shift)
		r.cost[at], r.done[at] = 0, true
		r.settle(at, 0, goal != nil, costs)
	}
	for _, ai := range r.ix.noPre {
		if r.pending[ai] == 0 {
			r.fire(ai, costs)
		}
	}
	if ring {
		for r.ring.n > 0 && (goal == nil || r.remaining > 0) {
			at, c := r.ring.pop()
			if r.done[at] {
				continue
			}
			r.done[at] = true
			r.settle(at, c, goal != nil, costs)
		}
	} else {
		for len(r.heap) > 0 && (goal == nil || r.remaining > 0) {
			it := r.heap.pop()
			if r.done[it.val] {
				continue
			}
			r.done[it.val] = true
			r.settle(it.val, it.key, goal != nil, costs)
		}
	}
	result := r.result
	if goal != nil {
		for _, g := range goal.groups {
			for _, at := range g.atoms {
				r.goalAtom[at] = 0
			}
		}
	}
	return result
}

// settle processes atom at, reached at its final cost c: goal accounting,
// then the preconditions and add/subtract triggers it satisfies.
func (r *relaxed) settle(at int32, c float64, goal bool, costs []float64) {
	if goal {
		if gi := r.goalAtom[at]; gi != 0 && !r.goalHit[gi-1] {
			r.goalHit[gi-1] = true
			r.remaining--
			r.total += c
			if r.remaining == 0 {
				r.result = c
				if r.sum {
					r.result = r.total
				}
			}
		}
	}
	for _, u := range r.ix.uses[r.ix.useStart[at]:r.ix.useStart[at+1]] {
		if u.slot >= 0 {
			// a group of several atoms: the first to settle satisfies it
			if r.gdone[u.slot] {
				continue
			}
			r.gdone[u.slot] = true
		}
		if r.sum {
			r.ready[u.action] += c
		} else if c > r.ready[u.action] {
			r.ready[u.action] = c
		}
		r.pending[u.action]--
		if r.pending[u.action] == 0 {
			// fire, written out: the call and its spills cost as much as
			// the rest of a use
			a := u.action
			ca := r.ready[a] + costs[a]
			for _, x := range r.ix.effAtoms[r.ix.effStart[a]:r.ix.effStart[a+1]] {
				r.push(x, ca)
			}
			if r.ix.slow[a] {
				r.fireDeltas(a, costs)
			}
		}
	}
	for _, t := range r.ix.trigs[r.ix.trigStart[at]:r.ix.trigStart[at+1]] {
		if r.pending[t.action] == 0 {
			r.push(at+t.delta, combine(r.ready[t.action], c, r.sum)+costs[t.action])
		}
	}
}

func combine(a, b float64, sum bool) float64 {
	if sum {
		return a + b
	}
	return max(a, b)
}

// fire makes the effects of a ready action reachable.
func (r *relaxed) fire(ai int32, costs []float64) {
	ix := r.ix
	c := r.ready[ai] + costs[ai]
	for _, at := range ix.effAtoms[ix.effStart[ai]:ix.effStart[ai+1]] {
		r.push(at, c)
	}
	if ix.slow[ai] {
		r.fireDeltas(ai, costs)
	}
}

// fireDeltas makes the values the add/subtract effects of a ready action
// reach from the settled values of their facts reachable.
func (r *relaxed) fireDeltas(ai int32, costs []float64) {
	a := &r.d.actions[ai]
	for _, dl := range a.deltas {
		f := &r.d.facts[dl.fact]
		for x := 0; x < f.size; x++ {
			at := int32(f.atom + x)
			if r.done[at] && x+dl.n >= 0 && x+dl.n < f.size && allowedByPre(a, dl.fact, at) {
				r.push(at+int32(dl.n), max(r.ready[ai], r.cost[at])+costs[ai])
			}
		}
	}
}

// push lowers the cost of atom at to c, if that is lower, and queues it.
// Small enough to inline: most pushes lower nothing.
func (r *relaxed) push(at int32, c float64) {
	if c < r.cost[at] {
		r.cost[at] = c
		r.queue(at, c)
	}
}

func (r *relaxed) queue(at int32, c float64) {
	if r.useRing {
		r.ring.push(at, c)
		return
	}
	r.heap.push(c, 0, at)
}
