package goap

import (
	"errors"
	"fmt"
)

// What a plan call returns: its status, the plan or the progress, and an
// error for every outcome that is not a plan.

// Status is the outcome of a search.
type Status uint8

// Search outcomes.
const (
	// Running means Step used its budget and the search can go on.
	Running Status = iota
	// Found means Result.Plan is a cheapest plan (or, in a mode whose
	// name says so, a plan within the stated bound).
	Found
	// AlreadySatisfied means the start state meets the goal: the plan is
	// empty.
	AlreadySatisfied
	// NoPlan means the search space was exhausted: no plan exists.
	// Result.Why explains.
	NoPlan
	// LimitReached means the expansion limit or the context deadline
	// stopped the search first. Result.Partial holds the best progress.
	LimitReached
	// Failed means the plan call could not run: Result.Err says why and
	// matches ErrBadCost (a CostFunc returned a bad cost) or ErrBadCall
	// (a nil target, start and target of other domains, an Options value
	// out of range) with errors.Is. Result.Failure covers every status.
	Failed
)

func (s Status) String() string {
	switch s {
	case Running:
		return "running"
	case Found:
		return "found"
	case AlreadySatisfied:
		return "already satisfied"
	case NoPlan:
		return "no plan"
	case LimitReached:
		return "limit reached"
	case Failed:
		return "failed"
	}
	return fmt.Sprintf("Status(%d)", int(s))
}

// Result is what a plan call returns. Plan and Partial share memory with
// the Planner: they are valid until its next call. Copy them to keep them.
type Result struct {
	Status Status
	// Plan lists the actions to perform in order (Found, and empty for
	// AlreadySatisfied).
	Plan []ActionID
	// Cost is the plan's total cost.
	Cost float64
	// Expanded counts states taken from the open list and expanded;
	// Generated counts successor states produced.
	Expanded, Generated int
	// Direction is the direction actually searched.
	Direction Direction
	// Partial (LimitReached) is the best progress: the path to the open
	// node the search would have expanded next (least f, ties as the open
	// list breaks them). Forward, the actions leading from the start to
	// that state; backward, the final actions of that plan suffix.
	Partial []ActionID
	// why is the search that found no plan, for Why, while the planner's
	// epoch is still epoch.
	why   *search
	epoch uint64
	// Err is set for Failed and for LimitReached by a context.
	Err error
}

// errUnfinished is the cause Failure gives for a Search that is still
// Running: the budget given to Step so far is the limit.
var errUnfinished = errors.New("goap: the search has not finished (call Search.Step again)")

// limitError is Failure's error for LimitReached: ErrLimitReached, and
// the cause when one is known.
type limitError struct{ cause error }

func (e *limitError) Error() string {
	if e.cause == nil {
		return ErrLimitReached.Error() + " (Options.MaxExpansions)"
	}
	return e.cause.Error()
}
func (e *limitError) Is(target error) bool { return target == ErrLimitReached }
func (e *limitError) Unwrap() error        { return e.cause }

// Failure returns nil when r holds a plan (Found or AlreadySatisfied), and
// otherwise an error that errors.Is matches with ErrNoPlan, ErrLimitReached
// (with the cause, such as context.DeadlineExceeded or ErrMemoryLimit, when
// one is known), or, for Failed, ErrBadCall or ErrBadCost. It allocates
// only for LimitReached.
func (r *Result) Failure() error {
	switch r.Status {
	case Found, AlreadySatisfied:
		return nil
	case NoPlan:
		return ErrNoPlan
	case LimitReached:
		return &limitError{r.Err}
	case Running:
		return &limitError{errUnfinished}
	}
	if r.Err != nil {
		return r.Err
	}
	return ErrBadCall
}
