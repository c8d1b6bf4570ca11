package goapfile

import (
	"slices"

	"github.com/goap-go/goap/agent/simspec"
	"github.com/goap-go/goap/internal/suggest"
	"go.yaml.in/yaml/v3"
)

// This file reads `squads:` and the actions' `order:` (Pittman's command
// hierarchy; package agent/squad, through package agent/sim).

var (
	squadKeys = []string{"name", "commander", "members", "interrupt"}
	orderKeys = []string{"squad", "goal", "bias", "timeout", "members", "set"}
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
	}
}

// orders reads the actions' `order:`, once the squads are known.
func (p *parser) orders() {
	for _, a := range p.actions {
		if a.order == nil || p.skip(a.order) {
			continue
		}
		if !p.isMapping(a.order, "an order must be a mapping such as {squad: alpha, goal: StackUp, bias: 0.5}; got") {
			continue
		}
		fields, _ := p.mapping(a.order, "in order", orderKeys)
		var o simspec.OrderSpec
		var sq *simspec.SquadSpec
		for _, fd := range fields {
			switch fd.name {
			case "squad":
				name, ok := p.str(fd.val, "squad")
				if !ok {
					continue
				}
				o.Squad = name
				var names []string
				for i := range p.out.Squads {
					names = append(names, p.out.Squads[i].Name)
					if p.out.Squads[i].Name == name {
						sq = &p.out.Squads[i]
					}
				}
				if sq == nil {
					p.errorf(fd.val, "unknown squad %q in order%s", name, suggest.Hint(name, names))
				}
			case "goal":
				o.Goal, _ = p.knownName(fd.val, "order", "goal", p.goalNameList())
			case "bias":
				o.Bias, _ = p.number(fd.val, "bias", 0)
			case "timeout":
				o.Timeout, _ = p.number(fd.val, "timeout", 0)
			case "set":
				o.Set, _ = p.state(fd.val, "set")
			}
		}
		for _, fd := range fields {
			if fd.name != "members" || sq == nil {
				continue
			}
			members, ok := p.sequence(fd.val, "members")
			if !ok {
				continue
			}
			o.Members = []string{}
			for _, m := range members {
				if name, ok := p.str(m, "a member name"); ok {
					if !slices.Contains(sq.Members, name) {
						p.errorf(m, "%s is not a member of squad %s%s", name, sq.Name, suggest.Hint(name, sq.Members))
						continue
					}
					o.Members = append(o.Members, name)
				}
			}
		}
		if !hasKey(fields, "squad") {
			p.errorf(a.order, "order has no squad: say which squad it goes to")
		}
		if !hasKey(fields, "goal") {
			p.errorf(a.order, "order has no goal: say which goal of the members it recommends")
		}
		if p.out.Orders == nil {
			p.out.Orders = map[string]simspec.OrderSpec{}
		}
		p.out.Orders[a.name] = o
	}
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
