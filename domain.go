package goap

import (
	"fmt"
	"math/bits"
	"strings"

	"github.com/goap-go/goap/internal/echo"
)

// FactID identifies a fact of a compiled Domain (0..NumFacts-1).
type FactID int32

// ActionID identifies an action of a compiled Domain, in the order of
// Spec.Actions.
type ActionID int32

// maxActions is the most actions a domain may hold: a search node keeps
// its action in 29 bits (see node), which no domain that fits in memory
// comes near.
const maxActions = 1<<28 - 1

// Domain is a compiled, validated Spec: fact names are interned to small
// integers and every condition and effect is packed into mask/value pairs
// over a state of machine words. A Domain is immutable and safe for
// concurrent use.
type Domain struct {
	name   string
	facts  []factInfo
	byName map[string]FactID
	// valueAt maps each long enum's values to their indexes, by fact
	// (nil without one; Fact.Number scans short ones): compiling a
	// 4,096-cell map's 16,000 moves scanned its values 32,000 times (2 s).
	valueAt map[string]map[string]int32
	actions []action
	actByNm map[string]ActionID
	goals   []*Target
	words   int // uint64 words per state
	atoms   int // heuristic atoms: one per value of every fact
	start   []uint64
	ix      *atomIndex
	reach   *reachIndex
	bitFact []FactID   // per state bit: the fact whose field holds it
	all     []ActionID // every action, in order
	hooks   bool       // some action has a CostFunc or Check
	ops     []wordOp   // the actions' preOps and effOps
	// the actions that write fact f are writers[writerAt[f]:writerAt[f+1]]
	writerAt []int32
	writers  []ActionID
	// binds says what each action was grounded from (nil when no action
	// is lifted); objects are the Spec's objects.
	binds    []binding
	objects  []Object
	byLifted map[string][]ActionID // a lifted action's ground actions
	// lift is what WithObjects grounds more from (nil when the Spec
	// has no objects, types or lifted actions).
	lift *liftState
}

type factInfo struct {
	Fact
	size  int // number of values
	word  int
	shift uint
	mask  uint64 // field mask within its word (already shifted)
	atom  int    // first heuristic atom
	raw0  uint64 // default, as a raw field value (value-Min or enum index)
	gone  bool   // a fact of an object WithObjects removed
}

// manyValues is the number of enum values from which a domain keeps a
// map from value to index (Domain.valueAt).
const manyValues = 32

// number is f.Number, through d.valueAt for a long enum.
func (d *Domain) number(f *factInfo, v any) (int, bool) {
	if m := d.valueAt[f.Name]; m != nil {
		if s, ok := v.(string); ok {
			i, ok := m[s]
			return int(i), ok
		}
	}
	return f.Number(v)
}

// numCond is a comparison that mask/value pairs cannot express. Values are
// raw field values (value - Min), so comparisons keep their order.
type numCond struct {
	fact  FactID
	word  int32
	shift uint8
	op    Op
	val   int64
	field uint64 // unshifted field mask
}

func (c *numCond) holds(w []uint64) bool {
	return c.cmp(int64((w[c.word] >> c.shift) & c.field))
}

// numEffect adds delta to an integer field; the action is inapplicable
// when the result would leave 0..limit (the declared bounds).
type numEffect struct {
	fact  FactID
	word  int32
	shift uint8
	delta int64
	limit int64
	field uint64
}

// apply returns the word to, which holds the effect's field, with the
// field set to its value in the word from plus delta, and whether that
// value stays within the declared bounds (the action applies).
func (e *numEffect) apply(from, to uint64) (uint64, bool) {
	v := int64((from>>e.shift)&e.field) + e.delta
	return to&^(e.field<<e.shift) | uint64(v)<<e.shift, v >= 0 && v <= e.limit
}

// condSet is a compiled conjunction of conditions.
type condSet struct {
	mask, val []uint64  // equality on fields, per word
	num       []numCond // everything else
	groups    []group   // the same conditions as sets of heuristic atoms
}

// group is one condition seen by the relaxed heuristics: satisfied when
// any of its atoms holds.
type group struct {
	fact  FactID
	atoms []int32
}

// wordOp is one word of a sparse condition or effect. As a condition the
// state's word i must satisfy x&m == v; as an effect x becomes x&^m | v.
type wordOp struct {
	m, v uint64
	i    int32
}

// holdsOps reports whether the sparse words ops (an action's preOps)
// hold in w.
func holdsOps(ops []wordOp, w []uint64) bool {
	for _, o := range ops {
		if w[o.i]&o.m != o.v {
			return false
		}
	}
	return true
}

func (c *condSet) holds(w []uint64) bool {
	for i, m := range c.mask {
		if w[i]&m != c.val[i] {
			return false
		}
	}
	for i := range c.num {
		if !c.num[i].holds(w) {
			return false
		}
	}
	return true
}

type action struct {
	name     string
	cost     float64
	costFunc func(State) float64
	check    func(State) bool
	pre      condSet
	// preOps and effOps are the words the equality preconditions and the
	// set effects touch, in word order (pre.mask and pre.val are nil for
	// actions): slices of Domain.ops, so an action takes memory in
	// proportion to what it says, not to the domain's width.
	preOps, effOps []wordOp
	effNum         []numEffect
	setAtoms       []int32  // atoms made true by set effects
	deltas         []delta  // add/subtract effects, for the heuristics
	writes         []FactID // facts the effects touch
	reads          []FactID // facts the preconditions read
	gone           bool     // an action of an object WithObjects removed
}

type delta struct {
	fact FactID
	n    int
}

// SpecError reports one problem in a Spec. Action and Goal name the
// offending action or goal (when there is one) and Fact the fact involved.
type SpecError struct {
	Domain string
	Action string // "" when the problem is not in an action
	Goal   string // "" when the problem is not in a goal
	Fact   string // "" when no single fact is involved
	// Part names the part of the action, goal or declaration at fault:
	// "name", "cost", "priority", "preconditions", "effects", "desired"
	// or "facts" (a declaration).
	Part string
	Msg  string
}

func (e *SpecError) Error() string {
	var b strings.Builder
	// Names come from the user: cut, so that a 50 MB name does not bury
	// the message.
	if e.Domain != "" {
		b.WriteString(echo.Cut(e.Domain))
		b.WriteString(": ")
	}
	switch {
	case e.Action != "":
		fmt.Fprintf(&b, "action %s: ", echo.Quote(e.Action))
	case e.Goal != "":
		fmt.Fprintf(&b, "goal %s: ", echo.Quote(e.Goal))
	}
	if e.Fact != "" {
		fmt.Fprintf(&b, "fact %s: ", echo.Quote(e.Fact))
	}
	b.WriteString(e.Msg)
	return b.String()
}

// Name returns the domain's name.
func (d *Domain) Name() string { return d.name }

// NumFacts returns the number of facts.
func (d *Domain) NumFacts() int { return len(d.facts) }

// Fact returns the declaration of fact id (undeclared facts show as
// booleans).
func (d *Domain) Fact(id FactID) Fact {
	f := d.facts[id].Fact
	f.Values = append([]string(nil), f.Values...)
	return f
}

// FactID returns the ID of the named fact.
func (d *Domain) FactID(name string) (FactID, bool) {
	id, ok := d.byName[name]
	return id, ok
}

// FactNames returns every fact name in ID order.
func (d *Domain) FactNames() []string {
	out := make([]string, len(d.facts))
	for i := range d.facts {
		out[i] = d.facts[i].Name
	}
	return out
}

// NumActions returns the number of actions.
func (d *Domain) NumActions() int { return len(d.actions) }

// ActionName returns the name of action id.
func (d *Domain) ActionName(id ActionID) string { return d.actions[id].name }

// ActionCost returns the static cost of action id (CostFunc aside).
func (d *Domain) ActionCost(id ActionID) float64 { return d.actions[id].cost }

// ActionID returns the ID of the named action.
func (d *Domain) ActionID(name string) (ActionID, bool) {
	id, ok := d.actByNm[name]
	return id, ok
}

// ActionReads returns the facts that action id's preconditions name.
func (d *Domain) ActionReads(id ActionID) []FactID {
	return append([]FactID(nil), d.actions[id].reads...)
}

// ActionWrites returns the facts that action id's effects change.
func (d *Domain) ActionWrites(id ActionID) []FactID {
	return append([]FactID(nil), d.actions[id].writes...)
}

// ActionPre returns action id's preconditions, one Cond per fact they
// name, in the order of the facts' names.
func (d *Domain) ActionPre(id ActionID) []Cond {
	return d.condList(d.actions[id].pre.groups)
}

// condList wraps compiled condition groups as Conds.
func (d *Domain) condList(groups []group) []Cond {
	out := make([]Cond, len(groups))
	for i, g := range groups {
		out[i] = Cond{d: d, g: g}
	}
	return out
}

// Cond is one compiled condition of an action's preconditions or of a
// Target: the values of one fact that meet it, as the planner tests
// them. Domain.ActionPre and Target.Conds list them. The zero Cond is
// met by no value.
type Cond struct {
	d *Domain
	g group
}

// Fact returns the fact the condition is on.
func (c Cond) Fact() FactID { return c.g.fact }

// Holds reports whether the fact's value v (a number as State.Get
// returns it) meets the condition. Values outside the fact's bounds
// meet none.
func (c Cond) Holds(v int) bool {
	if c.d == nil {
		return false
	}
	f := &c.d.facts[c.g.fact]
	raw := v - f.Min
	if raw < 0 || raw >= f.size {
		return false
	}
	return containsAtom(c.g.atoms, int32(f.atom+raw))
}

// String describes the condition as Target.String and Target.Unmet do:
// "armed", "!armed", "ammo>=1", "at=shop", "at in {home,mine}".
func (c Cond) String() string {
	if c.d == nil {
		return ""
	}
	return describeGroup(c.d, c.g)
}

// Goals returns the domain's goals in Spec order.
func (d *Domain) Goals() []*Target { return append([]*Target(nil), d.goals...) }

// Goal returns the named goal.
func (d *Domain) Goal(name string) (*Target, bool) {
	for _, g := range d.goals {
		if g.name == name {
			return g, true
		}
	}
	return nil, false
}

// Words returns how many 64-bit words hold one state.
func (d *Domain) Words() int { return d.words }

// MaxCost is the largest cost an action may have. The bound keeps the
// cost of any plan finite: summing huge costs could overflow to infinity.
const MaxCost = 1e15

func validCost(c float64) bool { return c >= 0 && c <= MaxCost } // false for NaN

// ActionNames returns the names of the given actions, e.g. of a plan.
func (d *Domain) ActionNames(ids []ActionID) []string {
	out := make([]string, len(ids))
	for i, id := range ids {
		out[i] = d.actions[id].name
	}
	return out
}

func containsFact(list []FactID, f FactID) bool {
	for _, x := range list {
		if x == f {
			return true
		}
	}
	return false
}

// fieldOf returns the fact whose field holds bit in word i.
func (d *Domain) fieldOf(i int, bit uint64) *factInfo {
	return &d.facts[d.factAt(i, bit)]
}

// factAt returns the ID of the fact whose field holds bit in word i.
func (d *Domain) factAt(i int, bit uint64) FactID {
	return d.bitFact[i*64+bits.TrailingZeros64(bit)]
}
