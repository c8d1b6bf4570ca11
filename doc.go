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
//
// Words with one meaning each, across the module's packages:
//
//   - Goal (this package) declares a goal in a Spec: a name, desired
//     conditions and a priority. NewDomain compiles each into a *Target,
//     which Domain.Goal returns by name; Domain.Target compiles
//     conditions that no goal declares. The planner plans for Targets.
//   - agent.Goal is one entry of an agent's goal set: a Target with how
//     much the agent wants it (priority or relevancy) and whether it is
//     valid now. Where other packages name a goal by a string (squad
//     orders, recordings, events), the string is the Target's name.
//   - A designer file's `goals:` are Goals, its `goal:` a Target, and
//     each entry of its `tests:` a goapfile.Test.
package goap

// Where things are, bottom up. The model names nothing declared below it,
// the heuristics only the model and what they share with the search
// (TestLayersOwnTheirNames); the search loops and the planner work on one
// search state, declared in planner.go, and share the types of options.go
// and result.go.
//
// The compiled model:
//
//	spec.go             Spec, Fact, Action, Goal, Conds, Effects: a domain as written
//	domain.go           Domain: facts laid out in words, actions and conditions as mask/value pairs
//	compile.go          NewDomain, NewDomainContext: validating and compiling a Spec
//	compile_cond.go     conditions and effects compiled fact by fact into actions and condition sets
//	lifted.go           objects, fact families, static relations: lifted actions grounded for NewDomain
//	lifted_act.go       a lifted action parsed once and ground binding by binding
//	grounded.go         ground actions compiled straight from their lifted action's parsed conditions
//	incr.go             Domain.WithObjects: objects added and removed without compiling anew; Convert
//	state.go            State: packed world states; Domain.Apply
//	target.go           Target: compiled goals, their relevant actions, their independent parts
//	atoms.go            the atoms (one per fact value), indexed for the relaxed heuristics
//	errors.go           the errors of plan calls and the check of a call's start and target
//
// What the heuristics and the search share:
//
//	heap.go             the binary heap (the open list, the relaxed explorations)
//	deadline.go         the work meter: deadlines and cancellation read by work done
//
// The heuristics, over the atoms:
//
//	hmax.go             h_max and h_add
//	reach.go            relaxed reachability; Domain.Reachable
//	lmcut.go            LM-cut: its rounds, and the reuse of a parent's landmarks
//	lmcut_build.go      LM-cut's compiled task, once per plan setup
//	lmcut_hmax.go       LM-cut's h_max, from scratch and lowered after each cut
//	lmcut_resources.go  the resource bound for add/subtract effects
//
// The search: the search state (planner.go) and the loops over it, listed
// at stepOwn:
//
//	step.go             a step of a search: the loops' dispatch, settling a reached state, expanding a node, the result
//	table.go            the state table: open addressing over the nodes; wide states in pages
//	nodes.go            the node arena: a first page grown by append, then pages never copied
//	openbuckets.go      the open list of searches with estimates: 4-byte entries in buckets by key
//	openlist.go         the open list (buckets by key, or bucket queue) and its tie rule
//	estimate.go         a search's estimates: the heuristics applied to a plan call; LM-cut's deferred ones
//	astar.go            the reference A* loop, which every other loop matches
//	forward_blind.go    forward, one-word states, blind, integer costs
//	forward_one.go      forward, one-word states
//	forward_wide.go     forward, wider states: the successor index
//	stubborn.go         partial-order reduction in forward LM-cut search: strong stubborn sets
//	backward.go         backward (regression) search
//	portfolio.go        Auto: forward blind, backward and LM-cut searches in turns
//	parts.go            Auto: a goal split into independent parts, planned part by part
//	symmetry.go         interchangeable objects in the search: canonical states, twin children skipped, the plan replayed
//	symmetry_detect.go  interchangeable objects found: bundles from the fact names, verified per plan setup
//	idastar.go          IDA*, for Options.MemoryBounded
//	memory.go           Options.MaxMemory: the search's memory, checked as it grows
//
// The planner, what callers use:
//
//	options.go          Options, Direction, Heuristic
//	result.go           Status, Result, Result.Failure
//	planner.go          Planner, the search state, and the preparation of a plan call
//	search.go           Plan, Start and the Search handle
//	explain.go          Result.Why: why no plan exists
//	tree.go             Search.Tree: the search tree
