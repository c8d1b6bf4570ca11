package squad_test

import (
	"strings"
	"testing"

	"github.com/goap-go/goap"
	"github.com/goap-go/goap/agent"
	"github.com/goap-go/goap/agent/squad"
)

// flankerSpec is a unit that goes where its order's target (to) says,
// or left or right on a goal of its own; it may also be hurt (Heal) and
// has a lesser goal of its own (Watch).
var flankerSpec = goap.Spec{Name: "flanker",
	Facts: []goap.Fact{goap.Enum("at", "post", "left", "right"), goap.Enum("to", "none", "left", "right"),
		goap.Bool("arrived"), goap.Bool("hurt"), goap.Bool("healed"), goap.Bool("watched")},
	Actions: []goap.Action{
		{Name: "MoveLeft", Cost: 1, Pre: goap.Conds{"to": "left"}, Effects: goap.Effects{"at": "left", "arrived": true}},
		{Name: "MoveRight", Cost: 1, Pre: goap.Conds{"to": "right"}, Effects: goap.Effects{"at": "right", "arrived": true}},
		{Name: "GoLeft", Cost: 1, Effects: goap.Effects{"at": "left"}},
		{Name: "GoRight", Cost: 1, Effects: goap.Effects{"at": "right"}},
		{Name: "Bandage", Cost: 1, Pre: goap.Conds{"hurt": true}, Effects: goap.Effects{"healed": true}},
		{Name: "Look", Cost: 1, Effects: goap.Effects{"watched": true}},
	},
	Goals: []goap.Goal{
		{Name: "Arrive", Desired: goap.Conds{"arrived": true}}, // where the target says
		{Name: "FlankLeft", Desired: goap.Conds{"at": "left"}},
		{Name: "FlankRight", Desired: goap.Conds{"at": "right"}},
		{Name: "Heal", Priority: 10, Desired: goap.Conds{"healed": true}},
		{Name: "Watch", Priority: 5, Desired: goap.Conds{"watched": true}},
	},
}

// flankers is a commander with one ordering action, Assault, and n
// units; the unit with index i is hurt when hurt[i].
type flankers struct {
	team
	fd *goap.Domain
}

// newFlankers builds the commander, whose Assault action issues orders,
// and n flankers. Arrive, FlankLeft and FlankRight are pursued on
// orders only; Heal and Watch are valid when hurt; setup may change a
// unit's config.
func newFlankers(t *testing.T, n int, orders []squad.Order, setup func(i int, c *agent.Config)) *flankers {
	t.Helper()
	fd, err := goap.NewDomain(flankerSpec)
	if err != nil {
		t.Fatal(err)
	}
	cd, err := goap.NewDomain(goap.Spec{Name: "commander",
		Actions: []goap.Action{{Name: "Assault", Cost: 1, Effects: goap.Effects{"won": true}}},
		Goals:   []goap.Goal{{Name: "Win", Priority: 1, Desired: goap.Conds{"won": true}}}})
	if err != nil {
		t.Fatal(err)
	}
	f := &flankers{team: team{log: &agent.Log{}}, fd: fd}
	f.squad = &squad.Squad{Name: "blue", OnEvent: f.log.Add}
	for i := range n {
		var goals []agent.Goal
		for _, t := range fd.Goals() {
			g := agent.NewGoal(t)
			switch t.Name() {
			case "Arrive", "FlankLeft", "FlankRight":
				g.Relevancy = func(*agent.Blackboard) float64 { return 0 } // on orders only
			case "Heal", "Watch": // a hurt unit heals, or stays back and watches
				g.Valid = func(b *agent.Blackboard) bool { v, _ := b.Value("hurt"); return v == true }
			}
			goals = append(goals, g)
		}
		cfg := agent.Config{Name: "b" + string(rune('1'+i)), Domain: fd, Goals: goals, OnEvent: f.log.Add,
			Default: agent.Behavior{Perform: func(*agent.Call) agent.Outcome { return agent.Success }}}
		if setup != nil {
			setup(i, &cfg)
		}
		u, err := agent.New(cfg)
		if err != nil {
			t.Fatal(err)
		}
		f.units = append(f.units, u)
		f.squad.Members = append(f.squad.Members, squad.Member{Unit: u, Interrupt: true})
	}
	win, _ := cd.Goal("Win")
	f.leader, err = agent.New(agent.Config{Name: "cmd", Domain: cd, Goals: []agent.Goal{agent.NewGoal(win)}, OnEvent: f.log.Add,
		Behaviors: map[string]agent.Behavior{"Assault": f.squad.Behavior(orders...)}})
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// to returns an order's Target that sends unit i to sides[i].
func to(sides ...string) func(int, *agent.Blackboard) {
	return func(unit int, b *agent.Blackboard) {
		if err := b.SetValue("to", sides[unit]); err != nil {
			panic(err)
		}
	}
}

// TestPincer: one ordering action sends two units two ways at once,
// either with one goal and a target per unit or with a goal per unit;
// both move in the same tick, and the action succeeds once both report
// completion.
func TestPincer(t *testing.T) {
	cases := []struct {
		name   string
		orders []squad.Order
		issued []string
	}{
		{"one goal, a target per unit",
			[]squad.Order{{Goal: "Arrive", Bias: 1, Target: to("left", "right"), Timeout: 5}},
			[]string{"tick 1 cmd order_issued Arrive Assault: to b1, b2 (bias 1, timeout 5)"}},
		{"a goal per unit",
			[]squad.Order{{Goal: "FlankLeft", Bias: 1, Units: []int{0}}, {Goal: "FlankRight", Bias: 2, Units: []int{1}, Timeout: 5}},
			[]string{"tick 1 cmd order_issued FlankLeft Assault: to b1 (bias 1)", "tick 1 cmd order_issued FlankRight Assault: to b2 (bias 2, timeout 5)"}},
		{"a goal and a target per unit",
			[]squad.Order{{Goal: "Arrive", Bias: 1, Units: []int{1}, Target: to("", "right")}, {Goal: "Arrive", Bias: 1, Units: []int{0}, Target: to("left")}},
			[]string{"tick 1 cmd order_issued Arrive Assault: to b2 (bias 1)", "tick 1 cmd order_issued Arrive Assault: to b1 (bias 1)"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			orders := c.orders
			f := newFlankers(t, 2, orders, nil)
			f.tick()
			for i, side := range []string{"left", "right"} {
				if v, _ := f.units[i].Blackboard().Value("at"); v != side {
					t.Errorf("after tick 1, %s is at %v, want %s", f.units[i].Name(), v, side)
				}
			}
			checkLines(t, f.events(agent.EventOrderIssued), c.issued)
			f.tick()
			checkLines(t, f.events(agent.EventActionFinished, agent.EventActionFailed)[2:], []string{"tick 2 cmd action_finished Win Assault"})
			if f.leader.Goal() != nil {
				t.Errorf("the commander still pursues %s", f.leader.Goal().Name())
			}
			// The orders are withdrawn with the action: the units go back to
			// their own goals.
			for i, u := range f.units {
				if b := u.Bias(orders[min(i, len(orders)-1)].Goal); b != 0 {
					t.Errorf("%s keeps a bias of %v", u.Name(), b)
				}
			}
		})
	}
}

// TestNegativeBias: an order with a negative bias discourages a goal.
// A hurt unit heals first on its own (Heal 10, Watch 5); discouraged by
// more than the gap, it watches first. A goal with a priority stays a
// candidate (discouraged, not forbidden): it is chosen when nothing else
// is. A goal scored by relevancy is out of the choice while its score
// with the bias is 0 or less, until the action that discouraged it ends.
// The commander waits for no report on a discouragement.
func TestNegativeBias(t *testing.T) {
	setup := func(relevancy bool) func(int, *agent.Config) {
		return func(i int, c *agent.Config) {
			if i == 0 {
				c.Belief = mustState(t, c.Domain, map[string]any{"hurt": true})
				if relevancy {
					c.Goals[3].Relevancy = func(*agent.Blackboard) float64 { return 10 }
				}
			}
			// b2 takes three ticks to get there: the discouragement holds as long.
			c.Behaviors = map[string]agent.Behavior{"GoRight": {Perform: func(c *agent.Call) agent.Outcome {
				if c.Frame < 2 {
					return agent.Continue
				}
				return agent.Success
			}}}
		}
	}
	b1 := func(f *flankers) []string {
		var out []string
		for _, l := range f.events(agent.EventGoalChosen, agent.EventReport) {
			if strings.Contains(l, " b1 ") {
				out = append(out, strings.Split(l, ":")[0])
			}
		}
		return out
	}
	cases := []struct {
		bias      float64
		relevancy bool
		want      []string
	}{
		{0, false, []string{"tick 1 b1 goal_chosen Heal", "tick 1 b1 goal_chosen Watch"}},
		{-4, false, []string{"tick 1 b1 goal_chosen Heal", "tick 1 b1 goal_chosen Watch"}}, // 6 still beats 5
		{-6, false, []string{"tick 1 b1 goal_chosen Watch", "tick 1 b1 goal_chosen Heal"}},
		{-20, false, []string{"tick 1 b1 goal_chosen Watch", "tick 1 b1 goal_chosen Heal"}}, // -10 beats no goal
		{-20, true, []string{"tick 1 b1 goal_chosen Watch", "tick 4 b1 goal_chosen Heal"}},  // once withdrawn
		{-10, true, []string{"tick 1 b1 goal_chosen Watch", "tick 4 b1 goal_chosen Heal"}},  // 0: not relevant
		{-9, true, []string{"tick 1 b1 goal_chosen Watch", "tick 1 b1 goal_chosen Heal"}},   // 1 is relevant
	}
	for _, c := range cases {
		orders := []squad.Order{{Goal: "FlankRight", Bias: 1, Units: []int{1}}}
		if c.bias != 0 {
			orders = append(orders, squad.Order{Goal: "Heal", Bias: c.bias, Units: []int{0}, Timeout: 1})
		}
		f := newFlankers(t, 2, orders, setup(c.relevancy))
		for range 5 {
			f.tick()
		}
		t.Logf("bias %v, relevancy %v", c.bias, c.relevancy)
		checkLines(t, b1(f), c.want)
		if v, _ := f.units[0].Blackboard().Value("healed"); v != true {
			t.Errorf("bias %v: b1 did not heal", c.bias)
		}
		// The action waits for b2 only (and not for a timeout on b1's
		// discouragement): b2 arrives at tick 3, the commander sees it and
		// withdraws the orders at tick 4.
		if got := strings.Join(f.events(agent.EventActionFinished, agent.EventActionFailed, agent.EventOrderTimedOut), "\n"); !strings.Contains(got, "tick 4 cmd action_finished Win Assault") || strings.Contains(got, "cmd action_failed") {
			t.Errorf("bias %v: the commander's action did not finish at tick 4:\n%s", c.bias, got)
		}
		if f.squad.Status(0) != 0 || f.squad.Status(1) != agent.Completed {
			t.Errorf("bias %v: status: b1 %v, b2 %v", c.bias, f.squad.Status(0), f.squad.Status(1))
		}
	}
}

// TestOrdersFail: the action fails when one unit fails its goal, when
// one order times out (the others' units may have finished), and when
// its orders are wrong: a unit twice for one goal, no orders at all, a
// goal a unit does not have.
func TestOrdersFail(t *testing.T) {
	stuck := func(i int, c *agent.Config) {
		if i == 1 {
			c.Behaviors = map[string]agent.Behavior{"GoRight": {Perform: func(*agent.Call) agent.Outcome { return agent.Continue }}}
		}
	}
	cases := []struct {
		name   string
		orders []squad.Order
		want   []string // the commander's events of these types
	}{
		{"a unit fails its goal", // b2 has no target: no plan reaches Arrive
			[]squad.Order{{Goal: "FlankLeft", Bias: 1, Units: []int{0}}, {Goal: "Arrive", Bias: 1, Units: []int{1}, Timeout: 9}},
			[]string{"tick 2 cmd action_failed Win Assault: b2 failed Arrive"}},
		{"one order times out",
			[]squad.Order{{Goal: "FlankLeft", Bias: 1, Units: []int{0}, Timeout: 2}, {Goal: "FlankRight", Bias: 1, Units: []int{1}, Timeout: 2}},
			[]string{
				"tick 2 cmd order_timed_out FlankRight Assault: no report of completion from b2 after 2",
				"tick 2 cmd action_failed Win Assault: timed out waiting for b2",
			}},
		{"a unit twice for one goal",
			[]squad.Order{{Goal: "FlankLeft", Bias: 1, Units: []int{0, 1}}, {Goal: "FlankLeft", Bias: 2, Units: []int{1}}},
			[]string{"tick 1 cmd action_failed Win Assault: squad blue: b2 is ordered FlankLeft twice"}},
		{"a unit twice, once by default",
			[]squad.Order{{Goal: "FlankLeft", Bias: 1}, {Goal: "FlankLeft", Bias: -2, Units: []int{0}}},
			[]string{"tick 1 cmd action_failed Win Assault: squad blue: b1 is ordered FlankLeft twice"}},
		{"no orders", nil,
			[]string{"tick 1 cmd action_failed Win Assault: squad blue: action Assault issues no orders"}},
		{"a member out of range",
			[]squad.Order{{Goal: "FlankLeft", Bias: 1, Units: []int{0}}, {Goal: "FlankRight", Bias: 1, Units: []int{2}}},
			[]string{"tick 1 cmd action_failed Win Assault: squad blue: order FlankRight names member 2 of 2"}},
		{"a goal the unit does not have",
			[]squad.Order{{Goal: "FlankLeft", Bias: 1, Units: []int{0}}, {Goal: "Charge", Bias: 1, Units: []int{1}}},
			[]string{`tick 1 cmd action_failed Win Assault: agent: b2: unknown goal "Charge"`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := newFlankers(t, 2, c.orders, stuck)
			for range 3 {
				f.tick()
			}
			var got []string
			for _, l := range f.events(agent.EventOrderTimedOut, agent.EventActionFailed) {
				if strings.Contains(l, " cmd ") {
					got = append(got, l)
				}
			}
			// Reasons go on with when the action may run again.
			for i := range got {
				if i < len(c.want) && strings.HasPrefix(got[i], c.want[i]) {
					got[i] = c.want[i]
				}
			}
			checkLines(t, got[:min(len(got), len(c.want))], c.want)
		})
	}
}

// TestOrdersSkipStopped: an order to the whole squad goes to the members
// still running; one stopped for good (dead in a simulation) is not
// waited on, so the order succeeds with the others.
func TestOrdersSkipStopped(t *testing.T) {
	f := newFlankers(t, 3, []squad.Order{{Goal: "FlankLeft", Bias: 1}}, nil)
	f.units[1].Stop("died")
	for range 3 {
		f.tick()
	}
	var issued []string
	for _, l := range f.events(agent.EventOrderIssued, agent.EventActionFinished) {
		if strings.Contains(l, " cmd ") {
			issued = append(issued, l)
		}
	}
	checkLines(t, issued, []string{
		"tick 1 cmd order_issued FlankLeft Assault: to b1, b3 (bias 1)",
		"tick 2 cmd action_finished Win Assault",
	})
}
