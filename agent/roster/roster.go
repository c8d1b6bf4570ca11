// Package roster builds the agents and squads a designer file describes,
// bound to a game: the file gives their goals, actions, sensors, orders and
// squads (package simspec's plain data, which goapfile reads), and the game
// gives what only it knows — how each action is carried out, what each
// sensor sees, what an order's target means in its world — by action and
// sensor name. The built-in simulator (package sim) is such a game; a game
// built on an engine is another.
//
//	f, _ := goapfile.Load("squad.yaml")
//	r, err := roster.Build(roster.Spec{Domain: f.Domain, Agents: f.Agents,
//		GoalRules: f.GoalRules, Squads: f.Squads, Orders: f.Orders,
//		Timeouts: f.Timeouts, Backoffs: f.Backoffs}, roster.Bindings{
//		Behaviors: func(unit int) map[string]agent.Behavior { return myBehaviors },
//		Sense:     mySensors,
//	})
//
// A game that reloads its file builds a new roster from it.
package roster

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"strconv"

	"github.com/goap-go/goap"
	"github.com/goap-go/goap/agent"
	"github.com/goap-go/goap/agent/simspec"
	"github.com/goap-go/goap/agent/squad"
	"github.com/goap-go/goap/internal/echo"
)

// Spec is what a designer file says about its agents (goapfile.File holds
// each part under the same name).
type Spec struct {
	Domain    *goap.Domain
	Agents    []simspec.Agent
	GoalRules map[string]simspec.GoalRule
	Squads    []simspec.SquadSpec
	// Orders makes actions ordering actions: the orders each issues at
	// once, by action name.
	Orders map[string][]simspec.OrderSpec
	// Timeouts and Backoffs give actions' timeout: and backoff: by name
	// (a lifted action's name stands for its bindings); they fill in the
	// game's behaviors where those leave them zero.
	Timeouts, Backoffs map[string]float64
}

// Bindings are the game's side. Units are numbered in the order of
// Spec.Agents.
type Bindings struct {
	// Behaviors returns how unit carries out actions, by action name (a
	// lifted action's name stands for its bindings; agent.Call.Args says
	// which objects), and Default the behavior of the others. Either may
	// be nil.
	Behaviors func(unit int) map[string]agent.Behavior
	Default   func(unit int) agent.Behavior
	// Sense returns the sensing function of unit for facts: sensor is
	// "eyes" for the file's senses: (every update, never interrupting)
	// and the name of each of its sensors: (with its every: and
	// interrupt:). The function copies what the unit perceives into its
	// blackboard and reports whether to interrupt. Nil: the agents sense
	// nothing (their beliefs change through their own actions only).
	Sense func(unit int, sensor string, facts []goap.FactID, interrupt bool) func(*agent.Blackboard) bool
	// Belief returns unit's initial belief before the file's start: for
	// it (nil: every fact at its default).
	Belief func(unit int) goap.State
	// Target is called when an order gives unit its target (the order's
	// set:, already written into the unit's blackboard), for the game to
	// make it true in its world too. May be nil.
	Target func(unit int, facts []goap.FactID, values []int)
	// Ordered is called when commander's ordering action succeeded (every
	// member reported), for the game to apply the action's effects. May
	// be nil.
	Ordered func(commander int, action goap.ActionID)
	// Backoff is the back-off of agents whose spec sets none (0: the
	// agent package's default).
	Backoff float64
	// Options tune every agent's planner.
	Options goap.Options
	// OnEvent receives every agent's and squad's events.
	OnEvent func(agent.Event)
}

// Roster is the built agents and squads.
type Roster struct {
	// Agents are in the order of Spec.Agents.
	Agents []*agent.Agent
	// Squads are in the order of Spec.Squads.
	Squads []*squad.Squad
}

// Agent returns the agent of that name, or nil.
func (r *Roster) Agent(name string) *agent.Agent {
	for _, a := range r.Agents {
		if a.Name() == name {
			return a
		}
	}
	return nil
}

// builder holds what Build knows while it builds.
type builder struct {
	spec   Spec
	b      Bindings
	d      *goap.Domain
	index  map[string]int // agent name -> unit
	squads map[string]*squadOf
	errs   []error
	every  []goap.FactID // allFacts' list
}

// squadOf is a squad being built: its squad.Squad and its spec.
type squadOf struct {
	sq   *squad.Squad
	spec simspec.SquadSpec
}

func (r *builder) bad(format string, args ...any) {
	r.errs = append(r.errs, echo.Errorf(format, args...))
}

// Build checks spec and builds its agents and squads, bound to the game
// through b. All problems found are returned together.
func Build(spec Spec, b Bindings) (*Roster, error) {
	if spec.Domain == nil {
		return nil, errors.New("roster: Spec.Domain is nil")
	}
	r := &builder{spec: spec, b: b, d: spec.Domain, index: map[string]int{}}
	for i, a := range spec.Agents {
		switch {
		case a.Name == "":
			r.bad("agent #%d has no name", i+1)
			continue
		case a.Name == "world":
			r.bad("an agent may not be named \"world\"")
			continue
		}
		if _, dup := r.index[a.Name]; dup {
			r.bad("two agents are named %q", a.Name)
			continue
		}
		r.index[a.Name] = i
	}
	r.buildSquads()
	out := &Roster{}
	if len(r.errs) > 0 {
		return nil, errors.Join(r.errs...)
	}
	for i, spec := range spec.Agents {
		a, err := r.agent(i, spec)
		if err != nil {
			r.errs = append(r.errs, err)
			continue
		}
		out.Agents = append(out.Agents, a)
	}
	if len(r.errs) > 0 {
		return nil, errors.Join(r.errs...)
	}
	for _, s := range spec.Squads {
		sq := r.squads[s.Name]
		for _, m := range s.Members {
			sq.sq.Members = append(sq.sq.Members, squad.Member{Unit: out.Agents[r.index[m]], Interrupt: s.Interrupt})
		}
		out.Squads = append(out.Squads, sq.sq)
	}
	return out, nil
}

// onOrders is the relevancy of a goal pursued only on orders: 0, so that
// only an order's bias makes it relevant.
func onOrders(*agent.Blackboard) float64 { return 0 }

// applyGoalRule sets g's Valid, Rules and StandIn from the rule.
func applyGoalRule(rule simspec.GoalRule, g *agent.Goal) {
	g.StandIn = rule.StandIn
	if t := rule.ValidWhen; t != nil {
		g.Valid = func(b *agent.Blackboard) bool { return b.State().Satisfies(t) }
	}
	// As rules, not a function: the agent says which rule scored the
	// goal (the debugger's goal bars).
	for k, r := range rule.Relevancy {
		name := "rule " + strconv.Itoa(k+1) + ": always"
		if r.When != nil {
			name = "rule " + strconv.Itoa(k+1) + ": when " + r.When.String()
		}
		g.Rules = append(g.Rules, agent.Rule{When: r.When, Score: r.Score, Name: name})
	}
}

// agent builds unit i.
func (r *builder) agent(i int, spec simspec.Agent) (*agent.Agent, error) {
	d := r.d
	fail := func(format string, args ...any) error {
		return echo.Errorf("agent %s: "+format, append([]any{spec.Name}, args...)...)
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
	for k := range goals {
		if rule, ok := r.spec.GoalRules[goals[k].Target.Name()]; ok {
			applyGoalRule(rule, &goals[k])
		}
	}
	for _, name := range spec.OnOrders {
		k := slices.IndexFunc(goals, func(g agent.Goal) bool { return g.Target.Name() == name })
		if k < 0 {
			return nil, fail("on_orders: %q is not one of its goals", name)
		}
		goals[k].Relevancy = onOrders
	}
	var fallbackGoal agent.Goal
	if spec.FallbackGoal != "" {
		t, ok := d.Goal(spec.FallbackGoal)
		if !ok {
			return nil, fail("unknown fallback goal %q", spec.FallbackGoal)
		}
		fallbackGoal = agent.NewGoal(t)
	}
	var belief goap.State
	if r.b.Belief != nil {
		belief = r.b.Belief(i)
	}
	if belief.IsZero() {
		belief = d.NewState()
	}
	for _, name := range slices.Sorted(maps.Keys(spec.Start)) {
		if err := belief.SetValue(name, spec.Start[name]); err != nil {
			return nil, fail("start: %w", err)
		}
	}
	sensors, err := r.sensors(i, spec)
	if err != nil {
		return nil, fail("%w", err)
	}
	opts := r.b.Options
	opts.CostOverrides = slices.Clone(opts.CostOverrides) // this agent's
	for _, name := range slices.Sorted(maps.Keys(spec.Costs)) {
		ids := d.ActionsNamed(name)
		if ids == nil {
			return nil, fail("costs: unknown action %q", name)
		}
		for _, id := range ids {
			opts.CostOverrides = append(opts.CostOverrides, goap.CostOverride{Action: id, Cost: spec.Costs[name]})
		}
	}
	behaviors, def := r.behaviors(i)
	maps.Copy(behaviors, r.orderBehaviors(i, spec.Name))
	backoff := spec.Backoff
	if backoff == 0 {
		backoff = r.b.Backoff
	}
	a, err := agent.New(agent.Config{
		Name:          spec.Name,
		Domain:        d,
		Goals:         goals,
		FallbackGoal:  fallbackGoal,
		Fallback:      spec.Fallback,
		StandIn:       spec.StandIn,
		Obedient:      spec.Obedient,
		Actions:       spec.Actions,
		Behaviors:     behaviors,
		Default:       def,
		Sensors:       sensors,
		Belief:        belief,
		Margin:        spec.Margin,
		ValidityGrace: spec.ValidityGrace,
		Backoff:       backoff,
		Budget:        spec.Budget,
		Options:       opts,
		OnEvent:       r.b.OnEvent,
	})
	return a, err
}

// sensors builds unit i's sensors: "eyes" for its senses: (every fact
// when it names neither senses nor sensors), then each of its sensors:.
func (r *builder) sensors(i int, spec simspec.Agent) ([]agent.Sensor, error) {
	d := r.d
	facts := func(names []string) ([]goap.FactID, error) {
		var out []goap.FactID
		for _, name := range names {
			id, ok := d.FactID(name)
			if !ok {
				return nil, fmt.Errorf("unknown fact %q", name)
			}
			out = append(out, id)
		}
		return out, nil
	}
	var senses []goap.FactID
	if spec.Senses == nil && spec.Sensors == nil {
		senses = r.allFacts()
	}
	more, err := facts(spec.Senses)
	if err != nil {
		return nil, fmt.Errorf("senses: %w", err)
	}
	if len(more) > 0 {
		senses = append(slices.Clip(senses), more...)
	}
	var out []agent.Sensor
	if r.b.Sense != nil {
		out = append(out, agent.Sensor{Name: "eyes", Sense: r.b.Sense(i, "eyes", senses, false)})
	}
	for k, ss := range spec.Sensors {
		ids, err := facts(ss.Facts)
		if err != nil {
			return nil, fmt.Errorf("sensor %s: %w", ss.Name, err)
		}
		if ss.Every < 0 {
			return nil, fmt.Errorf("sensor %s: every must be at least 0, got %v", ss.Name, ss.Every)
		}
		name := ss.Name
		if name == "" {
			name = fmt.Sprintf("sensor%d", k+1)
		}
		if r.b.Sense != nil {
			out = append(out, agent.Sensor{Name: name, Interval: ss.Every, Sense: r.b.Sense(i, name, ids, ss.Interrupt)})
		}
	}
	return out, nil
}

// allFacts lists every fact of the domain: the senses of an agent that
// names none. One list for all agents, which only read it: a list each
// took memory in agents times facts for thousands of agents.
func (r *builder) allFacts() []goap.FactID {
	if r.every == nil {
		r.every = make([]goap.FactID, r.d.NumFacts())
		for i := range r.every {
			r.every[i] = goap.FactID(i)
		}
	}
	return r.every
}

// behaviors returns unit i's behaviors by action name, the game's with
// the file's timeouts and back-offs filled in, and its default behavior.
func (r *builder) behaviors(i int) (map[string]agent.Behavior, agent.Behavior) {
	out := map[string]agent.Behavior{}
	if r.b.Behaviors != nil {
		maps.Copy(out, r.b.Behaviors(i))
	}
	var def agent.Behavior
	if r.b.Default != nil {
		def = r.b.Default(i)
	}
	fill := func(m map[string]float64, set func(b *agent.Behavior, v float64)) {
		for _, name := range slices.Sorted(maps.Keys(m)) {
			b := r.behaviorFor(out, def, name)
			set(&b, m[name])
			out[name] = b
		}
	}
	fill(r.spec.Timeouts, func(b *agent.Behavior, v float64) {
		if b.Timeout == 0 {
			b.Timeout = v
		}
	})
	fill(r.spec.Backoffs, func(b *agent.Behavior, v float64) {
		if b.Backoff == 0 {
			b.Backoff = v
		}
	})
	return out, def
}

// behaviorFor returns the behavior an agent with behaviors out and def
// uses for the action named name: its own entry, its lifted action's
// ("Shoot" for Shoot(r2)), or def.
func (r *builder) behaviorFor(out map[string]agent.Behavior, def agent.Behavior, name string) agent.Behavior {
	if b, ok := out[name]; ok {
		return b
	}
	if ids := r.d.ActionsNamed(name); len(ids) == 1 {
		if lifted, args := r.d.Binding(ids[0]); args != nil {
			if b, ok := out[lifted]; ok {
				return b
			}
		}
	}
	return def
}
