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
		return s.regressionEstimate1(s.states[2*idx], s.states[2*idx+1])
	}
	if s.dir == Backward {
		return s.regressionEstimate(s.state(idx))
	}
	if s.heur == Blind {
		return 0
	}
	if s.heur == LMCut {
		return s.p.lmcutChild(s, idx)
	}
	return s.estimate(s.state(idx))
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
	nd := &s.nodes[idx]
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
	h := p.numericBounds(p.lm.estimateChild(p.d, w, ActionID(nd.action)), w, goal, &p.lm.kid)
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
// chain with fuel it never is, and took half the time).
func (p *Planner) numericBounds(h float64, w []uint64, goal *condSet, set *lmSet) float64 {
	lm := p.lm
	if !lm.deltas || math.IsInf(h, 1) {
		return h
	}
	h = max(h, lm.resourceBound(p.d, w, set, p.prep.costs))
	run := &p.lmRun
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

// stepHmaxTrial is how many estimates numericBounds tries h_max on before
// it gives up on a search where h_max never exceeded LM-cut.
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
