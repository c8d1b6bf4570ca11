// Package agent runs Goal-Oriented Action Planning agents: each agent
// senses, picks its most relevant goal, plans with a goap.Planner, carries
// the plan out action by action, and replans when the world surprises it.
//
// An Agent has
//
//   - a goal set (Goal: a target with a priority or a relevancy function
//     from 0 to 1, and an optional validity check),
//   - an action set: a subset of a shared goap.Domain's actions (the others
//     are passed to the planner as goap.Options.Exclude),
//   - a Blackboard: its believed world state, with the confidence of each
//     fact and the time a sensor last wrote it,
//   - Sensors that write facts on their own intervals and may interrupt
//     the current plan,
//   - a Behavior per action: the handlers that carry it out.
//
// Time enters only through Update(dt). An agent has no clock, goroutine or
// source of randomness of its own, so the same updates with the same
// sensor readings and handler results give the same events: a run can be
// replayed.
//
// # Each update
//
// Update(dt) advances the agent's clock by dt and then:
//
//  1. runs the sensors whose interval has passed;
//  2. reconsiders: drops the current plan when a sensor interrupted, the
//     goal became invalid or was met, another goal beats it by more than
//     Config.Margin (hysteresis), or, when the blackboard changed, the
//     rest of the plan no longer applies from the believed state or no
//     longer reaches the goal (the remaining actions are simulated with
//     goap.Domain.Apply);
//  3. plans when it has no plan: it picks the most relevant valid goal that
//     the belief does not meet yet and plans for it, fully or within an
//     expansion budget per update (Config.Budget, or a Scheduler shared by
//     many agents). A goal without a plan waits out a back-off before it is
//     tried again; the next goal is tried meanwhile, and when no goal has a
//     plan the fallback (Config.Fallback, Config.FallbackGoal) runs;
//  4. acts, in Orkin's three states: with a plan, it checks the next
//     action against the belief, moves to the action's target when the
//     action's Behavior has a MoveTo handler, checks again on arrival, and
//     performs it. A handler returns Continue (call me again next update),
//     Success or Failure. Success applies the action's effects to the
//     belief, except for facts a sensor or the handler changed while the
//     action ran; Failure bans the action from plans for a back-off and
//     replans.
//
// A handler is called at most once per update, so an action takes at
// least one update and the next action starts on the following update.
//
// Every decision is reported as an Event (goal chosen, plan made, action
// started, finished, failed, plan invalidated, no plan, ...) to
// Config.OnEvent; a Log collects them.
//
// A panic in user code (a handler, Abort, a sensor, a goal's Valid or
// Relevancy) propagates out of Update by default, as is the Go
// convention; the agent is then in the middle of an update and should be
// discarded. With Config.RecoverPanics the agent recovers the panic and
// treats it as that callback's failure: a handler's action fails (the
// action_failed event carries the panic value), a sensor neither writes
// more nor interrupts, a goal counts as invalid until its next
// evaluation, and the others are reported as callback_panicked events.
// Behavior.Timeout fails an action whose handler keeps returning Continue.
//
// An Agent is not safe for concurrent use; a goap.Domain may be shared by
// any number of agents.
package agent
