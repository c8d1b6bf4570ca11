package goap

import (
	"fmt"
	"math"
	"slices"
	"sync/atomic"
)

// Planner finds plans in one Domain. It keeps its search memory between
// calls, so a warm planner does not allocate on boolean domains. A Planner
// is not safe for concurrent use: give each goroutine its own (the Domain
// is shared).
type Planner struct {
	// Options apply to the following plan calls.
	Options Options

	// Kept for the planner's life.
	d     *Domain
	rel   *relaxed
	lm    *lmcut   // LM-cut scratch, made on first use
	sub   *Planner // plans the parts of split searches, made on first use
	runs  uint64   // searches begun, to name them (search.run)
	s     search
	twin  search // the backward member of an Auto search
	lmcs  search // the forward LM-cut member of an Auto search
	meter workMeter
	ida   ida         // MemoryBounded search, see idastar.go
	busy  atomic.Bool // a call is running: see enter
	epoch uint64      // counts Start and Plan calls: see Search
	tune  tuning
	// bundles are the domain's candidate interchangeable bundles, found
	// on the first plan setup; sym what the current setup verified
	// (symmetry.go).
	bundles *symBundles
	sym     symmetry

	prep  prepared        // per plan setup: the usable actions (prepare)
	sss   stubborn        // per plan setup and expansion: stubborn sets (stubborn.go)
	lmRun lmcutRun        // per search: LM-cut's landmarks and counts
	bw    backwardScratch // per backward search
	// Per search: live copies of prep.acts and prep.fwd without the
	// actions that can never apply from this call's start (dropDead).
	liveActs []ActionID
	liveFwd  []fwdAction
	// Per plan call: the memory of the plans a Result returns.
	plan      []ActionID
	partsPlan []ActionID // a split search's plan so far
	part      []ActionID // a split search's partial plan
}

// prepared is what prepare selects and packs for a plan setup: the
// usable actions and their costs, kept and reused by the next call when
// nothing changed and no hook must run again.
type prepared struct {
	acts []ActionID  // usable actions, in ActionID order
	fwd  []fwdAction // the same, packed for one-word forward search
	mw   multiWord   // the same, packed for multi-word forward search
	// some action in fwd has integer comparisons or add/subtract
	// effects: stepBlind1 then runs blindRun's withInts compilation
	slowFwd bool
	// indexed1: one-word forward search finds candidates with mw's
	// successor index (stepIndexed1), the action set being large
	indexed1 bool
	// manyActs1: a one-word domain with more than indexOneWordAfter usable
	// actions, whose backward search indexes achievers (stepBackward1)
	manyActs1 bool
	costs     []float64 // per ActionID, after CostFunc and CostOverrides
	// every usable action costs an integer of at most maxBucketCost
	intCosts   bool
	maxIntCost int64
	mask       []uint64 // forward: the fields of facts that matter
	// sym: forward search canonicalizes states (Planner.sym, symmetry.go)
	sym bool
	// What the above was prepared for.
	target    *Target
	dir       Direction
	noPrune   bool
	noSym     bool
	exclude   []ActionID
	overrides []CostOverride
	gen       uint64 // counts the preparations, for LM-cut's compiled task
}

// lmcutRun is what a search's LM-cut estimates keep between estimates.
type lmcutRun struct {
	// parent and kid are the nodes whose landmarks p.lm holds in par and
	// kid (see lmcutChild).
	parent, kid lmNodeKey
	// numericBounds' counts: estimates where it computed h_max, and
	// where h_max was the larger; the same for the resource bound.
	hmaxTried, hmaxWins, boundTried, boundWins int32
	// pref is the node whose landmarks' actions lmcut.prefMark marks
	// (see lmcutPreferred).
	pref lmNodeKey
}

// backwardScratch is the memory of a backward search's estimates and
// indexes, rebuilt by each.
type backwardScratch struct {
	hatom []float64 // h_max cost of every atom from the start
	// one-word domains: h_max of each boolean bit's values, and the bits
	// of multi-bit fields
	bitCost    [64][2]float64
	multi      uint64
	ach        achievers // one-word domains with many actions
	scratchI32 []int32
	usable     []uint64 // wide states: s.acts as a bitset over action IDs
	cand       []uint64 // wide states: an expansion's candidate actions
}

// tuning holds the thresholds and switches of a planner's search loops
// that tests change, to reach on small domains the paths large ones take
// or to compare a path with its reference (export_test.go). Each planner
// carries its own, passed to its sub-planner and LM-cut, so tests that
// change them can run in parallel; planners outside tests keep the
// defaults of newTuning.
type tuning struct {
	referenceLoop     bool        // every search runs stepAStar (astar.go)
	noBuckets         bool        // blind search keeps the binary heap (openlist.go)
	noRing            bool        // h_max's exploration keeps the binary heap (hmax.go)
	lm                lmcutTuning // what LM-cut reads (lmcut.go)
	indexOneWordAfter int         // see the constant of that name
	prefetchTable     int         // see the constant of that name
	unindexedActs     int         // see the constant of that name
	lmcutAfter        int         // see the constant of that name
	// slices is each Auto member's expansions per turn (blindSlice...).
	slices  [3]int
	idaOnly bool // MemoryBounded runs IDA* without trying A* first
	// eagerLMCut estimates every child of forward LM-cut search when it
	// is generated, as before lazyLMCut (for tests and measurements)
	eagerLMCut bool
	// noStubborn keeps forward LM-cut search from pruning with stubborn
	// sets (stubborn.go), for tests and measurements
	noStubborn bool
	// stubbornTrial: see the constant of that name (tests prune from the
	// first expansion, and without giving up, with 0)
	stubbornTrial int
}

// newTuning returns the tuning every planner starts with.
func newTuning() tuning {
	return tuning{
		indexOneWordAfter: indexOneWordAfter,
		prefetchTable:     prefetchTable,
		unindexedActs:     unindexedActs,
		lmcutAfter:        lmcutAfter,
		slices:            [3]int{blindSlice, backwardSlice, lmcutSlice},
		eagerLMCut:        !lazyLMCut,
		stubbornTrial:     stubbornTrial,
	}
}

// NewPlanner returns a planner for d. It panics when d is nil, a
// programming mistake that would otherwise surface at the first call.
func NewPlanner(d *Domain) *Planner {
	if d == nil {
		panic("goap: NewPlanner(nil): a Planner needs the Domain it plans in (from NewDomain)")
	}
	p := &Planner{d: d, tune: newTuning()}
	p.prep.costs = make([]float64, len(d.actions))
	p.rel = newRelaxed(d)
	p.rel.meter = &p.meter
	p.s.p, p.twin.p, p.lmcs.p = p, p, p
	return p
}

// Domain returns the planner's domain.
func (p *Planner) Domain() *Domain { return p.d }

// search is the state of a search in progress, kept by its Planner and
// reused from call to call; users hold a Search handle to it.
type search struct {
	searchRun // what one search call sets up; reset zeroes it
	p         *Planner
	run       uint64 // which of p's searches this is, set by begin

	// Memory kept from search to search.
	nodes nodeArena
	// states holds the first states of narrow searches, sw words each
	// (see setPaging); pages hold the others, 1<<pageShift states each:
	// growing adds a page and copies nothing (see storeState).
	states     []uint64
	pages      [][]uint64
	usedPages  int
	pagedWords int64 // the words of the pages allocated
	// ctrl and ids are the table: open addressing over nodes, a control
	// byte and a node index per slot (see table.go).
	ctrl []uint8
	ids  []uint32
	// lastNodes is how many nodes the previous search made: the table
	// starts large enough for as many, so repeated large searches do not
	// pay for growing it every time.
	lastNodes int
	open      openList
	bq        bucketQueue // see openlist.go
	scratch   []uint64
	kids      []child // expandPrefetched's successors
	touch     uint8   // keeps expandPrefetched's loads from being optimized away
}

// searchRun is the part of a Search that belongs to one search call.
type searchRun struct {
	t      *Target
	start  State
	status Status
	err    error
	dir    Direction
	weight float64
	heur   Heuristic
	w      int // words per state
	sw     int // words per search node (w forward, 2w backward)
	// paged: every state is in pages, 1<<pageShift each, stride words
	// apart (wide ones followed by their hash: setPaging); otherwise the
	// first flat of them are in states, the others in pages.
	paged     bool
	pageShift uint8
	stride    int
	flat      int
	limit     int
	// prefetchAt is the planner's tuning.prefetchTable, read by the
	// one-word loops at every expansion from s, which they hold anyway.
	prefetchAt int

	buckets bool // the open list is bq, not open
	// sym: a forward search over canonical states (symmetry.go), run by
	// stepAStar
	sym  bool
	mask []uint64 // forward: relevant fields

	acts []ActionID  // usable actions that can ever apply from the start
	fwd  []fwdAction // the same, packed (forward, one-word states)

	expanded, generated int
	goalNode            int32
	// goal1 is the target's equality conditions on one-word states, and
	// whether it has others, for stepBlind1's goal test.
	goal1 struct {
		mask, val uint64
		num       bool
	}
	estimates bool // children need an estimate (all but forward blind)
	// roundedH: this search promises the cheapest plan (h_max or
	// LM-cut, weight 1) and rounded an estimate down to fit its node
	// (node.setEst), which may be inconsistent by as much: closed nodes
	// reached more cheaply are reopened, as for LM-cut, so that the plan
	// stays the cheapest. Integer estimates below 2^24 are never
	// rounded, so integer costs never set it in practice.
	roundedH     bool
	lazy         bool // estimates may wait until the node is popped (lazyLMCut)
	deferKids    bool // the children of this expansion wait (lazyBranching)
	pendingCheck bool // relaxed reachability not run yet
	// prune: expansions generate the applicable actions of a strong
	// stubborn set (stubborn.go); pruneMissed counts the sets given up.
	// In the first stubbornTrial expansions, pruneKept and pruneAll sum
	// the applicable actions the sets kept and all of them.
	prune               bool
	pruneMissed         int
	pruneKept, pruneAll int
	// met counts the actions the wide loops met: applicable ones forward
	// (no-ops too), relevant ones backward; part of a member's work.
	met int64
	// hmaxStart is the target's h_max from the start, from the relaxed
	// exploration a backward search begins with (hmaxKnown): an Auto
	// search's prediction of LM-cut reads it instead of exploring again.
	hmaxStart float64
	hmaxKnown bool
	auto      portfolioRun // an Auto search's members (portfolio.go)
	parts     partsRun     // a split search's parts (parts.go)
}

// portfolioRun is what an Auto search that runs other members in turns
// with its own forward search keeps for one search call (see
// stepPortfolio): member[1] backward, member[2] forward with LM-cut.
type portfolioRun struct {
	on        bool
	enabled   [3]bool
	member    [3]*search // [0] is s; the others once started
	winner    *search    // the member that finished first, if not s
	left      *search    // the member left after the others ran out of memory
	turn      int        // whose turn it is
	used      int        // expansions used in the current turn
	total     int        // MaxExpansions over all members
	lmWork    int64      // work units spent in the LM-cut member's turns
	cheapWork int64      // and in the other members' turns
	spent     [2]int64   // the work units of members 0 and 1 (see balanced)
	lmFirst   int64      // predicted work of LM-cut's first estimate, 0 until needed
	hmax0     float64    // h_max of the start, from predictLMCut
	front     float64    // the cost blind search had reached when LM-cut joined
	lmGuess   int64      // the work the rest of LM-cut's search looks to take (lmcutAhead), 0 until needed
}

// partsRun is what a split search, which plans the target's parts one by
// one (parts.go), keeps for one search call.
type partsRun struct {
	on        bool
	searching bool    // a part is being searched (by p.sub)
	next      int     // the part being searched, or the next one
	cost      float64 // the plan's cost once every part is planned
}

// clear starts a new search call: the per-call state is zeroed and the
// kept memory emptied.
func (s *search) clear(start State, t *Target) {
	// Zeroed in place, then filled: assigning a composite literal builds
	// it on the stack and copies it, and the copy's wide loads stall on
	// the literal's narrow stores (store forwarding), a measurable part
	// of a small plan call.
	s.searchRun = searchRun{}
	s.t, s.start, s.status = t, start, Running
	s.lastNodes = s.nodes.len()
	s.nodes.reset()
	s.states = s.states[:0]
	s.open.reset()
	s.usedPages = 0
}

// node is a search node: 20 bytes, the largest part of a search's memory
// per stored state. Its table slot is found again from its state when
// needed (slotOf), not kept. The cost g is a float64 kept in two 32-bit
// halves, so that the node aligns to 4 bytes (a float64 field would pad
// it to 24): see cost and setCost.
type node struct {
	gLo, gHi uint32
	// h is the estimate, rounded down to a float32 (see setEst)
	h      float32
	parent int32
	// act is the action that reached the node (-1 at the root) in its low
	// nodeActBits bits, and the node's flags above them (nodeClosed,
	// nodeDeferred, nodePreferred): see action and setAction.
	act uint32
}

const (
	// nodeActBits holds any ActionID: a domain of 2^28 actions would
	// take hundreds of gigabytes to compile.
	nodeActBits = 29
	nodeActMask = 1<<nodeActBits - 1
	// nodeClosed: expanded, or a dead end
	nodeClosed uint32 = 1 << 31
	// nodeDeferred: h is the parent's estimate less the action's cost, a
	// lower bound standing in until the node is popped (see lazyLMCut)
	nodeDeferred uint32 = 1 << 30
	// nodePreferred: reached by an action of one of its parent's
	// landmarks; goes first among open nodes of equal f and h (see
	// lazyLMCut)
	nodePreferred uint32 = 1 << 29
)

// Every action of a domain fits in a node, signed: the constant is
// negative, and the build fails, if maxActions grows past nodeActBits.
const _ uint = 1<<(nodeActBits-1) - 1 - maxActions

// action returns the action that reached nd, -1 at the root.
func (nd *node) action() int32 {
	return int32(nd.act<<(32-nodeActBits)) >> (32 - nodeActBits)
}

// setAction records a as the action that reached nd, keeping its flags.
func (nd *node) setAction(a int32) {
	nd.act = nd.act&^nodeActMask | uint32(a)&nodeActMask
}

// cost returns g, the cost of the best path to nd found so far.
func (nd *node) cost() float64 {
	return math.Float64frombits(uint64(nd.gHi)<<32 | uint64(nd.gLo))
}

// setCost sets nd's cost g.
func (nd *node) setCost(g float64) {
	b := math.Float64bits(g)
	nd.gLo, nd.gHi = uint32(b), uint32(b>>32)
}

// est returns nd's estimate h.
func (nd *node) est() float64 { return float64(nd.h) }

// setEst sets nd's estimate to h rounded down to a float32, which stays a
// lower bound (an estimate that never overestimates still does not), and
// reports whether h was kept exactly: integers below 2^24 are, the
// estimates of every domain whose costs are integers. A rounded estimate
// may be inconsistent by a float32 ulp, so a search that rounds one
// reopens closed nodes it reaches more cheaply (see search.roundedH).
func (nd *node) setEst(h float64) bool {
	nd.h = roundDown32(h)
	return float64(nd.h) == h
}

// roundDown32 returns the largest float32 no larger than h.
func roundDown32(h float64) float32 {
	f := float32(h)
	if float64(f) > h {
		f = math.Nextafter32(f, float32(math.Inf(-1)))
	}
	return f
}

// setEst sets node nd's estimate to h (see node.setEst), and notes when
// it had to round it in a search that promises the cheapest plan (the
// others do not reopen: it would cost expansions and promise nothing).
func (s *search) setEst(nd *node, h float64) {
	if !nd.setEst(h) && s.weight == 1 && (s.heur == HMax || s.heur == LMCut) {
		s.roundedH = true
	}
}

func (nd *node) closed() bool    { return nd.act&nodeClosed != 0 }
func (nd *node) deferred() bool  { return nd.act&nodeDeferred != 0 }
func (nd *node) preferred() bool { return nd.act&nodePreferred != 0 }

func (s *search) reset(start State, t *Target) {
	p := s.p
	d := p.d
	s.clear(start, t)
	s.w = d.words
	if err := checkCall(d, start, t); err != nil {
		s.stop(Failed, err)
		return
	}
	opt := &p.Options
	if err := opt.validate(); err != nil {
		s.stop(Failed, err)
		return
	}
	if opt.MemoryBounded {
		s.stop(Failed, badCall("goap: Options.MemoryBounded search runs through Plan only, not Start and Step"))
		return
	}
	s.heur, s.limit = opt.Heuristic, opt.MaxExpansions
	s.weight = 1
	if opt.SuboptimalWeight > 1 {
		s.weight = opt.SuboptimalWeight
	}
	if t.cond.holds(start.w) {
		s.stop(AlreadySatisfied, nil)
		return
	}
	if splits(t, opt) {
		// Planned part by part on the sub-planner (parts.go).
		s.parts.on, s.dir = true, Forward
		p.partsPlan = p.partsPlan[:0]
		return
	}
	s.dir = opt.Direction
	if s.dir == Auto {
		s.dir = Forward
		// Forward blind search, backward search and forward LM-cut
		// each win by orders of magnitude on some domains
		// (BENCHMARKS.md), so Auto runs them in turns and takes
		// whichever finishes first: all are optimal.
		s.auto.on = !opt.NoPruning && (s.heur == AutoHeuristic || s.heur == HMax || s.heur == Blind)
		s.auto.enabled = [3]bool{true, t.regressable, s.heur == AutoHeuristic}
		s.auto.on = s.auto.on && (s.auto.enabled[1] || s.auto.enabled[2])
	}
	if s.heur == AutoHeuristic {
		s.heur = Blind
		if s.dir == Backward {
			s.heur = HMax
		}
	}
	if s.dir == Backward && !t.regressable {
		s.stop(Failed, badCall("goap: backward search handles equality conditions and set effects only; reaching %q involves integer comparisons, != on an enum, or add/subtract effects (use Forward or Auto)", t.name))
		return
	}
	if err := p.prepare(start, t, s.dir, opt); err != nil {
		s.stop(Failed, err)
		return
	}
	s.mask = p.prep.mask
	s.acts, s.fwd = p.prep.acts, p.prep.fwd
	// Relaxed reachability proves unreachable goals at once and drops
	// actions that can never apply. Forward search runs it after
	// reachCheckAfter expansions, so the many searches that finish sooner
	// skip it; backward search gets the same from its h_max.
	s.pendingCheck = !opt.NoPruning && s.dir == Forward
	if s.auto.on {
		s.auto.total, s.limit = s.limit, 0
		s.auto.member[0] = s // the others start on their first turn
	}
	s.begin()
}

// begin sets up the open list with the root: the start state (forward)
// or the goal conditions (backward).
func (s *search) begin() {
	p := s.p
	p.runs++
	s.run = p.runs
	// Each search tries h_max afresh (numericBounds), so that a warm
	// planner plans as a new one does.
	p.lmRun.hmaxTried, p.lmRun.hmaxWins, p.lmRun.boundTried, p.lmRun.boundWins = 0, 0, 0, 0
	t := s.t
	start := s.start
	s.estimates = s.dir == Backward || s.heur != Blind
	s.sym = s.dir == Forward && p.prep.sym
	// LM-cut's deferred and incremental estimates reuse the parent's
	// landmarks, which do not hold for a renamed child: symmetric
	// searches estimate each child afresh.
	s.lazy = s.dir == Forward && s.heur == LMCut && !p.tune.eagerLMCut && !s.sym
	// Pruning keeps an optimal plan; a weighted search's bound is left
	// as it was proved, without it.
	s.prune = s.dir == Forward && s.heur == LMCut && !s.sym && s.weight == 1 && !p.tune.noStubborn
	s.prefetchAt = p.tune.prefetchTable
	s.sw = s.w
	if s.dir == Backward {
		s.sw = 2 * s.w
	}
	s.setPaging()
	if cap(s.scratch) < s.sw {
		s.scratch = make([]uint64, s.sw)
	}
	s.scratch = s.scratch[:s.sw]
	if s.w == 1 {
		s.goal1.mask, s.goal1.val, s.goal1.num = t.cond.mask[0], t.cond.val[0], len(t.cond.num) > 0
	}
	s.resetTable()
	if s.buckets = s.useBuckets(); s.buckets {
		s.bq.reset(p.prep.maxIntCost)
	}
	// Backward search takes its heuristic from a relaxed exploration of
	// the start; forward search estimates the start itself.
	var h0 float64
	switch {
	case s.dir == Backward:
		if s.w > 1 {
			s.markUsable()
		}
		p.rel.evaluate(start.w, nil, p.prep.costs, false)
		p.bw.hatom = append(p.bw.hatom[:0], p.rel.cost...)
		if s.w == 1 {
			p.bitCosts()
			if p.prep.manyActs1 {
				s.indexAchievers()
			}
		}
		h0 = 0
		for _, g := range t.cond.groups {
			h0 = max(h0, minAtomCost(p.bw.hatom, g.atoms))
		}
		s.hmaxStart, s.hmaxKnown = h0, true
		if s.heur == Blind && !math.IsInf(h0, 1) {
			h0 = 0
		}
	case s.lazy:
		h0 = p.lmcutRecorded(s, start.w)
	case s.heur != Blind:
		h0 = s.estimate(start.w)
	}
	if math.IsInf(h0, 1) {
		s.stop(NoPlan, nil)
		return
	}
	var idx int32
	switch {
	case s.dir == Backward:
		copy(s.scratch[:s.w], t.cond.mask)
		copy(s.scratch[s.w:], t.cond.val)
		idx, _, _ = s.insert(s.scratch)
	case s.sym:
		for i := range start.w {
			s.scratch[i] = start.w[i] & s.mask[i]
		}
		p.sym.canon(s.scratch)
		idx, _, _ = s.insert(s.scratch)
	case s.w == 1:
		idx, _, _ = s.insert1(start.w[0] & s.mask[0])
	default:
		for i := range start.w {
			s.scratch[i] = start.w[i] & s.mask[i]
		}
		idx, _, _ = s.insert(s.scratch)
	}
	nd := s.nodes.at(idx)
	s.setEst(nd, h0)
	nd.parent = -1
	nd.setAction(-1)
	if s.lazy {
		p.lmRun.kid = lmNodeKey{s, s.run, idx}
	}
	if s.buckets {
		s.bq.pushNew(idx, 0)
	} else {
		s.push(idx)
	}
}

// prepare selects the usable actions for a plan call: the relevant ones
// (all, for forward search without pruning) that are not excluded and
// whose context check passes, at the cost their cost function gives.
// When the previous call prepared the same thing and no hook is involved,
// the result is reused.
func (p *Planner) prepare(start State, t *Target, dir Direction, opt *Options) error {
	d := p.d
	noPrune := opt.NoPruning && dir == Forward
	hooks := t.hooks || noPrune && d.hooks
	if !hooks && p.prep.target == t && p.prep.dir == dir && p.prep.noPrune == noPrune && p.prep.noSym == opt.NoSymmetry && slices.Equal(p.prep.exclude, opt.Exclude) &&
		slices.Equal(p.prep.overrides, opt.CostOverrides) {
		return nil
	}
	for _, c := range opt.CostOverrides {
		if int(c.Action) < 0 || int(c.Action) >= len(d.actions) {
			return badCall("goap: CostOverrides: action %d is not one of the domain's %d actions", c.Action, len(d.actions))
		}
	}
	p.prep.target = nil
	p.prep.gen++
	p.prep.acts = p.prep.acts[:0]
	clear(p.rel.enabled)
	consider := t.relevant
	if noPrune {
		consider = d.all
	}
	for _, id := range consider {
		a := &d.actions[id]
		if excluded(opt.Exclude, id) || a.check != nil && !a.check(start) {
			continue
		}
		c := a.cost
		if a.costFunc != nil {
			c = a.costFunc(start)
			if !validCost(c) {
				return &callError{ErrBadCost, fmt.Sprintf("goap: action %q: CostFunc returned %v; costs must be numbers from 0 to %g", a.name, c, MaxCost)}
			}
		}
		for _, o := range opt.CostOverrides {
			if o.Action == id {
				c = o.Cost
			}
		}
		p.prep.costs[id] = c
		p.prep.acts = append(p.prep.acts, id)
		p.rel.enabled[id] = true
	}
	p.prep.maxIntCost, p.prep.intCosts = integerCosts(p.prep.acts, p.prep.costs)
	p.rel.setEnabled(p.prep.intCosts && !p.tune.noRing, p.prep.maxIntCost)
	p.prep.mask = append(p.prep.mask[:0], t.relMask...)
	if noPrune {
		for i := range p.prep.mask {
			p.prep.mask[i] = ^uint64(0)
		}
	}
	p.prep.indexed1 = false
	p.prep.manyActs1 = d.words == 1 && len(p.prep.acts) > p.tune.indexOneWordAfter
	if d.words == 1 {
		p.packForward(p.prep.mask[0])
		if dir == Forward && p.prep.manyActs1 {
			p.prep.indexed1 = true
			p.packMulti() // the successor index (see stepIndexed1)
		}
	} else if dir == Forward {
		p.packMulti()
	}
	p.prep.sym = false
	if dir == Forward && !opt.NoSymmetry && len(p.prep.acts) >= symMinBundles {
		// Skipped at once with fewer usable actions than a class
		// needs bundles (each part of a split goal, mostly): the
		// bundles of a class worth sorting each have an action.
		p.detectSymmetry(t)
	}
	p.prep.target, p.prep.dir, p.prep.noPrune, p.prep.noSym = t, dir, noPrune, opt.NoSymmetry
	p.prep.exclude = append(p.prep.exclude[:0], opt.Exclude...)
	p.prep.overrides = append(p.prep.overrides[:0], opt.CostOverrides...)
	return nil
}

func excluded(list []ActionID, id ActionID) bool {
	for _, x := range list {
		if x == id {
			return true
		}
	}
	return false
}

func minAtomCost(cost []float64, atoms []int32) float64 {
	m := math.Inf(1)
	for _, a := range atoms {
		m = min(m, cost[a])
	}
	return m
}
