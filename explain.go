package goap

import (
	"fmt"
	"math"
	"math/bits"
	"strings"
)

// Explanation says why no plan exists.
type Explanation struct {
	// Target is the goal's name.
	Target string
	// Unreachable lists the goal conditions that no sequence of actions
	// can ever make true from the start, even ignoring every conflict
	// between actions (relaxed reachability). Empty when each condition
	// is reachable on its own but not all of them together.
	Unreachable []UnreachableCondition
	// Closest is the searched state that meets the most goal conditions
	// (forward search), ClosestPlan the actions that reach it from the
	// start and Unmet the goal conditions it still misses. In backward
	// search, Closest is the start state and ClosestPlan the final
	// actions of the plan suffix whose remaining conditions the start
	// comes closest to meeting.
	Closest     State
	ClosestPlan []ActionID
	Unmet       []string
	// Expanded and Generated count the states searched.
	Expanded, Generated int
}

// UnreachableCondition is a goal condition that no action can make true.
type UnreachableCondition struct {
	Condition string // e.g. "threat_removed"
	Reason    string // e.g. "no action sets threat_removed"
}

func (e *Explanation) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "no plan reaches %s", e.Target)
	if len(e.Unreachable) > 0 {
		b.WriteString(": these goal conditions can never be met:")
		for _, u := range e.Unreachable {
			fmt.Fprintf(&b, "\n  - %s: %s", u.Condition, u.Reason)
		}
	} else {
		b.WriteString(": each goal condition is reachable on its own, but no sequence of actions meets them all together")
	}
	if !e.Closest.IsZero() {
		fmt.Fprintf(&b, "\nclosest state reached: %s", e.Closest)
		if len(e.Unmet) > 0 {
			fmt.Fprintf(&b, " (still missing %s)", strings.Join(e.Unmet, ", "))
		}
		if len(e.ClosestPlan) > 0 {
			fmt.Fprintf(&b, " via %s", e.closestActions())
		}
	}
	fmt.Fprintf(&b, "\nsearched %d states (%d generated)", e.Expanded, e.Generated)
	return b.String()
}

// closestActions names the actions of ClosestPlan, comma-separated.
func (e *Explanation) closestActions() string {
	names := make([]string, len(e.ClosestPlan))
	for i, a := range e.ClosestPlan {
		names[i] = e.Closest.d.actions[a].name
	}
	return strings.Join(names, ", ")
}

// Summary renders the explanation on one line, for event logs and test
// reports where String's several lines do not fit: each goal condition
// that can never be met with its reason, or else the conditions the
// closest state still misses and the actions that reach it, e.g.
// "threat_removed is unreachable: Attack needs loaded; loaded: no action
// sets loaded".
func (e *Explanation) Summary() string {
	var b strings.Builder
	for i, u := range e.Unreachable {
		if i > 0 {
			b.WriteString("; ")
		}
		fmt.Fprintf(&b, "%s is unreachable: %s", u.Condition, u.Reason)
	}
	if len(e.Unreachable) > 0 {
		return b.String()
	}
	b.WriteString("each goal condition is reachable alone, not all together")
	if len(e.Unmet) > 0 {
		fmt.Fprintf(&b, "; the closest state misses %s", strings.Join(e.Unmet, ", "))
		if len(e.ClosestPlan) > 0 {
			fmt.Fprintf(&b, " after %s", e.closestActions())
		}
	}
	return b.String()
}

// Why explains a NoPlan result: the goal conditions no action can ever
// meet, traced to their root cause, the closest state the search reached
// and how much it searched. It returns nil for any other result.
//
// The explanation is built when asked, from the search memory the planner
// keeps, so that a plan call that finds no plan allocates nothing (an
// agent may retry an impossible goal every frame). Call it before the
// planner's next Plan or Start: it panics after, as a stale Search does.
func (r Result) Why() *Explanation {
	s := r.why
	if s == nil || r.Status != NoPlan {
		return nil
	}
	p := s.p
	if p.epoch != r.epoch {
		panic("goap: Result.Why called after the planner started another search; call Why before the planner's next Plan or Start")
	}
	p.enter()
	defer p.leave()
	return s.explain()
}

// explain builds the Explanation of a NoPlan result.
func (s *search) explain() *Explanation {
	p := s.p
	d := p.d
	t := s.t
	e := &Explanation{Target: t.name, Expanded: s.expanded, Generated: s.generated}
	p.rel.evaluate(s.start.w, nil, p.prep.costs, false)
	cost := p.rel.cost
	for _, g := range t.cond.groups {
		if !math.IsInf(minAtomCost(cost, g.atoms), 1) {
			continue
		}
		cond := describeGroup(d, g)
		e.Unreachable = append(e.Unreachable, UnreachableCondition{Condition: cond, Reason: s.whyUnreachable(g, cost)})
	}
	n := s.closest()
	if n < 0 {
		e.Closest = s.start.Clone()
		e.Unmet = t.Unmet(e.Closest)
		return e
	}
	e.ClosestPlan = s.pathTo(n, nil)
	if s.dir == Backward {
		e.Closest = s.start.Clone()
		x := s.state(n)
		for i := 0; i < s.w; i++ {
			for m := x[i] & (s.start.w[i] ^ x[s.w+i]); m != 0; {
				id := d.factAt(i, m&-m)
				f := &d.facts[id]
				raw := int32((x[s.w+i] & f.mask) >> f.shift)
				e.Unmet = append(e.Unmet, describeGroup(d, group{fact: id, atoms: []int32{int32(f.atom) + raw}}))
				m &^= f.mask
			}
		}
		return e
	}
	e.Closest = s.start.Clone()
	for _, a := range e.ClosestPlan {
		d.Apply(e.Closest, a)
	}
	e.Unmet = t.Unmet(e.Closest)
	return e
}

// whyUnreachable explains an unreachable goal condition g, following the
// chain of unreachable preconditions back to its root (at most four links),
// e.g. "Attack needs loaded; loaded: LoadWeapon needs has_ammo; has_ammo:
// no action sets it".
func (s *search) whyUnreachable(g group, cost []float64) string {
	var b strings.Builder
	seen := map[FactID]bool{g.fact: true}
	queue := []group{g}
	for depth := 0; len(queue) > 0 && depth < 4; depth++ {
		var next []group
		for _, q := range queue {
			if q.fact != g.fact || depth > 0 {
				fmt.Fprintf(&b, "; %s: ", describeGroup(s.p.d, q))
			}
			reason, missing := s.unreachableStep(q, cost)
			b.WriteString(reason)
			for _, m := range missing {
				if !seen[m.fact] {
					seen[m.fact] = true
					next = append(next, m)
				}
			}
		}
		queue = next
	}
	return b.String()
}

// unreachableStep explains one unreachable condition and returns the
// unreachable preconditions of the actions that could meet it.
//
// Only actions that can make g true count as its writers: an
// add/subtract effect that never moves the fact from a value missing g to
// one meeting it (spending coins when g needs more of them) says nothing
// about how to meet g. One that could, with all its preconditions
// reachable, is stopped by the values its fact reaches, which the
// explanation then gives ("coins only reaches 1, 3, 5 (Earn adds 2)" for
// coins=4): it has no precondition to list after "needs".
func (s *search) unreachableStep(g group, cost []float64) (string, []group) {
	d := s.p.d
	f := &d.facts[g.fact]
	var writers, disabled, blocked, away, bounded []string
	var missingAll []group
	for ai := range d.actions {
		a := &d.actions[ai]
		if a.gone || !writesAny(a, g) {
			continue
		}
		if !canMeet(d, a, g) {
			away = append(away, describeDeltas(d, a, g.fact))
			continue
		}
		writers = append(writers, a.name)
		if !s.p.rel.enabled[ai] {
			disabled = append(disabled, a.name)
			continue
		}
		var missing []string
		for _, pg := range a.pre.groups {
			if math.IsInf(minAtomCost(cost, pg.atoms), 1) {
				missing = append(missing, describeGroup(d, pg))
				missingAll = append(missingAll, pg)
			}
		}
		if len(missing) == 0 {
			// Reachable preconditions: only an add/subtract effect
			// gets here (a set effect would have made g reachable),
			// and none of the values it starts from is reachable.
			bounded = append(bounded, describeDeltas(d, a, g.fact))
			continue
		}
		blocked = append(blocked, fmt.Sprintf("%s needs %s", a.name, strings.Join(missing, ", ")))
	}
	switch {
	case len(writers) == 0:
		if f.Kind == BoolFact && len(g.atoms) == 1 && int(g.atoms[0]) == f.atom+1 {
			return fmt.Sprintf("no action sets %s", f.Name), nil
		}
		msg := fmt.Sprintf("no action sets %s to a value that meets it", f.Name)
		if len(g.atoms) == 1 {
			msg = fmt.Sprintf("no action sets %s to %s", f.Name, describeValue(f, int64(int(g.atoms[0])-f.atom)))
		}
		if len(away) > 0 {
			msg += " (" + strings.Join(away, ", ") + ")"
		}
		return msg, nil
	case len(disabled) == len(writers):
		return fmt.Sprintf("the actions that set it (%s) are excluded or ruled out by their context checks", strings.Join(disabled, ", ")), nil
	}
	if len(bounded) > 0 {
		blocked = append(blocked, fmt.Sprintf("%s only reaches %s (%s)", f.Name, reachedValues(f, cost), strings.Join(bounded, ", ")))
	}
	msg := strings.Join(blocked, "; ")
	if len(disabled) > 0 {
		msg += fmt.Sprintf("; %s excluded or ruled out by context checks", strings.Join(disabled, ", "))
	}
	return msg, missingAll
}

// reachedValues lists the values of f that the relaxation reaches (cost
// holds each atom's cost): a range "0..5" when they follow each other,
// else the first few, "1, 6, 11, 16".
func reachedValues(f *factInfo, cost []float64) string {
	var vals []int
	for x := 0; x < f.size; x++ {
		if !math.IsInf(cost[f.atom+x], 1) {
			vals = append(vals, x)
		}
	}
	switch {
	case len(vals) == 0:
		return "no value"
	case len(vals) == 1:
		return describeValue(f, int64(vals[0]))
	case f.Kind == IntFact && vals[len(vals)-1]-vals[0] == len(vals)-1:
		return describeValue(f, int64(vals[0])) + ".." + describeValue(f, int64(vals[len(vals)-1]))
	}
	const most = 6
	names := make([]string, 0, most+1)
	for i, x := range vals {
		if i == most {
			names = append(names, "...")
			break
		}
		names = append(names, describeValue(f, int64(x)))
	}
	return strings.Join(names, ", ")
}

// writesAny reports whether a can make one of g's atoms true, or changes
// g's fact by an add/subtract effect.
func writesAny(a *action, g group) bool {
	for _, at := range a.setAtoms {
		if containsAtom(g.atoms, at) {
			return true
		}
	}
	for _, dl := range a.deltas {
		if dl.fact == g.fact {
			return true
		}
	}
	return false
}

// canMeet reports whether a, applied to some value its preconditions
// allow, can give g's fact a value that meets g. An add/subtract effect
// must start from a value that misses g: one that only moves between
// values meeting g (spending coins above the amount g asks for) never
// makes g true.
func canMeet(d *Domain, a *action, g group) bool {
	for _, at := range a.setAtoms {
		if containsAtom(g.atoms, at) {
			return true
		}
	}
	for _, dl := range a.deltas {
		if dl.fact != g.fact {
			continue
		}
		f := &d.facts[dl.fact]
		for x := 0; x < f.size; x++ {
			y := x + dl.n
			if y >= 0 && y < f.size && allowedByPre(a, dl.fact, int32(f.atom+x)) &&
				!containsAtom(g.atoms, int32(f.atom+x)) && containsAtom(g.atoms, int32(f.atom+y)) {
				return true
			}
		}
	}
	return false
}

// describeDeltas says what a's add/subtract effect does to fact f, and
// from which values when a's preconditions limit them: "BuyCoal subtracts
// 5", "Earn adds 5 when coins<=10".
func describeDeltas(d *Domain, a *action, f FactID) string {
	var b strings.Builder
	b.WriteString(a.name)
	for _, dl := range a.deltas {
		if dl.fact != f {
			continue
		}
		if dl.n < 0 {
			fmt.Fprintf(&b, " subtracts %d", -dl.n)
		} else {
			fmt.Fprintf(&b, " adds %d", dl.n)
		}
	}
	for _, pg := range a.pre.groups {
		if pg.fact == f {
			fmt.Fprintf(&b, " when %s", describeGroup(d, pg))
		}
	}
	return b.String()
}

// closest returns the node that meets the most goal conditions (forward)
// or whose remaining conditions the start meets best (backward); ties go
// to the cheaper, then older node. It returns -1 when nothing was searched
// beyond the root.
func (s *search) closest() int32 {
	if s.nodes.len() <= 1 {
		return -1
	}
	best, bestUnmet, bestG := int32(-1), math.MaxInt, 0.0
	bitGoal := s.bitGoal()
	for i := range int32(s.nodes.len()) {
		var u int
		if bitGoal {
			u = s.unmetBits(i)
		} else {
			u = s.unmet(i)
		}
		if u < bestUnmet || (u == bestUnmet && s.nodes.at(i).cost() < bestG) {
			best, bestUnmet, bestG = i, u, s.nodes.at(i).cost()
		}
	}
	return best
}

// bitGoal reports whether a forward goal is only equalities on one-bit
// fields, so that unmetBits can count the conditions a state misses.
func (s *search) bitGoal() bool {
	if s.dir != Forward || len(s.t.cond.num) > 0 {
		return false
	}
	for _, g := range s.t.cond.groups {
		if bits.OnesCount64(s.p.d.facts[g.fact].mask) != 1 {
			return false
		}
	}
	return true
}

// unmetBits is unmet for goals that satisfy bitGoal.
func (s *search) unmetBits(n int32) int {
	x := s.state(n)
	c := 0
	for i, m := range s.t.cond.mask {
		c += bits.OnesCount64((x[i] ^ s.t.cond.val[i]) & m)
	}
	return c
}

// unmet counts the goal conditions node n misses (forward), or the
// conditions of subgoal n that the start misses (backward).
func (s *search) unmet(n int32) int {
	x := s.state(n)
	if s.dir == Backward {
		c := 0
		for i := 0; i < s.w; i++ {
			c += bits.OnesCount64(x[i] & (s.start.w[i] ^ x[s.w+i]))
		}
		return c
	}
	c := 0
	for _, g := range s.t.cond.groups {
		f := &s.p.d.facts[g.fact]
		if !containsAtom(g.atoms, int32(f.atom)+int32((x[f.word]&f.mask)>>f.shift)) {
			c++
		}
	}
	return c
}

// pathTo returns the actions from the root to node n in execution order
// (forward), or the plan suffix that n's subgoal leads into (backward).
func (s *search) pathTo(n int32, buf []ActionID) []ActionID {
	buf = buf[:0]
	for nd := s.nodes.at(n); nd.parent >= 0; nd = s.nodes.at(nd.parent) {
		buf = append(buf, ActionID(nd.action()))
	}
	if s.dir == Forward {
		for i, j := 0, len(buf)-1; i < j; i, j = i+1, j-1 {
			buf[i], buf[j] = buf[j], buf[i]
		}
	}
	return buf
}

// partial returns the best progress of an unfinished search: the path to
// the open node the search would expand next, which is the start (forward)
// or end (backward) of the plan it currently believes cheapest.
func (s *search) partial() []ActionID {
	n := s.bestOpen()
	if n < 0 {
		return s.p.part[:0]
	}
	if s.sym {
		s.p.part, _ = s.realPlan(n, s.p.part)
		return s.p.part
	}
	s.p.part = s.pathTo(n, s.p.part)
	return s.p.part
}
