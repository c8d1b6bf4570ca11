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

// simBase is a pirate domain; the cases below add agents:, events: and
// tests: to it.
const simBase = `name: pirate
actions:
  - name: DrinkRum
    preconditions: {has_rum: true}
    effects: {has_rum: false, drunk: true}
    duration: 2
  - name: StealRum
    preconditions: {bottle_available: true}
    effects: {bottle_available: false, has_rum: true}
    travel: 3
  - name: BrewRum
    cost: 5
    effects: {has_rum: true}
    duration: 4
goals:
  - {name: GetDrunk, priority: 1, desired: {drunk: true}}
  - {name: StaySober, desired: {drunk: false}}
start: {bottle_available: true}
`

func TestSimFile(t *testing.T) {
	f := mustParse(t, simBase+`agents:
  - name: pirate
    goals: [GetDrunk]
    actions: [DrinkRum, StealRum, BrewRum]
    senses: [drunk]
    start: {bottle_available: false}
    fallback: DrinkRum
    fallback_goal: StaySober
    margin: 2
    backoff: 3.5
    budget: 50
    stand_in: true
    validity_grace: 2
  - name: sober
    senses: []
events:
  - {tick: 5, set: {bottle_available: false}}
  - {tick: 2, set: {has_rum: true}}
tests:
  - name: brews
    set: {drunk: false}
    sim: {ticks: 40, events: []}
    expect_actions: [BrewRum, DrinkRum]
    expect_events: [tick 1 pirate goal_chosen GetDrunk, pirate goal_reached]
    expect_world: {drunk: true}
  - name: planner test
    goal: GetDrunk
    plan: [StealRum, DrinkRum]
`)
	want := []sim.Agent{
		{Name: "pirate", Goals: []string{"GetDrunk"}, Actions: []string{"DrinkRum", "StealRum", "BrewRum"},
			Senses: []string{"drunk"}, Start: map[string]any{"bottle_available": false}, Fallback: "DrinkRum",
			FallbackGoal: "StaySober", Margin: 2, Backoff: 3.5, Budget: 50, StandIn: true, ValidityGrace: 2},
		{Name: "sober", Senses: []string{}},
	}
	if !reflect.DeepEqual(f.Agents, want) {
		t.Errorf("agents\n%#v\nwant\n%#v", f.Agents, want)
	}
	if f.Agents[1].Goals != nil || f.Agents[1].Actions != nil || f.Agents[1].Senses == nil {
		t.Error("defaults and empty lists are not told apart")
	}
	wantEvents := []sim.Change{{Tick: 5, Set: map[string]any{"bottle_available": false}}, {Tick: 2, Set: map[string]any{"has_rum": true}}}
	if !reflect.DeepEqual(f.Events, wantEvents) {
		t.Errorf("events %#v", f.Events)
	}
	if !reflect.DeepEqual(f.Travel, map[string]int{"StealRum": 3}) || f.Durations["BrewRum"] != 4 {
		t.Errorf("travel %v, durations %v", f.Travel, f.Durations)
	}
	st := f.Tests[0].Sim
	if st == nil || st.Ticks != 40 || st.Events == nil || len(st.Events) != 0 || st.World == nil ||
		!reflect.DeepEqual(st.Actions, []string{"BrewRum", "DrinkRum"}) || len(st.Expect) != 2 || st.Expect[0].Tick != 1 {
		t.Errorf("sim test %+v", st)
	}
	if f.Tests[1].Sim != nil || f.Tests[1].Goal == nil {
		t.Error("the planner test became a sim test")
	}
	cfg := f.SimConfig()
	if cfg.Domain != f.Domain || !cfg.Start.Equal(f.Start) || len(cfg.Agents) != 2 || len(cfg.Changes) != 2 {
		t.Errorf("SimConfig %+v", cfg)
	}
}

// TestSimScenarios runs sim tests that pass and that fail, and checks
// the failure messages.
func TestSimScenarios(t *testing.T) {
	f := mustParse(t, simBase+`agents:
  - name: pirate
    goals: [GetDrunk]
    senses: [drunk]
events:
  - {tick: 2, set: {bottle_available: false}}
tests:
  - name: the bottle vanishes
    sim: {ticks: 30}
    expect_actions: [BrewRum, DrinkRum]
    expect_events:
      - tick 2 world world_changed
      - tick 3 pirate arrived StealRum
      - tick 3 pirate plan_invalidated
      - pirate goal_reached GetDrunk
    expect_world: {drunk: true, has_rum: false}
  - name: the bottle stays
    sim: {ticks: 30, events: []}
    expect_actions: [StealRum, DrinkRum]
  - name: a plain run
    sim: {ticks: 3}
  - name: wrong actions
    sim: {ticks: 30}
    expect_actions: [StealRum, DrinkRum]
  - name: wrong events
    sim: {ticks: 30}
    expect_events: [pirate goal_reached, tick 1 pirate arrived]
  - name: too short
    sim: {ticks: 4}
    expect_world: {drunk: true}
    expect_events: [pirate action_finished DrinkRum]
`)
	want := []string{
		"PASS the bottle vanishes",
		"PASS the bottle stays",
		"PASS a plain run",
		"FAIL wrong actions: expected actions [StealRum DrinkRum], got [BrewRum DrinkRum]",
		`FAIL wrong events: expected event "tick 1 pirate arrived" after "pirate goal_reached" by tick 9, but it did not happen`,
		`FAIL too short: expected event "pirate action_finished DrinkRum" by tick 4, but it did not happen; expected the world to end with {drunk}; at tick 4 it misses drunk`,
	}
	results := f.RunTests(context.Background(), goap.Options{})
	for i, r := range results {
		if r.String() != want[i] {
			t.Errorf("got  %s\nwant %s", r, want[i])
		}
	}
	r := results[0]
	if len(r.Events) == 0 || r.Events[0].Type != agent.EventGoalChosen || !reflect.DeepEqual(r.Plan, []string{"BrewRum", "DrinkRum"}) {
		t.Errorf("result keeps %d events, plan %v", len(r.Events), r.Plan)
	}

	// A cancelled context stops the simulation.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if r := f.RunScenario(ctx, f.Tests[0], goap.Options{}); r.Pass || !strings.Contains(r.Msg, "the simulation stopped at tick 0: context canceled") {
		t.Errorf("cancelled: %v", r)
	}
}

// simErrorCases are files with mistakes in their simulation parts, and
// the headers of the errors they give.
var simErrorCases = []struct {
	name, in string
	want     []string
}{
	{"unknown agent key", "agents:\n  - {name: p, sense: [drunk]}\n",
		[]string{`t.yaml:20:15: unknown key "sense" in agent (did you mean "senses"?)`}},
	{"agents not a list", "agents: {name: p}\n",
		[]string{`t.yaml:19:9: agents must be a list, got a mapping`}},
	{"empty agents", "agents: []\n",
		[]string{`t.yaml:19:9: agents is empty: list at least one agent, or remove agents:`}},
	{"agent not a mapping", "agents: [p]\n",
		[]string{`t.yaml:19:10: an agent must be a mapping with name, goals and optionally actions, senses, start and fallback; got "p"`}},
	{"agent without name", "agents: [{goals: [GetDrunk]}]\n",
		[]string{`t.yaml:19:10: agent has no name`}},
	{"agent named world", "agents: [{name: world}]\n",
		[]string{`t.yaml:19:17: an agent may not be named "world": the name stands for the world in events`}},
	{"duplicate agent", "agents: [{name: p}, {name: p}]\n",
		[]string{`t.yaml:19:21: duplicate agent name "p" (first at line 19)`}},
	{"unknown goal", "agents: [{name: p, goals: [GetDrnk]}]\n",
		[]string{`t.yaml:19:28: unknown goal "GetDrnk" in goals (did you mean "GetDrunk"?)`}},
	{"empty goals", "agents: [{name: p, goals: []}]\n",
		[]string{`t.yaml:19:27: goals must name at least one goal; leave it out to pursue all of goals:`}},
	{"goal twice", "agents: [{name: p, goals: [GetDrunk, GetDrunk]}]\n",
		[]string{`t.yaml:19:38: GetDrunk is listed twice in goals`}},
	{"unknown action", "agents: [{name: p, actions: [StealRun]}]\n",
		[]string{`t.yaml:19:30: unknown action "StealRun" in actions (did you mean "StealRum"?)`}},
	{"unknown fact in senses", "agents: [{name: p, senses: [drnk]}]\n",
		[]string{`t.yaml:19:29: unknown fact "drnk" in senses (did you mean "drunk"?)`}},
	{"bad start", "agents: [{name: p, start: {drunk: 3}}]\n",
		[]string{`t.yaml:19:35: fact "drunk" is not declared, so it is a boolean: want true or false, got 3 (declare it under facts: with type: int)`}},
	{"unknown fallback", "agents: [{name: p, fallback: Sleep}]\n",
		[]string{`t.yaml:19:30: unknown action "Sleep" in fallback`}},
	{"unknown fallback goal", "agents: [{name: p, fallback_goal: Flee}]\n",
		[]string{`t.yaml:19:35: unknown goal "Flee" in fallback_goal`}},
	{"bad numbers", "agents: [{name: p, margin: -1, backoff: 0, budget: -2}]\n",
		[]string{
			`t.yaml:19:28: margin must be at least 0, got -1`,
			`t.yaml:19:41: backoff must be more than 0 ticks, got 0`,
			`t.yaml:19:52: budget must be at least 0, got -2`,
		}},
	{"bad stand_in", "agents: [{name: p, stand_in: yes please}]\n",
		[]string{`t.yaml:19:30: stand_in must be true or false, got "yes please"`}},
	{"events without agents", "events: [{tick: 1, set: {drunk: true}}]\n",
		[]string{`t.yaml:19:1: events need agents: to act in the world they change`}},
	{"bad event", "agents: [{name: p}]\nevents:\n  - {tick: 0, set: {drnk: true}, at: 3}\n  - x\n  - {set: {}}\n",
		[]string{
			`t.yaml:21:12: tick must be at least 1 (the first tick), got 0`,
			`t.yaml:21:21: unknown fact "drnk" in set (did you mean "drunk"?)`,
			`t.yaml:21:34: unknown key "at" in event`,
			`t.yaml:22:5: an event must be a mapping such as {tick: 5, set: {door_open: true}}; got "x"`,
			`t.yaml:23:5: event has no tick`,
			`t.yaml:23:11: set must name at least one fact`,
		}},
	{"sim test without agents", "tests:\n  - {sim: {ticks: 3}}\n",
		[]string{`t.yaml:20:6: sim needs agents: in the file to simulate`}},
	{"sim test mixing planner keys", "agents: [{name: p}]\ntests:\n  - {sim: {ticks: 3}, cost: 2, goal: GetDrunk}\n",
		[]string{
			`t.yaml:21:23: cost does not apply to a sim test, which checks a simulation: use expect_actions, expect_events or expect_world`,
			`t.yaml:21:32: goal does not apply to a sim test, which checks a simulation: use expect_actions, expect_events or expect_world`,
		}},
	{"expectations without sim", "agents: [{name: p}]\ntests:\n  - {goal: GetDrunk, expect_actions: [DrinkRum]}\n",
		[]string{`t.yaml:21:22: expect_actions needs sim: {ticks: N} in the test: it checks a simulation`}},
	{"bad sim", "agents: [{name: p}]\ntests:\n  - {sim: 3}\n  - {sim: {tick: 3}}\n  - {sim: {ticks: 0}}\n  - {sim: {ticks: 100001}}\n",
		[]string{
			`t.yaml:21:11: sim must be a mapping such as {ticks: 30}, got 3`,
			`t.yaml:22:11: sim has no ticks: say how many ticks to run at most, e.g. {ticks: 50}`,
			`t.yaml:22:12: unknown key "tick" in sim (did you mean "ticks"?)`,
			`t.yaml:23:19: ticks must be at least 1, got 0`,
			`t.yaml:24:19: ticks must be at most 100000, got 100001`,
		}},
	{"bad expectations", "agents: [{name: p}]\ntests:\n  - sim: {ticks: 3}\n    expect_actions: [Drink]\n    expect_events: [q goal_chosen, p goal_chosn, p plan_made Fly, 3]\n    expect_world: {drnk: true}\n",
		[]string{
			`t.yaml:22:22: unknown action "Drink" in expect_actions`,
			`t.yaml:23:21: "q goal_chosen": unknown agent "q" (did you mean "p"?); the agents are world, p`,
			`t.yaml:23:36: "p goal_chosn": unknown event type "goal_chosn" (did you mean "goal_chosen"?); the types are goal_chosen, plan_made, no_plan, action_started, arrived, action_finished, action_failed, plan_invalidated, goal_reached, fallback, world_changed, callback_panicked, order_issued, report, order_timed_out, interrupt_propagated`,
			`t.yaml:23:50: "p plan_made Fly": "Fly" is not a goal or action of the file`,
			`t.yaml:23:67: an expected event must be a string, got 3`,
			`t.yaml:24:20: unknown fact "drnk" in expect_world (did you mean "drunk"?)`,
		}},
}

func TestSimErrors(t *testing.T) {
	for _, c := range simErrorCases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Parse("t.yaml", []byte(simBase+c.in))
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
	// travel: is checked like duration:.
	_, err := Parse("t.yaml", []byte("actions:\n  - {name: A, travel: -1, effects: {a: true}}\n  - {name: B, travel: x, effects: {b: true}}\n"))
	want := "t.yaml:2:23: travel must be at least 0, got -1\n    2 |   - {name: A, travel: -1, effects: {a: true}}\n      |                       ^\n" +
		"t.yaml:3:23: travel must be a whole number, got \"x\"\n    3 |   - {name: B, travel: x, effects: {b: true}}\n      |                       ^"
	if err == nil || err.Error() != want {
		t.Errorf("got\n%v\nwant\n%s", err, want)
	}
	// An agent needs goals to pursue.
	_, err = Parse("t.yaml", []byte("actions: [{name: A, effects: {a: true}}]\ngoal: {a: true}\nagents: [{name: p}]\n"))
	if err == nil || !strings.Contains(err.Error(), "t.yaml:3:10: agent p has no goals: add a goals: list to the file") {
		t.Errorf("got %v", err)
	}
}
