package agent_test

import (
	"math"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/goap-go/goap"
	"github.com/goap-go/goap/agent"
)

// scheduled runs n chore agents under s until they all have plans, and
// returns the frame in which each got its plan and the expansions spent
// per frame.
func scheduled(t *testing.T, s *agent.Scheduler, n int) (planned []int, perFrame []int, agents []*agent.Agent) {
	t.Helper()
	d := mustDomain(t, choresSpec)
	planned = make([]int, n)
	for i := range n {
		i := i
		a, err := agent.New(agent.Config{Name: "a", Domain: d, Goals: goals(t, d, "Done"),
			Default: agent.Behavior{Perform: takes(1000)},
			OnEvent: func(e agent.Event) {
				if e.Type == agent.EventPlanMade {
					planned[i] = e.Tick
				}
			}})
		if err != nil {
			t.Fatal(err)
		}
		agents = append(agents, a)
	}
	if err := s.Add(agents...); err != nil {
		t.Fatal(err)
	}
	for frame := 1; frame <= 1000; frame++ {
		perFrame = append(perFrame, s.Step())
		for _, a := range agents {
			a.Update(1)
		}
		if s.Waiting() == 0 && frame > 1 {
			break
		}
	}
	return planned, perFrame, agents
}

// TestScheduler: the scheduler never spends more than its budget in a
// frame, spends all of it while agents wait, always serves them in the
// same order, and every agent ends up with the plan it would have made
// alone.
func TestScheduler(t *testing.T) {
	d := mustDomain(t, choresSpec)
	alone, err := agent.New(agent.Config{Domain: d, Goals: goals(t, d, "Done"), Default: agent.Behavior{Perform: takes(1000)}})
	if err != nil {
		t.Fatal(err)
	}
	alone.Update(1)
	need := alone.Stats().Expanded

	for _, c := range []struct {
		name          string
		budget, slice int
	}{
		{"round robin", 300, 100},
		{"one at a time", 300, 0},
		{"tiny budget", 7, 3},
	} {
		t.Run(c.name, func(t *testing.T) {
			planned, perFrame, agents := scheduled(t, &agent.Scheduler{Budget: c.budget, Slice: c.slice}, 4)
			total := 0
			for i, used := range perFrame {
				if used > c.budget {
					t.Errorf("frame %d spent %d > %d", i+1, used, c.budget)
				}
				total += used
			}
			// A step that only pops the goal expands nothing but counts
			// one unit of the budget, so each agent may add one.
			if total < 4*need || total > 4*need+4 {
				t.Errorf("spent %d in all, want %d to %d", total, 4*need, 4*need+4)
			}
			for i, a := range agents {
				if !reflect.DeepEqual(a.Plan(), alone.Plan()) || a.Stats().Expanded != need {
					t.Errorf("agent %d: plan %v after %d expansions", i, a.Plan(), a.Stats().Expanded)
				}
			}
			// Frames spend the whole budget while the queue is long, so
			// the last plan comes as early as the budget allows (the
			// plans arrive one update after the scheduler finished them).
			if last := planned[3]; last > (4*need+c.budget-1)/c.budget+2 {
				t.Errorf("last plan at frame %d: %v", last, planned)
			}
			// The same again gives the same frames.
			again, _, _ := scheduled(t, &agent.Scheduler{Budget: c.budget, Slice: c.slice}, 4)
			if !reflect.DeepEqual(again, planned) {
				t.Errorf("second run planned at %v, first at %v", again, planned)
			}
			t.Logf("plans at frames %v", planned)
		})
	}
}

// TestSchedulerUpdate runs frames with Update and checks that an agent
// joins one scheduler only.
func TestSchedulerUpdate(t *testing.T) {
	d := mustDomain(t, patrolSpec)
	a, err := agent.New(agent.Config{Domain: d, Goals: goals(t, d, "GoPatrol"), Default: agent.Behavior{Perform: takes(5)}})
	if err != nil {
		t.Fatal(err)
	}
	s := &agent.Scheduler{Budget: 10}
	if err := s.Add(a); err != nil {
		t.Fatal(err)
	}
	if err := (&agent.Scheduler{Budget: 1}).Add(a); err == nil {
		t.Error("an agent joined a second scheduler")
	}
	s.Update(1) // a starts a search and waits for the scheduler
	if a.Phase() != agent.Planning || s.Waiting() != 1 {
		t.Fatalf("phase %v, waiting %d", a.Phase(), s.Waiting())
	}
	s.Update(1) // the scheduler plans, a picks the plan up
	if a.Phase() != agent.Performing || s.Waiting() != 0 || len(s.Agents()) != 1 {
		t.Fatalf("phase %v, waiting %d", a.Phase(), s.Waiting())
	}
}

// TestSchedulerTimeBudget: with a time budget the scheduler reads the
// clock every few expansions and ends the frame once the budget is spent,
// logs the frames that overshoot it, and still gives every agent its
// plan. The clock is a fake one that advances 1 ms per reading.
func TestSchedulerTimeBudget(t *testing.T) {
	clock := time.Unix(0, 0)
	reads := 0
	s := &agent.Scheduler{TimeBudget: 5 * time.Millisecond, Now: func() time.Time {
		reads++
		clock = clock.Add(time.Millisecond)
		return clock
	}}
	planned, perFrame, _ := scheduled(t, s, 6)
	// Per frame: one reading at the start, one per 16 expansions until
	// 5 ms have passed, one at the end. A frame with enough work makes 5
	// chunks of 16 expansions, and its end reading (6 ms) is an overrun;
	// the first frame has no agent waiting yet (they start their searches
	// in their first Update).
	busy := 0
	for i, n := range perFrame {
		if n > 5*16 {
			t.Errorf("frame %d expanded %d states, more than 5 chunks of 16", i+1, n)
		}
		if n == 5*16 {
			busy++
		}
	}
	if busy == 0 || perFrame[1] != 5*16 {
		t.Errorf("expansions per frame %v: want 80 in frame 2 and whenever agents wait", perFrame)
	}
	for i, tick := range planned {
		if tick == 0 {
			t.Errorf("agent %d never got a plan", i)
		}
	}
	over, n := s.Overruns()
	// Every busy frame overran, and so did frames whose last chunk ended
	// a search early; no frame that stopped short of its fifth chunk did.
	if n < busy || len(over) != min(n, 64) || over[0].Spent != 6*time.Millisecond {
		t.Errorf("%d overruns kept of %d, want at least %d (the busy frames), the first %+v", len(over), n, busy, over[0])
	}
	for _, o := range over {
		if perFrame[o.Frame-1] <= 4*16 {
			t.Errorf("frame %d overran with %d expansions, fewer than five chunks", o.Frame, perFrame[o.Frame-1])
		}
	}
	if n > 64 && over[63].Frame-over[0].Frame < 63 {
		t.Errorf("overruns not oldest first: %+v", over)
	}
}

// TestSchedulerReplanFirst: an agent whose plan was dropped mid-task
// plans before the agents that wait for their first plan, though they
// joined the queue earlier.
func TestSchedulerReplanFirst(t *testing.T) {
	// Near (the agents nearest first) does not change the rule: the
	// replanning worker is the farthest.
	pos := map[string]float64{"worker": 100, "a": 0, "b": 1}
	for _, near := range []func(*agent.Agent) float64{nil, func(a *agent.Agent) float64 { return pos[a.Name()] }} {
		if got := replanOrder(t, &agent.Scheduler{Budget: 1, Near: near}); !strings.HasPrefix(got, "worker a b") {
			t.Errorf("Near set %v: plans made in the order %q, want the replanning worker first", near != nil, got)
		}
	}
}

// replanOrder runs a worker until it performs, queues two newcomers a
// and b, interrupts the worker, and returns the order of the plans made.
func replanOrder(t *testing.T, s *agent.Scheduler) string {
	t.Helper()
	d := mustDomain(t, choresSpec)
	var order []string
	mk := func(name string) *agent.Agent { return choreAgent(t, d, name, &order) }
	worker := mk("worker")
	if err := s.Add(worker); err != nil {
		t.Fatal(err)
	}
	for worker.Phase() != agent.Performing {
		s.Update(1)
	}
	// Two newcomers queue up, then the worker's plan is dropped.
	a, b := mk("a"), mk("b")
	if err := s.Add(a, b); err != nil {
		t.Fatal(err)
	}
	a.Update(1)
	b.Update(1)
	worker.Interrupt("the world changed")
	worker.Update(1)
	order = order[:0]
	for s.Waiting() > 0 || len(order) < 3 {
		s.Step()
		for _, x := range []*agent.Agent{worker, a, b} {
			x.Update(1)
		}
		if len(order) > 3 {
			break
		}
	}
	return strings.Join(order, " ")
}

// TestSchedulerWorkers: with several workers the searches of a frame run
// in parallel (the race detector checks them in CI), and a frame bounded
// by Budget plans exactly as with one: the same expansions per frame and
// every agent's plan in the same frame.
func TestSchedulerWorkers(t *testing.T) {
	p1, f1, a1 := scheduled(t, &agent.Scheduler{Budget: 37, Slice: 5}, 12)
	for _, workers := range []int{2, 3, 8} {
		p2, f2, a2 := scheduled(t, &agent.Scheduler{Budget: 37, Slice: 5, Workers: workers}, 12)
		if !reflect.DeepEqual(p1, p2) || !reflect.DeepEqual(f1, f2) {
			t.Errorf("%d workers: planned in frames %v, expanded %v; one worker: %v, %v", workers, p2, f2, p1, f1)
		}
		for i := range a1 {
			if !reflect.DeepEqual(a1[i].Plan(), a2[i].Plan()) {
				t.Errorf("%d workers: agent %d plans %v, with one %v", workers, i, a2[i].Plan(), a1[i].Plan())
			}
		}
	}
	if len(f1) < 3 {
		t.Fatalf("the agents planned in %d frames: the test checks too little", len(f1))
	}
}

// TestSchedulerNear: with Near, each frame serves the agents closest to
// the point of interest first (ties and NaN in queue order, NaN last),
// replanning agents still before the others, and the point may move
// between frames.
func TestSchedulerNear(t *testing.T) {
	d := mustDomain(t, choresSpec)
	run := func(pos map[string]float64, names ...string) string {
		var order []string
		s := &agent.Scheduler{Budget: 1, Near: func(a *agent.Agent) float64 { return pos[a.Name()] }}
		var agents []*agent.Agent
		for _, name := range names {
			agents = append(agents, choreAgent(t, d, name, &order))
		}
		if err := s.Add(agents...); err != nil {
			t.Fatal(err)
		}
		for range 10000 {
			s.Update(1)
			if len(order) == len(names) {
				break
			}
		}
		return strings.Join(order, " ")
	}
	nan := math.NaN()
	cases := []struct {
		pos  map[string]float64
		want string
	}{
		{map[string]float64{"a": 3, "b": 1, "c": 2}, "b c a"},
		{map[string]float64{"a": 1, "b": 1, "c": 0}, "c a b"},
		{map[string]float64{"a": nan, "b": 5, "c": nan}, "b a c"},
	}
	for _, c := range cases {
		if got := run(c.pos, "a", "b", "c"); got != c.want {
			t.Errorf("Near %v: plans in the order %q, want %q", c.pos, got, c.want)
		}
	}
	// Without Near: the queue's order.
	if got := run(nil, "a", "b", "c"); got != "a b c" {
		t.Errorf("Near 0 for all: %q, want a b c", got)
	}
}

// choreAgent is an agent of the chores domain that appends its name to
// order when it makes a plan.
func choreAgent(t *testing.T, d *goap.Domain, name string, order *[]string) *agent.Agent {
	t.Helper()
	a, err := agent.New(agent.Config{Name: name, Domain: d, Goals: goals(t, d, "Done"),
		Default: agent.Behavior{Perform: takes(1000)},
		OnEvent: func(e agent.Event) {
			if e.Type == agent.EventPlanMade {
				*order = append(*order, e.Agent)
			}
		}})
	if err != nil {
		t.Fatal(err)
	}
	return a
}
