package goap

import "slices"

// Partial-order reduction for forward LM-cut search: strong stubborn
// sets (Alkhazraji, Wehrle, Mattmüller and Helmert 2012; Wehrle and
// Helmert 2014). An expansion generates only the applicable actions of a
// set T built for its state s:
//
//   - T starts with the achievers of one goal condition s does not meet;
//   - for an action of T that applies in s, every action that interferes
//     with it joins T: one that it disables, one that disables it, one
//     whose effect on a fact conflicts with its own;
//   - for an action of T that does not apply in s, the achievers of one
//     of its conditions false in s join T (a necessary enabling set).
//
// Every plan from s then has a permutation, as cheap, that starts with
// an action of T (the set is safe), so A* with an admissible estimate
// stays optimal. Deep crafting, where any unmade leaf can be made next
// and every order is a plan, goes from a child per unmade leaf to one or
// two per expansion.
//
// Conditions are seen as their heuristic groups (a fact and the values
// that meet it), so comparisons, != and enums are treated alike. An
// add/subtract effect may lead to any value: its action achieves every
// condition on the fact, and interferes with every action that reads or
// writes it. Bounds make such an action inapplicable where the result
// would leave them: then every writer of the fact is its enabling set.
//
// Only forward LM-cut search prunes (search.prune), and only without a
// SuboptimalWeight or symmetry: its expansions cost microseconds each, so
// building the set costs little beside them. The work of a set is
// bounded (stubbornWork); the first expansions of a search measure its
// sets without pruning, and the search goes on pruning only where they
// pay (expandStubborn). Pruned expansions defer their children's
// estimates (lazyLMCut).

// stubborn is a planner's stubborn-set scratch: per-fact lists of the
// usable actions built once per plan setup, and the set of the current
// expansion. Nothing allocates per expansion once the slices have grown.
type stubborn struct {
	gen uint64 // the p.prep.gen the lists are for; 0: none yet
	d   *Domain
	// The usable actions reading fact f are rdAct[rdAt[f]:rdAt[f+1]],
	// with the index of their condition group on f in rdGroup; those
	// writing f are wrAct[wrAt[f]:wrAt[f+1]], with the atom they set in
	// wrAtom (-1: an add/subtract effect).
	rdAt    []int32
	rdAct   []ActionID
	rdGroup []int32
	wrAt    []int32
	wrAct   []ActionID
	wrAtom  []int32
	count   []int32  // scratch for the lists
	atomOf  []FactID // per heuristic atom: its fact
	limit   int      // the work one set may take (stubbornWork)
	mark    []uint32 // per ActionID: ep when the action is in T
	ep      uint32
	queue   []ActionID // T in the order its actions joined
	apps    []ActionID // T's applicable actions, in ActionID order
	work    int        // list entries read for the current set
}

// stubbornWork bounds the list entries one set may read, as a multiple of
// the usable actions: past it the set is given up and the expansion
// generates every applicable action. On tasks whose actions all interfere
// (a robot's hand, a shared position), sets grow to every action through
// long lists, and would cost more than they save.
const stubbornWork = 4

// stubbornTrial is the number of expansions in which a search measures
// its stubborn sets before it prunes with them (see expandStubborn).
const stubbornTrial = 16

// build makes the per-fact lists of the usable actions of p's setup.
func (ss *stubborn) build(p *Planner) {
	d := p.d
	ss.d = d
	nf := len(d.facts)
	ss.atomOf = resize(ss.atomOf, d.atoms)
	for fi := range d.facts {
		f := &d.facts[fi]
		for k := 0; k < f.size; k++ {
			ss.atomOf[f.atom+k] = FactID(fi)
		}
	}
	// Readers: count per fact, then file (CSR), in ActionID order.
	ss.count = resize(ss.count, nf+1)
	clear(ss.count)
	for _, id := range p.prep.acts {
		for _, g := range d.actions[id].pre.groups {
			ss.count[g.fact+1]++
		}
	}
	ss.rdAt = csrStarts(ss.rdAt, ss.count)
	ss.rdAct = resize(ss.rdAct, int(ss.rdAt[nf]))
	ss.rdGroup = resize(ss.rdGroup, int(ss.rdAt[nf]))
	copy(ss.count, ss.rdAt)
	for _, id := range p.prep.acts {
		for gi, g := range d.actions[id].pre.groups {
			k := ss.count[g.fact]
			ss.count[g.fact]++
			ss.rdAct[k], ss.rdGroup[k] = id, int32(gi)
		}
	}
	// Writers, the same way.
	clear(ss.count)
	for _, id := range p.prep.acts {
		a := &d.actions[id]
		for _, at := range a.setAtoms {
			ss.count[ss.atomOf[at]+1]++
		}
		for _, dl := range a.deltas {
			ss.count[dl.fact+1]++
		}
	}
	ss.wrAt = csrStarts(ss.wrAt, ss.count)
	ss.wrAct = resize(ss.wrAct, int(ss.wrAt[nf]))
	ss.wrAtom = resize(ss.wrAtom, int(ss.wrAt[nf]))
	copy(ss.count, ss.wrAt)
	for _, id := range p.prep.acts {
		a := &d.actions[id]
		for _, at := range a.setAtoms {
			f := ss.atomOf[at]
			k := ss.count[f]
			ss.count[f]++
			ss.wrAct[k], ss.wrAtom[k] = id, at
		}
		for _, dl := range a.deltas {
			k := ss.count[dl.fact]
			ss.count[dl.fact]++
			ss.wrAct[k], ss.wrAtom[k] = id, -1
		}
	}
	if len(ss.mark) < len(d.actions) {
		ss.mark = make([]uint32, len(d.actions))
		ss.ep = 0
	}
	ss.limit = stubbornWork*len(p.prep.acts) + 64
	ss.gen = p.prep.gen
}

// csrStarts turns counts (count[f+1] for list f) into the start of each
// list in at, reusing its memory; count is left as it was.
func csrStarts(at, count []int32) []int32 {
	at = resize(at, len(count))
	at[0] = 0
	for f := 1; f < len(count); f++ {
		at[f] = at[f-1] + count[f]
	}
	return at
}

// atomIn returns the atom of fact f's value in state w.
func atomIn(d *Domain, f FactID, w []uint64) int32 {
	fi := &d.facts[f]
	return int32(fi.atom) + int32((w[fi.word]&fi.mask)>>fi.shift)
}

// add puts action id in T.
func (ss *stubborn) add(id ActionID) {
	if ss.mark[id] != ss.ep {
		ss.mark[id] = ss.ep
		ss.queue = append(ss.queue, id)
	}
}

// addAchievers puts in T the usable actions that can make fact f meet
// the condition group g (every one writing f when g is nil).
func (ss *stubborn) addAchievers(f FactID, g *group) {
	lo, hi := ss.wrAt[f], ss.wrAt[f+1]
	ss.work += int(hi - lo)
	for k := lo; k < hi; k++ {
		if at := ss.wrAtom[k]; g == nil || at < 0 || containsAtom(g.atoms, at) {
			ss.add(ss.wrAct[k])
		}
	}
}

// set computes T for state w of forward search s and returns its
// applicable actions in ActionID order; ok is false when the set was
// given up (the expansion then generates every applicable action).
func (ss *stubborn) set(s *search, w []uint64) (apps []ActionID, ok bool) {
	p := s.p
	d := p.d
	if ss.gen != p.prep.gen {
		ss.build(p)
	}
	ss.ep++
	if ss.ep == 0 { // wrapped: clear the stamps once
		clear(ss.mark)
		ss.ep = 1
	}
	ss.queue, ss.apps, ss.work = ss.queue[:0], ss.apps[:0], 0
	unmet := -1
	for i := range s.t.cond.groups {
		g := &s.t.cond.groups[i]
		if !containsAtom(g.atoms, atomIn(d, g.fact, w)) {
			unmet = i
			break
		}
	}
	if unmet < 0 {
		return nil, false // the goal holds: not expanded in a plain search
	}
	g := &s.t.cond.groups[unmet]
	ss.addAchievers(g.fact, g)
	for q := 0; q < len(ss.queue); q++ {
		if ss.work > ss.limit {
			return nil, false
		}
		id := ss.queue[q]
		a := &d.actions[id]
		if f, g, applies := ss.blocker(a, w); !applies {
			ss.addAchievers(f, g)
			continue
		}
		ss.apps = append(ss.apps, id)
		ss.addInterfering(a)
	}
	slices.Sort(ss.apps)
	return ss.apps, true
}

// blocker reports whether action a applies in state w; when it does not,
// it returns the fact and condition group whose achievers can enable it
// (the group is nil when an add/subtract effect would leave the fact's
// bounds: any writer of the fact may change that).
func (ss *stubborn) blocker(a *action, w []uint64) (FactID, *group, bool) {
	for i := range a.pre.groups {
		g := &a.pre.groups[i]
		if !containsAtom(g.atoms, atomIn(ss.d, g.fact, w)) {
			return g.fact, g, false
		}
	}
	for i := range a.effNum {
		e := &a.effNum[i]
		if v := int64((w[e.word]>>e.shift)&e.field) + e.delta; v < 0 || v > e.limit {
			return e.fact, nil, false
		}
	}
	return 0, nil, true
}

// addInterfering puts in T the usable actions that interfere with the
// applicable action a: those a disables (it sets a fact they read to a
// value their condition rejects), those that disable a, and those whose
// effect on a fact a writes differs from a's. An add/subtract effect
// interferes with every reader and writer of its fact.
func (ss *stubborn) addInterfering(a *action) {
	acts := ss.d.actions
	for _, at := range a.setAtoms {
		f := ss.atomOf[at]
		lo, hi := ss.rdAt[f], ss.rdAt[f+1]
		for k := lo; k < hi; k++ {
			b := ss.rdAct[k]
			if !containsAtom(acts[b].pre.groups[ss.rdGroup[k]].atoms, at) {
				ss.add(b)
			}
		}
		wlo, whi := ss.wrAt[f], ss.wrAt[f+1]
		for k := wlo; k < whi; k++ {
			if ss.wrAtom[k] != at {
				ss.add(ss.wrAct[k])
			}
		}
		ss.work += int(hi - lo + whi - wlo)
	}
	for _, dl := range a.deltas {
		lo, hi := ss.rdAt[dl.fact], ss.rdAt[dl.fact+1]
		for k := lo; k < hi; k++ {
			ss.add(ss.rdAct[k])
		}
		ss.work += int(hi - lo)
		ss.addAchievers(dl.fact, nil)
	}
	for i := range a.pre.groups {
		g := &a.pre.groups[i]
		lo, hi := ss.wrAt[g.fact], ss.wrAt[g.fact+1]
		for k := lo; k < hi; k++ {
			if at := ss.wrAtom[k]; at < 0 || !containsAtom(g.atoms, at) {
				ss.add(ss.wrAct[k])
			}
		}
		ss.work += int(hi - lo)
	}
}

// expandStubborn generates the successors of node n, just expanded at
// cost g, by the applicable actions of its stubborn set alone, and
// reports whether it did; false leaves the expansion to the caller's
// loop. The first stubbornTrial expansions of a search only measure: they
// build the sets, count every applicable action, and expand in full, so
// that a search that does not go on pruning searches exactly as it would
// have. It goes on when it gave up fewer than half of its sets and they
// kept at most stubbornKeep of the applicable actions; later, when it
// has given up half of them.
func (s *search) expandStubborn(n int32, g float64) bool {
	p := s.p
	apps, ok := p.sss.set(s, s.state(n))
	if !ok {
		s.pruneMissed++
	}
	trial := s.p.tune.stubbornTrial
	if s.expanded <= trial {
		if ok {
			s.pruneAll += s.applicable(s.state(n))
			s.pruneKept += len(apps)
		}
		if s.expanded == trial {
			s.prune = 2*s.pruneMissed < trial && float64(s.pruneKept) <= stubbornKeep*float64(s.pruneAll)
		}
		return false
	}
	if !ok {
		if trial > 0 && 2*s.pruneMissed >= s.expanded {
			s.prune = false
		}
		return false
	}
	// The few children of a pruned expansion wait for their estimates
	// as a wide expansion's do (lazyLMCut): where the search leaves a
	// dive for an older node, an eager estimate would first need that
	// node's landmarks, a second LM-cut (crafting with stocks: 2-3x).
	s.deferKids = s.lazy
	child := s.scratch
	for _, id := range apps {
		s.met++
		// s.state(n) is taken again for every action: relax may move
		// the state arena.
		if s.successor(s.state(n), child, id) {
			s.relax(child, n, id, g+p.prep.costs[id])
		}
	}
	return true
}

// stubbornKeep is the share of the applicable actions that the sets of a
// search's first stubbornTrial expansions may keep on the whole for the
// search to go on pruning.
const stubbornKeep = 0.8

// applicable counts the search's actions that apply in state w.
func (s *search) applicable(w []uint64) int {
	d := s.p.d
	k := 0
	for _, id := range s.acts {
		a := &d.actions[id]
		if !holdsOps(a.preOps, w) || !a.pre.holds(w) {
			continue
		}
		ok := true
		for i := range a.effNum {
			if _, ok = a.effNum[i].apply(w[a.effNum[i].word], 0); !ok {
				break
			}
		}
		if ok {
			k++
		}
	}
	return k
}
