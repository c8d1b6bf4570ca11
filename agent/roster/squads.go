package roster

import (
	"maps"
	"slices"

	"github.com/goap-go/goap"
	"github.com/goap-go/goap/agent"
	"github.com/goap-go/goap/agent/simspec"
	"github.com/goap-go/goap/agent/squad"
	"github.com/goap-go/goap/internal/echo"
)

// buildSquads checks the squads and makes them (members are added once
// the agents exist).
func (r *builder) buildSquads() {
	r.squads = map[string]*squadOf{}
	for _, s := range r.spec.Squads {
		if s.Name == "" {
			r.bad("a squad has no name")
			continue
		}
		if r.squads[s.Name] != nil {
			r.bad("two squads are named %q", s.Name)
			continue
		}
		if _, ok := r.index[s.Commander]; !ok {
			r.bad("squad %s: unknown commander %q", s.Name, s.Commander)
			continue
		}
		good := true
		for _, m := range s.Members {
			if _, ok := r.index[m]; !ok {
				r.bad("squad %s: unknown member %q", s.Name, m)
				good = false
			}
		}
		if slices.Contains(s.Members, s.Commander) {
			r.bad("squad %s: %s commands it and cannot be its member too", s.Name, s.Commander)
			good = false
		}
		if good {
			r.squads[s.Name] = &squadOf{sq: &squad.Squad{Name: s.Name, OnEvent: r.b.OnEvent}, spec: s}
		}
	}
	if cycle, _ := simspec.CommandCycle(r.spec.Squads); cycle != "" {
		r.bad("squads command each other: %s", cycle)
	}
	for _, action := range slices.Sorted(maps.Keys(r.spec.Orders)) {
		if r.d.ActionsNamed(action) == nil {
			r.bad("order: unknown action %q", action)
		}
	}
}

// orderBehaviors returns the behaviors of the ordering actions that unit
// commander (named name) performs, by action name.
func (r *builder) orderBehaviors(commander int, name string) map[string]agent.Behavior {
	out := map[string]agent.Behavior{}
	for _, action := range slices.Sorted(maps.Keys(r.spec.Orders)) {
		specs := r.spec.Orders[action]
		if len(specs) == 0 {
			continue
		}
		s := r.squads[specs[0].Squad]
		if s == nil || s.spec.Commander != name {
			continue
		}
		ids := r.d.ActionsNamed(action)
		if len(ids) != 1 {
			continue // reported by buildSquads, or a lifted name (goapfile binds each ground action)
		}
		orders, ok := r.orders(action, specs, s)
		if !ok {
			continue
		}
		inner := s.sq.Behavior(orders...)
		id := ids[0]
		out[action] = agent.Behavior{
			Perform: func(c *agent.Call) agent.Outcome {
				res := inner.Perform(c)
				if res == agent.Success && r.b.Ordered != nil {
					r.b.Ordered(commander, id) // the order is carried out: its effects are the game's
				}
				return res
			},
			Abort: inner.Abort,
		}
	}
	return out
}

// orders compiles the orders of action, which all go to squad s: members
// by index and targets, each member ordered a goal it has, once.
func (r *builder) orders(action string, specs []simspec.OrderSpec, s *squadOf) ([]squad.Order, bool) {
	ok := true
	fail := func(format string, args ...any) {
		r.bad("order %s: "+format, append([]any{action}, args...)...)
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
			if !r.hasGoal(m, o.Goal) {
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
			facts, values, err := r.target(o.Set)
			if err != nil {
				fail("%w", err)
				continue
			}
			order.Target = func(unit int, b *agent.Blackboard) {
				for k, f := range facts {
					_ = b.Set(f, values[k])
				}
				if r.b.Target != nil {
					r.b.Target(r.index[s.spec.Members[unit]], facts, values)
				}
			}
		}
		out = append(out, order)
	}
	return out, ok
}

// hasGoal reports whether the agent named name has goal among its goals
// (all the domain's when its spec names none).
func (r *builder) hasGoal(name, goal string) bool {
	i, ok := r.index[name]
	if !ok {
		return false
	}
	if goals := r.spec.Agents[i].Goals; goals != nil {
		return slices.Contains(goals, goal)
	}
	_, ok = r.d.Goal(goal)
	return ok
}

// target compiles an order's set:.
func (r *builder) target(set map[string]any) ([]goap.FactID, []int, error) {
	s := r.d.NewState()
	var facts []goap.FactID
	var values []int
	for _, name := range slices.Sorted(maps.Keys(set)) {
		id, ok := r.d.FactID(name)
		if !ok {
			return nil, nil, echo.Errorf("unknown fact %q in set", name)
		}
		if err := s.SetValue(name, set[name]); err != nil {
			return nil, nil, err
		}
		facts = append(facts, id)
		values = append(values, s.Get(id))
	}
	return facts, values, nil
}
