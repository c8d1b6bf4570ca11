package goap

// The domain's atoms, indexed for the relaxed heuristics (hmax.go,
// lmcut.go) and relaxed reachability (reach.go): one atom per value of
// every fact (factInfo.atom), and for each atom the preconditions and
// add/subtract effects it feeds. NewDomain builds both indexes once; the
// Domain holds them, and every planner of the domain reads them.

// atomIndex is built once per Domain: which action precondition groups
// and which add/subtract effects each atom feeds.
type atomIndex struct {
	useStart  []int32 // per atom, into uses; len atoms+1
	uses      []groupRef
	trigStart []int32 // per atom, into trigs
	trigs     []trigRef
	groupBase []int32 // per action, first slot in a flattened group array
	groups    int
	// The actions as the relaxed explorations (hmax.go) read them: they
	// visit every action of a domain per call, and an action struct takes
	// hundreds of bytes, its set effects another allocation: a 64x64 grid's
	// 16,000 actions did not stay in cache.
	npre     []int32 // per action: its precondition groups
	effStart []int32 // per action, into effAtoms; len actions+1
	effAtoms []int32 // the atoms of the actions' set effects, action by action
	slow     []bool  // per action: has add/subtract effects
	noPre    []int32 // the actions without preconditions, in order
}

type groupRef struct {
	action int32
	slot   int32 // flattened group slot; -1 for a group of one atom
}

// trigRef: when the atom holds and the action is ready, fact value
// atom+delta becomes reachable.
type trigRef struct {
	action int32
	delta  int32
}

// buildAtomIndex indexes the atoms of d's actions. prev, when not nil,
// indexes d's first from actions over the atoms of their facts, as they
// still are (WithObjects adding objects): their entries are copied, and
// only the actions after them are read.
func buildAtomIndex(d *Domain, prev *atomIndex, from int) *atomIndex {
	ix := &atomIndex{groupBase: make([]int32, len(d.actions))}
	if prev == nil {
		from = 0
	} else {
		copy(ix.groupBase, prev.groupBase[:from])
		ix.groups = prev.groups
	}
	ix.indexActions(d, prev, from)
	// count and tcount: the entries of the actions from on, per atom.
	count := make([]int32, d.atoms+1)
	tcount := make([]int32, d.atoms+1)
	for ai := from; ai < len(d.actions); ai++ {
		a := &d.actions[ai]
		ix.groupBase[ai] = int32(ix.groups)
		if a.gone {
			continue
		}
		ix.groups += len(a.pre.groups)
		for _, g := range a.pre.groups {
			for _, at := range g.atoms {
				count[at]++
			}
		}
		for _, dl := range a.deltas {
			f := &d.facts[dl.fact]
			pre := preAtoms(a, dl.fact)
			for x := max(0, -dl.n); x < min(f.size, f.size-dl.n); x++ {
				if pre == nil || containsAtom(pre, int32(f.atom+x)) {
					tcount[f.atom+x]++
				}
			}
		}
	}
	var fill, tfill []int32 // where each atom's next entry goes
	if prev == nil {
		ix.useStart, ix.uses, fill = startIndex[groupRef](count, nil, nil)
		ix.trigStart, ix.trigs, tfill = startIndex[trigRef](tcount, nil, nil)
	} else {
		ix.useStart, ix.uses, fill = startIndex(count, prev.useStart, prev.uses)
		ix.trigStart, ix.trigs, tfill = startIndex(tcount, prev.trigStart, prev.trigs)
	}
	for ai := from; ai < len(d.actions); ai++ {
		a := &d.actions[ai]
		if a.gone {
			continue
		}
		for gi, g := range a.pre.groups {
			for _, at := range g.atoms {
				// A group of one atom is satisfied once, when that atom
				// settles: the exploration keeps no mark for it.
				slot := ix.groupBase[ai] + int32(gi)
				if len(g.atoms) == 1 {
					slot = -1
				}
				ix.uses[fill[at]] = groupRef{int32(ai), slot}
				fill[at]++
			}
		}
		for _, dl := range a.deltas {
			f := &d.facts[dl.fact]
			pre := preAtoms(a, dl.fact)
			for x := max(0, -dl.n); x < min(f.size, f.size-dl.n); x++ {
				if at := f.atom + x; pre == nil || containsAtom(pre, int32(at)) {
					ix.trigs[tfill[at]] = trigRef{int32(ai), int32(dl.n)}
					tfill[at]++
				}
			}
		}
	}
	return ix
}

// indexActions fills the per-action arrays of ix: those of prev (when
// not nil) for the first from actions, then d's actions from on.
func (ix *atomIndex) indexActions(d *Domain, prev *atomIndex, from int) {
	n := len(d.actions)
	ix.npre = make([]int32, n)
	ix.slow = make([]bool, n)
	ix.effStart = make([]int32, n+1)
	effs := 0
	for ai := from; ai < n; ai++ {
		effs += len(d.actions[ai].setAtoms)
	}
	if prev != nil {
		copy(ix.npre, prev.npre[:from])
		copy(ix.slow, prev.slow[:from])
		copy(ix.effStart, prev.effStart[:from+1])
		effs += int(prev.effStart[from])
		for _, ai := range prev.noPre {
			if int(ai) < from {
				ix.noPre = append(ix.noPre, ai)
			}
		}
	}
	ix.effAtoms = make([]int32, int(ix.effStart[from]), effs)
	if prev != nil {
		copy(ix.effAtoms, prev.effAtoms)
	}
	for ai := from; ai < n; ai++ {
		a := &d.actions[ai]
		ix.npre[ai] = int32(len(a.pre.groups))
		ix.slow[ai] = len(a.deltas) > 0
		ix.effAtoms = append(ix.effAtoms, a.setAtoms...)
		ix.effStart[ai+1] = int32(len(ix.effAtoms))
		if len(a.pre.groups) == 0 {
			ix.noPre = append(ix.noPre, int32(ai))
		}
	}
}

// startIndex lays out a CSR index (the start of each atom's list, and
// the total last) holding, per atom, the entries of an earlier index
// (oldStart and old; none when nil) and then count[at] more. It returns
// the starts, the entries (the earlier ones copied) and where each
// atom's next entry goes.
func startIndex[T any](count, oldStart []int32, old []T) (start []int32, entries []T, fill []int32) {
	atoms := len(count) - 1
	start = make([]int32, atoms+1)
	fill = make([]int32, atoms)
	nOld := max(len(oldStart)-1, 0) // atoms the earlier index has
	var sum int32
	for at := range atoms {
		start[at] = sum
		if at < nOld {
			sum += oldStart[at+1] - oldStart[at]
		}
		fill[at] = sum
		sum += count[at]
	}
	start[atoms] = sum
	entries = make([]T, sum)
	// The earlier entries come first in each list, as a full build puts
	// them; between atoms that gain entries they are copied in runs.
	run := 0
	for at := range nOld {
		if count[at] > 0 {
			copy(entries[start[run]:], old[oldStart[run]:oldStart[at+1]])
			run = at + 1
		}
	}
	if run < nOld {
		copy(entries[start[run]:], old[oldStart[run]:oldStart[nOld]])
	}
	return start, entries, fill
}

// preAtoms returns the atoms a's precondition on f allows, or nil when a
// has none on f (a condition allows at least one atom).
func preAtoms(a *action, f FactID) []int32 {
	for _, g := range a.pre.groups {
		if g.fact == f {
			return g.atoms
		}
	}
	return nil
}

// allowedByPre reports whether atom at (of fact f) satisfies a's
// precondition on f, if it has one.
func allowedByPre(a *action, f FactID, at int32) bool {
	for _, g := range a.pre.groups {
		if g.fact == f {
			return containsAtom(g.atoms, at)
		}
	}
	return true
}

// prefix returns the start of each entry's list in a flat array holding
// count[i] items for entry i, and the total last (count's last element
// is not read): the starts of a CSR index.
func prefix(count []int32) []int32 {
	out := make([]int32, len(count))
	var sum int32
	for i := 0; i < len(count)-1; i++ {
		out[i] = sum
		sum += count[i]
	}
	out[len(count)-1] = sum
	return out
}

// reachAction is an action seen by the reachability check.
type reachAction struct {
	pre  []int32 // atoms of the single-value preconditions
	any  []group // preconditions that several values satisfy
	eff  []int32 // atoms set by set effects
	slow bool    // has add/subtract effects (handled by the slow path)
}

// reachIndex is built once per Domain.
type reachIndex struct {
	words   int // words per atom bitset
	actions []reachAction
}

// resize returns s with length n, reusing its memory when it can: the
// scratch arrays of planners and heuristics, rebuilt per plan call.
func resize[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}

// buildReachIndex indexes d's actions for the reachability check,
// keeping the entries of old (an index of the domain d was made from,
// whose actions d's first ones are) when it is not nil.
func buildReachIndex(d *Domain, old *reachIndex) *reachIndex {
	ri := &reachIndex{words: (d.atoms + 63) / 64}
	if old != nil {
		ri.actions = old.actions[:len(old.actions):len(old.actions)]
	}
	for i := len(ri.actions); i < len(d.actions); i++ {
		a := &d.actions[i]
		// Atom lists, not bitsets over all atoms: the index takes memory
		// in proportion to the actions' size, not actions times atoms.
		ra := reachAction{eff: a.setAtoms, slow: len(a.deltas) > 0}
		for _, g := range a.pre.groups {
			if len(g.atoms) == 1 {
				ra.pre = append(ra.pre, g.atoms[0])
			} else {
				ra.any = append(ra.any, g)
			}
		}
		ri.actions = append(ri.actions, ra)
	}
	return ri
}
