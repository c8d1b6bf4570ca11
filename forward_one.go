package goap

import "math/bits"

// Forward search over one-word states (up to 64 bits of facts: most game
// domains) with estimates; blind one-word search is in forward_blind.go.

// fwdAction is an action packed for forward search over one-word states:
// its masks inline, its cost for this plan call, and whether it needs the
// general path (integer comparisons or add/subtract).
type fwdAction struct {
	pm, pv, em, ev uint64
	cost           float64
	id             ActionID
	slow           bool
}

// packForward fills p.prep.fwd from p.prep.acts; mask keeps the relevant fields.
func (p *Planner) packForward(mask uint64) {
	p.prep.fwd = p.prep.fwd[:0]
	p.prep.slowFwd = false
	for _, id := range p.prep.acts {
		a := &p.d.actions[id]
		slow := len(a.pre.num) > 0 || len(a.effNum) > 0
		fa := fwdAction{cost: p.prep.costs[id], id: id, slow: slow}
		if len(a.preOps) > 0 { // one word: at most one op each
			fa.pm, fa.pv = a.preOps[0].m, a.preOps[0].v
		}
		if len(a.effOps) > 0 {
			fa.em, fa.ev = a.effOps[0].m, a.effOps[0].v&mask
		}
		p.prep.fwd = append(p.prep.fwd, fa)
		p.prep.slowFwd = p.prep.slowFwd || slow
	}
}

// reachCheckAfter is how many expansions forward search makes before it
// runs the relaxed reachability check, at the least.
const reachCheckAfter = 32

// checkpoint runs the deferred reachability check when its time has come;
// it returns false when that check proved that no plan exists. The check
// is a pass over every usable action. A loop that tests every action at
// every expansion runs it after reachCheckAfter expansions: dropping the
// actions that can never apply pays there (waiting longer made the squad
// shooter's plans 20-35 % slower). A loop that takes its candidates from
// a successor index (a grid's 4 of its 16,384 moves) waits until it has
// generated as many successors as there are usable actions, so that the
// check's cost stays within the search's own; one that ends sooner skips
// it.
func (s *search) checkpoint() bool {
	if !s.pendingCheck || s.expanded < reachCheckAfter || s.generated < len(s.acts) && s.indexedLoop() {
		return true
	}
	s.pendingCheck = false
	ok := s.p.rel.reachable(s.start.w, s.acts, nil)
	if s.p.meter.hit {
		return true // cut short: the search stops at its next expansion
	}
	if !ok || !s.p.rel.goalReachable(&s.t.cond) {
		s.stop(NoPlan, nil)
		return false
	}
	if !s.sym {
		// From an asymmetric start, the actions that can never apply
		// need not be a symmetric set, which orbit search needs.
		s.dropDead()
	}
	return true
}

// indexedLoop reports whether s's loop takes its candidates from a
// successor index (see stepOwn) rather than testing every action.
func (s *search) indexedLoop() bool {
	return !s.p.tune.referenceLoop && !s.sym && (s.w > 1 || s.p.prep.indexed1)
}

// stepForward1 is forward search over one-word states, the common case
// (stepForwardN is the same search over wider ones): with estimates, or
// blind where the bucket queue does not apply (the binary heap).
func (s *search) stepForward1(budget int) {
	if s.p.prep.indexed1 {
		s.stepIndexed1(budget)
		return
	}
	t := s.t
	gm, gv := t.cond.mask[0], t.cond.val[0]
	gnum := len(t.cond.num) > 0
	mask := s.mask[0]
	for ; budget > 0; budget-- {
		n := s.nextToExpand()
		if n < 0 {
			return
		}
		st := s.state1(n)
		if st&gm == gv && (!gnum || t.cond.holds(s.state(n))) {
			s.found(n)
			return
		}
		g := s.expand(n)
		if s.prune && s.expandStubborn(n, g) {
			continue
		}
		if len(s.ctrl) >= s.prefetchAt {
			s.expandPrefetched(n, st, g, mask)
			continue
		}
		// apply1, written out: as a call (it is too big to inline) it
		// slowed blind search with fractional costs by half (ladder48).
		for i := range s.fwd {
			a := &s.fwd[i]
			if st&a.pm != a.pv {
				continue
			}
			child := st&^a.em | a.ev
			if a.slow {
				var ok bool
				if child, ok = s.applySlow(st, child, a.id, mask); !ok {
					continue
				}
			}
			if child == st {
				continue // a no-op here: it cannot lead anywhere cheaper
			}
			s.relax1(child, n, a.id, g+a.cost)
		}
	}
}

// indexOneWordAfter is the number of usable actions above which one-word
// forward search takes its candidates from a successor index
// (stepIndexed1) instead of testing every action: each test is a few
// instructions, but a grid of n x n cells has 4n² moves, of which 4 apply
// anywhere (tests lower it through tuning).
const indexOneWordAfter = 128

// stepIndexed1 is forward search over one-word states with many actions.
// The candidates of a state come from the successor index of multi-word
// search (succGen, here keyed mostly by the value of a field such as a
// position), as a bitset over the actions visited in action order: the
// same successors in the same order as testing every action.
func (s *search) stepIndexed1(budget int) {
	p := s.p
	t := s.t
	mw := &p.prep.mw
	gm, gv := t.cond.mask[0], t.cond.val[0]
	gnum := len(t.cond.num) > 0
	mask := s.mask[0]
	for ; budget > 0; budget-- {
		n := s.nextToExpand()
		if n < 0 {
			return
		}
		st := s.state1(n)
		if st&gm == gv && (!gnum || t.cond.holds(s.state(n))) {
			s.found(n)
			return
		}
		var g float64
		if s.buckets {
			g = s.expandBlind(n)
		} else {
			g = s.expand(n)
		}
		if s.prune && s.expandStubborn(n, g) {
			continue
		}
		mw.candidates(s.state(n))
		for {
			ci, cw := mw.cand.pop()
			if ci < 0 {
				break
			}
			for ; cw != 0; cw &= cw - 1 {
				a := &p.prep.fwd[ci*64+bits.TrailingZeros64(cw)]
				if st&a.pm != a.pv {
					continue
				}
				s.met++
				child := st&^a.em | a.ev
				if a.slow {
					var ok bool
					if child, ok = s.applySlow(st, child, a.id, mask); !ok {
						continue
					}
				}
				if child == st {
					continue // a no-op here
				}
				if s.buckets {
					s.generated++
					s.blindInsert(child, mix64(child), g+a.cost, n, a.id)
					continue
				}
				s.relax1(child, n, a.id, g+a.cost)
			}
		}
	}
}

// prefetchTable is the table length from which one-word forward search
// expands in two passes (expandPrefetched): past the size of the caches,
// every probe of a new state misses them (tests lower it through tuning).
const prefetchTable = 1 << 15

// child is a successor waiting to be inserted by expandPrefetched.
type child struct {
	x, hash uint64
	act     int32 // index in s.fwd
}

// expandPrefetched is the loop body of stepForward1 for large tables. It
// first computes every successor and touches its table slot, loads the
// processor can overlap because nothing depends on them, then inserts
// the successors, which now find their slots in the cache.
func (s *search) expandPrefetched(n int32, st uint64, g float64, mask uint64) {
	kids := s.prefetchKids(st, mask)
	for i := range kids {
		k := &kids[i]
		a := &s.fwd[k.act]
		s.generated++
		idx, fresh, closed := s.insert1h(k.x, k.hash)
		s.settle(idx, fresh, closed, n, a.id, g+a.cost)
	}
}

// prefetchKids returns the successors of the one-word state st, with
// their hashes, after touching their table slots (see expandPrefetched).
// The slice is valid until the next call.
func (s *search) prefetchKids(st uint64, mask uint64) []child {
	kids := s.kids[:0]
	for i := range s.fwd {
		if x, ok := s.apply1(&s.fwd[i], st, mask); ok {
			kids = append(kids, child{x: x, hash: mix64(x), act: int32(i)})
		}
	}
	tm := uint64(len(s.ctrl) - 1)
	var touch uint8
	for i := range kids {
		touch += s.ctrl[kids[i].hash&tm]
	}
	s.touch += touch
	s.kids = kids
	return kids
}

// apply1 returns the state that action a leads to from the one-word state
// st, and whether a applies there and changes something: a no-op cannot
// lead anywhere cheaper.
func (s *search) apply1(a *fwdAction, st, mask uint64) (uint64, bool) {
	if st&a.pm != a.pv {
		return 0, false
	}
	x, ok := st&^a.em|a.ev, true
	if a.slow {
		x, ok = s.applySlow(st, x, a.id, mask)
	}
	return x, ok && x != st
}

// applySlow finishes applying an action with integer comparisons or
// add/subtract effects to the one-word state st; child already holds the
// set effects.
func (s *search) applySlow(st, child uint64, id ActionID, mask uint64) (uint64, bool) {
	a := &s.p.d.actions[id]
	w := [1]uint64{st}
	for i := range a.pre.num {
		if !a.pre.num[i].holds(w[:]) {
			return 0, false
		}
	}
	for i := range a.effNum {
		var ok bool
		if child, ok = a.effNum[i].apply(st, child); !ok {
			return 0, false
		}
	}
	return child & mask, true
}

// relax1 is relax for one-word forward states.
func (s *search) relax1(x uint64, parent int32, a ActionID, g float64) {
	s.generated++
	idx, fresh, closed := s.insert1(x)
	s.settle(idx, fresh, closed, parent, a, g)
}

// dropDead removes from the search the actions that relaxed reachability
// found can never apply. The planner's prepared lists stay intact.
func (s *search) dropDead() {
	p := s.p
	fired := p.rel.fired
	dead := 0
	for _, id := range s.acts {
		if !fired[id] {
			dead++
		}
	}
	if dead == 0 {
		return
	}
	p.liveActs = p.liveActs[:0]
	for _, id := range s.acts {
		if fired[id] {
			p.liveActs = append(p.liveActs, id)
		}
	}
	s.acts = p.liveActs
	if s.fwd != nil {
		p.liveFwd = p.liveFwd[:0]
		for _, a := range s.fwd {
			if fired[a.id] {
				p.liveFwd = append(p.liveFwd, a)
			}
		}
		s.fwd = p.liveFwd
	}
}
