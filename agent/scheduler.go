package agent

import (
	"fmt"

	"github.com/goap-go/goap"
)

// Scheduler spreads the planning of many agents over frames within a
// total expansion budget per frame (Pittman's planning scheduler). An
// agent added to a scheduler does not plan in its own Update: when it
// needs a plan it starts a search and joins the scheduler's queue, and
// each Step gives the agent at the front of the queue up to Slice
// expansions; an agent whose search is not done goes to the back. The
// queue is first in, first out, so the order of planning, and with it
// every run, is deterministic.
//
// An agent waits (Phase Planning) until its search ends; it picks the
// result up in its next Update.
//
// The zero Scheduler is ready to use once Budget is set.
type Scheduler struct {
	// Budget is the most states Step expands in all, per frame.
	Budget int
	// Slice is the most states one agent expands per turn; 0 means
	// Budget (one agent at a time, as in Pittman's scheduler).
	Slice int

	agents []*Agent
	queue  []*Agent
	head   int
}

// Add puts agents under the scheduler, in this order. An agent may
// belong to one scheduler only.
func (s *Scheduler) Add(agents ...*Agent) error {
	for _, a := range agents {
		if a.sched != nil {
			return fmt.Errorf("agent %s already belongs to a scheduler", a.name)
		}
	}
	for _, a := range agents {
		a.sched = s
		s.agents = append(s.agents, a)
		if a.search.Valid() && !a.queued {
			s.enqueue(a)
		}
	}
	return nil
}

// Agents returns the agents added, in order.
func (s *Scheduler) Agents() []*Agent { return s.agents }

// Waiting returns the number of agents in the queue.
func (s *Scheduler) Waiting() int { return len(s.queue) - s.head }

// enqueue puts a at the back of the queue.
func (s *Scheduler) enqueue(a *Agent) {
	if s.head > 0 && s.head == len(s.queue) {
		s.queue, s.head = s.queue[:0], 0
	} else if s.head > 64 && 2*s.head > len(s.queue) {
		n := copy(s.queue, s.queue[s.head:])
		clear(s.queue[n:])
		s.queue, s.head = s.queue[:n], 0
	}
	s.queue = append(s.queue, a)
	a.queued = true
}

// Step spends one frame's budget on the searches in the queue, round
// robin, and returns the number of states expanded.
func (s *Scheduler) Step() int {
	left := s.Budget
	slice := s.Slice
	if slice <= 0 {
		slice = s.Budget
	}
	used := 0
	for left > 0 && s.head < len(s.queue) {
		a := s.queue[s.head]
		s.queue[s.head] = nil
		s.head++
		a.queued = false
		if !a.search.Valid() || a.search.Status() != goap.Running {
			continue // dropped, or done and not picked up yet
		}
		n := min(slice, left)
		var spent int
		if a.search.Step(n) == goap.Running {
			spent = n
			a.spent += n
			s.enqueue(a)
		} else {
			spent = max(a.search.Result().Expanded-a.spent, 1)
		}
		left -= spent
		used += spent
	}
	return used
}

// Update runs one frame: Step, then Update(dt) on every agent, in the
// order they were added.
func (s *Scheduler) Update(dt float64) {
	s.Step()
	for _, a := range s.agents {
		a.Update(dt)
	}
}
