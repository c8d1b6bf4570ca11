package goap

import (
	"errors"
	"math"
)

// A step of the search: stepping a search by a budget of expansions (the
// loops are dispatched at stepOwn), settling a reached state in the table
// and the open list, expanding a node, and the result of a search.

func (s *search) stop(st Status, err error) {
	s.status, s.err = st, err
}

// step expands up to budget states and returns Running if the search
// should go on, or its final status.
func (s *search) step(budget int) Status {
	if s.status != Running {
		return s.status
	}
	switch {
	case s.auto.on:
		s.stepPortfolio(budget)
	case s.parts.on:
		s.stepParts(budget)
	default:
		s.stepOwn(budget)
	}
	return s.status
}

// stepOwn advances this search alone, in the loop made for its kind of
// search. Each loop is the reference A* of astar.go (stepAStar) made
// faster for one case, and must expand the same nodes in the same order
// and build the same search graph: TestLoopsMatchReference compares them
// node by node after every expansion, on random domains, for every row.
//
//	loop              file             runs for
//	stepBackward1     backward.go      backward search, one-word states
//	  stepBackward1Indexed               over 128 actions (achievers index)
//	stepBackward      backward.go      backward search, wider states
//	stepBlind1        forward_blind.go forward, one word, blind, integer costs
//	  blindRun          (the bucket queue): while the table is small,
//	  blindLarge        then with prefetching
//	stepForward1      forward_one.go   forward, one word, the other cases
//	  stepIndexed1      (either queue): over 128 actions (successor index)
//	  expandPrefetched  (the binary heap): once the table outgrows the caches
//	stepForwardN      forward_wide.go  forward, wider states (successor index)
//	stepAStar         astar.go         symmetric searches (symmetry.go), and
//	                                   every search when tests set tuning.referenceLoop
//
// Forward LM-cut search (search.prune) hands its expansions to
// expandStubborn (stubborn.go) in every loop that runs it, the reference
// one too: it generates the successors of a strong stubborn set.
//
// Memory-bounded search (Options.MemoryBounded) is another algorithm,
// IDA* (idastar.go), checked for optimality against the exhaustive
// reference like the rest.
func (s *search) stepOwn(budget int) {
	switch {
	case s.p.tune.referenceLoop || s.sym:
		s.stepAStar(budget)
	case s.dir == Backward && s.w == 1:
		s.stepBackward1(budget)
	case s.dir == Backward:
		s.stepBackward(budget)
	case s.w == 1 && s.buckets:
		s.stepBlind1(budget)
	case s.w == 1:
		s.stepForward1(budget)
	default:
		s.stepForwardN(budget)
	}
}

// result returns the outcome so far (see Search.Result).
func (s *search) result() (r Result) {
	s.fill(&r)
	return r
}

// fill writes the outcome into r, which must be zero. It fills r in place,
// field by field: building a Result and copying it out measurably stalls
// small plan calls (the copy's wide loads wait for the narrow stores that
// built it).
func (s *search) fill(r *Result) {
	if s.parts.on {
		s.fillParts(r)
		return
	}
	if s.auto.winner != nil {
		s.auto.winner.fill(r)
		r.Expanded, r.Generated = s.portfolioCounts()
		return
	}
	if s.auto.left != nil {
		// Stopped from outside (a limit) while the member left runs:
		// its progress, with the portfolio's status.
		s.auto.left.fill(r)
		r.Status, r.Err = s.status, s.err
		r.Expanded, r.Generated = s.portfolioCounts()
		return
	}
	p := s.p
	r.Status, r.Direction, r.Err = s.status, s.dir, s.err
	if s.status == NoPlan {
		r.why, r.epoch = s, p.epoch
	}
	r.Expanded, r.Generated = s.portfolioCounts()
	switch s.status {
	case Found:
		if s.sym {
			var ok bool
			if p.plan, ok = s.realPlan(s.goalNode, p.plan); !ok {
				r.Status, r.Err = Failed, errors.New("goap: internal error: the plan over interchangeable objects did not replay on real states")
				return
			}
		} else {
			p.plan = s.pathTo(s.goalNode, p.plan)
		}
		r.Plan = p.plan
		if s.dir == Forward && s.heur != LMCut && !s.roundedH {
			// The goal's g is the same sum, in the same order: a node's
			// parent is closed when the node is reached, and only
			// LM-cut and searches that rounded an estimate reopen (and
			// cheapen) closed nodes.
			r.Cost = s.nodes.at(s.goalNode).cost()
		} else {
			cost := 0.0 // summed in a register: r.Cost is memory
			for _, a := range p.plan {
				cost += p.prep.costs[a]
			}
			r.Cost = cost
		}
	case AlreadySatisfied:
		r.Plan = p.plan[:0]
	case LimitReached, Running:
		r.Partial = s.partial()
	}
}

func (s *search) state(n int32) []uint64 {
	if i := int(n) * s.sw; i < len(s.states) {
		return s.states[i : i+s.sw]
	}
	return s.pagedState(n)
}

// pagedState is state for a node past the flat states (see setPaging).
func (s *search) pagedState(n int32) []uint64 {
	m := int(n) - s.flat
	i := (m & (1<<s.pageShift - 1)) * s.stride
	return s.pages[m>>s.pageShift][i : i+s.sw]
}

// state1 is state for one-word states.
func (s *search) state1(n int32) uint64 {
	if uint(n) < uint(len(s.states)) {
		return s.states[n]
	}
	return s.pagedState(n)[0]
}

// relax records that node n is reached at cost g by action a from parent,
// adding or improving it on the open list.
func (s *search) relax(x []uint64, parent int32, a ActionID, g float64) {
	s.generated++
	idx, fresh, closed := s.insert(x)
	s.settle(idx, fresh, closed, parent, a, g)
}

// settle records node idx (just found or added by insert) as reached at
// cost g by action a from parent, pushing it when it is new or improved.
func (s *search) settle(idx int32, fresh, closed bool, parent int32, a ActionID, g float64) {
	nd := s.nodes.at(idx)
	if closed {
		// LM-cut is not consistent, nor an estimate rounded to fit its
		// node: a closed state can be reached more cheaply later, and
		// must then be expanded again.
		if (s.heur != LMCut || s.dir != Forward) && !s.roundedH || g >= nd.cost() || math.IsInf(nd.est(), 1) {
			return
		}
		nd.act &^= nodeClosed
		s.ids[s.slotOf(idx)] &^= idClosed
	}
	if !fresh && g >= nd.cost() {
		return
	}
	nd.setCost(g)
	nd.parent = parent
	nd.setAction(int32(a))
	if s.deferKids && (fresh || nd.deferred()) {
		// The parent's estimate less the action's cost is a lower bound
		// on the cost from here (see lazyLMCut); a cheaper parent may
		// give a larger one.
		h := max(s.nodes.at(parent).est()-s.p.prep.costs[a], 0)
		if fresh || h > nd.est() {
			s.setEst(nd, h)
		}
		nd.act = nd.act&^nodePreferred | nodeDeferred
		if s.p.lmcutPreferred(s, parent, a) {
			nd.act |= nodePreferred
		}
	} else if fresh && s.estimates {
		s.setEst(nd, s.childEstimate(idx))
		if math.IsInf(nd.est(), 1) {
			s.close(idx) // a dead end: no plan passes through it
			return
		}
	}
	s.push(idx)
}

// nextToExpand returns the next node to expand, or -1 when the search
// stops here: the expansion limit is reached, the deferred reachability
// check proves no plan exists, or the open list is exhausted.
func (s *search) nextToExpand() int32 {
	// An expansion may test every usable action on every word (backward
	// search does): charged so, a deadline holds on big domains too.
	s.p.meter.charge(len(s.acts) * s.w)
	if s.limitHit() {
		s.stop(LimitReached, s.p.meter.err)
		return -1
	}
	if !s.checkpoint() {
		return -1
	}
	n := s.next()
	if n < 0 {
		s.stop(NoPlan, nil)
	}
	return n
}

// found ends the search with node n as the goal node.
func (s *search) found(n int32) {
	s.goalNode = n
	s.stop(Found, nil)
}

// expand closes node n, counts it and returns its cost.
func (s *search) expand(n int32) float64 {
	if s.lazy {
		s.deferKids = s.generated >= lazyBranching*max(s.expanded, 1)
	}
	s.close(n)
	s.expanded++
	return s.nodes.at(n).cost()
}

func (s *search) limitHit() bool {
	return s.limit > 0 && s.expanded >= s.limit || s.p.meter.hit
}
