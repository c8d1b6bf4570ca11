package goapfile

import (
	"math"
	"slices"
	"strings"

	"github.com/goap-go/goap/agent/simspec"
	"github.com/goap-go/goap/internal/suggest"
	"go.yaml.in/yaml/v3"
)

// This file reads `squads:` and the actions' `order:` and `orders:`
// (Pittman's command hierarchy; package agent/squad, through package
// agent/sim).

var (
	squadKeys = []string{"name", "commander", "members", "interrupt", "memory"}
	orderKeys = []string{"squad", "goal", "bias", "timeout", "members", "member", "set"}
)

// squadList reads `squads:`, after `agents:`.
func (p *parser) squadList(n *yaml.Node, key *yaml.Node) {
	items, ok := p.sequence(n, "squads")
	if !ok {
		return
	}
	if p.out.Agents == nil {
		p.errorf(key, "squads need agents: to command and to be their members")
		return
	}
	agents := p.agentNames()
	first := map[string]*yaml.Node{}
	var nodes []*yaml.Node // per squad of p.out.Squads
	for _, it := range items {
		if !p.isMapping(it, "a squad must be a mapping such as {name: alpha, commander: leader, members: [a, b]}; got") {
			continue
		}
		fields, _ := p.mapping(it, "in squad", squadKeys)
		var s simspec.SquadSpec
		for _, fd := range fields {
			switch fd.name {
			case "name":
				s.Name, _ = p.str(fd.val, "squad name")
			case "commander":
				if name, ok := p.str(fd.val, "commander"); ok {
					s.Commander = name
					p.knownAgent(fd.val, name, "commander", agents)
				}
			case "members":
				members, ok := p.sequence(fd.val, "members")
				if !ok {
					continue
				}
				var nodes []*yaml.Node
				for _, m := range members {
					if name, ok := p.str(m, "a member name"); ok && p.knownAgent(m, name, "members", agents) {
						s.Members = append(s.Members, name)
						nodes = append(nodes, m)
					}
				}
				p.noRepeats(s.Members, nodes, "members")
				if len(members) == 0 {
					p.errorf(fd.val, "members must name at least one agent")
				}
			case "interrupt":
				s.Interrupt, _ = p.boolean(fd.val, "interrupt")
			case "memory":
				if v, ok := p.number(fd.val, "memory", 0); ok {
					if v != math.Trunc(v) {
						p.errorf(fd.val, "memory must be a whole number of ticks (0 keeps a sighting until the agent seen dies); got %v", v)
					}
					s.Memory = v
				}
			}
		}
		switch {
		case !hasKey(fields, "name"):
			p.errorf(it, "squad has no name")
			continue
		case !hasKey(fields, "commander"):
			p.errorf(it, "squad %s has no commander", s.Name)
		case !hasKey(fields, "members"):
			p.errorf(it, "squad %s has no members", s.Name)
		case slices.Contains(s.Members, s.Commander):
			p.errorf(it, "squad %s: %s commands it and cannot be its member too", s.Name, s.Commander)
		}
		if !p.unique(first, it, "squad name", s.Name) {
			continue
		}
		p.out.Squads = append(p.out.Squads, s)
		nodes = append(nodes, it)
	}
	// Orders go down and reports come up: an agent that commands itself
	// through squads would wait on its own order (the sim refuses it).
	if cycle, k := simspec.CommandCycle(p.out.Squads); k >= 0 {
		p.errorf(nodes[k], "squads command each other: %s; a commander's orders would wait on itself", cycle)
	}
}

// orderNodes are where an order's parts are, to place errors.
type orderNodes struct {
	item, squad, goal, timeout *yaml.Node
	members                    []*yaml.Node // per name of OrderSpec.Members
	sq                         *simspec.SquadSpec
}

// orders reads the actions' `order:` and `orders:`, once the squads are
// known.
func (p *parser) orders() {
	for _, a := range p.actions {
		var items []*yaml.Node
		switch {
		case a.order != nil && a.orders != nil:
			p.errorf(a.ordersAt, "action %s has both order: and orders:; list every order it issues in orders:", a.name)
			continue
		case a.order != nil && !p.skip(a.order):
			items = []*yaml.Node{a.order}
		case a.orders != nil && !p.skip(a.orders):
			list, ok := p.sequence(a.orders, "orders")
			if !ok {
				continue
			}
			if len(list) == 0 {
				p.errorf(a.orders, "orders must list at least one order, such as {squad: alpha, member: u1, goal: StackUp, bias: 1}")
				continue
			}
			items = list
		default:
			continue
		}
		var specs []simspec.OrderSpec
		var at []orderNodes
		// A lifted action's orders may refer to its parameters: a
		// member ?u, a target value ?e (bound per ground action).
		p.cur = a.paramList
		for _, it := range items {
			if o, n, ok := p.order(it); ok {
				specs, at = append(specs, o), append(at, n)
			}
		}
		p.cur = nil
		if len(specs) != len(items) {
			continue // reported
		}
		p.orderSet(a, specs, at)
		if p.out.Orders == nil {
			p.out.Orders = map[string][]simspec.OrderSpec{}
		}
		p.out.Orders[a.name] = specs
	}
}

// order reads one order, of `order:` or an item of `orders:`.
func (p *parser) order(it *yaml.Node) (simspec.OrderSpec, orderNodes, bool) {
	var o simspec.OrderSpec
	at := orderNodes{item: it}
	if !p.isMapping(it, "an order must be a mapping such as {squad: alpha, goal: StackUp, bias: 0.5}; got") {
		return o, at, false
	}
	fields, _ := p.mapping(it, "in order", orderKeys)
	for _, fd := range fields {
		switch fd.name {
		case "squad":
			name, ok := p.str(fd.val, "squad")
			if !ok {
				continue
			}
			o.Squad, at.squad = name, fd.val
			var names []string
			for i := range p.out.Squads {
				names = append(names, p.out.Squads[i].Name)
				if p.out.Squads[i].Name == name {
					at.sq = &p.out.Squads[i]
				}
			}
			if at.sq == nil {
				p.errorf(fd.val, "unknown squad %q in order%s", name, suggest.Hint(name, names))
			}
		case "goal":
			o.Goal, _ = p.knownName(fd.val, "order", "goal", p.goalNameList())
			at.goal = fd.val
		case "bias":
			// Negative: a discouragement (Pittman 3.3).
			o.Bias, _ = p.number(fd.val, "bias", math.NaN())
		case "timeout":
			o.Timeout, _ = p.number(fd.val, "timeout", 0)
			at.timeout = fd.val
		case "set":
			o.Set, _ = p.state(fd.val, "set")
		}
	}
	if hasKey(fields, "member") && hasKey(fields, "members") {
		p.errorf(it, "order has both member: and members:; name one member, or list them")
	}
	for _, fd := range fields {
		if fd.name != "members" && fd.name != "member" || at.sq == nil {
			continue
		}
		members := []*yaml.Node{fd.val}
		if fd.name == "members" {
			var ok bool
			if members, ok = p.sequence(fd.val, "members"); !ok {
				continue
			}
		}
		o.Members = []string{}
		for _, m := range members {
			if name, ok := p.str(m, "a member name"); ok {
				if strings.HasPrefix(name, "?") && p.cur != nil {
					if p.memberParam(m, name, at.sq) {
						o.Members = append(o.Members, name)
						at.members = append(at.members, m)
					}
					continue
				}
				if !slices.Contains(at.sq.Members, name) {
					p.errorf(m, "%s is not a member of squad %s%s", name, at.sq.Name, suggest.Hint(name, at.sq.Members))
					continue
				}
				o.Members = append(o.Members, name)
				at.members = append(at.members, m)
			}
		}
	}
	if !hasKey(fields, "squad") {
		p.errorf(it, "order has no squad: say which squad it goes to")
	}
	if !hasKey(fields, "goal") {
		p.errorf(it, "order has no goal: say which goal of the members it recommends")
	}
	return o, at, true
}

// orderSet checks the orders of action a together: one squad, members
// that have the goal they are ordered, each once per goal, and something
// to wait for.
func (p *parser) orderSet(a *actionDecl, specs []simspec.OrderSpec, at []orderNodes) {
	type key struct{ member, goal string }
	first := map[key]*yaml.Node{}
	waits := false
	for k, o := range specs {
		n := &at[k]
		if k > 0 && n.sq != nil && at[0].sq != nil && n.sq != at[0].sq {
			p.errorf(n.squad, "the orders of %s go to squad %s and %s: an action orders one squad", a.name, at[0].sq.Name, n.sq.Name)
			continue
		}
		if o.Bias >= 0 {
			waits = true
		} else if n.timeout != nil {
			p.errorf(n.timeout, "a negative bias discourages %s and the action does not wait for it: timeout has nothing to time", o.Goal)
		}
		if n.sq == nil || o.Goal == "" {
			continue
		}
		members, nodes := o.Members, n.members
		if members == nil { // every member of the squad: placed at the goal
			members = n.sq.Members
			nodes = nil
		}
		for i, m := range members {
			place := n.goal
			if nodes != nil {
				place = nodes[i]
			}
			if strings.HasPrefix(m, "?") {
				continue // a parameter: checked per binding (memberParam)
			}
			if goals := p.agentGoals(m); !slices.Contains(goals, o.Goal) {
				p.errorf(place, "%s has no goal %s: an order biases a goal the member has%s; its goals: %s",
					m, o.Goal, suggest.Hint(o.Goal, goals), strings.Join(goals, ", "))
				continue
			}
			if prev, dup := first[key{m, o.Goal}]; dup {
				p.errorf(place, "%s is ordered %s twice in %s (first at line %d): each member once per goal", m, o.Goal, a.name, prev.Line)
				continue
			}
			first[key{m, o.Goal}] = place
		}
	}
	if !waits {
		where := a.order
		if where == nil {
			where = a.orders
		}
		p.errorf(where, "every order of %s has a negative bias: a discouragement holds while its action waits for others, and this one would end at once; add the order it accompanies", a.name)
	}
}

// agentGoals returns the goals of the agent named name: its goals:, or
// every goal of the file.
func (p *parser) agentGoals(name string) []string {
	for _, a := range p.out.Agents {
		if a.Name == name {
			if a.Goals != nil {
				return a.Goals
			}
			break
		}
	}
	return p.goalNameList()
}

// agentNames returns the names of the file's agents.
func (p *parser) agentNames() []string {
	var names []string
	for _, a := range p.out.Agents {
		names = append(names, a.Name)
	}
	return names
}

// knownAgent reports whether name is one of agents, and reports an error
// at n when it is not.
func (p *parser) knownAgent(n *yaml.Node, name, what string, agents []string) bool {
	if slices.Contains(agents, name) {
		return true
	}
	p.errorf(n, "unknown agent %q in %s%s", name, what, suggest.Hint(name, agents))
	return false
}
