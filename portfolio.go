package goap

import (
	"errors"
	"math"
)

// The Auto portfolio: forward blind, backward h_max and forward LM-cut
// searches run in turns, and the first to finish wins.

// blindSlice, backwardSlice and lmcutSlice are how many expansions each
// member of an Auto search gets per turn (tuning.slices): forward blind,
// backward h_max, forward LM-cut (which joins after the others' first
// turns, see nextTurn). A blind expansion costs a fraction of a microsecond, a
// backward one about three times more, an LM-cut one 2-300 µs, so the
// shares roughly even out the time each member gets. Searches that finish
// within the first turn (most game searches) never start the others.
const (
	blindSlice    = 256
	backwardSlice = 128
	lmcutSlice    = 1
)

// startMember sets up member i of an Auto search, sharing the actions,
// costs and hook results the forward search prepared.
func (s *search) startMember(i int) {
	p := s.p
	m := &p.twin
	if i == 2 {
		m = &p.lmcs
	}
	m.clear(s.start, s.t)
	m.w, m.weight = s.w, s.weight
	switch i {
	case 1:
		m.dir, m.heur = Backward, HMax
		if s.heur == Blind && p.Options.Heuristic == Blind {
			m.heur = Blind
		}
	case 2:
		m.dir, m.heur = Forward, LMCut
	}
	m.mask, m.acts, m.fwd = s.mask, s.acts, s.fwd
	s.auto.member[i] = m
	m.begin()
}

// stepPortfolio runs the members of an Auto search in turns of
// tuning.slices expansions, forward blind first, until one finishes.
func (s *search) stepPortfolio(budget int) {
	a := &s.auto
	for budget > 0 && s.status == Running {
		done := s.portfolioExpanded()
		if a.total > 0 && done >= a.total {
			s.stop(LimitReached, nil)
			return
		}
		slice := s.p.tune.slices[a.turn]
		if a.turn == 1 && a.member[2] == nil && a.enabled[2] {
			// Until LM-cut has joined, backward search's turns are
			// half as long: where its expansions are dear (random
			// designer domains: ten times a blind one, which its
			// work units do not see), LM-cut's first turn comes
			// sooner; where they are cheap, it still finishes a
			// ladder48 in its first turn.
			slice = max(slice/2, 1)
		}
		n := min(budget, slice-a.used)
		if a.total > 0 {
			n = min(n, a.total-done)
		}
		work := s.p.meter.spent
		if a.member[a.turn] == nil {
			s.startMember(a.turn)
		}
		m := a.member[a.turn]
		before, met, gen := m.expanded, m.met, m.generated
		m.stepOwn(n)
		// LM-cut's work in the units its rounds charge (see workMeter);
		// the others' as the actions and words an expansion touches.
		switch {
		case a.turn == 2:
			a.lmWork += s.p.meter.spent - work
		case m.w == 1 && !s.p.prep.manyActs1:
			// charge's first case, written out for the many short
			// searches that pass here once
			w := int64(m.expanded-before) * int64(len(s.p.prep.acts)+1) << a.turn // backwardWeight
			a.spent[a.turn] += w
			a.cheapWork += w
		default:
			s.charge(m, m.expanded-before, met, gen)
		}
		n = max(m.expanded-before, 1)
		if m.status == LimitReached && s.dropOutOfMemory() {
			continue
		}
		if m != s && m.status != Running {
			s.status, s.err, a.winner = m.status, m.err, m
			return
		}
		budget -= n
		if a.used += n; a.used >= slice {
			a.used = 0
			a.turn = s.nextTurn()
		}
	}
}

// lmcutAfter is how many expansions the members of an Auto search make
// before forward LM-cut may join them: none by default (it used to be
// 4,096, which cost 10x on random designer domains that LM-cut plans in
// 5 expansions), since when it joins and how much work it gets come from
// what the domain shows: the predicted cost of its first estimate
// (lmcutMayRun), its lead over h_max and over blind search's progress
// (lmcutShareNow), the cost of its first expansion (lmcutAhead). Tests
// raise it through tuning to keep LM-cut out.
const lmcutAfter = 0

// lmcutShare bounds the LM-cut member's work: it takes its turn only
// while the work units it has spent are at most lmcutShare times those of
// the other members (more when its estimates pay, see lmcutMayRun). An
// LM-cut estimate costs up to actions x atoms, so on a long chain one of
// its expansions outweighs thousands of blind ones, which then finish
// first: without the bound an 8,000-action chain took 110 s. Counted in
// work units, not time, so the search stays deterministic.
const lmcutShare = 1

// charge adds the work of n expansions of the blind or backward member m
// to the portfolio's counts (met and gen are m.met and m.generated before
// the turn). One-word loops test every action at each expansion. The
// indexed ones (wide states, or many actions) hash and copy the state's
// words and meet only the actions their indexes give; one met there costs
// about as much as metWeight words (a bit marked, the preconditions
// tested, the effects compared); one-word backward search, indexed by
// achievers, meets about the successors it makes. A backward expansion
// costs about backwardWeight forward ones, as the turns' slices assume:
// so on domains where expansions cost the same everywhere, the work stays
// even across the turns and balanced changes nothing.
func (s *search) charge(m *search, n int, met int64, gen int) {
	// p.prep.acts, not s.acts: the reachability check narrows s.acts at an
	// expansion count that depends on how Step was called, and charges
	// must not.
	work := int64(n) * int64(len(s.p.prep.acts)+s.w)
	if m.w > 1 || s.p.prep.manyActs1 {
		work = s.indexedWork(m, n, met, gen)
	}
	i := 0
	if m != s {
		i = 1
		work *= backwardWeight
	}
	s.auto.spent[i] += work
	s.auto.cheapWork += work
}

// indexedWork is charge's work of n expansions of an indexed loop.
func (s *search) indexedWork(m *search, n int, met int64, gen int) int64 {
	if m.w == 1 && m.dir == Backward {
		return int64(n)*int64(1+m.w) + metWeight*int64(m.generated-gen)
	}
	return int64(n)*int64(1+m.w) + metWeight*(m.met-met)
}

// metWeight and backwardWeight calibrate charge's work units.
const (
	metWeight      = 4
	backwardWeight = blindSlice / backwardSlice
)

// nextTurn returns the member whose turn follows s.turn.
//
// Under a SuboptimalWeight, once the blind member's first turn is over,
// only weighted forward LM-cut runs: blind search has no estimate to
// weigh, while weighted LM-cut goes nearly straight to a goal (rts 40:
// 42,742 expansions at weight 2 and 182 at weight 5, against 3.2 million
// blind). Searches shorter than a turn, most game searches, still end
// in the blind member's first.
func (s *search) nextTurn() int {
	a := &s.auto
	if a.left != nil {
		return 2
	}
	if s.weight > 1 && a.enabled[2] {
		return 2
	}
	if a.enabled[2] && a.member[2] == nil && (a.turn == 1 || a.turn == 0 && !a.enabled[1]) && s.lmcutMayRun() {
		// LM-cut's first turn, one expansion, comes right after the
		// first turns of the others: what it shows decides how much
		// it gets (lmcutAhead). The cost blind search has reached,
		// the least g of its open nodes, is noted for lmcutShareNow.
		if b := s.bestOpen(); b >= 0 {
			a.front = s.nodes.at(b).cost()
		}
		return 2
	}
	if a.turn == 2 && s.lmcutAhead() && s.lmcutMayRun() {
		// A larger share is taken in longer turns: one expansion of
		// LM-cut can outweigh a whole turn of the others, so with one
		// expansion per turn its share would stay near 1 whatever
		// the gain (40 sub-plans sharing a tool: 1.5).
		return 2
	}
	for t := a.turn + 1; ; t++ {
		i := t % 3
		if a.enabled[i] && (i == 2 && s.lmcutMayRun() || i < 2 && s.balanced(i)) {
			return i
		}
	}
}

// balanced reports whether member i (blind or backward) takes its turn:
// not while it has spent more work than the other. Their turns are
// counted in expansions, which on most domains keeps the work even (see
// charge); where one member's expansions grow dear, the other gets the
// time. On a chain of n actions, for example, forward blind meets all k
// earlier actions (no-ops) at its k-th expansion while backward search
// meets one: in equal turns forward's quadratic work set the pace.
func (s *search) balanced(i int) bool {
	o := 1 - i
	if !s.auto.enabled[o] || s.auto.member[o] == nil {
		return true
	}
	return s.auto.spent[i] <= s.auto.spent[o]
}

// lmcutMayRun reports whether the LM-cut member of an Auto search takes
// its next turn (see lmcutAfter and lmcutShare).
func (s *search) lmcutMayRun() bool {
	if s.portfolioExpanded() < s.p.tune.lmcutAfter {
		return false
	}
	if s.auto.lmFirst == 0 {
		s.auto.lmFirst = s.predictLMCut()
	}
	return max(s.auto.lmWork, s.auto.lmFirst) <= s.lmcutShareNow()*s.auto.cheapWork
}

// lmcutShareNow is the LM-cut member's share of the work: lmcutShare, or
// more when its estimate of the start shows it leads the others by far,
// in proportion to the square of its lead:
//
//   - over h_max: the goal has many independent landmarks, whose
//     orderings blind search enumerates (n goals that n actions set one
//     by one make 2^n states) while LM-cut goes straight down;
//   - over the cost blind search had reached when LM-cut joined
//     (portfolioRun.front): blind search must still go that far, and
//     the states it expands grow about geometrically with the cost it
//     has reached (random designer domains: LM-cut 1.5-2.2 times ahead
//     after blind's first turn, blind search 1,400-35,000 expansions,
//     LM-cut 3-8).
//
// A lead under leadFar leaves the share at lmcutShare.
func (s *search) lmcutShareNow() int64 {
	lm := s.auto.member[2]
	if lm == nil || lm.nodes.len() == 0 {
		return lmcutShare
	}
	h := lm.nodes.at(0).est()
	lead := h / max(s.auto.hmax0, 1e-9)
	if s.auto.front > 0 {
		lead = max(lead, h/s.auto.front)
	}
	if lead < leadFar {
		return lmcutShare
	}
	return int64(min(lead*lead, lmcutMaxShare))
}

// leadFar is the lead from which LM-cut's share grows (lmcutShareNow).
const leadFar = 1.5

// lmcutAhead reports whether the LM-cut member of an Auto search takes
// the turn after its own: when its share is above lmcutShare, or when
// the rest of its search, guessed from its first expansion, costs no
// more than the other members have spent so far (one turn of each costs
// about as much, so it costs less than their next turn). The guess: one
// expansion per step of the plan, as many steps as LM-cut's estimate of
// the start covers at the actions' mean cost, each as dear as the first.
func (s *search) lmcutAhead() bool {
	a := &s.auto
	if s.lmcutShareNow() > lmcutShare {
		return true
	}
	lm := a.member[2]
	if lm == nil || lm.expanded == 0 || lm.nodes.len() == 0 {
		return false
	}
	if a.lmGuess == 0 {
		a.lmGuess = math.MaxInt64
		sum := 0.0
		for _, id := range s.acts {
			sum += s.p.prep.costs[id]
		}
		if sum > 0 {
			steps := math.Ceil(lm.nodes.at(0).est() * float64(len(s.acts)) / sum)
			if g := (steps - float64(lm.expanded)) * float64(a.lmWork) / float64(lm.expanded); g < math.MaxInt64/2 {
				a.lmGuess = int64(max(g, 1))
			}
		}
	}
	return a.lmGuess <= a.cheapWork
}

// lmcutMaxShare bounds LM-cut's share of the work (see lmcutMayRun).
const lmcutMaxShare = 64

// predictLMCut predicts the work units of LM-cut's estimate of the start:
// a round visits up to every action and atom, and it takes at least
// h_max / (the dearest action's cost) rounds, since a round's cut lowers
// the estimate by at most that cost. On a chain of n actions that is n
// rounds of n units: the bound keeps LM-cut out of searches the blind
// member finishes first.
func (s *search) predictLMCut() int64 {
	p := s.p
	var h float64
	if b := s.auto.member[1]; b != nil && b.hmaxKnown {
		h = b.hmaxStart // the backward member explored from the start
	} else {
		h = p.rel.evaluate(s.start.w, &s.t.cond, p.prep.costs, false)
	}
	s.auto.hmax0 = h
	// s.acts is p.prep.acts or a part of it (the reachability check
	// narrows it): of the same length, it is the same, whose dearest
	// action prepare found when their costs are integers.
	top := float64(p.prep.maxIntCost)
	if len(s.acts) != len(p.prep.acts) || !p.prep.intCosts {
		top = 0
		for _, id := range s.acts {
			top = max(top, p.prep.costs[id])
		}
	}
	rounds := 1.0
	if top > 0 && !math.IsInf(h, 1) {
		rounds = max(1, h/top)
	}
	return int64(float64(len(s.acts)+p.d.atoms) * rounds)
}

// portfolioExpanded counts the expansions of all members of an Auto
// search (of s alone otherwise).
func (s *search) portfolioExpanded() int {
	n := s.expanded
	for _, m := range s.auto.member[1:] {
		if m != nil {
			n += m.expanded
		}
	}
	return n
}

// portfolioCounts returns the expansions and generated states of all
// members of an Auto search (of s alone otherwise).
func (s *search) portfolioCounts() (expanded, generated int) {
	expanded, generated = s.expanded, s.generated
	for _, m := range s.auto.member[1:] {
		if m != nil {
			expanded += m.expanded
			generated += m.generated
		}
	}
	return expanded, generated
}

// dropOutOfMemory is called when the memory limit stops an Auto search:
// when its forward LM-cut member can still run, the blind and backward
// members drop out and free their memory, and LM-cut goes on alone with
// it. Their states grow by the million where LM-cut's grow by the
// thousand (a chain of 2,560 steps burning fuel: blind filled 1 GiB,
// LM-cut alone needs 2,560 expansions). It reports whether the search
// goes on.
func (s *search) dropOutOfMemory() bool {
	a := &s.auto
	p := s.p
	var mem *MemoryLimitError
	if !a.on || a.left != nil || !a.enabled[2] || !errors.As(p.meter.err, &mem) {
		return false
	}
	if lm := a.member[2]; lm != nil && lm.status != Running {
		return false
	}
	a.enabled[0], a.enabled[1] = false, false
	s.release()
	if a.member[1] != nil {
		a.member[1].release()
	}
	p.meter.hit, p.meter.err = false, nil
	s.status, s.err = Running, nil
	if a.member[2] == nil {
		s.startMember(2)
	}
	a.left = a.member[2]
	a.turn, a.used = 2, 0
	return true
}

// release frees the memory of a search that will not run again in this
// plan call (the next one allocates afresh).
func (s *search) release() {
	s.nodes.free()
	s.states, s.open, s.ctrl, s.ids = nil, openList{}, nil, nil
	s.pages, s.usedPages, s.pagedWords = nil, 0, 0
	s.bq = bucketQueue{}
}
