package goap

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strings"
)

// Target is a compiled set of desired conditions: a goal of the domain or
// conditions compiled with Domain.Target. It also carries what the planner
// derives from the conditions alone (which actions can contribute), so
// compile a target once and plan towards it many times. A Target is
// immutable and safe for concurrent use.
type Target struct {
	d        *Domain
	name     string
	priority float64
	cond     condSet
	// relevant lists, in ActionID order, the actions that can contribute
	// to reaching the conditions: those that write a fact the goal or
	// another relevant action's preconditions read.
	relevant []ActionID
	// relMask keeps the fields of relevant facts. Facts outside it never
	// influence whether a relevant action applies or the goal holds, so
	// forward search ignores them when it compares states.
	relMask []uint64
	// regressable is true when every relevant action and condition is
	// expressible as mask/value pairs, which regressive search needs.
	regressable bool
	// hooks is true when a relevant action has a CostFunc or Check, which
	// must run on every plan call.
	hooks bool
	// parts are the target's independent parts (see split), nil when it
	// has one.
	parts []*Target
}

// Target compiles conditions into a Target named name.
func (d *Domain) Target(name string, c Conds) (*Target, error) {
	comp := &compiler{d: d}
	t := &Target{d: d, name: name}
	t.cond = comp.conds(c, "", name)
	if len(comp.errs) > 0 {
		return nil, errors.Join(comp.errs...)
	}
	t.finish()
	return t, nil
}

// finish computes relevance once the conditions are compiled.
func (t *Target) finish() {
	d := t.d
	needed := make([]bool, len(d.facts))
	for _, g := range t.cond.groups {
		needed[g.fact] = true
	}
	// Backward closure from the goal's facts: an action is relevant when
	// it writes a needed fact, and its reads are needed in turn. A work
	// list over the facts' writers visits each action and fact once (a
	// fixed point over all actions took one round per link of a chain).
	used := make([]bool, len(d.actions))
	var work []FactID
	for f, n := range needed {
		if n {
			work = append(work, FactID(f))
		}
	}
	for len(work) > 0 {
		f := work[len(work)-1]
		work = work[:len(work)-1]
		for _, i := range d.writers[d.writerAt[f]:d.writerAt[f+1]] {
			if used[i] {
				continue
			}
			used[i] = true
			for _, r := range d.actions[i].reads {
				if !needed[r] {
					needed[r] = true
					work = append(work, r)
				}
			}
		}
	}
	t.relevant = t.relevant[:0]
	t.regressable = len(t.cond.num) == 0
	for i, u := range used {
		if u {
			t.relevant = append(t.relevant, ActionID(i))
			a := &d.actions[i]
			if len(a.pre.num) > 0 || len(a.effNum) > 0 {
				t.regressable = false
			}
			if a.costFunc != nil || a.check != nil {
				t.hooks = true
			}
		}
	}
	t.relMask = make([]uint64, d.words)
	for id, n := range needed {
		if n {
			f := &d.facts[id]
			t.relMask[f.word] |= f.mask
		}
	}
	t.split()
}

// Affected reports whether states a and b differ in a fact that can
// matter for reaching t: a fact its conditions name, or one that an
// action able to contribute reads. An agent whose search for t found no
// plan waits before it tries again, unless what it believes changed in
// such a fact.
func (t *Target) Affected(a, b State) bool {
	for i, m := range t.relMask {
		if (a.w[i]^b.w[i])&m != 0 {
			return true
		}
	}
	return false
}

// Name returns the target's name.
func (t *Target) Name() string { return t.name }

// Priority returns the goal's priority (0 for ad-hoc targets).
func (t *Target) Priority() float64 { return t.priority }

// Domain returns the domain the target belongs to.
func (t *Target) Domain() *Domain { return t.d }

// Relevant returns the actions that can contribute to reaching t, in
// ActionID order; the planner ignores the others.
func (t *Target) Relevant() []ActionID { return append([]ActionID(nil), t.relevant...) }

// Facts returns the facts the target's conditions name.
func (t *Target) Facts() []FactID {
	out := make([]FactID, len(t.cond.groups))
	for i, g := range t.cond.groups {
		out[i] = g.fact
	}
	return out
}

// Conds returns the target's conditions, one per fact, in the order of
// Facts.
func (t *Target) Conds() []Cond { return t.d.condList(t.cond.groups) }

// String describes the conditions, e.g. "{armed ammo>=1 at=kitchen}".
func (t *Target) String() string {
	parts := make([]string, len(t.cond.groups))
	for i := range t.cond.groups {
		parts[i] = t.describe(i)
	}
	return "{" + strings.Join(parts, " ") + "}"
}

// Unmet describes the target's conditions that s does not meet.
func (t *Target) Unmet(s State) []string {
	var out []string
	for i, g := range t.cond.groups {
		f := &t.d.facts[g.fact]
		raw := int32((s.w[f.word] & f.mask) >> f.shift)
		if !containsAtom(g.atoms, int32(f.atom)+raw) {
			out = append(out, t.describe(i))
		}
	}
	return out
}

// containsAtom reports whether the sorted list atoms holds a.
func containsAtom(atoms []int32, a int32) bool {
	if len(atoms) <= 8 {
		for _, x := range atoms {
			if x == a {
				return true
			}
		}
		return false
	}
	_, found := slices.BinarySearch(atoms, a)
	return found
}

// describe renders condition group i.
func (t *Target) describe(i int) string {
	return describeGroup(t.d, t.cond.groups[i])
}

// describeGroup renders a condition from its atoms: a single value as
// "fact" / "!fact" / "fact=v", a range as "fact>=v" style, other sets as
// "fact in {a,b}".
func describeGroup(d *Domain, g group) string {
	f := &d.facts[g.fact]
	lo, hi := int(g.atoms[0])-f.atom, int(g.atoms[len(g.atoms)-1])-f.atom
	contiguous := hi-lo+1 == len(g.atoms)
	switch {
	case len(g.atoms) == 1 && f.Kind == BoolFact:
		if lo == 1 {
			return f.Name
		}
		return "!" + f.Name
	case len(g.atoms) == 1:
		return fmt.Sprintf("%s=%s", f.Name, describeValue(f, int64(lo)))
	case f.Kind == IntFact && contiguous && lo == 0:
		return fmt.Sprintf("%s<=%d", f.Name, hi+f.Min)
	case f.Kind == IntFact && contiguous && hi == f.size-1:
		return fmt.Sprintf("%s>=%d", f.Name, lo+f.Min)
	case len(g.atoms) == f.size-1:
		for x := 0; x < f.size; x++ {
			if !containsAtom(g.atoms, int32(f.atom+x)) {
				return fmt.Sprintf("%s!=%s", f.Name, describeValue(f, int64(x)))
			}
		}
	}
	vals := make([]string, len(g.atoms))
	for i, a := range g.atoms {
		vals[i] = describeValue(f, int64(int(a)-f.atom))
	}
	return fmt.Sprintf("%s in {%s}", f.Name, strings.Join(vals, ","))
}

// Independent parts. When a target's conditions fall into groups that no
// relevant action links (no action reads or writes facts of two groups),
// every plan is an interleaving of plans for the groups, and its cost is
// the sum of theirs: the cheapest plan is the cheapest plan of each group,
// one after the other. An Auto search then plans the groups one by one.
// Searched whole, n goals that n actions set one each make 2^n states;
// in parts, n searches of one expansion each.

// split computes t.parts: the target's conditions grouped by the
// connected components of the facts its relevant actions touch, as
// sub-targets in the order of their first condition; nil when the
// conditions do not split.
func (t *Target) split() {
	d := t.d
	t.parts = nil
	if len(t.cond.groups) < 2 {
		return
	}
	// Union-find over facts: an action joins every fact it reads or
	// writes, except facts no relevant action writes. Those are constants
	// of the search, which parts can share (a tool every gather action
	// needs does not tie the gathering of wood to that of stone).
	written := make([]bool, len(d.facts))
	for _, id := range t.relevant {
		for _, f := range d.actions[id].writes {
			written[f] = true
		}
	}
	root := make([]FactID, len(d.facts))
	for i := range root {
		root[i] = FactID(i)
	}
	find := func(f FactID) FactID {
		for root[f] != f {
			root[f] = root[root[f]]
			f = root[f]
		}
		return f
	}
	for _, id := range t.relevant {
		a := &d.actions[id]
		first := FactID(-1)
		for _, list := range [2][]FactID{a.reads, a.writes} {
			for _, f := range list {
				if !written[f] {
					continue
				}
				r := find(f)
				if first < 0 {
					first = r
				} else if r != first {
					root[r] = first
				}
			}
		}
	}
	// Condition groups by component, components in order of first use.
	part := make([]int32, len(d.facts)) // by component root: its part + 1
	nparts := 0
	for _, g := range t.cond.groups {
		if r := find(g.fact); part[r] == 0 {
			nparts++
			part[r] = int32(nparts)
		}
	}
	if nparts < 2 || nparts*d.words > maxSplitWords {
		return
	}
	t.parts = make([]*Target, nparts)
	words := make([]uint64, 3*nparts*d.words) // the parts' masks, values, relMasks
	for k := range t.parts {
		w := words[3*k*d.words : 3*(k+1)*d.words]
		t.parts[k] = &Target{d: d, name: t.name, priority: t.priority, regressable: true,
			cond:    condSet{mask: w[:d.words:d.words], val: w[d.words : 2*d.words : 2*d.words]},
			relMask: w[2*d.words:]}
	}
	of := func(f FactID) *Target { return t.parts[part[find(f)]-1] }
	// What finish derives, restricted to each part: the part's relevant
	// actions are the target's that touch its facts (relevance follows
	// the facts actions read and write, which stay within a part).
	for _, g := range t.cond.groups {
		sub, f := of(g.fact), &d.facts[g.fact]
		sub.cond.groups = append(sub.cond.groups, g)
		sub.cond.mask[f.word] |= t.cond.mask[f.word] & f.mask
		sub.cond.val[f.word] |= t.cond.val[f.word] & f.mask
	}
	for _, nc := range t.cond.num {
		sub := of(nc.fact)
		sub.cond.num = append(sub.cond.num, nc)
		sub.regressable = false
	}
	for _, id := range t.relevant {
		a := &d.actions[id]
		sub := of(a.writes[0])
		sub.relevant = append(sub.relevant, id)
		if len(a.pre.num) > 0 || len(a.effNum) > 0 {
			sub.regressable = false
		}
		if a.costFunc != nil || a.check != nil {
			sub.hooks = true
		}
	}
	for id := range d.facts {
		f := &d.facts[id]
		if t.relMask[f.word]&f.mask != 0 && part[find(FactID(id))] != 0 {
			of(FactID(id)).relMask[f.word] |= f.mask
		}
	}
	// Parts that no action can change go first: they hold in the start or
	// the goal has no plan, which a plan call then finds at once rather
	// than after searching the others (a goal no action can set is the
	// common "no plan"). They add no action to the plan, whose order stays
	// that of the conditions.
	slices.SortStableFunc(t.parts, func(a, b *Target) int {
		return cmp.Compare(min(len(a.relevant), 1), min(len(b.relevant), 1))
	})
	// A constant that a part's actions read is relevant to that part.
	for _, sub := range t.parts {
		for _, id := range sub.relevant {
			for _, r := range d.actions[id].reads {
				if f := &d.facts[r]; !written[r] {
					sub.relMask[f.word] |= f.mask
				}
			}
		}
	}
}

// maxSplitWords bounds the memory of a target's parts (each holds a few
// state-sized masks): past it, the target is searched whole.
const maxSplitWords = 1 << 20

// Parts returns how many independent parts an Auto search plans t in: 1
// when its conditions do not split (see Auto).
func (t *Target) Parts() int { return max(1, len(t.parts)) }
