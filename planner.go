package goap

import (
	"fmt"
	"math"
	"math/bits"
	"slices"
	"sync/atomic"
)

// Direction selects which way the planner searches.
type Direction uint8

// Search directions.
const (
	// Auto runs several optimal searches in turns and returns the
	// result of whichever finishes first; each wins by orders of
	// magnitude on some domains (see BENCHMARKS.md). With AutoHeuristic:
	// forward uniform-cost search, backward search with h_max (when the
	// goal allows regression), and, once they have made 4096 expansions
	// between them, forward search with LM-cut. With Blind or HMax:
	// forward and backward search with that heuristic. With the other
	// heuristics, or NoPruning: forward search alone.
	Auto Direction = iota
	// Forward searches from the start state towards the goal.
	Forward
	// Backward (regressive) searches from the goal conditions towards the
	// start state over partial states, as F.E.A.R.'s planner does. It
	// needs conditions and effects that mask/value pairs express.
	Backward
)

func (d Direction) String() string {
	switch d {
	case Auto:
		return "auto"
	case Forward:
		return "forward"
	case Backward:
		return "backward"
	}
	return fmt.Sprintf("Direction(%d)", int(d))
}

// Heuristic selects the estimate of remaining cost that guides the search.
type Heuristic uint8

// Heuristics. AutoHeuristic, HMax and Blind are admissible: with them
// (and no SuboptimalWeight) the plan found is the cheapest. The others may
// return a costlier plan and say so in their names.
const (
	// AutoHeuristic lets the planner choose: Blind for forward search and
	// HMax for backward search, which measured fastest on game-sized
	// domains (see BENCHMARKS.md): there, relevance pruning and the
	// relaxed reachability check leave so few states that computing h_max
	// at every state costs more than the states it saves.
	AutoHeuristic Heuristic = iota
	// HMax estimates the cost of the most expensive goal condition in
	// the delete relaxation. Admissible and consistent. In backward search
	// it is computed once per plan call, from the start state.
	HMax
	// Blind is uniform-cost search (Dijkstra): no estimate at all.
	Blind
	// HAddNotOptimal sums the relaxed costs of the goal conditions: more
	// informed than HMax, but it can overestimate, so plans may cost more
	// than the optimum.
	HAddNotOptimal
	// GoalCountNotOptimal counts unmet goal conditions (the estimate of
	// the classic GOAP write-ups). One action can meet several conditions
	// and costs can be below 1, so it is not admissible.
	GoalCountNotOptimal
	// LMCut is the LM-cut heuristic (Helmert & Domshlak 2009): a sum of
	// disjoint action landmarks of the delete relaxation, at least h_max
	// and often much closer to the optimum, at one h_max computation per
	// state plus an incremental update per landmark. Admissible but not consistent: forward search reopens
	// states reached more cheaply after expansion. When an action has
	// add/subtract effects it falls back to h_max, and backward search
	// uses h_max.
	LMCut
)

func (h Heuristic) String() string {
	switch h {
	case AutoHeuristic:
		return "auto"
	case HMax:
		return "hmax"
	case Blind:
		return "blind"
	case HAddNotOptimal:
		return "hadd-not-optimal"
	case GoalCountNotOptimal:
		return "goalcount-not-optimal"
	case LMCut:
		return "lmcut"
	}
	return fmt.Sprintf("Heuristic(%d)", int(h))
}

// Optimal reports whether the heuristic guarantees the cheapest plan.
func (h Heuristic) Optimal() bool { return h <= Blind || h == LMCut }

// Options tune a Planner. The zero value plans optimally, choosing the
// direction automatically.
type Options struct {
	Direction Direction
	Heuristic Heuristic
	// SuboptimalWeight > 1 runs weighted A*: f = g + w*h. The plan found
	// costs at most w times the optimum (with an admissible heuristic);
	// fewer nodes are expanded. 0 or 1 means optimal search.
	SuboptimalWeight float64
	// MaxExpansions stops the search with LimitReached after that many
	// expansions (0: no limit).
	MaxExpansions int
	// MaxMemory stops the search with LimitReached, Result.Err wrapping
	// ErrMemoryLimit, before the memory it grows (nodes, states, table,
	// open list) would pass that many bytes with the next growth of its
	// largest array (0: no limit). It is checked whenever the table
	// doubles and every 64 expansions, never per node.
	MaxMemory int64
	// MemoryBounded searches with IDA* instead of A*: memory in
	// proportion to the plan's length (and a transposition table within
	// a quarter of MaxMemory, 32 MiB without it), at the price of
	// expanding states again, iteration after iteration. The plan is
	// still a cheapest one with an admissible heuristic (h_max when
	// Heuristic is AutoHeuristic). It searches forward, through Plan only
	// (Start reports Failed), and ignores SuboptimalWeight.
	MemoryBounded bool
	// Exclude lists actions this planner may not use, e.g. to give one
	// agent a subset of a shared domain's actions, or to model a level
	// without ammo pickups. It is read at the start of each plan call.
	Exclude []ActionID
	// NoPruning keeps actions that cannot contribute to the goal and
	// compares states on every fact. Pruning never changes the cost of the
	// plan found; this option exists to measure it.
	NoPruning bool
}

// validate rejects option values the planner does not know.
func (o *Options) validate() error {
	switch {
	case o.Direction > Backward:
		return fmt.Errorf("goap: unknown search direction %v", o.Direction)
	case o.Heuristic > LMCut:
		return fmt.Errorf("goap: unknown heuristic %v", o.Heuristic)
	case !(o.SuboptimalWeight >= 0 && o.SuboptimalWeight <= MaxWeight):
		return fmt.Errorf("goap: SuboptimalWeight must be a number from 0 to %g, got %v", float64(MaxWeight), o.SuboptimalWeight)
	case o.MaxExpansions < 0:
		return fmt.Errorf("goap: MaxExpansions must be >= 0, got %d", o.MaxExpansions)
	case o.MaxMemory < 0:
		return fmt.Errorf("goap: MaxMemory must be >= 0, got %d", o.MaxMemory)
	}
	return nil
}

// MaxWeight is the largest SuboptimalWeight; beyond it weighted A* is
// greedy search in all but name, and an infinite weight would make
// g + w*h undefined when h is 0.
const MaxWeight = 1e6

// Status is the outcome of a search.
type Status uint8

// Search outcomes.
const (
	// Running means Step used its budget and the search can go on.
	Running Status = iota
	// Found means Result.Plan is a cheapest plan (or, in a mode whose
	// name says so, a plan within the stated bound).
	Found
	// AlreadySatisfied means the start state meets the goal: the plan is
	// empty.
	AlreadySatisfied
	// NoPlan means the search space was exhausted: no plan exists.
	// Result.Why explains.
	NoPlan
	// LimitReached means the expansion limit or the context deadline
	// stopped the search first. Result.Partial holds the best progress.
	LimitReached
	// Failed means the plan call could not run: Result.Err says why (a
	// CostFunc returned a bad cost, start and target belong to other
	// domains, or an Options value is out of range).
	Failed
)

func (s Status) String() string {
	switch s {
	case Running:
		return "running"
	case Found:
		return "found"
	case AlreadySatisfied:
		return "already satisfied"
	case NoPlan:
		return "no plan"
	case LimitReached:
		return "limit reached"
	case Failed:
		return "failed"
	}
	return fmt.Sprintf("Status(%d)", int(s))
}

// Result is what a plan call returns. Plan and Partial share memory with
// the Planner: they are valid until its next call. Copy them to keep them.
type Result struct {
	Status Status
	// Plan lists the actions to perform in order (Found, and empty for
	// AlreadySatisfied).
	Plan []ActionID
	// Cost is the plan's total cost.
	Cost float64
	// Expanded counts states taken from the open list and expanded;
	// Generated counts successor states produced.
	Expanded, Generated int
	// Direction is the direction actually searched.
	Direction Direction
	// Partial (LimitReached) is the best progress: forward, the actions
	// leading from the start to the state closest to the goal; backward,
	// the final actions of the most promising plan suffix.
	Partial []ActionID
	// Why explains a NoPlan result.
	Why *Explanation
	// Err is set for Failed and for LimitReached by a context.
	Err error
}

// Planner finds plans in one Domain. It keeps its search memory between
// calls, so a warm planner does not allocate on boolean domains. A Planner
// is not safe for concurrent use: give each goroutine its own (the Domain
// is shared).
type Planner struct {
	// Options apply to the following plan calls.
	Options Options

	d    *Domain
	rel  *relaxed
	lm   *lmcut // LM-cut scratch, made on first use
	s    search
	twin search // the backward member of an Auto search
	lmcs search // the forward LM-cut member of an Auto search
	// per plan call
	acts []ActionID  // usable actions, in ActionID order
	fwd  []fwdAction // the same, packed for one-word forward search
	// some action in fwd has integer comparisons or add/subtract
	// effects: stepBlind1 then runs blindRun's withInts compilation
	slowFwd bool
	mw      multiWord // the same, packed for multi-word forward search
	// live copies of acts and fwd without the actions that can never
	// apply from this call's start
	liveActs []ActionID
	liveFwd  []fwdAction
	costs    []float64 // per ActionID, after CostFunc
	// every usable action costs an integer of at most maxBucketCost
	intCosts   bool
	maxIntCost int64
	hatom      []float64 // backward: h_max cost of every atom from the start
	plan       []ActionID
	part       []ActionID
	mask       []uint64 // forward: the fields of facts that matter
	// backward, one-word domains: h_max of each boolean bit's values
	bitCost [64][2]float64
	multi   uint64 // bits of multi-bit fields
	// What acts, fwd, costs and mask were prepared for: reused by the
	// next call when nothing changed and no hook must run again.
	prepTarget  *Target
	prepDir     Direction
	prepNoPrune bool
	prepExclude []ActionID
	prepGen     uint64 // counts the preparations, for LM-cut's compiled task
	meter       workMeter
	ida         ida         // MemoryBounded search, see idastar.go
	busy        atomic.Bool // a call is running: see enter
	epoch       uint64      // counts Start and Plan calls: see Search
}

// NewPlanner returns a planner for d.
func NewPlanner(d *Domain) *Planner {
	p := &Planner{d: d, costs: make([]float64, len(d.actions))}
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

	// Memory kept from search to search.
	nodes  []node
	states []uint64 // sw words per node
	table  []slot   // open addressing over nodes, see insert
	gen    uint8    // the table's current generation
	// written is how far into the table's memory slots may have been
	// written since it was last cleared (see newGeneration).
	written int
	// lastNodes is how many nodes the previous search made: the table
	// starts large enough for as many, so repeated large searches do not
	// pay for growing it every time.
	lastNodes int
	open      []openItem
	bq        bucketQueue // see open.go
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
	limit  int

	buckets bool     // the open list is bq, not open
	mask    []uint64 // forward: relevant fields

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
	estimates    bool // children need an estimate (all but forward blind)
	pendingCheck bool // relaxed reachability not run yet
	// Auto runs other members in turns with this forward search (see
	// stepPortfolio): member[1] backward, member[2] forward with LM-cut.
	portfolio bool
	enabled   [3]bool
	member    [3]*search // [0] is s; the others once started
	winner    *search    // the member that finished first, if not s
	turn      int        // whose turn it is
	used      int        // expansions used in the current turn
	total     int        // MaxExpansions over all members
	why       *Explanation
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
	s.lastNodes = len(s.nodes)
	s.nodes, s.states, s.open = s.nodes[:0], s.states[:0], s.open[:0]
}

type node struct {
	g, h   float64
	parent int32
	action int32
	slot   int32 // the node's slot in the table
	closed bool
}

func (s *search) reset(start State, t *Target) {
	p := s.p
	d := p.d
	s.clear(start, t)
	s.w = d.words
	if start.d != d || t == nil || t.d != d {
		s.stop(Failed, fmt.Errorf("goap: start state and target must belong to the planner's domain"))
		return
	}
	opt := &p.Options
	if err := opt.validate(); err != nil {
		s.stop(Failed, err)
		return
	}
	if opt.MemoryBounded {
		s.stop(Failed, fmt.Errorf("goap: Options.MemoryBounded search runs through Plan only, not Start and Step"))
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
	s.dir = opt.Direction
	if s.dir == Auto {
		s.dir = Forward
		// Forward blind search, backward search and forward LM-cut
		// each win by orders of magnitude on some domains
		// (BENCHMARKS.md), so Auto runs them in turns and takes
		// whichever finishes first: all are optimal.
		s.portfolio = !opt.NoPruning && (s.heur == AutoHeuristic || s.heur == HMax || s.heur == Blind)
		s.enabled = [3]bool{true, t.regressable, s.heur == AutoHeuristic}
		s.portfolio = s.portfolio && (s.enabled[1] || s.enabled[2])
	}
	if s.heur == AutoHeuristic {
		s.heur = Blind
		if s.dir == Backward {
			s.heur = HMax
		}
	}
	if s.dir == Backward && !t.regressable {
		s.stop(Failed, fmt.Errorf("goap: backward search handles equality conditions and set effects only; reaching %q involves integer comparisons, != on an enum, or add/subtract effects (use Forward or Auto)", t.name))
		return
	}
	if err := p.prepare(start, t, s.dir, opt); err != nil {
		s.stop(Failed, err)
		return
	}
	s.mask = p.mask
	s.acts, s.fwd = p.acts, p.fwd
	// Relaxed reachability proves unreachable goals at once and drops
	// actions that can never apply. Forward search runs it after
	// reachCheckAfter expansions, so the many searches that finish sooner
	// skip it; backward search gets the same from its h_max.
	s.pendingCheck = !opt.NoPruning && s.dir == Forward
	if s.portfolio {
		s.total, s.limit = s.limit, 0
		s.member[0] = s // the others start on their first turn
	}
	s.begin()
}

// begin sets up the open list with the root: the start state (forward)
// or the goal conditions (backward).
func (s *search) begin() {
	p := s.p
	t := s.t
	start := s.start
	s.estimates = s.dir == Backward || s.heur != Blind
	s.sw = s.w
	if s.dir == Backward {
		s.sw = 2 * s.w
	}
	if cap(s.scratch) < s.sw {
		s.scratch = make([]uint64, s.sw)
	}
	s.scratch = s.scratch[:s.sw]
	if s.w == 1 {
		s.goal1.mask, s.goal1.val, s.goal1.num = t.cond.mask[0], t.cond.val[0], len(t.cond.num) > 0
	}
	s.resetTable()
	if s.buckets = s.useBuckets(); s.buckets {
		s.bq.reset(p.maxIntCost)
	}
	// Backward search takes its heuristic from a relaxed exploration of
	// the start; forward search estimates the start itself.
	var h0 float64
	switch {
	case s.dir == Backward:
		p.rel.evaluate(start.w, nil, p.costs, false)
		p.hatom = append(p.hatom[:0], p.rel.cost...)
		if s.w == 1 {
			p.bitCosts()
		}
		h0 = 0
		for _, g := range t.cond.groups {
			h0 = max(h0, minAtomCost(p.hatom, g.atoms))
		}
		if s.heur == Blind && !math.IsInf(h0, 1) {
			h0 = 0
		}
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
	case s.w == 1:
		idx, _, _ = s.insert1(start.w[0] & s.mask[0])
	default:
		for i := range start.w {
			s.scratch[i] = start.w[i] & s.mask[i]
		}
		idx, _, _ = s.insert(s.scratch)
	}
	nd := &s.nodes[idx]
	nd.h, nd.parent, nd.action = h0, -1, -1
	if s.buckets {
		s.bq.pushNew(idx, 0)
	} else {
		s.push(idx)
	}
}

// portfolioSlices is how many expansions each member of an Auto search
// gets per turn: forward blind, backward h_max, forward LM-cut (which
// joins after lmcutAfter expansions). A blind expansion costs a fraction
// of a microsecond, a backward one about three times more, an LM-cut one
// 2-300 µs, so the shares roughly even out the time each member gets.
// Searches that finish within the first turn (most game searches) never
// start the others.
var portfolioSlices = [3]int{256, 128, 1}

// startMember sets up member i of an Auto search, sharing the actions,
// costs and hook results the forward search prepared.
func (s *search) startMember(i int) {
	p := s.p
	m := &p.twin
	if i == 2 {
		m = &p.lmcs
	}
	m.clear(s.start, s.t)
	m.w, m.weight = s.w, s.weight
	switch i {
	case 1:
		m.dir, m.heur = Backward, HMax
		if s.heur == Blind && p.Options.Heuristic == Blind {
			m.heur = Blind
		}
	case 2:
		m.dir, m.heur = Forward, LMCut
	}
	m.mask, m.acts, m.fwd = s.mask, s.acts, s.fwd
	s.member[i] = m
	m.begin()
}

// stepPortfolio runs the members of an Auto search in turns of
// portfolioSlices expansions, forward blind first, until one finishes.
func (s *search) stepPortfolio(budget int) {
	for budget > 0 && s.status == Running {
		done := s.portfolioExpanded()
		if s.total > 0 && done >= s.total {
			s.stop(LimitReached, nil)
			return
		}
		slice := portfolioSlices[s.turn]
		n := min(budget, slice-s.used)
		if s.total > 0 {
			n = min(n, s.total-done)
		}
		if s.member[s.turn] == nil {
			s.startMember(s.turn)
		}
		m := s.member[s.turn]
		before := m.expanded
		m.stepOwn(n)
		n = max(m.expanded-before, 1)
		if m != s && m.status != Running {
			s.status, s.err, s.winner = m.status, m.err, m
			return
		}
		budget -= n
		if s.used += n; s.used >= slice {
			s.used = 0
			s.turn = s.nextTurn()
		}
	}
}

// lmcutAfter is how many expansions the members of an Auto search make
// before forward LM-cut joins them. Its expansions cost tens to hundreds
// of microseconds, which searches the cheap members finish quickly
// (thousands of expansions) only pay for; where those members struggle,
// LM-cut often finishes in a few dozen.
var lmcutAfter = 4096

// nextTurn returns the member whose turn follows s.turn.
func (s *search) nextTurn() int {
	for t := s.turn + 1; ; t++ {
		i := t % 3
		if s.enabled[i] && (i != 2 || s.portfolioExpanded() >= lmcutAfter) {
			return i
		}
	}
}

// portfolioExpanded counts the expansions of all members of an Auto
// search (of s alone otherwise).
func (s *search) portfolioExpanded() int {
	n := s.expanded
	for _, m := range s.member[1:] {
		if m != nil {
			n += m.expanded
		}
	}
	return n
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
	if !hooks && p.prepTarget == t && p.prepDir == dir && p.prepNoPrune == noPrune && slices.Equal(p.prepExclude, opt.Exclude) {
		return nil
	}
	p.prepTarget = nil
	p.prepGen++
	p.acts = p.acts[:0]
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
				return fmt.Errorf("goap: action %q: CostFunc returned %v; costs must be numbers from 0 to %g", a.name, c, MaxCost)
			}
		}
		p.costs[id] = c
		p.acts = append(p.acts, id)
		p.rel.enabled[id] = true
	}
	p.maxIntCost, p.intCosts = integerCosts(p.acts, p.costs)
	p.mask = append(p.mask[:0], t.relMask...)
	if noPrune {
		for i := range p.mask {
			p.mask[i] = ^uint64(0)
		}
	}
	if d.words == 1 {
		p.packForward(p.mask[0])
	} else if dir == Forward {
		p.packMulti()
	}
	p.prepTarget, p.prepDir, p.prepNoPrune = t, dir, noPrune
	p.prepExclude = append(p.prepExclude[:0], opt.Exclude...)
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

// estimate is the forward heuristic of state w.
func (s *search) estimate(w []uint64) float64 {
	p := s.p
	switch s.heur {
	case Blind:
		return 0
	case GoalCountNotOptimal:
		n := 0
		for i := range s.t.cond.mask {
			n += popcountFields(s.p.d, i, (w[i]^s.t.cond.val[i])&s.t.cond.mask[i])
		}
		for i := range s.t.cond.num {
			if !s.t.cond.num[i].holds(w) {
				n++
			}
		}
		return float64(n)
	case HAddNotOptimal:
		return p.rel.evaluate(w, &s.t.cond, p.costs, true)
	case LMCut:
		return p.lmcutEstimate(w, &s.t.cond)
	default:
		return p.rel.evaluate(w, &s.t.cond, p.costs, false)
	}
}

// popcountFields counts the fields of word i with a set bit in x.
func popcountFields(d *Domain, i int, x uint64) int {
	n := 0
	for x != 0 {
		n++
		// clear the whole field of the lowest set bit
		low := x & -x
		for fi := range d.facts {
			f := &d.facts[fi]
			if f.word == i && f.mask&low != 0 {
				x &^= f.mask
				break
			}
		}
	}
	return n
}

func (s *search) stop(st Status, err error) {
	s.status, s.err = st, err
	if st == NoPlan && s.why == nil {
		s.why = s.explain()
	}
}

// step expands up to budget states and returns Running if the search
// should go on, or its final status.
func (s *search) step(budget int) Status {
	if s.status != Running {
		return s.status
	}
	if s.portfolio {
		s.stepPortfolio(budget)
	} else {
		s.stepOwn(budget)
	}
	return s.status
}

// stepOwn advances this search alone.
func (s *search) stepOwn(budget int) {
	switch {
	case s.dir == Backward && s.w == 1:
		s.stepBackward1(budget)
	case s.dir == Backward:
		s.stepBackward(budget)
	case s.w == 1 && s.buckets:
		s.stepBlind1(budget)
	case s.w == 1:
		s.stepForward1(budget)
	default:
		s.stepForwardN(budget)
	}
}

// result returns the outcome so far (see Search.Result).
func (s *search) result() (r Result) {
	s.fill(&r)
	return r
}

// fill writes the outcome into r, which must be zero. It fills r in place,
// field by field: building a Result and copying it out measurably stalls
// small plan calls (the copy's wide loads wait for the narrow stores that
// built it).
func (s *search) fill(r *Result) {
	if s.winner != nil {
		s.winner.fill(r)
		r.Expanded, r.Generated = s.portfolioCounts()
		return
	}
	p := s.p
	r.Status, r.Direction, r.Err, r.Why = s.status, s.dir, s.err, s.why
	r.Expanded, r.Generated = s.portfolioCounts()
	switch s.status {
	case Found:
		p.plan = s.pathTo(s.goalNode, p.plan)
		r.Plan = p.plan
		if s.dir == Forward && s.heur != LMCut {
			// The goal's g is the same sum, in the same order: a node's
			// parent is closed when the node is reached, and only
			// LM-cut reopens (and cheapens) closed nodes.
			r.Cost = s.nodes[s.goalNode].g
		} else {
			cost := 0.0 // summed in a register: r.Cost is memory
			for _, a := range p.plan {
				cost += p.costs[a]
			}
			r.Cost = cost
		}
	case AlreadySatisfied:
		r.Plan = p.plan[:0]
	case LimitReached, Running:
		r.Partial = s.partial()
	}
}

// portfolioCounts returns the expansions and generated states of all
// members of an Auto search (of s alone otherwise).
func (s *search) portfolioCounts() (expanded, generated int) {
	expanded, generated = s.expanded, s.generated
	for _, m := range s.member[1:] {
		if m != nil {
			expanded += m.expanded
			generated += m.generated
		}
	}
	return expanded, generated
}

func (s *search) state(n int32) []uint64 {
	return s.states[int(n)*s.sw : int(n+1)*s.sw]
}

// relax records that node n is reached at cost g by action a from parent,
// adding or improving it on the open list.
func (s *search) relax(x []uint64, parent int32, a ActionID, g float64) {
	s.generated++
	idx, fresh, closed := s.insert(x)
	s.settle(idx, fresh, closed, parent, a, g)
}

// settle records node idx (just found or added by insert) as reached at
// cost g by action a from parent, pushing it when it is new or improved.
func (s *search) settle(idx int32, fresh, closed bool, parent int32, a ActionID, g float64) {
	nd := &s.nodes[idx]
	if closed {
		// LM-cut is not consistent: a closed state can be reached more
		// cheaply later, and must then be expanded again.
		if s.heur != LMCut || s.dir != Forward || g >= nd.g || math.IsInf(nd.h, 1) {
			return
		}
		nd.closed = false
		s.table[nd.slot].closed = false
	}
	if !fresh && g >= nd.g {
		return
	}
	nd.g, nd.parent, nd.action = g, parent, int32(a)
	if fresh && s.estimates {
		nd.h = s.childEstimate(idx)
		if math.IsInf(nd.h, 1) {
			s.close(idx) // a dead end: no plan passes through it
			return
		}
	}
	s.push(idx)
}

func (s *search) childEstimate(idx int32) float64 {
	if s.dir == Backward && s.w == 1 {
		return s.regressionEstimate1(s.states[2*idx], s.states[2*idx+1])
	}
	if s.dir == Backward {
		return s.regressionEstimate(s.state(idx))
	}
	if s.heur == Blind {
		return 0
	}
	return s.estimate(s.state(idx))
}

// nextToExpand returns the next node to expand, or -1 when the search
// stops here: the expansion limit is reached, the deferred reachability
// check proves no plan exists, or the open list is exhausted.
func (s *search) nextToExpand() int32 {
	// An expansion may test every usable action on every word (backward
	// search does): charged so, a deadline holds on big domains too.
	s.p.meter.charge(len(s.acts) * s.w)
	if s.limitHit() {
		s.stop(LimitReached, s.p.meter.err)
		return -1
	}
	if !s.checkpoint() {
		return -1
	}
	n := s.next()
	if n < 0 {
		s.stop(NoPlan, nil)
	}
	return n
}

// found ends the search with node n as the goal node.
func (s *search) found(n int32) {
	s.goalNode = n
	s.stop(Found, nil)
}

// expand closes node n, counts it and returns its cost.
func (s *search) expand(n int32) float64 {
	s.close(n)
	s.expanded++
	return s.nodes[n].g
}

func (s *search) limitHit() bool {
	return s.limit > 0 && s.expanded >= s.limit || s.p.meter.hit
}

// regressionEstimate is h_max of a partial state: the most expensive of
// its conditions, each costed once from the start state.
//
// Blind backward search still drops subgoals with a condition that the
// start can never reach (infinite cost): that proves a dead end, it does
// not estimate.
func (s *search) regressionEstimate(x []uint64) float64 {
	d := s.p.d
	w := s.w
	h := 0.0
	for i := 0; i < w; i++ {
		m := x[i]
		for m != 0 {
			bit := m & -m
			f := d.fieldOf(i, bit)
			raw := (x[w+i] & f.mask) >> f.shift
			if c := s.p.hatom[f.atom+int(raw)]; c > h {
				h = c
			}
			m &^= f.mask
		}
	}
	if s.heur == Blind && !math.IsInf(h, 1) {
		return 0
	}
	return h
}

func (s *search) stepBackward(budget int) {
	p := s.p
	d := p.d
	w := s.w
	start := s.start.w
	child := s.scratch
	for ; budget > 0; budget-- {
		n := s.nextToExpand()
		if n < 0 {
			return
		}
		x := s.state(n)
		sat := true
		for i := 0; i < w; i++ {
			if (start[i]^x[w+i])&x[i] != 0 {
				sat = false
				break
			}
		}
		if sat {
			s.found(n)
			return
		}
		g := s.expand(n)
	actions:
		for _, id := range s.acts {
			a := &d.actions[id]
			// The action must set some goal condition and undo none:
			// only the words it touches can tell, so a big domain's
			// expansion does not cost actions times words.
			achieves := false
			for _, o := range a.effOps {
				gm, gv := x[o.i], x[w+int(o.i)]
				overlap := o.m & gm
				if (o.v^gv)&overlap != 0 {
					continue actions // the action undoes a goal condition
				}
				achieves = achieves || overlap != 0
			}
			if !achieves {
				continue
			}
			// The subgoal drops what the action sets and adds its
			// preconditions (values stay within their masks).
			copy(child, x)
			for _, o := range a.effOps {
				child[o.i] &^= o.m
				child[w+int(o.i)] &^= o.m
			}
			for _, o := range a.preOps {
				keep := child[o.i]
				if (child[w+int(o.i)]^o.v)&keep&o.m != 0 {
					continue actions // the precondition contradicts what remains
				}
				child[o.i] = keep | o.m
				child[w+int(o.i)] |= o.v
			}
			s.relax(child, n, id, g+p.costs[id])
			x = s.state(n)
		}
	}
}

// bitCosts tabulates, for one-word domains, the h_max cost of each
// boolean field's two values, so a subgoal's estimate is a walk over its
// mask bits. Multi-bit fields are marked in p.multi and costed the long way.
func (p *Planner) bitCosts() {
	d := p.d
	p.multi = 0
	for b := 0; b < 64; b++ {
		f := &d.facts[d.bitFact[b]]
		if f.mask&(1<<uint(b)) == 0 {
			continue // an unused bit
		}
		if f.size != 2 || f.mask != 1<<uint(b) {
			p.multi |= 1 << uint(b)
			continue
		}
		p.bitCost[b] = [2]float64{p.hatom[f.atom], p.hatom[f.atom+1]}
	}
}

// regressionEstimate1 is regressionEstimate for one-word subgoals.
func (s *search) regressionEstimate1(m, v uint64) float64 {
	p := s.p
	h := 0.0
	for b := m &^ p.multi; b != 0; b &= b - 1 {
		i := bits.TrailingZeros64(b)
		if c := p.bitCost[i][(v>>uint(i))&1]; c > h {
			h = c
		}
	}
	if m&p.multi != 0 {
		x := [2]uint64{m & p.multi, v}
		h = max(h, s.regressionEstimate(x[:]))
		if math.IsInf(h, 1) {
			return h
		}
	}
	if s.heur == Blind && !math.IsInf(h, 1) {
		return 0
	}
	return h
}

// stepBackward1 is stepBackward for one-word domains: a subgoal is a
// (mask, value) pair of words.
func (s *search) stepBackward1(budget int) {
	start := s.start.w[0]
	for ; budget > 0; budget-- {
		n := s.nextToExpand()
		if n < 0 {
			return
		}
		gm, gv := s.states[2*n], s.states[2*n+1]
		if (start^gv)&gm == 0 {
			s.found(n)
			return
		}
		g := s.expand(n)
		for i := range s.fwd {
			a := &s.fwd[i]
			overlap := a.em & gm
			if overlap == 0 || (a.ev^gv)&overlap != 0 {
				continue // achieves nothing, or undoes a goal condition
			}
			keep := gm &^ a.em
			if (gv^a.pv)&keep&a.pm != 0 {
				continue // the precondition contradicts what remains
			}
			s.scratch[0], s.scratch[1] = keep|a.pm, gv&keep|a.pv
			s.relax(s.scratch, n, a.id, g+a.cost)
		}
	}
}

// fieldOf returns the fact whose field holds bit in word i.
func (d *Domain) fieldOf(i int, bit uint64) *factInfo {
	return &d.facts[d.factAt(i, bit)]
}

// factAt returns the ID of the fact whose field holds bit in word i.
func (d *Domain) factAt(i int, bit uint64) FactID {
	return d.bitFact[i*64+bits.TrailingZeros64(bit)]
}

// fwdAction is an action packed for forward search over one-word states:
// its masks inline, its cost for this plan call, and whether it needs the
// general path (integer comparisons or add/subtract).
type fwdAction struct {
	pm, pv, em, ev uint64
	cost           float64
	id             ActionID
	slow           bool
}

// packForward fills p.fwd from p.acts; mask keeps the relevant fields.
func (p *Planner) packForward(mask uint64) {
	p.fwd = p.fwd[:0]
	p.slowFwd = false
	for _, id := range p.acts {
		a := &p.d.actions[id]
		slow := len(a.pre.num) > 0 || len(a.effNum) > 0
		fa := fwdAction{cost: p.costs[id], id: id, slow: slow}
		if len(a.preOps) > 0 { // one word: at most one op each
			fa.pm, fa.pv = a.preOps[0].m, a.preOps[0].v
		}
		if len(a.effOps) > 0 {
			fa.em, fa.ev = a.effOps[0].m, a.effOps[0].v&mask
		}
		p.fwd = append(p.fwd, fa)
		p.slowFwd = p.slowFwd || slow
	}
}

// reachCheckAfter is how many expansions forward search makes before it
// runs the relaxed reachability check.
const reachCheckAfter = 32

// checkpoint runs the deferred reachability check when its time has come;
// it returns false when that check proved that no plan exists.
func (s *search) checkpoint() bool {
	if !s.pendingCheck || s.expanded < reachCheckAfter {
		return true
	}
	s.pendingCheck = false
	ok := s.p.rel.reachable(s.start.w, s.acts, nil)
	if s.p.meter.hit {
		return true // cut short: the search stops at its next expansion
	}
	if !ok || !s.p.rel.goalReachable(&s.t.cond) {
		s.stop(NoPlan, nil)
		return false
	}
	s.dropDead()
	return true
}

// stepForward1 is stepForward for one-word states, the common case.
func (s *search) stepForward1(budget int) {
	t := s.t
	gm, gv := t.cond.mask[0], t.cond.val[0]
	gnum := len(t.cond.num) > 0
	mask := s.mask[0]
	for ; budget > 0; budget-- {
		n := s.nextToExpand()
		if n < 0 {
			return
		}
		st := s.states[n]
		if st&gm == gv && (!gnum || t.cond.holds(s.states[n:n+1])) {
			s.found(n)
			return
		}
		g := s.expand(n)
		if len(s.table) >= prefetchTable {
			s.expandPrefetched(n, st, g, mask)
			continue
		}
		for i := range s.fwd {
			a := &s.fwd[i]
			if st&a.pm != a.pv {
				continue
			}
			child := st&^a.em | a.ev
			if a.slow {
				var ok bool
				if child, ok = s.applySlow(st, child, a.id, mask); !ok {
					continue
				}
			}
			if child == st {
				continue // a no-op here: it cannot lead anywhere cheaper
			}
			s.relax1(child, n, a.id, g+a.cost)
		}
	}
}

// prefetchTable is the table length from which one-word forward search
// expands in two passes (expandPrefetched): past the size of the caches,
// every probe of a new state misses them.
var prefetchTable = 1 << 15

// child is a successor waiting to be inserted by expandPrefetched.
type child struct {
	x, hash uint64
	act     int32 // index in s.fwd
}

// expandPrefetched is the loop body of stepForward1 for large tables. It
// first computes every successor and touches its table slot, loads the
// processor can overlap because nothing depends on them, then inserts
// the successors, which now find their slots in the cache.
func (s *search) expandPrefetched(n int32, st uint64, g float64, mask uint64) {
	kids := s.prefetchKids(st, mask)
	for i := range kids {
		k := &kids[i]
		a := &s.fwd[k.act]
		s.generated++
		idx, fresh, closed := s.insert1h(k.x, k.hash)
		s.settle(idx, fresh, closed, n, a.id, g+a.cost)
	}
}

// prefetchKids returns the successors of the one-word state st, with
// their hashes, after touching their table slots (see expandPrefetched).
// The slice is valid until the next call.
func (s *search) prefetchKids(st uint64, mask uint64) []child {
	kids := s.kids[:0]
	for i := range s.fwd {
		a := &s.fwd[i]
		if st&a.pm != a.pv {
			continue
		}
		x := st&^a.em | a.ev
		if a.slow {
			var ok bool
			if x, ok = s.applySlow(st, x, a.id, mask); !ok {
				continue
			}
		}
		if x == st {
			continue // a no-op here: it cannot lead anywhere cheaper
		}
		kids = append(kids, child{x: x, hash: mix64(x), act: int32(i)})
	}
	tm := uint64(len(s.table) - 1)
	var touch uint8
	for i := range kids {
		touch += s.table[kids[i].hash&tm].gen
	}
	s.touch += touch
	s.kids = kids
	return kids
}

// applySlow finishes applying an action with integer comparisons or
// add/subtract effects to the one-word state st; child already holds the
// set effects.
func (s *search) applySlow(st, child uint64, id ActionID, mask uint64) (uint64, bool) {
	a := &s.p.d.actions[id]
	w := [1]uint64{st}
	for i := range a.pre.num {
		if !a.pre.num[i].holds(w[:]) {
			return 0, false
		}
	}
	for i := range a.effNum {
		e := &a.effNum[i]
		v := int64((st>>e.shift)&e.field) + e.delta
		if v < 0 || v > e.limit {
			return 0, false
		}
		child = child&^(e.field<<e.shift) | uint64(v)<<e.shift
	}
	return child & mask, true
}

// relax1 is relax for one-word forward states.
func (s *search) relax1(x uint64, parent int32, a ActionID, g float64) {
	s.generated++
	idx, fresh, closed := s.insert1(x)
	s.settle(idx, fresh, closed, parent, a, g)
}

// dropDead removes from the search the actions that relaxed reachability
// found can never apply. The planner's prepared lists stay intact.
func (s *search) dropDead() {
	p := s.p
	fired := p.rel.fired
	dead := 0
	for _, id := range s.acts {
		if !fired[id] {
			dead++
		}
	}
	if dead == 0 {
		return
	}
	p.liveActs = p.liveActs[:0]
	for _, id := range s.acts {
		if fired[id] {
			p.liveActs = append(p.liveActs, id)
		}
	}
	s.acts = p.liveActs
	if s.fwd != nil {
		p.liveFwd = p.liveFwd[:0]
		for _, a := range s.fwd {
			if fired[a.id] {
				p.liveFwd = append(p.liveFwd, a)
			}
		}
		s.fwd = p.liveFwd
	}
}
