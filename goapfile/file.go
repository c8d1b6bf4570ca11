package goapfile

import (
	"github.com/goap-go/goap"
	"github.com/goap-go/goap/agent/simspec"
	"github.com/goap-go/goap/space"
)

// File is a parsed and compiled designer file.
type File struct {
	// Name is the domain's name: the file's `name:`, or the file name
	// without its directory and extension.
	Name string
	// Path is the file name given to Parse or Load.
	Path string
	// Spec is the domain as the file describes it. Actions without a
	// `cost:` cost 1.
	Spec goap.Spec
	// Domain is Spec, compiled.
	Domain *goap.Domain
	// Start is the file's `start:` state (every fact at its default when
	// the file has none).
	Start goap.State
	// Goal is the file's `goal:`, either one of the domain's goals or
	// conditions compiled as a target named "goal"; nil when the file has
	// no goal.
	Goal *goap.Target
	// Tests are the file's `tests:`, in file order.
	Tests []Test
	// Durations holds every action's `duration:` in ticks (1 when not
	// given), by action name.
	Durations map[string]int
	// Travel holds every action's `travel:` in ticks (0 when not given),
	// by action name: the time a simulated agent takes to reach the
	// action's target before performing it.
	Travel map[string]int
	// Agents are the file's `agents:`, for simulations (see
	// filetest.SimConfig); nil when the file has none.
	Agents []simspec.Agent
	// Events are the file's scripted `events:`, in file order.
	Events []simspec.WorldChange
	// AgentFacts names the facts declared with `scope: agent`: each
	// simulated agent has its own value (see package sim).
	AgentFacts []string
	// Squads are the file's `squads:`, and Orders the actions' `order:`
	// (one) or `orders:` (several, issued at once), by action name (see
	// package sim).
	Squads []simspec.SquadSpec
	Orders map[string][]simspec.OrderSpec
	// Chance holds actions' `chance:` by action name: the probability
	// that a simulated action's effects apply (sim.Config.Chance).
	Chance map[string]float64
	// Timeouts and Backoffs hold actions' `timeout:` and `backoff:` in
	// ticks, by action name (for simulated agents).
	Timeouts, Backoffs map[string]float64
	// GoalRules are the goals' valid_when: and relevancy:, by goal name
	// (for simulated agents; the planner ignores them).
	GoalRules map[string]simspec.GoalRule
	// Objects are the file's `objects:`, in file order, then the map's.
	Objects []Object
	// Map is the file's `map:` (nil without one); Doors names its doors,
	// whose state is the world facts open(NAME) and locked(NAME).
	Map   *space.Grid
	Doors []string
	// Places gives, by ground action name, the cell where the action is
	// performed (its at:): a simulated agent walks there first.
	Places map[string][2]int
	// Uses gives, by ground action name, the object the action uses
	// (its uses:): one agent at a time (sim.Config.Uses).
	Uses map[string]string
	// AgentsBlock is the map's agents_block: agents stand in each other's
	// way (sim.Config.AgentsBlock).
	AgentsBlock bool
	// ShuffleTurns is `turns: shuffled`: simulated agents act each tick
	// in an order drawn from the run's seed (sim.Config.ShuffleTurns).
	ShuffleTurns bool
	// SwapSpawns is `swap_spawns:`, pairs of the map's points that trade
	// places on even seeds (sim.Config.SwapSpawns).
	SwapSpawns [][2]string

	pos map[posKey]Position
}

// Kind says what a name given to File.Pos refers to.
type Kind uint8

// The kinds of named things in a file.
const (
	KindFact   Kind = iota // a fact: its declaration, or its first mention
	KindAction             // an action: its list item
	KindGoal               // a goal of `goals:`: its list item
	KindObject             // an object: its entry in objects:, or its cell in map:
)

// String names the kind: "fact", "action", "goal" or "object".
func (k Kind) String() string {
	switch k {
	case KindFact:
		return "fact"
	case KindAction:
		return "action"
	case KindGoal:
		return "goal"
	case KindObject:
		return "object"
	}
	return "kind?"
}

// posKey indexes File.pos.
type posKey struct {
	kind Kind
	name string
}

// Pos returns where the named fact, action or goal is defined in the
// file: an action's or goal's list item, a fact's declaration under
// `facts:` or, for an undeclared fact, its first mention. It returns the
// zero Position for unknown names.
func (f *File) Pos(kind Kind, name string) Position {
	return f.pos[posKey{kind, name}]
}
