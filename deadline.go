package goap

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
	left int   // units until the next poll
	hit  bool  // the context was found done, or a limit reached
	err  error // the limit reached (nil for the context: Plan knows it)
}

// start arms the meter for a call that ends when done is closed (nil:
// never).
func (m *workMeter) start(done <-chan struct{}) {
	m.done, m.left, m.hit, m.err = done, pollWork, false, nil
}

// charge records n units of work and reports whether the context is done.
func (m *workMeter) charge(n int) bool {
	if m.left -= n; m.left > 0 {
		return m.hit
	}
	m.left = pollWork
	if m.done != nil && !m.hit {
		select {
		case <-m.done:
			m.hit = true
		default:
		}
	}
	return m.hit
}
