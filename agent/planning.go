package agent

import (
	"github.com/goap-go/goap"
)

// planChunk is how many states a search without a budget expands between
// two looks at its status.
const planChunk = 4096

// startSearch starts a search for goal i from the belief, without the
// actions outside the agent's set or banned after failures. The agent
// plans for its current goal in modeSearch; in modeRun and modeFallback
// it plans for a challenger, a goal that replaces the current plan only
// if the search finds a plan for it.
func (a *Agent) startSearch(i int) {
	a.stats.Plans++
	// The search keeps its start state: give it a copy the sensors do not
	// write.
	a.planning.from.CopyFrom(a.bb.state)
	a.planning.exclude = a.planning.exclude[:0]
	for id, out := range a.tables.outside {
		if out || a.banned(goap.ActionID(id)) {
			a.planning.exclude = append(a.planning.exclude, goap.ActionID(id))
		}
	}
	a.planner.Options.Exclude = a.planning.exclude
	a.planning.goal = i
	a.planning.spent = 0
	if a.cfg.remote != nil {
		a.planning.search = search{remote: a.cfg.remote.Start(a.planning.from, a.goals[i].Target, a.planner.Options)}
		a.planning.urgent = false
		return
	}
	a.planning.search = search{local: a.planner.Start(a.planning.from, a.goals[i].Target)}
	if a.sched != nil && !a.planning.queued {
		if a.planning.urgent {
			a.sched.enqueueUrgent(a) // idle mid-task: plan first
		} else {
			a.sched.enqueue(a)
		}
	}
	a.planning.urgent = false
}

// stepSearch advances the search within this update's budget. It returns
// the result and true when the search ended, false while it goes on.
func (a *Agent) stepSearch() (goap.Result, bool) {
	if r := a.planning.search.remote; r != nil {
		res, done := r.Result()
		if done {
			a.stats.Expanded += res.Expanded
			a.planning.search = search{}
		}
		return res, done
	}
	s := a.planning.search.local
	st := s.Status()
	if st == goap.Running {
		switch {
		case a.sched != nil:
			return goap.Result{}, false // the scheduler steps it
		case a.cfg.budget > 0:
			if a.turn.left <= 0 {
				return goap.Result{}, false
			}
			n := a.turn.left
			if st = s.Step(n); st == goap.Running {
				a.planning.spent += n
				a.turn.left = 0
				return goap.Result{}, false
			}
		default:
			for st == goap.Running {
				st = s.Step(planChunk)
			}
		}
	}
	res := s.Result()
	if a.sched == nil && a.cfg.budget > 0 {
		a.turn.left -= res.Expanded - a.planning.spent
	}
	a.stats.Expanded += res.Expanded
	a.planning.last, a.planning.search = s, search{}
	return res, true
}

// planFor advances the search for the current goal (modeSearch). It
// returns true when the search ended and the agent moved on: to carry
// out the plan, or to choose a goal again.
func (a *Agent) planFor() bool {
	res, done := a.stepSearch()
	if !done {
		return false
	}
	a.endStandIn()
	switch res.Status {
	case goap.Found:
		a.adopt(res)
	case goap.AlreadySatisfied:
		a.reached("")
	default:
		a.noPlan(a.goal, res)
		a.mode = modeChoose
	}
	return true
}

// challenge advances the search for a goal that would replace the
// current plan or fallback action, and switches to its plan when the
// search finds one.
func (a *Agent) challenge() {
	i := a.planning.goal
	res, done := a.stepSearch()
	if !done {
		return
	}
	switch res.Status {
	case goap.Found:
		reason := ""
		if a.listening() {
			g := &a.goals[i]
			switch {
			case a.mode == modeFallback:
				reason = g.name + " has a plan again"
			case a.goals[a.goal].fallback:
				reason = g.name + " has a plan again, " + a.goals[a.goal].name + " was the fallback"
			default:
				reason = a.text("%s (%s) beats %s (%s)", g.name, num(g.score), a.goals[a.goal].name, num(a.goals[a.goal].score))
			}
		}
		if a.mode == modeRun {
			a.stats.Replans++ // a plan gives way to a better one
		}
		if a.mode == modeRun || len(a.run.plan) > 0 {
			a.drop(reason)
		}
		a.planning.dropped = false
		a.announce(i)
		a.adopt(res)
	case goap.AlreadySatisfied:
		// Met in the belief the search started from, not in the
		// current one (the goal was a candidate): nothing to do.
	default:
		a.noPlan(i, res)
	}
}

// adopt makes the plan of a finished search the current plan.
func (a *Agent) adopt(res goap.Result) {
	a.goal = a.planning.goal
	g := &a.goals[a.goal]
	g.retry.reset()
	a.run.plan = append(a.run.plan[:0], res.Plan...)
	a.run.step, a.act.started, a.act.moving = 0, false, false
	a.run.from, a.planning.from = a.planning.from, a.run.from
	a.run.checked = a.bb.changes // runStep checks the plan before its first step
	a.mode = modeRun
	if a.listening() {
		a.emit(EventPlanMade, g.name, "", a.d.ActionNames(a.run.plan), "cost "+num(res.Cost))
	}
}

// noPlan records that goal i has no plan: it waits out its back-off.
func (a *Agent) noPlan(i int, res goap.Result) {
	g := &a.goals[i]
	a.stats.NoPlans++
	until := g.retry.fail(a.now, a.cfg.backoffMin, a.cfg.backoffMax)
	g.failedAt.CopyFrom(a.planning.from) // the belief the search started from
	a.tell(i, Failed)
	if a.listening() {
		// Only a listener pays for the explanation (Why builds it from
		// the search's memory): an agent may retry an impossible goal
		// often.
		reason := "no plan exists; retry at " + num(until)
		switch {
		case res.Status == goap.LimitReached:
			reason = "the search hit its limit; retry at " + num(until)
		case res.Err != nil:
			reason = res.Err.Error() + "; retry at " + num(until)
		default:
			if why := res.Why(); why != nil {
				reason = noPlanLead + num(until) + noPlanSep + why.Summary()
			}
		}
		a.emit(EventNoPlan, g.name, "", nil, reason)
	}
}
