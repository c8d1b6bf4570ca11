package goap

import "math/bits"

// Forward search over multi-word states (more than 64 bits of facts, e.g.
// grounded PDDL tasks). Testing every action's preconditions over every
// word at every expansion dominated the search there, so each plan call
// packs the usable actions sparsely (only the words they read or write)
// and indexes them by one precondition each (see succGen): an expansion
// looks only at the actions whose key holds in the state.

// multiAction is an action packed for multi-word forward search: its
// conditions and effects are ops[pre:eff] and ops[eff:end].
type multiAction struct {
	pre, eff, end uint32
	// slow marks integer comparisons or add/subtract effects, which the
	// general code in d.actions handles.
	slow bool
	id   ActionID
	cost float64
}

// succGen finds the candidate actions of a state without testing every
// action. Each action is filed under one of its equality preconditions
// (its key): for a one-bit field the key is a state bit being 1 (on) or 0
// (off); for a wider field it is the field's value. An action without an
// equality precondition is always a candidate. Lists are CSR slices:
// the actions keyed on index k are keyed[first[k]:first[k+1]], as
// positions in multiWord.acts.
type succGen struct {
	on, off []uint64 // per word: the bits that key some action
	// bit keys: on-bit b of word i is key 2*(64*i+b), the off-bit the
	// next one.
	first  []int32
	keyed  []int32
	fields []keyField // wider fields that key some action
	vfirst []int32    // CSR over the values of fields
	vkeyed []int32
	free   []int32 // actions with no equality precondition
}

// keyField is a wider field that keys actions by value.
type keyField struct {
	word  int32
	shift uint8
	field uint64 // unshifted mask
	base  int32  // its values' offset in vfirst
}

// multiWord is a planner's packed action set for multi-word forward
// search, rebuilt by prepare; the slices are kept across calls so a warm
// planner does not allocate.
type multiWord struct {
	acts []multiAction
	ops  []wordOp
	gen  succGen
	cand candSet // candidate actions (indexes in acts), empty between expansions
	// the successors of one expansion: states, hashes, actions
	kids    []uint64
	kidHash []uint64
	kidAct  []int32
	touch   uint64 // see stepForwardN
	// scratch for building the index
	keyOf []int32 // per action: its key (-1: none); field keys are offset by nbit
	count []int32
	freq  []int32 // per heuristic atom: actions with it as a precondition
}

// packMulti fills p.prep.mw from p.prep.acts; p.prep.mask keeps the relevant fields.
func (p *Planner) packMulti() {
	d := p.d
	mw := &p.prep.mw
	mw.acts, mw.ops = mw.acts[:0], mw.ops[:0]
	for _, id := range p.prep.acts {
		a := &d.actions[id]
		ma := multiAction{id: id, cost: p.prep.costs[id], slow: len(a.pre.num) > 0 || len(a.effNum) > 0}
		ma.pre = uint32(len(mw.ops))
		mw.ops = append(mw.ops, a.preOps...)
		ma.eff = uint32(len(mw.ops))
		for _, o := range a.effOps {
			mw.ops = append(mw.ops, wordOp{m: o.m, v: o.v & p.prep.mask[o.i], i: o.i})
		}
		ma.end = uint32(len(mw.ops))
		mw.acts = append(mw.acts, ma)
	}
	mw.cand.resize(len(mw.acts))
	// Successor states grow on demand in stepForwardN: room for every
	// action would be actions x words (2.4 GB on a 140,000-action chain).
	mw.kids = resize(mw.kids, min(len(mw.acts), 64)*d.words)
	mw.kidHash = resize(mw.kidHash, len(mw.acts))
	mw.kidAct = resize(mw.kidAct, len(mw.acts))
	p.buildSuccGen()
}

// buildSuccGen chooses every action's key and files the actions. The key
// is the precondition that the fewest usable actions share, preferring a
// bit that must be 1: in grounded tasks most atoms are false in most
// states, so such a key rarely holds and its list is short.
func (p *Planner) buildSuccGen() {
	d := p.d
	mw := &p.prep.mw
	g := &mw.gen
	w := d.words
	nbit := 2 * 64 * w
	g.on = resize(g.on, w)
	g.off = resize(g.off, w)
	clear(g.on)
	clear(g.off)
	if len(mw.acts) <= p.tune.unindexedActs {
		// Too few actions to index: all are candidates everywhere, and
		// building the index (its size follows the state's bits) would
		// cost more than the search, e.g. for each part of a goal split
		// into hundreds of one-action parts.
		g.fields, g.free = g.fields[:0], g.free[:0]
		for j := range mw.acts {
			g.free = append(g.free, int32(j))
		}
		return
	}
	mw.freq = resize(mw.freq, d.atoms)
	clear(mw.freq)
	for _, ma := range mw.acts {
		for _, gr := range d.actions[ma.id].pre.groups {
			if len(gr.atoms) == 1 {
				mw.freq[gr.atoms[0]]++
			}
		}
	}
	// Key numbering: bit keys first, then one key per value of each
	// wider field that keys something, in order of first use.
	g.fields = g.fields[:0]
	mw.keyOf = resize(mw.keyOf, len(mw.acts))
	nkeys := nbit
	fieldBase := func(f *factInfo) int32 {
		for _, kf := range g.fields {
			if kf.word == int32(f.word) && kf.shift == uint8(f.shift) {
				return kf.base
			}
		}
		base := int32(nkeys - nbit)
		g.fields = append(g.fields, keyField{word: int32(f.word), shift: uint8(f.shift), field: f.mask >> f.shift, base: base})
		nkeys += int(f.mask>>f.shift) + 1
		return base
	}
	for j, ma := range mw.acts {
		best, bestScore := -1, 0
		var bestFact FactID
		for _, gr := range d.actions[ma.id].pre.groups {
			f := &d.facts[gr.fact]
			if len(gr.atoms) != 1 || f.size > maxKeyValues && f.size > 4*len(mw.acts) {
				continue
			}
			at := gr.atoms[0]
			raw := int(at) - f.atom
			score := 2 * int(mw.freq[at])
			if bits.OnesCount64(f.mask) == 1 && raw == 0 {
				score++ // a bit that must be 0: most atoms are
			}
			if best < 0 || score < bestScore {
				best, bestScore, bestFact = raw, score, gr.fact
			}
		}
		if best < 0 {
			mw.keyOf[j] = -1
			continue
		}
		f := &d.facts[bestFact]
		if bits.OnesCount64(f.mask) == 1 {
			b := 64*f.word + bits.TrailingZeros64(f.mask)
			mw.keyOf[j] = int32(2*b + (1 - best))
		} else {
			mw.keyOf[j] = int32(nbit) + fieldBase(f) + int32(best)
		}
	}
	// Count, then file (CSR), keeping each list in action order.
	mw.count = resize(mw.count, nkeys+1)
	clear(mw.count)
	g.free = g.free[:0]
	for j, k := range mw.keyOf {
		if k < 0 {
			g.free = append(g.free, int32(j))
			continue
		}
		mw.count[k+1]++
	}
	for k := 1; k <= nkeys; k++ {
		mw.count[k] += mw.count[k-1]
	}
	g.first = append(g.first[:0], mw.count[:nbit+1]...)
	g.vfirst = g.vfirst[:0]
	for k := nbit; k <= nkeys; k++ {
		g.vfirst = append(g.vfirst, mw.count[k]-mw.count[nbit])
	}
	g.keyed = resize(g.keyed, int(mw.count[nbit]))
	g.vkeyed = resize(g.vkeyed, int(mw.count[nkeys]-mw.count[nbit]))
	for j, k := range mw.keyOf {
		if k < 0 {
			continue
		}
		pos := mw.count[k]
		mw.count[k]++
		if int(k) < nbit {
			g.keyed[pos] = int32(j)
		} else {
			g.vkeyed[pos-g.first[nbit]] = int32(j)
		}
	}
	for b := 0; b < 64*w; b++ {
		if g.first[2*b+1] > g.first[2*b] {
			g.on[b/64] |= 1 << uint(b%64)
		}
		if g.first[2*b+2] > g.first[2*b+1] {
			g.off[b/64] |= 1 << uint(b%64)
		}
	}
}

// unindexedActs is the most actions buildSuccGen leaves unindexed
// (tests index every action set through tuning).
const unindexedActs = 8

// maxKeyValues bounds the values of a field that keys actions, since
// the index holds a list for every value; a field with more values keys
// actions only when there are at least a quarter as many actions (a
// grid's cell, four moves per cell).
const maxKeyValues = 256

// candidates marks in mw.cand the actions whose key holds in st.
func (mw *multiWord) candidates(st []uint64) {
	g := &mw.gen
	cand := &mw.cand
	mark := func(list []int32) {
		for _, j := range list {
			cand.add(j)
		}
	}
	for i, x := range st {
		base := 128 * i
		for on := x & g.on[i]; on != 0; on &= on - 1 {
			k := base + 2*bits.TrailingZeros64(on)
			mark(g.keyed[g.first[k]:g.first[k+1]])
		}
		for off := ^x & g.off[i]; off != 0; off &= off - 1 {
			k := base + 2*bits.TrailingZeros64(off) + 1
			mark(g.keyed[g.first[k]:g.first[k+1]])
		}
	}
	for _, kf := range g.fields {
		k := kf.base + int32((st[kf.word]>>kf.shift)&kf.field)
		mark(g.vkeyed[g.vfirst[k]:g.vfirst[k+1]])
	}
	mark(g.free)
}

// candSet is a set of indexes visited in increasing order: a bitset, and
// a summary bit per word of it that holds some. A visit costs the words
// that hold candidates, not a word per 64 actions: a grid of 4,096 cells
// has 16,000 moves, 256 words that a bare bitset would read at each
// expansion to find its four.
type candSet struct {
	words []uint64
	sum   []uint64
	at    int // pop's place in sum
}

// resize makes room for indexes below n and empties the set.
func (c *candSet) resize(n int) {
	c.words = resize(c.words, (n+63)/64)
	c.sum = resize(c.sum, (len(c.words)+63)/64)
	clear(c.words)
	clear(c.sum)
	c.at = 0
}

// add puts j in the set.
func (c *candSet) add(j int32) {
	c.words[j>>6] |= 1 << uint(j&63)
	c.sum[j>>12] |= 1 << uint((j>>6)&63)
}

// pop removes the lowest word of the set that holds some index and
// returns its place and its bits; ci is -1 when the set is empty.
func (c *candSet) pop() (ci int, cw uint64) {
	for ; c.at < len(c.sum); c.at++ {
		if sw := c.sum[c.at]; sw != 0 {
			k := bits.TrailingZeros64(sw)
			c.sum[c.at] = sw & (sw - 1)
			ci = c.at*64 + k
			cw, c.words[ci] = c.words[ci], 0
			return ci, cw
		}
	}
	c.at = 0
	return -1, 0
}

// stepForwardN is forward search over multi-word states. Successors are
// generated in action order, as the tie-breaking of the open list
// requires, but in two passes: the first builds every successor and then
// loads their home slots of the table, the second inserts them. The table
// is far larger than the caches, so the loads of the first pass miss;
// issued back to back they overlap instead of stalling one by one.
func (s *search) stepForwardN(budget int) {
	p := s.p
	t := s.t
	mw := &p.prep.mw
	w := s.w
	for ; budget > 0; budget-- {
		n := s.nextToExpand()
		if n < 0 {
			return
		}
		// The arena only grows by appending, so st stays valid while
		// successors are inserted.
		st := s.state(n)
		if t.cond.holds(st) {
			s.found(n)
			return
		}
		var g float64
		if s.buckets {
			g = s.expandBlind(n)
		} else {
			g = s.expand(n)
		}
		if s.prune && s.expandStubborn(n, g) {
			continue
		}
		mw.candidates(st)
		kids, met := 0, 0
		var touch uint64
		tmask := uint64(len(s.ctrl) - 1)
		for {
			ci, cw := mw.cand.pop()
			if ci < 0 {
				break
			}
		next:
			for ; cw != 0; cw &= cw - 1 {
				j := ci*64 + bits.TrailingZeros64(cw)
				a := &mw.acts[j]
				ops := mw.ops[a.pre:a.end]
				npre := a.eff - a.pre
				for _, op := range ops[:npre] {
					if st[op.i]&op.m != op.v {
						continue next
					}
				}
				met++
				if !a.slow && holdsOps(ops[npre:], st) {
					// A no-op here: its effects hold already. Told from
					// the effects, not by comparing states: in a long
					// chain every earlier action applies, and a copy and
					// compare of the state each made the search
					// quadratic.
					continue
				}
				if (kids+1)*w > len(mw.kids) {
					mw.kids = append(mw.kids, make([]uint64, len(mw.kids)+w)...)
				}
				child := mw.kids[kids*w : (kids+1)*w]
				copy(child, st)
				for _, op := range ops[npre:] {
					child[op.i] = child[op.i]&^op.m | op.v
				}
				if a.slow && (!s.applyNum(st, child, a.id) || equalWords(st, child)) {
					continue // not applicable, or a no-op here
				}
				if w >= 8 {
					mw.kidHash[kids] = hashWide(child)
				} else {
					mw.kidHash[kids] = hashWords(child)
				}
				mw.kidAct[kids] = int32(j)
				kids++
			}
		}
		s.met += int64(met)
		// A loop of loads alone: the processor keeps many of them in
		// flight at once, which it cannot while building successors.
		for _, h := range mw.kidHash[:kids] {
			touch += uint64(s.ctrl[h&tmask])
		}
		mw.touch = touch // keeps the loads
		for k := 0; k < kids; k++ {
			a := &mw.acts[mw.kidAct[k]]
			s.generated++
			if s.buckets {
				s.blindInsertN(mw.kids[k*w:(k+1)*w], mw.kidHash[k], g+a.cost, n, a.id)
				continue
			}
			idx, fresh, closed := s.insertHashed(mw.kids[k*w:(k+1)*w], mw.kidHash[k])
			s.settle(idx, fresh, closed, n, a.id, g+a.cost)
		}
	}
}

// blindInsertN is blindInsert for a multi-word state x with hash h.
func (s *search) blindInsertN(x []uint64, h uint64, g float64, parent int32, a ActionID) {
	ctrl := s.ctrl
	tm := uint64(len(ctrl) - 1)
	tag := ctrlTag(h)
	for j := h & tm; ; j = (j + 1) & tm {
		c := ctrl[j]
		if c == 0 {
			s.blindAdd(j, tag, g, parent, a)
			s.storeState(x, h)
			if s.full() {
				s.grow()
			}
			return
		}
		if c == tag {
			if idx := int32(s.ids[j] & idMask); equalWords(s.state(idx), x) {
				s.blindReached(idx, g, parent, a)
				return
			}
		}
	}
}

// applyNum checks action id's integer comparisons in st and applies its
// add/subtract effects to child; it returns false when the action does
// not apply.
func (s *search) applyNum(st, child []uint64, id ActionID) bool {
	a := &s.p.d.actions[id]
	for i := range a.pre.num {
		if !a.pre.num[i].holds(st) {
			return false
		}
	}
	for i := range a.effNum {
		e := &a.effNum[i]
		x, ok := e.apply(st[e.word], child[e.word])
		if !ok {
			return false
		}
		child[e.word] = x & s.mask[e.word]
	}
	return true
}
