package agent_test

import (
	"strings"
	"testing"

	"github.com/goap-go/goap"
	"github.com/goap-go/goap/agent"
)

// patrolSpec has two goals whose plans never interfere: the agent
// switches between them on relevancy alone.
var patrolSpec = goap.Spec{Name: "patrol",
	Actions: []goap.Action{
		{Name: "Patrol", Cost: 1, Effects: goap.Effects{"patrolled": true}},
		{Name: "Rest", Cost: 1, Effects: goap.Effects{"rested": true}},
	},
	Goals: []goap.Goal{
		{Name: "GoPatrol", Desired: goap.Conds{"patrolled": true}},
		{Name: "GetRest", Desired: goap.Conds{"rested": true}},
	},
}

// relevancyAgent returns an agent whose two goals score what the
// pointers hold, with long-running actions, and its log.
func relevancyAgent(t *testing.T, margin float64, patrol, rest *float64, interval float64) (*agent.Agent, *agent.Log) {
	t.Helper()
	d := mustDomain(t, patrolSpec)
	g := goals(t, d, "GoPatrol", "GetRest")
	g[0].Relevancy = func(*agent.Blackboard) float64 { return *patrol }
	g[1].Relevancy = func(*agent.Blackboard) float64 { return *rest }
	log := &agent.Log{}
	a, err := agent.New(agent.Config{Name: "a", Domain: d, Goals: g, Margin: margin, GoalInterval: interval,
		Default: agent.Behavior{Perform: takes(1000)}, OnEvent: log.Add})
	if err != nil {
		t.Fatal(err)
	}
	return a, log
}

// TestHysteresis: the current plan is kept until another goal beats it
// by more than the margin, in both directions.
func TestHysteresis(t *testing.T) {
	patrol, rest := 0.5, 0.4
	a, log := relevancyAgent(t, 0.2, &patrol, &rest, 0)
	steps := []struct {
		patrol, rest float64
		goal         string
	}{
		{0.5, 0.4, "GoPatrol"},
		{0.5, 0.6, "GoPatrol"},  // better, not by the margin
		{0.5, 0.7, "GoPatrol"},  // by exactly the margin: not more
		{0.5, 0.75, "GetRest"},  // by more
		{0.9, 0.75, "GetRest"},  // the way back needs the margin too
		{0.95, 0.75, "GetRest"}, // exactly
		{1.5, 0.75, "GoPatrol"}, // not clamped: beats 0.75 by 0.75
		{0.6, 0.75, "GoPatrol"}, // rest is better, not by the margin
	}
	for i, s := range steps {
		patrol, rest = s.patrol, s.rest
		a.Update(1)
		if got := a.Goal(); got == nil || got.Name() != s.goal {
			t.Fatalf("step %d (patrol %v, rest %v): goal %v, want %s", i, s.patrol, s.rest, got, s.goal)
		}
	}
	want := []string{
		"tick 1 a goal_chosen GoPatrol: score 0.5",
		"tick 1 a plan_made GoPatrol [Patrol]: cost 1",
		"tick 1 a action_started GoPatrol Patrol",
		"tick 4 a plan_invalidated GoPatrol Patrol: GetRest (0.75) beats GoPatrol (0.5)",
		"tick 4 a goal_chosen GetRest: score 0.75",
		"tick 4 a plan_made GetRest [Rest]: cost 1",
		"tick 4 a action_started GetRest Rest",
		"tick 7 a plan_invalidated GetRest Rest: GoPatrol (1.5) beats GetRest (0.75)",
		"tick 7 a goal_chosen GoPatrol: score 1.5",
		"tick 7 a plan_made GoPatrol [Patrol]: cost 1",
		"tick 7 a action_started GoPatrol Patrol",
	}
	checkEvents(t, log.Strings(), want)
	if st := a.Stats(); st.Plans != 3 || st.Replans != 2 {
		t.Errorf("stats %+v", st)
	}
}

// TestNoMarginFlipFlops: without a margin, the agent follows every
// change of the lead, which the margin prevents.
func TestNoMarginFlipFlops(t *testing.T) {
	for _, c := range []struct {
		margin  float64
		replans int
	}{{0, 20}, {0.1, 0}} {
		patrol, rest := 0.5, 0.5
		a, _ := relevancyAgent(t, c.margin, &patrol, &rest, 0)
		for i := range 21 {
			// The scores wobble around each other.
			if i%2 == 0 {
				patrol, rest = 0.52, 0.48
			} else {
				patrol, rest = 0.48, 0.52
			}
			a.Update(1)
		}
		if got := a.Stats().Replans; got != c.replans {
			t.Errorf("margin %v: %d replans, want %d", c.margin, got, c.replans)
		}
	}
}

// TestGoalInterval: a better goal is noticed at the next evaluation only.
func TestGoalInterval(t *testing.T) {
	patrol, rest := 0.5, 0.1
	a, log := relevancyAgent(t, 0, &patrol, &rest, 5)
	a.Update(1) // evaluates at time 1; next at 6
	rest = 0.9
	for range 4 {
		a.Update(1)
		if a.Goal().Name() != "GoPatrol" {
			t.Fatalf("switched at time %v, before the next evaluation", a.Time())
		}
	}
	a.Update(1) // time 6
	if a.Goal().Name() != "GetRest" {
		t.Fatalf("goal %s at time %v", a.Goal().Name(), a.Time())
	}
	if got := log.Events[len(log.Events)-1]; got.Tick != 6 || got.Type != agent.EventActionStarted {
		t.Errorf("last event %v", got)
	}
}

// TestBias: a commander's bias makes a goal win, and a negative one makes
// it lose.
func TestBias(t *testing.T) {
	patrol, rest := 0.5, 0.4
	a, _ := relevancyAgent(t, 0, &patrol, &rest, 0)
	a.Update(1)
	if err := a.SetBias("GetRest", 0.3); err != nil {
		t.Fatal(err)
	}
	a.Update(1)
	if a.Goal().Name() != "GetRest" {
		t.Errorf("goal %s with the bias", a.Goal().Name())
	}
	if s, _ := a.Score("GetRest"); s != 0.7 {
		t.Errorf("score %v", s)
	}
	if err := a.SetBias("GetRest", -1); err != nil {
		t.Fatal(err)
	}
	a.Update(1)
	if a.Goal().Name() != "GoPatrol" || a.Bias("GetRest") != -1 {
		t.Errorf("goal %s, bias %v", a.Goal().Name(), a.Bias("GetRest"))
	}
	if err := a.SetBias("Sleep", 1); err == nil || !strings.Contains(err.Error(), `unknown goal "Sleep"`) {
		t.Errorf("err %v", err)
	}
	if _, ok := a.Score("Sleep"); ok || a.Bias("Sleep") != 0 {
		t.Error("unknown goal has a score or bias")
	}
}

// TestIdle: an agent whose goals are all met idles, and wakes up when one
// is not met any more.
func TestIdle(t *testing.T) {
	d := mustDomain(t, patrolSpec)
	patrolled := fact(t, d, "patrolled")
	var log agent.Log
	a, err := agent.New(agent.Config{Name: "a", Domain: d, Goals: goals(t, d, "GoPatrol"), OnEvent: log.Add,
		Belief: mustState(t, d, map[string]any{"patrolled": true})})
	if err != nil {
		t.Fatal(err)
	}
	for range 3 {
		a.Update(1)
	}
	if a.Phase() != agent.Idle || len(log.Events) != 0 || a.Goal() != nil || a.Plan() != nil {
		t.Fatalf("phase %v, events %v", a.Phase(), log.Strings())
	}
	a.Blackboard().SetBool(patrolled, false)
	a.Update(1)
	want := []string{
		"tick 4 a goal_chosen GoPatrol: score 0",
		"tick 4 a plan_made GoPatrol [Patrol]: cost 1",
		"tick 4 a action_started GoPatrol Patrol",
		"tick 4 a action_finished GoPatrol Patrol",
		"tick 4 a goal_reached GoPatrol",
	}
	checkEvents(t, log.Strings(), want)
}

// TestRelevancyZero: a goal whose Relevancy is 0 is not relevant: it is
// not chosen, its plan is dropped when it falls to 0, and a commander's
// bias can make it relevant again.
func TestRelevancyZero(t *testing.T) {
	patrol, rest := 0.0, 0.0
	a, log := relevancyAgent(t, 0, &patrol, &rest, 0)
	a.Update(1)
	if a.Goal() != nil || a.Phase() != agent.Idle {
		t.Fatalf("goal %v, phase %v: nothing is relevant", a.Goal(), a.Phase())
	}
	patrol = 0.3
	a.Update(1)
	if g := a.Goal(); g == nil || g.Name() != "GoPatrol" {
		t.Fatalf("goal %v, want GoPatrol", g)
	}
	patrol = 0
	a.Update(1)
	if a.Goal() != nil {
		t.Fatalf("goal %v: GoPatrol fell to 0", a.Goal())
	}
	if err := a.SetBias("GetRest", 0.2); err != nil {
		t.Fatal(err)
	}
	a.Update(1)
	if g := a.Goal(); g == nil || g.Name() != "GetRest" {
		t.Fatalf("goal %v, want GetRest (relevancy 0 + bias 0.2)", g)
	}
	want := []string{
		"tick 2 a goal_chosen GoPatrol: score 0.3",
		"tick 2 a plan_made GoPatrol [Patrol]: cost 1",
		"tick 2 a action_started GoPatrol Patrol",
		"tick 3 a plan_invalidated GoPatrol Patrol: goal GoPatrol is no longer relevant (score 0)",
		"tick 4 a goal_chosen GetRest: score 0.2",
		"tick 4 a plan_made GetRest [Rest]: cost 1",
		"tick 4 a action_started GetRest Rest",
	}
	checkEvents(t, log.Strings(), want)
}

// TestProceduralPriorities: relevancies are not squeezed into 0..1, so a
// procedural priority of 150 beats a static one of 50 (the zombie
// article's scales).
func TestProceduralPriorities(t *testing.T) {
	patrol, rest := 150.0, 50.0
	a, _ := relevancyAgent(t, 0, &patrol, &rest, 0)
	a.Update(1)
	if g := a.Goal(); g == nil || g.Name() != "GoPatrol" {
		t.Fatalf("goal %v, want GoPatrol (150 against 50)", g)
	}
	if s, _ := a.Score("GoPatrol"); s != 150 {
		t.Errorf("score %v, want 150", s)
	}
}

// TestBackoffEndsOnRelevantChange: a goal without a plan waits for its
// retry, but a change in a fact that matters for it ends the wait at once;
// a change in a fact that does not matter leaves the wait alone.
func TestBackoffEndsOnRelevantChange(t *testing.T) {
	spec := fightSpec
	spec.Facts = append(append([]goap.Fact(nil), spec.Facts...), goap.Bool("weather"))
	d := mustDomain(t, spec)
	danger, armed, weather := fact(t, d, "in_danger"), fact(t, d, "armed"), fact(t, d, "weather")
	var log agent.Log
	a, err := agent.New(agent.Config{Name: "a", Domain: d, Goals: goals(t, d, "Eliminate"),
		Backoff: 10, Default: agent.Behavior{Perform: takes(10)}, OnEvent: log.Add})
	if err != nil {
		t.Fatal(err)
	}
	a.Blackboard().SetBool(danger, true)
	a.Update(1) // no weapon: no plan, retry at 11
	a.Blackboard().SetBool(weather, true)
	a.Update(1) // the weather does not matter: still waiting
	if a.Plan() != nil || a.Stats().Plans != 1 {
		t.Fatalf("tick 2: plan %v after %d searches; the weather changed nothing", a.Plan(), a.Stats().Plans)
	}
	a.Blackboard().SetBool(armed, true)
	a.Update(1) // armed matters (Shoot needs it): planned at once
	want := []string{
		"tick 1 a goal_chosen Eliminate: score 160",
		"tick 1 a no_plan Eliminate: no plan exists (retry at 11): !in_danger is unreachable: Shoot needs armed; armed: no action sets armed",
		"tick 1 a fallback: no plan for Eliminate (retry at 11)",
		"tick 3 a goal_chosen Eliminate: score 160",
		"tick 3 a plan_made Eliminate [Shoot]: cost 2",
		"tick 3 a action_started Eliminate Shoot",
	}
	checkEvents(t, log.Strings(), want)
}

// TestValidityFlipsDamped: a goal whose validity flips every update does
// not make the agent replan every other update. Each invalidation delays
// the goal (doubling up to 16 times the back-off), so plans are rare; with
// a ValidityGrace of one update the plan survives the flicker and its
// three-update actions finish. A sensor makes the goal unmet again every
// update.
func TestValidityFlipsDamped(t *testing.T) {
	d := mustDomain(t, patrolSpec)
	patrolled := fact(t, d, "patrolled")
	run := func(grace float64) agent.Stats {
		g := goals(t, d, "GoPatrol")
		tick := 0
		g[0].Valid = func(*agent.Blackboard) bool { return tick%2 == 0 }
		a, err := agent.New(agent.Config{Name: "a", Domain: d, Goals: g, Backoff: 1, ValidityGrace: grace,
			Sensors: []agent.Sensor{{Name: "reset", Sense: func(b *agent.Blackboard) bool {
				b.SetBool(patrolled, false)
				return false
			}}},
			Default: agent.Behavior{Perform: takes(3)}})
		if err != nil {
			t.Fatal(err)
		}
		for tick = 0; tick < 10000; tick++ {
			a.Update(1)
		}
		return a.Stats()
	}
	// Undamped, the goal was planned on each of its 5,000 valid updates
	// and dropped on the next: no action finished.
	if st := run(0); st.Plans > 10000/16+20 {
		t.Errorf("no grace: %d plans in 10,000 updates", st.Plans)
	}
	if st := run(1); st.Finished < 2000 || st.Plans > st.Finished+1 {
		t.Errorf("grace 1: %d plans, %d actions finished in 10,000 updates", st.Plans, st.Finished)
	}
}

// TestGoalRules: a goal scored by rules (a designer file's relevancy:)
// takes the score of the first rule that holds, says which in its
// inspection, and is not relevant when none holds; a Relevancy function
// comes before rules, and a goal of Priority names no rule.
func TestGoalRules(t *testing.T) {
	d := mustDomain(t, guardSpec)
	target := func(name string, c goap.Conds) *goap.Target {
		tg, err := d.Target(name, c)
		if err != nil {
			t.Fatal(err)
		}
		return tg
	}
	g := append(goals(t, d, "KillEnemy", "Flee"), agent.Goal{Target: target("Hide", goap.Conds{"safe": true})})
	g[1].Rules = []agent.Rule{
		{When: target("when", goap.Conds{"enemy_visible": true, "armed": false}), Score: 30, Name: "rule 1: when {enemy_visible !armed}"},
		{When: target("when", goap.Conds{"enemy_visible": true}), Score: 5, Name: "rule 2: when {enemy_visible}"},
	}
	g[2].Rules = g[1].Rules
	g[2].Relevancy = func(*agent.Blackboard) float64 { return 0.25 }
	a, err := agent.New(agent.Config{Name: "guard", Domain: d, Goals: g,
		Belief:  mustState(t, d, map[string]any{"weapon_holstered": true, "enemy_visible": true}),
		Default: agent.Behavior{Perform: takes(1000)}})
	if err != nil {
		t.Fatal(err)
	}
	var in agent.Inspection
	inspect := func() {
		t.Helper()
		a.Update(1)
		a.Inspect(&in)
	}
	steps := []struct {
		belief map[string]bool
		base   [3]float64
		rule   [3]string
	}{
		{nil, [3]float64{10, 30, 0.25}, [3]string{"", "rule 1: when {enemy_visible !armed}", ""}},
		{map[string]bool{"armed": true}, [3]float64{10, 5, 0.25}, [3]string{"", "rule 2: when {enemy_visible}", ""}},
		{map[string]bool{"enemy_visible": false}, [3]float64{10, 0, 0.25}, [3]string{"", "no rule holds", ""}},
	}
	for i, s := range steps {
		for name, v := range s.belief {
			a.Blackboard().SetBool(fact(t, d, name), v)
		}
		inspect()
		for k, gi := range in.Goals {
			if gi.Base != s.base[k] || gi.Rule != s.rule[k] || gi.HasRelevancy != (k > 0) {
				t.Errorf("step %d goal %d (%s): base %v rule %q relevancy %v, want %v %q %v", i, k, gi.Name, gi.Base, gi.Rule, gi.HasRelevancy, s.base[k], s.rule[k], k > 0)
			}
		}
	}
	if in.Goals[1].Relevant {
		t.Error("a goal none of whose rules holds is relevant")
	}
}
