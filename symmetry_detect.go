package goap

import (
	"encoding/binary"
	"math"
	"math/bits"
	"slices"
	"strings"
)

// Finding interchangeable objects (see symmetry.go): candidate bundles
// from the fact names, once per planner, then verified exactly against
// the goal and the usable actions at each plan setup.
// symBundles are the candidate bundles of a domain, found once per
// planner from the fact names (detectBundles).
type symBundles struct {
	groups []symBundleGroup
	// at[f] is where fact f sits: group, member and template, or group
	// -1 when it is in no bundle
	at []symAt
	// count is mayMatter's scratch, one per group, zero between calls
	count []int32
	bits  []uint64 // per state word, the fields of the facts in bundles
}

// mayMatter reports whether some group may have symMinBundles bundles
// with a fact the search compares (mask): it counts the group's facts
// among those, visiting the relevant fields only, so that the parts of
// a split goal (a setup each, with a few relevant facts) pay in
// proportion to their own facts. Else no class can form, and detection
// stops before it allocates.
func (bs *symBundles) mayMatter(d *Domain, mask []uint64) bool {
	// The relevant bits of bundle facts first (a fact has one or
	// more): a part of a split goal has a few, and stops here.
	bb := bs.bits[:len(mask)]
	n := 0
	for i, m := range mask {
		n += bits.OnesCount64(m & bb[i])
	}
	if n < symMinBundles {
		return false
	}
	found := false
	for i, m := range mask {
		for m != 0 {
			f := d.factAt(i, m&-m)
			m &^= d.facts[f].mask | m&-m // (a mask of all ones has bits of no fact)
			if g := bs.at[f].group; g >= 0 {
				bs.count[g]++
				found = found || bs.count[g] >= symMinBundles
			}
		}
	}
	for i, m := range mask { // the counts back to zero, as cheaply
		for m != 0 {
			f := d.factAt(i, m&-m)
			m &^= d.facts[f].mask | m&-m // (a mask of all ones has bits of no fact)
			if g := bs.at[f].group; g >= 0 {
				bs.count[g] = 0
			}
		}
	}
	return found
}

// symBundleGroup is a candidate: k templates (facts that differ only by
// the object or number), one bundle of k facts per member.
type symBundleGroup struct {
	k     int
	facts []FactID // member after member, k each
}

type symAt struct{ group, member, k int32 }

// detectBundles groups the facts of d into candidate bundles. A fact
// "p(a,b)" names its first argument that is an object of the domain (any
// first argument without objects); a plain name its last run of digits.
// Facts whose names differ only there share a template; templates that
// hold the same members form a group, each member's facts (one per
// template) its bundle. A fact is in at most one bundle.
func detectBundles(d *Domain) *symBundles {
	type entry struct {
		member string
		fact   FactID
	}
	byTmpl := map[string][]entry{}
	var tmpls []string // in order of first fact
	for id := range d.facts {
		f := &d.facts[id]
		if f.gone {
			continue
		}
		tmpl, member, ok := symSplitName(d, f.Name)
		if !ok {
			continue
		}
		if _, seen := byTmpl[tmpl]; !seen {
			tmpls = append(tmpls, tmpl)
		}
		byTmpl[tmpl] = append(byTmpl[tmpl], entry{member, FactID(id)})
	}
	// Templates over the same members (same field sizes, member by
	// member) form a group.
	type groupAcc struct {
		members []string // in the order of the first template's facts
		tmpls   []string
	}
	bySig := map[string]*groupAcc{}
	var sigs []string
	for _, tm := range tmpls {
		es := byTmpl[tm]
		if len(es) < 2 {
			continue
		}
		ms := make([]string, len(es))
		for i, e := range es {
			ms[i] = e.member
		}
		slices.Sort(ms)
		sig := strings.Join(ms, "\x00")
		g := bySig[sig]
		if g == nil {
			g = &groupAcc{}
			for _, e := range es {
				g.members = append(g.members, e.member)
			}
			bySig[sig] = g
			sigs = append(sigs, sig)
		}
		g.tmpls = append(g.tmpls, tm)
	}
	out := &symBundles{at: make([]symAt, len(d.facts))}
	for i := range out.at {
		out.at[i].group = -1
	}
	// factOf[ti] finds a member's fact in template ti of a group: a
	// search of the template's list per member was quadratic in the
	// members (a chain of 8,000 facts f0..f8000 is one template of
	// 8,001 members: 80 % of a cold plan call).
	var factOf []map[string]FactID
	for _, sig := range sigs {
		g := bySig[sig]
		k := len(g.tmpls)
		factOf = factOf[:0]
		for _, tm := range g.tmpls {
			es := byTmpl[tm]
			at := make(map[string]FactID, len(es))
			for _, e := range es {
				if _, dup := at[e.member]; !dup {
					at[e.member] = e.fact // the first, as a search finds
				}
			}
			factOf = append(factOf, at)
		}
		facts := make([]FactID, 0, k*len(g.members))
		width := 0
		ok := true
		for _, m := range g.members {
			for ti := range g.tmpls {
				id, found := factOf[ti][m]
				if !found {
					ok = false
					break
				}
				if m == g.members[0] {
					width += bits.OnesCount64(d.facts[id].mask)
				} else if d.facts[id].size != d.facts[facts[ti]].size {
					ok = false // bundles whose fields differ never swap
				}
				facts = append(facts, id)
			}
		}
		if !ok || width > 64 {
			continue
		}
		gi := int32(len(out.groups))
		for i, f := range facts {
			out.at[f] = symAt{gi, int32(i / k), int32(i % k)}
		}
		out.groups = append(out.groups, symBundleGroup{k, facts})
	}
	out.count = make([]int32, len(out.groups))
	out.bits = make([]uint64, d.words)
	for _, g := range out.groups {
		for _, f := range g.facts {
			out.bits[d.facts[f].word] |= d.facts[f].mask
		}
	}
	return out
}

// symSplitName splits a fact's name into a template and a member (see
// detectBundles).
func symSplitName(d *Domain, name string) (tmpl, member string, ok bool) {
	if pred, args, ok := splitAtom(name); ok && len(args) > 0 {
		pos := 0
		if d.lift != nil {
			pos = -1
			for i, a := range args {
				if _, obj := d.lift.objType[a]; obj {
					pos = i
					break
				}
			}
			if pos < 0 {
				return "", "", false
			}
		}
		member = args[pos]
		args[pos] = "?"
		return "(" + pred + "(" + strings.Join(args, ",") + ")", member, true
	}
	digit := func(c byte) bool { return c >= '0' && c <= '9' }
	j := len(name)
	for j > 0 && !digit(name[j-1]) {
		j--
	}
	if j == 0 {
		return "", "", false
	}
	i := j
	for i > 0 && digit(name[i-1]) {
		i--
	}
	return name[:i] + "#" + name[j:], name[i:j], true
}

// symItem is one condition or effect on one fact, as symVerify compares
// them: swapping bundles renames the facts and nothing else.
type symItem struct {
	f    FactID
	kind uint8 // symPre, symNum, symSet, symAdd
	op   uint8
	val  int64
}

const (
	symPre = iota // an equality condition: raw value
	symNum        // another comparison: op and raw value
	symSet        // a set effect: raw value
	symAdd        // an add/subtract effect: delta
)

// opItems appends the items of sparse words ops; ok is false when an op
// covers part of a field (nothing compiles so, but then nothing is
// compared).
func opItems(d *Domain, items []symItem, ops []wordOp, kind uint8) ([]symItem, bool) {
	for _, o := range ops {
		for m := o.m; m != 0; {
			f := d.factAt(int(o.i), m&-m)
			fi := &d.facts[f]
			if o.m&fi.mask != fi.mask {
				return items, false
			}
			items = append(items, symItem{f, kind, 0, int64((o.v & fi.mask) >> fi.shift)})
			m &^= fi.mask
		}
	}
	return items, true
}

func sortItems(items []symItem) {
	slices.SortFunc(items, func(a, b symItem) int {
		switch {
		case a.f != b.f:
			return int(a.f - b.f)
		case a.kind != b.kind:
			return int(a.kind) - int(b.kind)
		case a.op != b.op:
			return int(a.op) - int(b.op)
		case a.val < b.val:
			return -1
		case a.val > b.val:
			return 1
		}
		return 0
	})
}

// itemsKey encodes sorted items and a cost as a map key into buf.
func itemsKey(buf []byte, items []symItem, cost float64) []byte {
	buf = buf[:0]
	for _, it := range items {
		buf = binary.LittleEndian.AppendUint32(buf, uint32(it.f))
		buf = append(buf, it.kind, it.op)
		buf = binary.LittleEndian.AppendUint64(buf, uint64(it.val))
	}
	return binary.LittleEndian.AppendUint64(buf, math.Float64bits(cost))
}

// detectSymmetry finds the interchangeable bundles of the plan setup just
// prepared (forward search for target t) and sets p.prep.sym.
func (p *Planner) detectSymmetry(t *Target) {
	p.prep.sym = false
	if p.bundles == nil {
		p.bundles = detectBundles(p.d)
	}
	bs := p.bundles
	if !bs.mayMatter(p.d, p.prep.mask) {
		return
	}
	y := &p.sym
	if y.last.t == t && slices.Equal(y.last.acts, p.prep.acts) && slices.Equal(y.last.mask, p.prep.mask) && y.sameCosts(p.prep.acts, p.prep.costs) {
		// The same setup as the last detection's (plan calls whose
		// hooks make prepare run every time): the same classes.
		p.prep.sym = len(y.classes) > 0
		return
	}
	y.classes = y.classes[:0]
	y.last.t = t
	y.last.acts = append(y.last.acts[:0], p.prep.acts...)
	y.last.mask = append(y.last.mask[:0], p.prep.mask...)
	y.last.costs = y.last.costs[:0]
	for _, id := range p.prep.acts {
		y.last.costs = append(y.last.costs, p.prep.costs[id])
	}
	d := p.d
	// The items of every usable action that touches a bundle, and the
	// actions touching each fact.
	var items []symItem
	var from []int32 // per usable action: its items are items[from[i]:from[i+1]]
	touch := map[FactID][]int32{}
	sigs := map[string]bool{}
	var buf []byte
	for i, id := range p.prep.acts {
		a := &d.actions[id]
		start := len(items)
		var ok1, ok2 bool
		items, ok1 = opItems(d, items, a.preOps, symPre)
		for _, c := range a.pre.num {
			items = append(items, symItem{c.fact, symNum, uint8(c.op), c.val})
		}
		items, ok2 = opItems(d, items, a.effOps, symSet)
		for _, e := range a.effNum {
			items = append(items, symItem{e.fact, symAdd, 0, e.delta})
		}
		if !ok1 || !ok2 {
			return
		}
		from = append(from, int32(start))
		own := items[start:]
		sortItems(own)
		touches := false
		for j, it := range own {
			if bs.at[it.f].group >= 0 && (j == 0 || own[j-1].f != it.f) {
				touch[it.f] = append(touch[it.f], int32(i))
				touches = true
			}
		}
		if touches {
			buf = itemsKey(buf, own, p.prep.costs[id])
			sigs[string(buf)] = true
		}
	}
	from = append(from, int32(len(items)))
	goal, ok := opItems(d, nil, denseOps(t.cond.mask, t.cond.val), symPre)
	if !ok {
		return
	}
	for _, c := range t.cond.num {
		goal = append(goal, symItem{c.fact, symNum, uint8(c.op), c.val})
	}
	sortItems(goal)
	v := symVerifier{p: p, bs: bs, items: items, from: from, touch: touch, sigs: sigs, goal: goal,
		perm: make([]FactID, len(d.facts)), seen: make([]bool, len(p.prep.acts))}
	for i := range v.perm {
		v.perm[i] = FactID(i)
	}
	maxN := 0
	for gi := range bs.groups {
		g := &bs.groups[gi]
		n := len(g.facts) / g.k
		// Bundles join the class of the first bundle they swap with;
		// each tries at most two classes, which bounds the work on
		// domains where the names promise what the actions do not keep.
		var reps []int
		var members [][]int
		for b := range n {
			tried, joined := 0, false
			for ci := len(reps) - 1; ci >= 0 && tried < 2; ci-- {
				tried++
				if v.swaps(g, reps[ci], b) {
					members[ci] = append(members[ci], b)
					joined = true
					break
				}
			}
			if !joined {
				reps = append(reps, b)
				members = append(members, []int{b})
			}
		}
		for _, ms := range members {
			if len(ms) < symMinBundles || !v.relevant(g, ms[0]) {
				continue
			}
			c := symClass{k: g.k}
			for _, b := range ms {
				for _, f := range g.facts[b*g.k : (b+1)*g.k] {
					fi := &d.facts[f]
					c.fields = append(c.fields, symField{int32(fi.word), uint8(fi.shift), uint8(bits.OnesCount64(fi.mask)), fi.mask >> fi.shift})
				}
			}
			p.sym.classes = append(p.sym.classes, c)
			maxN = max(maxN, len(ms))
		}
	}
	if len(p.sym.classes) == 0 {
		return
	}
	p.prep.sym = true
	y.indexActions(d, p.prep.acts)
	if cap(p.sym.keys) < maxN {
		p.sym.keys = make([]uint64, maxN)
	}
	p.sym.keys = p.sym.keys[:maxN]
	if cap(p.sym.was) < maxN {
		p.sym.was = make([]uint64, 0, maxN)
	}
}

// indexActions records, for twin, the bundle each of the usable actions
// acts touches when it touches one, and sizes pkeys.
func (y *symmetry) indexActions(d *Domain, acts []ActionID) {
	where := map[[2]int32]symActAt{} // a field (word, shift) -> its bundle
	y.at = append(y.at[:0], 0)
	for ci := range y.classes {
		c := &y.classes[ci]
		for i, f := range c.fields {
			where[[2]int32{f.word, int32(f.shift)}] = symActAt{int32(ci), int32(i / c.k)}
		}
		y.at = append(y.at, y.at[ci]+len(c.fields)/c.k)
	}
	y.pkeys = slices.Grow(y.pkeys[:0], y.at[len(y.classes)])[:y.at[len(y.classes)]]
	if len(y.act) < len(d.actions) {
		y.act = make([]symActAt, len(d.actions))
	}
	for _, id := range acts {
		a := &d.actions[id]
		one := symActAt{-1, -1}
		var facts []FactID
		for _, ops := range [][]wordOp{a.preOps, a.effOps} {
			for _, o := range ops {
				for m := o.m; m != 0; m &^= d.facts[d.factAt(int(o.i), m&-m)].mask {
					facts = append(facts, d.factAt(int(o.i), m&-m))
				}
			}
		}
		for _, c := range a.pre.num {
			facts = append(facts, c.fact)
		}
		for _, e := range a.effNum {
			facts = append(facts, e.fact)
		}
		for _, f := range facts {
			fi := &d.facts[f]
			w, ok := where[[2]int32{int32(fi.word), int32(fi.shift)}]
			switch {
			case !ok:
			case one.class == -1:
				one = w
			case one.class != w.class || one.bundle != w.bundle:
				one.class = -2 // several bundles
			}
		}
		if one.class < 0 {
			one = symActAt{-1, -1}
		}
		y.act[id] = one
	}
}

// denseOps turns dense mask/value words into sparse ones.
func denseOps(mask, val []uint64) []wordOp {
	var ops []wordOp
	for i, m := range mask {
		if m != 0 {
			ops = append(ops, wordOp{m, val[i], int32(i)})
		}
	}
	return ops
}

// symVerifier checks swaps of bundles against a plan setup.
type symVerifier struct {
	p     *Planner
	bs    *symBundles
	items []symItem
	from  []int32
	touch map[FactID][]int32
	sigs  map[string]bool
	goal  []symItem
	perm  []FactID // the identity but for the swap being checked
	seen  []bool   // per usable action: checked for this swap
	tmp   []symItem
	buf   []byte
}

// relevant reports whether some fact of bundle b of g is one the search
// compares (a class of facts it ignores has nothing to sort).
func (v *symVerifier) relevant(g *symBundleGroup, b int) bool {
	d := v.p.d
	for _, f := range g.facts[b*g.k : (b+1)*g.k] {
		fi := &d.facts[f]
		if v.p.prep.mask[fi.word]&fi.mask != 0 {
			return true
		}
	}
	return false
}

// swaps reports whether swapping bundles x and y of g maps the plan
// setup onto itself: the same relevant facts, the goal onto the goal, and
// every usable action touching either bundle onto a usable action of the
// same cost.
func (v *symVerifier) swaps(g *symBundleGroup, x, y int) bool {
	d := v.p.d
	fx, fy := g.facts[x*g.k:(x+1)*g.k], g.facts[y*g.k:(y+1)*g.k]
	for k := range fx {
		a, b := &d.facts[fx[k]], &d.facts[fy[k]]
		if a.size != b.size || (v.p.prep.mask[a.word]&a.mask != 0) != (v.p.prep.mask[b.word]&b.mask != 0) {
			return false
		}
		v.perm[fx[k]], v.perm[fy[k]] = fy[k], fx[k]
	}
	defer func() {
		for k := range fx {
			v.perm[fx[k]], v.perm[fy[k]] = fx[k], fy[k]
		}
	}()
	if !slices.Equal(v.mapped(v.goal), v.goal) {
		return false
	}
	var acts []int32
	for _, f := range fx {
		acts = append(acts, v.touch[f]...)
	}
	for _, f := range fy {
		acts = append(acts, v.touch[f]...)
	}
	defer func() {
		for _, i := range acts {
			v.seen[i] = false
		}
	}()
	for _, i := range acts {
		if v.seen[i] {
			continue
		}
		v.seen[i] = true
		m := v.mapped(v.items[v.from[i]:v.from[i+1]])
		v.buf = itemsKey(v.buf, m, v.p.prep.costs[v.p.prep.acts[i]])
		if !v.sigs[string(v.buf)] {
			return false
		}
	}
	return true
}

// mapped returns items with their facts renamed by v.perm, sorted, in
// v.tmp.
func (v *symVerifier) mapped(items []symItem) []symItem {
	v.tmp = append(v.tmp[:0], items...)
	for i := range v.tmp {
		v.tmp[i].f = v.perm[v.tmp[i].f]
	}
	sortItems(v.tmp)
	return v.tmp
}
