package goap

import "fmt"

// The options of a plan call (what it returns is in result.go).

// Direction selects which way the planner searches.
type Direction uint8

// Search directions.
const (
	// Auto runs several optimal searches in turns and returns the
	// result of whichever finishes first; each wins by orders of
	// magnitude on some domains (see BENCHMARKS.md). With AutoHeuristic:
	// forward uniform-cost search, backward search with h_max (when the
	// goal allows regression), and, after their first turns, forward
	// search with LM-cut, whose share of the work grows with how far its
	// estimates lead the others' progress. With Blind or HMax:
	// forward and backward search with that heuristic. With the other
	// heuristics, or NoPruning: forward search alone.
	//
	// Unless NoPruning is set, Auto first splits the goal into
	// independent parts: groups of conditions that no relevant action
	// links (none reads or writes facts of two groups). The cheapest plan
	// is then the cheapest plan of each part, one after the other, in the
	// order of the parts' first conditions, and each part is searched on
	// its own: n goals that n actions set one each take n expansions,
	// not 2^n. Target.Parts tells how many parts a goal has.
	Auto Direction = iota
	// Forward searches from the start state towards the goal.
	Forward
	// Backward (regressive) searches from the goal conditions towards the
	// start state over partial states, as F.E.A.R.'s planner does. It
	// needs conditions and effects that mask/value pairs express.
	Backward
)

func (d Direction) String() string {
	switch d {
	case Auto:
		return "auto"
	case Forward:
		return "forward"
	case Backward:
		return "backward"
	}
	return fmt.Sprintf("Direction(%d)", int(d))
}

// Heuristic selects the estimate of remaining cost that guides the search.
type Heuristic uint8

// Heuristics. AutoHeuristic, HMax, Blind and LMCut are admissible: with them
// (and no SuboptimalWeight) the plan found is the cheapest. The others may
// return a costlier plan and say so in their names.
const (
	// AutoHeuristic lets the planner choose: Blind for forward search and
	// HMax for backward search, which measured fastest on game-sized
	// domains (see BENCHMARKS.md): there, relevance pruning and the
	// relaxed reachability check leave so few states that computing h_max
	// at every state costs more than the states it saves.
	AutoHeuristic Heuristic = iota
	// HMax estimates the cost of the most expensive goal condition in
	// the delete relaxation. Admissible and consistent. In backward search
	// it is computed once per plan call, from the start state.
	HMax
	// Blind is uniform-cost search (Dijkstra): no estimate at all.
	Blind
	// HAddNotOptimal sums the relaxed costs of the goal conditions: more
	// informed than HMax, but it can overestimate, so plans may cost more
	// than the optimum.
	HAddNotOptimal
	// GoalCountNotOptimal counts unmet goal conditions (the estimate of
	// the classic GOAP write-ups). One action can meet several conditions
	// and costs can be below 1, so it is not admissible.
	GoalCountNotOptimal
	// LMCut is the LM-cut heuristic (Helmert & Domshlak 2009): a sum of
	// disjoint action landmarks of the delete relaxation, at least h_max
	// and often much closer to the optimum, at one h_max computation per
	// state plus an incremental update per landmark. Admissible but not
	// consistent: forward search reopens states reached more cheaply after
	// expansion. Add/subtract effects are relaxed to reach any value
	// they can give, and the estimate is then the larger of LM-cut and
	// h_max (which follows a count step by step): n chores that share a
	// count get n, where h_max sees one. Backward search uses h_max.
	LMCut
)

func (h Heuristic) String() string {
	switch h {
	case AutoHeuristic:
		return "auto"
	case HMax:
		return "hmax"
	case Blind:
		return "blind"
	case HAddNotOptimal:
		return "hadd-not-optimal"
	case GoalCountNotOptimal:
		return "goalcount-not-optimal"
	case LMCut:
		return "lmcut"
	}
	return fmt.Sprintf("Heuristic(%d)", int(h))
}

// Optimal reports whether the heuristic guarantees the cheapest plan.
func (h Heuristic) Optimal() bool { return h <= Blind || h == LMCut }

// Options tune a Planner. The zero value plans optimally, choosing the
// direction automatically.
type Options struct {
	Direction Direction
	Heuristic Heuristic
	// SuboptimalWeight > 1 runs weighted A*: f = g + w*h. The plan found
	// costs at most w times the optimum (with an admissible heuristic);
	// fewer nodes are expanded. 0 or 1 means optimal search. With the
	// Auto direction and heuristic, a search that outlasts the first
	// turn of forward blind search (256 expansions) goes on as weighted
	// forward LM-cut alone, since blind search has no estimate to weigh.
	SuboptimalWeight float64
	// MaxExpansions stops the search with LimitReached after that many
	// expansions (0: no limit).
	MaxExpansions int
	// MaxMemory stops the search with LimitReached, Result.Err wrapping
	// ErrMemoryLimit, before the memory it grows (nodes, states, table,
	// open list) would pass that many bytes with the next growth of its
	// largest array (0: no limit). It is checked whenever the table
	// doubles and every 64 expansions, never per node.
	MaxMemory int64
	// MemoryBounded bounds the search's memory to a quarter of MaxMemory
	// (32 MiB without it): A* runs first within that memory, and where
	// it does not fit, IDA* takes over: memory in proportion to the
	// plan's length and a transposition table within the same quarter,
	// at the price of expanding states again, iteration after iteration
	// (orders of magnitude slower than A* where A* fits, so A* goes
	// first). The plan is still a cheapest one with an admissible
	// heuristic (h_max when Heuristic is AutoHeuristic). IDA* searches
	// forward; MemoryBounded runs through Plan only (Start reports
	// Failed), and ignores SuboptimalWeight.
	MemoryBounded bool
	// Exclude lists actions this planner may not use, e.g. to give one
	// agent a subset of a shared domain's actions, or to model a level
	// without ammo pickups. It is read at the start of each plan call.
	Exclude []ActionID
	// CostOverrides give actions other costs for this planner ("costs are
	// behaviour": a coward and a brute share a domain, with different
	// costs for Attack and Flee). An override replaces the action's cost,
	// its CostFunc included. Read at the start of each plan call.
	CostOverrides []CostOverride
	// NoPruning keeps actions that cannot contribute to the goal and
	// compares states on every fact. Pruning never changes the cost of the
	// plan found; this option exists to measure it.
	NoPruning bool
	// NoSymmetry turns off the search over interchangeable objects:
	// where swapping the facts of two objects (or of two numbered sets of
	// facts, "incart3" and "delivered3") maps the goal and the usable
	// actions onto themselves, forward search stores one state for all
	// the states that differ only by such swaps, and replays the plan on
	// real states (symmetry.go). It never changes the cost of the plan
	// found; this option exists to compare.
	NoSymmetry bool
}

// validate rejects option values the planner does not know.
func (o *Options) validate() error {
	switch {
	case o.Direction > Backward:
		return badCall("goap: unknown search direction %v", o.Direction)
	case o.Heuristic > LMCut:
		return badCall("goap: unknown heuristic %v", o.Heuristic)
	case !(o.SuboptimalWeight >= 0 && o.SuboptimalWeight <= MaxWeight):
		return badCall("goap: SuboptimalWeight must be a number from 0 to %g, got %v", float64(MaxWeight), o.SuboptimalWeight)
	case o.MaxExpansions < 0:
		return badCall("goap: MaxExpansions must be >= 0, got %d", o.MaxExpansions)
	case o.MaxMemory < 0:
		return badCall("goap: MaxMemory must be >= 0, got %d", o.MaxMemory)
	}
	for _, c := range o.CostOverrides {
		if !validCost(c.Cost) {
			return &callError{ErrBadCost, fmt.Sprintf("goap: CostOverrides: cost %v of action %d; costs must be numbers from 0 to %g", c.Cost, c.Action, MaxCost)}
		}
	}
	return nil
}

// CostOverride is an action's cost for one planner (Options.CostOverrides).
type CostOverride struct {
	Action ActionID
	Cost   float64
}

// MaxWeight is the largest SuboptimalWeight; beyond it weighted A* is
// greedy search in all but name, and an infinite weight would make
// g + w*h undefined when h is 0.
const MaxWeight = 1e6
