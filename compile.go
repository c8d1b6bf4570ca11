package goap

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/bits"
	"slices"
	"sort"
	"strings"

	"github.com/goap-go/goap/internal/echo"

	"github.com/goap-go/goap/internal/names"

	"github.com/goap-go/goap/internal/suggest"
)

// compiler collects errors while it builds a Domain.
type compiler struct {
	d    *Domain
	errs []error
	// pool backs the per-word mask/value slices of goals and targets, so
	// a domain holds few separate allocations.
	pool []uint64
	part string // see SpecError.Part
	// dense is the scratch of compileAction: the words of the action
	// being compiled (precondition mask and value, effect mask and
	// value), zero between actions.
	dense [4][]uint64
	// ops holds every action's words, preconditions then effects, which
	// compileAction records as offsets until the array stops growing.
	ops  []wordOp
	opAt [][3]int32 // per action: preconditions, effects, end in ops
	idx  []int32    // takeWords' scratch
	// keys are the facts of the ground actions' conditions and effects
	// (resolveAll), keyAt the next to compile; keyBuf, keyEnd and order
	// are resolveRefs' scratch.
	keys   []groundKey
	keyAt  int
	keyBuf []byte
	keyEnd []int
	order  []int
	names  nameArena // ground names
	// badNames are the undeclared fact names already reported as bad
	badNames map[string]bool
	// poll, when set, is NewDomainContext's check between pieces of work.
	poll func() error
	used []uint    // bits taken in each word of the layout
	g    *grounder // when the Spec is lifted
	// prevIx, when set (WithObjects adding objects), indexes the
	// domain's first prevActs actions: index extends it.
	prevIx   *atomIndex
	prevActs int
}

func (c *compiler) fail(action, goal, fact, format string, args ...any) {
	c.errs = append(c.errs, &SpecError{Domain: c.d.name, Action: action, Goal: goal, Fact: fact, Part: c.part, Msg: echo.Sprintf(format, args...)})
}

// NewDomain validates and compiles a Spec. All problems found are returned
// together, joined with errors.Join; each is a *SpecError naming the action,
// goal and fact involved.
func NewDomain(spec Spec) (*Domain, error) {
	return newDomain(spec, nil)
}

// newDomain is NewDomain, calling poll (when not nil) every pollActions
// actions and between the indexes, and returning its error, if any.
func newDomain(spec Spec, poll func() error) (*Domain, error) {
	d := &Domain{name: spec.Name, byName: map[string]FactID{}, actByNm: map[string]ActionID{}}
	c := &compiler{d: d, badNames: map[string]bool{}, poll: poll}
	orig := spec
	spec, acts := c.expand(spec)
	d.binds = bindings(acts)
	d.objects = slices.Clone(spec.Objects)
	d.indexLifted()
	if len(c.errs) > 0 {
		return nil, errors.Join(c.errs...)
	}
	if err := c.polled(); err != nil {
		return nil, err
	}
	return c.compile(spec, acts, orig)
}

// compile compiles spec, whose actions are acts when it was lifted (see
// expand), and returns the Domain; orig is the Spec as given.
func (c *compiler) compile(spec Spec, acts *actList, orig Spec) (*Domain, error) {
	d := c.d
	c.declareFacts(spec, acts)
	c.layout()
	for i := range c.dense {
		c.dense[i] = make([]uint64, d.words)
	}
	if acts == nil {
		d.actions = make([]action, 0, len(spec.Actions))
		for i := range spec.Actions {
			if err := c.pollAt(i); err != nil {
				return nil, err
			}
			c.compileAction(&spec.Actions[i])
		}
	} else {
		d.actions = make([]action, 0, acts.n)
		for i, a := range acts.all() {
			if err := c.pollAt(i); err != nil {
				return nil, err
			}
			if a.la == nil {
				c.compileAction(a.plain)
			} else {
				c.compileGround(a)
			}
		}
	}
	d.ops = c.ops
	for i, at := range c.opAt {
		a := &d.actions[i]
		a.preOps, a.effOps = d.ops[at[0]:at[1]:at[1]], d.ops[at[1]:at[2]:at[2]]
	}
	c.compileGoals(spec.Goals)
	if len(c.errs) > 0 {
		return nil, errors.Join(c.errs...)
	}
	if err := c.index(); err != nil {
		return nil, err
	}
	if c.g != nil {
		d.lift = c.g.keep(orig, c.used)
	}
	return d, nil
}

// compileGoals compiles the goals into d.goals.
func (c *compiler) compileGoals(goals []Goal) {
	d := c.d
	d.goals = nil
	goalNames := map[string]bool{}
	for i := range goals {
		g := &goals[i]
		c.part = "name"
		if g.Name == "" {
			c.fail("", "", "", "goal #%d has no name", i+1)
		} else if goalNames[g.Name] {
			c.fail("", g.Name, "", "duplicate goal name")
		} else if msg := names.Problem(g.Name); msg != "" {
			c.fail("", g.Name, "", "the goal's name %s", msg)
		}
		goalNames[g.Name] = true
		c.part = "priority"
		if math.IsNaN(g.Priority) || math.IsInf(g.Priority, 0) {
			c.fail("", g.Name, "", "priority must be a finite number, got %v", g.Priority)
		}
		t := &Target{d: d, name: g.Name, priority: g.Priority}
		t.cond = c.conds(g.Desired, "", g.Name)
		d.goals = append(d.goals, t)
	}
}

// index builds what the planner reads besides the actions: the writers of
// each fact, the atom and reachability indexes, the list of actions and
// the goals' relevant actions. Removed actions (WithObjects) are left out
// of all of them.
func (c *compiler) index() error {
	d := c.d
	d.indexWriters()
	if err := c.polled(); err != nil {
		return err
	}
	d.ix = buildAtomIndex(d, c.prevIx, c.prevActs)
	if err := c.polled(); err != nil {
		return err
	}
	d.reach = buildReachIndex(d, d.reach)
	d.all, d.hooks = nil, false
	for i := range d.actions {
		a := &d.actions[i]
		if a.gone {
			continue
		}
		d.all = append(d.all, ActionID(i))
		if a.costFunc != nil || a.check != nil {
			d.hooks = true
		}
	}
	for _, t := range d.goals {
		t.finish()
	}
	return nil
}

// indexWriters lists, for every fact, the actions that write it, for
// relevance analysis (Target.finish).
func (d *Domain) indexWriters() {
	d.writerAt = make([]int32, len(d.facts)+1)
	for i := range d.actions {
		if d.actions[i].gone {
			continue
		}
		for _, f := range d.actions[i].writes {
			d.writerAt[f+1]++
		}
	}
	for f := range d.facts {
		d.writerAt[f+1] += d.writerAt[f]
	}
	d.writers = make([]ActionID, d.writerAt[len(d.facts)])
	next := slices.Clone(d.writerAt[:len(d.facts)])
	for i := range d.actions {
		if d.actions[i].gone {
			continue
		}
		for _, f := range d.actions[i].writes {
			d.writers[next[f]] = ActionID(i)
			next[f]++
		}
	}
}

// declareFacts interns declared facts, then undeclared booleans in the
// order they are first named (actions, then goals; keys sorted), so fact
// IDs never depend on map iteration order. acts, when not nil, are the
// actions in place of spec's (see expand).
func (c *compiler) declareFacts(spec Spec, acts *actList) {
	c.part = "facts"
	for _, f := range spec.Facts {
		c.declare(f)
	}
	for i := range spec.Actions {
		c.addBools(&spec.Actions[i])
	}
	if acts != nil {
		c.resolveAll(acts)
	}
	for _, g := range spec.Goals {
		for _, k := range sortedKeys(g.Desired) {
			c.addBool(k)
		}
	}
}

// addBools declares the undeclared facts a's conditions and effects name
// as booleans.
func (c *compiler) addBools(a *Action) {
	for _, k := range sortedKeys(a.Pre) {
		c.addBool(k)
	}
	for _, k := range sortedKeys(a.Effects) {
		c.addBool(k)
	}
}

// addBool declares name as a boolean unless it is declared.
func (c *compiler) addBool(name string) {
	d := c.d
	if name == "" {
		return
	}
	if msg := names.Problem(name); msg != "" && !c.badNames[name] {
		// Reported once, and declared all the same, so that the
		// conditions naming it add no "unknown fact" errors.
		c.badNames[name] = true
		c.fail("", "", name, "the fact's name %s", msg)
	}
	if _, ok := d.byName[name]; !ok {
		d.byName[name] = FactID(len(d.facts))
		d.facts = append(d.facts, factInfo{Fact: Fact{Name: name, Kind: BoolFact, Max: 1}, size: 2})
	}
}

// declare interns the declared fact f.
func (c *compiler) declare(f Fact) {
	d := c.d
	if f.Name == "" {
		c.fail("", "", "", "a fact declaration has no name")
		return
	}
	if _, dup := d.byName[f.Name]; dup {
		c.fail("", "", f.Name, "declared twice")
		return
	}
	if msg := names.Problem(f.Name); msg != "" {
		c.fail("", "", f.Name, "the fact's name %s", msg)
		return
	}
	fi := factInfo{Fact: f}
	switch f.Kind {
	case BoolFact:
		fi.size = 2
		fi.Min, fi.Max = 0, 1
		if f.Default != 0 && f.Default != 1 {
			c.fail("", "", f.Name, "a boolean default must be 0 or 1, got %d", f.Default)
		}
		fi.raw0 = uint64(f.Default & 1)
	case IntFact:
		if f.Min > f.Max {
			c.fail("", "", f.Name, "min %d is greater than max %d", f.Min, f.Max)
			return
		}
		if span := int64(f.Max) - int64(f.Min) + 1; span > MaxIntRange || span <= 0 {
			c.fail("", "", f.Name, "range %d..%d has more than %d values", f.Min, f.Max, MaxIntRange)
			return
		}
		if f.Default < f.Min || f.Default > f.Max {
			c.fail("", "", f.Name, "default %d is outside %d..%d", f.Default, f.Min, f.Max)
			return
		}
		fi.size = f.Max - f.Min + 1
		fi.raw0 = uint64(f.Default - f.Min)
	case EnumFact:
		if len(f.Values) == 0 {
			c.fail("", "", f.Name, "an enum needs at least one value")
			return
		}
		if len(f.Values) > MaxIntRange {
			c.fail("", "", f.Name, "an enum may have at most %d values", MaxIntRange)
			return
		}
		seen := map[string]bool{}
		ok := true
		for _, v := range f.Values {
			if v == "" || seen[v] {
				c.fail("", "", f.Name, "enum value %q is empty or repeated", v)
				ok = false
			}
			if msg := names.Problem(v); msg != "" {
				c.fail("", "", f.Name, "enum value %q %s", v, msg)
				ok = false
			}
			seen[v] = true
		}
		if !ok {
			return
		}
		fi.Values = append([]string(nil), f.Values...)
		fi.size = len(f.Values)
		fi.Min, fi.Max = 0, len(f.Values)-1
		if f.DefaultValue != "" {
			idx := indexOf(f.Values, f.DefaultValue)
			if idx < 0 {
				c.fail("", "", f.Name, "default %q is not one of its values%s", f.DefaultValue, suggest.Hint(f.DefaultValue, f.Values))
				return
			}
			fi.raw0 = uint64(idx)
		}
	default:
		c.fail("", "", f.Name, "unknown kind %v", f.Kind)
		return
	}
	d.byName[f.Name] = FactID(len(d.facts))
	d.facts = append(d.facts, fi)
}

// layout packs fact fields into words: widest fields first (first fit),
// so no field straddles a word boundary.
func (c *compiler) layout() {
	d := c.d
	c.used = place(d.facts, 0, nil)
	d.words = max(len(c.used), 1)
	d.start = make([]uint64, d.words)
	d.bitFact = make([]FactID, 64*d.words)
	d.atoms = 0
	d.fill(0)
}

// place gives the facts from on a field each, widest first, in the first
// word with room (used counts the bits taken in each word), and returns
// the words' use.
func place(facts []factInfo, from int, used []uint) []uint {
	order := make([]int, len(facts)-from)
	for i := range order {
		order[i] = from + i
	}
	width := func(i int) uint { return max(uint(bits.Len(uint(facts[i].size-1))), 1) } // a one-value fact still gets a bit
	sort.SliceStable(order, func(a, b int) bool { return width(order[a]) > width(order[b]) })
	for _, i := range order {
		w := width(i)
		word := -1
		for j, u := range used {
			if u+w <= 64 {
				word = j
				break
			}
		}
		if word < 0 {
			used = append(used, 0)
			word = len(used) - 1
		}
		f := &facts[i]
		f.word, f.shift = word, used[word]
		f.mask = (uint64(1)<<w - 1) << f.shift
		used[word] += w
	}
	return used
}

// fill records the fields of the facts from on: their bits, their
// defaults in the start state and their atoms (after d.atoms).
func (d *Domain) fill(from int) {
	for id := from; id < len(d.facts); id++ {
		f := &d.facts[id]
		for m := f.mask; m != 0; m &= m - 1 {
			d.bitFact[f.word*64+bits.TrailingZeros64(m)] = FactID(id)
		}
		f.atom = d.atoms
		d.atoms += f.size
		d.start[f.word] |= f.raw0 << f.shift
	}
}

func (c *compiler) words() []uint64 {
	n := c.d.words
	if len(c.pool)+n > cap(c.pool) {
		c.pool = make([]uint64, 0, max(64*n, 256))
	}
	s := c.pool[len(c.pool) : len(c.pool)+n : len(c.pool)+n]
	c.pool = c.pool[:len(c.pool)+n]
	return s
}

func (c *compiler) compileAction(a *Action) {
	d := c.d
	ca := c.newAction(a.Name, a.Cost, a.CostFunc, a.Check, true)
	ca.pre = c.condsInto(a.Pre, a.Name, "", c.dense[0], c.dense[1])
	c.part = "effects"
	for _, name := range sortedKeys(a.Effects) {
		id, ok := d.byName[name]
		if !ok {
			c.fail(a.Name, "", name, "unknown fact%s", suggest.Hint(name, d.FactNames()))
			continue
		}
		c.effect(ca, id, a.Effects[name], &factKey{name: name})
	}
	c.addAction(ca)
}

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
	n, ok := f.Number(v)
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
	var atoms []int32
	for x := int64(0); x < int64(f.size); x++ {
		nc := numCond{op: op, val: raw}
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

// NewDomainContext is NewDomain stopping early, with ctx's error
// (context.Cause's, when the context was cancelled with a cause), when
// ctx is done before the domain is compiled. It looks at ctx every 1,024
// actions and between the indexes it builds, so that a deadline or a
// memory watchdog can stop the compiling of a domain of a million
// actions, which takes seconds and gigabytes.
func NewDomainContext(ctx context.Context, spec Spec) (*Domain, error) {
	if ctx.Done() == nil {
		return NewDomain(spec)
	}
	// Cause is nil until ctx is done, then its error or its cause.
	return newDomain(spec, func() error { return context.Cause(ctx) })
}

// pollAt polls before the i-th action: every pollActions actions.
func (c *compiler) pollAt(i int) error {
	if i%pollActions != 0 {
		return nil
	}
	return c.polled()
}

// polled returns the error of c's poll, or nil.
func (c *compiler) polled() error {
	if c.poll == nil {
		return nil
	}
	return c.poll()
}
