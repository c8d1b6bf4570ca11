// Package simspec describes a simulation of package agent/sim as plain
// data: its agents, their sensors and goal rules, squads and their
// orders, the world's scripted changes, and the events a test expects a
// run to show. Designer files (package goapfile) read into these types
// without depending on the simulator; sim.Config takes them.
package simspec

import (
	"fmt"
	"slices"
	"strings"

	"github.com/goap-go/goap"
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
	// further failure, up to 16 times as long); 0 means the simulation's default (sim.DefaultBackoff).
	Backoff float64
	// Budget limits the states the agent's planner expands per tick (0:
	// no limit).
	Budget int
	// StandIn runs Fallback while a search spans ticks (agent.Config.StandIn).
	StandIn bool
	// OnOrders names goals of the agent that it pursues only when ordered
	// (recommended by a commander, sim.Config.Squads): their score is the
	// order's bias, and without an order they are not relevant.
	OnOrders []string
	// Obedient makes the agent non-autonomous: it pursues the goal it is
	// ordered with the greatest bias, and idles without orders
	// (agent.Config.Obedient).
	Obedient bool
	// Sensors are sensors beyond Senses: each copies its facts every
	// Every ticks (every tick when 0) and, with Interrupt, interrupts the
	// agent when one of them changed. With Sensors set and Senses nil,
	// the agent senses only what its sensors see.
	Sensors []SensorSpec
	// Costs override the cost of actions for this agent, by name: a
	// coward and a brute share a domain with different costs.
	Costs map[string]float64
	// At is the agent's cell on the world's map ([x, y]; nil: the world
	// has no map, or the agent is not on it), and Speed how many cells it
	// walks a tick (1 when 0).
	At    *[2]int
	Speed float64
	// Sight, when above 0, is how far (in cells) the agent sees on the
	// map: the world writes what it sees into its agent facts sees(NAME),
	// enemy_in_sight and in_cover (see package sim).
	Sight float64
	// Side names the agent's side (blue, red): a run is won by the only
	// side with agents alive.
	Side string
	// DiesWhen, when set, are conditions on the world as the agent finds
	// it (the world's facts and its own agent facts): when they hold, the
	// agent dies: it stops for good (agent.Agent.Stop).
	DiesWhen map[string]any
	// Own gives the agent's own values of agent facts (sim.Config.AgentFacts;
	// a bool, int or enum name each); the others start as in the world's
	// start. Its initial belief holds them too, unless Start says
	// otherwise.
	Own map[string]any
}

// GoalRule makes a goal's validity and relevancy depend on the belief.
type GoalRule struct {
	// ValidWhen, when set, is what the belief must meet for the goal to
	// be pursued at all (agent.Goal.Valid).
	ValidWhen *goap.Target
	// Relevancy, when not empty, scores the goal: the first rule whose
	// When the belief meets (or that has none) gives the score; 0 when
	// none does, which makes the goal not relevant (the sim makes them
	// agent.Goal.Rules).
	Relevancy []ScoreRule
	// StandIn names the action that runs while a plan for the goal is
	// being made (agent.Goal.StandIn).
	StandIn string
}

// ScoreRule is one rule of a goal's relevancy.
type ScoreRule struct {
	When  *goap.Target // nil: always
	Score float64
}

// SensorSpec is a sensor of a simulated agent (Agent.Sensors).
type SensorSpec struct {
	Name      string
	Facts     []string
	Every     float64
	Interrupt bool
}

// WorldChange is a scripted change of the world (an entry of a file's
// `events:`): at the start of tick Tick (1 is the first), the facts of
// Set take their values.
type WorldChange struct {
	// Tick is when the change happens, before the agents update.
	Tick int
	// Set gives facts their new values: a bool, int or enum name each.
	Set map[string]any
	// Agent, when set, names the agent whose agent facts Set changes (its
	// world facts change for all); without it Set may name world facts
	// only.
	Agent string
}

// SquadSpec describes a commander's group of agents, which the sim builds
// as a squad.Squad: the commander's ordering actions (sim.Config.Orders)
// recommend goals to them.
type SquadSpec struct {
	// Name names the squad in orders and events.
	Name string
	// Commander names the agent that gives the squad's orders.
	Commander string
	// Members names the squad's agents, in order.
	Members []string
	// Interrupt makes the members be interrupted when an ordering action
	// of the commander's that ordered them is aborted.
	Interrupt bool
	// Memory is how many ticks a sighting stays in the squad's shared
	// picture (see package sim's Knowledge); 0 keeps it until the agent
	// seen dies.
	Memory float64
}

// OrderSpec is an order of an ordering action (sim.Config.Orders): when
// the commander performs the action, it issues all the action's orders at
// once (squad.Order each), recommending each order's Goal to its members,
// and waits for their reports; when they have all completed their goals,
// the action's effects apply as any action's do. An action's orders go to
// one squad; each member is ordered at most once per goal.
type OrderSpec struct {
	// Squad names the squad ordered.
	Squad string
	// Goal names the goal recommended; Bias is added to its score. A
	// negative bias discourages the goal instead: it holds while the
	// action runs, and the action does not wait for it.
	Goal string
	Bias float64
	// Timeout fails the action when this order's members have not all
	// finished after this many ticks; 0 waits as long as it takes.
	Timeout float64
	// Members names the members ordered; nil orders all of them.
	Members []string
	// Set gives the order's target: facts written to each ordered
	// member's belief, and to its own values where they are agent facts
	// (a position to go to, an enemy to engage). Orders of one action
	// to different members give each its own target (a pincer).
	Set map[string]any
}

// CommandCycle finds an agent that commands itself through squads: a
// commands b in one squad and b commands a in another, or a longer loop.
// Orders would then wait on the agent that gave them (the sim stalls until
// timeouts), so the sim and the designer files refuse it. It returns the
// first loop found, depth first in the order of squads and members, as
// "a commands b (squad x), b commands a (squad y)", and the index of the
// squad of its last step; "" and -1 when there is none. A commander among
// its own squad's members is left to the caller, which reports it so.
func CommandCycle(squads []SquadSpec) (string, int) {
	type edge struct {
		to    string
		squad int
	}
	edges := map[string][]edge{}
	var commanders []string
	for k, s := range squads {
		if _, ok := edges[s.Commander]; !ok {
			commanders = append(commanders, s.Commander)
		}
		for _, m := range s.Members {
			if m != s.Commander {
				edges[s.Commander] = append(edges[s.Commander], edge{m, k})
			}
		}
	}
	const (
		unseen = iota
		open   // on the path being explored
		closed // explored: no loop through it
	)
	state := map[string]int{}
	var stack []string // the path's agents
	var steps []edge   // steps[i] leaves stack[i]
	var visit func(a string) int
	visit = func(a string) int { // the index in stack where a loop starts, or -1
		state[a] = open
		stack = append(stack, a)
		for _, e := range edges[a] {
			steps = append(steps, e)
			switch state[e.to] {
			case open:
				return slices.Index(stack, e.to)
			case unseen:
				if i := visit(e.to); i >= 0 {
					return i
				}
			}
			steps = steps[:len(steps)-1]
		}
		state[a] = closed
		stack = stack[:len(stack)-1]
		return -1
	}
	for _, a := range commanders {
		if state[a] != unseen {
			continue
		}
		if i := visit(a); i >= 0 {
			var words []string
			for k, e := range steps[i:] {
				words = append(words, fmt.Sprintf("%s commands %s (squad %s)", stack[i+k], e.to, squads[e.squad].Name))
			}
			return strings.Join(words, ", "), steps[len(steps)-1].squad
		}
	}
	return "", -1
}
