// Package sim runs agents in a small built-in world, tick by tick, for
// designers to try a domain out (goap sim) and for tests to pin down how
// agents behave.
//
// The world is one goap.State of the domain: the truth. Each tick
//
//  1. the scripted changes due at this tick are applied to the world;
//  2. every agent, in order, updates with dt = 1: its sensor copies the
//     facts it senses (all of them unless Agent.Senses says otherwise)
//     from the world to its blackboard, it reconsiders and plans, and it
//     works on its current action.
//
// An action first takes Travel ticks to reach its target (Orkin's MoveTo
// state; none by default). On arrival the agent sees the facts the action
// reads as they are in the world, and checks the action's preconditions
// against what it now believes. Then the action takes Duration ticks
// (at least one). At the end, if its preconditions hold in the world, its
// effects are applied to the world and it succeeds; otherwise it fails,
// and the agent sees the facts it reads as they really are.
//
// Facts are world facts, one value shared by all (a door, the time of
// day), or agent facts (Config.AgentFacts), of which each agent has its
// own value: its position, health, ammo, its current order. An agent
// senses the world's facts and its own agent facts, never another
// agent's; its actions read and write the same (their effects on agent
// facts land in its own values, the others in the world's). Beliefs are
// always per agent.
//
// A run is deterministic: the same Config gives the same events.
package sim

import (
	"errors"
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"

	"github.com/goap-go/goap"
	"github.com/goap-go/goap/agent"
	"github.com/goap-go/goap/agent/roster"
	"github.com/goap-go/goap/agent/simspec"
	"github.com/goap-go/goap/internal/echo"
	"github.com/goap-go/goap/space"
)

// DefaultBackoff is the back-off, in ticks, of agents that set none.
const DefaultBackoff = 10

// Config describes a simulation.
type Config struct {
	// Domain holds the facts and actions.
	Domain *goap.Domain
	// Start is the world's state at the start (copied); the zero State
	// means every fact at its default.
	Start goap.State
	// Duration and Travel give, by action name, the ticks an action takes
	// to perform (default 1; 0 counts as 1) and to reach its target first
	// (default 0).
	Duration, Travel map[string]int
	// Timeout and Backoff give, by action name, the ticks after which an
	// action still under way fails (agent.Behavior.Timeout) and how long a
	// failed action is left out of plans (agent.Behavior.Backoff).
	Timeout, Backoff map[string]float64
	// Agents act in this order within each tick (unless ShuffleTurns).
	Agents []simspec.Agent
	// ShuffleTurns makes the agents act each tick in an order drawn from
	// Seed, so that no agent acts first because of its place in Agents.
	ShuffleTurns bool
	// SwapSpawns names pairs of the Map's points that trade places on
	// even seeds: an agent placed at one starts at the other, and its
	// Own and Start values that name one name the other (see fair.go).
	SwapSpawns [][2]string
	// AgentFacts names the facts each agent has its own value of (see the
	// package documentation); the others are world facts.
	AgentFacts []string
	// Squads group agents under commanders, and Orders makes actions of
	// the commanders ordering actions, by action name: the orders each
	// issues at once (see simspec.OrderSpec). No agent may command itself
	// through squads (a commands b, b commands a): an order would wait
	// on its own commander.
	Squads []simspec.SquadSpec
	Orders map[string][]simspec.OrderSpec
	// GoalRules give goals, by name, a validity condition and a relevancy
	// computed from the agent's belief (for every agent that has the
	// goal).
	GoalRules map[string]simspec.GoalRule
	// Changes are applied at their ticks.
	Changes []simspec.WorldChange
	// Options tune every agent's planner.
	Options goap.Options
	// OnEvent, when set, receives every event as it happens, besides the
	// world's log.
	OnEvent func(agent.Event)
	// OnChange, when set, is called with every change of the world's
	// facts: each scripted change, and the effects of each action on
	// world facts (not on the agent's own agent facts, which its belief
	// shows).
	OnChange func(Change)
	// Chance gives, by action name (a lifted action's name stands for
	// its bindings), the probability that the action's effects apply
	// when it is done (a shot that may miss): otherwise the action fails
	// ("missed") and is left out of plans for its back-off (1 tick
	// unless Backoff says otherwise). Draws come from a generator per
	// agent, seeded with Seed and the agent's place, so the same Config
	// gives the same run.
	Chance map[string]float64
	Seed   uint64
	// Map, when set, is the world's map: agents stand on its cells
	// (simspec.Agent.At, Speed), and an action with a place (Places, by
	// action name: the cell where it is performed) first takes the agent
	// there along a path. Doors follow the world's facts open(NAME) and
	// locked(NAME). The world works on its own copy of Map.
	Map    *space.Grid
	Places map[string][2]int
	// Uses gives, by action name (a lifted name stands for its bindings),
	// the object the action uses (see Smart objects in use, in objects.go's
	// documentation): one agent at a time holds it, from the action's
	// start to its end.
	Uses map[string]string
	// AgentsBlock makes each living agent on the map stand in the way of
	// the others: paths go around it, and one walking toward it stops
	// until the way is free or a way around is found. An agent whose place
	// is taken, or cannot be reached, walks as near as it can, and its
	// action fails there.
	AgentsBlock bool
	// DiscardLog makes the world keep no log: events reach OnEvent only,
	// and Events and Finished return nil. A long run then takes memory
	// that does not grow with its ticks (goap sim streams its output so).
	DiscardLog bool
}

// Change is a change of the world's facts (Config.OnChange). Its slices
// are valid during the call only.
type Change struct {
	Tick int
	// By is "world" for a scripted change, else the agent whose action
	// (Action) had these effects.
	By, Action string
	// Text is a scripted change's words, as its world_changed event
	// says them.
	Text string
	// Owner is the agent whose agent facts a scripted change set ("" for
	// world facts).
	Owner string
	// Facts changed, and their new values (goap.State.Get's).
	Facts  []goap.FactID
	Values []int
}

// World is a running simulation.
type World struct {
	d        *goap.Domain
	state    goap.State
	tick     int
	agents   []*agent.Agent
	duration []int // per action
	travel   []int
	changes  []change // sorted by tick
	next     int      // the first change not applied yet
	log      agent.Log
	keepLog  bool
	onEvent  func(agent.Event)
	// Agent facts: which facts (per FactID), their list, each agent's
	// own values (by agent index), each action's written facts, and a
	// scratch state for an agent's view of the world.
	cfg        Config
	names      []string // the agents' names, in Config order
	agentFact  []bool
	agentFacts []goap.FactID
	own        []goap.State
	writes     [][]goap.FactID
	view       goap.State
	// special is ownBehaviors' list.
	special []goap.ActionID
	// change is OnChange's scratch, before the values before an action.
	change Change
	before []int
	combat combat
	space  walker
	know   knowing
	hold   holding
	// order is the turn order of the current tick; turnRng shuffles it
	// (Config.ShuffleTurns).
	order   []int
	turnRng *rand.Rand
}

// change is a simspec.Change compiled for the domain.
type change struct {
	tick   int
	agent  int // index of the agent whose agent facts change, or -1
	facts  []goap.FactID
	values []int
	text   string
}

// New checks cfg and returns the world at tick 0, before anything
// happened.
func New(cfg Config) (*World, error) {
	d := cfg.Domain
	if d == nil {
		return nil, errors.New("sim: Config.Domain is nil")
	}
	w := &World{d: d, onEvent: cfg.OnEvent, keepLog: !cfg.DiscardLog}
	var errs []error
	bad := func(format string, args ...any) { errs = append(errs, echo.Errorf("sim: "+format, args...)) }
	switch {
	case cfg.Start.IsZero():
		w.state = d.NewState()
	case cfg.Start.Domain() != d:
		bad("Start belongs to another domain")
		w.state = d.NewState()
	default:
		w.state = cfg.Start.Clone()
	}
	n := d.NumActions()
	w.duration, w.travel = make([]int, n), make([]int, n)
	for i := range w.duration {
		w.duration[i] = 1
	}
	ticks := func(what string, m map[string]int, into []int, least int) {
		for _, name := range slices.Sorted(maps.Keys(m)) {
			ids := d.ActionsNamed(name)
			if ids == nil {
				bad("%s: unknown action %q", what, name)
				continue
			}
			if m[name] < 0 {
				bad("%s of %s must be at least 0, got %d", what, name, m[name])
				continue
			}
			for _, id := range ids {
				into[id] = max(m[name], least)
			}
		}
	}
	ticks("Duration", cfg.Duration, w.duration, 1)
	ticks("Travel", cfg.Travel, w.travel, 0)
	w.setupCombat(cfg, bad)
	w.setupSpace(cfg, bad)
	cfg.Agents = w.swapSpawns(cfg, bad)
	w.agentFact = make([]bool, d.NumFacts())
	for _, name := range cfg.AgentFacts {
		id, ok := d.FactID(name)
		if !ok {
			bad("AgentFacts: unknown fact %q", name)
			continue
		}
		if !w.agentFact[id] {
			w.agentFact[id] = true
			w.agentFacts = append(w.agentFacts, id)
		}
	}
	w.setupUses(cfg, bad) // after agentFact: in_use(OBJECT) must be a world fact
	w.view = d.NewState()
	for i := range n {
		w.writes = append(w.writes, d.ActionWrites(goap.ActionID(i)))
	}
	agentIndex := map[string]int{}
	for i, spec := range cfg.Agents {
		agentIndex[spec.Name] = i
	}

	for _, c := range cfg.Changes {
		if c.Tick < 1 {
			bad("a change at tick %d: ticks count from 1", c.Tick)
			continue
		}
		cc, problems := w.compileChange(d, c, func(name string) (int, bool) { i, ok := agentIndex[name]; return i, ok })
		errs = append(errs, problems...)
		if len(problems) == 0 {
			w.changes = append(w.changes, cc)
		}
	}
	sort.SliceStable(w.changes, func(i, j int) bool { return w.changes[i].tick < w.changes[j].tick })

	for _, spec := range cfg.Agents {
		w.names = append(w.names, spec.Name)
	}
	w.cfg = cfg
	for _, m := range []map[string]float64{cfg.Timeout, cfg.Backoff} {
		for _, name := range slices.Sorted(maps.Keys(m)) {
			if d.ActionsNamed(name) == nil {
				bad("Timeout/Backoff: unknown action %q", name)
			} else if !(m[name] >= 0) {
				bad("Timeout/Backoff of %s must be at least 0, got %v", name, m[name])
			}
		}
	}
	for i, spec := range cfg.Agents {
		own, err := w.ownOf(spec)
		if err == nil {
			err = w.agentCombat(i, spec, cfg.Seed)
		}
		if err == nil {
			err = w.agentSpace(i, spec.At, spec.Speed, spec.Name)
		}
		if err == nil {
			err = w.setupSight(i, spec, cfg.Agents)
		}
		if err != nil {
			errs = append(errs, err)
		}
		w.own = append(w.own, own)
	}
	if err := w.setupKnowledge(cfg); err != nil {
		errs = append(errs, err)
	}
	if len(errs) == 0 {
		w.occupy()
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	r, err := roster.Build(roster.Spec{Domain: d, Agents: cfg.Agents, GoalRules: cfg.GoalRules, Squads: cfg.Squads,
		Orders: cfg.Orders, Timeouts: cfg.Timeout, Backoffs: cfg.Backoff}, roster.Bindings{
		Behaviors: w.behaviors,
		Default: func(i int) agent.Behavior {
			return agent.Behavior{Perform: func(s *agent.Call) agent.Outcome { return w.perform(i, s) }}
		},
		Sense: func(i int, sensor string, facts []goap.FactID, interrupt bool) func(*agent.Blackboard) bool {
			if sensor == "eyes" {
				return w.eyes(i, facts)
			}
			return w.sensor(i, facts, interrupt)
		},
		Belief:  func(i int) goap.State { return w.viewOf(i).Clone() },
		Target:  w.target,
		Ordered: w.ordered,
		Backoff: DefaultBackoff,
		Options: cfg.Options,
		OnEvent: w.record,
	})
	if err != nil {
		return nil, prefixed("sim: ", err)
	}
	w.agents = r.Agents
	return w, nil
}

// settle brings the world's consequences up to date after a change: the
// map's doors, and deaths.
func (w *World) settle() {
	if !w.combat.dirty {
		return
	}
	w.syncDoors()
	w.checkDeaths()
}

// prefixed puts prefix before the message of each error err joins.
func prefixed(prefix string, err error) error {
	list := []error{err}
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		list = j.Unwrap()
	}
	for i, e := range list {
		list[i] = fmt.Errorf("%s%w", prefix, e)
	}
	return errors.Join(list...)
}

// ownOf returns an agent's own values of agent facts: the world's start
// with its spec's own: on top.
func (w *World) ownOf(spec simspec.Agent) (goap.State, error) {
	own := w.state.Clone()
	for _, name := range slices.Sorted(maps.Keys(spec.Own)) {
		if id, ok := w.d.FactID(name); ok && !w.agentFact[id] {
			return own, echo.Errorf("sim: agent %s: own: %s is a world fact, not an agent fact", spec.Name, name)
		}
		if err := own.SetValue(name, spec.Own[name]); err != nil {
			return own, echo.Errorf("sim: agent %s: own: %w", spec.Name, err)
		}
	}
	return own, nil
}

// behaviors returns agent i's behaviors of the actions that take travel,
// have a timeout or a back-off, or a chance.
func (w *World) behaviors(i int) map[string]agent.Behavior {
	perform := func(s *agent.Call) agent.Outcome { return w.perform(i, s) }
	moveTo := func(s *agent.Call) agent.Outcome { return w.moveTo(i, s) }
	walk := func(s *agent.Call) agent.Outcome { return w.walk(i, s) }
	out := map[string]agent.Behavior{}
	for _, a := range w.ownBehaviors() {
		b := agent.Behavior{Perform: perform, Timeout: w.timeoutOf(a, w.cfg.Timeout), Backoff: w.timeoutOf(a, w.cfg.Backoff)}
		if b.Backoff == 0 && w.combat.chance[a] < 1 {
			b.Backoff = 1 // a miss is tried again soon
		}
		if w.travel[a] > 0 {
			b.MoveTo = moveTo
		}
		if w.space.at != nil && w.space.at[a] {
			b.MoveTo = walk // the map's way, not a travel time
		}
		out[w.d.ActionName(a)] = w.holdWhileRunning(i, a, b)
	}
	return out
}

// target makes an order's target true for unit i where it is the unit's
// own (agent facts); its belief already holds it.
func (w *World) target(i int, facts []goap.FactID, values []int) {
	for k, f := range facts {
		if w.agentFact[f] {
			_ = w.own[i].Set(f, values[k])
		}
	}
}

// ordered applies commander i's ordering action's effects, once every
// ordered member reported: the order is carried out.
func (w *World) ordered(i int, id goap.ActionID) {
	view := w.viewOf(i)
	if !w.d.Apply(view, id) {
		return
	}
	for _, f := range w.writes[id] {
		if w.agentFact[f] {
			_ = w.own[i].Set(f, view.Get(f))
		} else {
			_ = w.state.Set(f, view.Get(f))
		}
	}
	w.combat.dirty = true
}

// ownBehaviors returns the actions that need a behavior of their own
// (a travel, a timeout or a back-off), found once for all agents.
func (w *World) ownBehaviors() []goap.ActionID {
	if w.special == nil {
		w.special = []goap.ActionID{}
		for a, t := range w.travel {
			if t > 0 || w.timeoutOf(goap.ActionID(a), w.cfg.Timeout) > 0 || w.timeoutOf(goap.ActionID(a), w.cfg.Backoff) > 0 || w.combat.chance[a] < 1 ||
				w.space.at != nil && w.space.at[a] {
				w.special = append(w.special, goap.ActionID(a))
			}
		}
	}
	return w.special
}

// record logs an event and passes it on.
func (w *World) record(e agent.Event) {
	e.Tick = w.tick // the agents update once per tick, from tick 1: the same count
	if w.keepLog {
		w.log.Add(e)
	}
	if w.onEvent != nil {
		w.onEvent(e)
	}
}

// Step runs one tick: the scripted changes due, then every agent.
func (w *World) Step() {
	w.tick++
	for w.next < len(w.changes) && w.changes[w.next].tick <= w.tick {
		c := &w.changes[w.next]
		w.next++
		for i, f := range c.facts {
			if c.agent >= 0 && w.agentFact[f] {
				_ = w.own[c.agent].Set(f, c.values[i])
			} else {
				_ = w.state.Set(f, c.values[i]) // checked by New
			}
		}
		w.record(agent.Event{Time: float64(w.tick), Agent: "world", Type: agent.EventWorldChanged, Reason: c.text})
		if w.cfg.OnChange != nil {
			ch := Change{Tick: w.tick, By: "world", Text: c.text, Facts: c.facts, Values: c.values}
			if c.agent >= 0 {
				ch.Owner = w.names[c.agent]
			}
			w.cfg.OnChange(ch)
		}
		w.combat.dirty = true
	}
	w.settle()
	for _, i := range w.turns() {
		a := w.agents[i]
		w.see(i)    // nothing for an agent without sight
		w.share(i)  // what it sees, its squad knows
		w.recall(i) // what its squad knows, it believes
		a.Update(1) // a dead agent's does nothing
		w.settle()
	}
	w.sweep()
}

// compileChange checks scripted change c and turns it into the world's
// form; agentIndex finds an agent by name. Each problem is an error.
func (w *World) compileChange(d *goap.Domain, c simspec.WorldChange, agentIndex func(string) (int, bool)) (change, []error) {
	var errs []error
	bad := func(format string, args ...any) { errs = append(errs, echo.Errorf("sim: "+format, args...)) }

	s := d.NewState()
	cc := change{tick: c.Tick, agent: -1}
	if c.Agent != "" {
		i, ok := agentIndex(c.Agent)
		if !ok {
			bad("change at tick %d: unknown agent %q", c.Tick, c.Agent)
			return cc, errs
		}
		cc.agent = i
	}
	var parts []string
	for _, name := range slices.Sorted(maps.Keys(c.Set)) {
		id, ok := d.FactID(name)
		if !ok {
			bad("change at tick %d: unknown fact %q", c.Tick, name)
			continue
		}
		if err := s.SetValue(name, c.Set[name]); err != nil {
			bad("change at tick %d: %w", c.Tick, err)
			continue
		}
		if w.agentFact[id] && cc.agent < 0 {
			bad("change at tick %d: %s is an agent fact: name the agent whose it is", c.Tick, name)
			continue
		}
		cc.facts = append(cc.facts, id)
		cc.values = append(cc.values, s.Get(id))
		v, _ := s.Value(name)
		parts = append(parts, fmt.Sprintf("%s=%v", name, v))
	}
	cc.text = strings.Join(parts, " ")
	if c.Agent != "" {
		cc.text = c.Agent + ": " + cc.text
	}
	return cc, errs
}

// Schedule adds a change of the world during the run, as a scripted
// change is (Config.Changes): it happens at the start of tick c.Tick,
// which must be after the current tick, is logged as a world_changed
// event and heard by Config.OnChange. A debugger's user changing the
// world from its page goes through here.
func (w *World) Schedule(c simspec.WorldChange) error {
	if c.Tick <= w.tick {
		return echo.Errorf("sim: a change at tick %d: the world is at tick %d already", c.Tick, w.tick)
	}
	cc, errs := w.compileChange(w.d, c, func(name string) (int, bool) {
		i := slices.Index(w.names, name)
		return i, i >= 0
	})
	if len(errs) > 0 {
		return errors.Join(errs...)
	}
	// After the changes due at the same tick or before, so that changes
	// happen in the order they were made.
	k := w.next + sort.Search(len(w.changes)-w.next, func(k int) bool { return w.changes[w.next+k].tick > c.Tick })
	w.changes = slices.Insert(w.changes, k, cc)
	return nil
}

// Run steps until tick ticks, or until the world is quiet, and returns
// the number of ticks run.
func (w *World) Run(ticks int) int {
	n := 0
	for w.tick < ticks && !w.Quiet() {
		w.Step()
		n++
	}
	return n
}

// Quiet reports whether nothing can happen any more: every agent is idle
// (each of its goals met or invalid) and no scripted change is ahead.
// Agents that wait for a retry are not idle.
func (w *World) Quiet() bool {
	if w.tick == 0 || w.next < len(w.changes) {
		return false
	}
	for _, a := range w.agents {
		if p := a.Phase(); p != agent.Idle && p != agent.Stopped {
			return false
		}
	}
	return true
}

// Tick returns the number of ticks run.
func (w *World) Tick() int { return w.tick }

// State returns the world's state. It shares memory with the world.
func (w *World) State() goap.State { return w.state }

// Own returns the named agent's own values of agent facts (the other
// facts of the state mean nothing); it shares memory with the world.
func (w *World) Own(name string) (goap.State, bool) {
	for i, a := range w.agents {
		if a.Name() == name {
			return w.own[i], true
		}
	}
	return goap.State{}, false
}

// Agents returns the agents, in order.
func (w *World) Agents() []*agent.Agent { return w.agents }

// Events returns every event so far: the agents' and the world's
// changes, in the order they happened (nil with Config.DiscardLog).
func (w *World) Events() []agent.Event { return w.log.Events }

// Finished returns the actions that succeeded, in the order they did,
// over all agents (nil with Config.DiscardLog).
func (w *World) Finished() []string {
	var out []string
	for _, e := range w.log.Events {
		if e.Type == agent.EventActionFinished {
			out = append(out, e.Action)
		}
	}
	return out
}

// timeoutOf returns action a's entry in m (Timeout or Backoff): its own,
// or its lifted action's ("Shoot" for Shoot(r2)).
func (w *World) timeoutOf(a goap.ActionID, m map[string]float64) float64 {
	if v, ok := m[w.d.ActionName(a)]; ok {
		return v
	}
	lifted, _ := w.d.Binding(a)
	return m[lifted]
}
