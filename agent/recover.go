package agent

import "fmt"

// The agent calls user code: handlers, Abort, sensors, and goals' Valid
// and Relevancy functions. By default a panic there propagates out of
// Update, as panics do in Go. With Config.RecoverPanics the agent
// recovers it instead and goes on as if the callback had failed, and
// reports it as an event:
//
//   - a handler (MoveTo, Perform): the action fails (ActionFailed, whose
//     reason holds the panic value) and is banned for a back-off;
//   - Abort: the action is abandoned all the same (CallbackPanicked);
//   - a sensor: it wrote what it wrote before it panicked and does not
//     interrupt (CallbackPanicked, Reason naming the sensor);
//   - a goal's Valid or Relevancy: the goal counts as invalid until its
//     next evaluation (CallbackPanicked, Goal set).

// handle calls h with s, turning a panic into Failure with the panic
// value in s.Reason when the agent recovers panics.
func (a *Agent) handle(h Handler, s *Call) (st Outcome) {
	if a.cfg.recoverPanics {
		defer func() {
			if r := recover(); r != nil {
				state := "Perform"
				if s.Moving {
					state = "MoveTo"
				}
				st, s.Reason = Failure, fmt.Sprintf("the %s handler panicked: %v", state, r)
			}
		}()
	}
	return h(s)
}

// abort calls the Abort of the running action, if it has one.
func (a *Agent) abort(goal string) {
	f := a.tables.behavior(a.run.plan[a.run.step]).Abort
	if f == nil {
		return
	}
	if a.cfg.recoverPanics {
		defer func() {
			if r := recover(); r != nil {
				a.emit(EventCallbackPanicked, goal, a.act.call.Name, nil, fmt.Sprintf("Abort panicked: %v", r))
			}
		}()
	}
	f(&a.act.call)
}

// senseOne runs sensor s and reports whether it asks to interrupt.
func (a *Agent) senseOne(s *sensorSlot) (interrupt bool) {
	if a.cfg.recoverPanics {
		defer func() {
			if r := recover(); r != nil {
				interrupt = false
				a.emit(EventCallbackPanicked, "", "", nil, fmt.Sprintf("sensor %q panicked: %v", s.Name, r))
			}
		}()
	}
	return s.Sense(a.bb)
}

// judge calls goal g's Valid and Relevancy and returns its validity and
// score; a panic, recovered, makes the goal invalid.
func (a *Agent) judge(g *goalSlot) (valid bool, score float64) {
	if a.cfg.recoverPanics {
		defer func() {
			if r := recover(); r != nil {
				valid = false
				a.emit(EventCallbackPanicked, g.name, "", nil, fmt.Sprintf("the goal's Valid or Relevancy panicked: %v", r))
			}
		}()
	}
	valid = g.Valid == nil || g.Valid(a.bb)
	score = g.Priority
	switch {
	case g.Relevancy != nil:
		// Not squeezed into 0..1: procedural priorities such as 150 and
		// 50 (the zombie article's) compare as they are.
		score = g.Relevancy(a.bb)
	case len(g.Rules) > 0:
		score, g.rule = 0, -1
		for k := range g.Rules {
			if r := &g.Rules[k]; r.When == nil || a.bb.state.Satisfies(r.When) {
				score, g.rule = r.Score, k
				break
			}
		}
	}
	if g.scored() && !(score > 0) {
		score = 0 // negative or NaN: not relevant
	}
	return valid, score
}
