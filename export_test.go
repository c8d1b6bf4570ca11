package goap

import (
	"errors"
	"fmt"
	"maps"
	"reflect"
	"slices"
)

// SetPortfolioSlices changes how many expansions each member of p's Auto
// searches gets per turn and after how many expansions LM-cut joins, so
// tests can make all members alternate on small domains.
func SetPortfolioSlices(p *Planner, forward, backward, lmcut, lmcutJoinsAfter int) {
	p.tune.slices = [3]int{forward, backward, lmcut}
	p.tune.lmcutAfter = lmcutJoinsAfter
}

// Estimate returns heuristic h's forward estimate of reaching t from
// start, with the planner prepared as a forward plan call would be.
func Estimate(p *Planner, start State, t *Target, h Heuristic) float64 {
	old := p.Options
	defer func() { p.Options = old }()
	p.Options = Options{Direction: Forward, Heuristic: h}
	s := p.Start(start, t).s
	s.heur = h
	return s.estimate(start.w)
}

// EstimateChild returns incremental LM-cut's estimate of child, which
// action a reaches from parent: the parent's landmarks reused, then
// rounds of its own (lmcut.estimateChild).
func EstimateChild(p *Planner, parent State, a ActionID, child State, t *Target) float64 {
	defer estimateParent(p, parent, t)()
	return p.numericBounds(p.lm.estimateChild(p.d, parent.w, child.w, a), child.w, &t.cond, &p.lm.kid)
}

// estimateParent computes the landmarks of parent for t with forward
// LM-cut, and returns what puts p's options back.
func estimateParent(p *Planner, parent State, t *Target) (restore func()) {
	old := p.Options
	p.Options = Options{Direction: Forward, Heuristic: LMCut}
	p.Start(parent, t)
	p.lmcutPrepare(&t.cond)
	p.lm.estimateParent(p.d, parent.w)
	return func() { p.Options = old }
}

// EstimateChildTwice is EstimateChild with and without the shortcut of
// zeroStays: both estimates, whether their landmarks are the same, and
// whether the shortcut was taken.
func EstimateChildTwice(p *Planner, parent State, a ActionID, child State, t *Target) (fast, full float64, sameLandmarks, skipped bool) {
	defer estimateParent(p, parent, t)()
	n := p.tune.lm.skipped
	fast = p.lm.estimateChild(p.d, parent.w, child.w, a)
	skipped = p.tune.lm.skipped > n
	kid := lmSet{ops: slices.Clone(p.lm.kid.ops), end: slices.Clone(p.lm.kid.end), cost: slices.Clone(p.lm.kid.cost), done: p.lm.kid.done}
	p.tune.lm.noZeroStays = true
	defer func() { p.tune.lm.noZeroStays = false }()
	full = p.lm.estimateChild(p.d, parent.w, child.w, a)
	k := &p.lm.kid
	sameLandmarks = slices.Equal(kid.ops, k.ops) && slices.Equal(kid.end, k.end) && slices.Equal(kid.cost, k.cost) && kid.done == k.done
	return fast, full, sameLandmarks, skipped
}

// LMCutSkipped counts the child estimates of p whose rounds were skipped
// because they would have found nothing (lmcut.zeroStays).
func LMCutSkipped(p *Planner) int { return p.tune.lm.skipped }

// EstimateDive returns incremental LM-cut's estimates along a path: the
// start's landmarks computed in full, then each state's estimated from
// the landmarks its predecessor's estimate kept, as a search diving
// down a chain does (lmcutChild). states[i+1] is states[i] after
// actions[i].
func EstimateDive(p *Planner, states []State, actions []ActionID, t *Target) []float64 {
	old := p.Options
	defer func() { p.Options = old }()
	p.Options = Options{Direction: Forward, Heuristic: LMCut}
	p.Start(states[0], t)
	p.lmcutPrepare(&t.cond)
	p.lm.estimateParent(p.d, states[0].w)
	var hs []float64
	for i, a := range actions {
		if i > 0 {
			p.lm.par, p.lm.kid = p.lm.kid, p.lm.par
		}
		w := states[i+1].w
		hs = append(hs, p.numericBounds(p.lm.estimateChild(p.d, states[i].w, w, a), w, &t.cond, &p.lm.kid))
	}
	return hs
}

// ResourceBoundTries returns how many estimates of p's last LM-cut search
// computed the resource bound, and in how many it exceeded LM-cut's.
func ResourceBoundTries(p *Planner) (tried, wins int) {
	return int(p.lmRun.boundTried), int(p.lmRun.boundWins)
}

// SetResourceBound switches the resource bound of p's LM-cut with
// add/subtract effects on or off.
func SetResourceBound(p *Planner, on bool) { p.tune.lm.noResourceBound = !on }

// SetBucketQueue switches the bucket queue of p's blind searches with
// integer costs on or off (off: the binary heap), so tests can check that
// both open lists expand the same nodes in the same order.
func SetBucketQueue(p *Planner, on bool) { p.tune.noBuckets = !on }

// SetHMaxRing makes h_max's exploration queue atoms in a ring of buckets
// when the costs allow it (on, as planners start) or always in the
// binary heap. Set it before the planner's first plan call.
func SetHMaxRing(p *Planner, on bool) { p.tune.noRing = !on }

// HMaxAtoms prepares p as a forward plan call with opts would and
// returns the h_max cost of every atom from start, h_max's and h_add's
// estimates of t from start, and whether h_max's exploration used the
// ring of buckets.
func HMaxAtoms(p *Planner, start State, t *Target, opts Options) (atoms []float64, hmax, hadd float64, ring bool) {
	old := p.Options
	defer func() { p.Options = old }()
	opts.Direction = Forward
	p.Options = opts
	p.Start(start, t)
	p.rel.evaluate(start.w, nil, p.prep.costs, false)
	atoms = append(atoms, p.rel.cost...)
	hmax = p.rel.evaluate(start.w, &t.cond, p.prep.costs, false)
	hadd = p.rel.evaluate(start.w, &t.cond, p.prep.costs, true)
	return atoms, hmax, hadd, p.rel.ringOK
}

// UnmetCounts returns, for every node of s, the goal conditions it misses
// counted by the general unmet and, when the goal allows it, by the
// one-bit fast path (nil otherwise).
func UnmetCounts(h Search) (general, bitwise []int) {
	s := h.live()
	for i := range s.nodes.len() {
		general = append(general, s.unmet(int32(i)))
		if s.bitGoal() {
			bitwise = append(bitwise, s.unmetBits(int32(i)))
		}
	}
	return general, bitwise
}

// LMCutReference returns the plain from-scratch LM-cut estimate
// (lmcut_ref_test.go) with the planner prepared as Estimate does.
func LMCutReference(p *Planner, start State, t *Target) float64 {
	old := p.Options
	defer func() { p.Options = old }()
	p.Options = Options{Direction: Forward, Heuristic: LMCut}
	p.Start(start, t)
	return lmcutReference(p, start.w, &t.cond)
}

// SetLMCutCanonical switches p's LM-cut between Fast Downward's
// supporter tie-breaking (false, the default) and the canonical one of
// the reference (true).
func SetLMCutCanonical(p *Planner, on bool) {
	if p.lm == nil {
		p.lm = &lmcut{}
	}
	p.lm.canonical = on
}

// CheckLMCutRounds makes every round of p's LM-cut verify itself
// (verifyRound) and report problems to fail.
func CheckLMCutRounds(p *Planner, fail func(msg string)) {
	p.tune.lm.check = func(lm *lmcut, w []uint64) {
		if msg := lm.verifyRound(); msg != "" {
			fail(msg)
		}
	}
}

// SetPrefetchTable changes the table length from which p's one-word
// forward searches prefetch successors' slots (expandPrefetched), so
// tests can run that path on small domains.
func SetPrefetchTable(p *Planner, n int) { p.tune.prefetchTable = n }

// OnLMCutRound calls f after every round of p's LM-cut.
func OnLMCutRound(p *Planner, f func()) {
	p.tune.lm.check = func(*lmcut, []uint64) { f() }
}

// PollWork is how many units of work pass between polls of a plan
// call's context.
const PollWork = pollWork

// SearchMemory returns the bytes of search memory p holds (see
// Options.MaxMemory) and the states its main search stored.
func SearchMemory(p *Planner) (bytes int64, stored int) {
	return p.memory(), p.s.nodes.len()
}

// SearchMemoryParts splits the memory of p's main search: nodes, states,
// table and open list, by capacity.
func SearchMemoryParts(p *Planner) (nodes, states, table, open int64) {
	return p.s.memoryParts()
}

// SetReferenceLoop makes every search of p run the reference A* loop
// (stepAStar) instead of its specialised one.
func SetReferenceLoop(p *Planner, on bool) { p.tune.referenceLoop = on }

// SetIDAOnly makes p's MemoryBounded plan calls run IDA* at once, without
// trying A* within the transposition table's memory first.
func SetIDAOnly(p *Planner, on bool) { p.tune.idaOnly = on }

// GraphNode is one node of a search graph as SearchGraphs returns it.
type GraphNode struct {
	State          string
	G, H           float64
	Parent, Action int32
	Closed         bool
}

// SearchGraphs returns the search graph of every member of h's search
// (one for a search that is not an Auto portfolio), node by node.
func SearchGraphs(h Search) [][]GraphNode {
	s := searched(h)
	var out [][]GraphNode
	for _, m := range s.auto.member {
		if m != nil && m != s {
			out = append(out, graph(m))
		}
	}
	return append([][]GraphNode{graph(s)}, out...)
}

// SearchWork returns the work units the blind and backward members of an
// Auto search have spent (see search.balanced).
func SearchWork(h Search) [2]int64 { return searched(h).auto.spent }

// searched is the search h runs: in a split search, the part's.
func searched(h Search) *search {
	s := h.live()
	if s.parts.on && s.p.sub != nil {
		return &s.p.sub.s
	}
	return s
}

func graph(s *search) []GraphNode {
	g := make([]GraphNode, s.nodes.len())
	for i := range s.nodes.len() {
		nd := s.nodes.at(int32(i))
		g[i] = GraphNode{fmt.Sprint(s.state(int32(i))), nd.cost(), nd.est(), nd.parent, nd.action(), nd.closed()}
	}
	return g
}

// SetUnindexedActs sets p's unindexedActs (the most actions multi-word
// forward search leaves out of its successor index).
func SetUnindexedActs(p *Planner, n int) { p.tune.unindexedActs = n }

// SetIndexOneWordAfter sets p's indexOneWordAfter (the action count above
// which one-word searches use their indexes).
func SetIndexOneWordAfter(p *Planner, n int) { p.tune.indexOneWordAfter = n }

// SameLayout reports whether a and b come from one compile, the one
// WithObjects derived the later of them from without compiling anew.
func SameLayout(a, b *Domain) bool {
	return a.lift != nil && b.lift != nil && a.lift.layout == b.lift.layout
}

// CompileSpelled is NewDomain with every ground action spelled out as a
// plain Action (Conds and Effects maps, as Ground writes them) and
// compiled as plain actions are, instead of straight from its lifted
// action's parsed references.
func CompileSpelled(spec Spec) (*Domain, error) {
	d := &Domain{name: spec.Name, byName: map[string]FactID{}, actByNm: map[string]ActionID{}}
	c := &compiler{d: d, badNames: map[string]bool{}}
	orig := spec
	spec, acts := c.expand(spec)
	d.binds = bindings(acts)
	d.objects = slices.Clone(spec.Objects)
	d.indexLifted()
	if len(c.errs) > 0 {
		return nil, errors.Join(c.errs...)
	}
	if acts != nil {
		spelled := &actList{}
		for _, a := range acts.all() {
			p := a.spelled()
			spelled.add(groundAct{plain: &p})
		}
		acts = spelled
	}
	return c.compile(spec, acts, orig)
}

// CompiledDiff says where two Domains' compiled facts, actions, goals and
// indexes differ ("" when they do not); of an action's CostFunc and Check
// only whether it has one counts.
func CompiledDiff(x, y *Domain) string {
	switch {
	case !reflect.DeepEqual(x.facts, y.facts):
		return fmt.Sprintf("facts:\n%+v\n%+v", x.facts, y.facts)
	case !maps.Equal(x.byName, y.byName) || !maps.Equal(x.actByNm, y.actByNm):
		return "names"
	case len(x.actions) != len(y.actions):
		return fmt.Sprintf("%d actions against %d", len(x.actions), len(y.actions))
	case x.words != y.words || x.atoms != y.atoms || !slices.Equal(x.start, y.start) || !slices.Equal(x.bitFact, y.bitFact):
		return "layout"
	case !slices.Equal(x.writerAt, y.writerAt) || !slices.Equal(x.writers, y.writers) || !slices.Equal(x.all, y.all) || x.hooks != y.hooks:
		return "indexes"
	case !reflect.DeepEqual(x.binds, y.binds) || !reflect.DeepEqual(x.byLifted, y.byLifted):
		return "bindings"
	case len(x.goals) != len(y.goals):
		return "goals"
	}
	for i := range x.actions {
		a, b := x.actions[i], y.actions[i]
		if (a.costFunc == nil) != (b.costFunc == nil) || (a.check == nil) != (b.check == nil) {
			return fmt.Sprintf("action %s: hooks", a.name)
		}
		a.costFunc, a.check, b.costFunc, b.check = nil, nil, nil, nil
		if !reflect.DeepEqual(a, b) {
			return fmt.Sprintf("action %d:\n%+v\n%+v", i, a, b)
		}
	}
	for i, t := range x.goals {
		if u := y.goals[i]; t.name != u.name || !reflect.DeepEqual(t.cond, u.cond) {
			return "goal " + t.name
		}
	}
	return ""
}

// AtomIndexFresh reports whether d's atom index is the one a build from
// scratch over d's actions makes.
func AtomIndexFresh(d *Domain) bool {
	return reflect.DeepEqual(d.ix, buildAtomIndex(d, nil, 0))
}

// SetEagerLMCut makes forward LM-cut search estimate every child when it
// is generated (on) instead of when it is popped (lazyLMCut).
func SetEagerLMCut(p *Planner, on bool) { p.tune.eagerLMCut = on }

// SetStubbornSets turns forward LM-cut search's pruning by strong
// stubborn sets (stubborn.go) on, as planners start, or off; with
// trial false a search prunes from its first expansion and never stops
// (no measuring expansions, see stubbornTrial).
func SetStubbornSets(p *Planner, on, trial bool) {
	p.tune.noStubborn = !on
	p.tune.stubbornTrial = 0
	if trial {
		p.tune.stubbornTrial = stubbornTrial
	}
}

// SymmetryClasses returns the number of bundles in each class of
// interchangeable bundles that p's last plan setup found (nil: none).
func SymmetryClasses(p *Planner) []int {
	if !p.prep.sym {
		return nil
	}
	var out []int
	for _, c := range p.sym.classes {
		out = append(out, len(c.fields)/c.k)
	}
	return out
}

// CheckSlots checks p's main search's table against its nodes: every
// node has exactly one slot, with its state's tag, slotOf finds that slot
// from the node's state, and the slot's closed flag is the node's (blind
// searches with the bucket queue compare costs and do not keep it). It
// returns the number of closed nodes.
func CheckSlots(p *Planner) (closed int, err error) {
	s := &p.s
	at := make([]int, s.nodes.len())
	for i, c := range s.ctrl {
		if c == 0 {
			continue
		}
		n := s.ids[i] & idMask
		if int(n) >= len(at) {
			return 0, fmt.Errorf("slot %d holds node %d of %d", i, n, len(at))
		}
		if at[n] != 0 {
			return 0, fmt.Errorf("node %d in slots %d and %d", n, at[n]-1, i)
		}
		if c != ctrlTag(s.nodeHash(int32(n))) {
			return 0, fmt.Errorf("node %d's slot %d has the tag of another hash", n, i)
		}
		at[n] = i + 1
	}
	for n := range int32(len(at)) {
		if at[n] == 0 {
			return 0, fmt.Errorf("node %d has no slot", n)
		}
		i := s.slotOf(n)
		if i != at[n]-1 {
			return 0, fmt.Errorf("slotOf(%d) is not its slot %d", n, at[n]-1)
		}
		nd := s.nodes.at(n)
		if e := s.ids[i]; !s.buckets && (e&idClosed != 0) != nd.closed() {
			return 0, fmt.Errorf("node %d closed %v, its slot %v", n, nd.closed(), e&idClosed != 0)
		}
		if nd.closed() {
			closed++
		}
	}
	return closed, nil
}
