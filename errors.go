package goap

import (
	"errors"
	"fmt"
)

// Errors of plan calls. A Failed result's Err matches one of the first
// three with errors.Is; Result.Failure gives an error for every outcome
// that is not a plan, so callers can test any of them the same way.
var (
	// ErrBadCall: the plan call cannot run as asked: a nil target, a
	// start state or target of another domain, options out of range, or
	// a direction that cannot handle the target.
	ErrBadCall = errors.New("goap: the plan call cannot run")
	// ErrBadCost: an Action.CostFunc returned a cost outside 0..MaxCost.
	ErrBadCost = errors.New("goap: an action's cost function returned a bad cost")
	// ErrNoPlan: no sequence of actions reaches the target (Result.Why
	// says why).
	ErrNoPlan = errors.New("goap: no plan reaches the target")
	// ErrLimitReached: a limit stopped the search before it finished:
	// Options.MaxExpansions, Options.MaxMemory (ErrMemoryLimit too) or
	// the context (context.DeadlineExceeded or context.Canceled too).
	ErrLimitReached = errors.New("goap: a limit stopped the search")
)

// callError is an error of a kind above with its own message.
type callError struct {
	kind error
	msg  string
}

func (e *callError) Error() string        { return e.msg }
func (e *callError) Is(target error) bool { return target == e.kind }

func badCall(format string, args ...any) error {
	return &callError{ErrBadCall, fmt.Sprintf(format, args...)}
}

// checkCall checks that a plan call's start and target belong to d.
func checkCall(d *Domain, start State, t *Target) error {
	switch {
	case t == nil:
		return badCall("goap: the target is nil (Domain.Goal reports whether it found the goal: check its second result)")
	case start.d == nil:
		return badCall("goap: the start state is the zero State; make one with Domain.State or Domain.NewState")
	case start.d != d || t.d != d:
		return badCall("goap: the start state and the target must belong to the planner's domain")
	}
	return nil
}
