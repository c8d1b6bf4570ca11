package sim_test

import (
	"strings"
	"testing"

	"github.com/goap-go/goap"
	"github.com/goap-go/goap/agent"
	"github.com/goap-go/goap/agent/sim"
	"github.com/goap-go/goap/agent/simspec"
)

// pincer is a commander's domain and its units': units go where their
// order's target (to) says, or left or right on goals of their own.
var pincer = goap.Spec{Name: "pincer",
	Facts: []goap.Fact{goap.Enum("at", "post", "left", "right"), goap.Enum("to", "none", "left", "right"), goap.Bool("arrived"), goap.Bool("hit")},
	Actions: []goap.Action{
		{Name: "Pincer", Cost: 1, Effects: goap.Effects{"won": true}},
		{Name: "MoveLeft", Cost: 1, Pre: goap.Conds{"to": "left", "at": "post"}, Effects: goap.Effects{"at": "left", "arrived": true}},
		{Name: "MoveRight", Cost: 1, Pre: goap.Conds{"to": "right", "at": "post"}, Effects: goap.Effects{"at": "right", "arrived": true}},
		{Name: "GoLeft", Cost: 1, Pre: goap.Conds{"at": "post"}, Effects: goap.Effects{"at": "left"}},
		{Name: "GoRight", Cost: 1, Pre: goap.Conds{"at": "post"}, Effects: goap.Effects{"at": "right"}},
	},
	Goals: []goap.Goal{
		{Name: "Win", Priority: 1, Desired: goap.Conds{"won": true}},
		{Name: "Arrive", Desired: goap.Conds{"arrived": true}},
		{Name: "FlankLeft", Desired: goap.Conds{"at": "left"}},
		{Name: "FlankRight", Desired: goap.Conds{"at": "right"}},
	},
}

// pincerConfig is a commander whose Pincer action issues orders to b1
// and b2, which pursue their goals on orders only.
func pincerConfig(t *testing.T, orders ...simspec.OrderSpec) sim.Config {
	t.Helper()
	d, err := goap.NewDomain(pincer)
	if err != nil {
		t.Fatal(err)
	}
	unit := func(name string) simspec.Agent {
		goals := []string{"Arrive", "FlankLeft", "FlankRight"}
		return simspec.Agent{Name: name, Goals: goals, OnOrders: goals, Actions: []string{"MoveLeft", "MoveRight", "GoLeft", "GoRight"}}
	}
	return sim.Config{Domain: d, AgentFacts: []string{"at", "to", "arrived"},
		Agents: []simspec.Agent{{Name: "cmd", Goals: []string{"Win"}, Actions: []string{"Pincer"}}, unit("b1"), unit("b2")},
		Squads: []simspec.SquadSpec{{Name: "blue", Commander: "cmd", Members: []string{"b1", "b2"}, Interrupt: true}},
		Orders: map[string][]simspec.OrderSpec{"Pincer": orders},
	}
}

// TestPincer: one ordering action sends two units to two different
// targets (a target per member, or a goal per member); both move in the
// same tick, and the commander's action succeeds, its effects applied,
// once both have reported.
func TestPincer(t *testing.T) {
	cases := []struct {
		name   string
		orders []simspec.OrderSpec
		moves  []string
	}{
		{"a target per member", []simspec.OrderSpec{
			{Squad: "blue", Goal: "Arrive", Bias: 1, Timeout: 5, Members: []string{"b1"}, Set: map[string]any{"to": "left"}},
			{Squad: "blue", Goal: "Arrive", Bias: 1, Timeout: 5, Members: []string{"b2"}, Set: map[string]any{"to": "right"}},
		}, []string{"tick 1 b1 action_finished Arrive MoveLeft", "tick 1 b2 action_finished Arrive MoveRight"}},
		{"a goal per member", []simspec.OrderSpec{
			{Squad: "blue", Goal: "FlankLeft", Bias: 1, Members: []string{"b1"}},
			{Squad: "blue", Goal: "FlankRight", Bias: 1, Members: []string{"b2"}},
		}, []string{"tick 1 b1 action_finished FlankLeft GoLeft", "tick 1 b2 action_finished FlankRight GoRight"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			w := world(t, pincerConfig(t, c.orders...))
			w.Run(5)
			var got []string
			for _, e := range w.Events() {
				if e.Type == agent.EventActionFinished || e.Type == agent.EventOrderIssued || e.Type == agent.EventGoalReached && e.Agent == "cmd" {
					got = append(got, e.String())
				}
			}
			want := []string{
				"tick 1 cmd order_issued " + c.orders[0].Goal + " Pincer: to b1 (bias 1" + map[bool]string{true: ", timeout 5)", false: ")"}[c.orders[0].Timeout > 0],
				"tick 1 cmd order_issued " + c.orders[1].Goal + " Pincer: to b2 (bias 1" + map[bool]string{true: ", timeout 5)", false: ")"}[c.orders[1].Timeout > 0],
				c.moves[0], c.moves[1],
				"tick 2 cmd action_finished Win Pincer",
				"tick 2 cmd goal_reached Win",
			}
			if strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Errorf("events:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
			for unit, side := range map[string]string{"b1": "left", "b2": "right"} {
				own, _ := w.Own(unit)
				if at, _ := own.Value("at"); at != side {
					t.Errorf("%s is at %v, want %s", unit, at, side)
				}
			}
			if won, _ := w.State().Value("won"); won != true {
				t.Error("the Pincer's effect did not apply")
			}
		})
	}
}

// TestOrderErrors: the sim refuses what the designer files refuse:
// orders for a goal a member does not have, a member twice for one goal,
// orders to two squads, squads that command each other.
func TestOrderErrors(t *testing.T) {
	arrive := func(members ...string) simspec.OrderSpec {
		return simspec.OrderSpec{Squad: "blue", Goal: "Arrive", Bias: 1, Members: members}
	}
	cases := []struct {
		name string
		edit func(*sim.Config)
		want string
	}{
		{"a goal the member lacks", func(c *sim.Config) {
			c.Orders["Pincer"] = []simspec.OrderSpec{{Squad: "blue", Goal: "Win", Bias: 1}}
		}, `sim: order Pincer: b1 has no goal "Win" to order`},
		{"a member twice", func(c *sim.Config) {
			c.Orders["Pincer"] = []simspec.OrderSpec{arrive("b1", "b2"), arrive("b2")}
		}, "sim: order Pincer: b2 is ordered Arrive twice"},
		{"two squads", func(c *sim.Config) {
			c.Squads = append(c.Squads, simspec.SquadSpec{Name: "red", Commander: "cmd", Members: []string{"b2"}})
			red := arrive("b2")
			red.Squad = "red"
			c.Orders["Pincer"] = []simspec.OrderSpec{arrive("b1"), red}
		}, "sim: order Pincer: orders go to squads blue and red: an action orders one squad"},
		{"squads that command each other", func(c *sim.Config) {
			c.Squads = append(c.Squads, simspec.SquadSpec{Name: "up", Commander: "b2", Members: []string{"cmd"}})
		}, "sim: squads command each other: cmd commands b2 (squad blue), b2 commands cmd (squad up)"},
		{"a commander among its members", func(c *sim.Config) {
			c.Squads[0].Members = append(c.Squads[0].Members, "cmd")
		}, "sim: squad blue: cmd commands it and cannot be its member too"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cfg := pincerConfig(t, arrive("b1"))
			c.edit(&cfg)
			if _, err := sim.New(cfg); err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("got %v, want %q", err, c.want)
			}
		})
	}
}
