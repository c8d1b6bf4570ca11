package squad_test

import (
	"strings"
	"testing"

	"github.com/goap-go/goap"
	"github.com/goap-go/goap/agent"
	"github.com/goap-go/goap/agent/squad"
)

// unitSpec is a unit of a room-clearing squad: it moves to the door,
// enters and clears its corner. StackUp and ClearRoom are pursued on
// orders only (relevancy 0 without a bias); Heal is its own goal.
var unitSpec = goap.Spec{Name: "unit",
	Facts: []goap.Fact{goap.Enum("at", "post", "door", "room"), goap.Bool("cleared"), goap.Bool("hurt"), goap.Bool("healed")},
	Actions: []goap.Action{
		{Name: "MoveToDoor", Cost: 1, Pre: goap.Conds{"at": "post"}, Effects: goap.Effects{"at": "door"}},
		{Name: "Enter", Cost: 1, Pre: goap.Conds{"at": "door"}, Effects: goap.Effects{"at": "room"}},
		{Name: "ClearCorner", Cost: 1, Pre: goap.Conds{"at": "room"}, Effects: goap.Effects{"cleared": true}},
		{Name: "Bandage", Cost: 1, Pre: goap.Conds{"hurt": true}, Effects: goap.Effects{"healed": true}},
	},
	Goals: []goap.Goal{
		{Name: "StackUp", Desired: goap.Conds{"at": "door"}},
		{Name: "ClearRoom", Desired: goap.Conds{"cleared": true}},
		{Name: "Heal", Priority: 10, Desired: goap.Conds{"healed": true}},
	},
}

// leaderSpec is the squad leader, a planner without a body: its actions
// are orders.
var leaderSpec = goap.Spec{Name: "leader",
	Actions: []goap.Action{
		{Name: "OrderStackUp", Cost: 1, Effects: goap.Effects{"stacked": true}},
		{Name: "OrderClear", Cost: 1, Pre: goap.Conds{"stacked": true}, Effects: goap.Effects{"room_clear": true}},
	},
	Goals: []goap.Goal{{Name: "SecureRoom", Priority: 1, Desired: goap.Conds{"room_clear": true}}},
}

type team struct {
	leader *agent.Agent
	units  []*agent.Agent
	squad  *squad.Squad
	log    *agent.Log
}

// newTeam builds a leader and n units; setup may change each unit's
// config (its index) before it is made.
func newTeam(t *testing.T, n int, timeout float64, setup func(i int, c *agent.Config)) *team {
	t.Helper()
	ud, err := goap.NewDomain(unitSpec)
	if err != nil {
		t.Fatal(err)
	}
	ld, err := goap.NewDomain(leaderSpec)
	if err != nil {
		t.Fatal(err)
	}
	tm := &team{log: &agent.Log{}}
	tm.squad = &squad.Squad{Name: "alpha", OnEvent: tm.log.Add}
	for i := range n {
		var goals []agent.Goal
		for _, name := range []string{"StackUp", "ClearRoom", "Heal"} {
			g, _ := ud.Goal(name)
			goal := agent.NewGoal(g)
			if name != "Heal" {
				goal.Relevancy = func(*agent.Blackboard) float64 { return 0 } // on orders only
			} else {
				goal.Valid = func(b *agent.Blackboard) bool { v, _ := b.Value("hurt"); return v == true }
			}
			goals = append(goals, goal)
		}
		cfg := agent.Config{Name: "u" + string(rune('1'+i)), Domain: ud, Goals: goals, OnEvent: tm.log.Add,
			Default: agent.Behavior{Perform: func(*agent.Call) agent.Outcome { return agent.Success }}}
		if setup != nil {
			setup(i, &cfg)
		}
		u, err := agent.New(cfg)
		if err != nil {
			t.Fatal(err)
		}
		tm.units = append(tm.units, u)
		tm.squad.Members = append(tm.squad.Members, squad.Member{Unit: u, Interrupt: true})
	}
	secure, _ := ld.Goal("SecureRoom")
	tm.leader, err = agent.New(agent.Config{Name: "leader", Domain: ld, Goals: []agent.Goal{agent.NewGoal(secure)}, OnEvent: tm.log.Add,
		Behaviors: map[string]agent.Behavior{
			"OrderStackUp": tm.squad.Behavior(squad.Order{Goal: "StackUp", Bias: 0.5, Timeout: timeout}),
			"OrderClear":   tm.squad.Behavior(squad.Order{Goal: "ClearRoom", Bias: 0.5, Timeout: timeout}),
		}})
	if err != nil {
		t.Fatal(err)
	}
	return tm
}

// tick updates the leader, then the units.
func (tm *team) tick() {
	tm.leader.Update(1)
	for _, u := range tm.units {
		u.Update(1)
	}
}

// events returns the log's events of the given types, as strings.
func (tm *team) events(types ...agent.EventType) []string {
	var out []string
	for _, e := range tm.log.Events {
		for _, ty := range types {
			if e.Type == ty {
				out = append(out, e.String())
			}
		}
	}
	return out
}

func checkLines(t *testing.T, got, want []string) {
	t.Helper()
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("events:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestRoomClearing: the leader plans StackUp then Clear; each order goes
// to the four units, who plan and act on their own, report, and the
// leader moves on when all have reported completion.
func TestRoomClearing(t *testing.T) {
	tm := newTeam(t, 4, 0, nil)
	for range 12 {
		tm.tick()
	}
	if st := tm.leader.Stats(); st.Finished != 2 || tm.leader.Goal() != nil {
		t.Fatalf("leader: %d actions finished, goal %v", st.Finished, tm.leader.Goal())
	}
	for _, u := range tm.units {
		if v, _ := u.Blackboard().Value("cleared"); v != true {
			t.Fatalf("%s did not clear its corner", u.Name())
		}
	}
	got := tm.events(agent.EventOrderIssued, agent.EventActionFinished, agent.EventGoalReached)
	var leader []string
	for _, l := range got {
		if strings.Contains(l, " leader ") {
			leader = append(leader, l)
		}
	}
	checkLines(t, leader, []string{
		"tick 1 leader order_issued StackUp OrderStackUp: to u1, u2, u3, u4 (bias 0.5)",
		"tick 2 leader action_finished SecureRoom OrderStackUp",
		"tick 3 leader order_issued ClearRoom OrderClear: to u1, u2, u3, u4 (bias 0.5)",
		"tick 5 leader action_finished SecureRoom OrderClear",
		"tick 5 leader goal_reached SecureRoom",
	})
	reports := tm.events(agent.EventReport)
	checkLines(t, reports[:8], []string{
		"tick 1 u1 report StackUp: picked to leader",
		"tick 1 u1 report StackUp: completed to leader",
		"tick 1 u2 report StackUp: picked to leader",
		"tick 1 u2 report StackUp: completed to leader",
		"tick 1 u3 report StackUp: picked to leader",
		"tick 1 u3 report StackUp: completed to leader",
		"tick 1 u4 report StackUp: picked to leader",
		"tick 1 u4 report StackUp: completed to leader",
	})
}

// TestAlreadySatisfied: a unit whose belief already meets the ordered
// goal reports so at once, and the order does not wait for it (the trap
// of the hand-built squad: no report, a wait for the timeout).
func TestAlreadySatisfied(t *testing.T) {
	tm := newTeam(t, 2, 5, func(i int, c *agent.Config) {
		if i == 0 {
			c.Belief = mustState(t, c.Domain, map[string]any{"at": "door"})
		}
	})
	tm.tick()
	checkLines(t, tm.events(agent.EventReport)[:1], []string{"tick 1 u1 report StackUp: already_satisfied to leader"})
	tm.tick()
	if st := tm.leader.Stats(); st.Finished != 1 {
		t.Fatalf("the leader finished %d actions by tick 2; StackUp should not wait", st.Finished)
	}
}

// TestDeclinedAndObedient: an autonomous unit that is hurt heals first
// (its own goal outweighs the order's bias): it declines, then picks the
// order up once healed, and the order waits for it. An obedient unit
// follows the order at once.
func TestDeclinedAndObedient(t *testing.T) {
	for _, obedient := range []bool{false, true} {
		tm := newTeam(t, 2, 0, func(i int, c *agent.Config) {
			if i == 1 {
				c.Belief = mustState(t, c.Domain, map[string]any{"hurt": true})
				c.Obedient = obedient
				c.Behaviors = map[string]agent.Behavior{"Bandage": {Perform: func(c *agent.Call) agent.Outcome {
					if c.Frame < 2 {
						return agent.Continue
					}
					return agent.Success
				}}}
			}
		})
		for range 6 {
			tm.tick()
		}
		var u2 []string
		for _, l := range tm.events(agent.EventReport) {
			if strings.Contains(l, " u2 report StackUp") {
				u2 = append(u2, l)
			}
		}
		want := []string{
			"tick 1 u2 report StackUp: declined to leader",
			"tick 3 u2 report StackUp: picked to leader",
			"tick 4 u2 report StackUp: completed to leader",
		}
		if obedient {
			want = []string{
				"tick 1 u2 report StackUp: picked to leader",
				"tick 1 u2 report StackUp: completed to leader",
			}
		}
		checkLines(t, u2, want)
		if st := tm.leader.Stats(); st.Failed != 0 || st.Finished == 0 {
			t.Errorf("obedient %v: leader %+v", obedient, st)
		}
	}
}

// TestTimeoutAndInterrupt: an order whose unit never finishes times out
// and the leader's action fails; interrupting the leader aborts its
// ordering action, withdraws the order and interrupts the units marked
// so.
func TestTimeoutAndInterrupt(t *testing.T) {
	stuck := func(i int, c *agent.Config) {
		c.Behaviors = map[string]agent.Behavior{"MoveToDoor": {Perform: func(*agent.Call) agent.Outcome { return agent.Continue }}}
	}
	tm := newTeam(t, 2, 3, stuck)
	for range 5 {
		tm.tick()
	}
	checkLines(t, tm.events(agent.EventOrderTimedOut)[:1], []string{"tick 3 leader order_timed_out StackUp OrderStackUp: no report of completion from u1, u2 after 3"})
	if !strings.Contains(strings.Join(tm.events(agent.EventActionFailed), "\n"), "leader action_failed SecureRoom OrderStackUp: timed out waiting for u1") {
		t.Errorf("no failure after the timeout:\n%s", strings.Join(tm.log.Strings(), "\n"))
	}

	tm = newTeam(t, 2, 0, stuck)
	tm.tick()
	tm.leader.Interrupt("the door is locked")
	tm.tick()
	got := tm.events(agent.EventInterruptPropagated, agent.EventPlanInvalidated, agent.EventOrderIssued)
	checkLines(t, got, []string{
		"tick 1 leader order_issued StackUp OrderStackUp: to u1, u2 (bias 0.5)",
		"tick 2 u1 interrupt_propagated StackUp: commander leader aborted OrderStackUp",
		"tick 2 u2 interrupt_propagated StackUp: commander leader aborted OrderStackUp",
		"tick 2 leader plan_invalidated SecureRoom OrderStackUp: the door is locked",
		"tick 2 leader order_issued StackUp OrderStackUp: to u1, u2 (bias 0.5)",
		"tick 2 u1 plan_invalidated StackUp MoveToDoor: commander leader aborted OrderStackUp",
		"tick 2 u2 plan_invalidated StackUp MoveToDoor: commander leader aborted OrderStackUp",
	})
}

func mustState(t *testing.T, d *goap.Domain, v map[string]any) goap.State {
	t.Helper()
	s, err := d.State(v)
	if err != nil {
		t.Fatal(err)
	}
	return s
}
