package filetest

import (
	"context"
	"errors"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/goap-go/goap"
	"github.com/goap-go/goap/agent"
	"github.com/goap-go/goap/agent/sim"
	"github.com/goap-go/goap/agent/simspec"
	"github.com/goap-go/goap/goapfile"
)

// simBase is a pirate domain; the cases below add agents:, events: and
// tests: to it.
// (testdata/fragments, shared with the other package's tests).
var simBase = readTestdata("../testdata/fragments/sim_base.yaml")

// squadBase is a small squad file; the cases append to it.
// (testdata/fragments, shared with the other package's tests).
var squadBase = readTestdata("../testdata/fragments/squad_base.yaml")

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
	want := []simspec.Agent{
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
	wantEvents := []simspec.WorldChange{{Tick: 5, Set: map[string]any{"bottle_available": false}}, {Tick: 2, Set: map[string]any{"has_rum": true}}}
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
	cfg := SimConfig(f)
	if cfg.Domain != f.Domain || !cfg.Start.Equal(f.Start) || len(cfg.Agents) != 2 || len(cfg.Changes) != 2 {
		t.Errorf("SimConfig %+v", cfg)
	}
}

// TestSimTests runs sim tests that pass and that fail, and checks
// the failure messages.
func TestSimTests(t *testing.T) {
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
	results := Run(context.Background(), f, goap.Options{})
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
	if r := RunTest(ctx, f, f.Tests[0], goap.Options{}); r.Pass || !strings.Contains(r.Msg, "the simulation stopped at tick 0: context canceled") {
		t.Errorf("cancelled: %v", r)
	}
}

// TestSquadFile: squads:, order:, scope:, own:, on_orders: and obedient:
// reach the simulation's config.
func TestSquadFile(t *testing.T) {
	f, err := goapfile.Parse("t.yaml", []byte(squadBase+"squads:\n  - {name: alpha, commander: leader, members: [u1, u2], interrupt: true}\n"))
	if err != nil {
		t.Fatal(err)
	}
	cfg := SimConfig(f)
	if !reflect.DeepEqual(cfg.AgentFacts, []string{"at"}) {
		t.Errorf("agent facts %v", cfg.AgentFacts)
	}
	if want := []simspec.SquadSpec{{Name: "alpha", Commander: "leader", Members: []string{"u1", "u2"}, Interrupt: true}}; !reflect.DeepEqual(cfg.Squads, want) {
		t.Errorf("squads %+v", cfg.Squads)
	}
	want := []simspec.OrderSpec{{Squad: "alpha", Goal: "StackUp", Bias: 0.5, Timeout: 5, Members: []string{"u1"}, Set: map[string]any{"at": "post"}}}
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
	f, err := goapfile.Parse("t.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	r := f.GoalRules["Feed"]
	if len(r.Relevancy) != 2 || r.Relevancy[0].Score != 150 || f.GoalRules["Defend"].ValidWhen == nil {
		t.Fatalf("rules %+v", f.GoalRules)
	}
	for _, res := range Run(context.Background(), f, goap.Options{}) {
		if !res.Pass {
			t.Errorf("%s: %s", res.Name, res)
		}
	}
	_, err = goapfile.Parse("t.yaml", []byte(strings.Replace(src, "score: 20}", "scor: 20}", 1)))
	var list goapfile.ErrorList
	if !errors.As(err, &list) || !strings.Contains(list.ErrorWithPosition(), `unknown key "scor" in relevancy rule (did you mean "score"?)`) {
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
	f, err := goapfile.Parse("t.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	c := f.Agents[1]
	if c.Costs["Fight"] != 10 || len(c.Sensors) != 1 || c.Sensors[0].Every != 2 || !c.Sensors[0].Interrupt {
		t.Fatalf("coward %+v", c)
	}
	for _, res := range Run(context.Background(), f, goap.Options{}) {
		if !res.Pass {
			t.Errorf("%s: %s", res.Name, res)
		}
	}
	_, err = goapfile.Parse("t.yaml", []byte(strings.Replace(src, "costs: {Fight: 10}", "costs: {Figth: 10}", 1)))
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
	f, err := goapfile.Parse("t.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if f.Timeouts["Dig"] != 2 || f.Backoffs["Dig"] != 3 {
		t.Fatalf("timeouts %v, backoffs %v", f.Timeouts, f.Backoffs)
	}
	for _, res := range Run(context.Background(), f, goap.Options{}) {
		if !res.Pass {
			t.Errorf("%s: %s", res.Name, res)
		}
	}
	// The ban is Dig's own back-off (3), not the agent's (4).
	w, err := sim.New(SimConfig(f))
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

// TestSimTestSaysWhyNoPlan: a failing sim test quotes the last no_plan
// event of each agent and goal, whose reason says why no plan exists; a
// passing one says nothing.
func TestSimTestSaysWhyNoPlan(t *testing.T) {
	f := mustParse(t, `name: hangover
actions:
  - name: Drink
    preconditions: {has_rum: true}
    effects: {has_rum: false, drunk: true}
goals:
  - {name: StaySober, priority: 1, desired: {drunk: false}}
  - {name: GetRum, priority: 1, desired: {has_rum: true}}
start: {drunk: true}
agents:
  - {name: sober, goals: [StaySober]}
  - {name: thirsty, goals: [GetRum]}
tests:
  - name: sobers up
    sim: {ticks: 12}
    expect_events: [sober goal_reached StaySober]
  - name: expects the no plan
    sim: {ticks: 12}
    expect_events: [sober no_plan StaySober]
`)
	results := Run(context.Background(), f, goap.Options{})
	want := `FAIL sobers up: expected event "sober goal_reached StaySober" by tick 12, but it did not happen; ` +
		"why no plan: tick 11 sober no_plan StaySober: no plan exists (retry at 31): !drunk is unreachable: no action sets drunk to false; " +
		"why no plan: tick 11 thirsty no_plan GetRum: no plan exists (retry at 31): has_rum is unreachable: no action sets has_rum"
	if got := results[0].String(); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	if r := results[1]; !r.Pass || r.Msg != "" {
		t.Errorf("a passing sim test says %q", r.Msg)
	}
}

// whyNoPlan keeps the last no_plan event of each agent and goal, the
// latest maxWhy of them, in the order they happened.
func TestWhyNoPlanPicks(t *testing.T) {
	ev := func(tick int, who, typ, goal string) agent.Event {
		ty, _ := agent.ParseEventType(typ)
		return agent.Event{Tick: tick, Agent: who, Type: ty, Goal: goal, Reason: "r"}
	}
	events := []agent.Event{
		ev(1, "a", "no_plan", "G"), // superseded by tick 5
		ev(2, "b", "no_plan", "G"), // the oldest of four: left out
		ev(3, "a", "no_plan", "H"),
		ev(4, "c", "goal_chosen", "G"),
		ev(5, "a", "no_plan", "G"),
		ev(6, "c", "no_plan", "G"),
	}
	want := []string{
		"why no plan: tick 3 a no_plan H: r",
		"why no plan: tick 5 a no_plan G: r",
		"why no plan: tick 6 c no_plan G: r",
	}
	if got := whyNoPlan(events); !reflect.DeepEqual(got, want) {
		t.Errorf("got  %q\nwant %q", got, want)
	}
	if got := whyNoPlan(events[3:4]); got != nil {
		t.Errorf("no no_plan event: got %q", got)
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
