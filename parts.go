package goap

import (
	"cmp"
	"slices"
)

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

// splits reports whether a search for t with these options plans its
// parts one by one: Auto searches do, unless told not to prune.
func splits(t *Target, opt *Options) bool {
	return len(t.parts) > 1 && opt.Direction == Auto && !opt.NoPruning
}

// subPlanner returns the planner that searches the parts of a split
// search, made on first use and kept.
func (p *Planner) subPlanner() *Planner {
	if p.sub == nil {
		p.sub = NewPlanner(p.d)
	}
	p.sub.tune = p.tune
	return p.sub
}

// stepParts advances a split search: the parts in order, each an Auto
// search of its own on the sub-planner, which shares p's meter (deadline
// and cancellation), its options and what is left of MaxExpansions.
func (s *search) stepParts(budget int) {
	p := s.p
	sub := p.subPlanner()
	ss := &sub.s
	for budget > 0 && s.status == Running {
		if !s.partOn {
			if s.nextPart == len(s.t.parts) {
				// The cost as the plan's sum in order, as Result.Cost is
				// everywhere (summed per part, it can differ in the last
				// bit). Each part's call costed its own actions.
				s.partsCost = 0
				for _, a := range p.partsPlan {
					s.partsCost += sub.costs[a]
				}
				s.status = Found
				return
			}
			sub.Options = p.Options
			if s.limit > 0 {
				if s.expanded >= s.limit {
					s.stop(LimitReached, nil)
					return
				}
				sub.Options.MaxExpansions = s.limit - s.expanded
			}
			sub.epoch = p.epoch // a Result's Why from an older call goes stale
			sub.meter = p.meter
			ss.reset(s.start, s.t.parts[s.nextPart])
			p.meter = sub.meter
			s.partOn = true
		}
		before, _ := ss.portfolioCounts()
		sub.meter = p.meter
		st := ss.step(budget)
		p.meter = sub.meter
		exp, _ := ss.portfolioCounts()
		// A part still running used the whole budget; one that finished
		// used its expansions, and the next part gets the rest.
		budget -= exp - before
		switch st {
		case Running:
			return
		case Found, AlreadySatisfied:
			var r Result
			ss.fill(&r)
			p.partsPlan = append(p.partsPlan, r.Plan...)
			s.expanded += r.Expanded
			s.generated += r.Generated
			s.partOn = false
			s.nextPart++
		default:
			s.stop(st, ss.err)
		}
	}
}

// fillParts is fill for a split search: the parts' plans one after the
// other, their costs and counts summed; the part being searched (or that
// found no plan) gives the rest.
func (s *search) fillParts(r *Result) {
	p := s.p
	r.Status, r.Err = s.status, s.err
	r.Expanded, r.Generated = s.expanded, s.generated
	r.Direction = s.dir
	if s.partOn {
		var sr Result
		p.sub.s.fill(&sr)
		r.Expanded += sr.Expanded
		r.Generated += sr.Generated
		r.Direction = sr.Direction
		r.why, r.epoch = sr.why, sr.epoch
		if s.status == LimitReached || s.status == Running {
			p.part = append(append(p.part[:0], p.partsPlan...), sr.Partial...)
			r.Partial = p.part
		}
	} else if p.sub != nil && s.nextPart > 0 {
		r.Direction = p.sub.s.direction()
	}
	if s.status == Found {
		r.Plan, r.Cost = p.partsPlan, s.partsCost
	}
}
