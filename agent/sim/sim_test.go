package sim_test

import (
	"fmt"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/goap-go/goap"
	"github.com/goap-go/goap/agent"
	"github.com/goap-go/goap/agent/sim"
	"github.com/goap-go/goap/agent/simspec"
)

var pirate = goap.Spec{Name: "pirate",
	Actions: []goap.Action{
		{Name: "DrinkRum", Cost: 1, Pre: goap.Conds{"has_rum": true}, Effects: goap.Effects{"has_rum": false, "drunk": true}},
		{Name: "StealRum", Cost: 1, Pre: goap.Conds{"bottle_available": true}, Effects: goap.Effects{"bottle_available": false, "has_rum": true}},
		{Name: "BrewRum", Cost: 5, Effects: goap.Effects{"has_rum": true}},
	},
	Goals: []goap.Goal{{Name: "GetDrunk", Priority: 1, Desired: goap.Conds{"drunk": true}}},
}

func world(t *testing.T, cfg sim.Config) *sim.World {
	t.Helper()
	if cfg.Domain == nil {
		d, err := goap.NewDomain(pirate)
		if err != nil {
			t.Fatal(err)
		}
		cfg.Domain = d
		cfg.Start, _ = d.State(map[string]any{"bottle_available": true})
	}
	w, err := sim.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return w
}

func lines(events []agent.Event) []string {
	out := make([]string, len(events))
	for i, e := range events {
		out[i] = e.String()
	}
	return out
}

// TestTravelAndDuration: an action takes its travel ticks, then its
// duration; the next starts in the following tick.
func TestTravelAndDuration(t *testing.T) {
	w := world(t, sim.Config{
		Duration: map[string]int{"StealRum": 2, "DrinkRum": 0},
		Travel:   map[string]int{"StealRum": 3},
		Agents:   []simspec.Agent{{Name: "p"}},
	})
	if n := w.Run(100); n != 6 || !w.Quiet() || w.Tick() != 6 {
		t.Errorf("ran %d ticks, quiet %v", n, w.Quiet())
	}
	want := []string{
		"tick 1 p goal_chosen GetDrunk: score 1",
		"tick 1 p plan_made GetDrunk [StealRum DrinkRum]: cost 2",
		"tick 1 p action_started GetDrunk StealRum",
		"tick 3 p arrived GetDrunk StealRum",
		"tick 5 p action_finished GetDrunk StealRum",
		"tick 6 p action_started GetDrunk DrinkRum",
		"tick 6 p action_finished GetDrunk DrinkRum",
		"tick 6 p goal_reached GetDrunk",
	}
	checkEvents(t, lines(w.Events()), want)
	if got := w.State().String(); got != "{drunk}" {
		t.Errorf("world %s", got)
	}
	if got := w.Finished(); !reflect.DeepEqual(got, []string{"StealRum", "DrinkRum"}) {
		t.Errorf("finished %v", got)
	}
	// Run does not go on once the world is quiet.
	if n := w.Run(100); n != 0 {
		t.Errorf("ran %d more ticks", n)
	}
}

// TestFailureInTheWorld: an action whose preconditions do not hold in the
// world fails at its end, and the agent sees why.
func TestFailureInTheWorld(t *testing.T) {
	w := world(t, sim.Config{
		Duration: map[string]int{"StealRum": 2},
		Agents:   []simspec.Agent{{Name: "p", Senses: []string{}}},
		Changes:  []simspec.WorldChange{{Tick: 2, Set: map[string]any{"bottle_available": false}}},
	})
	w.Run(20)
	want := []string{
		"tick 1 p goal_chosen GetDrunk: score 1",
		"tick 1 p plan_made GetDrunk [StealRum DrinkRum]: cost 2",
		"tick 1 p action_started GetDrunk StealRum",
		"tick 2 world world_changed: bottle_available=false",
		"tick 2 p action_failed GetDrunk StealRum: in the world bottle_available is false; not planned again before 12",
		"tick 2 p plan_made GetDrunk [BrewRum DrinkRum]: cost 6",
		"tick 3 p action_started GetDrunk BrewRum",
		"tick 3 p action_finished GetDrunk BrewRum",
		"tick 4 p action_started GetDrunk DrinkRum",
		"tick 4 p action_finished GetDrunk DrinkRum",
		"tick 4 p goal_reached GetDrunk",
	}
	checkEvents(t, lines(w.Events()), want)
	b := w.Agents()[0].Blackboard()
	if v, _ := b.Value("bottle_available"); v != false {
		t.Error("the agent did not see the bottle gone")
	}
}

// TestSenses: an agent senses every fact by default, the listed ones
// otherwise, and its start overrides its initial belief.
func TestSenses(t *testing.T) {
	w := world(t, sim.Config{
		Agents: []simspec.Agent{
			{Name: "all", Actions: []string{}, Start: map[string]any{"drunk": true}},
			{Name: "some", Actions: []string{}, Senses: []string{"has_rum"}, Start: map[string]any{"drunk": true}},
		},
		Changes: []simspec.WorldChange{{Tick: 1, Set: map[string]any{"has_rum": true}}},
	})
	w.Step()
	all, some := w.Agents()[0].Blackboard(), w.Agents()[1].Blackboard()
	for _, c := range []struct {
		b    *agent.Blackboard
		fact string
		want any
	}{{all, "drunk", false}, {all, "has_rum", true}, {some, "drunk", true}, {some, "has_rum", true}} {
		if v, _ := c.b.Value(c.fact); v != c.want {
			t.Errorf("%s = %v, want %v", c.fact, v, c.want)
		}
	}
}

// TestQuiet: a world with a change ahead or a waiting agent is not quiet.
func TestQuiet(t *testing.T) {
	w := world(t, sim.Config{
		Agents:  []simspec.Agent{{Name: "p", Actions: []string{"DrinkRum"}}},
		Changes: []simspec.WorldChange{{Tick: 30, Set: map[string]any{"has_rum": true}}},
	})
	if w.Quiet() {
		t.Error("quiet before the first tick")
	}
	// No plan at tick 1; a retry at 11 (the back-off), then the next
	// would come at 31, but the rum of tick 30 is seen at once and ends
	// the wait (has_rum matters for the goal): drunk at 30.
	if n := w.Run(1000); n != 30 {
		t.Errorf("ran %d ticks, want 30", n)
	}
	if got := w.Finished(); !reflect.DeepEqual(got, []string{"DrinkRum"}) {
		t.Errorf("finished %v", got)
	}
}

func TestNewErrors(t *testing.T) {
	d, _ := goap.NewDomain(pirate)
	other, _ := goap.NewDomain(goap.Spec{Actions: []goap.Action{{Name: "A", Effects: goap.Effects{"x": true}}}})
	if _, err := sim.New(sim.Config{}); err == nil {
		t.Error("no domain accepted")
	}
	cases := []struct {
		cfg  sim.Config
		want string
	}{
		{sim.Config{Start: other.NewState()}, "Start belongs to another domain"},
		{sim.Config{Duration: map[string]int{"Swim": 1}}, `Duration: unknown action "Swim"`},
		{sim.Config{Travel: map[string]int{"DrinkRum": -1}}, "Travel of DrinkRum must be at least 0"},
		{sim.Config{Changes: []simspec.WorldChange{{Tick: 0}}}, "a change at tick 0: ticks count from 1"},
		{sim.Config{Changes: []simspec.WorldChange{{Tick: 1, Set: map[string]any{"rum": true}}}}, `unknown fact "rum"`},
		{sim.Config{Changes: []simspec.WorldChange{{Tick: 1, Set: map[string]any{"drunk": 3}}}}, `fact "drunk"`},
		{sim.Config{Agents: []simspec.Agent{{}}}, "agent #1 has no name"},
		{sim.Config{Agents: []simspec.Agent{{Name: "world"}}}, `may not be named "world"`},
		{sim.Config{Agents: []simspec.Agent{{Name: "a"}, {Name: "a"}}}, `two agents are named "a"`},
		{sim.Config{Agents: []simspec.Agent{{Name: "a", Goals: []string{"Sleep"}}}}, `agent a: unknown goal "Sleep"`},
		{sim.Config{Agents: []simspec.Agent{{Name: "a", FallbackGoal: "Sleep"}}}, `unknown fallback goal "Sleep"`},
		{sim.Config{Agents: []simspec.Agent{{Name: "a", Senses: []string{"rum"}}}}, `senses: unknown fact "rum"`},
		{sim.Config{Agents: []simspec.Agent{{Name: "a", Start: map[string]any{"rum": true}}}}, `start: goap: unknown fact "rum"`},
		{sim.Config{Agents: []simspec.Agent{{Name: "a", Actions: []string{"Swim"}}}}, `unknown action "Swim"`},
	}
	for _, c := range cases {
		c.cfg.Domain = d
		_, err := sim.New(c.cfg)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("got %v, want %q", err, c.want)
		}
	}
}

// TestDiscardLogMemory checks that a world without a log runs in memory
// that does not grow with its ticks: an agent cycling between two goals
// for 20,000 ticks holds no more heap than after 2,000, while the events
// still reach OnEvent.
func TestDiscardLogMemory(t *testing.T) {
	d, err := goap.NewDomain(goap.Spec{Name: "cycle",
		Actions: []goap.Action{
			{Name: "Eat", Cost: 1, Effects: goap.Effects{"fed": true, "rested": false}},
			{Name: "Sleep", Cost: 1, Effects: goap.Effects{"rested": true, "fed": false}},
		},
		Goals: []goap.Goal{
			{Name: "BeFed", Priority: 1, Desired: goap.Conds{"fed": true}},
			{Name: "BeRested", Priority: 1, Desired: goap.Conds{"rested": true}},
		}})
	if err != nil {
		t.Fatal(err)
	}
	finished := 0
	w := world(t, sim.Config{Domain: d, Agents: []simspec.Agent{{Name: "cat"}}, DiscardLog: true,
		OnEvent: func(e agent.Event) {
			if e.Type == agent.EventActionFinished {
				finished++
			}
		}})
	heap := func() uint64 {
		var m runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&m)
		return m.HeapAlloc
	}
	w.Run(2000)
	before := heap()
	w.Run(20000)
	after := heap()
	if finished != 20000 || w.Events() != nil || w.Finished() != nil {
		t.Fatalf("%d actions finished, %d events kept, %d finished kept; want 20000, none, none", finished, len(w.Events()), len(w.Finished()))
	}
	// With the log, 18,000 more ticks keep 90,000 more events: megabytes.
	if after > before+64<<10 {
		t.Errorf("heap grew from %d to %d bytes over 18,000 ticks", before, after)
	}
}

// checkEvents fails the test when the event lines got are not want.
func checkEvents(t *testing.T, got, want []string) {
	t.Helper()
	if !slices.Equal(got, want) {
		t.Errorf("events:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// workers is a domain where each worker walks between home and the mine
// and tires: at and energy are theirs; the ore pile is the world's.
var workers = goap.Spec{Name: "workers",
	Facts: []goap.Fact{goap.Enum("at", "home", "mine"), goap.Int("energy", 0, 3, 3), goap.Int("ore", 0, 9, 0)},
	Actions: []goap.Action{
		{Name: "GoMine", Cost: 1, Pre: goap.Conds{"at": "home"}, Effects: goap.Effects{"at": "mine"}},
		{Name: "GoHome", Cost: 1, Pre: goap.Conds{"at": "mine"}, Effects: goap.Effects{"at": "home"}},
		{Name: "Dig", Cost: 1, Pre: goap.Conds{"at": "mine", "energy": goap.Ge(1)}, Effects: goap.Effects{"ore": goap.Add(1), "energy": goap.Add(-1)}},
		{Name: "Sleep", Cost: 1, Pre: goap.Conds{"at": "home"}, Effects: goap.Effects{"energy": 3}},
	},
	Goals: []goap.Goal{{Name: "Stock", Priority: 1, Desired: goap.Conds{"ore": goap.Ge(4)}}},
}

// TestAgentFacts: each worker has its own position and energy, so two
// workers do not overwrite each other's, and the ore they dig lands in
// the one shared pile; a change can target one worker's own facts.
func TestAgentFacts(t *testing.T) {
	d, err := goap.NewDomain(workers)
	if err != nil {
		t.Fatal(err)
	}
	w := world(t, sim.Config{Domain: d, AgentFacts: []string{"at", "energy"},
		Agents:  []simspec.Agent{{Name: "ann"}, {Name: "bob", Own: map[string]any{"at": "mine"}}},
		Changes: []simspec.WorldChange{{Tick: 1, Agent: "ann", Set: map[string]any{"energy": 2}}},
	})
	w.Run(20)
	if ore, _ := w.State().Value("ore"); ore != 4 {
		t.Errorf("ore %v, want 4", ore)
	}
	ann, _ := w.Own("ann")
	bob, _ := w.Own("bob")
	if at, _ := bob.Value("at"); at != "mine" {
		t.Errorf("bob is at %v: he started at the mine and never had to leave", at)
	}
	// Each plans alone for 4 ore and digs, sleeps, digs again; the pile
	// is full after two digs each. Ann started with the 2 energy the
	// change left her: Dig (1), Sleep (3), Dig (2); Bob: 3, 2, 3, 2.
	ae, _ := ann.Value("energy")
	be, _ := bob.Value("energy")
	if ae != 2 || be != 2 {
		t.Errorf("energy: ann %v, bob %v; want 2 and 2", ae, be)
	}
	if at, _ := ann.Value("at"); at != "mine" {
		t.Errorf("ann is at %v", at)
	}
	for _, e := range w.Events() {
		if e.Type == agent.EventActionFailed {
			t.Errorf("%s: a worker's action failed: the workers' facts are mixed up", e)
		}
	}
	if _, err := sim.New(sim.Config{Domain: d, AgentFacts: []string{"at"},
		Changes: []simspec.WorldChange{{Tick: 1, Set: map[string]any{"at": "mine"}}}}); err == nil || !strings.Contains(err.Error(), "at is an agent fact") {
		t.Errorf("a change of an agent fact without an agent: %v", err)
	}
}

// TestSensorSpecs: a sensor that interrupts when what it sees changes
// drops the plan at once; it looks only every Every ticks.
func TestSensorSpecs(t *testing.T) {
	w := world(t, sim.Config{
		Duration: map[string]int{"StealRum": 5},
		Agents: []simspec.Agent{{Name: "p", Senses: []string{},
			Sensors: []simspec.SensorSpec{{Name: "ears", Facts: []string{"bottle_available"}, Every: 2, Interrupt: true}}}},
		Changes: []simspec.WorldChange{{Tick: 2, Set: map[string]any{"bottle_available": false}}},
	})
	w.Run(4)
	var got []string
	for _, e := range w.Events() {
		if e.Type == agent.EventPlanInvalidated {
			got = append(got, e.String())
		}
	}
	// The ears run at ticks 1, 3, 5: the change of tick 2 is heard at 3.
	if len(got) == 0 || !strings.HasPrefix(got[0], "tick 3 p plan_invalidated") || !strings.Contains(got[0], "ears") {
		t.Fatalf("invalidations %v", got)
	}
}

// TestOnChange: Config.OnChange hears each scripted change and each
// action's effects on world facts, not on the agent's own agent facts.
func TestOnChange(t *testing.T) {
	var got []string
	var d *goap.Domain
	w := world(t, sim.Config{
		AgentFacts: []string{"has_rum", "drunk"},
		Agents:     []simspec.Agent{{Name: "pirate"}},
		Changes:    []simspec.WorldChange{{Tick: 1, Set: map[string]any{"bottle_available": true}}},
		OnChange: func(c sim.Change) {
			var facts []string
			for k, f := range c.Facts {
				facts = append(facts, fmt.Sprintf("%s=%d", d.Fact(f).Name, c.Values[k]))
			}
			got = append(got, fmt.Sprintf("%s %s %s: %s", c.By, c.Action, c.Text, strings.Join(facts, " ")))
		},
	})
	d = w.Agents()[0].Domain()
	w.Run(10)
	want := []string{"world  bottle_available=true: bottle_available=1", "pirate StealRum : bottle_available=0"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("changes %q, want %q", got, want)
	}
}

// TestSchedule: a change made during the run happens at its tick like a
// scripted one (logged, heard by OnChange, the world's state changed),
// in the order changes were made; a change for a tick already run, or of
// an unknown fact, is refused.
func TestSchedule(t *testing.T) {
	var heard []string
	w := world(t, sim.Config{Agents: []simspec.Agent{{Name: "p"}},
		OnChange: func(c sim.Change) {
			if c.By == "world" {
				heard = append(heard, fmt.Sprint(c.Tick, " ", c.Text))
			}
		}})
	w.Step()
	if err := w.Schedule(simspec.WorldChange{Tick: 1, Set: map[string]any{"bottle_available": false}}); err == nil {
		t.Error("a change for tick 1 at tick 1 was taken")
	}
	if err := w.Schedule(simspec.WorldChange{Tick: 2, Set: map[string]any{"botle": false}}); err == nil || !strings.Contains(err.Error(), `unknown fact "botle"`) {
		t.Errorf("unknown fact: %v", err)
	}
	for _, c := range []simspec.WorldChange{
		{Tick: 3, Set: map[string]any{"bottle_available": true}},
		{Tick: 2, Set: map[string]any{"bottle_available": false}},
		{Tick: 3, Set: map[string]any{"has_rum": false}},
	} {
		if err := w.Schedule(c); err != nil {
			t.Fatal(err)
		}
	}
	w.Step()
	if w.State().Bool(fact(t, w, "bottle_available")) {
		t.Error("bottle_available still true after the change at tick 2")
	}
	w.Step()
	want := []string{"2 bottle_available=false", "3 bottle_available=true", "3 has_rum=false"}
	if !slices.Equal(heard, want) {
		t.Errorf("changes heard %q, want %q", heard, want)
	}
	if !slices.ContainsFunc(lines(w.Events()), func(l string) bool { return strings.Contains(l, "tick 2 world world_changed: bottle_available=false") }) {
		t.Errorf("no world_changed event in the log: %q", lines(w.Events()))
	}
}

func fact(t *testing.T, w *sim.World, name string) goap.FactID {
	t.Helper()
	id, ok := w.State().Domain().FactID(name)
	if !ok {
		t.Fatalf("no fact %q", name)
	}
	return id
}
