package goapfile

import (
	"context"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/goap-go/goap"
	"github.com/goap-go/goap/agent"
	"github.com/goap-go/goap/agent/sim"
)

// squadBase is a small squad file; the cases append to it.
const squadBase = `name: squad
facts:
  at: {type: enum, values: [post, door], scope: agent}
actions:
  - name: OrderStackUp
    effects: {stacked: true}
    order: {squad: alpha, goal: StackUp, bias: 0.5, timeout: 5, members: [u1], set: {at: post}}
  - name: Move
    preconditions: {at: post}
    effects: {at: door}
goals:
  - {name: Secure, priority: 1, desired: {stacked: true}}
  - {name: StackUp, desired: {at: door}}
agents:
  - {name: leader, goals: [Secure]}
  - {name: u1, goals: [StackUp], on_orders: [StackUp], obedient: true, own: {at: post}}
  - {name: u2, goals: [StackUp], on_orders: [StackUp]}
`

// TestSquadFile: squads:, order:, scope:, own:, on_orders: and obedient:
// reach the simulation's config.
func TestSquadFile(t *testing.T) {
	f, err := Parse("t.yaml", []byte(squadBase+"squads:\n  - {name: alpha, commander: leader, members: [u1, u2], interrupt: true}\n"))
	if err != nil {
		t.Fatal(err)
	}
	cfg := f.SimConfig()
	if !reflect.DeepEqual(cfg.AgentFacts, []string{"at"}) {
		t.Errorf("agent facts %v", cfg.AgentFacts)
	}
	if want := []sim.Squad{{Name: "alpha", Commander: "leader", Members: []string{"u1", "u2"}, Interrupt: true}}; !reflect.DeepEqual(cfg.Squads, want) {
		t.Errorf("squads %+v", cfg.Squads)
	}
	want := sim.OrderSpec{Squad: "alpha", Goal: "StackUp", Bias: 0.5, Timeout: 5, Members: []string{"u1"}, Set: map[string]any{"at": "post"}}
	if got := cfg.Orders["OrderStackUp"]; !reflect.DeepEqual(got, want) {
		t.Errorf("order %+v", got)
	}
	u1 := cfg.Agents[1]
	if !u1.Obedient || !reflect.DeepEqual(u1.OnOrders, []string{"StackUp"}) || u1.Own["at"] != "post" {
		t.Errorf("u1 %+v", u1)
	}
	w, err := sim.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	w.Run(20)
	if own, _ := w.Own("u1"); func() any { v, _ := own.Value("at"); return v }() != "door" {
		t.Errorf("u1 did not stack up")
	}
}

// TestSquadFileErrors: every mistake in squads and orders is reported at
// its place.
func TestSquadFileErrors(t *testing.T) {
	cases := []struct {
		name, in string
		want     []string
	}{
		{"unknown squad in an order", "",
			[]string{`t.yaml:7:20: unknown squad "alpha" in order`}},
		{"squad mistakes", "squads:\n  - {name: alpha, commander: leadr, members: [u1, u3, u1]}\n  - {name: alpha, commander: leader, members: [u2]}\n",
			[]string{
				`t.yaml:19:30: unknown agent "leadr" in commander (did you mean "leader"?)`,
				`t.yaml:19:51: unknown agent "u3" in members (did you mean "u1"?)`,
				`t.yaml:19:55: u1 is listed twice in members`,
				`t.yaml:20:5: duplicate squad name "alpha" (first at line 19)`,
			}},
		{"members outside the squad, events, expectations",
			"squads:\n  - {name: alpha, commander: leader, members: [u2]}\n" +
				"events:\n  - {tick: 1, agent: u9, set: {at: door}}\n" +
				"tests:\n  - {sim: {ticks: 3}, expect_agents: {u1: {stacked: true}, u7: {at: door}}, expect_world: {at: door}}\n",
			[]string{
				`t.yaml:7:75: u1 is not a member of squad alpha (did you mean "u2"?)`,
				`t.yaml:21:22: unknown agent "u9" (did you mean "u1"?)`,
				`t.yaml:23:44: stacked is a world fact: check it with expect_world`,
				`t.yaml:23:60: unknown agent "u7" in expect_agents (did you mean "u1"?)`,
				`t.yaml:23:92: at is an agent fact: each agent has its own; check it with expect_agents: {AGENT: {at: ...}}`,
			}},
		{"agents' keys and scope", "  - {name: u3, goals: [StackUp], on_orders: [Secure], own: {stacked: true}}\n" +
			"squads:\n  - {name: alpha, commander: leader, members: [u2]}\n",
			[]string{
				`t.yaml:7:75: u1 is not a member of squad alpha (did you mean "u2"?)`,
				`t.yaml:18:45: on_orders names Secure, which is not one of the agent's goals: StackUp`,
				`t.yaml:18:61: stacked is a world fact: own sets an agent's own values of facts declared with scope: agent`,
			}},
	}
	// A scope other than world or agent.
	_, err := Parse("t.yaml", []byte("facts:\n  hp: {type: int, min: 0, max: 3, scope: agents}\nactions:\n  - {name: A, effects: {hp: 1}}\n"))
	if err == nil || !strings.Contains(err.Error(), `t.yaml:2:42: unknown scope "agents" (did you mean "agent"?)`) {
		t.Errorf("scope: %v", err)
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Parse("t.yaml", []byte(squadBase+c.in))
			var list ErrorList
			if !errors.As(err, &list) {
				t.Fatalf("error %v", err)
			}
			var got []string
			for _, e := range list {
				got = append(got, e.Header())
			}
			if !reflect.DeepEqual(got, c.want) {
				t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(c.want, "\n"))
			}
		})
	}
}

// TestGoalRules: valid_when: and relevancy: give simulated agents' goals
// a validity and a score computed from their belief.
func TestGoalRules(t *testing.T) {
	src := `name: rules
actions:
  - {name: Eat, preconditions: {hungry: true}, effects: {hungry: false}}
  - {name: Fight, preconditions: {enemy: true}, effects: {enemy: false}}
goals:
  - name: Feed
    desired: {hungry: false}
    relevancy:
      - {when: {starving: true}, score: 150}
      - {when: {hungry: true}, score: 20}
  - name: Defend
    priority: 50
    desired: {enemy: false}
    valid_when: {armed: true}
facts:
  starving: {type: bool}
  armed: {type: bool}
start: {hungry: true, enemy: true, starving: true}
agents:
  - {name: a}
events:
  - {tick: 3, set: {armed: true}}
tests:
  - name: starving, she eats before she fights
    sim: {ticks: 10}
    expect_actions: [Eat, Fight]
    expect_events:
      - tick 1 a goal_chosen Feed
      - tick 3 a goal_chosen Defend
`
	f, err := Parse("t.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	r := f.GoalRules["Feed"]
	if len(r.Relevancy) != 2 || r.Relevancy[0].Score != 150 || f.GoalRules["Defend"].ValidWhen == nil {
		t.Fatalf("rules %+v", f.GoalRules)
	}
	for _, res := range f.RunTests(context.Background(), goap.Options{}) {
		if !res.Pass {
			t.Errorf("%s: %s", res.Name, res)
		}
	}
	_, err = Parse("t.yaml", []byte(strings.Replace(src, "score: 20}", "scor: 20}", 1)))
	if err == nil || !strings.Contains(err.Error(), `unknown key "scor" in relevancy rule (did you mean "score"?)`) {
		t.Errorf("a typo in a rule: %v", err)
	}
}

// TestSensorsAndCosts: sensors: with intervals and interrupts, and costs:
// that make one agent plan differently from another on a shared domain.
func TestSensorsAndCosts(t *testing.T) {
	src := `name: costs
actions:
  - {name: Fight, effects: {safe: true}}
  - {name: Flee, cost: 3, effects: {safe: true}}
goals:
  - {name: Safety, priority: 1, desired: {safe: true}}
agents:
  - {name: brute}
  - {name: coward, costs: {Fight: 10}, sensors: [{name: ears, facts: [noise], every: 2, interrupt: true}]}
facts:
  noise: {type: bool}
tests:
  - name: the brute fights, the coward flees
    sim: {ticks: 3}
    expect_actions: [Fight, Flee]
`
	f, err := Parse("t.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	c := f.Agents[1]
	if c.Costs["Fight"] != 10 || len(c.Sensors) != 1 || c.Sensors[0].Every != 2 || !c.Sensors[0].Interrupt {
		t.Fatalf("coward %+v", c)
	}
	for _, res := range f.RunTests(context.Background(), goap.Options{}) {
		if !res.Pass {
			t.Errorf("%s: %s", res.Name, res)
		}
	}
	_, err = Parse("t.yaml", []byte(strings.Replace(src, "costs: {Fight: 10}", "costs: {Figth: 10}", 1)))
	if err == nil || !strings.Contains(err.Error(), `unknown action "Figth" in costs (did you mean "Fight"?)`) {
		t.Errorf("a typo in costs: %v", err)
	}
}

// TestActionTimeoutAndBackoff: an action's timeout: fails it when it runs
// too long, and its backoff: sets how long it stays out of plans.
func TestActionTimeoutAndBackoff(t *testing.T) {
	src := `name: slow
actions:
  - {name: Dig, duration: 5, timeout: 2, backoff: 3, effects: {hole: true}}
goals:
  - {name: Hole, priority: 1, desired: {hole: true}}
agents:
  - {name: a, backoff: 4}
tests:
  - name: digging times out; Dig is banned until 5, the goal retried at 6
    sim: {ticks: 8}
    expect_events:
      - tick 2 a action_failed Dig
      - tick 6 a action_started Dig
`
	f, err := Parse("t.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if f.Timeouts["Dig"] != 2 || f.Backoffs["Dig"] != 3 {
		t.Fatalf("timeouts %v, backoffs %v", f.Timeouts, f.Backoffs)
	}
	for _, res := range f.RunTests(context.Background(), goap.Options{}) {
		if !res.Pass {
			t.Errorf("%s: %s", res.Name, res)
		}
	}
	// The ban is Dig's own back-off (3), not the agent's (4).
	w, err := sim.New(f.SimConfig())
	if err != nil {
		t.Fatal(err)
	}
	w.Run(3)
	found := false
	for _, e := range w.Events() {
		found = found || e.Type == agent.EventActionFailed && strings.Contains(e.Reason, "not planned again before 5")
	}
	if !found {
		t.Errorf("no ban until 5: %v", w.Events())
	}
}
