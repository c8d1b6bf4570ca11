package goap

import (
	"slices"
	"unsafe"
)

// stepBlind1 is stepForward1 for the most common search of all: forward,
// one-word states, blind, every cost a small integer (so the open list is
// the bucket queue). It is the same search, the same nodes in the same
// order. It hands the expansions to blindRun in runs that no limit and no
// pending reachability check interrupts, so that blindRun's loop tests
// neither, and to blindLarge once the table has outgrown the caches.
func (s *search) stepBlind1(budget int) {
	if s.p.prep.indexed1 {
		s.stepIndexed1(budget)
		return
	}
	for budget > 0 && s.status == Running {
		if s.limit > 0 && s.expanded >= s.limit || s.p.meter.hit {
			s.stop(LimitReached, s.p.meter.err)
			return
		}
		if s.pendingCheck && !s.checkpoint() {
			return
		}
		n := budget
		if s.limit > 0 {
			n = min(n, s.limit-s.expanded)
		}
		if s.pendingCheck {
			// stop where the check may be due (see checkpoint): at
			// reachCheckAfter expansions, and as often after that
			if d := reachCheckAfter - s.expanded; d > 0 {
				n = min(n, d)
			} else {
				n = min(n, reachCheckAfter)
			}
		}
		before := s.expanded
		switch {
		case len(s.ctrl) >= s.prefetchAt || s.usedPages > 0:
			// (blindRun indexes s.states: flat states only)
			s.blindLarge(n)
		case s.p.prep.slowFwd:
			blindRun[withInts](s, n)
		default:
			blindRun[boolsOnly](s, n)
		}
		budget -= max(s.expanded-before, 1)
	}
}

// boolsOnly and withInts select the two compilations of blindRun: for
// actions that are plain bit masks, and for domains where some action
// compares or adds integers. A call in blindRun's loop, even on a rare
// path, makes the compiler spill the loop's registers, and even the
// integer code written out costs boolean domains up to 30%; so the type
// parameter's size, a constant in each compilation, removes that code
// from the boolean loop altogether.
type (
	boolsOnly struct{}
	withInts  struct{ _ byte }
)

// blindRun makes up to n expansions of stepBlind1 while the table is
// small; a small search such as the guard's spends most of its time here.
// The pop, the table probe, the node update and the push are written out
// in the loop, and the loop tests neither the expansion limit nor the
// reachability checkpoint (stepBlind1 sizes n for that), so the common
// path, an action whose preconditions fail, is a handful of instructions
// with no spilled registers. The search's slices stay fields of s on
// purpose: copies in local variables measured slower, as they no longer
// fit in the registers.
func blindRun[K boolsOnly | withInts](s *search, n int) {
	var kind K
	ints := unsafe.Sizeof(kind) != 0
	// Values used once per expansion or successor are read from s where
	// they are needed, not held in variables: the loop has more live
	// values than registers, and a field load costs no more than the
	// reload of a spilled variable (measured in instructions).
	q := &s.bq
	for ; n > 0; n-- {
		// The bucket queue's pop (bucketQueue.pop, with next's check
		// for stale entries), written out.
		cur := int32(-1)
		for q.count > 0 {
			bk := &q.ring[q.cur&q.mask]
			h := bk.head
			if int(h) == len(bk.items) {
				bk.items, bk.head = bk.items[:0], 0
				q.cur++
				continue
			}
			if bk.unsorted {
				slices.Sort(bk.items[h:])
				bk.unsorted = false
			}
			bk.head = h + 1
			q.count--
			c := bk.items[h]
			// An entry is stale when its node was improved since (and
			// so pushed to, and expanded from, an earlier bucket): its
			// cost is then no longer the bucket's. Nodes are pushed at
			// most once per cost, so this also skips closed ones.
			if int64(s.nodes.at(c).cost()) == q.cur {
				cur = c
				break
			}
		}
		if cur < 0 {
			s.stop(NoPlan, nil)
			return
		}
		st := s.states[cur]
		if s.isGoal1(cur, st) {
			s.found(cur)
			return
		}
		g := s.expandBlind(cur)
		fwd := s.fwd
		for i := 0; i < len(fwd); i++ {
			// The scan for the next applicable action is a loop of its
			// own: with few values live it stays in registers (measured
			// in instructions: 17 per action tested inside the big loop).
			for uint(i) < uint(len(fwd)) && st&fwd[i].pm != fwd[i].pv {
				i++
			}
			if i == len(fwd) {
				break
			}
			a := &fwd[i]
			x := st&^a.em | a.ev
			if ints && a.slow {
				// applySlow, written out (see withInts).
				ad := &s.p.d.actions[a.id]
				ok := true
				for k := range ad.pre.num {
					c := &ad.pre.num[k]
					if !c.cmp(int64((st >> c.shift) & c.field)) {
						ok = false
						break
					}
				}
				for k := 0; ok && k < len(ad.effNum); k++ {
					x, ok = ad.effNum[k].apply(st, x)
				}
				if !ok {
					continue
				}
				x &= s.mask[0]
			}
			if x == st {
				continue // a no-op here: it cannot lead anywhere cheaper
			}
			s.generated++
			cg := g + a.cost
			ctrl := s.ctrl
			tm := uint64(len(ctrl) - 1)
			h := mix64(x)
			tag := ctrlTag(h)
			for j := h & tm; ; j = (j + 1) & tm {
				c := ctrl[j]
				if c == 0 { // a new state
					idx, nd := s.nodes.add()
					nd.setCost(cg)
					nd.parent, nd.act = cur, uint32(a.id) // a new node: no flags
					s.states = append(s.states, x)
					ctrl[j], s.ids[j] = tag, uint32(idx)
					q.pushNew(idx, int64(cg))
					if s.full() {
						s.grow()
					}
					break
				}
				if c == tag {
					if idx := int32(s.ids[j] & idMask); s.states[idx] == x {
						// See blindInsert.
						if nd := s.nodes.at(idx); cg < nd.cost() {
							nd.setCost(cg)
							nd.parent = cur
							nd.setAction(int32(a.id))
							q.push(idx, int64(cg))
						}
						break
					}
				}
			}
		}
		if len(s.ctrl) >= s.prefetchAt {
			return // blindLarge takes over
		}
	}
}

// blindLarge makes up to n expansions of stepBlind1 once the table is
// large: its misses dominate, and prefetchKids overlaps them.
func (s *search) blindLarge(n int) {
	mask := s.mask[0]
	for ; n > 0; n-- {
		cur := s.next()
		if cur < 0 {
			s.stop(NoPlan, nil)
			return
		}
		st := s.state1(cur)
		if s.isGoal1(cur, st) {
			s.found(cur)
			return
		}
		g := s.expandBlind(cur)
		kids := s.prefetchKids(st, mask)
		for i := range kids {
			k := &kids[i]
			a := &s.fwd[k.act]
			s.generated++
			s.blindInsert(k.x, k.hash, g+a.cost, cur, a.id)
		}
	}
}

// expandBlind is expand for blind searches with the bucket queue: it
// closes node n in the node arena only (the duplicate test compares
// costs, not the slot's closed flag), counts it and returns its cost.
func (s *search) expandBlind(n int32) float64 {
	nd := s.nodes.at(n)
	nd.act |= nodeClosed
	s.expanded++
	return nd.cost()
}

// blindInsert records the one-word state x (hash h) as reached at cost g
// by action a from parent, in a blind search with the bucket queue: it
// adds the state, or improves it, and pushes it on the bucket queue.
// Blind search is consistent, so a state already reached at no more than
// g, closed or open, stays as it is: the node's cost tells, and its slot's
// closed flag is not kept.
func (s *search) blindInsert(x, h uint64, g float64, parent int32, a ActionID) {
	ctrl := s.ctrl
	tm := uint64(len(ctrl) - 1)
	tag := ctrlTag(h)
	for j := h & tm; ; j = (j + 1) & tm {
		c := ctrl[j]
		if c == 0 {
			s.blindAdd(j, tag, g, parent, a)
			s.addState1(x)
			if s.full() {
				s.grow()
			}
			return
		}
		if c == tag {
			if idx := int32(s.ids[j] & idMask); s.state1(idx) == x {
				s.blindReached(idx, g, parent, a)
				return
			}
		}
	}
}

// blindAdd adds the node of a new state reached at cost g by action a from
// parent, in the empty slot j under the control byte tag, and pushes it;
// the caller stores the state and grows the table.
func (s *search) blindAdd(j uint64, tag uint8, g float64, parent int32, a ActionID) {
	idx, nd := s.nodes.add()
	nd.setCost(g)
	nd.parent, nd.act = parent, uint32(a) // a new node: no flags
	s.ctrl[j], s.ids[j] = tag, uint32(idx)
	s.bq.pushNew(idx, int64(g))
}

// blindReached records that node idx is reached again, at cost g by
// action a from parent: the node is improved and pushed again when g is
// lower than its cost.
func (s *search) blindReached(idx int32, g float64, parent int32, a ActionID) {
	if nd := s.nodes.at(idx); g < nd.cost() {
		nd.setCost(g)
		nd.parent = parent
		nd.setAction(int32(a))
		s.bq.push(idx, int64(g))
	}
}

// isGoal1 reports whether node n, whose one-word state is st, meets the
// target (stepBlind1's goal test; small enough to be inlined).
func (s *search) isGoal1(n int32, st uint64) bool {
	return st&s.goal1.mask == s.goal1.val && (!s.goal1.num || s.holdsAt(n))
}

// holdsAt reports whether node n's state meets every condition of the
// target.
func (s *search) holdsAt(n int32) bool {
	return s.t.cond.holds(s.state(n))
}
