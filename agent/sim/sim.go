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
// A run is deterministic: the same Config gives the same events.
package sim

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"

	"github.com/goap-go/goap"
	"github.com/goap-go/goap/agent"
)

// Agent describes one agent of a simulation.
type Agent struct {
	// Name identifies the agent in events; "world" is reserved.
	Name string
	// Goals names the domain goals the agent pursues; nil means all of
	// them, in domain order.
	Goals []string
	// Actions names the actions the agent may plan with; nil means all.
	Actions []string
	// Senses names the facts the agent's sensor copies from the world on
	// every tick. nil means every fact; an empty, non-nil list means none:
	// the agent then learns only from its own actions and what it sees
	// when it arrives somewhere or an action fails.
	Senses []string
	// Start overrides facts of the world's start in the agent's initial
	// belief (a bool, int or enum name per fact).
	Start map[string]any
	// Fallback names an action to run when no goal has a plan, and
	// FallbackGoal a goal to pursue then (see agent.Config).
	Fallback     string
	FallbackGoal string
	// Margin is the hysteresis between goals (agent.Config.Margin).
	Margin float64
	// ValidityGrace is how many ticks a plan survives its goal being
	// invalid (agent.Config.ValidityGrace).
	ValidityGrace float64
	// Backoff is how many ticks a goal without a plan, or an action
	// that failed, waits before it is tried again (doubling on each
	// further failure, up to 16 times as long); 0 means DefaultBackoff.
	Backoff float64
	// Budget limits the states the agent's planner expands per tick (0:
	// no limit).
	Budget int
	// StandIn runs Fallback while a search spans ticks (agent.Config.StandIn).
	StandIn bool
}

// DefaultBackoff is the back-off, in ticks, of agents that set none.
const DefaultBackoff = 10

// Change is a scripted change of the world: at the start of tick Tick
// (1 is the first), the facts of Set take their values.
type Change struct {
	// Tick is when the change happens, before the agents update.
	Tick int
	// Set gives facts their new values: a bool, int or enum name each.
	Set map[string]any
}

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
	// Agents act in this order within each tick.
	Agents []Agent
	// Changes are applied at their ticks.
	Changes []Change
	// Options tune every agent's planner.
	Options goap.Options
	// OnEvent, when set, receives every event as it happens, besides the
	// world's log.
	OnEvent func(agent.Event)
	// DiscardLog makes the world keep no log: events reach OnEvent only,
	// and Events and Finished return nil. A long run then takes memory
	// that does not grow with its ticks (goap sim streams its output so).
	DiscardLog bool
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
}

// change is a Change compiled for the domain.
type change struct {
	tick   int
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
	bad := func(format string, args ...any) { errs = append(errs, fmt.Errorf("sim: "+format, args...)) }
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
			id, ok := d.ActionID(name)
			if !ok {
				bad("%s: unknown action %q", what, name)
				continue
			}
			if m[name] < 0 {
				bad("%s of %s must be at least 0, got %d", what, name, m[name])
				continue
			}
			into[id] = max(m[name], least)
		}
	}
	ticks("Duration", cfg.Duration, w.duration, 1)
	ticks("Travel", cfg.Travel, w.travel, 0)

	for _, c := range cfg.Changes {
		if c.Tick < 1 {
			bad("a change at tick %d: ticks count from 1", c.Tick)
			continue
		}
		s := d.NewState()
		cc := change{tick: c.Tick}
		var parts []string
		for _, name := range slices.Sorted(maps.Keys(c.Set)) {
			id, ok := d.FactID(name)
			if !ok {
				bad("change at tick %d: unknown fact %q", c.Tick, name)
				continue
			}
			if err := s.SetValue(name, c.Set[name]); err != nil {
				bad("change at tick %d: %v", c.Tick, err)
				continue
			}
			cc.facts = append(cc.facts, id)
			cc.values = append(cc.values, s.Get(id))
			v, _ := s.Value(name)
			parts = append(parts, fmt.Sprintf("%s=%v", name, v))
		}
		cc.text = strings.Join(parts, " ")
		w.changes = append(w.changes, cc)
	}
	sort.SliceStable(w.changes, func(i, j int) bool { return w.changes[i].tick < w.changes[j].tick })

	names := map[string]bool{}
	for i, spec := range cfg.Agents {
		switch {
		case spec.Name == "":
			bad("agent #%d has no name", i+1)
			continue
		case spec.Name == "world":
			bad("an agent may not be named \"world\"")
			continue
		case names[spec.Name]:
			bad("two agents are named %q", spec.Name)
			continue
		}
		names[spec.Name] = true
		a, err := w.newAgent(spec, cfg.Options)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		w.agents = append(w.agents, a)
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	return w, nil
}

// newAgent builds the agent.Agent of spec, with the world's sensor and
// behavior.
func (w *World) newAgent(spec Agent, opts goap.Options) (*agent.Agent, error) {
	d := w.d
	fail := func(format string, args ...any) error {
		return fmt.Errorf("sim: agent %s: "+format, append([]any{spec.Name}, args...)...)
	}
	var goals []agent.Goal
	if spec.Goals == nil {
		for _, t := range d.Goals() {
			goals = append(goals, agent.NewGoal(t))
		}
	}
	for _, name := range spec.Goals {
		t, ok := d.Goal(name)
		if !ok {
			return nil, fail("unknown goal %q", name)
		}
		goals = append(goals, agent.NewGoal(t))
	}
	var fallbackGoal agent.Goal
	if spec.FallbackGoal != "" {
		t, ok := d.Goal(spec.FallbackGoal)
		if !ok {
			return nil, fail("unknown fallback goal %q", spec.FallbackGoal)
		}
		fallbackGoal = agent.NewGoal(t)
	}
	belief := w.state.Clone()
	for _, name := range slices.Sorted(maps.Keys(spec.Start)) {
		if err := belief.SetValue(name, spec.Start[name]); err != nil {
			return nil, fail("start: %v", err)
		}
	}
	var senses []goap.FactID
	if spec.Senses == nil {
		for i := range d.NumFacts() {
			senses = append(senses, goap.FactID(i))
		}
	}
	for _, name := range spec.Senses {
		id, ok := d.FactID(name)
		if !ok {
			return nil, fail("senses: unknown fact %q", name)
		}
		senses = append(senses, id)
	}
	// Actions with a way to go move there first; the others are
	// performed at once.
	behaviors := map[string]agent.Behavior{}
	for i, t := range w.travel {
		if t > 0 {
			behaviors[d.ActionName(goap.ActionID(i))] = agent.Behavior{MoveTo: w.moveTo, Perform: w.perform}
		}
	}
	backoff := spec.Backoff
	if backoff == 0 {
		backoff = DefaultBackoff
	}
	return agent.New(agent.Config{
		Name:          spec.Name,
		Domain:        d,
		Goals:         goals,
		FallbackGoal:  fallbackGoal,
		Fallback:      spec.Fallback,
		StandIn:       spec.StandIn,
		Actions:       spec.Actions,
		Behaviors:     behaviors,
		Default:       agent.Behavior{Perform: w.perform},
		Sensors:       []agent.Sensor{{Name: "eyes", Sense: w.eyes(senses)}},
		Belief:        belief,
		Margin:        spec.Margin,
		ValidityGrace: spec.ValidityGrace,
		Backoff:       backoff,
		Budget:        spec.Budget,
		Options:       opts,
		OnEvent:       w.record,
	})
}

// eyes returns a sensor that copies the given facts from the world.
func (w *World) eyes(facts []goap.FactID) func(b *agent.Blackboard) bool {
	return func(b *agent.Blackboard) bool {
		for _, f := range facts {
			_ = b.Set(f, w.state.Get(f)) // a value of the world is in bounds
		}
		return false
	}
}

// look writes the facts action id reads, as they are in the world, to
// the agent's blackboard: what the agent sees at the action's target.
func (w *World) look(s *agent.Call) {
	b := s.Agent.Blackboard()
	for _, f := range w.d.ActionReads(s.Action) {
		_ = b.Set(f, w.state.Get(f))
	}
}

// moveTo takes the action's travel ticks, then looks around.
func (w *World) moveTo(s *agent.Call) agent.Outcome {
	if s.Frame+1 < w.travel[s.Action] {
		return agent.Continue
	}
	w.look(s)
	return agent.Success
}

// perform takes the action's duration, then applies its effects to the
// world if its preconditions hold there, and fails otherwise.
func (w *World) perform(s *agent.Call) agent.Outcome {
	if s.Frame+1 < w.duration[s.Action] {
		return agent.Continue
	}
	if w.d.Apply(w.state, s.Action) {
		return agent.Success
	}
	s.Reason = w.whyNot(s)
	w.look(s)
	return agent.Failure
}

// whyNot lists the facts action s.Action reads on which the world and
// the agent's belief differ.
func (w *World) whyNot(s *agent.Call) string {
	belief := s.Agent.Blackboard().State()
	var diffs []string
	for _, f := range w.d.ActionReads(s.Action) {
		if belief.Get(f) != w.state.Get(f) {
			name := w.d.Fact(f).Name
			v, _ := w.state.Value(name)
			diffs = append(diffs, fmt.Sprintf("%s is %v", name, v))
		}
	}
	if len(diffs) == 0 {
		return "its preconditions do not hold in the world"
	}
	return "in the world " + strings.Join(diffs, ", ")
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
			_ = w.state.Set(f, c.values[i]) // checked by New
		}
		w.record(agent.Event{Time: float64(w.tick), Agent: "world", Type: agent.EventWorldChanged, Reason: c.text})
	}
	for _, a := range w.agents {
		a.Update(1)
	}
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
		if a.Phase() != agent.Idle {
			return false
		}
	}
	return true
}

// Tick returns the number of ticks run.
func (w *World) Tick() int { return w.tick }

// State returns the world's state. It shares memory with the world.
func (w *World) State() goap.State { return w.state }

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
