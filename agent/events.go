package agent

import (
	"fmt"
	"strings"
)

// EventType says what an Event reports.
type EventType uint8

// The event types. Their String forms (goal_chosen, ...) are the names
// used in logs, JSON and test expectations.
const (
	// EventGoalChosen: the agent picked Goal to pursue. Reason gives its score,
	// and the goal it displaced when it switched.
	EventGoalChosen EventType = iota + 1
	// EventPlanMade: the planner found Plan for Goal. Reason gives its cost.
	EventPlanMade
	// EventNoPlan: no plan reaches Goal (or the search hit a limit). The goal
	// waits out a back-off before it is tried again; Reason says until
	// when and, when no plan exists, why (goap.Explanation.Summary), e.g.
	// "no plan exists (retry at 21): threat_removed is unreachable:
	// Attack needs loaded; loaded: no action sets loaded".
	EventNoPlan
	// EventActionStarted: the agent started Action of its plan.
	EventActionStarted
	// EventArrived: the MoveTo handler of Action succeeded; the agent checks
	// the action's preconditions again before performing it.
	EventArrived
	// EventActionFinished: Action's handler returned Success and its effects
	// were applied to the belief.
	EventActionFinished
	// EventActionFailed: Action's handler returned Failure; Reason is what the
	// handler put in Call.Reason. The action is left out of plans for a
	// back-off.
	EventActionFailed
	// EventPlanInvalidated: the agent dropped its plan for Goal (Action is the
	// action it was on, if any). Reason says why.
	EventPlanInvalidated
	// EventGoalReached: the belief meets Goal.
	EventGoalReached
	// EventFallback: no goal has a plan; the agent runs its fallback Action
	// (Action is empty when it has none and just waits). Reason lists
	// the goals that wait for a retry. With Config.StandIn it also
	// reports the fallback Action standing in while a search runs.
	EventFallback
	// EventWorldChanged is never emitted by an Agent: simulators (package sim)
	// use it to put changes of the world itself in the same log. Agent is
	// "world" and Reason lists the facts set.
	EventWorldChanged
	// EventCallbackPanicked: with Config.RecoverPanics, a sensor, goal function
	// or Abort panicked and the agent went on (a handler's panic is an
	// ActionFailed). Reason names the callback and the panic value; Goal
	// or Action is set when it belongs to one.
	EventCallbackPanicked
	// EventOrderIssued is emitted by package squad: a commander (Agent)
	// recommended Goal to units, as its ordering Action (one event per
	// order: an action may issue several); Reason names the units, the
	// bias (negative: discouraged) and the timeout.
	EventOrderIssued
	// EventReport: a unit (Agent) reported on the recommended Goal; Reason
	// gives the report's kind (picked, completed, already_satisfied,
	// failed, declined) and the commander it reports to.
	EventReport
	// EventOrderTimedOut: the commander's (Agent's) ordering Action gave
	// up on Goal after its timeout; Reason names the units that had not
	// finished.
	EventOrderTimedOut
	// EventInterruptPropagated: a unit (Agent) was interrupted because its
	// commander's ordering Action was aborted; Reason says why.
	EventInterruptPropagated
	// EventDied is never emitted by an Agent: simulators (package sim)
	// emit it when an agent dies (its dies-when conditions hold, given in
	// Reason); the agent is stopped (Agent.Stop).
	EventDied
	// EventObjectRemoved: the agent switched to a domain without an
	// object its plan used (SetDomain); Action is the first step of the
	// plan the domain no longer has, Reason names the object ("object r1
	// was removed"). A plan_invalidated follows, then a new plan.
	EventObjectRemoved
)

var eventNames = [...]string{
	EventGoalChosen:       "goal_chosen",
	EventPlanMade:         "plan_made",
	EventNoPlan:           "no_plan",
	EventActionStarted:    "action_started",
	EventArrived:          "arrived",
	EventActionFinished:   "action_finished",
	EventActionFailed:     "action_failed",
	EventPlanInvalidated:  "plan_invalidated",
	EventGoalReached:      "goal_reached",
	EventFallback:         "fallback",
	EventWorldChanged:     "world_changed",
	EventCallbackPanicked: "callback_panicked",

	EventOrderIssued:         "order_issued",
	EventReport:              "report",
	EventOrderTimedOut:       "order_timed_out",
	EventInterruptPropagated: "interrupt_propagated",
	EventDied:                "died",
	EventObjectRemoved:       "object_removed",
}

// String returns the event type's name, e.g. "plan_made".
func (t EventType) String() string {
	if int(t) < len(eventNames) && eventNames[t] != "" {
		return eventNames[t]
	}
	return fmt.Sprintf("EventType(%d)", int(t))
}

// MarshalText renders the type as its name, for JSON.
func (t EventType) MarshalText() ([]byte, error) { return []byte(t.String()), nil }

// UnmarshalText reads a name that String returns.
func (t *EventType) UnmarshalText(b []byte) error {
	v, ok := ParseEventType(string(b))
	if !ok {
		return fmt.Errorf("agent: unknown event type %q", b)
	}
	*t = v
	return nil
}

// ParseEventType returns the type whose name is s.
func ParseEventType(s string) (EventType, bool) {
	for i, n := range eventNames {
		if n != "" && n == s {
			return EventType(i), true
		}
	}
	return 0, false
}

// EventTypeNames returns the names of all event types, in order.
func EventTypeNames() []string {
	var out []string
	for _, n := range eventNames {
		if n != "" {
			out = append(out, n)
		}
	}
	return out
}

// Event is one decision of an agent.
type Event struct {
	// Tick counts the agent's updates: 1 during the first.
	Tick int `json:"tick"`
	// Time is the agent's clock: the sum of the dt given to Update.
	Time float64 `json:"time"`
	// Agent is the agent's name.
	Agent string `json:"agent"`
	// Type says what happened.
	Type EventType `json:"type"`
	// Goal, Action and Plan are set when the event concerns them.
	Goal   string   `json:"goal,omitempty"`
	Action string   `json:"action,omitempty"`
	Plan   []string `json:"plan,omitempty"`
	// Reason explains the decision in words.
	Reason string `json:"reason,omitempty"`
}

// String renders the event on one line, e.g.
// "tick 8 pirate plan_invalidated GetDrunk StealRum: ...".
func (e Event) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "tick %d %s %s", e.Tick, e.Agent, e.Type)
	if e.Goal != "" {
		b.WriteString(" " + e.Goal)
	}
	if e.Action != "" {
		b.WriteString(" " + e.Action)
	}
	if len(e.Plan) > 0 {
		b.WriteString(" [" + strings.Join(e.Plan, " ") + "]")
	}
	if e.Reason != "" {
		b.WriteString(": " + e.Reason)
	}
	return b.String()
}

// A no_plan event's Reason is noPlanLead, the retry time, noPlanSep and
// the explanation, which Why finds again.
const (
	noPlanLead = "no plan exists (retry at "
	noPlanSep  = "): "
)

// Why returns the explanation a no_plan event's Reason carries, e.g.
// "threat_removed is unreachable: Attack needs loaded; loaded: no action
// sets loaded" (goap.Explanation.Summary). It is "" for other events,
// and for a search stopped by a limit or an error.
func (e Event) Why() string {
	if e.Type != EventNoPlan || !strings.HasPrefix(e.Reason, noPlanLead) {
		return ""
	}
	i := strings.Index(e.Reason, noPlanSep)
	if i < 0 {
		return ""
	}
	return e.Reason[i+len(noPlanSep):]
}

// Log collects events: pass its Add method as Config.OnEvent.
type Log struct {
	// Events holds the events in the order they happened.
	Events []Event
}

// Add appends e to the log.
func (l *Log) Add(e Event) { l.Events = append(l.Events, e) }

// Reset empties the log, keeping its memory.
func (l *Log) Reset() { l.Events = l.Events[:0] }

// Strings renders every event with Event.String.
func (l *Log) Strings() []string {
	out := make([]string, len(l.Events))
	for i, e := range l.Events {
		out[i] = e.String()
	}
	return out
}

// emit reports an event about the agent's current state.
func (a *Agent) emit(typ EventType, goal, action string, plan []string, reason string) {
	if a.cfg.onEvent == nil {
		return
	}
	a.cfg.onEvent(Event{Tick: a.tick, Time: a.now, Agent: a.name, Type: typ, Goal: goal, Action: action, Plan: plan, Reason: reason})
}
