package agent

import (
	"fmt"
)

// Update advances the agent's clock by dt, runs its due sensors,
// reconsiders its goal and plan, plans, and calls the current action's
// handler (at most one handler call per update). Events are emitted as
// they happen. Update must not be called from a handler, sensor or goal
// function, nor from two goroutines at once: it panics when it finds
// itself already running (see enter).
func (a *Agent) Update(dt float64) {
	a.enter()
	defer a.busy.Store(false)
	if a.mode == modeStopped {
		return
	}
	a.tick++
	a.now += dt
	a.turn.dt = dt
	a.bb.now = a.now
	a.turn.handled = false
	a.turn.left = a.cfg.budget
	reason := ""
	if i := a.sense(); i >= 0 {
		reason = "sensor"
		if a.listening() {
			reason = "sensor " + a.sensors[i].Name + " interrupted"
		}
	}
	if a.eval.interrupt != "" {
		if reason == "" {
			reason = a.eval.interrupt
		}
		a.eval.interrupt = ""
	}
	a.reconsider(reason)
	a.advance()
}

// Interrupt makes the next Update drop the current plan, evaluate the
// goals and replan, as a sensor that interrupts does; reason appears in
// the plan_invalidated event. A commander that is interrupted interrupts
// its units this way.
func (a *Agent) Interrupt(reason string) {
	if reason == "" {
		reason = "interrupted"
	}
	a.eval.interrupt = reason
}

// Stop ends the agent for good (it died, was destroyed, left the game):
// it abandons its plan and its running action (calling the action's
// Abort, as a dropped plan does; reason appears in the plan_invalidated
// event), reports Failed on every goal it was ordered to pursue, so that
// no commander waits for it, and from then on Update does nothing and
// Phase is Stopped. Stop must not be called from the agent's own
// handlers, sensors or goal functions.
func (a *Agent) Stop(reason string) {
	if a.mode == modeStopped {
		return
	}
	if reason == "" {
		reason = "stopped"
	}
	if a.mode == modeRun || a.mode == modeSearch || a.act.started {
		a.drop(reason)
	}
	for i := range a.goals {
		if a.goals[i].order.report != nil {
			a.tell(i, Failed)
		}
	}
	a.mode = modeStopped
}

// listening reports whether anybody receives events, so that their texts
// are worth building.
func (a *Agent) listening() bool { return a.cfg.onEvent != nil }

// reconsider looks at the goals (on every update, or every GoalInterval)
// and the plan (when the blackboard changed). It drops the plan when the
// agent should stop pursuing it, starts a search for a better goal (a
// challenger: the plan is kept until the search finds a plan for it),
// and notices when a goal can be tried again while the agent waits or
// idles.
func (a *Agent) reconsider(interrupt string) {
	due := a.eval.force || interrupt != "" || a.now+timeEps >= a.eval.at
	if due {
		a.eval.at = a.now + a.cfg.goalInterval
		a.eval.force = false
	}
	switch a.mode {
	case modeRun, modeSearch:
		if interrupt != "" {
			a.drop(interrupt)
			return
		}
		if due {
			a.evaluate()
		} else {
			a.evaluateGoal(a.goal)
		}
		g := &a.goals[a.goal]
		if !g.valid && !a.graced(a.goal) {
			until := g.flap.fail(a.now, a.cfg.backoffMin, a.cfg.backoffMax)
			a.drop(a.text("goal %s is no longer valid; not chosen again before %s", g.name, num(until)))
			return
		}
		if !g.relevant {
			a.drop(a.text("goal %s is no longer relevant (score %s)", g.name, num(g.score)))
			return
		}
		if g.met {
			a.reached("met before the plan finished")
			return
		}
		if a.mode == modeRun && a.bb.changes != a.run.checked {
			if bad := a.check(); bad >= 0 {
				a.drop(a.whyInvalid(bad))
				return
			}
		}
		if a.run.standing && a.bb.changes != a.run.checked && a.check() >= 0 {
			a.endStandIn() // it no longer applies; the search goes on
		}
		if due {
			best := a.choose(a.goal)
			a.settleOrders(best)
			switch {
			case best < 0:
				a.drop(a.text("the fallback goal %s is no longer needed", g.name))
			case best == a.goal:
				if a.planning.search.Valid() && a.mode == modeRun {
					a.planning.search = search{} // the challenger lost its lead
				}
			case a.mode == modeSearch:
				a.pursue(best) // no plan to lose: plan for the better goal
			case !a.planning.search.Valid() || a.planning.goal != best:
				a.startSearch(best)
			}
		}
	case modeFallback, modeIdle:
		if due {
			a.evaluate()
			best := a.choose(-1)
			a.settleOrders(best)
			switch {
			case best < 0:
				a.planning.search = search{}
				if a.mode == modeFallback && len(a.run.plan) == 0 && !a.anyPending() {
					// Nothing waits for a retry any more (the goal
					// that failed was withdrawn with its order, or
					// became invalid or met): the wait is over, and
					// staying in it kept a sim from ever going quiet.
					a.mode = modeIdle
				}
			case len(a.run.plan) == 0:
				a.mode = modeChoose // pursue keeps a search for best
				return
			case !a.planning.search.Valid() || a.planning.goal != best:
				a.startSearch(best) // the fallback action goes on meanwhile
			}
		}
		if a.mode == modeFallback && len(a.run.plan) > 0 && a.bb.changes != a.run.checked {
			if bad := a.check(); bad >= 0 {
				a.invalid(bad)
			}
		}
	}
}

// advance moves through the agent's loop until it has to wait: for the
// planner, for the next update to call a handler again, or for a goal.
func (a *Agent) advance() {
	// Every pass changes mode or returns; a search that finds no plan
	// bans its goal for a while, so the passes are bounded.
	for range 4*len(a.goals) + 8 {
		switch a.mode {
		case modeChoose:
			a.evaluate()
			best := a.choose(a.goal)
			a.settleOrders(best)
			if best >= 0 {
				a.pursue(best)
				continue
			}
			a.goal = -1
			if a.anyPending() {
				a.fallBack()
			} else {
				a.mode = modeIdle
			}
		case modeSearch:
			if a.planFor() {
				continue
			}
			if a.run.standing || a.startStandIn() {
				a.runStep() // the stand-in, while the search goes on
			}
			return
		case modeRun, modeFallback:
			if a.planning.search.Valid() {
				a.challenge()
			}
			if a.mode == modeFallback && len(a.run.plan) == 0 || !a.runStep() {
				return
			}
		case modeIdle:
			return
		}
	}
}

// announce emits goal_chosen when goal i is not the current goal, and
// makes it the current goal.
func (a *Agent) announce(i int) {
	if i == a.goal {
		return
	}
	if a.listening() {
		g := &a.goals[i]
		why := "score " + num(g.score)
		if g.fallback {
			why = "fallback: no plan for " + a.pendingText()
		}
		a.emit(EventGoalChosen, g.name, "", nil, why)
	}
	a.goal = i
	a.tell(i, Picked)
}

// pursue makes goal i the current goal and starts planning for it.
func (a *Agent) pursue(i int) {
	a.endStandIn()
	a.announce(i)
	if a.planning.dropped {
		a.stats.Replans++
		a.planning.dropped = false
		a.planning.urgent = true // a scheduler serves this search first
	}
	a.clearPlan()
	a.mode = modeSearch
	if !a.planning.search.Valid() || a.planning.goal != i {
		a.startSearch(i)
	}
}

// startStandIn starts the stand-in of the search for the current goal
// (its Goal.StandIn, else with Config.StandIn the fallback action) and
// reports whether it did: there may be none, or it may be banned after a
// failure, or not applicable.
func (a *Agent) startStandIn() bool {
	id, ok := a.tables.standIn[a.goal], a.tables.standIn[a.goal] >= 0
	if !ok {
		id, ok = a.cfg.fallback, a.cfg.standIn && a.cfg.hasFallback
	}
	if !ok || a.banned(id) || !a.d.Applicable(a.bb.state, id) {
		return false
	}
	a.clearPlan()
	a.run.plan = append(a.run.plan, id)
	a.run.from.CopyFrom(a.bb.state)
	a.run.checked = a.bb.changes
	a.run.standing = true
	if a.listening() {
		a.emit(EventFallback, "", a.d.ActionName(id), nil, "a stand-in while "+a.goals[a.goal].name+" is planned")
	}
	return true
}

// endStandIn ends the stand-in, aborting its action if it has started
// (reported as plan_invalidated without a goal, as for the fallback).
func (a *Agent) endStandIn() {
	if !a.run.standing {
		return
	}
	if a.act.started {
		a.abort("")
		a.emit(EventPlanInvalidated, "", a.act.call.Name, nil, "the stand-in ends")
	}
	a.clearPlan()
}

// fallBack enters the fallback: the fallback action, when there is one
// that may run now, or a wait for a retry.
func (a *Agent) fallBack() {
	a.mode = modeFallback
	a.clearPlan()
	id := a.cfg.fallback
	if a.cfg.hasFallback && !a.banned(id) && a.d.Applicable(a.bb.state, id) {
		a.run.plan = append(a.run.plan, id)
		a.run.from.CopyFrom(a.bb.state)
		a.run.checked = a.bb.changes
	}
	if a.listening() {
		name := ""
		if len(a.run.plan) > 0 {
			name = a.d.ActionName(id)
		}
		a.emit(EventFallback, "", name, nil, "no plan for "+a.pendingText())
	}
}

// drop abandons the current plan, search or fallback action, aborting
// the running action, and goes back to choosing a goal.
func (a *Agent) drop(reason string) {
	goal, action := "", ""
	if a.goal >= 0 && a.mode != modeFallback {
		goal = a.goals[a.goal].name
	}
	if a.act.started {
		id := a.run.plan[a.run.step]
		action = a.d.ActionName(id)
		a.abort(goal)
	}
	a.emit(EventPlanInvalidated, goal, action, nil, reason)
	if a.mode != modeFallback {
		a.planning.dropped = true
	}
	a.clearPlan()
	a.planning.search = search{}
	a.mode = modeChoose
}

// reached reports that the belief meets the current goal, aborting the
// running action if the goal was met before the plan finished.
func (a *Agent) reached(reason string) {
	a.goals[a.goal].flap.reset()
	if a.goals[a.goal].order.picked {
		defer a.tell(a.goal, Completed) // after the event, before the goal is forgotten
	} else {
		defer a.tell(a.goal, AlreadySatisfied)
	}
	if a.act.started {
		a.abort(a.goals[a.goal].name)
	}
	a.emit(EventGoalReached, a.goals[a.goal].name, "", nil, reason)
	a.clearPlan()
	a.planning.search = search{}
	a.goal = -1
	a.mode = modeChoose
}

// clearPlan forgets the plan, or the stand-in (not the search).
func (a *Agent) clearPlan() {
	a.run.plan = a.run.plan[:0]
	a.run.step = 0
	a.act.started, a.act.moving, a.run.standing = false, false, false
}

// text formats an event's reason, or returns "" when nobody listens.
func (a *Agent) text(format string, args ...any) string {
	if !a.listening() {
		return ""
	}
	return fmt.Sprintf(format, args...)
}

// enter marks the agent busy for the length of an Update, and panics if
// it already is: two goroutines updating one agent (or a handler
// updating its own agent) would corrupt its plan and blackboard. Like
// the Planner's own check, it catches the mistake when the calls
// overlap, at the cost of one atomic operation per update.
func (a *Agent) enter() {
	if !a.busy.CompareAndSwap(false, true) {
		panic(errPrefix(a.name) + "concurrent use of an Agent: Update was called while another Update of it was running (from another goroutine, or from one of its own handlers, sensors or goal functions); update each agent from one goroutine at a time")
	}
}
