package goap

import (
	"context"
	"errors"
	"time"
)

// Plan searches for a cheapest plan from start to t, honouring ctx's
// deadline or cancellation and Options.MaxExpansions. The context is
// polled by elapsed work, heuristic setup and evaluation included, so a
// deadline holds even where one expansion is expensive; a context that is
// already done returns LimitReached at once. A nil ctx is a bad call
// (Failed, ErrBadCall), as in the standard library: use
// context.Background() for no limit.
func (p *Planner) Plan(ctx context.Context, start State, t *Target) (r Result) {
	p.enter()
	defer p.leave()
	if ctx == nil {
		r.Status, r.Err = Failed, badCall("goap: Plan: nil context (use context.Background() for no deadline)")
		return r
	}
	if err := ctx.Err(); err != nil {
		r.Status, r.Err = LimitReached, err
		return r
	}
	p.epoch++ // a Search handle from an earlier Start is stale now
	dl, has := ctx.Deadline()
	p.meter.start(ctx.Done(), dl, has)
	if p.Options.MemoryBounded {
		return p.planMemoryBounded(ctx, start, t)
	}
	return p.planAStar(ctx, start, t)
}

// planMemoryBounded runs a MemoryBounded plan call: A* first, within the
// memory IDA*'s transposition table may take, and IDA* only when A* does
// not fit in it. IDA* expands states again in every iteration, so where
// A* fits it is orders of magnitude slower (13 s against 11 ms to prove
// a small task unsolvable); within the same memory A* loses nothing.
func (p *Planner) planMemoryBounded(ctx context.Context, start State, t *Target) (r Result) {
	if p.Options.Direction == Backward {
		r.Status, r.Err = Failed, badCall("goap: MemoryBounded search runs forward; Direction must be Auto or Forward")
		return r
	}
	if p.tune.idaOnly {
		return p.planIDAOnly(ctx, start, t, 0, 0)
	}
	opts := p.Options
	p.Options.MemoryBounded, p.Options.SuboptimalWeight = false, 0
	p.Options.MaxMemory = idaBudget(opts.MaxMemory)
	r = p.planAStar(ctx, start, t)
	p.Options = opts
	var full *MemoryLimitError
	if r.Status != LimitReached || !errors.As(r.Err, &full) {
		return r
	}
	dl, has := ctx.Deadline()
	p.meter.start(ctx.Done(), dl, has)
	if p.Options.MaxExpansions > 0 {
		p.Options.MaxExpansions = max(p.Options.MaxExpansions-r.Expanded, 1)
		defer func() { p.Options.MaxExpansions = opts.MaxExpansions }()
	}
	return p.planIDAOnly(ctx, start, t, r.Expanded, r.Generated)
}

// planIDAOnly runs IDA* with the meter started, counting expanded and
// generated states of an earlier attempt in its result.
func (p *Planner) planIDAOnly(ctx context.Context, start State, t *Target, expanded, generated int) (r Result) {
	p.planIDA(start, t, &r)
	if r.Status == LimitReached && r.Err == nil && p.meter.hit {
		r.Err = contextErr(ctx)
	}
	p.meter.start(nil, time.Time{}, false)
	r.Expanded += expanded
	r.Generated += generated
	return r
}

// planAStar runs a plan call with A* (the portfolio under Auto).
func (p *Planner) planAStar(ctx context.Context, start State, t *Target) (r Result) {
	s := &p.s
	s.reset(start, t)
	for {
		st := s.step(planSlice)
		if st == Running && (p.meter.charge(pollWork) || p.checkMemory()) && !s.dropOutOfMemory() {
			s.stop(LimitReached, p.meter.err)
			st = LimitReached
		}
		if st != Running {
			s.fill(&r)
			// The member of a portfolio or part that stopped gives the
			// result; whichever it was, a deadline is named as one.
			if r.Status == LimitReached && r.Err == nil && p.meter.hit {
				r.Err = contextErr(ctx)
			}
			p.meter.start(nil, time.Time{}, false)
			return r
		}
	}
}

// planSlice is how many states Plan expands between two polls of its
// context and memory: a fraction of a millisecond even where expansions
// cost microseconds (the heuristics poll within, by work).
const planSlice = 64

// contextErr is ctx's error once the meter found it done: the meter may
// read the deadline off the clock before ctx's timer has fired.
func contextErr(ctx context.Context) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	return context.DeadlineExceeded
}

// Start begins a search that the caller advances with Step, for instance a
// few hundred expansions per frame. The search uses the planner's memory:
// starting another search (or calling Plan) ends it, and the old Search
// then panics when used.
func (p *Planner) Start(start State, t *Target) Search {
	p.enter()
	defer p.leave()
	p.epoch++
	p.meter.start(nil, time.Time{}, false)
	p.s.reset(start, t)
	return Search{s: &p.s, epoch: p.epoch}
}

// Search is a search in progress, advanced with Step. It is a small value
// (copy it freely) that refers to its Planner's memory: it is valid until
// the planner's next Start or Plan call, after which its methods panic
// rather than report on the newer search. The zero Search is not valid.
type Search struct {
	s     *search
	epoch uint64
}

// live returns the search h refers to, or panics if h is stale or zero.
func (h Search) live() *search {
	switch {
	case h.s == nil:
		panic("goap: use of a zero Search; get one from Planner.Start")
	case h.s.p.epoch != h.epoch:
		panic("goap: use of a Search after its Planner started another search (Start or Plan): each Planner runs one search at a time")
	}
	return h.s
}

// Valid reports whether h refers to the search its planner is running:
// false for the zero Search and after the planner's next Start or Plan.
func (h Search) Valid() bool { return h.s != nil && h.s.p.epoch == h.epoch }

// Step expands up to budget states and returns Running if the search
// should go on, or its final status.
func (h Search) Step(budget int) Status {
	s := h.live()
	s.p.enter()
	defer s.p.leave()
	if st := s.step(budget); st != Running || !s.p.checkMemory() || s.dropOutOfMemory() {
		return st
	}
	s.stop(LimitReached, s.p.meter.err)
	return s.status
}

// Status returns the search's current status.
func (h Search) Status() Status { return h.live().status }

// Result returns the outcome so far. For a Running search it carries the
// counters and partial progress.
func (h Search) Result() Result {
	s := h.live()
	s.p.enter()
	defer s.p.leave()
	return s.result()
}

// Tree returns the nodes searched so far, in the order they were
// generated. In an Auto search it is the tree of the direction that
// finished first (forward while neither has). It allocates; it is meant
// for debugging, not for the frame loop.
func (h Search) Tree() []TreeNode { return h.live().tree(nil) }

// TreeInto is Tree in dst's memory: it returns the nodes in dst[:0],
// grown as needed, and reuses the states of dst's elements up to its
// capacity, so a caller that passes back the slice it got last time
// allocates nothing once it is as big as the trees it reads (forward
// search; a backward node's Subgoal is a new string). The nodes returned
// share their states' memory with dst: they are valid until the next
// call given the same memory. O(nodes x state words).
func (h Search) TreeInto(dst []TreeNode) []TreeNode { return h.live().tree(dst) }

// Direction returns the direction being searched (in an Auto search,
// the direction that finished first, or Forward while neither has).
func (h Search) Direction() Direction { return h.live().direction() }

// enter marks the planner busy for the length of a call, and panics if it
// already is: two goroutines sharing a Planner (or a hook calling its own
// planner) would corrupt each other's search and return wrong plans.
// Like the runtime's check of concurrent map writes, it catches the
// mistake when the calls overlap; one atomic operation per call.
func (p *Planner) enter() {
	if !p.busy.CompareAndSwap(false, true) {
		panic("goap: concurrent use of a Planner: it was called while another call on it was running (from another goroutine, or from a CostFunc or Check of its own plan call); give each goroutine its own Planner (a Domain can be shared)")
	}
}

// leave ends the call enter began.
func (p *Planner) leave() { p.busy.Store(false) }
