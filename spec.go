package goap

import "fmt"

// Spec describes a planning domain before compilation: the facts of the
// world, the actions that change them and the goals an agent may pursue.
// Pass it to NewDomain.
type Spec struct {
	// Name is used in error messages and debug output only.
	Name string
	// Facts declares facts. Declarations are optional for booleans: a
	// fact that is named in a condition or effect but not declared is a
	// boolean. Integer and enum facts must be declared.
	Facts []Fact
	// Actions are the operators the planner may use, in a fixed order
	// that also breaks ties between equally cheap plans.
	Actions []Action
	// Goals are named sets of desired conditions.
	Goals []Goal

	// Objects are the things lifted actions take as arguments (an enemy,
	// a cover point, a door), each of a type. See Action.Params.
	Objects []Object
	// Types lists types that may have no objects yet (every type an
	// object has is known without it), so that a parameter or a family
	// of such a type is not taken for a typo, and gives types their
	// parents (see Type).
	Types []Type
	// Static lists the atoms that hold for good, such as "adjacent(c1,c2)"
	// or "cover(c3)": every atom of their relations (here adjacent and
	// cover) that is not listed is false. A static relation is compiled
	// away: lifted actions' preconditions on it choose the bindings that
	// are grounded, and nothing else may name it.
	Static []string
}

// Object is a thing lifted actions take as an argument. Its name appears
// in ground fact and action names ("alive(r2)", "Shoot(r2)"), so it may
// not contain '(', ')', ',' or spaces, nor start with '?'.
type Object struct {
	Name string
	Type string
}

// Type declares a type. When Parent is set, the type is a subtype of
// it: an object of the type is an object of its parent too (and of the
// parent's parent), so a parameter, a family argument or a ValuesOf of
// the parent takes it. A parent need not be listed itself; a type may
// not be its own ancestor.
type Type struct {
	Name   string
	Parent string
}

// Param is a typed parameter of a lifted action. Its conditions, effects
// and values refer to it as "?" + Name: "alive(?t)", "at(?u)": "?to". It
// takes the objects of its Type and of the Type's subtypes.
type Param struct {
	Name string
	Type string
}

// FactKind says what values a fact holds.
type FactKind uint8

// The kinds of fact.
const (
	BoolFact FactKind = iota // true or false; default false
	IntFact                  // an integer between Min and Max
	EnumFact                 // one of a list of named values
)

func (k FactKind) String() string {
	switch k {
	case BoolFact:
		return "bool"
	case IntFact:
		return "int"
	case EnumFact:
		return "enum"
	}
	return fmt.Sprintf("FactKind(%d)", int(k))
}

// MaxIntRange is the largest number of distinct values (Max-Min+1) an
// integer fact may have. The bound keeps the state space finite and the
// relaxed-planning heuristics, which reason about each value, cheap.
const MaxIntRange = 1 << 16

// Fact declares one fact of the world.
type Fact struct {
	Name string
	Kind FactKind
	// Min, Max and Default apply to integer facts.
	Min, Max, Default int
	// Values lists an enum fact's values; its default is DefaultValue, or
	// the first value when DefaultValue is empty.
	Values       []string
	DefaultValue string

	// Args, when set, makes the declaration a family: one fact per tuple
	// of objects of these types, named Name(a,b) ("hp(r1)", "hp(r2)"),
	// each with this declaration's kind, bounds and default. Boolean
	// families need no declaration: a name such as "alive(r1)" is a
	// boolean like any other.
	Args []string
	// ValuesOf makes an enum's values the objects of this type, after
	// Values ("none", then every cover point), in the order of
	// Spec.Objects.
	ValuesOf string
}

// Bool declares a boolean fact (default false).
func Bool(name string) Fact { return Fact{Name: name, Kind: BoolFact} }

// Int declares an integer fact with inclusive bounds and a default value.
func Int(name string, min, max, def int) Fact {
	return Fact{Name: name, Kind: IntFact, Min: min, Max: max, Default: def}
}

// Enum declares a fact that holds one of the named values; the first value
// is the default.
func Enum(name string, values ...string) Fact {
	return Fact{Name: name, Kind: EnumFact, Values: values}
}

// Conds maps fact names to required values. A value is a bool (boolean
// facts), an int (integer facts), a string (enum facts), or a Compare built
// with Eq, Ne, Lt, Le, Gt or Ge.
type Conds map[string]any

// Effects maps fact names to what an action does to them: a bool, int or
// string sets the fact; a Delta built with Add or Sub changes an integer.
type Effects map[string]any

// Action is an operator: it may run when its preconditions hold, and then
// applies its effects at a cost.
type Action struct {
	Name string
	// Cost must be between 0 and MaxCost.
	//
	// An Action without Cost costs 0, not 1 as in designer files: a
	// zero-cost action is free to the planner, which then prefers plans
	// that use it however long they get, and among plans of free actions
	// any one is "cheapest". Zero is legitimate (bookkeeping steps,
	// instant reactions), so it is not an error: set every cost
	// explicitly.
	Cost    float64
	Pre     Conds
	Effects Effects

	// CostFunc, when set, replaces Cost. It is called at most once per
	// action per plan call, before the search starts, with the plan's
	// start state; the result is used for every use of the action in that
	// search. It must return a value between 0 and MaxCost, or the plan
	// call fails.
	CostFunc func(start State) float64
	// Check is a context precondition (Orkin, Pittman): a procedural test
	// that the facts cannot express, such as "a path to the target
	// exists". It is called at most once per action per plan call, before
	// the search starts, with the start state; when it returns false the
	// action is left out of that search.
	Check func(start State) bool

	// Params makes the action lifted: NewDomain grounds it into one
	// action per binding of objects to its parameters, named
	// Name(a,b) ("Shoot(r2)", "Move(b2,c3)"). Its conditions and effects
	// name facts with "?param" arguments ("alive(?t)") and may use
	// "?param" as an enum value. The precondition "=(?a,?b)": false
	// keeps the bindings where a and b are two objects (true: one). Bindings that cannot matter are not
	// grounded: those whose static preconditions (Spec.Static) fail,
	// those Where refuses, those whose preconditions contradict each
	// other and those whose effects change nothing their preconditions
	// do not already require.
	Params []Param
	// Where, when set on a lifted action, is called once per candidate
	// binding at compile time; only bindings it accepts are grounded.
	Where func(args []string) bool
	// ArgCost, when set on a lifted action, gives each binding its cost
	// at compile time (the distance from ?from to ?to), replacing Cost.
	ArgCost func(args []string) float64
	// ArgCostFunc and ArgCheck are CostFunc and Check for a lifted
	// action: called as those are, with the binding's arguments too.
	ArgCostFunc func(start State, args []string) float64
	ArgCheck    func(start State, args []string) bool
}

// Goal is a named set of desired conditions with a priority (higher is
// more important). The planner itself ignores the priority; goal selection
// uses it.
type Goal struct {
	Name     string
	Desired  Conds
	Priority float64
}

// Op is a comparison operator in a condition.
type Op uint8

// The comparison operators.
const (
	OpEq Op = iota
	OpNe
	OpLt
	OpLe
	OpGt
	OpGe
)

var opNames = [...]string{"=", "!=", "<", "<=", ">", ">="}

func (o Op) String() string {
	if int(o) < len(opNames) {
		return opNames[o]
	}
	return fmt.Sprintf("Op(%d)", int(o))
}

// Compare is a condition on a fact other than plain equality: Op applied to
// the fact's value and Value (an int, bool or enum name).
type Compare struct {
	Op    Op
	Value any
}

// Eq requires the fact to equal v.
func Eq(v any) Compare { return Compare{OpEq, v} }

// Ne requires the fact to differ from v.
func Ne(v any) Compare { return Compare{OpNe, v} }

// Lt requires an integer fact to be less than n.
func Lt(n int) Compare { return Compare{OpLt, n} }

// Le requires an integer fact to be at most n.
func Le(n int) Compare { return Compare{OpLe, n} }

// Gt requires an integer fact to be greater than n.
func Gt(n int) Compare { return Compare{OpGt, n} }

// Ge requires an integer fact to be at least n.
func Ge(n int) Compare { return Compare{OpGe, n} }

// Delta is an effect that adds N (which may be negative) to an integer fact.
type Delta struct{ N int }

// Add returns an effect that adds n to an integer fact.
func Add(n int) Delta { return Delta{n} }

// Sub returns an effect that subtracts n from an integer fact.
func Sub(n int) Delta { return Delta{-n} }
