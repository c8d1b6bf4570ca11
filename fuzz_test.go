package goap_test

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/goap-go/goap"
)

// The fuzz input is decoded byte by byte into a Spec (and a start state);
// a missing byte reads as 0, so every input, even the empty one, decodes.
//
// Layout (each item is one byte unless said otherwise):
//
//	header:  flags|#facts #actions #goals toggles|specName, where the
//	         flags are 0x80 "typed" (values fit the declarations, invalid
//	         declarations, costs and names are repaired) and 0x40 "padding"
//	         (61 extra booleans, so states take two words), and the high
//	         bit of the name byte adds the toggles gadget (see fzDecode)
//	fact:    kind name, then
//	           bool: default
//	           int:  min(int) span default
//	           enum: #values value... default
//	           bad kind: nothing more
//	action:  name cost(+8 bytes for raw bits) #pre #effects, then
//	         (factName value)... for the preconditions, then the effects
//	goal:    name priority(cost coding) #desired (factName value)...
//	start:   #values (factName value)...
//	start2:  #values (factName value)... (a second start state)
//	exclude: the action a planner excludes
//	options: 3 bytes of arbitrary planner options
//
// Values (see fzReader.value) are tagged: bool, int, string, Compare (with
// any Op, including invalid ones), Delta, nil, float64, a struct, other
// integer types, a pointer.

// fzFactNames are the fact names conditions and declarations draw from:
// the empty name, names usually declared and names usually not.
var fzFactNames = []string{"", "a", "b", "c", "hp", "loc", "ammo", "x"}

// fzValueNames are enum values and strings: the empty string, repeats of
// each other through the index, and names that are also fact names.
var fzValueNames = []string{"", "red", "green", "blue", "on", "off", "a", "Red"}

var fzActionNames = []string{"", "A", "B", "C", "D", "E", "F", "G"}

var fzGoalNames = []string{"", "g", "h", "k"}

var fzSpecNames = []string{"", "fuzz", "d"}

// fzSpecialInts are integers at the edges of what the compiler handles.
var fzSpecialInts = []int{
	math.MaxInt, math.MinInt, math.MaxInt32, math.MinInt32,
	1 << 40, -(1 << 40), goap.MaxIntRange, -goap.MaxIntRange,
	goap.MaxIntRange - 1, 1 << 53, 1 << 62, -(1 << 62),
	4999, -5000, 100000, 0,
}

type fzReader struct {
	b []byte
	i int
	// typed inputs draw values that suit the declared facts and repair
	// invalid declarations, costs and names, so they mostly compile.
	typed bool
	facts []goap.Fact
}

func (r *fzReader) byte() byte {
	if r.i >= len(r.b) {
		return 0
	}
	c := r.b[r.i]
	r.i++
	return c
}

func (r *fzReader) u64() uint64 {
	var x uint64
	for i := 0; i < 8; i++ {
		x = x<<8 | uint64(r.byte())
	}
	return x
}

func (r *fzReader) pick(list []string) string { return list[int(r.byte())%len(list)] }

// int reads an integer: mostly small, sometimes moderate, sometimes
// extreme.
func (r *fzReader) int() int {
	b := r.byte()
	switch {
	case b < 160:
		return int(b%16) - 3 // -3..12
	case b < 240:
		return int(b) - 200 // -40..39
	default:
		return fzSpecialInts[b-240]
	}
}

// float reads a cost or priority: ordinary values, fractions, zero,
// negative zero, invalid ones and arbitrary bit patterns.
func (r *fzReader) float() float64 {
	b := r.byte()
	switch b % 16 {
	case 0:
		return 0
	case 1:
		return 1
	case 2:
		return 2
	case 3:
		return 0.5
	case 4:
		return 3
	case 5:
		return 1.25
	case 6:
		return -1
	case 7:
		return math.NaN()
	case 8:
		return math.Inf(1)
	case 9:
		return math.Inf(-1)
	case 10:
		return math.Float64frombits(r.u64())
	case 11:
		if b>>4&1 == 0 {
			return goap.MaxCost
		}
		return 1e300
	case 12:
		return 0.1
	case 13:
		return math.SmallestNonzeroFloat64
	case 14:
		return float64(b >> 4)
	default:
		return math.Copysign(0, -1)
	}
}

type fzStruct struct{ N int }

// value reads a condition, effect or state value of any Go kind. The low
// nibble of the tag picks the kind, the high nibble a variant.
func (r *fzReader) value(depth int) any {
	t := r.byte()
	sub := t >> 4
	switch t & 15 {
	case 0, 1, 14:
		return sub&1 == 1
	case 2, 3, 12, 13:
		return r.int()
	case 4, 15:
		return fzValueNames[int(sub)%len(fzValueNames)]
	case 5:
		return fzFactNames[int(sub)%len(fzFactNames)]
	case 6:
		op := goap.Op(sub) // the six valid Ops and invalid ones
		if sub == 15 {
			op = goap.Op(99)
		}
		var v any
		if depth > 0 {
			v = r.value(depth - 1)
		} else {
			v = r.int()
		}
		return goap.Compare{Op: op, Value: v}
	case 7:
		return goap.Delta{N: r.int()}
	case 8:
		return nil
	case 9:
		switch sub {
		case 0:
			return float64(r.int())
		case 1:
			return 0.5
		case 2:
			return math.NaN()
		case 3:
			return math.Float64frombits(r.u64())
		default:
			return float64(sub) - 6
		}
	case 10:
		switch sub {
		case 0:
			return fzStruct{r.int()}
		case 1:
			return int8(r.int())
		case 2:
			return uint64(math.MaxUint64)
		case 3:
			return int64(r.int())
		case 4:
			return uint(r.int())
		case 5:
			return []int{r.int()}
		case 6:
			return float32(1)
		case 7:
			return "" + fzFactNames[1] + fzValueNames[1]
		default:
			return uint8(sub)
		}
	default:
		n := r.int()
		return &n
	}
}

// pairs reads n (fact name, value) pairs into m; effect says whether they
// are effects (for typed inputs).
func (r *fzReader) pairs(m map[string]any, n int, effect bool) {
	for i := 0; i < n; i++ {
		name := r.pick(fzFactNames)
		if r.typed {
			if name == "" {
				name = fzFactNames[1+r.i%(len(fzFactNames)-1)]
			}
			m[name] = r.typedValue(name, effect)
		} else {
			m[name] = r.value(1)
		}
	}
}

// typedValue reads a value that mostly suits the named fact's declaration,
// so that typed inputs compile and exercise the planner.
func (r *fzReader) typedValue(name string, effect bool) any {
	var f *goap.Fact
	for i := range r.facts {
		if r.facts[i].Name == name {
			f = &r.facts[i]
			break
		}
	}
	t := r.byte()
	sub := t >> 4
	if t&7 == 7 {
		return r.value(1) // anything at all
	}
	switch {
	case f == nil || f.Kind == goap.BoolFact:
		if t&3 == 1 && !effect {
			return goap.Compare{Op: goap.Op(sub & 1), Value: sub&2 != 0}
		}
		return sub&1 == 1
	case f.Kind == goap.IntFact:
		// a value in Min-1..Max+1 (the span is small in typed inputs),
		// in Min..Max for effects
		size := f.Max - f.Min + 1
		v := f.Min + int(r.byte())%(size+2) - 1
		if effect {
			v = max(f.Min, min(f.Max, v))
		}
		switch t & 7 {
		case 3, 6:
			if effect {
				break
			}
			return goap.Compare{Op: goap.Op(sub % 6), Value: v}
		case 4, 5:
			if !effect {
				break
			}
			n := int(sub%7) - 3 // -3..3, not 0, within the span
			if n == 0 || n >= size || -n >= size {
				n = 1 - 2*int(sub&1)
			}
			if size > 1 {
				return goap.Delta{N: n}
			}
		}
		return v
	default:
		v := f.Values[int(r.byte())%len(f.Values)]
		if t&3 == 3 && !effect {
			return goap.Compare{Op: goap.Op(sub & 1), Value: v}
		}
		return v
	}
}

// fzFixFact repairs declaration f for a typed input: a bad range, default
// or value list becomes a valid one. It returns false when f's name is
// empty or taken by a declaration in prev.
func fzFixFact(f *goap.Fact, prev []goap.Fact) bool {
	if f.Name == "" || slices.ContainsFunc(prev, func(p goap.Fact) bool { return p.Name == f.Name }) {
		return false
	}
	switch f.Kind {
	case goap.IntFact:
		if f.Min < -1000 || f.Min > 1000 || f.Max < f.Min || f.Max >= f.Min+500 {
			// up to 64 values: large enough for searches that hit the
			// expansion limit
			f.Min = f.Min % 1000
			f.Max = f.Min + int(uint(f.Max)%64)
		}
		f.Default = max(f.Min, min(f.Max, f.Default))
	case goap.EnumFact:
		var vals []string
		for _, v := range f.Values {
			if v != "" && !slices.Contains(vals, v) {
				vals = append(vals, v)
			}
		}
		if len(vals) == 0 {
			vals = []string{"on"}
		}
		f.Values = vals
		if !slices.Contains(vals, f.DefaultValue) {
			f.DefaultValue = ""
		}
	default:
		f.Kind = goap.BoolFact
		f.Default &= 1
	}
	return true
}

// validFloat makes a cost or priority valid in typed inputs.
func (r *fzReader) validFloat(x float64) float64 {
	if r.typed && !(x >= 0 && x <= goap.MaxCost) {
		return float64(r.i % 4)
	}
	return x
}

func (r *fzReader) fact() goap.Fact {
	k := r.byte()
	f := goap.Fact{Name: r.pick(fzFactNames)}
	switch k % 8 {
	case 0, 1:
		f.Kind = goap.BoolFact
		if d := r.byte(); d < 240 {
			f.Default = int(d & 1)
		} else {
			f.Default = int(int8(d))
		}
	case 2, 3, 4:
		f.Kind = goap.IntFact
		f.Min = r.int()
		span := 0
		switch s := r.byte(); {
		case s < 200:
			span = int(s % 12)
		case s < 250:
			span = int(s-199) * 100 // 100..5000
		default:
			span = []int{-1, -100, goap.MaxIntRange - 1, goap.MaxIntRange, math.MaxInt, math.MinInt}[s-250]
		}
		f.Max = f.Min + span // may overflow: fine, that is garbage too
		if d := r.byte(); d < 200 && span >= 0 {
			f.Default = f.Min + int(d)%(span+1)
		} else {
			f.Default = r.int()
		}
	case 5, 6:
		f.Kind = goap.EnumFact
		n := int(r.byte() % 5)
		for i := 0; i < n; i++ {
			f.Values = append(f.Values, r.pick(fzValueNames))
		}
		if d := r.byte(); d%2 == 1 {
			f.DefaultValue = fzValueNames[int(d>>1)%len(fzValueNames)]
		}
	default:
		f.Kind = goap.FactKind(3 + k>>3)
	}
	return f
}

// fzDecode turns fuzz bytes into a Spec and the values of a start state.
func fzDecode(data []byte) (spec goap.Spec, start, start2 map[string]any, exclude int, opts goap.Options) {
	r := &fzReader{b: data}
	h := r.byte()
	r.typed = h&0x80 != 0
	nFacts := int(h&0x3f) % 7
	nActions := int(r.byte() % 9)
	nGoals := int(r.byte() % 4)
	nb := r.byte()
	spec = goap.Spec{Name: fzSpecNames[int(nb&0x7f)%len(fzSpecNames)]}
	// The toggles gadget (high bit of the name byte): k booleans t0..,
	// each set and cleared by its own action, all of them wanted by the
	// first goal. Blind forward search visits up to 2^k states, enough for Auto's
	// backward half to start and for the expansion limit of the second
	// round of plan calls.
	toggles := 0
	if nb&0x80 != 0 {
		toggles = []int{3, 4, 5, 6, 7, 8, 8, 9}[nb>>3&7]
	}
	if h&0x40 != 0 {
		// padding: 61 booleans that nothing names push the facts the
		// input uses across word boundaries (states of 2+ words)
		for i := 0; i < 61; i++ {
			spec.Facts = append(spec.Facts, goap.Fact{Name: fmt.Sprintf("pad%d", i), Default: i % 2})
		}
	}
	for i := 0; i < nFacts; i++ {
		f := r.fact()
		if r.typed && !fzFixFact(&f, spec.Facts) {
			continue
		}
		spec.Facts = append(spec.Facts, f)
	}
	r.facts = spec.Facts
	for i := 0; i < nActions; i++ {
		a := goap.Action{Name: r.pick(fzActionNames)}
		if r.typed && (a.Name == "" || slices.ContainsFunc(spec.Actions, func(b goap.Action) bool { return b.Name == a.Name })) {
			a.Name = fmt.Sprintf("act%d", i)
		}
		a.Cost = r.validFloat(r.float())
		nPre, nEff := int(r.byte()%4), int(r.byte()%4)
		if nPre > 0 || r.i%2 == 0 {
			a.Pre = goap.Conds{}
			r.pairs(a.Pre, nPre, false)
		}
		if nEff > 0 || r.i%2 == 0 {
			a.Effects = goap.Effects{}
			r.pairs(a.Effects, nEff, true)
		}
		spec.Actions = append(spec.Actions, a)
	}
	for i := 0; i < toggles; i++ {
		t := fmt.Sprintf("t%d", i)
		spec.Facts = append(spec.Facts, goap.Bool(t))
		spec.Actions = append(spec.Actions,
			goap.Action{Name: "set_" + t, Cost: 1 + float64(i%3)/2, Effects: goap.Effects{t: true}},
			goap.Action{Name: "clear_" + t, Cost: 0.25, Effects: goap.Effects{t: false}})
	}
	for i := 0; i < nGoals; i++ {
		g := goap.Goal{Name: r.pick(fzGoalNames)}
		if r.typed && (g.Name == "" || slices.ContainsFunc(spec.Goals, func(h goap.Goal) bool { return h.Name == g.Name })) {
			g.Name = fmt.Sprintf("goal%d", i)
		}
		g.Priority = r.validFloat(r.float())
		if n := int(r.byte() % 4); n > 0 || r.i%2 == 0 || toggles > 0 && i == 0 {
			g.Desired = goap.Conds{}
			r.pairs(g.Desired, n, false)
		}
		for k := 0; k < toggles && i == 0; k++ {
			g.Desired[fmt.Sprintf("t%d", k)] = true
		}
		spec.Goals = append(spec.Goals, g)
	}
	start = map[string]any{}
	r.pairs(start, int(r.byte()%4), true)
	start2 = map[string]any{}
	r.pairs(start2, int(r.byte()%4), true)
	exclude = int(r.byte())
	return spec, start, start2, exclude, r.options()
}

// options reads planner options that a Go caller could pass, garbage
// included: unknown directions and heuristics, weights below 1, NaN and
// +Inf, negative limits, and exclusions of unknown action IDs.
func (r *fzReader) options() goap.Options {
	a, b, c := r.byte(), r.byte(), r.byte()
	o := goap.Options{
		Direction:        goap.Direction(a % 5),
		Heuristic:        goap.Heuristic(a >> 3 % 7),
		SuboptimalWeight: []float64{0, 1, 1.5, 2, 0.5, -1, math.NaN(), math.Inf(1), 1e300, 3}[int(b)%10],
		MaxExpansions:    []int{2000, 1, -5, 2000}[b>>4&3],
		NoPruning:        b&0x40 != 0,
	}
	switch c % 6 {
	case 1:
		o.Exclude = []goap.ActionID{-1}
	case 2:
		o.Exclude = []goap.ActionID{1 << 20, 0}
	case 3:
		o.Exclude = []goap.ActionID{0, 0, 1}
	}
	return o
}

// fzShowSpec prints a Spec for failure messages.
func fzShowSpec(spec goap.Spec, start map[string]any) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Spec{Name: %q\n", spec.Name)
	pads := 0
	for _, f := range spec.Facts {
		if strings.HasPrefix(f.Name, "pad") {
			pads++
			continue
		}
		fmt.Fprintf(&b, "  Fact %#v\n", f)
	}
	if pads > 0 {
		fmt.Fprintf(&b, "  (and %d padding booleans pad0.., declared first; the odd ones default to true)\n", pads)
	}
	for _, a := range spec.Actions {
		fmt.Fprintf(&b, "  Action{Name: %q, Cost: %v (bits %#x), Pre: %#v, Effects: %#v}\n", a.Name, a.Cost, math.Float64bits(a.Cost), a.Pre, a.Effects)
	}
	for _, g := range spec.Goals {
		fmt.Fprintf(&b, "  Goal{Name: %q, Priority: %v, Desired: %#v}\n", g.Name, g.Priority, g.Desired)
	}
	fmt.Fprintf(&b, "}\nstart values: %#v", start)
	return b.String()
}

var fzParts = map[string]bool{"name": true, "cost": true, "priority": true, "preconditions": true, "effects": true, "desired": true, "facts": true}

// fzCheckErr checks that err is a tree of joined errors whose leaves are
// *goap.SpecError values with a message and a known Part.
func fzCheckErr(t *testing.T, err error, domain string, show func() string) {
	t.Helper()
	if err.Error() == "" {
		t.Fatalf("error with an empty message\n%s", show())
	}
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		errs := j.Unwrap()
		if len(errs) == 0 {
			t.Fatalf("joined error without errors: %v\n%s", err, show())
		}
		for _, e := range errs {
			fzCheckErr(t, e, domain, show)
		}
		return
	}
	var se *goap.SpecError
	if !errors.As(err, &se) {
		t.Fatalf("error %T %q is not a *goap.SpecError\n%s", err, err, show())
	}
	if se.Msg == "" {
		t.Fatalf("SpecError with an empty Msg: %#v\n%s", se, show())
	}
	if !fzParts[se.Part] {
		t.Fatalf("SpecError with unknown Part %q: %v\n%s", se.Part, se, show())
	}
	if se.Domain != domain {
		t.Fatalf("SpecError.Domain = %q, want %q: %v\n%s", se.Domain, domain, se, show())
	}
}

var fzConfigs = []struct {
	name       string
	opt        goap.Options
	admissible bool
}{
	{"default", goap.Options{}, true},
	{"auto-alternating", goap.Options{}, true}, // all Auto members, one expansion each per turn
	{"forward-hmax", goap.Options{Direction: goap.Forward, Heuristic: goap.HMax}, true},
	{"forward-lmcut", goap.Options{Direction: goap.Forward, Heuristic: goap.LMCut}, true},
	{"backward", goap.Options{Direction: goap.Backward}, true},
	{"forward-hadd", goap.Options{Direction: goap.Forward, Heuristic: goap.HAddNotOptimal}, false},
}

func fzClose(a, b float64) bool {
	if a == b {
		return true
	}
	return math.Abs(a-b) <= 1e-9*max(1, math.Abs(a), math.Abs(b))
}

// fzOptimal is an exhaustive reference: Dijkstra over whole states with
// the domain's own Apply and Satisfies, no pruning and no heuristic. It
// returns the cheapest plan cost (+Inf when no plan exists) without the
// excluded actions, and false when the search space has more than limit
// states.
func fzOptimal(d *goap.Domain, start goap.State, goal *goap.Target, exclude []goap.ActionID, limit int) (float64, bool) {
	type item struct {
		g float64
		s goap.State
	}
	var open []item // a binary heap on g
	push := func(it item) {
		open = append(open, it)
		for i := len(open) - 1; i > 0; {
			p := (i - 1) / 2
			if open[p].g <= open[i].g {
				break
			}
			open[p], open[i] = open[i], open[p]
			i = p
		}
	}
	pop := func() item {
		top := open[0]
		n := len(open) - 1
		open[0] = open[n]
		open = open[:n]
		for i := 0; ; {
			m, l, r := i, 2*i+1, 2*i+2
			if l < n && open[l].g < open[m].g {
				m = l
			}
			if r < n && open[r].g < open[m].g {
				m = r
			}
			if m == i {
				break
			}
			open[m], open[i] = open[i], open[m]
			i = m
		}
		return top
	}
	n := d.NumFacts()
	var buf []byte
	key := func(s goap.State) string {
		buf = buf[:0]
		for id := 0; id < n; id++ {
			buf = binary.AppendVarint(buf, int64(s.Get(goap.FactID(id))))
		}
		return string(buf)
	}
	best := map[string]float64{key(start): 0}
	done := map[string]bool{}
	push(item{0, start.Clone()})
	next := start.Clone()
	for len(open) > 0 {
		it := pop()
		k := key(it.s)
		if done[k] {
			continue
		}
		done[k] = true
		if len(done) > limit {
			return 0, false
		}
		if it.s.Satisfies(goal) {
			return it.g, true
		}
		for a := 0; a < d.NumActions(); a++ {
			if slices.Contains(exclude, goap.ActionID(a)) {
				continue
			}
			next.CopyFrom(it.s)
			if !d.Apply(next, goap.ActionID(a)) {
				continue
			}
			g := it.g + d.ActionCost(goap.ActionID(a))
			nk := key(next)
			if old, ok := best[nk]; ok && old <= g {
				continue
			}
			best[nk] = g
			push(item{g, next})
			next = start.Clone()
		}
	}
	return math.Inf(1), true
}

// fzCheckResult checks one plan call's result from start to goal: a found
// plan replays to the goal at the reported cost, NoPlan explains itself,
// only backward search fails, and AlreadySatisfied is reported exactly
// when the start meets the goal.
func fzCheckResult(t *testing.T, d *goap.Domain, start goap.State, goal *goap.Target, res goap.Result, cfg string, opt goap.Options, show func() string) {
	t.Helper()
	where := func() string {
		return fmt.Sprintf("goal %q %s, config %s %+v, status %v, plan %v (%q), cost %v\nstart %v\n%s",
			goal.Name(), goal, cfg, opt, res.Status, res.Plan, d.ActionNames(res.Plan), res.Cost, start, show())
	}
	if satisfied := start.Satisfies(goal); satisfied != (res.Status == goap.AlreadySatisfied) {
		t.Fatalf("start satisfies the goal: %v, but %s", satisfied, where())
	}
	switch res.Status {
	case goap.Found:
		if len(res.Plan) == 0 {
			t.Fatalf("Found an empty plan: %s", where())
		}
		s := start.Clone()
		sum := 0.0
		for k, a := range res.Plan {
			if a < 0 || int(a) >= d.NumActions() {
				t.Fatalf("step %d: action %d out of range: %s", k, a, where())
			}
			if slices.Contains(opt.Exclude, a) {
				t.Fatalf("step %d: excluded action %s: %s", k, d.ActionName(a), where())
			}
			if !d.Apply(s, a) {
				t.Fatalf("step %d (%s) does not apply in %v: %s", k, d.ActionName(a), s, where())
			}
			sum += d.ActionCost(a)
		}
		if !s.Satisfies(goal) {
			t.Fatalf("plan ends in %v, which misses %v: %s", s, goal.Unmet(s), where())
		}
		if !fzClose(sum, res.Cost) {
			t.Fatalf("reported cost %v, actions sum to %v: %s", res.Cost, sum, where())
		}
	case goap.NoPlan:
		if res.Why() == nil {
			t.Fatalf("NoPlan without Why: %s", where())
		}
		if res.Why().String() == "" {
			t.Fatalf("NoPlan with an empty Why: %s", where())
		}
	case goap.Failed:
		if res.Err == nil {
			t.Fatalf("Failed without Err: %s", where())
		}
		if opt.Direction != goap.Backward {
			t.Fatalf("forward search failed (%v): %s", res.Err, where())
		}
	case goap.AlreadySatisfied, goap.LimitReached:
	default:
		t.Fatalf("unexpected status: %s", where())
	}
}

// fzSame reports whether two results of plan calls agree.
func fzSame(a, b goap.Result) bool {
	return a.Status == b.Status && slices.Equal(a.Plan, b.Plan) && (a.Cost == b.Cost || math.IsNaN(a.Cost) && math.IsNaN(b.Cost))
}

func FuzzNewDomain(f *testing.F) {
	// A typed input (see below), also used with padding.
	typed := []byte{0x84, 8, 3, 1, 2, 4, 3, 8, 0, 2, 6, 3, 5, 5, 5, 5, 3, 1, 2, 3, 0, 0, 1, 0,
		1, 1, 1, 2, 4, 0x03, 2, 4, 0x04, 6, 0x15, 1,
		2, 3, 2, 1, 6, 0x06, 3, 5, 0x00, 1, 4, 0x24, 2,
		3, 4, 1, 2, 4, 0x36, 5, 1, 0x10, 6, 0x14,
		4, 1, 0, 1, 5, 0x00, 2,
		5, 5, 2, 1, 5, 0x13, 1, 1, 0x10, 2, 0x10,
		6, 12, 1, 2, 2, 0x10, 6, 0x5c, 4, 1, 0x00,
		7, 2, 1, 1, 4, 0x56, 6, 3, 0x10,
		0, 0, 3, 3, 1, 2, 3, 4, 5, 6, 7, 8,
		1, 1, 2, 3, 0x10, 4, 0x56, 7, 2, 0, 1, 6, 0x26, 1, 3, 2, 2, 5, 0x00, 0, 4, 0x30, 4, 0x10, 1, 5, 0}
	// Hand-made inputs; the comments say what they decode to.
	seeds := [][]byte{
		// the empty Spec
		{},
		// A (cost 1) sets a; goal g: a.
		{0, 1, 1, 1, 1, 1, 0, 1, 1, 0x10, 1, 0, 1, 1, 0x10, 0},
		// int hp 0..5 = 0; A (1): hp += 1; goal g: hp >= 3.
		{1, 1, 1, 1, 2, 4, 3, 5, 0, 1, 1, 0, 1, 4, 0x07, 4, 1, 0, 1, 4, 0x56, 0x02, 6, 0},
		// enum loc {red green blue}; A (2): loc=green; B (0.5): loc=green -> loc=blue; goal g: loc=blue.
		{1, 2, 1, 1, 5, 5, 3, 1, 2, 3, 0, 1, 2, 0, 1, 5, 0x24, 2, 3, 1, 1, 5, 0x24, 5, 0x34, 1, 0, 1, 5, 0x34, 0},
		// unsolvable: A sets a, goal g: b.
		{0, 1, 1, 1, 1, 1, 0, 1, 1, 0x10, 1, 0, 1, 2, 0x10, 0},
		// each condition reachable, not both: A: !b -> a; B: !a -> b; goal g: a, b.
		{0, 2, 1, 1, 1, 1, 1, 1, 2, 0x00, 1, 0x10, 2, 1, 1, 1, 1, 0x00, 2, 0x10, 1, 0, 2, 1, 0x10, 2, 0x10, 0},
		// garbage: "" (NaN): hp=true -> a+=1; A (-1): x=nil -> hp+=0; goal "" (NaN priority): ""=1.
		{1, 2, 1, 0, 2, 4, 3, 5, 0, 0, 7, 1, 1, 4, 0x10, 1, 0x07, 4, 1, 6, 1, 1, 7, 0x08, 4, 0x07, 3, 0, 7, 1, 0, 0x02, 4, 0},
		// Op(99) and Op(6); goals g twice (+Inf priority).
		{0, 1, 2, 2, 1, 1, 1, 1, 1, 0xf6, 0x02, 4, 1, 0x10, 1, 0, 1, 7, 0x66, 0x10, 1, 8, 1, 1, 0x10, 0},
		// bad declarations: int a MaxInt..MaxInt+5 (overflow), int b 0..MaxIntRange,
		// enum c {red red "" green} default "Red", bool hp default -6.
		{4, 0, 0, 0, 2, 1, 240, 5, 0, 3, 2, 3, 253, 0, 5, 3, 4, 1, 1, 0, 2, 0x0f, 0, 4, 250, 0},
		// huge costs: A (MaxCost): a; B (MaxCost): b; C (0): a -> c; goal g: b, c.
		{0, 3, 1, 1, 1, 11, 0, 1, 1, 0x10, 2, 11, 0, 1, 2, 0x10,
			3, 0, 1, 1, 1, 0x10, 3, 0x10, 1, 0, 2, 2, 0x10, 3, 0x10, 0},
		// int hp 0..10 = 2, start hp=2; A (1): hp=2.0 -> hp=int8(5); B (0.5): hp=int64(5) -> a; goal g: a.
		{1, 2, 1, 1, 2, 4, 3, 10, 2, 1, 1, 1, 1, 4, 0x09, 5, 4, 0x1a, 8, 2, 3, 1, 1, 4, 0x3a, 8, 1, 0x10, 1, 0, 1, 1, 0x10, 1, 4, 0x02, 5},
		// pointers, structs, uint64 max, []int, nil, Op(99), duplicate action names.
		{1, 3, 1, 1, 2, 4, 3, 10, 2, 1, 1, 2, 2, 4, 0x0b, 4, 5, 0x0a, 4, 4, 0x2a, 6, 0x5a, 4,
			1, 15, 0, 1, 4, 0x08, 0, 12, 1, 0, 0, 0xf6, 0x10, 0, 0, 0, 3, 4, 0x0b, 4, 0, 0x10, 6, 0x7a, 0},
		// enum loc {red green blue}, int ammo 0..3; A (2): loc=green; B (1): loc!=red -> ammo+=1;
		// C (0.5): ammo>=2 -> a; goals g: a, h: ammo<=1, k: loc!=green.
		{2, 3, 3, 1, 5, 5, 3, 1, 2, 3, 0, 2, 6, 3, 3, 0,
			1, 2, 0, 1, 5, 0x24, 2, 1, 1, 1, 5, 0x16, 0x14, 6, 0x07, 4, 3, 3, 1, 1, 6, 0x56, 0x02, 5, 1, 0x10,
			1, 0, 1, 1, 0x10, 2, 1, 1, 6, 0x36, 0x02, 4, 3, 0, 1, 5, 0x16, 0x24, 0},
		// Typed inputs (high bit of the first byte): values fit the declarations.
		// int hp 0..8 = 0, int ammo 0..5 = 5, enum loc {red green blue}, bool a; 8 actions, 3 goals.
		typed,
		// the same with 61 padding booleans, so states take two words.
		append([]byte{0xc4}, typed[1:]...),
		// typed: the same shape from other bytes.
		{0x83, 7, 2, 2, 3, 1, 5, 4, 2, 6, 5, 3, 1, 2, 4, 0x11, 2, 3, 0x20, 1, 0x40, 4, 5, 6, 7, 8, 9, 0x10, 0x21, 0x32,
			0x43, 0x54, 0x65, 0x76, 0x87, 0x98, 0xa9, 0xba, 0xcb, 0xdc, 0xed, 0xfe, 0x0f, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11,
			12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31},
		// typed: bools only (undeclared facts), many actions.
		{0x80, 8, 2, 1, 1, 1, 1, 1, 1, 0x10, 2, 1, 1, 1, 1, 0x10, 2, 0x10, 3, 1, 1, 1, 2, 0x10, 3, 0x10, 4, 1, 1, 1,
			3, 0x10, 7, 0x10, 5, 1, 2, 2, 1, 0x10, 3, 0x10, 5, 0x10, 6, 0x00, 6, 2, 1, 1, 5, 0x10, 6, 0x10, 7, 3, 1, 2,
			6, 0x10, 7, 0x10, 1, 0x00, 1, 0, 2, 6, 0x10, 7, 0x10, 2, 0, 1, 1, 0x00, 1, 1, 0x10},
	}
	for _, s := range seeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		spec, startVals, start2Vals, excludeByte, opts := fzDecode(data)
		show := func() string { return fzShowSpec(spec, startVals) }
		d, err := goap.NewDomain(spec)
		if (d == nil) == (err == nil) {
			t.Fatalf("NewDomain returned domain %v and error %v\n%s", d != nil, err, show())
		}
		if err != nil {
			fzCheckErr(t, err, spec.Name, show)
			return
		}
		if d.NumActions() != len(spec.Actions) || len(d.Goals()) != len(spec.Goals) {
			t.Fatalf("domain has %d actions and %d goals, spec %d and %d\n%s", d.NumActions(), len(d.Goals()), len(spec.Actions), len(spec.Goals), show())
		}
		start, serr := d.State(startVals)
		if serr != nil {
			if serr.Error() == "" {
				t.Fatalf("State error with an empty message\n%s", show())
			}
			start = d.NewState()
		}
		_ = start.String()
		_ = start.Values()
		// An ad-hoc target from the start values: errors must be *SpecError values too.
		if tg, terr := d.Target("adhoc", goap.Conds(startVals)); terr != nil {
			if tg != nil {
				t.Fatalf("Target returned a target and an error\n%s", show())
			}
			fzCheckErr(t, terr, spec.Name, show)
		} else if tg == nil {
			t.Fatalf("Target returned neither a target nor an error\n%s", show())
		}

		planners := make([]*goap.Planner, len(fzConfigs))
		for i, c := range fzConfigs {
			planners[i] = goap.NewPlanner(d)
			planners[i].Options = c.opt
			planners[i].Options.MaxExpansions = 2000
		}
		ctx := context.Background()
		for _, goal := range d.Goals() {
			_ = goal.String()
			_ = goal.Unmet(start)
			results := make([]goap.Result, len(fzConfigs))
			for i, c := range fzConfigs {
				if c.name == "auto-alternating" {
					goap.SetPortfolioSlices(planners[i], 1, 1, 1, 0)
				}
				res := planners[i].Plan(ctx, start, goal)
				res.Plan = slices.Clone(res.Plan)
				results[i] = res
				fzCheckResult(t, d, start, goal, res, c.name, c.opt, show)
			}
			// Every configuration agrees with the exhaustive reference.
			if opt, ok := fzOptimal(d, start, goal, nil, 1000); ok {
				for i, r := range results {
					c := fzConfigs[i]
					switch {
					case r.Status == goap.NoPlan && !math.IsInf(opt, 1):
						t.Fatalf("goal %q: %s says no plan, the reference finds one of cost %v: %v\n%s", goal.Name(), c.name, opt, r.Why(), show())
					case r.Status == goap.Found && math.IsInf(opt, 1):
						t.Fatalf("goal %q: %s found %v, the reference finds no plan\n%s", goal.Name(), c.name, d.ActionNames(r.Plan), show())
					case r.Status == goap.Found && c.admissible && !fzClose(r.Cost, opt):
						t.Fatalf("goal %q: %s found %v at cost %v, the optimum is %v\n%s", goal.Name(), c.name, d.ActionNames(r.Plan), r.Cost, opt, show())
					case r.Status == goap.Found && r.Cost < opt && !fzClose(r.Cost, opt):
						t.Fatalf("goal %q: %s found %v at cost %v, below the optimum %v\n%s", goal.Name(), c.name, d.ActionNames(r.Plan), r.Cost, opt, show())
					}
				}
			}
			// A warm planner planning the same thing again gives the same answer.
			again := planners[0].Plan(ctx, start, goal)
			if !fzSame(again, results[0]) {
				t.Fatalf("goal %q: second call gives %v %v %v, first %v %v %v\n%s", goal.Name(),
					again.Status, again.Plan, again.Cost, results[0].Status, results[0].Plan, results[0].Cost, show())
			}
			// Admissible configurations agree on the cost; no configuration
			// finds a plan where another proved there is none.
			for i, a := range results {
				for j, b := range results {
					if a.Status == goap.Found && b.Status == goap.NoPlan {
						t.Fatalf("goal %q: %s found %v (cost %v), %s says no plan: %v\n%s", goal.Name(),
							fzConfigs[i].name, d.ActionNames(a.Plan), a.Cost, fzConfigs[j].name, b.Why(), show())
					}
					if j <= i || a.Status != goap.Found || b.Status != goap.Found {
						continue
					}
					switch {
					case fzConfigs[i].admissible && fzConfigs[j].admissible:
						if !fzClose(a.Cost, b.Cost) {
							t.Fatalf("goal %q: %s costs %v (%v), %s costs %v (%v)\n%s", goal.Name(),
								fzConfigs[i].name, a.Cost, d.ActionNames(a.Plan), fzConfigs[j].name, b.Cost, d.ActionNames(b.Plan), show())
						}
					case fzConfigs[i].admissible:
						if b.Cost < a.Cost && !fzClose(a.Cost, b.Cost) {
							t.Fatalf("goal %q: %s found %v (%v), cheaper than optimal %s %v (%v)\n%s", goal.Name(),
								fzConfigs[j].name, b.Cost, d.ActionNames(b.Plan), fzConfigs[i].name, a.Cost, d.ActionNames(a.Plan), show())
						}
					}
				}
			}
		}

		// Warm planners, whose setup the last call may have left for
		// reuse, answer like fresh ones when the start state changes and
		// when actions are excluded and allowed again.
		goals := d.Goals()
		if len(goals) == 0 {
			return
		}
		goal := goals[0]
		start2, serr := d.State(start2Vals)
		if serr != nil {
			start2 = d.NewState()
		}
		for a := 0; a < d.NumActions(); a++ {
			if d.Apply(start2, goap.ActionID(a)) {
				break
			}
		}
		var exclude []goap.ActionID
		if d.NumActions() > 0 {
			exclude = []goap.ActionID{goap.ActionID(excludeByte % d.NumActions())}
		}
		for i, c := range fzConfigs {
			planners[i].Options.MaxExpansions = 200 // reached by larger inputs
			for _, ex := range [][]goap.ActionID{nil, exclude, nil} {
				planners[i].Options.Exclude = ex
				fresh := goap.NewPlanner(d)
				fresh.Options = planners[i].Options
				want := fresh.Plan(ctx, start2, goal)
				want.Plan = slices.Clone(want.Plan)
				got := planners[i].Plan(ctx, start2, goal)
				fzCheckResult(t, d, start2, goal, got, c.name, planners[i].Options, show)
				if !fzSame(got, want) {
					t.Fatalf("goal %q, config %s, exclude %v, start %v: a warm planner gives %v %q %v, a fresh one %v %q %v\n%s",
						goal.Name(), c.name, ex, start2, got.Status, d.ActionNames(got.Plan), got.Cost,
						want.Status, d.ActionNames(want.Plan), want.Cost, show())
				}
			}
		}

		// Arbitrary options: no panic, and whatever is found is a plan
		// within the promised bound.
		p := goap.NewPlanner(d)
		p.Options = opts
		res := p.Plan(ctx, start, goal)
		where := func() string {
			return fmt.Sprintf("goal %q %s, options %+v, status %v, plan %q, cost %v, err %v\n%s",
				goal.Name(), goal, opts, res.Status, d.ActionNames(res.Plan), res.Cost, res.Err, show())
		}
		w := opts.SuboptimalWeight
		validOpts := opts.Direction <= goap.Backward && opts.Heuristic <= goap.LMCut &&
			w >= 0 && w <= goap.MaxWeight && opts.MaxExpansions >= 0
		switch {
		case !validOpts:
			// out-of-range options must be refused, with a reason
			if res.Status != goap.Failed || res.Err == nil {
				t.Fatalf("Failed without Err: %s", where())
			}
		case res.Status == goap.Failed && opts.Direction != goap.Backward:
			t.Fatalf("search failed: %s", where())
		default:
			fzCheckResult(t, d, start, goal, res, "options", opts, show)
		}
		if res.Status == goap.Found && validOpts && opts.Heuristic.Optimal() {
			bound := 1.0
			if opts.SuboptimalWeight > 1 {
				bound = opts.SuboptimalWeight
			}
			if opt, ok := fzOptimal(d, start, goal, opts.Exclude, 1000); ok && res.Cost > bound*opt && !fzClose(res.Cost, bound*opt) {
				t.Fatalf("plan costs %v, more than %v times the optimum %v: %s", res.Cost, bound, opt, where())
			}
		}
		if res.Status == goap.NoPlan && validOpts {
			if opt, ok := fzOptimal(d, start, goal, opts.Exclude, 1000); ok && !math.IsInf(opt, 1) {
				t.Fatalf("no plan, but the reference finds one of cost %v: %s", opt, where())
			}
		}
	})
}
