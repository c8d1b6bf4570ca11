package agent

import (
	"fmt"
	"strings"

	"github.com/goap-go/goap"
)

// Outcome is what a handler reports.
type Outcome uint8

// Handler results.
const (
	// Continue: call the handler again on the next update.
	Continue Outcome = iota
	// Success: the state (MoveTo or Perform) is done.
	Success
	// Failure: the action cannot be carried out; the agent replans.
	Failure
)

// String names the outcome.
func (s Outcome) String() string {
	switch s {
	case Continue:
		return "continue"
	case Success:
		return "success"
	case Failure:
		return "failure"
	}
	return fmt.Sprintf("Outcome(%d)", int(s))
}

// Handler carries out one state of an action, a little on each update
// (Genetic Drift's action handlers: "return false: called next frame").
type Handler func(c *Call) Outcome

// Behavior is how an agent carries out one action: Orkin's MoveTo and
// Perform states.
type Behavior struct {
	// MoveTo, when set, brings the agent to the action's target first.
	// When it succeeds the agent checks the action's preconditions
	// against the belief again (Pittman's pirate notices on arrival that
	// the bottle is gone) and performs the action from the next update.
	MoveTo Handler
	// Perform carries the action out. A nil Perform succeeds at once.
	Perform Handler
	// Abort, when set, is called when the agent abandons the action
	// before a handler reported its end, to stop animations and the
	// like.
	Abort func(s *Call)
	// Timeout, when positive, fails the action when a handler still
	// returns Continue once that much of the agent's time has passed in
	// its state (MoveTo and Perform each): a behavior that never ends
	// does not hold the agent for ever. The action_failed event says so.
	Timeout float64
	// Backoff, when positive, is how long the action is left out of plans
	// after it failed, instead of Config.Backoff (doubling on each further
	// failure in a row, up to 16 times as long).
	Backoff float64
}

// Call is what a handler is told on each call. The agent reuses it for
// every call: keep the pointer only until the handler returns.
type Call struct {
	// Agent is the agent carrying out the action.
	Agent *Agent
	// Action is the action, and Name its name.
	Action goap.ActionID
	Name   string
	// Lifted and Args say what a ground action was made of: the lifted
	// action's name and the objects bound to its parameters ("Shoot",
	// [r2] for Shoot(r2)). A plain action has Lifted == Name and no Args.
	Lifted string
	Args   []string
	// Moving is true in the MoveTo state, false in the Perform state.
	Moving bool
	// Dt is the time given to this update.
	Dt float64
	// Elapsed is the time spent in the current state, this update's Dt
	// included.
	Elapsed float64
	// Frame counts the earlier calls in the current state: 0 on the
	// first.
	Frame int
	// Reason may be set by a handler that returns Failure; it becomes
	// the action_failed event's reason.
	Reason string
}

// runStep runs the current action of the plan (or the fallback action)
// for this update. It returns true when the agent should go on through
// its loop in this update: the plan ended or was dropped.
func (a *Agent) runStep() bool {
	if a.turn.handled {
		return false
	}
	if !a.act.started {
		if bad := a.check(); bad >= 0 {
			return a.invalid(bad)
		}
		a.startAction()
	}
	st := a.call()
	a.turn.handled = true
	id := a.run.plan[a.run.step]
	switch st {
	case Success:
		if a.act.moving {
			a.emit(EventArrived, a.goalName(), a.act.call.Name, nil, "")
			// On arrival the action's own preconditions are checked
			// once more, while it still counts as moving.
			if bad := a.check(); bad >= 0 {
				return a.invalid(bad)
			}
			a.act.moving = false
			a.act.call.Moving, a.act.call.Elapsed, a.act.call.Frame = false, 0, 0
			return false
		}
		a.applyEffects(id)
		// A success ends the run of failures: the next failure waits
		// Backoff again, not double the last wait.
		if a.bans != nil {
			a.bans[id].reset()
		}
		a.stats.Finished++
		a.emit(EventActionFinished, a.goalName(), a.act.call.Name, nil, "")
		a.act.started = false
		a.run.step++
		if a.run.step < len(a.run.plan) {
			return false
		}
		if a.mode == modeFallback || a.run.standing {
			a.clearPlan()
			return false
		}
		g := &a.goals[a.goal]
		if a.bb.state.Satisfies(g.Target) {
			a.reached("")
		} else {
			a.clearPlan()
			a.drop(a.text("the plan is done but %s is not met: %s", g.name, strings.Join(g.Target.Unmet(a.bb.state), ", ")))
		}
		return true
	case Failure:
		first, most := a.cfg.backoffMin, a.cfg.backoffMax
		if b := a.tables.behavior(id).Backoff; b > 0 {
			first, most = b, 16*b
		}
		if a.bans == nil {
			a.bans = make([]backoff, a.d.NumActions())
		}
		until := a.bans[id].fail(a.now, first, most)
		a.stats.Failed++
		if a.listening() {
			why := a.act.call.Reason
			if why == "" {
				why = "the handler failed"
			}
			a.emit(EventActionFailed, a.goalName(), a.act.call.Name, nil, fmt.Sprintf("%s; not planned again before %s", why, num(until)))
		}
		fallback := a.mode == modeFallback || a.run.standing
		a.clearPlan()
		if fallback {
			return false
		}
		a.planning.dropped = true
		a.mode = modeChoose
		return true
	}
	return false
}

// invalid drops the plan that check found invalid at step bad and says
// whether the agent goes on through its loop: it does to replan, it
// does not when the fallback action stopped (the agent waits for a
// retry).
func (a *Agent) invalid(bad int) bool {
	if a.run.standing {
		a.endStandIn() // the search goes on
		return false
	}
	fallback := a.mode == modeFallback
	a.drop(a.whyInvalid(bad))
	if fallback {
		a.mode = modeFallback
		return false
	}
	return true
}

// goalName names the current goal for events ("" for the fallback
// action).
func (a *Agent) goalName() string {
	if a.mode == modeFallback || a.run.standing || a.goal < 0 {
		return ""
	}
	return a.goals[a.goal].name
}

// startAction starts plan[step]: it remembers the belief, to apply the
// action's effects at its end, and enters MoveTo or Perform.
func (a *Agent) startAction() {
	id := a.run.plan[a.run.step]
	a.act.started = true
	a.act.moving = a.tables.behavior(id).MoveTo != nil
	a.act.mark = a.bb.changes
	a.act.before.CopyFrom(a.bb.state)
	a.act.after.CopyFrom(a.bb.state)
	a.d.Apply(a.act.after, id) // applicable: check just said so
	a.act.call = Call{Agent: a, Action: id, Name: a.d.ActionName(id), Moving: a.act.moving}
	a.act.call.Lifted, a.act.call.Args = a.d.Binding(id)
	a.emit(EventActionStarted, a.goalName(), a.act.call.Name, nil, "")
}

// call calls the handler of the current state once.
func (a *Agent) call() Outcome {
	c := &a.act.call
	c.Dt = a.turn.dt
	c.Elapsed += a.turn.dt
	b := a.tables.behavior(c.Action)
	h := b.Perform
	if c.Moving {
		h = b.MoveTo
	}
	st := Success
	if h != nil {
		st = a.handle(h, c)
	}
	if st == Continue && b.Timeout > 0 && c.Elapsed+timeEps >= b.Timeout {
		state := "Perform"
		if c.Moving {
			state = "MoveTo"
		}
		st, c.Reason = Failure, fmt.Sprintf("%s still running after %s (Behavior.Timeout %s)", state, num(c.Elapsed), num(b.Timeout))
	}
	c.Frame++
	return st
}

// applyEffects applies action id's effects to the belief, except to
// facts that changed since the action started (a sensor or the handler
// said otherwise). The effects are taken from applying the action to the
// belief as it is now, or, when its preconditions no longer hold there,
// to the belief at the action's start.
func (a *Agent) applyEffects(id goap.ActionID) {
	src := a.act.after
	a.scratch.CopyFrom(a.bb.state)
	if a.d.Apply(a.scratch, id) {
		src = a.scratch
	}
	for _, f := range a.tables.writes[id] {
		if a.bb.changedSince(f, a.act.mark) {
			continue
		}
		if v := src.Get(f); v != a.bb.state.Get(f) {
			_ = a.bb.state.Set(f, v) // a value of a valid state is in bounds
			a.bb.changes++
			a.bb.seq[f] = a.bb.changes
		}
	}
}

// check simulates the rest of the plan from the belief with
// goap.Domain.Apply. It returns the index of the first step that does not
// apply, len(plan) when every step applies but the end state misses the
// goal, or -1 when the plan still holds.
//
// A running action's preconditions are checked in full until it is
// performed (while it moves to its target, on arrival, and before the
// first call of Perform). While it is performed, the facts it writes
// itself may change as part of it, so only its preconditions on other
// facts are checked. The rest of the plan is simulated as if it
// succeeded.
func (a *Agent) check() int {
	a.run.checked = a.bb.changes
	s := a.scratch
	s.CopyFrom(a.bb.state)
	from := a.run.step
	if a.act.started {
		id := a.run.plan[a.run.step]
		if !a.act.moving && a.act.call.Frame > 0 {
			for _, f := range a.tables.writes[id] {
				_ = s.Set(f, a.act.before.Get(f))
			}
		}
		if !a.d.Applicable(s, id) {
			return a.run.step
		}
		for _, f := range a.tables.writes[id] {
			_ = s.Set(f, a.act.after.Get(f))
		}
		from++
	}
	for i := from; i < len(a.run.plan); i++ {
		if !a.d.Apply(s, a.run.plan[i]) {
			return i
		}
	}
	if a.mode == modeRun && !s.Satisfies(a.goals[a.goal].Target) {
		return len(a.run.plan)
	}
	return -1
}

// whyInvalid explains a result of check: which facts the failing step
// reads have changed since the plan was made, or which goal conditions
// the plan no longer meets.
func (a *Agent) whyInvalid(bad int) string {
	if !a.listening() {
		return ""
	}
	if bad >= len(a.run.plan) {
		g := &a.goals[a.goal]
		return fmt.Sprintf("the plan no longer reaches %s: %s", g.name, strings.Join(g.Target.Unmet(a.scratch), ", "))
	}
	id := a.run.plan[bad]
	// The state the planner expected before the step, against the one
	// the belief now gives.
	want := a.scratch2
	want.CopyFrom(a.run.from)
	for _, p := range a.run.plan[:bad] {
		a.d.Apply(want, p)
	}
	now := a.scratch
	var diffs []string
	for _, f := range a.tables.reads[id] {
		if now.Get(f) != want.Get(f) {
			diffs = append(diffs, fmt.Sprintf("%s is %v (%v when planned)", a.tables.factNames[f], value(now, a.tables.factNames[f]), value(want, a.tables.factNames[f])))
		}
	}
	what := "its preconditions no longer hold"
	if len(diffs) > 0 {
		what = strings.Join(diffs, ", ")
	}
	return fmt.Sprintf("step %d %s: %s", bad+1, a.d.ActionName(id), what)
}

// value returns the named fact's value in s.
func value(s goap.State, name string) any {
	v, _ := s.Value(name)
	return v
}
