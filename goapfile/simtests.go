package goapfile

import (
	"maps"
	"slices"
	"strings"

	"github.com/goap-go/goap"
	"github.com/goap-go/goap/agent/simspec"
	"github.com/goap-go/goap/internal/suggest"
	"go.yaml.in/yaml/v3"
)

// This file reads and runs the tests that simulate the file's agents:
// tests with `sim:`.

// SimTest is what a test with `sim:` runs and expects: the file's agents
// simulated (package agent/sim; package filetest runs it) from the test's start for up to Ticks
// ticks, stopping early when the world is quiet.
type SimTest struct {
	// Ticks is the most ticks to run.
	Ticks int
	// Events are the scripted changes: the test's own `events:` under
	// `sim:`, or the file's.
	Events []simspec.WorldChange
	// Actions, when not nil, is the exact sequence of actions that must
	// succeed, over all agents, in the order they do (expect_actions).
	Actions []string
	// Expect lists events that must happen in this order, others allowed
	// in between (expect_events).
	Expect []simspec.Expectation
	// World, when not nil, holds conditions the world must meet at the
	// end (expect_world).
	World *goap.Target
	// Agents holds, by agent name, conditions on the agent's own values of
	// agent facts at the end (expect_agents).
	Agents map[string]*goap.Target

	// Seed seeds the run's chances (actions' chance:); 0 by default.
	Seed uint64
	// Winner, when not empty, is the side that must be the only one
	// with agents alive at the end, or "draw" (expect_winner).
	Winner string

	world  *goalRef
	agents map[string]*goalRef
}

// MaxSimTicks is the most ticks a test may simulate, and MaxSimWork the
// most agent-ticks (ticks times agents) all the sim tests of a file may
// simulate together, so that a test file cannot keep `goap test` busy
// for long: a file of fifty long tests of four agents took minutes and
// gigabytes (each test keeps its log for its expectations).
const (
	MaxSimTicks = 100000
	MaxSimWork  = 1000000
)

// simOnlyKeys are the test keys that only a sim test takes; planKeys
// those it does not take.
var (
	simOnlyKeys = []string{"expect_actions", "expect_events", "expect_world", "expect_agents", "expect_winner"}
	planKeys    = []string{"goal", "cost", "plan", "steps", "no_plan", "already_satisfied", "remove"}
	simKeys     = []string{"ticks", "events", "seed"}
)

// simTest reads the simulation parts of a test whose `sim:` is field f.
func (p *parser) simTest(t *testDecl, f field, byName map[string]field) {
	for _, k := range planKeys {
		if pf, ok := byName[k]; ok {
			p.errorf(pf.key, "%s does not apply to a sim test, which checks a simulation: use expect_actions, expect_events or expect_world", k)
		}
	}
	st := &SimTest{}
	t.sc.Sim = st
	if p.out.Agents == nil {
		p.errorf(f.key, "sim needs agents: in the file to simulate")
	}
	if !p.isMapping(f.val, "sim must be a mapping such as {ticks: 30}, got") {
		return
	}
	fields, _ := p.mapping(f.val, "in sim", simKeys)
	hasTicks := false
	for _, fd := range fields {
		switch fd.name {
		case "ticks":
			hasTicks = true
			if n, ok := p.integer(fd.val, "ticks"); ok {
				switch {
				case n < 1:
					p.errorf(fd.val, "ticks must be at least 1, got %d", n)
				case n > MaxSimTicks:
					p.errorf(fd.val, "ticks must be at most %d, got %d", MaxSimTicks, n)
				default:
					before := p.simWork
					p.simWork += n * max(len(p.out.Agents), 1)
					if before <= MaxSimWork && p.simWork > MaxSimWork {
						p.errorf(fd.val, "the sim tests up to here simulate %d agent-ticks (ticks times agents), more than %d for a file: shorten them or split the file", p.simWork, MaxSimWork)
					}
				}
				st.Ticks = n
			}
		case "events":
			st.Events = p.eventList(fd.val, "events")
		case "seed":
			if n, ok := p.integer(fd.val, "seed"); ok {
				if n < 0 {
					p.errorf(fd.val, "seed must be at least 0, got %d", n)
				}
				st.Seed = uint64(max(n, 0))
			}
		}
	}
	if !hasTicks {
		p.errorf(f.val, "sim has no ticks: say how many ticks to run at most, e.g. {ticks: 50}")
	}
	if af, ok := byName["expect_actions"]; ok {
		st.Actions, _ = p.actionNames(af.val, "expect_actions")
		if st.Actions == nil {
			st.Actions = []string{}
		}
	}
	if ef, ok := byName["expect_events"]; ok {
		p.expectEvents(st, ef.val)
	}
	if wf, ok := byName["expect_winner"]; ok {
		p.expectWinner(st, wf.val)
	}
	if wf, ok := byName["expect_world"]; ok && !isNull(wf.val) {
		c, keys, ok := p.conds(wf.val, "expect_world", true)
		if ok && len(c) == 0 {
			p.errorf(wf.val, "expect_world must name at least one condition")
		} else if ok {
			for name, k := range keys {
				if p.isAgentFact(name) {
					p.errorf(k, "%s is an agent fact: each agent has its own; check it with expect_agents: {AGENT: {%s: ...}}", name, name)
				}
			}
			st.world = &goalRef{conds: c, keys: keys, node: wf.val}
		}
	}
	if af, ok := byName["expect_agents"]; ok && !isNull(af.val) {
		fields, _ := p.mapping(af.val, "in expect_agents", nil)
		agents := []string{}
		for _, a := range p.out.Agents {
			agents = append(agents, a.Name)
		}
		st.agents = map[string]*goalRef{}
		for _, fd := range fields {
			if indexOf(agents, fd.name) < 0 {
				p.errorf(fd.key, "unknown agent %q in expect_agents%s", fd.name, suggest.Hint(fd.name, agents))
				continue
			}
			c, keys, ok := p.conds(fd.val, "expect_agents", true)
			if !ok {
				continue
			}
			for name, k := range keys {
				if !p.isAgentFact(name) {
					p.errorf(k, "%s is a world fact: check it with expect_world", name)
				}
			}
			st.agents[fd.name] = &goalRef{conds: c, keys: keys, node: fd.val}
		}
	}
}

// expectEvents reads `expect_events:`, a list of "[tick N] AGENT TYPE
// [NAME]" lines.
func (p *parser) expectEvents(st *SimTest, n *yaml.Node) {
	items, ok := p.sequence(n, "expect_events")
	if !ok {
		return
	}
	agents := []string{"world"}
	for _, a := range p.out.Agents {
		agents = append(agents, a.Name)
	}
	names := append(p.goalNameList(), p.actionNameList()...)
	for _, it := range items {
		s, ok := p.str(it, "an expected event")
		if !ok {
			continue
		}
		x, err := simspec.ParseExpectation(s)
		if err != nil {
			p.causedAt(pos(it), err.Error(), err)
			continue
		}
		if indexOf(agents, x.Agent) < 0 {
			p.errorf(it, "%q: unknown agent %q%s; the agents are %s", s, x.Agent, suggest.Hint(x.Agent, agents), strings.Join(agents, ", "))
			continue
		}
		if x.Name != "" && indexOf(names, x.Name) < 0 && !p.groundAction(it, x.Name) {
			p.errorf(it, "%q: %q is not a goal or action of the file%s", s, x.Name, suggest.Hint(x.Name, names))
			continue
		}
		st.Expect = append(st.Expect, x)
	}
}

// compileSim finishes a sim test once the domain is compiled.
func (p *parser) compileSim(t *testDecl) {
	st := t.sc.Sim
	if st.Events == nil {
		st.Events = p.out.Events
	}
	if st.world != nil {
		st.World = p.target(st.world, "expect_world")
	}
	for _, name := range slices.Sorted(maps.Keys(st.agents)) {
		if st.Agents == nil {
			st.Agents = map[string]*goap.Target{}
		}
		st.Agents[name] = p.target(st.agents[name], "expect_agents")
	}
}

// expectWinner reads expect_winner: a side of the file's agents, or
// "draw".
func (p *parser) expectWinner(st *SimTest, n *yaml.Node) {
	s, ok := p.str(n, "expect_winner")
	if !ok {
		return
	}
	sides := []string{"draw"}
	for _, a := range p.out.Agents {
		if a.Side != "" && !slices.Contains(sides, a.Side) {
			sides = append(sides, a.Side)
		}
	}
	if !slices.Contains(sides, s) {
		p.errorf(n, "expect_winner: %q is not a side of the file's agents, nor draw%s", s, suggest.Hint(s, sides))
		return
	}
	st.Winner = s
}

// fairness reads `turns:` (file or shuffled) and `swap_spawns:` (pairs
// of the map's points, traded on even seeds).
func (p *parser) fairness(top map[string]field) {
	if tf, ok := top["turns"]; ok {
		switch s, _ := p.str(tf.val, "turns"); s {
		case "shuffled":
			p.out.ShuffleTurns = true
		case "file", "":
		default:
			p.errorf(tf.val, "turns is file (agents act in file order, the default) or shuffled (in an order drawn from the seed each tick), got %q%s",
				s, suggest.Hint(s, []string{"file", "shuffled"}))
		}
	}
	sf, ok := top["swap_spawns"]
	if !ok {
		return
	}
	if p.out.Map == nil {
		p.errorf(sf.key, "swap_spawns trades points of the map: the file has no map:")
		return
	}
	items, _ := p.sequence(sf.val, "swap_spawns")
	seen := map[string]bool{}
	for _, it := range items {
		pair, ok := p.sequence(it, "a pair of points, such as [west1, east1],")
		if !ok {
			continue
		}
		if len(pair) != 2 {
			p.errorf(it, "swap_spawns takes pairs of points, such as [west1, east1]; got %d names", len(pair))
			continue
		}
		var names [2]string
		good := true
		for k, n := range pair {
			name, ok := p.str(n, "a point")
			switch {
			case !ok:
				good = false
			case seen[name]:
				p.errorf(n, "point %s is in two pairs of swap_spawns", name)
				good = false
			default:
				if _, isPoint := p.out.Map.Point(name); !isPoint {
					p.errorf(n, "swap_spawns: %q is not a point of the map%s", name, suggest.Hint(name, p.out.Map.Points()))
					good = false
				}
			}
			seen[name], names[k] = true, name
		}
		if good {
			p.out.SwapSpawns = append(p.out.SwapSpawns, names)
		}
	}
}
