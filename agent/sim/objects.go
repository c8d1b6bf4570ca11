package sim

import (
	"fmt"
	"slices"

	"github.com/goap-go/goap"
	"github.com/goap-go/goap/agent"
)

// Smart objects in use (Orkin): an action that uses an object
// (Config.Uses) holds it from the moment it starts (its walk there
// included) until it ends, however it ends; while one agent holds it, the
// same object's actions of any other agent fail at their start ("crate1
// is in use by u1"), and the agent plans again. The agent fact
// in_use(OBJECT), when the domain declares it (scope: agent), says to
// every other agent that somebody holds the object (the holder sees it
// free), so that plans can avoid objects in use (a precondition
// in_use(?c): false). An object
// used up or switched is an ordinary world fact (empty(?c), on(?c)) that
// actions' effects set.

// holding is the world's objects in use.
type holding struct {
	uses   []int    // per action: the object it uses, or -1
	names  []string // the objects used by some action
	holder []int    // per object: the agent holding it, or -1
	fact   []goap.FactID
}

// setupUses checks Config.Uses.
func (w *World) setupUses(cfg Config, bad func(string, ...any)) {
	h := &w.hold
	h.uses = make([]int, w.d.NumActions())
	for k := range h.uses {
		h.uses[k] = -1
	}
	for _, name := range sortedNames(cfg.Uses) {
		obj := cfg.Uses[name]
		ids := w.d.ActionsNamed(name)
		if ids == nil {
			bad("Uses: unknown action %q", name)
			continue
		}
		if obj == "" {
			bad("Uses: action %s uses no object", name)
			continue
		}
		o := slices.Index(h.names, obj)
		if o < 0 {
			o = len(h.names)
			h.names = append(h.names, obj)
			h.holder = append(h.holder, -1)
			id, ok := w.d.FactID("in_use(" + obj + ")")
			switch {
			case !ok:
				id = -1
			case !w.agentFact[id]:
				bad("Uses: in_use(%s) must be an agent fact: it is true for the agents other than the one using %s", obj, obj)
			case w.d.Fact(id).Kind != goap.BoolFact:
				bad("Uses: in_use(%s) must be a boolean", obj)
			}
			h.fact = append(h.fact, id)
		}
		for _, id := range ids {
			h.uses[id] = o
		}
	}
}

// claim takes the object that agent i's action a uses, and says false,
// with the reason, when another living agent holds it.
func (w *World) claim(i int, a goap.ActionID, c *agent.Call) bool {
	h := &w.hold
	o := h.uses[a]
	if o < 0 || h.holder[o] == i {
		return true
	}
	if j := h.holder[o]; j >= 0 && w.holds(j, o) {
		c.Reason = fmt.Sprintf("%s is in use by %s", h.names[o], w.names[j])
		return false
	}
	h.holder[o] = i
	w.setInUse(i, o, true)
	return true
}

// holds reports whether agent j still runs an action that uses object o:
// a hold outlives its action only when the action ended without a word
// to its behavior (a plan dropped between MoveTo and Perform).
func (w *World) holds(j, o int) bool {
	a, ok := w.agents[j].Action()
	return ok && !w.combat.dead[j] && w.hold.uses[a] == o
}

// sweep gives back the objects whose holders no longer use them, so that
// in_use(OBJECT) does not outlive the use.
func (w *World) sweep() {
	for o, j := range w.hold.holder {
		if j >= 0 && !w.holds(j, o) {
			w.hold.holder[o] = -1
			w.setInUse(j, o, false)
		}
	}
}

// release gives back the object agent i holds for action a.
func (w *World) release(i int, a goap.ActionID) {
	h := &w.hold
	if o := h.uses[a]; o >= 0 && h.holder[o] == i {
		h.holder[o] = -1
		w.setInUse(i, o, false)
	}
}

// releaseAll gives back every object dead agent i holds.
func (w *World) releaseAll(i int) {
	h := &w.hold
	for o, j := range h.holder {
		if j == i {
			h.holder[o] = -1
			w.setInUse(i, o, false)
		}
	}
}

// setInUse writes in_use(OBJECT), when declared, into every agent's own
// values: true for all but agent i when i takes object o, false for all
// when o is given back.
func (w *World) setInUse(i, o int, on bool) {
	f := w.hold.fact[o]
	if f < 0 {
		return
	}
	for k := range w.own {
		_ = w.own[k].Set(f, b2i(on && k != i))
	}
}

// holdWhileRunning wraps behavior b of action a, which uses an object:
// the object is claimed at the start and given back at the end.
func (w *World) holdWhileRunning(i int, a goap.ActionID, b agent.Behavior) agent.Behavior {
	if w.hold.uses[a] < 0 {
		return b
	}
	wrap := func(f agent.Handler, last bool) agent.Handler {
		return func(c *agent.Call) agent.Outcome {
			if !w.claim(i, c.Action, c) {
				return agent.Failure
			}
			out := f(c)
			if out == agent.Failure || last && out != agent.Continue {
				w.release(i, c.Action)
			}
			return out
		}
	}
	if b.MoveTo != nil {
		b.MoveTo = wrap(b.MoveTo, false)
	}
	b.Perform = wrap(b.Perform, true)
	abort := b.Abort
	b.Abort = func(c *agent.Call) {
		w.release(i, c.Action)
		if abort != nil {
			abort(c)
		}
	}
	return b
}
