// Package goap is a Goal-Oriented Action Planning core: a domain model of
// facts, actions and goals, a compiler that packs world states into machine
// words, and planners that find the cheapest sequence of actions reaching a
// goal.
//
// A domain is described with plain Go values (a Spec) and compiled once with
// NewDomain. The compiled *Domain is immutable and may be shared by any
// number of goroutines; each goroutine plans with its own *Planner, which
// reuses its memory from one call to the next.
//
// Semantics:
//
//   - Closed world: a boolean fact that is not set is false, an integer or
//     enum fact that is not set holds its declared default.
//   - Preconditions and goals are partial: only the facts they name matter.
//   - Integer conditions compare (=, !=, <, <=, >, >=); integer effects set,
//     add or subtract. An effect that would leave the declared bounds makes
//     the action inapplicable in that state.
//   - Costs are between 0 and MaxCost; zero and fractions are allowed.
//
// The planner returns the cheapest plan unless the caller selects one of
// the modes whose names say they are not optimal (see Heuristic and
// Options.SuboptimalWeight). Ties between equally cheap plans are broken
// the same way on every run.
package goap

// Where things are: the domain model and its compiler (spec.go, domain.go,
// compile.go, state.go, target.go); Plan, Start and the Search handle
// (search.go) over the Planner (planner.go); the reference A* loop
// (astar.go) and its specialised forms (forward_blind.go, forward_one.go,
// forward_wide.go, backward.go), listed at stepOwn; the open list and the
// state table (openlist.go, table.go); the heuristics (hmax.go, lmcut.go)
// and relaxed reachability (reach.go); the Auto portfolio (portfolio.go) and goals split into
// independent parts (parts.go);
// IDA* (idastar.go); limits (deadline.go, memory.go); the no-plan
// explanation (explain.go) and the search tree (tree.go).
