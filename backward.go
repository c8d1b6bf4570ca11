package goap

import (
	"math"
	"math/bits"
)

// Backward (regressive) search: from the goal conditions back to the
// start, over partial states (mask, value words), with h_max from the start.

// regressionEstimate is h_max of a partial state: the most expensive of
// its conditions, each costed once from the start state.
//
// Blind backward search still drops subgoals with a condition that the
// start can never reach (infinite cost): that proves a dead end, it does
// not estimate.
func (s *search) regressionEstimate(x []uint64) float64 {
	d := s.p.d
	w := s.w
	h := 0.0
	for i := nextWord(x[:w], 0); i < w; i = nextWord(x[:w], i+1) {
		m := x[i]
		for m != 0 {
			bit := m & -m
			f := d.fieldOf(i, bit)
			raw := (x[w+i] & f.mask) >> f.shift
			if c := s.p.bw.hatom[f.atom+int(raw)]; c > h {
				h = c
			}
			m &^= f.mask
		}
	}
	if s.heur == Blind && !math.IsInf(h, 1) {
		return 0
	}
	return h
}

// stepBackward is backward search over multi-word subgoals. Only an
// action that writes a fact of the subgoal can achieve it, so the
// candidates come from the facts' writers, marked in a bitset over action
// IDs and visited in ID order, the order of s.acts that tie-breaking
// needs: testing every action made each expansion cost the whole action
// set (quadratic on long chains).
func (s *search) stepBackward(budget int) {
	p := s.p
	w := s.w
	start := s.start.w
	child := s.scratch
	for ; budget > 0; budget-- {
		n := s.nextToExpand()
		if n < 0 {
			return
		}
		x := s.state(n)
		sat := true
		for i := nextWord(x[:w], 0); i < w; i = nextWord(x[:w], i+1) {
			if (start[i]^x[w+i])&x[i] != 0 {
				sat = false
				break
			}
		}
		if sat {
			s.found(n)
			return
		}
		g := s.expand(n)
		cand, lo := s.writersOf(x)
		for ci, cw := range cand {
			if cw == 0 {
				continue
			}
			cand[ci] = 0
			ci += lo
			s.met += int64(bits.OnesCount64(cw))
			for ; cw != 0; cw &= cw - 1 {
				id := ActionID(ci*64 + bits.TrailingZeros64(cw))
				if s.regress(s.state(n), child, id) {
					s.relax(child, n, id, g+p.prep.costs[id])
				}
			}
		}
	}
}

// markUsable sets p.bw.usable to the bitset of s.acts over action IDs, for
// writersOf; begin calls it once per backward search over wide states.
func (s *search) markUsable() {
	p := s.p
	words := (len(p.d.actions) + 63) / 64
	p.bw.usable = resize(p.bw.usable, words)
	p.bw.cand = resize(p.bw.cand, words)
	clear(p.bw.usable)
	clear(p.bw.cand)
	for _, id := range s.acts {
		p.bw.usable[id>>6] |= 1 << (uint(id) & 63)
	}
}

// writersOf returns the bitset of the usable actions that write a fact of
// the subgoal x (mask words first), trimmed to the words that hold some:
// it starts at word lo of the whole set. The caller clears the words it
// reads. Trimmed, an expansion costs the subgoal's writers rather than
// the whole action set (a word per 64 actions).
func (s *search) writersOf(x []uint64) (cand []uint64, lo int) {
	p := s.p
	d := p.d
	lo, hi := len(p.bw.cand), 0
	for i := nextWord(x[:s.w], 0); i < s.w; i = nextWord(x[:s.w], i+1) {
		for m := x[i]; m != 0; {
			f := d.factAt(i, m&-m)
			m &^= d.facts[f].mask
			for _, id := range d.writers[d.writerAt[f]:d.writerAt[f+1]] {
				k := int(id >> 6)
				p.bw.cand[k] |= p.bw.usable[k] & (1 << (uint(id) & 63))
				lo, hi = min(lo, k), max(hi, k+1)
			}
		}
	}
	if lo >= hi {
		return nil, 0
	}
	return p.bw.cand[lo:hi], lo
}

// nextWord returns the place of the first word of x at or after i that
// is not zero (len(x) if none), testing four words at a time: a subgoal
// names a few facts, and its mask words are mostly zero (a chain of
// 8,000 actions: one of 125), so the loops over its conditions skip
// the rest.
func nextWord(x []uint64, i int) int {
	for ; i+4 <= len(x); i += 4 {
		if x[i]|x[i+1]|x[i+2]|x[i+3] != 0 {
			break
		}
	}
	for ; i < len(x) && x[i] == 0; i++ {
	}
	return i
}

// bitCosts tabulates, for one-word domains, the h_max cost of each
// boolean field's two values, so a subgoal's estimate is a walk over its
// mask bits. Multi-bit fields are marked in p.bw.multi and costed the long way.
func (p *Planner) bitCosts() {
	d := p.d
	p.bw.multi = 0
	for b := 0; b < 64; b++ {
		f := &d.facts[d.bitFact[b]]
		if f.mask&(1<<uint(b)) == 0 {
			continue // an unused bit
		}
		if f.size != 2 || f.mask != 1<<uint(b) {
			p.bw.multi |= 1 << uint(b)
			continue
		}
		p.bw.bitCost[b] = [2]float64{p.bw.hatom[f.atom], p.bw.hatom[f.atom+1]}
	}
}

// regressionEstimate1 is regressionEstimate for one-word subgoals.
func (s *search) regressionEstimate1(m, v uint64) float64 {
	p := s.p
	h := 0.0
	for b := m &^ p.bw.multi; b != 0; b &= b - 1 {
		i := bits.TrailingZeros64(b)
		if c := p.bw.bitCost[i][(v>>uint(i))&1]; c > h {
			h = c
		}
	}
	if m&p.bw.multi != 0 {
		x := [2]uint64{m & p.bw.multi, v}
		h = max(h, s.regressionEstimate(x[:]))
		if math.IsInf(h, 1) {
			return h
		}
	}
	if s.heur == Blind && !math.IsInf(h, 1) {
		return 0
	}
	return h
}

// stepBackward1 is stepBackward for one-word domains: a subgoal is a
// (mask, value) pair of words.
func (s *search) stepBackward1(budget int) {
	if s.p.prep.manyActs1 {
		s.stepBackward1Indexed(budget)
		return
	}
	start := s.start.w[0]
	for ; budget > 0; budget-- {
		n := s.nextToExpand()
		if n < 0 {
			return
		}
		x := s.state(n)
		gm, gv := x[0], x[1]
		if (start^gv)&gm == 0 {
			s.found(n)
			return
		}
		g := s.expand(n)
		for i := range s.fwd {
			a := &s.fwd[i]
			overlap := a.em & gm
			if overlap == 0 || (a.ev^gv)&overlap != 0 {
				continue // achieves nothing, or undoes a goal condition
			}
			keep := gm &^ a.em
			if (gv^a.pv)&keep&a.pm != 0 {
				continue // the precondition contradicts what remains
			}
			s.scratch[0], s.scratch[1] = keep|a.pm, gv&keep|a.pv
			s.relax(s.scratch, n, a.id, g+a.cost)
		}
	}
}

// achievers indexes, for one-word backward search over many actions, the
// actions by the values their effects set: the achievers of atom x are
// list[start[x]:start[x+1]], positions in s.fwd in increasing order.
type achievers struct {
	start, list []int32
	cand        candSet // candidate indexes in s.fwd, empty between uses
	// gen is the p.prep.gen the index was built for from the whole of
	// p.prep.fwd (0: none): plan calls on the same target reuse it,
	// unless dropDead narrowed their actions.
	gen uint64
}

// indexAchievers builds p.bw.ach from s.fwd; begin calls it once per
// backward search over one word when the actions are many.
func (s *search) indexAchievers() {
	p := s.p
	d := p.d
	ach := &p.bw.ach
	whole := len(s.fwd) > 0 && len(s.fwd) == len(p.prep.fwd) && &s.fwd[0] == &p.prep.fwd[0]
	if whole && ach.gen == p.prep.gen {
		return // built for these actions
	}
	ach.gen = 0
	if whole {
		ach.gen = p.prep.gen
	}
	ach.start = resize(ach.start, d.atoms+1)
	clear(ach.start)
	each := func(f func(atom int32, i int)) {
		for i := range s.fwd {
			a := &s.fwd[i]
			for fi := range d.facts {
				fc := &d.facts[fi]
				if fc.word == 0 && a.em&fc.mask == fc.mask && fc.mask != 0 {
					f(int32(fc.atom)+int32((a.ev&fc.mask)>>fc.shift), i)
				}
			}
		}
	}
	each(func(x int32, _ int) { ach.start[x+1]++ })
	for x := 1; x <= d.atoms; x++ {
		ach.start[x] += ach.start[x-1]
	}
	ach.list = resize(ach.list, int(ach.start[d.atoms]))
	next := append(p.bw.scratchI32[:0], ach.start[:d.atoms]...)
	each(func(x int32, i int) {
		ach.list[next[x]] = int32(i)
		next[x]++
	})
	p.bw.scratchI32 = next
	ach.cand.resize(len(s.fwd))
}

// stepBackward1Indexed is stepBackward1 for many actions: the candidates
// of a subgoal are the achievers of its conditions (p.bw.ach), visited in
// action order; the others achieve nothing or undo a condition.
func (s *search) stepBackward1Indexed(budget int) {
	p := s.p
	d := p.d
	ach := &p.bw.ach
	start := s.start.w[0]
	for ; budget > 0; budget-- {
		n := s.nextToExpand()
		if n < 0 {
			return
		}
		x := s.state(n)
		gm, gv := x[0], x[1]
		if (start^gv)&gm == 0 {
			s.found(n)
			return
		}
		g := s.expand(n)
		for m := gm; m != 0; {
			f := d.fieldOf(0, m&-m)
			m &^= f.mask
			x := int32(f.atom) + int32((gv&f.mask)>>f.shift)
			for _, i := range ach.list[ach.start[x]:ach.start[x+1]] {
				ach.cand.add(i)
			}
		}
		for {
			ci, cw := ach.cand.pop()
			if ci < 0 {
				break
			}
			for ; cw != 0; cw &= cw - 1 {
				a := &s.fwd[ci*64+bits.TrailingZeros64(cw)]
				overlap := a.em & gm
				if (a.ev^gv)&overlap != 0 {
					continue // undoes a goal condition
				}
				keep := gm &^ a.em
				if (gv^a.pv)&keep&a.pm != 0 {
					continue // the precondition contradicts what remains
				}
				s.scratch[0], s.scratch[1] = keep|a.pm, gv&keep|a.pv
				s.relax(s.scratch, n, a.id, g+a.cost)
			}
		}
	}
}
