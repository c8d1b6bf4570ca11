package agent

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/goap-go/goap"
)

// Scheduler spreads the planning of many agents over frames within a
// total expansion budget per frame (Pittman's planning scheduler). An
// agent added to a scheduler does not plan in its own Update: when it
// needs a plan it starts a search and joins the scheduler's queue, and
// each Step gives the agent at the front of the queue up to Slice
// expansions; an agent whose search is not done goes to the back. The
// queue is first in, first out, so the order of planning, and with it
// every run, is deterministic. An agent replanning because its plan was
// dropped (an action failed, the world changed under it) goes before the
// agents planning afresh, until its search ends: it is the one standing
// idle mid-task.
//
// TimeBudget bounds a frame's planning time as well (Pittman's
// scheduler gives planning a share of the frame): the clock is read
// every timeCheck expansions, so a frame overshoots by at most that many
// expansions, and frames that overshoot are logged (Overruns). A frame
// bounded by time is not deterministic; one bounded by Budget alone is.
//
// Near serves the agents close to a point of interest first (the player,
// the camera: Pittman's suggestion), where a plan is seen to be late: at
// the start of each frame each queue is ordered by Near, closest first,
// ties in queue order. Replanning agents still go before the others.
//
// An agent waits (Phase Planning) until its search ends; it picks the
// result up in its next Update.
//
// The zero Scheduler is ready to use once Budget or TimeBudget is set;
// Add refuses agents before that.
type Scheduler struct {
	// Budget is the most states Step expands in all, per frame.
	Budget int
	// Slice is the most states one agent expands per turn; 0 means
	// Budget (one agent at a time, as in Pittman's scheduler).
	Slice int
	// TimeBudget, when positive, is the most time Step spends planning
	// per frame; with Budget 0 it is the only bound.
	TimeBudget time.Duration
	// Now reads the clock for TimeBudget; nil means time.Now (tests and
	// replays may set their own).
	Now func() time.Time

	// Workers, when above 1, is how many goroutines step the searches
	// of a frame at once: each agent has its own planner and the domain
	// is shared read-only, so they plan in parallel on several cores.
	// Now must then be safe for concurrent use.
	Workers int

	// Near, when set, returns an agent's distance from the point of
	// interest, in any unit: each frame serves the closest first. It is
	// called once per waiting agent per frame, before any search runs;
	// far agents wait while closer ones plan. nil keeps the queue's order.
	Near func(*Agent) float64

	agents []*Agent
	queue  []*Agent
	head   int
	urgent []*Agent // replanning agents, served before queue
	frame  int
	over   []Overrun // the last maxOverruns frames over TimeBudget, a ring
	nover  int       // frames over budget so far
	jobs   []job     // the current round of Step
	// per Step call
	timed     bool
	start     time.Time
	outOfTime atomic.Bool
}

// Overrun is a frame whose planning took longer than TimeBudget.
type Overrun struct {
	Frame int           // the frame's number, from 1 (Step calls)
	Spent time.Duration // the planning time of the frame
}

// maxOverruns is how many overruns the scheduler keeps.
const maxOverruns = 64

// timeCheck is how many expansions Step makes between two readings of
// the clock when TimeBudget is set: a few microseconds of search on
// game domains, so a frame ends close to its budget.
const timeCheck = 16

// Overruns returns the last frames (at most 64) whose planning took
// longer than TimeBudget, oldest first, and how many there were in all.
func (s *Scheduler) Overruns() ([]Overrun, int) {
	if s.nover <= maxOverruns {
		return append([]Overrun(nil), s.over...), s.nover
	}
	i := s.nover % maxOverruns
	return append(append([]Overrun(nil), s.over[i:]...), s.over[:i]...), s.nover
}

// Add puts agents under the scheduler, in this order. An agent may
// belong to one scheduler only. Add refuses agents while the scheduler
// has no budget (Budget and TimeBudget both 0) or a negative setting:
// its agents would wait for a plan for ever.
func (s *Scheduler) Add(agents ...*Agent) error {
	if err := s.checkSettings(); err != nil {
		return err
	}
	for i, a := range agents {
		if a.sched != nil {
			return errorf(a.name, "the agent already belongs to a scheduler")
		}
		if slices.Contains(agents[:i], a) {
			return errorf(a.name, "the agent is listed twice")
		}
		if a.cfg.remote != nil {
			return errorf(a.name, "the agent plans through Config.Remote, which decides how many searches run at once: it needs no scheduler")
		}
	}
	for _, a := range agents {
		a.sched = s
		s.agents = append(s.agents, a)
		if a.planning.search.Valid() && !a.planning.queued {
			s.enqueue(a)
		}
	}
	return nil
}

// checkSettings says what is wrong with the scheduler's settings.
func (s *Scheduler) checkSettings() error {
	switch {
	case s.Budget < 0 || s.Slice < 0 || s.Workers < 0 || s.TimeBudget < 0:
		return fmt.Errorf("agent: scheduler: Budget %d, Slice %d, Workers %d and TimeBudget %v must not be negative", s.Budget, s.Slice, s.Workers, s.TimeBudget)
	case s.Budget == 0 && s.TimeBudget == 0:
		return errors.New("agent: scheduler: no budget: set Budget (expansions per frame) or TimeBudget, or its agents never plan")
	}
	return nil
}

// Agents returns the agents added, in order.
func (s *Scheduler) Agents() []*Agent { return s.agents }

// Waiting returns the number of agents in the queue.
func (s *Scheduler) Waiting() int { return len(s.queue) - s.head + len(s.urgent) }

// enqueueUrgent puts a at the back of the queue of replanning agents,
// served before the others.
func (s *Scheduler) enqueueUrgent(a *Agent) {
	s.urgent = append(s.urgent, a)
	a.planning.queued = true
}

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
	a.planning.queued = true
}

// Step spends one frame's budget on the searches in the queue, round
// robin (replanning agents first), and returns the number of states
// expanded.
func (s *Scheduler) Step() int {
	s.frame++
	left := s.Budget
	if left <= 0 && s.TimeBudget > 0 {
		left = math.MaxInt
	}
	slice := s.Slice
	if slice <= 0 {
		slice = left
	}
	workers := max(s.Workers, 1)
	s.timed = s.TimeBudget > 0
	if s.timed {
		s.start = s.now()
	}
	s.outOfTime.Store(false)
	if s.Near != nil {
		s.sortNear()
	}
	used := 0
	// Rounds: the budget is handed out in queue order before any search
	// runs, then the searches run (in parallel with Workers), then the
	// agents that are not done go back to the queue in the same order.
	// What each search does depends on its own budget only, so a frame
	// bounded by Budget plans the same whatever the number of workers.
	for left > 0 && !s.outOfTime.Load() {
		jobs := s.jobs[:0]
		for rest := left; rest > 0; {
			if s.timed && len(jobs) == workers {
				break // timed: one job per worker, so time ends rounds
			}
			a, urgent := s.next()
			if a == nil {
				break
			}
			if !a.planning.search.local.Valid() || a.planning.search.local.Status() != goap.Running {
				continue // dropped, or done and not picked up yet
			}
			n := min(slice, rest)
			jobs = append(jobs, job{a: a, n: n, urgent: urgent})
			rest -= n
		}
		if len(jobs) == 0 {
			break
		}
		s.jobs = jobs
		if workers == 1 || len(jobs) == 1 {
			for i := range jobs {
				s.run(&jobs[i])
			}
		} else {
			var wg sync.WaitGroup
			for w := range min(workers, len(jobs)) {
				wg.Add(1)
				go func() {
					defer wg.Done()
					// s.jobs, not jobs: capturing the local would move it
					// to the heap on every frame.
					for i := w; i < len(s.jobs); i += workers {
						s.run(&s.jobs[i])
					}
				}()
			}
			wg.Wait()
		}
		for i := range jobs {
			j := &jobs[i]
			if !j.done {
				j.a.planning.spent += j.spent
				if j.urgent {
					s.enqueueUrgent(j.a) // first until its search ends
				} else {
					s.enqueue(j.a)
				}
			}
			left -= j.spent
			used += j.spent
			jobs[i] = job{}
		}
	}
	if s.timed {
		if d := s.now().Sub(s.start); d > s.TimeBudget {
			s.record(Overrun{Frame: s.frame, Spent: d})
		}
	}
	return used
}

// sortNear orders both queues by Near, closest first, stably: ties keep
// the queue's order, and so does an agent whose distance is NaN, which
// sorts last.
func (s *Scheduler) sortNear() {
	for _, q := range [][]*Agent{s.urgent, s.queue[s.head:]} {
		for _, a := range q {
			a.planning.near = s.Near(a)
		}
		slices.SortStableFunc(q, byNear)
	}
}

// byNear compares agents by their distance from the point of interest.
func byNear(a, b *Agent) int {
	x, y := a.planning.near, b.planning.near
	switch {
	case x < y || y != y && x == x: // NaN last
		return -1
	case x > y || x != x && y == y:
		return 1
	}
	return 0
}

// job is one agent's turn in a round of Step: up to n expansions.
type job struct {
	a      *Agent
	n      int
	spent  int  // expansions made
	done   bool // the search ended
	urgent bool // a replan: back to the replanning agents' queue
}

// run steps j's search, in chunks of timeCheck when the frame is timed.
// Only j's own agent and planner are touched, so jobs run in parallel.
func (s *Scheduler) run(j *job) {
	a := j.a
	for j.spent < j.n && !s.outOfTime.Load() {
		chunk := j.n - j.spent
		if s.timed {
			chunk = min(chunk, timeCheck)
		}
		if a.planning.search.local.Step(chunk) != goap.Running {
			j.spent += max(a.planning.search.local.Result().Expanded-a.planning.spent-j.spent, 1)
			j.done = true
		} else {
			j.spent += chunk
		}
		if s.timed && s.now().Sub(s.start) >= s.TimeBudget {
			s.outOfTime.Store(true) // the frame ends, for every worker
		}
		if j.done {
			return
		}
	}
}

// next takes the next agent off the queues, replanning agents first, and
// says whether it was replanning; nil when both are empty.
func (s *Scheduler) next() (a *Agent, urgent bool) {
	switch {
	case len(s.urgent) > 0:
		a = s.urgent[0]
		n := copy(s.urgent, s.urgent[1:])
		s.urgent[n] = nil
		s.urgent = s.urgent[:n]
		urgent = true
	case s.head < len(s.queue):
		a = s.queue[s.head]
		s.queue[s.head] = nil
		s.head++
	default:
		return nil, false
	}
	a.planning.queued = false
	return a, urgent
}

func (s *Scheduler) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

// record logs a frame over budget.
func (s *Scheduler) record(o Overrun) {
	if len(s.over) < maxOverruns {
		s.over = append(s.over, o)
	} else {
		s.over[s.nover%maxOverruns] = o
	}
	s.nover++
}

// Update runs one frame: Step, then Update(dt) on every agent, in the
// order they were added.
func (s *Scheduler) Update(dt float64) {
	s.Step()
	for _, a := range s.agents {
		a.Update(dt)
	}
}
