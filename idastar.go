package goap

import (
	"math"
	"slices"
)

// Memory-bounded search: IDA* (iterative deepening A*, Korf 1985), the
// memory-bounded search Pittman's thesis (§1.5) suggests. Each iteration
// is a depth-first search that cuts every path whose f = g + h exceeds the
// iteration's bound. Plain IDA* raises the bound to the least f that was
// cut, which takes one iteration per distinct f: thousands with
// fractional costs. Here the next bound is chosen among the cut f values
// so that the next iteration expands about twice as many states (IDA*_CR,
// Sarkar et al. 1991), and within an iteration the search goes on after a
// plan, looking only for cheaper ones (depth-first branch and bound):
// with an admissible heuristic the cheapest plan within the bound is the
// cheapest plan, since no plan cost less than the previous bound.
//
// Memory is the current path (its states and actions), a transposition
// table of bounded size, which dismisses a state reached again in the
// same iteration at no lower cost, and a sample of the cut f values. It
// expands states again in every iteration, so it is slower than A* where
// A* fits in memory: use it when Options.MaxMemory is tight.

// idaCuts is how many cut f values an iteration keeps to choose the next
// bound from.
const idaCuts = 4096

// idaTableBytes is the transposition table's size when Options.MaxMemory
// does not set one (a quarter of it, when it does).
const idaTableBytes = 32 << 20

// idaBudget is the memory the transposition table may take under
// Options.MaxMemory limit: a quarter of it, or idaTableBytes without one.
// A MemoryBounded plan call first gives A* the same memory.
func idaBudget(limit int64) int64 {
	if limit > 0 {
		return limit / 4
	}
	return idaTableBytes
}

// ida is the state of one IDA* plan call; a Planner keeps it to reuse its
// memory.
type ida struct {
	path  []uint64   // the states on the current path, w words each
	hash  []uint64   // their hashes
	acts  []ActionID // the actions on the current path
	w     int
	bound float64   // the current iteration's bound on f
	cuts  []float64 // a sample of the f values above bound, for the next
	best  float64   // the cost of found, +Inf before a plan is found
	stop  bool      // a limit stopped the search
	limit int       // MaxExpansions (0: none)
	found []ActionID
	// the transposition table: open addressing over states kept in
	// states, with the least g each was reached at in this iteration
	slots    []idaSlot
	maxSlots int // the most slots the memory budget allows
	states   []uint64
	used     int
	gen      uint32
}

type idaSlot struct {
	hash uint64
	g    float64
	at   int32 // the state's index in states, in units of w words
	gen  uint32
}

// planIDA runs IDA* for Plan when Options.MemoryBounded is set.
func (p *Planner) planIDA(start State, t *Target, r *Result) {
	s := &p.s
	s.clear(start, t)
	s.w, s.dir, s.p = p.d.words, Forward, p
	opt := &p.Options
	fail := func(err error) { r.Status, r.Err = Failed, err }
	if err := checkCall(p.d, start, t); err != nil {
		fail(err)
		return
	}
	if opt.Direction == Backward {
		fail(badCall("goap: MemoryBounded search runs forward; Direction must be Auto or Forward"))
		return
	}
	if err := opt.validate(); err != nil {
		fail(err)
		return
	}
	r.Direction = Forward
	if t.cond.holds(start.w) {
		r.Status, r.Plan = AlreadySatisfied, p.plan[:0]
		return
	}
	if err := p.prepare(start, t, Forward, opt); err != nil {
		fail(err)
		return
	}
	s.acts, s.heur = p.prep.acts, opt.Heuristic
	if s.heur == AutoHeuristic {
		s.heur = HMax // iterative deepening needs guidance
	}
	x := &p.ida
	x.reset(p, start.w)
	h0 := s.estimate(start.w)
	for x.bound = h0; !math.IsInf(x.bound, 1) && !x.stop; {
		before := s.expanded
		x.newIteration()
		x.dfs(p, 0, 0, h0)
		if !math.IsInf(x.best, 1) && !x.stop {
			p.plan = append(p.plan[:0], x.found...)
			r.Status, r.Plan, r.Cost = Found, p.plan, x.best
			r.Expanded, r.Generated = s.expanded, s.generated
			return
		}
		x.bound = x.nextBound(s.expanded - before)
	}
	r.Expanded, r.Generated = s.expanded, s.generated
	if x.stop {
		r.Status, r.Err = LimitReached, p.meter.err
		p.part = append(p.part[:0], x.acts...)
		r.Partial = p.part
		return
	}
	s.stop(NoPlan, nil)
	r.Status, r.why, r.epoch = NoPlan, s, p.epoch
}

// reset prepares x for a plan call from state w0.
func (x *ida) reset(p *Planner, w0 []uint64) {
	x.w = len(w0)
	x.path = append(x.path[:0], w0...)
	x.hash = append(x.hash[:0], hashWords(w0))
	x.acts = x.acts[:0]
	x.stop, x.limit, x.best = false, p.Options.MaxExpansions, math.Inf(1)
	budget := idaBudget(p.Options.MaxMemory)
	per := int64(32 + 8*x.w) // a slot with its share of the table, and the state
	n := 1
	for int64(2*n)*per <= budget && n < 1<<26 {
		n *= 2
	}
	// The table starts small and doubles up to maxSlots as states come.
	x.maxSlots = n
	if len(x.slots) == 0 || len(x.slots) > n {
		x.slots = make([]idaSlot, min(n, 1024))
		x.gen = 0
	}
}

// grow doubles the transposition table and files its states again.
func (x *ida) grow() {
	old := x.slots
	x.slots = make([]idaSlot, 2*len(old))
	mask := uint64(len(x.slots) - 1)
	for _, e := range old {
		if e.gen != x.gen {
			continue
		}
		i := e.hash & mask
		for x.slots[i].gen == x.gen {
			i = (i + 1) & mask
		}
		x.slots[i] = e
	}
}

// nextBound returns the bound of the next iteration: the cut f value
// below which about as many cuts were seen as states were expanded in the
// iteration (expanded), so that the next one expands about twice as many;
// at least the least cut f; +Inf when nothing was cut.
func (x *ida) nextBound(expanded int) float64 {
	if len(x.cuts) == 0 {
		return math.Inf(1)
	}
	slices.Sort(x.cuts)
	return x.cuts[min(max(expanded, 1), len(x.cuts))-1]
}

// newIteration empties the transposition table and the cut sample.
func (x *ida) newIteration() {
	x.cuts = x.cuts[:0]
	x.gen++
	if x.gen == 0 {
		clear(x.slots)
		x.gen = 1
	}
	x.states, x.used = x.states[:0], 0
}

// seen records that the state at depth d is reached at cost g, and
// reports whether this iteration already reached it at no more than g
// (and so explored everything below it within the bound). The table
// takes no more states once half full: then states are searched again,
// which costs time but never the plan's optimality.
func (x *ida) seen(d int, g float64) bool {
	st := x.path[d*x.w : (d+1)*x.w]
	h := x.hash[d]
	mask := uint64(len(x.slots) - 1)
	for i := h & mask; ; i = (i + 1) & mask {
		e := &x.slots[i]
		if e.gen != x.gen {
			if 2*x.used >= len(x.slots) {
				if len(x.slots) >= x.maxSlots {
					return false // full: search this state again if it comes
				}
				x.grow()
				return x.seen(d, g)
			}
			e.hash, e.g, e.at, e.gen = h, g, int32(x.used), x.gen
			x.states = append(x.states, st...)
			x.used++
			return false
		}
		if e.hash == h && equalWords(x.states[int(e.at)*x.w:int(e.at+1)*x.w], st) {
			if e.g <= g {
				return true
			}
			e.g = g
			return false
		}
	}
}

// dfs searches below the state at depth d, reached at cost g, whose
// estimate is h, for a plan within the bound cheaper than x.best; it
// records such plans in x.found and x.best.
func (x *ida) dfs(p *Planner, d int, g, h float64) {
	s := &p.s
	f := g + h
	switch {
	case f >= x.best:
		return // no cheaper plan below
	case f > x.bound:
		if len(x.cuts) < idaCuts {
			x.cuts = append(x.cuts, f)
		}
		return
	}
	w := x.path[d*x.w : (d+1)*x.w]
	if s.t.cond.holds(w) {
		x.found = append(x.found[:0], x.acts...)
		x.best = g
		return // look for a cheaper one
	}
	if x.limit > 0 && s.expanded >= x.limit || p.meter.charge(len(s.acts)*x.w) || p.meter.hit {
		x.stop = true
		return
	}
	if x.seen(d, g) {
		return
	}
	s.expanded++
	dd := p.d
	for _, id := range s.acts {
		if !applicableWords(dd, w, id) {
			continue
		}
		// The child goes on the path: grow it, then re-slice the parent,
		// which the growth may have moved.
		x.path = append(x.path, w...)
		w = x.path[d*x.w : (d+1)*x.w]
		child := x.path[(d+1)*x.w : (d+2)*x.w]
		applyWords(dd, child, id)
		hc := hashWords(child)
		if x.onPath(d+1, hc) {
			x.path = x.path[:(d+1)*x.w]
			continue
		}
		s.generated++
		x.hash = append(x.hash, hc)
		x.acts = append(x.acts, id)
		if hch := s.estimate(child); !math.IsInf(hch, 1) {
			x.dfs(p, d+1, g+p.prep.costs[id], hch)
		}
		if x.stop {
			return
		}
		x.path, x.hash, x.acts = x.path[:(d+1)*x.w], x.hash[:d+1], x.acts[:d]
		w = x.path[d*x.w : (d+1)*x.w]
	}
}

// onPath reports whether the state at depth d, of hash h, is also an
// earlier state of the path: a cycle, which no cheapest plan contains.
func (x *ida) onPath(d int, h uint64) bool {
	st := x.path[d*x.w : (d+1)*x.w]
	for i := 0; i < d; i++ {
		if x.hash[i] == h && equalWords(x.path[i*x.w:(i+1)*x.w], st) {
			return true
		}
	}
	return false
}

// applicableWords is Domain.Applicable on raw words.
func applicableWords(d *Domain, w []uint64, id ActionID) bool {
	return d.Applicable(State{d: d, w: w}, id)
}

// applyWords applies action id, known to be applicable, to w.
func applyWords(d *Domain, w []uint64, id ActionID) {
	d.Apply(State{d: d, w: w}, id)
}
