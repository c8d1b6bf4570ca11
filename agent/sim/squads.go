package sim

import (
	"maps"
	"slices"

	"github.com/goap-go/goap"
	"github.com/goap-go/goap/agent"
	"github.com/goap-go/goap/agent/simspec"
	"github.com/goap-go/goap/agent/squad"
	"github.com/goap-go/goap/internal/echo"
)

// squadOf is a squad being built: its squad.Squad and its spec.
type squadOf struct {
	sq   *squad.Squad
	spec simspec.SquadSpec
}

// buildSquads makes the squads of cfg (members are filled in later, once
// the agents exist) and returns them by name.
func (w *World) buildSquads(cfg Config, bad func(string, ...any)) map[string]*squadOf {
	out := map[string]*squadOf{}
	agents := map[string]bool{}
	for _, a := range cfg.Agents {
		agents[a.Name] = true
	}
	for _, s := range cfg.Squads {
		switch {
		case s.Name == "":
			bad("a squad has no name")
			continue
		case out[s.Name] != nil:
			bad("two squads are named %q", s.Name)
			continue
		case !agents[s.Commander]:
			bad("squad %s: unknown commander %q", s.Name, s.Commander)
			continue
		}
		for _, m := range s.Members {
			if !agents[m] {
				bad("squad %s: unknown member %q", s.Name, m)
			}
		}
		if slices.Contains(s.Members, s.Commander) {
			bad("squad %s: %s commands it and cannot be its member too", s.Name, s.Commander)
		}
		out[s.Name] = &squadOf{sq: &squad.Squad{Name: s.Name, OnEvent: w.record}, spec: s}
	}
	if cycle, _ := simspec.CommandCycle(cfg.Squads); cycle != "" {
		bad("squads command each other: %s", cycle)
	}
	return out
}

// orderBehaviors returns the behaviors of the ordering actions that the
// agent named commander performs, by action name.
func (w *World) orderBehaviors(commander string, cfg Config, squads map[string]*squadOf, bad func(string, ...any)) map[string]agent.Behavior {
	out := map[string]agent.Behavior{}
	for _, action := range slices.Sorted(maps.Keys(cfg.Orders)) {
		specs := cfg.Orders[action]
		if len(specs) == 0 {
			continue
		}
		s := squads[specs[0].Squad]
		if s == nil || s.spec.Commander != commander {
			continue
		}
		id, ok := w.d.ActionID(action)
		if !ok {
			bad("order: unknown action %q", action)
			continue
		}
		orders, ok := w.orders(action, specs, s, cfg, bad)
		if !ok {
			continue
		}
		inner := s.sq.Behavior(orders...)
		commanderIndex := w.agentIndex(commander)
		out[action] = agent.Behavior{
			Perform: func(c *agent.Call) agent.Outcome {
				r := inner.Perform(c)
				if r == agent.Success {
					// The order is carried out: its effects, as any action's.
					view := w.viewOf(commanderIndex)
					if w.d.Apply(view, id) {
						for _, f := range w.writes[id] {
							if w.agentFact[f] {
								_ = w.own[commanderIndex].Set(f, view.Get(f))
							} else {
								_ = w.state.Set(f, view.Get(f))
							}
						}
					}
				}
				return r
			},
			Abort: inner.Abort,
		}
	}
	return out
}

// orders compiles the orders of action, which all go to squad s: members
// by index, targets, and checks that each member has the goal it is
// ordered and is ordered once per goal.
func (w *World) orders(action string, specs []simspec.OrderSpec, s *squadOf, cfg Config, bad func(string, ...any)) ([]squad.Order, bool) {
	ok := true
	fail := func(format string, args ...any) {
		bad("order %s: "+format, append([]any{action}, args...)...)
		ok = false
	}
	type key struct{ member, goal string }
	seen := map[key]bool{}
	var out []squad.Order
	for _, o := range specs {
		if o.Squad != s.spec.Name {
			fail("orders go to squads %s and %s: an action orders one squad", s.spec.Name, o.Squad)
			continue
		}
		order := squad.Order{Goal: o.Goal, Bias: o.Bias, Timeout: o.Timeout}
		members := o.Members
		if members == nil {
			members = s.spec.Members
		} else {
			order.Units = []int{}
		}
		for _, m := range members {
			i := slices.Index(s.spec.Members, m)
			if i < 0 {
				fail("%q is not a member of squad %s", m, o.Squad)
				continue
			}
			if !hasGoal(cfg, m, o.Goal, w.d) {
				fail("%s has no goal %q to order", m, o.Goal)
			}
			if seen[key{m, o.Goal}] {
				fail("%s is ordered %s twice", m, o.Goal)
			}
			seen[key{m, o.Goal}] = true
			if o.Members != nil {
				order.Units = append(order.Units, i)
			}
		}
		if len(o.Set) > 0 {
			set, err := w.orderTarget(o.Set)
			if err != nil {
				fail("%w", err)
				continue
			}
			order.Target = func(unit int, b *agent.Blackboard) {
				i := w.agentIndex(s.spec.Members[unit])
				for k, f := range set.facts {
					_ = b.Set(f, set.values[k])
					if w.agentFact[f] {
						_ = w.own[i].Set(f, set.values[k])
					}
				}
			}
		}
		out = append(out, order)
	}
	return out, ok
}

// hasGoal reports whether the agent named name has goal among its goals
// (all the domain's when its spec names none).
func hasGoal(cfg Config, name, goal string, d *goap.Domain) bool {
	k := slices.IndexFunc(cfg.Agents, func(a simspec.Agent) bool { return a.Name == name })
	if k < 0 {
		return false
	}
	if goals := cfg.Agents[k].Goals; goals != nil {
		return slices.Contains(goals, goal)
	}
	_, ok := d.Goal(goal)
	return ok
}

// target is an order's target, compiled.
type target struct {
	facts  []goap.FactID
	values []int
}

// orderTarget compiles an order's Set.
func (w *World) orderTarget(set map[string]any) (target, error) {
	s := w.d.NewState()
	var t target
	for _, name := range slices.Sorted(maps.Keys(set)) {
		id, ok := w.d.FactID(name)
		if !ok {
			return t, echo.Errorf("unknown fact %q in set", name)
		}
		if err := s.SetValue(name, set[name]); err != nil {
			return t, err
		}
		t.facts = append(t.facts, id)
		t.values = append(t.values, s.Get(id))
	}
	return t, nil
}

// agentIndex returns the index of the named agent, counting the agents
// of the config (the agents are built in that order).
func (w *World) agentIndex(name string) int {
	return slices.Index(w.names, name)
}

// fillSquads gives the squads their members, once the agents exist.
func (w *World) fillSquads(squads map[string]*squadOf) {
	for _, name := range slices.Sorted(maps.Keys(squads)) {
		s := squads[name]
		for _, m := range s.spec.Members {
			if i := w.agentIndex(m); i >= 0 && i < len(w.agents) {
				s.sq.Members = append(s.sq.Members, squad.Member{Unit: w.agents[i], Interrupt: s.spec.Interrupt})
			}
		}
	}
}
