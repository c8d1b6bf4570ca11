package goap

import "slices"

// stepBlind1 is stepForward1 for the most common search of all: forward,
// one-word states, blind, every cost a small integer (so the open list is
// the bucket queue). It is the same search, the same nodes in the same
// order, with the table probe, the node update and the push written out
// in the loop, so that the hot values stay in registers. Its successor
// loop repeats stepForward1's on purpose: sharing it through a function
// that collects the successors measured 20-28% slower on the guard and
// synth_small.
func (s *Search) stepBlind1(budget int) {
	t := s.t
	gm, gv := t.cond.mask[0], t.cond.val[0]
	gnum := len(t.cond.num) > 0
	mask := s.mask[0]
	q := &s.bq
	for ; budget > 0; budget-- {
		if s.limit > 0 && s.expanded >= s.limit {
			s.stop(LimitReached, nil)
			return
		}
		if s.pendingCheck && !s.checkpoint() {
			return
		}
		n := s.popCurrent()
		if n < 0 {
			s.stop(NoPlan, nil)
			return
		}
		st := s.states[n]
		if st&gm == gv && (!gnum || t.cond.holds(s.states[n:n+1])) {
			s.found(n)
			return
		}
		g := s.expand(n)
		if len(s.table) >= prefetchTable {
			s.expandPrefetched(n, st, g, mask)
			continue
		}
		gen := s.gen
		for i := range s.fwd {
			a := &s.fwd[i]
			if st&a.pm != a.pv {
				continue
			}
			x := st&^a.em | a.ev
			if a.slow {
				var ok bool
				if x, ok = s.applySlow(st, x, a.id, mask); !ok {
					continue
				}
			}
			if x == st {
				continue // a no-op here: it cannot lead anywhere cheaper
			}
			s.generated++
			cg := g + a.cost
			tm := uint64(len(s.table) - 1)
			for j := mix64(x) & tm; ; j = (j + 1) & tm {
				e := &s.table[j]
				if e.gen != gen { // a new state
					idx, nd := s.addNode()
					nd.g, nd.parent, nd.action, nd.slot = cg, n, int32(a.id), int32(j)
					s.states = append(s.states, x)
					*e = slot{key: x, idx: idx + 1, gen: gen}
					q.push(idx, int64(cg))
					if len(s.nodes)*2 > len(s.table) {
						s.grow()
						gen = s.gen
					}
					break
				}
				if e.key == x {
					// Blind search is consistent: a closed state is final.
					if !e.closed {
						idx := e.idx - 1
						if nd := &s.nodes[idx]; cg < nd.g {
							nd.g, nd.parent, nd.action = cg, n, int32(a.id)
							q.push(idx, int64(cg))
						}
					}
					break
				}
			}
		}
	}
}

// popCurrent is next for the bucket queue: it pops the node of least
// (g, index) that is still current, or returns -1 when none is left.
func (s *Search) popCurrent() int32 {
	q := &s.bq
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
		n := bk.items[h]
		if nd := &s.nodes[n]; !nd.closed && float64(q.cur) == nd.g {
			return n
		}
	}
	return -1
}
