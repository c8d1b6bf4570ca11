package agent_test

import (
	"context"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/goap-go/goap"
	"github.com/goap-go/goap/agent"
)

// chores needs many expansions: the six chores may be done in any order,
// and uniform-cost search tries them all. Each needs the counter started,
// which ties the goals together: independent goals are planned one by
// one, in a few expansions. The chores are named by letters: numbered
// (t0, t1, ...) they are interchangeable objects to the planner, which
// then keeps one state for every order of the same chores (77 expanded).
var choresSpec = goap.Spec{Name: "chores",
	Facts: []goap.Fact{goap.Int("n", 0, 20, 0)},
	Actions: []goap.Action{
		{Name: "Inc", Cost: 1, Effects: goap.Effects{"n": goap.Add(1)}},
		{Name: "TA", Cost: 1, Pre: goap.Conds{"n": goap.Ge(1)}, Effects: goap.Effects{"ta": true}},
		{Name: "TB", Cost: 1, Pre: goap.Conds{"n": goap.Ge(1)}, Effects: goap.Effects{"tb": true}},
		{Name: "TC", Cost: 1, Pre: goap.Conds{"n": goap.Ge(1)}, Effects: goap.Effects{"tc": true}},
		{Name: "TD", Cost: 1, Pre: goap.Conds{"n": goap.Ge(1)}, Effects: goap.Effects{"td": true}},
		{Name: "TE", Cost: 1, Pre: goap.Conds{"n": goap.Ge(1)}, Effects: goap.Effects{"te": true}},
		{Name: "TF", Cost: 1, Pre: goap.Conds{"n": goap.Ge(1)}, Effects: goap.Effects{"tf": true}},
	},
	Goals: []goap.Goal{{Name: "Done", Desired: goap.Conds{"n": goap.Ge(8),
		"ta": true, "tb": true, "tc": true, "td": true, "te": true, "tf": true}}},
}

// TestBudgetedPlanning: with a budget per update the search runs over
// several updates (Pittman's interruptible A*) and finds the same plan.
func TestBudgetedPlanning(t *testing.T) {
	d := mustDomain(t, choresSpec)
	run := func(budget int) (*agent.Agent, *agent.Log) {
		log := &agent.Log{}
		a, err := agent.New(agent.Config{Name: "a", Domain: d, Goals: goals(t, d, "Done"), Budget: budget,
			Default: agent.Behavior{Perform: takes(100)}, OnEvent: log.Add})
		if err != nil {
			t.Fatal(err)
		}
		return a, log
	}
	whole, wholeLog := run(0)
	whole.Update(1)
	expanded := whole.Stats().Expanded
	const budget = 40
	if expanded <= 3*budget {
		t.Fatalf("the search expands only %d states: too few to spread", expanded)
	}
	wantTick := (expanded + budget - 1) / budget
	t.Logf("%d expansions: the plan comes in update %d", expanded, wantTick)

	a, log := run(budget)
	for tick := 1; tick < wantTick; tick++ {
		a.Update(1)
		if a.Phase() != agent.Planning || a.Plan() != nil || a.Goal() == nil {
			t.Fatalf("tick %d: phase %v, plan %v, goal %v", tick, a.Phase(), a.Plan(), a.Goal())
		}
	}
	a.Update(1)
	if a.Phase() != agent.Performing {
		t.Fatalf("tick %d: phase %v", wantTick, a.Phase())
	}
	if !reflect.DeepEqual(a.Plan(), whole.Plan()) || a.Stats().Expanded != expanded {
		t.Errorf("plan %v after %d expansions, want %v after %d", a.Plan(), a.Stats().Expanded, whole.Plan(), expanded)
	}
	got, want := log.Strings(), wholeLog.Strings()
	want[1] = strings.Replace(want[1], "tick 1", "tick "+strconv.Itoa(wantTick), 1)
	want[2] = strings.Replace(want[2], "tick 1", "tick "+strconv.Itoa(wantTick), 1)
	if !reflect.DeepEqual(got, want) {
		t.Errorf("events:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestSearchLimit: a search stopped by Options.MaxExpansions counts as no
// plan, with its back-off.
func TestSearchLimit(t *testing.T) {
	d := mustDomain(t, choresSpec)
	var log agent.Log
	a, err := agent.New(agent.Config{Name: "a", Domain: d, Goals: goals(t, d, "Done"), Backoff: 5,
		Options: goap.Options{MaxExpansions: 10}, OnEvent: log.Add})
	if err != nil {
		t.Fatal(err)
	}
	a.Update(1)
	want := []string{
		"tick 1 a goal_chosen Done: score 0",
		"tick 1 a no_plan Done: the search hit its limit; retry at 6",
		"tick 1 a fallback: no plan for Done (retry at 6)",
	}
	checkEvents(t, log.Strings(), want)
	if a.Phase() != agent.FallingBack {
		t.Errorf("phase %v", a.Phase())
	}
	if why := log.Events[1].Why(); why != "" {
		t.Errorf("a search stopped by its limit explains %q", why)
	}
}

// TestNoPlanEventWhy: the no_plan event of a goal no plan reaches carries
// the planner's explanation on one line, which Event.Why gives back;
// other events carry none.
func TestNoPlanEventWhy(t *testing.T) {
	spec := guardSpec
	spec.Actions = nil
	for _, a := range guardSpec.Actions {
		if a.Name != "FindAmmo" {
			spec.Actions = append(spec.Actions, a)
		}
	}
	d := mustDomain(t, spec)
	belief := mustState(t, d, map[string]any{"weapon_holstered": true, "enemy_visible": true})
	var log agent.Log
	a, err := agent.New(agent.Config{Name: "guard", Domain: d, Goals: goals(t, d, "KillEnemy"), Belief: belief, Backoff: 10, OnEvent: log.Add})
	if err != nil {
		t.Fatal(err)
	}
	a.Update(1)
	goal, _ := d.Goal("KillEnemy")
	want := goap.NewPlanner(d).Plan(context.Background(), belief, goal).Why().Summary()
	if want != "threat_removed is unreachable: Attack needs loaded; loaded: LoadWeapon needs has_ammo; has_ammo: no action sets has_ammo" {
		t.Fatalf("the planner explains %q", want)
	}
	var n int
	for _, e := range log.Events {
		if e.Type != agent.EventNoPlan {
			if e.Why() != "" {
				t.Errorf("%v: Why %q", e, e.Why())
			}
			continue
		}
		n++
		if e.Why() != want || e.Reason != "no plan exists (retry at 11): "+want {
			t.Errorf("no_plan event %q, Why %q\nwant why %q", e.Reason, e.Why(), want)
		}
	}
	if n != 1 {
		t.Errorf("%d no_plan events in %q", n, log.Strings())
	}
}

// TestNoHotLoop counts planner calls for a goal that never has a plan:
// retries come after 1, 2, 4, 8 and 16 time units, then every 16.
func TestNoHotLoop(t *testing.T) {
	d := mustDomain(t, fightSpec)
	a, err := agent.New(agent.Config{Domain: d, Goals: goals(t, d, "Fly")})
	if err != nil {
		t.Fatal(err)
	}
	for range 1000 {
		a.Update(1)
	}
	// Attempts at 1, 2, 4, 8, 16, then 32, 48, ..., 992: 5 + 61.
	if st := a.Stats(); st.Plans != 66 || st.NoPlans != 66 {
		t.Errorf("%d planner calls in 1000 updates (%+v), want 66", st.Plans, st)
	}
}

// TestInterrupt: an external interrupt (a squad leader's) drops the plan
// at the next update.
func TestInterrupt(t *testing.T) {
	d := mustDomain(t, patrolSpec)
	var log agent.Log
	aborted := 0
	a, err := agent.New(agent.Config{Name: "a", Domain: d, Goals: goals(t, d, "GoPatrol"), OnEvent: log.Add,
		Default: agent.Behavior{Perform: takes(10), Abort: func(s *agent.Call) {
			aborted++
			if s.Name != "Patrol" || s.Frame != 2 {
				t.Errorf("abort of %s at frame %d", s.Name, s.Frame)
			}
		}}})
	if err != nil {
		t.Fatal(err)
	}
	a.Update(1)
	a.Update(1)
	a.Interrupt("orders from the squad")
	a.Update(1)
	want := []string{
		"tick 1 a goal_chosen GoPatrol: score 0",
		"tick 1 a plan_made GoPatrol [Patrol]: cost 1",
		"tick 1 a action_started GoPatrol Patrol",
		"tick 3 a plan_invalidated GoPatrol Patrol: orders from the squad",
		"tick 3 a plan_made GoPatrol [Patrol]: cost 1",
		"tick 3 a action_started GoPatrol Patrol",
	}
	checkEvents(t, log.Strings(), want)
	if aborted != 1 {
		t.Errorf("aborted %d times", aborted)
	}
	if st := a.Stats(); st.Replans != 1 {
		t.Errorf("stats %+v", st)
	}
}

// TestFallbackAction: the fallback action runs only when its
// preconditions hold, and gives way when a goal has a plan again.
func TestFallbackAction(t *testing.T) {
	d := mustDomain(t, fightSpec)
	danger := fact(t, d, "in_danger")
	armed := fact(t, d, "armed")
	var log agent.Log
	// Run needs danger; it takes long.
	a, err := agent.New(agent.Config{Name: "a", Domain: d, Goals: goals(t, d, "Eliminate"), Fallback: "Run",
		Backoff: 3, Default: agent.Behavior{Perform: takes(10)}, OnEvent: log.Add})
	if err != nil {
		t.Fatal(err)
	}
	a.Update(1) // nothing to do: not in danger
	a.Blackboard().SetBool(danger, true)
	a.Update(1) // no weapon: no plan; Run runs
	a.Update(1)
	a.Blackboard().SetBool(armed, true)
	// Eliminate would wait until 5, but armed matters for it (Shoot
	// needs it): the change ends the wait, it has a plan, Run gives way.
	a.Update(1)
	a.Update(1)
	want := []string{
		"tick 2 a goal_chosen Eliminate: score 160",
		"tick 2 a no_plan Eliminate: no plan exists (retry at 5): !in_danger is unreachable: Shoot needs armed; armed: no action sets armed",
		"tick 2 a fallback Run: no plan for Eliminate (retry at 5)",
		"tick 2 a action_started Run",
		"tick 4 a plan_invalidated Run: Eliminate has a plan again",
		"tick 4 a goal_chosen Eliminate: score 160",
		"tick 4 a plan_made Eliminate [Shoot]: cost 2",
		"tick 4 a action_started Eliminate Shoot",
	}
	checkEvents(t, log.Strings(), want)

	// Without danger, Run may not run: the agent just waits.
	log.Reset()
	b, err := agent.New(agent.Config{Name: "b", Domain: d, Goals: goals(t, d, "Fly"), Fallback: "Run", OnEvent: log.Add})
	if err != nil {
		t.Fatal(err)
	}
	b.Update(1)
	want = []string{
		"tick 1 b goal_chosen Fly: score 200",
		"tick 1 b no_plan Fly: no plan exists (retry at 2): flying is unreachable: no action sets flying",
		"tick 1 b fallback: no plan for Fly (retry at 2)",
	}
	checkEvents(t, log.Strings(), want)
	if b.Phase() != agent.FallingBack || b.Plan() != nil {
		t.Errorf("phase %v, plan %v", b.Phase(), b.Plan())
	}
}

// TestStandIn: with Config.StandIn the fallback action runs while a
// budgeted search spans updates, again and again, and is aborted when the
// plan comes; the plan and the search are those of an agent that waits.
func TestStandIn(t *testing.T) {
	spec := choresSpec
	spec.Actions = append(append([]goap.Action(nil), spec.Actions...),
		goap.Action{Name: "Wander", Cost: 1, Effects: goap.Effects{"wandered": true}})
	d := mustDomain(t, spec)
	const budget = 40
	run := func(standIn bool) (*agent.Agent, *agent.Log, *int) {
		log := &agent.Log{}
		aborts := new(int)
		a, err := agent.New(agent.Config{Name: "a", Domain: d, Goals: goals(t, d, "Done"), Budget: budget,
			Fallback: "Wander", StandIn: standIn, OnEvent: log.Add,
			Default:   agent.Behavior{Perform: takes(100)},
			Behaviors: map[string]agent.Behavior{"Wander": {Perform: takes(3), Abort: func(*agent.Call) { *aborts++ }}}})
		if err != nil {
			t.Fatal(err)
		}
		return a, log, aborts
	}
	waiting, _, _ := run(false)
	ticks := 0
	for waiting.Phase() == agent.Planning || ticks == 0 {
		waiting.Update(1)
		ticks++
	}
	if ticks < 5 {
		t.Fatalf("the search takes %d updates: too few to stand in", ticks)
	}
	a, log, aborts := run(true)
	wandered := fact(t, d, "wandered")
	for tick := 1; tick < ticks; tick++ {
		a.Update(1)
		if a.Phase() != agent.Planning || a.Plan() != nil {
			t.Fatalf("tick %d: phase %v, plan %v", tick, a.Phase(), a.Plan())
		}
		if id, ok := a.Action(); tick%3 != 0 && (!ok || d.ActionName(id) != "Wander") {
			t.Fatalf("tick %d: the stand-in is not running", tick)
		}
		if tick >= 3 && !a.Blackboard().Bool(wandered) {
			t.Fatalf("tick %d: the stand-in's effects were not applied", tick)
		}
	}
	a.Update(1)
	if a.Phase() != agent.Performing || !reflect.DeepEqual(a.Plan(), waiting.Plan()) {
		t.Fatalf("phase %v plan %v, want the plan %v", a.Phase(), a.Plan(), waiting.Plan())
	}
	if id, _ := a.Action(); d.ActionName(id) == "Wander" {
		t.Fatal("the stand-in still runs")
	}
	if a.Stats().Expanded != waiting.Stats().Expanded {
		t.Errorf("expanded %d, want %d", a.Stats().Expanded, waiting.Stats().Expanded)
	}
	var stands, ends int
	for _, e := range log.Events {
		switch {
		case e.Type == agent.EventFallback && e.Action == "Wander" && strings.Contains(e.Reason, "stand-in"):
			stands++
		case e.Type == agent.EventPlanInvalidated && e.Reason == "the stand-in ends":
			ends++
		}
	}
	// Wander takes 3 updates: it runs in updates 1-3, 4-6, ... and the one
	// running when the plan comes is aborted (unless it just finished).
	wantStands := (ticks-1+2)/3 + 0
	if stands != wantStands || ends != *aborts || ends > 1 {
		t.Errorf("%d stand-ins (want %d), %d ended early, %d Abort calls:\n%s", stands, wantStands, ends, *aborts, strings.Join(log.Strings(), "\n"))
	}
}

// TestGoalStandIn: a goal's own stand-in runs while its plan is made,
// instead of the agent's fallback (with Config.StandIn) or of nothing
// (without); a goal without one keeps the agent's rule; a stand-in name
// that is unknown or lifted is refused.
func TestGoalStandIn(t *testing.T) {
	spec := choresSpec
	spec.Actions = append(append([]goap.Action(nil), spec.Actions...),
		goap.Action{Name: "Wander", Cost: 1, Effects: goap.Effects{"wandered": true}},
		goap.Action{Name: "Aim", Cost: 1, Effects: goap.Effects{"aimed": true}},
		goap.Action{Name: "Poke", Cost: 1, Params: []goap.Param{{Name: "x", Type: "thing"}}, Effects: goap.Effects{"poked": true}})
	spec.Objects = []goap.Object{{Name: "a", Type: "thing"}, {Name: "b", Type: "thing"}}
	d := mustDomain(t, spec)
	first := func(goal, standIn string, configStandIn bool) string {
		target, _ := d.Goal(goal)
		a, err := agent.New(agent.Config{Name: "a", Domain: d, Budget: 5,
			Goals:    []agent.Goal{{Target: target, Priority: 1, StandIn: standIn}},
			Fallback: "Wander", StandIn: configStandIn,
			Default: agent.Behavior{Perform: takes(100)}})
		if err != nil {
			t.Fatal(err)
		}
		a.Update(1)
		if a.Phase() != agent.Planning {
			t.Fatalf("%s: phase %v after one update, want Planning", goal, a.Phase())
		}
		if id, ok := a.Action(); ok {
			return d.ActionName(id)
		}
		return ""
	}
	cases := []struct {
		goal, standIn string
		config        bool
		want          string
	}{
		{"Done", "Aim", true, "Aim"},
		{"Done", "Aim", false, "Aim"},
		{"Done", "", true, "Wander"},
		{"Done", "", false, ""},
		{"Done", "Poke(b)", false, "Poke(b)"},
	}
	for _, c := range cases {
		if got := first(c.goal, c.standIn, c.config); got != c.want {
			t.Errorf("goal %s, StandIn %q, Config.StandIn %v: %q runs, want %q", c.goal, c.standIn, c.config, got, c.want)
		}
	}
	done, _ := d.Goal("Done")
	for standIn, want := range map[string]string{
		"Aimm": `unknown action "Aimm" in the StandIn of goal Done (did you mean "Aim"?)`,
		"Poke": "the StandIn of goal Done names the lifted action Poke, which stands for 2 actions: name one, such as Poke(a)",
	} {
		_, err := agent.New(agent.Config{Name: "a", Domain: d, Goals: []agent.Goal{{Target: done, StandIn: standIn}}})
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("StandIn %q: error %v, want %q", standIn, err, want)
		}
	}
}

// TestFallbackEndsWhenNothingWaits: an agent waiting for a retry of a
// goal without a plan goes idle once that goal is no longer pursued
// (here it becomes invalid): it stayed "falling back" for ever, so a
// sim whose unit lost its order never went quiet.
func TestFallbackEndsWhenNothingWaits(t *testing.T) {
	d := mustDomain(t, fightSpec)
	fly, _ := d.Goal("Fly")
	wanted := true
	g := agent.Goal{Target: fly, Priority: 1, Valid: func(*agent.Blackboard) bool { return wanted }}
	var log agent.Log
	a, err := agent.New(agent.Config{Name: "a", Domain: d, Goals: []agent.Goal{g}, Backoff: 100, OnEvent: log.Add})
	if err != nil {
		t.Fatal(err)
	}
	a.Update(1)
	if a.Phase() != agent.FallingBack {
		t.Fatalf("phase %v, want falling back", a.Phase())
	}
	wanted = false
	for range 3 {
		a.Update(1)
	}
	if a.Phase() != agent.Idle {
		t.Errorf("phase %v once nothing waits for a retry, want idle\n%s", a.Phase(), strings.Join(log.Strings(), "\n"))
	}
	// Wanted again, it is planned for again after its back-off.
	wanted = true
	for range 200 {
		a.Update(1)
	}
	if a.Phase() != agent.FallingBack || a.Stats().Plans+countNoPlan(log.Strings()) < 2 {
		t.Errorf("phase %v after the goal is wanted again\n%s", a.Phase(), strings.Join(log.Strings(), "\n"))
	}
}

// countNoPlan counts the no_plan events among lines.
func countNoPlan(lines []string) int {
	n := 0
	for _, l := range lines {
		if strings.Contains(l, " no_plan ") {
			n++
		}
	}
	return n
}
