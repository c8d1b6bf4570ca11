package goap

// Relaxed reachability without costs, as bitsets over atoms: which fact
// values can ever hold, ignoring that effects also delete. It runs once per
// plan call, in a few nanoseconds per action, and settles two things before
// any search: a goal condition that no atom can satisfy proves at once that
// no plan exists, and an action whose preconditions can never all hold is
// left out of the search.

func setBit(b []uint64, i int)      { b[i>>6] |= 1 << (uint(i) & 63) }
func hasBit(b []uint64, i int) bool { return b[i>>6]&(1<<(uint(i)&63)) != 0 }

// reachable computes, into r.reach, every atom reachable from the state w
// with the actions in acts, and marks in r.fired the actions that can
// ever apply. It stops early once every goal condition is reachable.
func (r *relaxed) reachable(w []uint64, acts []ActionID, goal *condSet) bool {
	d := r.d
	ri := d.reach
	if len(r.reach) != ri.words {
		r.reach = make([]uint64, ri.words)
	}
	clear(r.reach)
	r.seed(w)
	return r.close(acts, goal)
}

// seed marks every atom of the state w reached.
func (r *relaxed) seed(w []uint64) {
	for fi := range r.d.facts {
		f := &r.d.facts[fi]
		setBit(r.reach, f.atom+int((w[f.word]&f.mask)>>f.shift))
	}
}

// close extends r.reach to its fixpoint under the actions in acts (see
// reachable).
func (r *relaxed) close(acts []ActionID, goal *condSet) bool {
	d := r.d
	ri := d.reach
	for _, id := range acts {
		r.fired[id] = false
	}
	// Once every action has fired and none adds or subtracts, nothing can
	// be reached any more: the round that would only confirm it (a whole
	// pass; a third of the check on a 64x64 grid) is skipped.
	unfired, slow := len(acts), false
	for changed := true; changed && (unfired > 0 || slow); {
		changed = false
		// A round tests every action; a chain of n actions takes n
		// rounds, so the rounds count towards a plan call's deadline
		// (the caller ignores a result cut short).
		if r.meter != nil && r.meter.charge(len(acts)) {
			return true
		}
		for _, id := range acts {
			ra := &ri.actions[id]
			if r.fired[id] {
				// Add/subtract effects reach further whenever new values
				// of their fact appear, so they apply again.
				if ra.slow && r.applyDeltas(&d.actions[id]) {
					changed = true
				}
				continue
			}
			if !r.applicableRelaxed(ra) {
				continue
			}
			r.fired[id], changed = true, true
			unfired--
			slow = slow || ra.slow
			for _, at := range ra.eff {
				setBit(r.reach, int(at))
			}
			if ra.slow {
				r.applyDeltas(&d.actions[id])
			}
		}
		if goal != nil && r.goalReachable(goal) {
			return true
		}
	}
	return goal == nil || r.goalReachable(goal)
}

func (r *relaxed) applicableRelaxed(ra *reachAction) bool {
	for _, at := range ra.pre {
		if !hasBit(r.reach, int(at)) {
			return false
		}
	}
	for _, g := range ra.any {
		if !r.anyReached(g.atoms) {
			return false
		}
	}
	return true
}

func (r *relaxed) anyReached(atoms []int32) bool {
	for _, at := range atoms {
		if hasBit(r.reach, int(at)) {
			return true
		}
	}
	return false
}

// applyDeltas adds, for each add/subtract effect, the values reachable by
// applying it to any reached value its preconditions allow. It reports
// whether any atom was added.
func (r *relaxed) applyDeltas(a *action) bool {
	added := false
	for _, dl := range a.deltas {
		f := &r.d.facts[dl.fact]
		// One pass in the delta's direction closes chains (0 -> 1 -> 2
		// ...): each value set is visited later in the same pass. (An
		// upward pass on a subtract took a pass per step: size² work,
		// 1.5 s on a count of 0..40,000.)
		first, step := 0, 1
		if dl.n < 0 {
			first, step = f.size-1, -1
		}
		for x := first; x >= 0 && x < f.size; x += step {
			at := f.atom + x
			y := x + dl.n
			if y < 0 || y >= f.size || !hasBit(r.reach, at) || hasBit(r.reach, f.atom+y) || !allowedByPre(a, dl.fact, int32(at)) {
				continue
			}
			setBit(r.reach, f.atom+y)
			added = true
		}
	}
	return added
}

func (r *relaxed) goalReachable(goal *condSet) bool {
	for _, g := range goal.groups {
		if !r.anyReached(g.atoms) {
			return false
		}
	}
	return true
}

// Reachability is relaxed reachability from a set of start states: which
// values of each fact, and which actions, some sequence of actions can
// reach when effects never undo anything (the delete relaxation). It is a
// sound over-approximation: a value it calls unreachable can never hold,
// an action it calls dead can never run; the converse does not hold.
// Context checks (Action.Check) are not consulted.
type Reachability struct {
	r *relaxed
}

// Reachable returns the relaxed reachability of d from every state of
// starts at once (their union: what is unreachable from the union is
// unreachable from each). States of another domain are ignored.
func (d *Domain) Reachable(starts ...State) *Reachability {
	r := newRelaxed(d)
	r.reach = make([]uint64, d.reach.words)
	for _, s := range starts {
		if s.d == d {
			r.seed(s.w)
		}
	}
	r.close(d.all, nil)
	return &Reachability{r}
}

// Value reports whether fact id can hold v (as State.Get returns it).
func (x *Reachability) Value(id FactID, v int) bool {
	d := x.r.d
	if int(id) < 0 || int(id) >= len(d.facts) {
		return false
	}
	f := &d.facts[id]
	raw := v
	if f.Kind == IntFact {
		raw = v - f.Min
	}
	return raw >= 0 && raw < f.size && hasBit(x.r.reach, f.atom+raw)
}

// CanRun reports whether action id can ever run.
func (x *Reachability) CanRun(id ActionID) bool {
	return int(id) >= 0 && int(id) < len(x.r.fired) && x.r.fired[id]
}
