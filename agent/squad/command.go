package squad

import (
	"fmt"
	"strings"

	"github.com/goap-go/goap/agent"
)

// Standing orders: a commander that is not a planner (a player at a
// game's command ring, a script) orders units through the squad the same
// way an ordering action does, as biased goal recommendations, so that
// autonomous units still weigh them against their own goals. Nothing
// waits for the reports: the order stands until the member's next one or
// Release, and Standing says what the member last reported.

// standing is a member's standing order.
type standing struct {
	goal      string
	status    agent.ReportKind
	commander *agent.Agent
	report    func(agent.Report) // made once per member
}

// Command gives order o to the members it names (every member when
// o.Units is nil) as standing orders from commander, which the events
// name as the one who orders (EventOrderIssued, and the units' reports
// to it). Each member holds one standing order: a new one replaces its
// previous one, whose goal is withdrawn unless the new order recommends
// the same goal. o.Target writes each member's target first, as for an
// ordering action; o.Timeout is not used (nobody waits). A negative bias
// discourages the goal and has no reports.
//
// A member under a standing order and an ordering action's order for the
// same goal reports to the later of the two only. The order is checked
// before anything is issued: an unknown member or goal changes nothing.
func (s *Squad) Command(commander *agent.Agent, o Order) error {
	if commander == nil {
		return fmt.Errorf("squad %s: Command needs a commander", s.Name)
	}
	members := o.Units
	if members == nil {
		members = make([]int, len(s.Members))
		for i := range members {
			members[i] = i
		}
	}
	for _, i := range members {
		if i < 0 || i >= len(s.Members) {
			return fmt.Errorf("squad %s: order %s names member %d of %d", s.Name, o.Goal, i, len(s.Members))
		}
		if _, ok := s.Members[i].Unit.Score(o.Goal); !ok { // not one of its goals
			return fmt.Errorf("squad %s: %s has no goal %q", s.Name, s.Members[i].Unit.Name(), o.Goal)
		}
	}
	s.growStanding()
	if s.OnEvent != nil {
		names := make([]string, len(members))
		for k, i := range members {
			names[k] = s.Members[i].Unit.Name()
		}
		s.emit(commander, agent.EventOrderIssued, o.Goal, "", fmt.Sprintf("to %s (bias %s, standing)", strings.Join(names, ", "), num(o.Bias)))
	}
	for _, i := range members {
		st := &s.standing[i]
		u := s.Members[i].Unit
		if st.goal != "" && st.goal != o.Goal {
			u.Withdraw(st.goal)
		}
		st.goal, st.status, st.commander = o.Goal, 0, commander
		if o.Target != nil {
			o.Target(i, u.Blackboard())
		}
		report := st.report
		if o.Bias < 0 {
			report = nil
		}
		if err := u.Recommend(o.Goal, o.Bias, report); err != nil {
			return err // checked above: the goal exists
		}
	}
	return nil
}

// Standing returns member i's standing order's goal ("" for none) and
// the member's latest report on it (0 before any).
func (s *Squad) Standing(i int) (goal string, status agent.ReportKind) {
	if i < 0 || i >= len(s.standing) {
		return "", 0
	}
	return s.standing[i].goal, s.standing[i].status
}

// Release withdraws member i's standing order, if it has one: the goal's
// bias returns to 0 and the member pursues its own goals.
func (s *Squad) Release(i int) {
	if i < 0 || i >= len(s.standing) || s.standing[i].goal == "" {
		return
	}
	s.Members[i].Unit.Withdraw(s.standing[i].goal)
	s.standing[i].goal, s.standing[i].status, s.standing[i].commander = "", 0, nil
}

// growStanding makes a standing order slot, with its report function,
// for each member (members may have been added since the last call).
func (s *Squad) growStanding() {
	for i := len(s.standing); i < len(s.Members); i++ {
		s.standing = append(s.standing, standing{report: func(rep agent.Report) { s.standingReport(i, rep) }})
	}
}

// standingReport records member i's report on its standing order.
func (s *Squad) standingReport(i int, rep agent.Report) {
	st := &s.standing[i]
	if st.goal != rep.Goal {
		return
	}
	st.status = rep.Kind
	if s.OnEvent != nil {
		c := st.commander
		s.OnEvent(agent.Event{Tick: max(rep.Unit.Tick(), c.Tick()), Time: max(rep.Unit.Time(), c.Time()),
			Agent: rep.Unit.Name(), Type: agent.EventReport, Goal: rep.Goal, Reason: rep.Kind.String() + " to " + c.Name()})
	}
}
