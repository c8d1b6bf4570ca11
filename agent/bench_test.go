package agent_test

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/goap-go/goap"
	"github.com/goap-go/goap/agent"
)

// guardSpec is the guard of the seeds, with a way out.
var guardSpec = goap.Spec{Name: "guard",
	Actions: []goap.Action{
		{Name: "DrawWeapon", Cost: 1, Pre: goap.Conds{"weapon_holstered": true}, Effects: goap.Effects{"weapon_holstered": false, "armed": true}},
		{Name: "FindAmmo", Cost: 3, Effects: goap.Effects{"has_ammo": true}},
		{Name: "LoadWeapon", Cost: 2, Pre: goap.Conds{"armed": true, "has_ammo": true}, Effects: goap.Effects{"loaded": true}},
		{Name: "Approach", Cost: 2, Pre: goap.Conds{"enemy_visible": true}, Effects: goap.Effects{"in_range": true}},
		{Name: "Attack", Cost: 1, Pre: goap.Conds{"armed": true, "loaded": true, "in_range": true}, Effects: goap.Effects{"threat_removed": true}},
		{Name: "Retreat", Cost: 4, Pre: goap.Conds{"enemy_visible": true}, Effects: goap.Effects{"in_range": false, "safe": true}},
	},
	Goals: []goap.Goal{
		{Name: "KillEnemy", Priority: 10, Desired: goap.Conds{"threat_removed": true}},
		{Name: "Flee", Priority: 1, Desired: goap.Conds{"safe": true}},
	},
}

// guardAgent returns a guard in the middle of a long action, with a
// sensor that writes what it sees every update and goals that look at
// the blackboard. With interrupt set, the sensor interrupts every
// update, so the guard replans every update.
func guardAgent(tb testing.TB, d *goap.Domain, interrupt bool) *agent.Agent {
	tb.Helper()
	visible := fact(tb, d, "enemy_visible")
	holstered := fact(tb, d, "weapon_holstered")
	g := goals(tb, d, "KillEnemy", "Flee")
	g[0].Valid = func(b *agent.Blackboard) bool { return b.Bool(visible) }
	g[1].Relevancy = func(b *agent.Blackboard) float64 { return 0.5 * b.Confidence(visible) }
	events := 0
	a, err := agent.New(agent.Config{Name: "guard", Domain: d, Goals: g,
		Belief: mustState(tb, d, map[string]any{"weapon_holstered": true, "enemy_visible": true}),
		Sensors: []agent.Sensor{{Name: "eyes", Sense: func(b *agent.Blackboard) bool {
			b.SetBool(visible, true)
			_ = b.Write(holstered, b.Get(holstered), 0.9)
			return interrupt
		}}},
		Default: agent.Behavior{Perform: func(*agent.Call) agent.Outcome { return agent.Continue }},
		Margin:  1,
		// Someone listens, so the events are built (and dropped).
		OnEvent: func(agent.Event) { events++ },
	})
	if err != nil {
		tb.Fatal(err)
	}
	a.Update(1)
	a.Update(1)
	if st := a.Stats(); st.Plans != 1+btoi(interrupt) || st.Replans != btoi(interrupt) || a.Phase() != agent.Performing {
		tb.Fatalf("setup: stats %+v, phase %v", st, a.Phase())
	}
	return a
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// BenchmarkUpdateSteady measures one agent's update when nothing changes
// (ns/op is ns per agent per tick): the sensor writes the same values,
// both goals are evaluated, the action goes on. The agents must not
// replan.
func BenchmarkUpdateSteady(b *testing.B) {
	d := mustDomain(b, guardSpec)
	agents := make([]*agent.Agent, 256)
	for i := range agents {
		agents[i] = guardAgent(b, d, false)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		agents[i%len(agents)].Update(1)
	}
	b.StopTimer()
	for _, a := range agents {
		if st := a.Stats(); st.Replans != 0 || st.Plans != 1 {
			b.Fatalf("an agent replanned: %+v", st)
		}
	}
}

// BenchmarkUpdateReplan measures an update in which the agent replans:
// a sensor interrupts every update, so the agent drops its plan, plans
// the guard's five steps again and starts the first.
func BenchmarkUpdateReplan(b *testing.B) {
	d := mustDomain(b, guardSpec)
	agents := make([]*agent.Agent, 256)
	for i := range agents {
		agents[i] = guardAgent(b, d, true)
	}
	before := 0
	for _, a := range agents {
		before += a.Stats().Replans
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		agents[i%len(agents)].Update(1)
	}
	b.StopTimer()
	after := 0
	for _, a := range agents {
		after += a.Stats().Replans
	}
	if after-before != b.N {
		b.Fatalf("%d replans in %d updates", after-before, b.N)
	}
}

// BenchmarkSchedulerFrame measures a frame of 256 agents under a
// scheduler, nothing changing.
func BenchmarkSchedulerFrame(b *testing.B) {
	d := mustDomain(b, guardSpec)
	s := &agent.Scheduler{Budget: 1000}
	for range 256 {
		if err := s.Add(guardAgent(b, d, false)); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		s.Update(1)
	}
	b.StopTimer()
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/256, "ns/agent")
}

// TestSteadyUpdateAllocs: an update in which nothing changes allocates
// nothing, alone or under a scheduler.
func TestSteadyUpdateAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation counts do not hold under the race detector")
	}
	d := mustDomain(t, guardSpec)
	a := guardAgent(t, d, false)
	if n := testing.AllocsPerRun(1000, func() { a.Update(1) }); n != 0 {
		t.Errorf("a steady update allocates %v times", n)
	}
	s := &agent.Scheduler{Budget: 100}
	for range 8 {
		if err := s.Add(guardAgent(t, d, false)); err != nil {
			t.Fatal(err)
		}
	}
	if n := testing.AllocsPerRun(1000, func() { s.Update(1) }); n != 0 {
		t.Errorf("a steady scheduler frame allocates %v times", n)
	}
	if st := a.Stats(); st.Replans != 0 || st.Plans != 1 {
		t.Errorf("the agent replanned: %+v", st)
	}
}

// TestSearchTreeIntoAllocs: the recorder reads each plan's search tree
// into memory it passes back, without allocating once it has grown; the
// tree is the one SearchTree gives.
func TestSearchTreeIntoAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation counts do not hold under the race detector")
	}
	d := mustDomain(t, guardSpec)
	a := guardAgent(t, d, false)
	want := a.SearchTree()
	if len(want) < 2 {
		t.Fatalf("a search tree of %d nodes", len(want))
	}
	buf := a.SearchTreeInto(nil)
	if n := testing.AllocsPerRun(100, func() { buf = a.SearchTreeInto(buf) }); n != 0 {
		t.Errorf("SearchTreeInto allocates %v times warm", n)
	}
	if !reflect.DeepEqual(buf, want) {
		t.Errorf("SearchTreeInto gave %d nodes unlike SearchTree's %d", len(buf), len(want))
	}
}

// TestImpossibleGoalAllocs: an agent that retries a goal no plan reaches
// on every update (a tiny back-off) allocates nothing: the planner builds
// no explanation unless asked.
func TestImpossibleGoalAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation counts do not hold under the race detector")
	}
	spec := guardSpec
	spec.Actions = nil
	for _, a := range guardSpec.Actions {
		if a.Name != "FindAmmo" {
			spec.Actions = append(spec.Actions, a)
		}
	}
	d := mustDomain(t, spec)
	a, err := agent.New(agent.Config{Name: "guard", Domain: d, Goals: goals(t, d, "KillEnemy"),
		Belief:  mustState(t, d, map[string]any{"weapon_holstered": true, "enemy_visible": true}),
		Backoff: 1e-9, MaxBackoff: 1e-9,
	})
	if err != nil {
		t.Fatal(err)
	}
	a.Update(1)
	before := a.Stats().NoPlans
	if n := testing.AllocsPerRun(1000, func() { a.Update(1) }); n != 0 {
		t.Errorf("an update that finds no plan allocates %v times", n)
	}
	if got := a.Stats().NoPlans - before; got < 1000 {
		t.Errorf("%d searches in 1001 updates: the goal was not retried every update", got)
	}
}

// BenchmarkSchedulerTimeBudget runs 10,000 chore agents under a scheduler
// with a 2 ms planning budget per frame, each interrupted (so replanning)
// every 60 ticks, and reports how far frames overshoot the budget.
func BenchmarkSchedulerTimeBudget(b *testing.B) {
	d := mustDomain(b, choresSpec)
	const n, budget = 10000, 2 * time.Millisecond
	var agents []*agent.Agent
	for range n {
		a, err := agent.New(agent.Config{Domain: d, Goals: goals(b, d, "Done"),
			Default: agent.Behavior{Perform: takes(1 << 30)}})
		if err != nil {
			b.Fatal(err)
		}
		agents = append(agents, a)
	}
	s := &agent.Scheduler{TimeBudget: budget}
	if err := s.Add(agents...); err != nil {
		b.Fatal(err)
	}
	var over []time.Duration
	frame := 0
	step := func() {
		frame++
		for i := frame % 60; i < n; i += 60 {
			agents[i].Interrupt("replan")
		}
		start := time.Now()
		s.Step()
		if d := time.Since(start) - budget; d > 0 {
			over = append(over, d)
		}
		for _, a := range agents {
			a.Update(1)
		}
	}
	// Warm up: every agent plans and replans, so its planner has grown
	// its search memory, as in a game that has run for a few seconds.
	for range 180 {
		step()
	}
	over, frame = over[:0], 0
	b.ReportAllocs()
	for b.Loop() {
		step()
	}
	slices.Sort(over)
	pick := func(q float64) float64 {
		if len(over) == 0 {
			return 0
		}
		return float64(over[int(q*float64(len(over)-1))].Microseconds())
	}
	b.ReportMetric(pick(0.5), "overshoot-p50-us")
	b.ReportMetric(pick(0.99), "overshoot-p99-us")
	b.ReportMetric(float64(len(over))/float64(frame), "frames-over")
}

// BenchmarkSchedulerWorkers plans 2,000 chore agents in one frame with
// one and with two workers and reports the planning time of the frame
// (the agents' own updates, which are sequential, excluded).
func BenchmarkSchedulerWorkers(b *testing.B) {
	d := mustDomain(b, choresSpec)
	for _, workers := range []int{1, 2} {
		b.Run(fmt.Sprintf("workers=%d", workers), func(b *testing.B) {
			var agents []*agent.Agent
			for range 2000 {
				a, err := agent.New(agent.Config{Domain: d, Goals: goals(b, d, "Done"),
					Default: agent.Behavior{Perform: takes(1 << 30)}})
				if err != nil {
					b.Fatal(err)
				}
				agents = append(agents, a)
			}
			s := &agent.Scheduler{Budget: 1 << 30, Slice: 64, Workers: workers}
			if err := s.Add(agents...); err != nil {
				b.Fatal(err)
			}
			var planning time.Duration
			frames := 0
			for b.Loop() {
				for _, a := range agents {
					a.Interrupt("replan")
					a.Update(1) // starts the search
				}
				start := time.Now()
				s.Step()
				planning += time.Since(start)
				frames++
				for _, a := range agents {
					a.Update(1) // picks the plan up
				}
			}
			b.ReportMetric(float64(planning.Microseconds())/float64(frames), "planning-us/frame")
		})
	}
}

// TestNearFrameAllocs: serving the agents nearest first (Scheduler.Near)
// allocates nothing per frame.
func TestNearFrameAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation counts do not hold under the race detector")
	}
	d := mustDomain(t, choresSpec)
	s := &agent.Scheduler{Budget: 1, Near: func(a *agent.Agent) float64 { return float64(len(a.Name())) }}
	for i := range 16 {
		a, err := agent.New(agent.Config{Name: strings.Repeat("a", 16-i), Domain: d, Goals: goals(t, d, "Done"),
			Default: agent.Behavior{Perform: takes(1000)}})
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Add(a); err != nil {
			t.Fatal(err)
		}
		a.Update(1) // its search starts and waits in the queue
	}
	s.Step()
	if n := testing.AllocsPerRun(20, func() { s.Step() }); n != 0 {
		t.Errorf("a frame with Near allocates %v times", n)
	}
	if s.Waiting() != 16 {
		t.Errorf("%d agents waiting, want all 16 still planning", s.Waiting())
	}
}
