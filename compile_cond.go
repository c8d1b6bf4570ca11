package goap

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"

	"github.com/goap-go/goap/internal/echo"

	"github.com/goap-go/goap/internal/names"

	"github.com/goap-go/goap/internal/suggest"
)

// Conditions and effects compiled into an action or a condition set: fact
// by fact, their values checked and packed.

// factKey names the fact of a condition or an effect for error messages:
// as written, or a ground action's, made when needed.
type factKey struct {
	name string
	ref  *liftedRef
	b    []string
}

func (k *factKey) String() string {
	if k.ref != nil {
		return k.ref.ground(k.b)
	}
	return k.name
}

// newAction starts compiling an action, checking its name and cost
// (checkName false: the name is known to be valid, only not to be taken),
// and returns it, the last of d.actions, to be filled in place until
// addAction.
func (c *compiler) newAction(name string, cost float64, costFunc func(State) float64, check func(State) bool, checkName bool) *action {
	d := c.d
	c.part = "name"
	if name == "" {
		c.fail("", "", "", "action #%d has no name", len(d.actions)+1)
	} else if _, dup := d.actByNm[name]; dup {
		c.fail(name, "", "", "duplicate action name")
	} else if msg := names.Problem(name); checkName && msg != "" {
		c.fail(name, "", "", "the action's name %s", msg)
	}
	c.part = "cost"
	if !validCost(cost) {
		c.fail(name, "", "", "cost must be a number from 0 to %g, got %v", MaxCost, cost)
	}
	d.actions = append(d.actions, action{name: name, cost: cost, costFunc: costFunc, check: check})
	return &d.actions[len(d.actions)-1]
}

// effect compiles the effect of ca on fact id to v.
func (c *compiler) effect(ca *action, id FactID, v any, key *factKey) {
	d := c.d
	pm, pv, em, ev := c.dense[0], c.dense[1], c.dense[2], c.dense[3]
	f := &d.facts[id]
	if dl, ok := v.(Delta); ok {
		ca.writes = append(ca.writes, id)
		if f.Kind != IntFact {
			c.fail(ca.name, "", key.String(), "add/subtract needs an int fact, this one is %v", f.Kind)
			return
		}
		if dl.N == 0 {
			c.fail(ca.name, "", key.String(), "adding 0 changes nothing")
			return
		}
		if dl.N >= f.size || -dl.N >= f.size {
			c.fail(ca.name, "", key.String(), "adding %d always leaves the bounds %d..%d", dl.N, f.Min, f.Max)
			return
		}
		ca.effNum = append(ca.effNum, numEffect{fact: id, word: int32(f.word), shift: uint8(f.shift),
			delta: int64(dl.N), limit: int64(f.size - 1), field: f.mask >> f.shift})
		ca.deltas = append(ca.deltas, delta{id, dl.N})
		return
	}
	raw, err := c.rawValue(f, v)
	if err != "" {
		c.fail(ca.name, "", key.String(), "effect %s", err)
		return
	}
	if pm[f.word]&f.mask == f.mask && pv[f.word]&f.mask == raw<<f.shift {
		// The precondition already holds this value: the effect
		// changes nothing and is dropped, so that the action does
		// not count as writing the fact. Relevance analysis would
		// otherwise keep every action that "sets" a shared fact it
		// requires (PDDL's delete-then-add of a channel in rovers
		// kept 33 useless actions, which weakened LM-cut).
		return
	}
	ca.writes = append(ca.writes, id)
	em[f.word] |= f.mask
	ev[f.word] |= raw << f.shift
	ca.setAtoms = append(ca.setAtoms, int32(f.atom)+int32(raw))
}

// addAction finishes compiling ca, the last action newAction started.
func (c *compiler) addAction(ca *action) {
	d := c.d
	pm, pv, em, ev := c.dense[0], c.dense[1], c.dense[2], c.dense[3]
	for _, g := range ca.pre.groups {
		ca.reads = append(ca.reads, g.fact)
	}
	for _, dl := range ca.deltas {
		// Whether an add/subtract stays in bounds depends on the current
		// value, so the action reads the fact as well as writing it.
		if !containsFact(ca.reads, dl.fact) {
			ca.reads = append(ca.reads, dl.fact)
		}
	}
	if ca.name != "" {
		d.actByNm[ca.name] = ActionID(len(d.actions) - 1)
	}
	// Only the words the action touches are kept: a domain's memory is
	// proportional to its spec, not to actions times facts.
	at := [3]int32{int32(len(c.ops))}
	c.ops = c.takeWords(c.ops, pm, pv, ca.reads)
	at[1] = int32(len(c.ops))
	c.ops = c.takeWords(c.ops, em, ev, ca.writes)
	at[2] = int32(len(c.ops))
	c.opAt = append(c.opAt, at)
	ca.pre.mask, ca.pre.val = nil, nil
}

// takeWords appends to ops the non-zero words of mask (with val) among
// the words the facts occupy, in word order, and zeroes them for the
// next action.
func (c *compiler) takeWords(ops []wordOp, mask, val []uint64, facts []FactID) []wordOp {
	idx := c.idx[:0]
	for _, f := range facts {
		w := int32(c.d.facts[f].word)
		if mask[w] != 0 && !slices.Contains(idx, w) {
			idx = append(idx, w)
		}
	}
	slices.Sort(idx)
	for _, w := range idx {
		ops = append(ops, wordOp{m: mask[w], v: val[w], i: w})
		mask[w], val[w] = 0, 0
	}
	c.idx = idx
	return ops
}

// rawValue converts a set-value (bool, int or enum name) to the fact's raw
// field value; on failure it returns a message.
func (c *compiler) rawValue(f *factInfo, v any) (uint64, string) {
	n, ok := c.d.number(f, v)
	switch {
	case !ok && f.Kind == BoolFact:
		return 0, fmt.Sprintf("wants true or false for a bool fact, got %s", describe(v))
	case !ok && f.Kind == IntFact:
		return 0, fmt.Sprintf("wants an integer for an int fact, got %s", describe(v))
	case !ok:
		if s, isName := v.(string); isName {
			return 0, echo.Sprintf("%q is not one of ", s) + strings.Join(f.Values, ", ") + suggest.Hint(s, f.Values)
		}
		return 0, fmt.Sprintf("wants one of %s, got %s", strings.Join(f.Values, ", "), describe(v))
	case f.Kind == IntFact && (n < f.Min || n > f.Max):
		return 0, fmt.Sprintf("value %d is outside %d..%d", n, f.Min, f.Max)
	case f.Kind == IntFact:
		return uint64(n - f.Min), ""
	}
	return uint64(n), ""
}

// Number converts v, a value of fact f as Conds, Effects and Domain.State
// take it (true or false; any Go integer, or a whole float64 as JSON
// gives; an enum value's name), to the number State.Get returns: 0 or 1,
// the integer, or the value's index. It reports false when v is no value
// of f's kind. It does not check an integer against Min and Max.
func (f Fact) Number(v any) (int, bool) {
	switch f.Kind {
	case BoolFact:
		b, ok := v.(bool)
		if b {
			return 1, ok
		}
		return 0, ok
	case EnumFact:
		s, ok := v.(string)
		if !ok {
			return 0, false
		}
		i := indexOf(f.Values, s)
		return max(i, 0), i >= 0
	}
	n, ok := asInt(v)
	if !ok || n < math.MinInt || n > math.MaxInt {
		return 0, false
	}
	return int(n), true
}

// conds compiles a condition map; action or goal names the owner for
// error messages.
func (c *compiler) conds(m Conds, action, goal string) condSet {
	return c.condsInto(m, action, goal, c.words(), c.words())
}

// condsInto is conds writing the equality conditions into mask and val,
// which must be zero.
func (c *compiler) condsInto(m Conds, action, goal string, mask, val []uint64) condSet {
	d := c.d
	c.part = "desired"
	if action != "" {
		c.part = "preconditions"
	}
	cs := condSet{mask: mask, val: val}
	for _, name := range sortedKeys(m) {
		id, ok := d.byName[name]
		if !ok {
			c.fail(action, goal, name, "unknown fact%s", suggest.Hint(name, d.FactNames()))
			continue
		}
		c.cond(&cs, id, m[name], action, goal, &factKey{name: name})
	}
	return cs
}

// cond adds to cs the condition v on fact id.
func (c *compiler) cond(cs *condSet, id FactID, v any, action, goal string, key *factKey) {
	f := &c.d.facts[id]
	op := OpEq
	if cmp, ok := v.(Compare); ok {
		op, v = cmp.Op, cmp.Value
		if op > OpGe {
			c.fail(action, goal, key.String(), "unknown comparison %v", op)
			return
		}
	}
	if op > OpNe && f.Kind != IntFact {
		c.fail(action, goal, key.String(), "%v needs an int fact, this one is %v", op, f.Kind)
		return
	}
	var raw int64
	if op > OpNe {
		n, ok := asInt(v)
		if !ok {
			c.fail(action, goal, key.String(), "%v wants an integer, got %s", op, describe(v))
			return
		}
		raw = n - int64(f.Min) // may lie outside the field: the comparison still works
	} else {
		r, err := c.rawValue(f, v)
		if err != "" {
			c.fail(action, goal, key.String(), "condition %s", err)
			return
		}
		raw = int64(r)
		if f.Kind == BoolFact && op == OpNe {
			op, raw = OpEq, raw^1
		}
	}
	// The values that meet the condition, from the range its operator
	// allows (cmp decides; the range only spares testing the others):
	// testing every value for every condition made compiling a grid of n
	// cells, each move needing one position, take n² steps (0.3 s for
	// 64x64).
	lo, hi := int64(0), int64(f.size)
	switch op {
	case OpEq:
		lo, hi = raw, raw+1
	case OpLt:
		hi = raw
	case OpLe:
		hi = raw + 1
	case OpGt:
		lo = raw + 1
	case OpGe:
		lo = raw
	}
	var atoms []int32
	nc := numCond{op: op, val: raw}
	for x := max(lo, 0); x < min(hi, int64(f.size)); x++ {
		if nc.cmp(x) {
			atoms = append(atoms, int32(f.atom)+int32(x))
		}
	}
	if len(atoms) == 0 {
		c.fail(action, goal, key.String(), "condition %v %s can never hold (bounds %d..%d)", op, describeValue(f, raw), f.Min, f.Max)
		return
	}
	cs.groups = append(cs.groups, group{fact: id, atoms: atoms})
	if len(atoms) == 1 { // a single value: a mask/value pair says it
		cs.mask[f.word] |= f.mask
		cs.val[f.word] |= uint64(atoms[0]-int32(f.atom)) << f.shift
		return
	}
	cs.num = append(cs.num, numCond{fact: id, word: int32(f.word), shift: uint8(f.shift), op: op, val: raw, field: f.mask >> f.shift})
}

func (c *numCond) cmp(v int64) bool {
	switch c.op {
	case OpEq:
		return v == c.val
	case OpNe:
		return v != c.val
	case OpLt:
		return v < c.val
	case OpLe:
		return v <= c.val
	case OpGt:
		return v > c.val
	default:
		return v >= c.val
	}
}

func describeValue(f *factInfo, raw int64) string {
	switch f.Kind {
	case BoolFact:
		return fmt.Sprint(raw == 1)
	case EnumFact:
		if raw >= 0 && raw < int64(len(f.Values)) {
			return f.Values[raw]
		}
	}
	return fmt.Sprint(raw + int64(f.Min))
}

func asInt(v any) (int64, bool) {
	switch n := v.(type) {
	case int:
		return int64(n), true
	case int8:
		return int64(n), true
	case int16:
		return int64(n), true
	case int32:
		return int64(n), true
	case int64:
		return n, true
	case uint8:
		return int64(n), true
	case uint16:
		return int64(n), true
	case uint32:
		return int64(n), true
	case uint:
		if uint64(n) <= math.MaxInt64 {
			return int64(n), true
		}
	case uint64:
		if n <= math.MaxInt64 {
			return int64(n), true
		}
	case float64: // JSON numbers arrive as float64
		if n == math.Trunc(n) && math.Abs(n) < 1<<53 {
			return int64(n), true
		}
	}
	return 0, false
}

func describe(v any) string {
	switch v := v.(type) {
	case nil:
		return "nothing"
	case string:
		return echo.Quote(v)
	case Delta:
		return fmt.Sprintf("add %d", v.N)
	}
	return fmt.Sprintf("%s (%T)", echo.Cut(fmt.Sprint(v)), v)
}

func indexOf(list []string, s string) int {
	for i, v := range list {
		if v == s {
			return i
		}
	}
	return -1
}

func sortedKeys[M ~map[string]V, V any](m M) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// pollActions is how many actions NewDomainContext compiles between two
// looks at its context: a few milliseconds of work at most.
const pollActions = 1024
