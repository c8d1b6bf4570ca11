// Package squad is the commander's side of Pittman's command hierarchy
// (the thesis's sections 1.2 and 3.9): GOAP at every level, orders going
// down as goal recommendations, reports coming back up.
//
// A commander is an agent.Agent like any other. Some of its actions are
// ordering actions: their behavior (Squad.Behavior) recommends a goal to
// the squad's units (agent.Agent.Recommend: a bias on a goal the unit
// already has, and optionally a target written to its belief) and waits
// for their reports. The action succeeds when every ordered unit has
// completed the goal or found it already met, and fails when one fails
// it, or when the order times out (a unit that declined may still pick
// the goal up), so the commander replans rather than stalls. Aborting an ordering action (the commander was
// interrupted, or dropped its plan) withdraws the orders and, for the
// members marked so, interrupts the units too, so that the commander's
// new orders reach them at once.
//
// Units decide how: each plans its own way to the goal. Autonomous units
// also decide what: they weigh the recommendation against their own goals
// and may decline it. Obedient units (agent.Config.Obedient) pursue the
// most recommended goal. A unit may itself command a squad, to any depth;
// a commander without a body (a squad leader that exists only as a
// planner, section 3.8) is an agent whose actions are all orders.
//
// Everything happens within the agents' updates, so a run is as
// deterministic as its agents. Events report orders, reports, timeouts
// and propagated interrupts (agent.EventOrderIssued and the rest).
package squad

import (
	"fmt"
	"strings"

	"github.com/goap-go/goap/agent"
)

// Member is a unit of a squad.
type Member struct {
	Unit *agent.Agent
	// Interrupt makes the unit be interrupted when an ordering action
	// that ordered it is aborted (Pittman: "a commanding unit which is
	// interrupted should interrupt all its subordinates").
	Interrupt bool
}

// Order is what an ordering action recommends.
type Order struct {
	// Goal names a goal of the units' goal sets.
	Goal string
	// Bias is added to the goal's score while the order stands.
	Bias float64
	// Units lists the members ordered, by index in Squad.Members; nil
	// orders every member.
	Units []int
	// Target, when set, writes the order's target (a position, an enemy)
	// into each ordered unit's belief before the recommendation; unit is
	// the member's index.
	Target func(unit int, b *agent.Blackboard)
	// Timeout fails the ordering action when the ordered units have not
	// all finished after this long (in the commander's time); 0 waits as
	// long as it takes.
	Timeout float64
}

// Squad is a commander's group of units.
type Squad struct {
	// Name names the squad in events.
	Name    string
	Members []Member
	// OnEvent, when set, receives the squad's events: orders issued,
	// reports, timeouts and propagated interrupts.
	OnEvent func(agent.Event)

	run     orderRun
	reports []func(agent.Report) // per member, made once
}

// orderRun is the order in progress (a commander runs one action at a
// time, so a squad has at most one).
type orderRun struct {
	order     *Order
	commander *agent.Agent
	action    string
	status    []agent.ReportKind // per member; 0: not ordered or no report yet
	ordered   []bool
	active    bool
}

// Behavior returns the behavior of an ordering action that issues o to
// the squad; give it to the commander in agent.Config.Behaviors.
func (s *Squad) Behavior(o Order) agent.Behavior {
	return agent.Behavior{
		Perform: func(c *agent.Call) agent.Outcome { return s.perform(&o, c) },
		Abort:   func(c *agent.Call) { s.abort(c) },
	}
}

// Status returns member i's latest report on the order in progress or
// the last one (0 when it has not reported).
func (s *Squad) Status(i int) agent.ReportKind {
	if i < 0 || i >= len(s.run.status) {
		return 0
	}
	return s.run.status[i]
}

// perform runs an ordering action: it issues the order on its first call,
// then waits for the reports.
func (s *Squad) perform(o *Order, c *agent.Call) agent.Outcome {
	if c.Frame == 0 {
		if err := s.issue(o, c); err != nil {
			c.Reason = err.Error()
			return agent.Failure
		}
	}
	done, pending := true, ""
	for i, on := range s.run.ordered {
		if !on {
			continue
		}
		switch k := s.run.status[i]; k {
		case agent.Completed, agent.AlreadySatisfied:
		case agent.Failed:
			s.end()
			c.Reason = fmt.Sprintf("%s %s %s", s.Members[i].Unit.Name(), k, o.Goal)
			return agent.Failure
		default:
			done = false
			if pending == "" {
				pending = s.Members[i].Unit.Name()
			}
		}
	}
	if done {
		s.end()
		return agent.Success
	}
	if o.Timeout > 0 && c.Elapsed >= o.Timeout {
		if s.OnEvent != nil {
			s.emit(c.Agent, agent.EventOrderTimedOut, o.Goal, c.Name, "no report of completion from "+s.unfinished()+" after "+num(o.Timeout))
		}
		s.end()
		c.Reason = "timed out waiting for " + pending
		return agent.Failure
	}
	return agent.Continue
}

// issue starts the order: targets, then recommendations, which may
// report at once (a goal a unit's belief already meets).
func (s *Squad) issue(o *Order, c *agent.Call) error {
	n := len(s.Members)
	if len(s.reports) != n {
		s.reports = make([]func(agent.Report), n)
		for i := range s.reports {
			s.reports[i] = func(r agent.Report) { s.report(i, r) }
		}
		s.run.status = make([]agent.ReportKind, n)
		s.run.ordered = make([]bool, n)
	}
	r := &s.run
	clear(r.status)
	clear(r.ordered)
	r.order, r.commander, r.action, r.active = o, c.Agent, c.Name, true
	if o.Units == nil {
		for i := range r.ordered {
			r.ordered[i] = true
		}
	}
	for _, i := range o.Units {
		if i < 0 || i >= n {
			r.active = false
			return fmt.Errorf("squad %s: order %s names member %d of %d", s.Name, o.Goal, i, n)
		}
		r.ordered[i] = true
	}
	if s.OnEvent != nil {
		var names []string
		for i, on := range r.ordered {
			if on {
				names = append(names, s.Members[i].Unit.Name())
			}
		}
		why := fmt.Sprintf("to %s (bias %s", strings.Join(names, ", "), num(o.Bias))
		if o.Timeout > 0 {
			why += ", timeout " + num(o.Timeout)
		}
		s.emit(c.Agent, agent.EventOrderIssued, o.Goal, c.Name, why+")")
	}
	for i, on := range r.ordered {
		if !on {
			continue
		}
		u := s.Members[i].Unit
		if o.Target != nil {
			o.Target(i, u.Blackboard())
		}
		if err := u.Recommend(o.Goal, o.Bias, s.reports[i]); err != nil {
			s.end()
			return err
		}
	}
	return nil
}

// report records member i's report on the order in progress.
func (s *Squad) report(i int, rep agent.Report) {
	r := &s.run
	if !r.active || !r.ordered[i] || rep.Goal != r.order.Goal {
		return
	}
	r.status[i] = rep.Kind
	if s.OnEvent != nil {
		// At the later of the two agents' ticks: a report made within the
		// commander's update (a goal already met) precedes the unit's.
		e := agent.Event{Tick: max(rep.Unit.Tick(), r.commander.Tick()), Time: max(rep.Unit.Time(), r.commander.Time()),
			Agent: rep.Unit.Name(), Type: agent.EventReport, Goal: rep.Goal, Reason: rep.Kind.String() + " to " + r.commander.Name()}
		s.OnEvent(e)
	}
}

// end withdraws the order in progress from its units.
func (s *Squad) end() {
	r := &s.run
	if !r.active {
		return
	}
	r.active = false
	for i, on := range r.ordered {
		if on {
			s.Members[i].Unit.Withdraw(r.order.Goal)
		}
	}
}

// abort ends the order of an aborted ordering action and interrupts the
// members marked to follow their commander's interrupts.
func (s *Squad) abort(c *agent.Call) {
	r := &s.run
	if !r.active {
		return
	}
	ordered := r.ordered
	s.end()
	for i, on := range ordered {
		m := &s.Members[i]
		if k := r.status[i]; !on || !m.Interrupt || k.Final() {
			continue // not ordered, not to interrupt, or done with the order
		}
		why := "commander " + c.Agent.Name() + " aborted " + c.Name
		m.Unit.Interrupt(why)
		if s.OnEvent != nil {
			s.OnEvent(agent.Event{Tick: max(m.Unit.Tick(), c.Agent.Tick()), Time: max(m.Unit.Time(), c.Agent.Time()),
				Agent: m.Unit.Name(), Type: agent.EventInterruptPropagated, Goal: r.order.Goal, Reason: why})
		}
	}
}

// unfinished names the ordered members that have not finished.
func (s *Squad) unfinished() string {
	var names []string
	for i, on := range s.run.ordered {
		if k := s.run.status[i]; on && k != agent.Completed && k != agent.AlreadySatisfied {
			names = append(names, s.Members[i].Unit.Name())
		}
	}
	return strings.Join(names, ", ")
}

// emit sends an event of a's at a's tick and time.
func (s *Squad) emit(a *agent.Agent, typ agent.EventType, goal, action, reason string) {
	s.OnEvent(agent.Event{Tick: a.Tick(), Time: a.Time(), Agent: a.Name(), Type: typ, Goal: goal, Action: action, Reason: reason})
}

func num(v float64) string { return fmt.Sprint(v) }
