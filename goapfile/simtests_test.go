package goapfile

import (
	"errors"
	"os"
	"reflect"
	"strings"
	"testing"
)

// simBase is a pirate domain; the cases below add agents:, events: and
// tests: to it.
// (testdata/fragments, shared with the other package's tests).
var simBase = readTestdata("testdata/fragments/sim_base.yaml")

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
			`t.yaml:23:36: "p goal_chosn": unknown event type "goal_chosn" (did you mean "goal_chosen"?); the types are goal_chosen, plan_made, no_plan, action_started, arrived, action_finished, action_failed, plan_invalidated, goal_reached, fallback, world_changed, callback_panicked, order_issued, report, order_timed_out, interrupt_propagated, died, object_removed`,
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
				got = append(got, e.Error())
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
	if err == nil || positioned(err) != want {
		t.Errorf("got\n%v\nwant\n%s", err, want)
	}
	// An agent needs goals to pursue.
	_, err = Parse("t.yaml", []byte("actions: [{name: A, effects: {a: true}}]\ngoal: {a: true}\nagents: [{name: p}]\n"))
	if err == nil || !strings.Contains(err.Error(), "t.yaml:3:10: agent p has no goals: add a goals: list to the file") {
		t.Errorf("got %v", err)
	}
}

// readTestdata returns a file of testdata, read once when the tests start.
func readTestdata(path string) string {
	b, err := os.ReadFile(path)
	if err != nil {
		panic(err) // the tests cannot run without it
	}
	return string(b)
}
