package goap

// TreeNode is one node of a search tree, for debuggers and drawings (see
// Search.Tree).
type TreeNode struct {
	ID     int // index in the tree; the root is 0
	Parent int // -1 for the root
	// Action leads from the parent to this node (forward search) or, in
	// backward search, is the action whose regression produced this
	// subgoal from its parent; -1 at the root.
	Action ActionID
	// G is the node's cost from the root, H its estimate as the search
	// keeps it: rounded down to a float32, exact for integers below 2^24
	// (an estimate of 0.3 is 0.29999998). Forward LM-cut search
	// estimates some nodes only when they are popped; until then H is
	// their parent's estimate less the action's cost.
	G, H     float64
	Expanded bool // taken from the open list and expanded (or a dead end)
	// State is the node's world state in forward search (facts that
	// cannot matter for the goal shown at their start values). In
	// backward search it is the zero State and Subgoal describes the
	// conditions still to meet, e.g. "{armed loaded}".
	State   State
	Subgoal string
	// A forward search over interchangeable objects (see
	// Options.NoSymmetry) stores one state for a set of twins: State is
	// that canonical state and Action the action applied to its parent's,
	// which the returned plan replays as real actions from the real start.
}

// tree returns the nodes searched so far in dst's memory (see
// Search.Tree and Search.TreeInto).
func (s *search) tree(dst []TreeNode) []TreeNode {
	if s.parts.on {
		if s.p.sub == nil {
			return dst[:0]
		}
		return s.p.sub.s.tree(dst) // the part searched last
	}
	if s.auto.winner != nil {
		return s.auto.winner.tree(dst)
	}
	if s.auto.left != nil {
		return s.auto.left.tree(dst)
	}
	n := s.nodes.len()
	// The elements past dst's length are reused too, for their states'
	// words: a caller passing back what it got allocates nothing.
	out := dst[:min(n, cap(dst))]
	if n > cap(dst) {
		out = append(out, make([]TreeNode, n-cap(dst))...)
	}
	d := s.p.d
	for i := range n {
		nd := s.nodes.at(int32(i))
		tn := &out[i]
		words := tn.State.w
		*tn = TreeNode{ID: i, Parent: int(nd.parent), Action: ActionID(nd.action()), G: nd.cost(), H: nd.est(), Expanded: nd.closed()}
		x := s.state(int32(i))
		if s.dir == Backward {
			tn.Subgoal = describeSubgoal(d, x[:s.w], x[s.w:])
			continue
		}
		words = append(words[:0], s.start.w...)
		for w := range words {
			words[w] = words[w]&^s.mask[w] | x[w]
		}
		tn.State = State{d: s.start.d, w: words}
	}
	return out
}

// direction returns the direction being searched (see Search.Direction).
func (s *search) direction() Direction {
	if s.parts.on && s.p.sub != nil && (s.parts.searching || s.parts.next > 0) {
		return s.p.sub.s.direction()
	}
	if s.auto.winner != nil {
		return s.auto.winner.dir
	}
	if s.auto.left != nil {
		return s.auto.left.dir
	}
	return s.dir
}

// describeSubgoal renders a backward-search subgoal (mask, value words).
func describeSubgoal(d *Domain, mask, val []uint64) string {
	var parts []string
	for i := range mask {
		for m := mask[i]; m != 0; {
			id := d.factAt(i, m&-m)
			f := &d.facts[id]
			raw := int32((val[i] & f.mask) >> f.shift)
			parts = append(parts, describeGroup(d, group{fact: id, atoms: []int32{int32(f.atom) + raw}}))
			m &^= f.mask
		}
	}
	s := "{"
	for i, p := range parts {
		if i > 0 {
			s += " "
		}
		s += p
	}
	return s + "}"
}
