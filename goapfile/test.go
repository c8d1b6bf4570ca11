package goapfile

import (
	"math"
	"strconv"

	"github.com/goap-go/goap"
)

// Test is one entry of a file's `tests:`: a start state, a goal and
// what planning from one to the other is expected to give. Package
// filetest runs them.
type Test struct {
	// Name is the test's `name:`, or "test N" (N counts from 1).
	Name string
	// Pos is where the test starts in the file.
	Pos Position
	// Start is the file's (or the test's) `start:` with `set:` applied.
	Start goap.State
	// Goal is the test's goal, or the file's goal when the test gives
	// none.
	Goal *goap.Target
	// Exclude lists the actions of the test's `remove:`, which the
	// planner may not use in it (filetest passes them as
	// goap.Options.Exclude).
	Exclude []string

	// Cost, Plan and Steps, when not nil, are the expected optimal cost,
	// exact plan and plan length.
	Cost  *float64
	Plan  []string
	Steps *int
	// NoPlan expects that no plan exists.
	NoPlan bool
	// AlreadySatisfied expects that the start meets the goal: an empty
	// plan.
	//
	// A test with no expectation at all expects that some plan
	// exists.
	AlreadySatisfied bool

	// Sim, when not nil, makes the test a simulation of the file's
	// agents from Start instead of a plan call; Goal, Remove and the
	// expectations above are then unused.
	Sim *SimTest
}

// CostMatches reports whether cost is the cost sc expects, allowing for
// rounding in sums of fractions; it is true when sc expects no cost.
func (sc Test) CostMatches(cost float64) bool {
	return sc.Cost == nil || sameCost(*sc.Cost, cost)
}

// sameCost compares costs, allowing for rounding in sums of fractions.
func sameCost(a, b float64) bool {
	return math.Abs(a-b) <= 1e-9*math.Max(1, math.Max(math.Abs(a), math.Abs(b)))
}

// formatCost renders a cost as briefly as it can: 9, 2.5.
func formatCost(c float64) string { return strconv.FormatFloat(c, 'g', -1, 64) }
