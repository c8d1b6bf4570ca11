package goap

// The search, written once plainly: A* over packed states, forward from
// the start or backward (regression) from the goal conditions. This is
// the algorithm; the loops that run by default (see stepOwn) are this
// loop made faster for one kind of search each, and must match it node
// for node: the same nodes expanded in the same order, the same search
// graph (states, costs, estimates, parents) after every expansion.
// TestLoopsMatchReference checks that on random domains by running each
// search with this loop too (tuning.referenceLoop).
//
// The pieces it is made of are the ones every loop uses:
//
//   - nextToExpand pops the open node of least f = g + w*h (ties: smaller
//     h, then older node; openlist.go), after the expansion limit, the
//     deadline and the deferred reachability check;
//   - expand closes the node and counts it;
//   - relax finds or adds a successor in the table (table.go) and settles
//     it: a new node, or a cheaper path to an open one, goes on the open
//     list; a closed node is reopened only by LM-cut, which is not
//     consistent, and by an optimal search that had to round an estimate
//     to fit its node (node.setEst), which may make it inconsistent;
//   - successor and regress apply one action to one state.

// stepAStar is the reference A* loop: up to budget expansions of any
// search, forward or backward, over states of any width.
func (s *search) stepAStar(budget int) {
	child := s.scratch // sw words; relax copies what it keeps
	for ; budget > 0; budget-- {
		n := s.nextToExpand()
		if n < 0 {
			return
		}
		if s.isGoal(n) {
			s.found(n)
			return
		}
		g := s.expand(n)
		if s.prune && s.expandStubborn(n, g) {
			continue
		}
		if s.sym {
			s.p.sym.parentKeys(s.state(n))
		}
		for _, id := range s.acts {
			if s.sym && s.p.sym.twin(id) {
				continue // a twin's child: the same canonical state
			}
			// s.state(n) is taken again for every action: relax may
			// move the state arena.
			var ok bool
			if s.dir == Backward {
				if s.writes(s.state(n), id) {
					s.met++
				}
				ok = s.regress(s.state(n), child, id)
			} else {
				if holdsOps(s.p.d.actions[id].preOps, s.state(n)) {
					s.met++
				}
				ok = s.successor(s.state(n), child, id)
			}
			if ok {
				if s.sym {
					s.p.sym.canon(child)
				}
				s.relax(child, n, id, g+s.p.prep.costs[id])
			}
		}
	}
}

// isGoal reports whether node n ends the search: forward, its state meets
// the target; backward, the start state meets its subgoal.
func (s *search) isGoal(n int32) bool {
	x := s.state(n)
	if s.dir == Forward {
		return s.t.cond.holds(x)
	}
	w := s.w
	for i := range w {
		if (s.start.w[i]^x[w+i])&x[i] != 0 {
			return false
		}
	}
	return true
}

// successor writes into child the state that action id leads to from st
// and reports whether the action applies there and changes something (a
// no-op cannot lead anywhere cheaper). Fields the search ignores
// (s.mask) stay zero.
func (s *search) successor(st, child []uint64, id ActionID) bool {
	a := &s.p.d.actions[id]
	if !holdsOps(a.preOps, st) {
		return false // applyNum checks the comparisons
	}
	copy(child, st)
	for _, o := range a.effOps {
		child[o.i] = child[o.i]&^o.m | o.v&s.mask[o.i]
	}
	return s.applyNum(st, child, id) && !equalWords(st, child)
}

// writes reports whether action id sets a fact that the subgoal x
// constrains (the actions backward search meets, see search.met).
func (s *search) writes(x []uint64, id ActionID) bool {
	for _, o := range s.p.d.actions[id].effOps {
		if o.m&x[o.i] != 0 {
			return true
		}
	}
	return false
}

// regress writes into child the subgoal that action id leaves of the
// subgoal x (mask words, then value words): what x asks for minus what
// the action sets, plus the action's preconditions. It reports whether
// the action achieves some condition of x, undoes none, and has no
// precondition that contradicts what remains.
func (s *search) regress(x, child []uint64, id ActionID) bool {
	a := &s.p.d.actions[id]
	w := s.w
	achieves := false
	for _, o := range a.effOps {
		overlap := o.m & x[o.i]
		if (o.v^x[w+int(o.i)])&overlap != 0 {
			return false // the action undoes a goal condition
		}
		achieves = achieves || overlap != 0
	}
	if !achieves {
		return false
	}
	copy(child, x)
	for _, o := range a.effOps {
		child[o.i] &^= o.m
		child[w+int(o.i)] &^= o.m
	}
	for _, o := range a.preOps {
		if (child[w+int(o.i)]^o.v)&child[o.i]&o.m != 0 {
			return false // the precondition contradicts what remains
		}
		child[o.i] |= o.m
		child[w+int(o.i)] |= o.v
	}
	return true
}
