package agent_test

import (
	"reflect"
	"strings"
	"testing"

	"github.com/goap-go/goap"
	"github.com/goap-go/goap/agent"
)

// eventCase drives one agent tick by tick in a small world and expects
// the exact sequence of events.
type eventCase struct {
	name  string
	spec  *goap.Spec
	setup func(t *testing.T, d *goap.Domain, w *world, cfg *agent.Config)
	ticks int
	want  []string
	// stats, when set, is checked after the run.
	stats *agent.Stats
}

var eventCases = []eventCase{
	{
		name: "plan and perform",
		spec: &pirateSpec,
		setup: func(t *testing.T, d *goap.Domain, w *world, cfg *agent.Config) {
			cfg.Goals = goals(t, d, "GetDrunk")
			cfg.Default = agent.Behavior{Perform: takes(2)}
		},
		ticks: 10,
		want: []string{
			"tick 1 pirate goal_chosen GetDrunk: score 1",
			"tick 1 pirate plan_made GetDrunk [StealRum DrinkRum]: cost 2",
			"tick 1 pirate action_started GetDrunk StealRum",
			"tick 2 pirate action_finished GetDrunk StealRum",
			"tick 3 pirate action_started GetDrunk DrinkRum",
			"tick 4 pirate action_finished GetDrunk DrinkRum",
			"tick 4 pirate goal_reached GetDrunk",
		},
		stats: &agent.Stats{Plans: 1, Finished: 2},
	},
	{
		// Pittman's pirate: the bottle vanishes while he walks to it;
		// he does not see it go, and finds out on arrival.
		name: "arrival check",
		spec: &pirateSpec,
		setup: func(t *testing.T, d *goap.Domain, w *world, cfg *agent.Config) {
			cfg.Goals = goals(t, d, "GetDrunk")
			cfg.Default = agent.Behavior{Perform: takes(1)}
			bottle := fact(t, d, "bottle_available")
			cfg.Behaviors = map[string]agent.Behavior{"StealRum": {
				MoveTo: func(s *agent.Call) agent.Outcome {
					if s.Frame < 3 {
						return agent.Continue
					}
					// Arrived: look at the shelf.
					_ = s.Agent.Blackboard().Set(bottle, w.state.Get(bottle))
					return agent.Success
				},
				Perform: takes(1),
			}}
			w.changes = map[int]func(goap.State){2: func(s goap.State) { s.SetBool(bottle, false) }}
		},
		ticks: 10,
		want: []string{
			"tick 1 pirate goal_chosen GetDrunk: score 1",
			"tick 1 pirate plan_made GetDrunk [StealRum DrinkRum]: cost 2",
			"tick 1 pirate action_started GetDrunk StealRum",
			"tick 4 pirate arrived GetDrunk StealRum",
			"tick 4 pirate plan_invalidated GetDrunk StealRum: step 1 StealRum: bottle_available is false (true when planned)",
			"tick 4 pirate plan_made GetDrunk [CollectMolasses BrewRum DrinkRum]: cost 7",
			"tick 5 pirate action_started GetDrunk CollectMolasses",
			"tick 5 pirate action_finished GetDrunk CollectMolasses",
			"tick 6 pirate action_started GetDrunk BrewRum",
			"tick 6 pirate action_finished GetDrunk BrewRum",
			"tick 7 pirate action_started GetDrunk DrinkRum",
			"tick 7 pirate action_finished GetDrunk DrinkRum",
			"tick 7 pirate goal_reached GetDrunk",
		},
		stats: &agent.Stats{Plans: 2, Replans: 1, Finished: 3},
	},
	{
		// The same pirate with eyes on the shelf: the plan is dropped
		// as soon as the sensor writes the change, before he arrives.
		name: "sensor sees the change on the way",
		spec: &pirateSpec,
		setup: func(t *testing.T, d *goap.Domain, w *world, cfg *agent.Config) {
			cfg.Goals = goals(t, d, "GetDrunk")
			cfg.Default = agent.Behavior{Perform: takes(1)}
			bottle := fact(t, d, "bottle_available")
			w.facts = []goap.FactID{bottle}
			cfg.Behaviors = map[string]agent.Behavior{"StealRum": {MoveTo: takes(4)}}
			w.changes = map[int]func(goap.State){2: func(s goap.State) { s.SetBool(bottle, false) }}
		},
		ticks: 10,
		want: []string{
			"tick 1 pirate goal_chosen GetDrunk: score 1",
			"tick 1 pirate plan_made GetDrunk [StealRum DrinkRum]: cost 2",
			"tick 1 pirate action_started GetDrunk StealRum",
			"tick 2 pirate plan_invalidated GetDrunk StealRum: step 1 StealRum: bottle_available is false (true when planned)",
			"tick 2 pirate plan_made GetDrunk [CollectMolasses BrewRum DrinkRum]: cost 7",
			"tick 2 pirate action_started GetDrunk CollectMolasses",
			"tick 2 pirate action_finished GetDrunk CollectMolasses",
			"tick 3 pirate action_started GetDrunk BrewRum",
			"tick 3 pirate action_finished GetDrunk BrewRum",
			"tick 4 pirate action_started GetDrunk DrinkRum",
			"tick 4 pirate action_finished GetDrunk DrinkRum",
			"tick 4 pirate goal_reached GetDrunk",
		},
	},
	{
		// StealRum fails (the handler says why): it is banned for the
		// back-off, and the agent replans without it.
		name: "action fails",
		spec: &pirateSpec,
		setup: func(t *testing.T, d *goap.Domain, w *world, cfg *agent.Config) {
			cfg.Goals = goals(t, d, "GetDrunk")
			cfg.Default = agent.Behavior{Perform: takes(1)}
			cfg.Backoff = 5
			cfg.Behaviors = map[string]agent.Behavior{"StealRum": {Perform: func(s *agent.Call) agent.Outcome {
				s.Reason = "the barkeeper watches"
				return agent.Failure
			}}}
		},
		ticks: 10,
		want: []string{
			"tick 1 pirate goal_chosen GetDrunk: score 1",
			"tick 1 pirate plan_made GetDrunk [StealRum DrinkRum]: cost 2",
			"tick 1 pirate action_started GetDrunk StealRum",
			"tick 1 pirate action_failed GetDrunk StealRum: the barkeeper watches; not planned again before 6",
			"tick 1 pirate plan_made GetDrunk [CollectMolasses BrewRum DrinkRum]: cost 7",
			"tick 2 pirate action_started GetDrunk CollectMolasses",
			"tick 2 pirate action_finished GetDrunk CollectMolasses",
			"tick 3 pirate action_started GetDrunk BrewRum",
			"tick 3 pirate action_finished GetDrunk BrewRum",
			"tick 4 pirate action_started GetDrunk DrinkRum",
			"tick 4 pirate action_finished GetDrunk DrinkRum",
			"tick 4 pirate goal_reached GetDrunk",
		},
		stats: &agent.Stats{Plans: 2, Replans: 1, Finished: 3, Failed: 1},
	},
	{
		// Nothing reaches Fly: it waits out a back-off that doubles (2,
		// 4, 8, capped at 8) while the fallback action runs once per
		// round.
		name: "no plan: back-off and fallback action",
		spec: &fightSpec,
		setup: func(t *testing.T, d *goap.Domain, w *world, cfg *agent.Config) {
			cfg.Goals = goals(t, d, "Fly")
			cfg.Fallback = "Wait"
			cfg.Default = agent.Behavior{Perform: takes(1)}
			cfg.Backoff, cfg.MaxBackoff = 2, 8
		},
		ticks: 30,
		want: []string{
			"tick 1 a goal_chosen Fly: score 200",
			"tick 1 a no_plan Fly: no plan exists (retry at 3): flying is unreachable: no action sets flying",
			"tick 1 a fallback Wait: no plan for Fly (retry at 3)",
			"tick 1 a action_started Wait",
			"tick 1 a action_finished Wait",
			"tick 3 a goal_chosen Fly: score 200",
			"tick 3 a no_plan Fly: no plan exists (retry at 7): flying is unreachable: no action sets flying",
			"tick 3 a fallback Wait: no plan for Fly (retry at 7)",
			"tick 3 a action_started Wait",
			"tick 3 a action_finished Wait",
			"tick 7 a goal_chosen Fly: score 200",
			"tick 7 a no_plan Fly: no plan exists (retry at 15): flying is unreachable: no action sets flying",
			"tick 7 a fallback Wait: no plan for Fly (retry at 15)",
			"tick 7 a action_started Wait",
			"tick 7 a action_finished Wait",
			"tick 15 a goal_chosen Fly: score 200",
			"tick 15 a no_plan Fly: no plan exists (retry at 23): flying is unreachable: no action sets flying",
			"tick 15 a fallback Wait: no plan for Fly (retry at 23)",
			"tick 15 a action_started Wait",
			"tick 15 a action_finished Wait",
			"tick 23 a goal_chosen Fly: score 200",
			"tick 23 a no_plan Fly: no plan exists (retry at 31): flying is unreachable: no action sets flying",
			"tick 23 a fallback Wait: no plan for Fly (retry at 31)",
			"tick 23 a action_started Wait",
			"tick 23 a action_finished Wait",
		},
		// Five planner calls in thirty ticks, not thirty.
		stats: &agent.Stats{Plans: 5, NoPlans: 5, Finished: 5},
	},
	{
		// No plan for the best goal: the next one is tried in the same
		// update.
		name: "next goal when the best has no plan",
		spec: &fightSpec,
		setup: func(t *testing.T, d *goap.Domain, w *world, cfg *agent.Config) {
			cfg.Goals = goals(t, d, "Fly", "LootHouse")
			cfg.Default = agent.Behavior{Perform: takes(1)}
		},
		ticks: 4,
		want: []string{
			"tick 1 a goal_chosen Fly: score 200",
			"tick 1 a no_plan Fly: no plan exists (retry at 2): flying is unreachable: no action sets flying",
			"tick 1 a goal_chosen LootHouse: score 50",
			"tick 1 a plan_made LootHouse [Explore Loot]: cost 7",
			"tick 1 a action_started LootHouse Explore",
			"tick 1 a action_finished LootHouse Explore",
			// Fly is tried again while the looting goes on.
			"tick 2 a no_plan Fly: no plan exists (retry at 4): flying is unreachable: no action sets flying",
			"tick 2 a action_started LootHouse Loot",
			"tick 2 a action_finished LootHouse Loot",
			"tick 2 a goal_reached LootHouse",
			"tick 2 a fallback: no plan for Fly (retry at 4)",
			"tick 4 a goal_chosen Fly: score 200",
			"tick 4 a no_plan Fly: no plan exists (retry at 8): flying is unreachable: no action sets flying",
			"tick 4 a fallback: no plan for Fly (retry at 8)",
		},
	},
	{
		// The fallback goal runs only while the real goal has no plan.
		name: "fallback goal",
		spec: &fightSpec,
		setup: func(t *testing.T, d *goap.Domain, w *world, cfg *agent.Config) {
			cfg.Goals = goals(t, d, "Eliminate")
			flee, _ := d.Goal("Flee")
			cfg.FallbackGoal = agent.NewGoal(flee)
			cfg.Default = agent.Behavior{Perform: takes(2)}
			cfg.Belief = mustState(t, d, map[string]any{"in_danger": true})
			cfg.Backoff = 10
		},
		ticks: 12,
		want: []string{
			"tick 1 a goal_chosen Eliminate: score 160",
			"tick 1 a no_plan Eliminate: no plan exists (retry at 11): !in_danger is unreachable: Shoot needs armed; armed: no action sets armed",
			"tick 1 a goal_chosen Flee: fallback: no plan for Eliminate (retry at 11)",
			"tick 1 a plan_made Flee [Run]: cost 1",
			"tick 1 a action_started Flee Run",
			"tick 2 a action_finished Flee Run",
			"tick 2 a goal_reached Flee",
			"tick 2 a fallback: no plan for Eliminate (retry at 11)",
			"tick 11 a goal_chosen Eliminate: score 160",
			"tick 11 a no_plan Eliminate: no plan exists (retry at 31): !in_danger is unreachable: Shoot needs armed; armed: no action sets armed",
			"tick 11 a fallback: no plan for Eliminate (retry at 31)",
		},
	},
	{
		// The fallback goal stands in for goals that wait for a retry,
		// not for goals that are invalid: with none waiting the agent
		// idles.
		name: "no fallback goal without a waiting goal",
		spec: &fightSpec,
		setup: func(t *testing.T, d *goap.Domain, w *world, cfg *agent.Config) {
			cfg.Goals = goals(t, d, "Eliminate")
			cfg.Goals[0].Valid = func(*agent.Blackboard) bool { return false }
			flee, _ := d.Goal("Flee")
			cfg.FallbackGoal = agent.NewGoal(flee)
			cfg.Default = agent.Behavior{Perform: takes(2)}
			cfg.Belief = mustState(t, d, map[string]any{"in_danger": true})
		},
		ticks: 5,
		want:  []string{},
	},
	{
		// A goal without a plan is retried while the agent carries out
		// a lower goal's plan; it does not take over while it has no
		// plan.
		name: "retry does not disturb the plan",
		spec: &fightSpec,
		setup: func(t *testing.T, d *goap.Domain, w *world, cfg *agent.Config) {
			cfg.Goals = goals(t, d, "Fly", "LootHouse")
			cfg.Default = agent.Behavior{Perform: takes(5)}
			cfg.Backoff = 3
		},
		ticks: 12,
		want: []string{
			"tick 1 a goal_chosen Fly: score 200",
			"tick 1 a no_plan Fly: no plan exists (retry at 4): flying is unreachable: no action sets flying",
			"tick 1 a goal_chosen LootHouse: score 50",
			"tick 1 a plan_made LootHouse [Explore Loot]: cost 7",
			"tick 1 a action_started LootHouse Explore",
			"tick 4 a no_plan Fly: no plan exists (retry at 10): flying is unreachable: no action sets flying",
			"tick 5 a action_finished LootHouse Explore",
			"tick 6 a action_started LootHouse Loot",
			"tick 10 a no_plan Fly: no plan exists (retry at 22): flying is unreachable: no action sets flying",
			"tick 10 a action_finished LootHouse Loot",
			"tick 10 a goal_reached LootHouse",
			"tick 10 a fallback: no plan for Fly (retry at 22)",
		},
		stats: &agent.Stats{Plans: 4, NoPlans: 3, Finished: 2},
	},
	{
		// The zombie seed: danger appears mid-plan, the higher goal takes
		// over, and the agent goes back to looting afterwards.
		name: "higher priority goal takes over",
		spec: &fightSpec,
		setup: func(t *testing.T, d *goap.Domain, w *world, cfg *agent.Config) {
			cfg.Goals = goals(t, d, "Eliminate", "LootHouse")
			cfg.Default = agent.Behavior{Perform: takes(3)}
			cfg.Belief = mustState(t, d, map[string]any{"armed": true})
			danger := fact(t, d, "in_danger")
			w.facts = []goap.FactID{danger}
			w.changes = map[int]func(goap.State){2: func(s goap.State) { s.SetBool(danger, true) }}
			// The shot removes the danger from the world.
			cfg.Behaviors = map[string]agent.Behavior{"Shoot": {Perform: func(s *agent.Call) agent.Outcome {
				if s.Frame < 1 {
					return agent.Continue
				}
				w.state.SetBool(danger, false)
				return agent.Success
			}}}
		},
		ticks: 12,
		want: []string{
			"tick 1 a goal_chosen LootHouse: score 50",
			"tick 1 a plan_made LootHouse [Explore Loot]: cost 7",
			"tick 1 a action_started LootHouse Explore",
			"tick 2 a plan_invalidated LootHouse Explore: step 1 Explore: in_danger is true (false when planned)",
			"tick 2 a goal_chosen Eliminate: score 160",
			"tick 2 a plan_made Eliminate [Shoot]: cost 2",
			"tick 2 a action_started Eliminate Shoot",
			"tick 3 a action_finished Eliminate Shoot",
			"tick 3 a goal_reached Eliminate",
			"tick 3 a goal_chosen LootHouse: score 50",
			"tick 3 a plan_made LootHouse [Explore Loot]: cost 7",
			"tick 4 a action_started LootHouse Explore",
			"tick 6 a action_finished LootHouse Explore",
			"tick 7 a action_started LootHouse Loot",
			"tick 9 a action_finished LootHouse Loot",
			"tick 9 a goal_reached LootHouse",
		},
	},
	{
		// Valid (the zombie seed's IsValid): fighting only makes sense
		// armed. Disarmed mid-fight, the agent drops the goal.
		name: "goal becomes invalid",
		spec: &fightSpec,
		setup: func(t *testing.T, d *goap.Domain, w *world, cfg *agent.Config) {
			armed := fact(t, d, "armed")
			g := goals(t, d, "Eliminate", "Flee")
			g[0].Valid = func(b *agent.Blackboard) bool { return b.Bool(armed) }
			cfg.Goals = g
			cfg.Default = agent.Behavior{Perform: takes(3)}
			cfg.Belief = mustState(t, d, map[string]any{"armed": true, "in_danger": true})
			w.facts = []goap.FactID{armed}
			w.state = cfg.Belief.Clone()
			w.changes = map[int]func(goap.State){2: func(s goap.State) { s.SetBool(armed, false) }}
		},
		ticks: 6,
		want: []string{
			"tick 1 a goal_chosen Eliminate: score 160",
			"tick 1 a plan_made Eliminate [Shoot]: cost 2",
			"tick 1 a action_started Eliminate Shoot",
			"tick 2 a plan_invalidated Eliminate Shoot: goal Eliminate is no longer valid; not chosen again before 3",
			"tick 2 a goal_chosen Flee: score 1",
			"tick 2 a plan_made Flee [Run]: cost 1",
			"tick 2 a action_started Flee Run",
			"tick 4 a action_finished Flee Run",
			"tick 4 a goal_reached Flee",
		},
	},
	{
		// Someone else met the goal: the plan stops there.
		name: "goal met before the plan finished",
		spec: &fightSpec,
		setup: func(t *testing.T, d *goap.Domain, w *world, cfg *agent.Config) {
			cfg.Goals = goals(t, d, "LootHouse")
			cfg.Default = agent.Behavior{Perform: takes(3)}
			looted := fact(t, d, "looted")
			w.facts = []goap.FactID{looted}
			w.changes = map[int]func(goap.State){2: func(s goap.State) { s.SetBool(looted, true) }}
		},
		ticks: 5,
		want: []string{
			"tick 1 a goal_chosen LootHouse: score 50",
			"tick 1 a plan_made LootHouse [Explore Loot]: cost 7",
			"tick 1 a action_started LootHouse Explore",
			"tick 2 a goal_reached LootHouse: met before the plan finished",
		},
	},
	{
		// A sensor that interrupts: the agent replans even though the
		// plan still holds.
		name: "sensor interrupts",
		spec: &fightSpec,
		setup: func(t *testing.T, d *goap.Domain, w *world, cfg *agent.Config) {
			cfg.Goals = goals(t, d, "LootHouse")
			cfg.Default = agent.Behavior{Perform: takes(3)}
			cfg.Sensors = []agent.Sensor{{Name: "noise", Interval: 2, Sense: func(b *agent.Blackboard) bool {
				return b.Now() == 3
			}}}
		},
		ticks: 5,
		want: []string{
			"tick 1 a goal_chosen LootHouse: score 50",
			"tick 1 a plan_made LootHouse [Explore Loot]: cost 7",
			"tick 1 a action_started LootHouse Explore",
			"tick 3 a plan_invalidated LootHouse Explore: sensor noise interrupted",
			"tick 3 a plan_made LootHouse [Explore Loot]: cost 7",
			"tick 3 a action_started LootHouse Explore",
			"tick 5 a action_finished LootHouse Explore",
		},
		stats: &agent.Stats{Plans: 2, Replans: 1, Finished: 1},
	},
	{
		// A sensor overrides an effect: the action "succeeds" but the
		// house is not in sight, so the plan no longer reaches the goal.
		name: "sensor says otherwise",
		spec: &fightSpec,
		setup: func(t *testing.T, d *goap.Domain, w *world, cfg *agent.Config) {
			cfg.Goals = goals(t, d, "LootHouse")
			cfg.Default = agent.Behavior{Perform: takes(2)}
			sight := fact(t, d, "house_in_sight")
			// The world says no house is in sight, every tick.
			cfg.Sensors = []agent.Sensor{{Name: "eyes", Sense: func(b *agent.Blackboard) bool {
				_ = b.Write(sight, 0, 0.5)
				return false
			}}}
			cfg.Behaviors = map[string]agent.Behavior{"Explore": {Perform: func(s *agent.Call) agent.Outcome {
				if s.Frame == 0 {
					return agent.Continue
				}
				// The handler itself saw a house, then lost it.
				b := s.Agent.Blackboard()
				b.SetBool(sight, true)
				b.SetBool(sight, false)
				return agent.Success
			}}}
			cfg.Backoff = 100
		},
		ticks: 4,
		want: []string{
			"tick 1 a goal_chosen LootHouse: score 50",
			"tick 1 a plan_made LootHouse [Explore Loot]: cost 7",
			"tick 1 a action_started LootHouse Explore",
			"tick 2 a action_finished LootHouse Explore",
			"tick 3 a plan_invalidated LootHouse: step 2 Loot: house_in_sight is false (true when planned)",
			"tick 3 a plan_made LootHouse [Explore Loot]: cost 7",
			"tick 3 a action_started LootHouse Explore",
			"tick 4 a action_finished LootHouse Explore",
		},
	},
}

func TestEvents(t *testing.T) {
	for _, c := range eventCases {
		t.Run(c.name, func(t *testing.T) {
			d := mustDomain(t, *c.spec)
			w := &world{state: d.NewState()}
			var log agent.Log
			cfg := agent.Config{Name: "a", Domain: d, OnEvent: log.Add}
			if c.spec == &pirateSpec {
				cfg.Name = "pirate"
				cfg.Belief = mustState(t, d, map[string]any{"bottle_available": true})
				w.state = cfg.Belief.Clone()
			}
			c.setup(t, d, w, &cfg)
			if w.facts != nil {
				cfg.Sensors = append(cfg.Sensors, w.sensor())
			}
			a, err := agent.New(cfg)
			if err != nil {
				t.Fatal(err)
			}
			w.run(a, c.ticks)
			got := log.Strings()
			if !reflect.DeepEqual(got, c.want) {
				t.Errorf("events:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(c.want, "\n"))
			}
			// How many states a search expands is the core's business.
			if st := a.Stats(); c.stats != nil && (st.Expanded == 0 || withoutExpanded(st) != *c.stats) {
				t.Errorf("stats %+v, want %+v (any Expanded > 0)", st, *c.stats)
			}
		})
	}
}

func withoutExpanded(s agent.Stats) agent.Stats {
	s.Expanded = 0
	return s
}

// TestAPISharpEdges: mistakes in the Go API give errors, not panics: a
// goal that Domain.Goal did not find, an unnamed agent's messages, a
// blackboard write of a fact the domain does not have.
func TestAPISharpEdges(t *testing.T) {
	d := mustDomain(t, fightSpec)
	missing, _ := d.Goal("Elimnate")
	_, err := agent.New(agent.Config{Domain: d, Goals: []agent.Goal{agent.NewGoal(missing)}, Fallback: "Rn"})
	if err == nil || !strings.HasPrefix(err.Error(), "agent: goal #1 has no Target") || !strings.Contains(err.Error(), `unknown action "Rn" in Fallback (did you mean "Run"?)`) {
		t.Errorf("err = %v", err)
	}
	a, err := agent.New(agent.Config{Name: "a", Domain: d, Goals: goals(t, d, "Eliminate")})
	if err != nil {
		t.Fatal(err)
	}
	if err := a.Blackboard().Set(goap.FactID(999), 1); err == nil || !strings.Contains(err.Error(), "fact ID 999") {
		t.Errorf("Set of an unknown fact: %v", err)
	}
}
