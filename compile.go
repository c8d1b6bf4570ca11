package goap

import (
	"context"
	"errors"
	"math"
	"math/bits"
	"slices"
	"sort"

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
	if len(d.actions) > maxActions {
		// a search node keeps its action in nodeActBits bits
		c.fail("", "", "", "%d actions: a domain holds at most %d", len(d.actions), maxActions)
	}
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
		at := make(map[string]int32, len(f.Values)) // each value's index
		ok := true
		for i, v := range f.Values {
			if _, twice := at[v]; v == "" || twice {
				c.fail("", "", f.Name, "enum value %q is empty or repeated", v)
				ok = false
			}
			if msg := names.Problem(v); msg != "" {
				c.fail("", "", f.Name, "enum value %q %s", v, msg)
				ok = false
			}
			at[v] = int32(i)
		}
		if !ok {
			return
		}
		fi.Values = append([]string(nil), f.Values...)
		fi.size = len(f.Values)
		fi.Min, fi.Max = 0, len(f.Values)-1
		if len(f.Values) >= manyValues {
			if d.valueAt == nil {
				d.valueAt = map[string]map[string]int32{}
			}
			d.valueAt[f.Name] = at
		}
		if f.DefaultValue != "" {
			idx, found := d.number(&fi, f.DefaultValue)
			if !found {
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
