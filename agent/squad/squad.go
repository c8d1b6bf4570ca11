// Package squad is the commander's side of Pittman's command hierarchy
// (the thesis's sections 1.2 and 3.9): GOAP at every level, orders going
// down as goal recommendations, reports coming back up.
//
// A commander is an agent.Agent like any other. Some of its actions are
// ordering actions: their behavior (Squad.Behavior) issues one or more
// orders at once, each recommending a goal to some of the squad's units
// (agent.Agent.Recommend: a bias on a goal the unit already has, and
// optionally a target written to its belief, which may differ per unit),
// and waits for their reports. One action may so send two units two ways
// at once (Pittman's pincer: b2 flanks left, b3 flanks right). The action
// succeeds when every unit it ordered has completed its goal or found it
// already met, and fails when one fails its goal, or when one of its
// orders times out (a unit that declined may still pick the goal up), so
// the commander replans rather than stalls. Aborting an ordering action
// (the commander was interrupted, or dropped its plan) withdraws its
// orders and, for the members marked so, interrupts the units too, so
// that the commander's new orders reach them at once.
//
// An order with a negative bias discourages its goal instead (Pittman,
// section 3.3: a superior "may add a negative bias to a Goal in the AI's
// set to discourage certain behaviors"): the unit's score for the goal
// drops by the bias, so it prefers goals that the goal used to beat. A
// discouragement holds while its action runs, and the action does not
// wait for reports on it: give it beside the recommendations it
// accompanies (hold fire while the others flank). An action made of
// discouragements only succeeds at once, withdrawing them.
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
	"slices"
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

// Order is what an ordering action recommends to some of the squad's
// units. An action may issue several (Squad.Behavior), to send units
// different ways at once.
type Order struct {
	// Goal names a goal of the units' goal sets.
	Goal string
	// Bias is added to the goal's score while the order stands. A
	// negative bias discourages the goal: the action does not wait for
	// the units' reports on it (see the package documentation).
	Bias float64
	// Units lists the members ordered, by index in Squad.Members; nil
	// orders every member that has not stopped for good (a dead unit
	// takes no orders).
	Units []int
	// Target, when set, writes the order's target (a position, an enemy)
	// into each ordered unit's belief before the recommendation; unit is
	// the member's index, so each unit may get its own.
	Target func(unit int, b *agent.Blackboard)
	// Timeout fails the ordering action when the units this order
	// recommends its goal to have not all finished after this long (in
	// the commander's time); 0 waits as long as it takes.
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
	// standing holds the members' standing orders (Command).
	standing []standing
}

// orderRun is the ordering action in progress (a commander runs one
// action at a time, so a squad has at most one).
type orderRun struct {
	orders    []Order
	commander *agent.Agent
	action    string
	assigned  []assignment       // one per order and unit it orders, in order
	latest    []agent.ReportKind // per member: its latest report (Status)
	active    bool
}

// assignment is one unit under one order of the action in progress.
type assignment struct {
	order, member int
	status        agent.ReportKind // 0: no report yet
}

// waited reports whether the action waits for a's reports: not for a
// discouragement.
func (r *orderRun) waited(a *assignment) bool { return r.orders[a.order].Bias >= 0 }

// Behavior returns the behavior of an ordering action that issues orders
// to the squad, all at once, and waits for the units' reports on them;
// give it to the commander in agent.Config.Behaviors. A unit may be
// under several orders of the action for different goals, not twice for
// one goal: the action fails then, as it does for a unit index out of
// range, or with no orders.
func (s *Squad) Behavior(orders ...Order) agent.Behavior {
	orders = slices.Clone(orders) // the caller's slice may change later
	return agent.Behavior{
		Perform: func(c *agent.Call) agent.Outcome { return s.perform(orders, c) },
		Abort:   func(c *agent.Call) { s.abort(c) },
	}
}

// Status returns member i's latest report on the orders in progress or
// the last ones (0 when it has not reported).
func (s *Squad) Status(i int) agent.ReportKind {
	if i < 0 || i >= len(s.run.latest) {
		return 0
	}
	return s.run.latest[i]
}

// perform runs an ordering action: it issues the orders on its first
// call, then waits for the reports.
func (s *Squad) perform(orders []Order, c *agent.Call) agent.Outcome {
	if c.Frame == 0 {
		if err := s.issue(orders, c); err != nil {
			c.Reason = err.Error()
			return agent.Failure
		}
	}
	r := &s.run
	done := true
	for k := range r.assigned {
		a := &r.assigned[k]
		if !r.waited(a) {
			continue
		}
		switch a.status {
		case agent.Completed, agent.AlreadySatisfied:
		case agent.Failed:
			s.end()
			c.Reason = fmt.Sprintf("%s %s %s", s.Members[a.member].Unit.Name(), a.status, orders[a.order].Goal)
			return agent.Failure
		default:
			done = false
		}
	}
	if done {
		s.end()
		return agent.Success
	}
	// Each order times out on its own; the first one that does fails the
	// action (after every order timed out by now has said so).
	pending := ""
	for i := range orders {
		o := &orders[i]
		if o.Timeout <= 0 || c.Elapsed < o.Timeout || o.Bias < 0 {
			continue
		}
		first, names := s.unfinished(i)
		if first == "" {
			continue
		}
		if pending == "" {
			pending = first
		}
		if s.OnEvent != nil {
			s.emit(c.Agent, agent.EventOrderTimedOut, o.Goal, c.Name, "no report of completion from "+names+" after "+num(o.Timeout))
		}
	}
	if pending != "" {
		s.end()
		c.Reason = "timed out waiting for " + pending
		return agent.Failure
	}
	return agent.Continue
}

// issue starts the orders: for each, its event, targets, then the
// recommendations, which may report at once (a goal a unit's belief
// already meets). Every order is checked before any is issued.
func (s *Squad) issue(orders []Order, c *agent.Call) error {
	n := len(s.Members)
	if len(s.reports) != n {
		s.reports = make([]func(agent.Report), n)
		for i := range s.reports {
			s.reports[i] = func(rep agent.Report) { s.report(i, rep) }
		}
		s.run.latest = make([]agent.ReportKind, n)
	}
	r := &s.run
	clear(r.latest)
	r.orders, r.commander, r.action, r.active = orders, c.Agent, c.Name, false
	r.assigned = r.assigned[:0]
	if len(orders) == 0 {
		return fmt.Errorf("squad %s: action %s issues no orders", s.Name, c.Name)
	}
	for k := range orders {
		o := &orders[k]
		if o.Units == nil {
			for i := range n {
				if s.Members[i].Unit.Phase() == agent.Stopped {
					continue // a member that stopped for good (dead) takes no orders
				}
				r.assigned = append(r.assigned, assignment{order: k, member: i})
			}
		}
		for _, i := range o.Units {
			if i < 0 || i >= n {
				return fmt.Errorf("squad %s: order %s names member %d of %d", s.Name, o.Goal, i, n)
			}
			r.assigned = append(r.assigned, assignment{order: k, member: i})
		}
	}
	for k, a := range r.assigned {
		for _, b := range r.assigned[:k] {
			if a.member == b.member && orders[a.order].Goal == orders[b.order].Goal {
				// Recommend would replace the first bias with the second.
				return fmt.Errorf("squad %s: %s is ordered %s twice", s.Name, s.Members[a.member].Unit.Name(), orders[a.order].Goal)
			}
		}
	}
	r.active = true
	for k := range orders {
		o := &orders[k]
		if s.OnEvent != nil {
			var names []string
			for _, a := range r.assigned {
				if a.order == k {
					names = append(names, s.Members[a.member].Unit.Name())
				}
			}
			why := fmt.Sprintf("to %s (bias %s", strings.Join(names, ", "), num(o.Bias))
			if o.Timeout > 0 {
				why += ", timeout " + num(o.Timeout)
			}
			s.emit(c.Agent, agent.EventOrderIssued, o.Goal, c.Name, why+")")
		}
		for _, a := range r.assigned {
			if a.order != k {
				continue
			}
			u := s.Members[a.member].Unit
			if o.Target != nil {
				o.Target(a.member, u.Blackboard())
			}
			report := s.reports[a.member]
			if o.Bias < 0 {
				report = nil // a discouragement: nothing to wait for
			}
			if err := u.Recommend(o.Goal, o.Bias, report); err != nil {
				s.end()
				return err
			}
		}
	}
	return nil
}

// report records member i's report on the orders in progress.
func (s *Squad) report(i int, rep agent.Report) {
	r := &s.run
	if !r.active {
		return
	}
	k := slices.IndexFunc(r.assigned, func(a assignment) bool { return a.member == i && r.orders[a.order].Goal == rep.Goal })
	if k < 0 {
		return
	}
	r.assigned[k].status = rep.Kind
	r.latest[i] = rep.Kind
	if s.OnEvent != nil {
		// At the later of the two agents' ticks: a report made within the
		// commander's update (a goal already met) precedes the unit's.
		e := agent.Event{Tick: max(rep.Unit.Tick(), r.commander.Tick()), Time: max(rep.Unit.Time(), r.commander.Time()),
			Agent: rep.Unit.Name(), Type: agent.EventReport, Goal: rep.Goal, Reason: rep.Kind.String() + " to " + r.commander.Name()}
		s.OnEvent(e)
	}
}

// end withdraws the orders in progress from their units.
func (s *Squad) end() {
	r := &s.run
	if !r.active {
		return
	}
	r.active = false
	for _, a := range r.assigned {
		s.Members[a.member].Unit.Withdraw(r.orders[a.order].Goal)
	}
}

// abort ends the orders of an aborted ordering action and interrupts the
// members marked to follow their commander's interrupts, once each.
func (s *Squad) abort(c *agent.Call) {
	r := &s.run
	if !r.active {
		return
	}
	s.end()
	for k, a := range r.assigned {
		m := &s.Members[a.member]
		if !m.Interrupt || a.status.Final() || !r.waited(&r.assigned[k]) {
			continue // not to interrupt, done with the order (or not started), or discouraged only
		}
		if slices.ContainsFunc(r.assigned[:k], func(b assignment) bool { return b.member == a.member && !b.status.Final() }) {
			continue // interrupted already
		}
		why := "commander " + c.Agent.Name() + " aborted " + c.Name
		m.Unit.Interrupt(why)
		if s.OnEvent != nil {
			s.OnEvent(agent.Event{Tick: max(m.Unit.Tick(), c.Agent.Tick()), Time: max(m.Unit.Time(), c.Agent.Time()),
				Agent: m.Unit.Name(), Type: agent.EventInterruptPropagated, Goal: r.orders[a.order].Goal, Reason: why})
		}
	}
}

// unfinished returns the first member under order k that has not
// finished, and the names of all of them.
func (s *Squad) unfinished(k int) (first, names string) {
	var list []string
	for _, a := range s.run.assigned {
		if a.order == k && a.status != agent.Completed && a.status != agent.AlreadySatisfied {
			list = append(list, s.Members[a.member].Unit.Name())
		}
	}
	if len(list) == 0 {
		return "", ""
	}
	return list[0], strings.Join(list, ", ")
}

// emit sends an event of a's at a's tick and time.
func (s *Squad) emit(a *agent.Agent, typ agent.EventType, goal, action, reason string) {
	s.OnEvent(agent.Event{Tick: a.Tick(), Time: a.Time(), Agent: a.Name(), Type: typ, Goal: goal, Action: action, Reason: reason})
}

func num(v float64) string { return fmt.Sprint(v) }
