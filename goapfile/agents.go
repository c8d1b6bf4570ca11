package goapfile

import (
	"maps"
	"slices"
	"strings"

	"github.com/goap-go/goap/internal/names"

	"github.com/goap-go/goap/agent/simspec"
	"github.com/goap-go/goap/internal/suggest"
	"go.yaml.in/yaml/v3"
)

// This file reads `agents:` and `events:`, which describe a simulation
// (package agent/sim, goap sim), and an action's `travel:`.

// agentKeys are the keys of an agent, eventKeys of a scripted event.
var (
	agentKeys = []string{"name", "extends", "side", "at", "speed", "sight", "dies_when", "goals", "actions", "senses", "start", "fallback", "fallback_goal", "margin", "backoff", "budget", "stand_in", "validity_grace", "own", "on_orders", "obedient", "sensors", "costs"}
	eventKeys = []string{"tick", "set", "agent"}
)

// MaxAgentCells is the most agents times (actions + facts) a file may
// have. Agents share their domain's compiled form, but each holds its
// own beliefs and planner, about 12 bytes per action and fact: the cap
// keeps that near 600 MB (6,000 agents of a domain of 8,000 actions,
// 886 KB of YAML, took goap check out of memory).
const MaxAgentCells = 50_000_000

// agentList reads `agents:`. Goals, actions and facts must be known, so
// it runs after the domain's parts are read.
func (p *parser) agentList(n *yaml.Node) {
	items, ok := p.sequence(n, "agents")
	if !ok {
		return
	}
	if len(items) == 0 && !isNull(n) {
		p.errorf(n, "agents is empty: list at least one agent, or remove agents:")
		return
	}
	p.out.Agents = []simspec.Agent{}
	first := map[string]*yaml.Node{}
	size := len(p.spec.Actions) + len(p.known)
	for i, it := range items {
		if (i+1)*size > MaxAgentCells {
			p.errorf(it, "agent #%d is one too many: a domain of %d actions and %d facts may have at most %d agents in a file (agents times actions and facts at most %d), as each agent holds its own beliefs and planner; split the agents over files", i+1, len(p.spec.Actions), len(p.known), MaxAgentCells/max(size, 1), MaxAgentCells)
			return
		}
		a, ok := p.agent(withSelf(p.extend(it, nil)))
		if !ok {
			continue
		}
		if !p.unique(first, it, "agent name", a.Name) {
			continue
		}
		p.out.Agents = append(p.out.Agents, a)
	}
}

// agent reads one agent.
func (p *parser) agent(n *yaml.Node) (simspec.Agent, bool) {
	var a simspec.Agent
	if !p.isMapping(n, "an agent must be a mapping with name, goals and optionally actions, senses, start and fallback; got") {
		return a, false
	}
	fields, _ := p.mapping(n, "in agent", agentKeys)
	named := false
	var onOrders *yaml.Node
	for _, fd := range fields {
		switch fd.name {
		case "name":
			if a.Name, named = p.str(fd.val, "agent name"); named && a.Name == "world" {
				p.errorf(fd.val, "an agent may not be named \"world\": the name stands for the world in events")
				named = false
			} else if msg := names.Problem(a.Name); named && msg != "" {
				p.errorf(fd.val, "the agent's name %s", msg)
				named = false
			}
		case "goals":
			a.Goals = p.goalNames(fd.val, "goals")
			if a.Goals == nil {
				a.Goals = []string{}
			}
			if len(a.Goals) == 0 && len(fd.val.Content) == 0 && !p.skip(fd.val) {
				p.errorf(fd.val, "goals must name at least one goal; leave it out to pursue all of goals:")
			}
		case "actions":
			var nodes []*yaml.Node
			a.Actions, nodes = p.actionNames(fd.val, "actions")
			p.noRepeats(a.Actions, nodes, "actions")
			if a.Actions == nil {
				a.Actions = []string{}
			}
		case "senses":
			a.Senses = p.factNames(fd.val, "senses")
		case "side":
			a.Side, _ = p.str(fd.val, "side")
		case "at":
			a.At = p.agentCell(fd.val)
		case "sight":
			if v, ok := p.number(fd.val, "sight", 0); ok {
				if p.out.Map == nil {
					p.errorf(fd.val, "sight needs a map: the file has no map:")
				} else if v <= 0 {
					p.errorf(fd.val, "sight is a range in cells, above 0; got %v", v)
				} else {
					a.Sight = v
				}
			}
		case "speed":
			if v, ok := p.number(fd.val, "speed", 0); ok {
				if v <= 0 {
					p.errorf(fd.val, "speed is cells per tick, above 0; got %v", v)
				} else {
					a.Speed = v
				}
			}
		case "dies_when":
			if c, _, ok := p.conds(fd.val, "dies_when", true); ok && len(c) > 0 {
				a.DiesWhen = c
			} else if ok && !p.skip(fd.val) {
				p.errorf(fd.val, "dies_when must name at least one condition, such as {health: 0}")
			}
		case "start":
			a.Start, _ = p.state(fd.val, "start")
		case "fallback":
			a.Fallback, _ = p.knownName(fd.val, "fallback", "action", p.actionNameList())
		case "fallback_goal":
			a.FallbackGoal, _ = p.knownName(fd.val, "fallback_goal", "goal", p.goalNameList())
		case "margin":
			a.Margin, _ = p.number(fd.val, "margin", 0)
		case "backoff":
			if b, ok := p.number(fd.val, "backoff", 0); ok {
				if b == 0 {
					p.errorf(fd.val, "backoff must be more than 0 ticks, got 0")
				}
				a.Backoff = b
			}
		case "own":
			var keys map[string]*yaml.Node
			a.Own, keys = p.state(fd.val, "own")
			for _, name := range slices.Sorted(maps.Keys(keys)) {
				if !p.isAgentFact(name) {
					p.errorf(keys[name], "%s is a world fact: own sets an agent's own values of facts declared with scope: agent", name)
				}
			}
		case "on_orders":
			a.OnOrders = p.goalNames(fd.val, "on_orders")
			onOrders = fd.val
		case "sensors":
			a.Sensors = p.sensorList(fd.val)
		case "costs":
			fields, _ := p.mapping(fd.val, "in costs", nil)
			names := p.actionNameList()
			for _, c := range fields {
				if !slices.Contains(names, c.name) && !p.groundAction(c.key, c.name) {
					p.errorf(c.key, "unknown action %q in costs%s", c.name, suggest.Hint(c.name, names))
					continue
				}
				if v, ok := p.number(c.val, "cost", 0); ok {
					if a.Costs == nil {
						a.Costs = map[string]float64{}
					}
					a.Costs[c.name] = v
				}
			}
		case "obedient":
			a.Obedient, _ = p.boolean(fd.val, "obedient")
		case "validity_grace":
			a.ValidityGrace, _ = p.number(fd.val, "validity_grace", 0)
		case "stand_in":
			a.StandIn, _ = p.boolean(fd.val, "stand_in")
		case "budget":
			if b, ok := p.integer(fd.val, "budget"); ok {
				if b < 0 {
					p.errorf(fd.val, "budget must be at least 0, got %d", b)
				} else {
					a.Budget = b
				}
			}
		}
	}
	if !named {
		if !hasKey(fields, "name") {
			p.errorf(n, "agent has no name")
		}
		return a, false
	}
	for _, g := range a.OnOrders {
		if a.Goals != nil && !slices.Contains(a.Goals, g) {
			p.errorf(onOrders, "on_orders names %s, which is not one of the agent's goals: %s", g, strings.Join(a.Goals, ", "))
		}
	}
	if a.Goals == nil && len(p.goals) == 0 {
		p.errorf(n, "agent %s has no goals: add a goals: list to the file and name them in the agent's goals:", a.Name)
	}
	return a, true
}

// goalNames reads a list of names of the file's goals; unknown names are
// reported and left out.
func (p *parser) goalNames(n *yaml.Node, what string) []string {
	items, ok := p.sequence(n, what)
	if !ok {
		return nil
	}
	names := p.goalNameList()
	var out []string
	var nodes []*yaml.Node
	for _, it := range items {
		if name, ok := p.knownName(it, what, "goal", names); ok {
			out = append(out, name)
			nodes = append(nodes, it)
		}
	}
	p.noRepeats(out, nodes, what)
	return out
}

// knownName reads the name of a goal or action (kind) that must be one
// of names.
func (p *parser) knownName(n *yaml.Node, what, kind string, names []string) (string, bool) {
	article := "a "
	if kind == "action" {
		article = "an "
	}
	name, ok := p.str(n, article+kind+" name in "+what)
	if !ok {
		return "", false
	}
	if indexOf(names, name) >= 0 {
		return name, true
	}
	if len(names) == 0 {
		p.errorf(n, "unknown %s %q in %s: the file has no %ss: list", kind, name, what, kind)
	} else {
		p.errorf(n, "unknown %s %q in %s%s", kind, name, what, suggest.Hint(name, names))
	}
	return "", false
}

// goalNameList and actionNameList return the names of the file's goals and
// actions.
func (p *parser) goalNameList() []string {
	names := make([]string, len(p.goals))
	for i, g := range p.goals {
		names[i] = g.name
	}
	return names
}

func (p *parser) actionNameList() []string {
	names := make([]string, len(p.spec.Actions))
	for i, a := range p.spec.Actions {
		names[i] = a.Name
	}
	return names
}

// factNames reads a list of facts the domain knows. An empty list gives
// an empty, non-nil slice.
func (p *parser) factNames(n *yaml.Node, what string) []string {
	items, ok := p.sequence(n, what)
	if !ok {
		return nil
	}
	out := []string{}
	var nodes []*yaml.Node
	for _, it := range items {
		name, ok := p.str(it, "a fact name in "+what)
		if !ok {
			continue
		}
		if _, known := p.mentions[name]; !known {
			p.errorf(it, "unknown fact %q in %s%s", name, what, suggest.Hint(name, p.known))
			continue
		}
		out = append(out, name)
		nodes = append(nodes, it)
	}
	p.noRepeats(out, nodes, what)
	return out
}

// noRepeats reports names listed twice.
func (p *parser) noRepeats(names []string, nodes []*yaml.Node, what string) {
	seen := map[string]bool{}
	for i, name := range names {
		if seen[name] {
			p.errorf(nodes[i], "%s is listed twice in %s", name, what)
		}
		seen[name] = true
	}
}

// eventList reads a list of scripted events: `events:` of the file or of
// a test's `sim:`. It returns an empty, non-nil list for an empty one.
func (p *parser) eventList(n *yaml.Node, what string) []simspec.WorldChange {
	items, ok := p.sequence(n, what)
	if !ok {
		return nil
	}
	out := []simspec.WorldChange{}
	for _, it := range items {
		if !p.isMapping(it, "an event must be a mapping such as {tick: 5, set: {door_open: true}}; got") {
			continue
		}
		fields, _ := p.mapping(it, "in event", eventKeys)
		c := simspec.WorldChange{}
		hasTick, hasSet := false, false
		for _, fd := range fields {
			switch fd.name {
			case "tick":
				hasTick = true
				if t, ok := p.integer(fd.val, "tick"); ok {
					if t < 1 {
						p.errorf(fd.val, "tick must be at least 1 (the first tick), got %d", t)
					}
					c.Tick = t
				}
			case "agent":
				if name, ok := p.str(fd.val, "agent"); ok {
					c.Agent = name
					if !slices.ContainsFunc(p.out.Agents, func(a simspec.Agent) bool { return a.Name == name }) {
						names := []string{}
						for _, a := range p.out.Agents {
							names = append(names, a.Name)
						}
						p.errorf(fd.val, "unknown agent %q%s", name, suggest.Hint(name, names))
					}
				}
			case "set":
				hasSet = true
				c.Set, _ = p.state(fd.val, "set")
				if len(c.Set) == 0 && !p.skip(fd.val) && (isNull(fd.val) || fd.val.Kind == yaml.MappingNode && len(fd.val.Content) == 0) {
					p.errorf(fd.val, "set must name at least one fact")
				}
			}
		}
		if !hasTick {
			p.errorf(it, "event has no tick")
		}
		if !hasSet {
			p.errorf(it, "event has no set: say which facts change")
		}
		out = append(out, c)
	}
	return out
}

// travel reads an action's `travel:`.
func (p *parser) travel(n *yaml.Node) (int, bool) {
	t, ok := p.integer(n, "travel")
	if ok && t < 0 {
		p.errorf(n, "travel must be at least 0, got %d", t)
		return 0, false
	}
	return t, ok
}

// sensorList reads an agent's `sensors:`: [{name, facts, every, interrupt}].
func (p *parser) sensorList(n *yaml.Node) []simspec.SensorSpec {
	items, ok := p.sequence(n, "sensors")
	if !ok {
		return nil
	}
	out := []simspec.SensorSpec{}
	for _, it := range items {
		if !p.isMapping(it, "a sensor must be a mapping such as {facts: [enemy_visible], every: 5, interrupt: true}; got") {
			continue
		}
		fields, _ := p.mapping(it, "in sensor", []string{"name", "facts", "every", "interrupt"})
		var s simspec.SensorSpec
		for _, fd := range fields {
			switch fd.name {
			case "name":
				s.Name, _ = p.str(fd.val, "sensor name")
			case "facts":
				s.Facts = p.factNames(fd.val, "facts")
			case "every":
				s.Every, _ = p.number(fd.val, "every", 0)
			case "interrupt":
				s.Interrupt, _ = p.boolean(fd.val, "interrupt")
			}
		}
		if !hasKey(fields, "facts") {
			p.errorf(it, "sensor has no facts: say which facts it sees")
		}
		out = append(out, s)
	}
	return out
}
