package goap

import "time"

// A plan call's deadline is read by elapsed work, not by expansions: on a
// big domain one expansion with an expensive heuristic can take longer
// than any sensible deadline (an LM-cut estimate on an 8,000-action chain
// takes seconds), so the heuristics charge the work they do to the
// planner's meter, which polls the context once pollWork units have been
// spent. A unit is about one action or atom visited: a few nanoseconds.

// pollWork is how many units of work pass between two polls of the
// context: about 0.1 ms of heuristic work, against a poll that costs tens
// of nanoseconds.
const pollWork = 1 << 15

// workMeter counts the work of a plan call and polls the call's context
// when enough has been done. A search that sees hit set stops with
// LimitReached at its next expansion; a heuristic that sees it returns a
// lower bound at once (never +Inf, which would prove a dead end).
type workMeter struct {
	done <-chan struct{}
	// deadline, when set, is read against the clock at each poll: the
	// channel closes only once the runtime's timer goroutine runs, which
	// on a busy machine can be milliseconds late.
	deadline    time.Time
	hasDeadline bool
	left        int   // units until the next poll
	hit         bool  // the context was found done, or a limit reached
	spent       int64 // units charged since the planner was made (the portfolio shares turns by it)
	err         error // the limit reached (nil for the context: Plan knows it)
}

// start arms the meter for a call that ends when done is closed (nil:
// never) or at deadline (when has is set).
func (m *workMeter) start(done <-chan struct{}, deadline time.Time, has bool) {
	m.done, m.left, m.hit, m.err = done, pollWork, false, nil
	m.deadline, m.hasDeadline = deadline, has
}

// charge records n units of work and reports whether the context is done.
func (m *workMeter) charge(n int) bool {
	m.spent += int64(n)
	if m.left -= n; m.left > 0 {
		return m.hit
	}
	m.left = pollWork
	if m.done != nil && !m.hit {
		select {
		case <-m.done:
			m.hit = true
		default:
			m.hit = m.hasDeadline && !time.Now().Before(m.deadline)
		}
	}
	return m.hit
}
