package agent_test

import (
	"reflect"
	"testing"

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
