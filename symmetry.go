package goap

import (
	"slices"
)

// Interchangeable objects (symmetry): n crates that must each be carried,
// written as n sets of facts, make n! orderings of the same situation,
// and a search that tells them apart stores 2^n states where a count
// would store n. Forward search then runs as orbit search (Pochter, Zohar
// & Rosenschein 2011): every state reached is put in a canonical form
// before it is stored, one state per class of interchangeable ones, and
// the plan is replayed on real states at the end.
//
// Detection, per plan setup (prepare): the candidates are bundles of
// facts that the names suggest belong to one object each (detectBundles:
// "incart(c3)" and "delivered(c3)" for object c3, "incart3" and
// "delivered3" for number 3). They are only guesses: two bundles are
// interchangeable when swapping them maps the goal, the relevant facts
// and the usable actions (conditions, effects and cost) onto themselves,
// which symVerifier.swaps checks exactly (each action's conditions,
// effects and cost, as the plan call prepared them: a cost function's
// value at the start, a context check's verdict). Bundles that pass
// against a first one
// form a class; the swaps of each member with that first one generate
// every permutation of the class, so every state and its permuted twins
// have the same cheapest cost to the goal, and sorting the class's
// bundles by their values picks one state of each set of twins.
//
// A* stays optimal over canonical states with an admissible estimate:
// the estimate of one twin bounds the cost of all. Forward searches use
// it, in the reference loop (stepAStar), the Auto portfolio's forward
// members included; LM-cut then estimates each state afresh (its
// incremental and deferred estimates reuse the parent's landmarks, which
// a renamed child does not keep). Backward search and IDA* do not use it;
// the parts of a split goal detect it in their own plan setups. An
// expansion also skips the actions on a bundle equal to the one before
// it (symmetry.twin): their children are twins of its own.
// Options.NoSymmetry turns it off.

// symMinBundles is the fewest bundles a class needs for the search to
// use it. A state of a class of n has at most n! twins, where the
// canonical search gives up the faster loops and LM-cut's incremental
// estimates, and finds another one of the equally cheap plans (the
// first real action leading to each canonical state): below 5 bundles (24
// twins) the plain search is left as it was, so the game-sized searches
// (three enemies, four balls) keep their plans.
const symMinBundles = 5

// symmetry is what a plan setup found: the classes of interchangeable
// bundles, and the scratch canon and the replay use.
type symmetry struct {
	classes []symClass
	keys    []uint64 // canon: the bundles' values, one key each
	was     []uint64 // canon: the keys before sorting
	// The expansion's twins (parentKeys, twin): the keys of the state
	// being expanded, class after class (class i's from at[i]), and per
	// ActionID the one bundle the action touches, if it touches one.
	pkeys []uint64
	at    []int
	act   []symActAt
	// last is what the classes were found for: the target, usable
	// actions, their costs and the relevant fields
	last struct {
		t     *Target
		acts  []ActionID
		costs []float64
		mask  []uint64
	}
	// replay: the path's nodes, and the real states walked
	path           []int32
	cur, next, cmp []uint64
}

// symClass is a class of interchangeable bundles: k fields each.
type symClass struct {
	k      int
	fields []symField // bundle after bundle, k each, in template order
}

// symField is one fact's field, as canon reads and writes it.
type symField struct {
	word  int32
	shift uint8
	bits  uint8
	field uint64 // unshifted
}

// canon puts state x in canonical form: within each class, the bundles'
// values in ascending order (the first fact's value the most significant).
// It allocates nothing.
func (y *symmetry) canon(x []uint64) {
	for ci := range y.classes {
		c := &y.classes[ci]
		n := len(c.fields) / c.k
		keys := y.keys[:n]
		sorted := true
		for b := range n {
			var key uint64
			for _, f := range c.fields[b*c.k : (b+1)*c.k] {
				key = key<<f.bits | x[f.word]>>f.shift&f.field
			}
			keys[b] = key
			if b > 0 && key < keys[b-1] {
				sorted = false
			}
		}
		if sorted {
			continue
		}
		// Only the bundles whose values change are written: a child of
		// a canonical state moves a few bundles (the ones its action
		// touched and those between their old and new places).
		was := append(y.was[:0], keys...)
		slices.Sort(keys)
		for b, key := range keys {
			if key == was[b] {
				continue
			}
			fs := c.fields[b*c.k : (b+1)*c.k]
			for i := len(fs) - 1; i >= 0; i-- {
				f := &fs[i]
				x[f.word] = x[f.word]&^(f.field<<f.shift) | (key&f.field)<<f.shift
				key >>= f.bits
			}
		}
	}
}

// sameCosts reports whether the actions acts cost what they cost at the
// last detection.
func (y *symmetry) sameCosts(acts []ActionID, costs []float64) bool {
	for i, id := range acts {
		if costs[id] != y.last.costs[i] {
			return false
		}
	}
	return true
}

// symActAt is the one bundle of a class an action touches (class -1:
// none, or several).
type symActAt struct{ class, bundle int32 }

// parentKeys records the keys of the canonical state x, about to be
// expanded, for twin.
func (y *symmetry) parentKeys(x []uint64) {
	for ci := range y.classes {
		c := &y.classes[ci]
		keys := y.pkeys[y.at[ci]:y.at[ci+1]]
		for b := range keys {
			var key uint64
			for _, f := range c.fields[b*c.k : (b+1)*c.k] {
				key = key<<f.bits | x[f.word]>>f.shift&f.field
			}
			keys[b] = key
		}
	}
}

// twin reports whether action id, from the state parentKeys recorded,
// leads to the same canonical state as another action of the same cost
// from there, which the expansion tries: id touches one bundle, and the
// bundle before it holds the same values. Swapping the two maps the
// state onto itself and id onto an action touching the bundle before
// (the swap is verified), so both children are twins. The first bundle
// of each run of equal bundles keeps its actions.
func (y *symmetry) twin(id ActionID) bool {
	a := y.act[id]
	if a.class < 0 || a.bundle == 0 {
		return false
	}
	i := y.at[a.class] + int(a.bundle)
	return y.pkeys[i] == y.pkeys[i-1]
}

// realPlan returns the plan of the symmetric search s to node n as real
// actions from the real start, in buf: at each step the first usable
// action of the stored action's cost that applies to the real state and
// leads to a state whose canonical form is the next stored one (the
// stored action with the bundles renamed back is one). ok is false if no
// action does, which would be a bug.
func (s *search) realPlan(n int32, buf []ActionID) (plan []ActionID, ok bool) {
	p := s.p
	y := &p.sym
	y.path = y.path[:0]
	for ; n >= 0; n = s.nodes.at(n).parent {
		y.path = append(y.path, n)
	}
	slices.Reverse(y.path)
	w := s.w
	y.cur = slices.Grow(y.cur[:0], w)[:w]
	y.next = slices.Grow(y.next[:0], w)[:w]
	y.cmp = slices.Grow(y.cmp[:0], w)[:w]
	for i := range y.cur {
		y.cur[i] = s.start.w[i] & s.mask[i]
	}
	buf = buf[:0]
	for _, n := range y.path[1:] {
		want := s.state(n)
		c := p.prep.costs[s.nodes.at(n).action()]
		found := false
		for _, id := range s.acts {
			if p.prep.costs[id] != c || !s.successor(y.cur, y.next, id) {
				continue
			}
			copy(y.cmp, y.next)
			y.canon(y.cmp)
			if equalWords(y.cmp, want) {
				buf = append(buf, id)
				y.cur, y.next = y.next, y.cur
				found = true
				break
			}
		}
		if !found {
			return buf, false
		}
	}
	return buf, true
}
