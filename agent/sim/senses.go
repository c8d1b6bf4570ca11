package sim

import (
	"fmt"
	"strings"

	"github.com/goap-go/goap"
	"github.com/goap-go/goap/agent"
)

// viewOf returns the world as agent i finds it: the world's facts, and
// its own values of agent facts. The state is scratch, valid until the
// next call.
func (w *World) viewOf(i int) goap.State {
	w.view.CopyFrom(w.state)
	for _, f := range w.agentFacts {
		_ = w.view.Set(f, w.own[i].Get(f))
	}
	return w.view
}

// valueFor returns fact f's value as agent i finds it.
func (w *World) valueFor(i int, f goap.FactID) int {
	if w.agentFact[f] {
		return w.own[i].Get(f)
	}
	return w.state.Get(f)
}

// eyes returns agent i's sensor, which copies the given facts from the
// world (its own values of agent facts).
func (w *World) eyes(i int, facts []goap.FactID) func(b *agent.Blackboard) bool {
	return func(b *agent.Blackboard) bool {
		for _, f := range facts {
			_ = b.Set(f, w.valueFor(i, f)) // a value of the world is in bounds
		}
		return false
	}
}

// sensor returns a sensor of agent i that copies facts from the world
// (its own values of agent facts) and, with interrupt, interrupts the
// agent when one of them changed in its belief.
func (w *World) sensor(i int, facts []goap.FactID, interrupt bool) func(b *agent.Blackboard) bool {
	return func(b *agent.Blackboard) bool {
		changed := false
		for _, f := range facts {
			v := w.valueFor(i, f)
			if b.Get(f) != v {
				changed = true
				_ = b.Set(f, v) // a value of the world is in bounds
			}
		}
		return interrupt && changed
	}
}

// look writes the facts action id reads, as agent i finds them, to its
// blackboard: what the agent sees at the action's target.
func (w *World) look(i int, s *agent.Call) {
	b := s.Agent.Blackboard()
	for _, f := range w.d.ActionReads(s.Action) {
		_ = b.Set(f, w.valueFor(i, f))
	}
}

// moveTo takes the action's travel ticks, then looks around.
func (w *World) moveTo(i int, s *agent.Call) agent.Outcome {
	if s.Frame+1 < w.travel[s.Action] {
		return agent.Continue
	}
	w.look(i, s)
	return agent.Success
}

// perform takes the action's duration, then applies its effects if its
// preconditions hold where agent i is (the world and its own facts), and
// fails otherwise. Effects on agent facts land in its own values.
func (w *World) perform(i int, s *agent.Call) agent.Outcome {
	if s.Frame+1 < w.duration[s.Action] {
		return agent.Continue
	}
	if w.missed(i, s.Action) {
		s.Reason = fmt.Sprintf("missed (chance %v)", w.combat.chance[s.Action])
		return agent.Failure
	}
	if w.cfg.OnChange != nil {
		w.before = w.before[:0]
		for _, f := range w.writes[s.Action] {
			w.before = append(w.before, w.state.Get(f))
		}
	}
	if len(w.agentFacts) == 0 {
		if w.d.Apply(w.state, s.Action) {
			w.changed(i, s.Action)
			return agent.Success
		}
	} else if view := w.viewOf(i); w.d.Apply(view, s.Action) {
		for _, f := range w.writes[s.Action] {
			if w.agentFact[f] {
				_ = w.own[i].Set(f, view.Get(f))
			} else {
				_ = w.state.Set(f, view.Get(f))
			}
		}
		w.changed(i, s.Action)
		return agent.Success
	}
	s.Reason = w.whyNot(i, s)
	w.look(i, s)
	return agent.Failure
}

// changed tells Config.OnChange the world facts that agent i's action a
// changed (w.before holds their values before).
func (w *World) changed(i int, a goap.ActionID) {
	w.combat.dirty = true // somebody may have died of it
	if w.cfg.OnChange == nil {
		return
	}
	c := &w.change
	c.Facts, c.Values = c.Facts[:0], c.Values[:0]
	for k, f := range w.writes[a] {
		if v := w.state.Get(f); !w.agentFact[f] && v != w.before[k] {
			c.Facts = append(c.Facts, f)
			c.Values = append(c.Values, v)
		}
	}
	if len(c.Facts) == 0 {
		return
	}
	c.Tick, c.By, c.Action, c.Text, c.Owner = w.tick, w.names[i], w.d.ActionName(a), "", ""
	w.cfg.OnChange(*c)
}

// whyNot lists the facts action s.Action reads on which what agent i
// finds and its belief differ.
func (w *World) whyNot(i int, s *agent.Call) string {
	belief := s.Agent.Blackboard().State()
	view := w.viewOf(i)
	var diffs []string
	for _, f := range w.d.ActionReads(s.Action) {
		if belief.Get(f) != view.Get(f) {
			name := w.d.Fact(f).Name
			v, _ := view.Value(name)
			diffs = append(diffs, fmt.Sprintf("%s is %v", name, v))
		}
	}
	if len(diffs) == 0 {
		return "its preconditions do not hold in the world"
	}
	return "in the world " + strings.Join(diffs, ", ")
}
