package pddl

import (
	"context"
	"fmt"
)

// Limits bound the work and memory of grounding. A task beyond them is
// refused with a *LimitError rather than left to run for hours or exhaust
// memory: relaxed reachability keeps the standard benchmarks far below
// them (the hungriest here, miconic task16, tries fewer than 16,000
// bindings). A zero field takes its default.
type Limits struct {
	// MaxBindings is the most candidate bindings the grounder tries,
	// over all action schemas and rounds (DefaultMaxBindings).
	MaxBindings int
	// MaxGroundActions is the most ground actions a task may have
	// (DefaultMaxGroundActions).
	MaxGroundActions int
	// MaxAtoms is the most reachable fluent atoms, the task's facts
	// (DefaultMaxAtoms).
	MaxAtoms int
}

// Default grounding limits: about 10 million bindings take a few seconds;
// a million ground actions and two million atoms take about 3 GB once
// compiled (measured: 2.7 kB per ground action with its atom).
const (
	DefaultMaxBindings      = 10_000_000
	DefaultMaxGroundActions = 1_000_000
	DefaultMaxAtoms         = 2_000_000
)

// The former names of the defaults.
const (
	MaxBindings      = DefaultMaxBindings
	MaxGroundActions = DefaultMaxGroundActions
)

func (l Limits) withDefaults() Limits {
	if l.MaxBindings <= 0 {
		l.MaxBindings = DefaultMaxBindings
	}
	if l.MaxGroundActions <= 0 {
		l.MaxGroundActions = DefaultMaxGroundActions
	}
	if l.MaxAtoms <= 0 {
		l.MaxAtoms = DefaultMaxAtoms
	}
	return l
}

// LimitError reports a grounding stopped by one of its Limits, at the
// action schema it was working on.
type LimitError struct {
	// Err says where and what, positioned at the action schema.
	Err *Error
	// Limit names the limit: "bindings", "ground actions" or "atoms".
	Limit string
	// Max is the limit's value.
	Max int
}

func (e *LimitError) Error() string { return e.Err.Error() }

// Unwrap returns the positioned error, so errors.As finds an *Error too.
func (e *LimitError) Unwrap() error { return e.Err }

// pollEvery is how many bindings pass between two polls of the context.
const pollEvery = 1 << 12

// tick counts one candidate binding of s and reports whether grounding
// may go on: no limit reached and the context not done.
func (g *grounder) tick(s *schema) bool {
	if g.stop != nil {
		return false
	}
	g.work++
	if g.work > g.lim.MaxBindings {
		g.limitHit(s.a, "bindings", g.lim.MaxBindings, fmt.Sprintf("more than %d candidate bindings", g.lim.MaxBindings))
		return false
	}
	if g.work%pollEvery == 0 && g.done != nil {
		select {
		case <-g.done:
			g.stop = context.Cause(g.ctx)
			return false
		default:
		}
	}
	return true
}

// limitHit stops grounding with a LimitError at schema a.
func (g *grounder) limitHit(a *Action, limit string, max int, what string) {
	if g.stop != nil {
		return
	}
	g.stop = &LimitError{Limit: limit, Max: max, Err: &Error{File: g.d.File, Line: a.Line, Col: a.Col, Msg: fmt.Sprintf(
		"grounding stopped in action %s: %s; the task is too large to ground (too many objects for its %d parameters?)",
		a.Name, what, len(a.Params))}}
}

// estimate refuses, before any work, a schema whose bindings are a plain
// product that exceeds the binding limit: with no positive precondition
// to join on, every parameter ranges over all objects of its type.
func (g *grounder) estimate(s *schema) {
	if s.Joins() {
		return
	}
	n := 1.0
	for _, p := range s.a.Params {
		n *= float64(len(g.objectsOf(p.Type)))
	}
	if n > float64(g.lim.MaxBindings) {
		g.limitHit(s.a, "bindings", g.lim.MaxBindings, fmt.Sprintf("%s candidate bindings (%d parameters over their types' objects), more than %d",
			formatCount(n), len(s.a.Params), g.lim.MaxBindings))
	}
}

// formatCount writes a count that may exceed int64 readably.
func formatCount(n float64) string {
	if n < 1e15 {
		return fmt.Sprintf("%d", int64(n))
	}
	return fmt.Sprintf("%.3g", n)
}
