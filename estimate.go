package goap

import "math"

// A search's estimates: the heuristics of hmax.go and lmcut.go applied to
// the plan call's usable actions and costs. Backward search's estimate of
// a subgoal is in backward.go.

// estimate is the forward heuristic of state w.
func (s *search) estimate(w []uint64) float64 {
	p := s.p
	switch s.heur {
	case Blind:
		return 0
	case GoalCountNotOptimal:
		n := 0
		for i := range s.t.cond.mask {
			n += popcountFields(s.p.d, i, (w[i]^s.t.cond.val[i])&s.t.cond.mask[i])
		}
		for i := range s.t.cond.num {
			if !s.t.cond.num[i].holds(w) {
				n++
			}
		}
		return float64(n)
	case HAddNotOptimal:
		return p.rel.evaluate(w, &s.t.cond, p.prep.costs, true)
	case LMCut:
		return p.lmcutEstimate(w, &s.t.cond)
	default:
		return p.rel.evaluate(w, &s.t.cond, p.prep.costs, false)
	}
}

// popcountFields counts the fields of word i with a set bit in x.
func popcountFields(d *Domain, i int, x uint64) int {
	n := 0
	for x != 0 {
		n++
		// clear the whole field of the lowest set bit
		low := x & -x
		for fi := range d.facts {
			f := &d.facts[fi]
			if f.word == i && f.mask&low != 0 {
				x &^= f.mask
				break
			}
		}
	}
	return n
}

// childEstimate is the estimate of node idx, just added to the search:
// backward, h_max of its subgoal; forward, the search's heuristic of its
// state (LM-cut's reusing its parent's landmarks).
func (s *search) childEstimate(idx int32) float64 {
	if s.dir == Backward && s.w == 1 {
		x := s.state(idx)
		return s.regressionEstimate1(x[0], x[1])
	}
	if s.dir == Backward {
		return s.regressionEstimate(s.state(idx))
	}
	if s.heur == Blind {
		return 0
	}
	if s.heur == LMCut && !s.sym {
		return s.p.lmcutChild(s, idx)
	}
	return s.estimate(s.state(idx))
}

// Forward LM-cut search defers its estimates (lazyLMCut): a child enters
// the open list with its parent's estimate less the action's cost and is
// estimated when it is popped. That stand-in is admissible: an admissible
// h(parent) is at most cost(a) + h*(child). So the search stays A* with an
// admissible estimate (the larger of the two, once known), and the plan
// optimal; where an expansion makes hundreds of children whose estimates
// barely differ (deep crafting: every unmade leaf can be made), only the
// few popped are estimated. On a plan found straight down, each popped
// child is the last expanded node's, whose landmarks are at hand.
//
// Deferring pays where most children are never popped. Where an
// expansion makes a few (IPC tasks: 4-13), most are popped, and each
// popped away from its parent would need a full LM-cut instead of the
// incremental one eager estimates get from their parent's landmarks
// (logistics task09: 1.7x the time per expansion). So children wait only
// while the expansions so far made lazyBranching successors or more each.
const lazyLMCut = true

// lazyBranching is the mean number of successors per expansion from
// which forward LM-cut search defers its estimates (see lazyLMCut).
const lazyBranching = 32

// evaluate estimates the deferred node n, just popped with the key of its
// stand-in estimate. It reports whether n is still the node to expand:
// false when the estimate raised its f (it is pushed again) or proved it
// a dead end (it is closed).
func (s *search) evaluate(n int32) bool {
	h := s.p.lmcutDeferred(s, n)
	nd := s.nodes.at(n)
	nd.act &^= nodeDeferred
	if math.IsInf(h, 1) {
		nd.h = float32(h)
		s.close(n) // a dead end: no plan passes through it
		return false
	}
	if float64(roundDown32(h)) <= nd.est() {
		return true // f is unchanged: still the least
	}
	s.setEst(nd, h)
	s.push(n)
	return false
}

// lmcutDeferred is the LM-cut estimate of the deferred node idx, reusing
// its parent's landmarks when they are at hand (the parent was the last
// node estimated or the last whose children were), or the grandparent's:
// the parent's landmarks are then taken again from those, incrementally
// (the first child popped below an eagerly estimated node: on deep
// crafting a second full LM-cut, O(plan²), took a fifth of the time).
// Otherwise one LM-cut of the node's own state, kept for its children,
// costs less than computing the parent's landmarks first.
func (p *Planner) lmcutDeferred(s *search, idx int32) float64 {
	goal := &s.t.cond
	nd := s.nodes.at(idx)
	want := lmNodeKey{s, s.run, nd.parent}
	fresh := p.lm == nil || p.lm.goal != goal || p.lm.gen != p.prep.gen
	if fresh {
		p.lmcutPrepare(goal)
	}
	w := s.state(idx)
	var h float64
	switch {
	case !fresh && p.lmRun.parent == want:
		h = p.lm.estimateChild(p.d, s.state(nd.parent), w, ActionID(nd.action()))
	case !fresh && p.lmRun.kid == want:
		p.lm.par, p.lm.kid = p.lm.kid, p.lm.par
		p.lmRun.parent = want
		h = p.lm.estimateChild(p.d, s.state(nd.parent), w, ActionID(nd.action()))
	case !fresh && p.grandparentAtHand(s, nd.parent):
		// The parent's landmarks again, from its parent's, then the
		// node's from them: two incremental estimates, not a full one.
		par := s.nodes.at(nd.parent)
		p.lm.estimateChild(p.d, s.state(par.parent), s.state(nd.parent), ActionID(par.action()))
		p.lm.par, p.lm.kid = p.lm.kid, p.lm.par
		p.lmRun.parent = want
		h = p.lm.estimateChild(p.d, s.state(nd.parent), w, ActionID(nd.action()))
	default:
		p.lm.kid.reset()
		p.lm.ev.rec = &p.lm.kid
		h = p.lm.estimate(p.d, w)
		p.lm.ev.rec = nil
	}
	h = p.numericBounds(h, w, goal, &p.lm.kid)
	p.lmRun.kid = lmNodeKey{s, s.run, idx}
	return h
}

// grandparentAtHand reports whether the landmarks of the parent of node
// parent are at hand, and if so makes them par (for estimateChild).
func (p *Planner) grandparentAtHand(s *search, parent int32) bool {
	gp := s.nodes.at(parent).parent
	if gp < 0 {
		return false
	}
	key := lmNodeKey{s, s.run, gp}
	switch key {
	case p.lmRun.parent:
	case p.lmRun.kid:
		p.lm.par, p.lm.kid = p.lm.kid, p.lm.par
		p.lmRun.parent = key
	default:
		return false
	}
	return true
}

// lmcutPreferred reports whether action a, from node parent of the lazy
// search s, is a preferred operator: an action of one of the parent's
// landmarks, every relaxed plan from the parent using one of each. Only
// ties go to them, so the plan stays optimal; where many children share
// their parent's f (deep crafting: every unmade leaf can be made, a
// consumed one made again), the search goes down through useful actions
// instead of estimating the others first. Without the parent's landmarks
// at hand (it was not the last node estimated) nothing is preferred.
func (p *Planner) lmcutPreferred(s *search, parent int32, a ActionID) bool {
	lm := p.lm
	if lm == nil {
		return false
	}
	key := lmNodeKey{s, s.run, parent}
	if p.lmRun.pref != key {
		var set *lmSet
		switch key {
		case p.lmRun.kid:
			set = &lm.kid
		case p.lmRun.parent:
			set = &lm.par
		default:
			return false
		}
		lm.prefEp++
		if lm.prefEp == 0 { // wrapped: clear the stamps once
			clear(lm.prefMark)
			lm.prefEp = 1
		}
		if len(lm.prefMark) < len(lm.base) {
			lm.prefMark = make([]uint32, len(lm.base))
		}
		for _, o := range set.ops {
			lm.prefMark[o] = lm.prefEp
		}
		p.lmRun.pref = key
	}
	op := lm.opOf[a]
	return op >= 0 && lm.prefMark[op] == lm.prefEp
}

// lmcutRecorded is lmcutEstimate of state w for the lazy search s,
// keeping the landmarks in kid for the children's estimates and
// preferred operators: the root's estimate.
func (p *Planner) lmcutRecorded(s *search, w []uint64) float64 {
	goal := &s.t.cond
	p.lmcutPrepare(goal)
	p.lm.kid.reset()
	p.lm.ev.rec = &p.lm.kid
	h := p.lm.estimate(p.d, w)
	p.lm.ev.rec = nil
	return p.numericBounds(h, w, goal, &p.lm.kid)
}

// lmcutEstimate returns the LM-cut estimate of goal from state w; when an
// enabled action has add/subtract effects, the larger of it and h_max.
func (p *Planner) lmcutEstimate(w []uint64, goal *condSet) float64 {
	p.lmcutPrepare(goal)
	lm := p.lm
	if !lm.deltas {
		return lm.estimate(p.d, w)
	}
	lm.ev.one.reset()
	lm.ev.rec = &lm.ev.one
	h := lm.estimate(p.d, w)
	lm.ev.rec = nil
	return p.numericBounds(h, w, goal, &lm.ev.one)
}

// lmcutChild returns the LM-cut estimate (as lmcutEstimate) of node idx of
// forward search s, reusing the landmarks of its parent (estimateChild):
// the parent's are computed once, when its first child comes, and serve
// all its children.
func (p *Planner) lmcutChild(s *search, idx int32) float64 {
	goal := &s.t.cond
	nd := s.nodes.at(idx)
	want := lmNodeKey{s, s.run, nd.parent}
	switch {
	case p.lm == nil || p.lm.goal != goal || p.lm.gen != p.prep.gen:
		p.lmcutPrepare(goal)
		fallthrough
	case p.lmRun.parent != want && p.lmRun.kid != want:
		p.lm.estimateParent(p.d, s.state(nd.parent))
	case p.lmRun.parent != want:
		// The parent was the last child estimated (a dive: chains,
		// plans found straight down): its landmarks are at hand.
		p.lm.par, p.lm.kid = p.lm.kid, p.lm.par
	}
	p.lmRun.parent = want
	w := s.state(idx)
	h := p.numericBounds(p.lm.estimateChild(p.d, s.state(nd.parent), w, ActionID(nd.action())), w, goal, &p.lm.kid)
	p.lmRun.kid = lmNodeKey{s, s.run, idx}
	return h
}

// numericBounds returns LM-cut's estimate h of goal from w, whose
// landmarks are in set, raised to the resource bound and to h_max when
// add/subtract effects make them larger. LM-cut lets an add reach any
// value at once; the resource bound counts the producer runs a count's
// consumption needs (lmcut_resources.go), and h_max follows the values
// step by step. When h_max was never the largest in the first
// stepHmaxTrial estimates of a search, it is not computed again (on a
// chain with fuel it never is, and took half the time); nor is the
// resource bound when it never exceeded LM-cut's (deep crafting with
// stocks, where LM-cut counts every item: it took a quarter of the time,
// O(items) per state).
func (p *Planner) numericBounds(h float64, w []uint64, goal *condSet, set *lmSet) float64 {
	lm := p.lm
	if !lm.deltas || math.IsInf(h, 1) {
		return h
	}
	run := &p.lmRun
	if run.boundTried < stepHmaxTrial || run.boundWins > 0 {
		run.boundTried++
		if b := lm.resourceBound(p.d, w, set, p.prep.costs); b > h {
			run.boundWins++
			h = b
		}
	}
	if run.hmaxTried >= stepHmaxTrial && run.hmaxWins == 0 {
		return h
	}
	run.hmaxTried++
	if hm := p.rel.evaluate(w, goal, p.prep.costs, false); hm > h {
		run.hmaxWins++
		return hm
	}
	return h
}

// stepHmaxTrial is how many estimates numericBounds tries h_max (and the
// resource bound) on before it gives up on a search where it never
// exceeded LM-cut.
const stepHmaxTrial = 64

// lmNodeKey names the node whose landmarks lmcut holds: node idx of
// run run of search s.
type lmNodeKey struct {
	s   *search
	run uint64
	idx int32
}

// lmcutPrepare makes p.lm the compiled task of goal under the current
// plan setup.
func (p *Planner) lmcutPrepare(goal *condSet) {
	if p.lm == nil {
		p.lm = &lmcut{}
	}
	lm := p.lm
	lm.meter, lm.tune = &p.meter, &p.tune.lm
	if lm.goal != goal || lm.gen != p.prep.gen {
		lm.build(p.d, goal, p.rel.enabled, p.prep.costs)
		lm.gen = p.prep.gen
		p.lmRun.parent, p.lmRun.kid = lmNodeKey{}, lmNodeKey{}
	}
}
