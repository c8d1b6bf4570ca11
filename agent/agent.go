package agent

import (
	"fmt"
	"math"
	"strings"
	"sync/atomic"

	"github.com/goap-go/goap"
	"github.com/goap-go/goap/internal/suggest"
)

// Config describes an agent to New. Only Domain and Goals are required.
type Config struct {
	// Name identifies the agent in events.
	Name string
	// Domain holds the facts and actions; it may be shared by any number
	// of agents.
	Domain *goap.Domain
	// Goals is the goal set, in order of precedence on equal scores.
	Goals []Goal
	// FallbackGoal, when its Target is set, is pursued only when some goal
	// has no plan (and waits for a retry) and no other goal can be tried:
	// Flee, say, for a guard that cannot fight.
	FallbackGoal Goal
	// Fallback names an action that runs, once per failed round of
	// planning, when no goal has a plan (and FallbackGoal has none
	// either): Idle, say. It runs without a plan, when its preconditions
	// hold in the belief, and may be outside Actions.
	Fallback string
	// StandIn runs the Fallback action as a stand-in while a search for
	// the current goal spans updates (a Budget or a Scheduler), instead
	// of idling: when the plan comes, the stand-in is aborted and the
	// plan starts. The plan was made from the belief when the search
	// began, so it is checked against what the stand-in changed, as
	// every plan is before each step. A goal's own stand-in
	// (Goal.StandIn) runs for it whether StandIn is set or not.
	StandIn bool
	// Obedient makes the agent non-autonomous (Pittman's command
	// hierarchy): it pursues the recommended goal (Recommend) with the
	// greatest bias, whatever the scores, and idles without one. It still
	// plans how to reach the goal; only what to do is decided for it.
	Obedient bool
	// Actions names the actions the agent may plan with; nil means all
	// of the domain's. The others are excluded from its searches. A
	// lifted action's name stands for all its ground actions.
	Actions []string
	// Behaviors carries out actions, by name; actions without an entry
	// use Default. The name of a lifted action ("Shoot") gives every one
	// of its ground actions the behavior (Call.Args says which objects
	// are bound); a ground action's own entry ("Shoot(r1)") wins.
	Behaviors map[string]Behavior
	// Default is the behavior of actions without their own.
	Default Behavior
	// Sensors write the blackboard, in this order, each on its interval.
	Sensors []Sensor
	// Belief is the initial believed state (copied); the zero State means
	// every fact at its default.
	Belief goap.State
	// Margin is the hysteresis: a goal replaces the one being pursued only
	// when its score is higher by more than Margin.
	Margin float64
	// ValidityGrace damps a validity that flickers as Margin damps scores:
	// the plan for the current goal survives its goal being invalid for
	// up to this long (time, as Update's dt), and is dropped only when it
	// stays invalid longer. 0 drops it at the first invalid evaluation.
	// Either way, a goal dropped for being invalid is not chosen again
	// before a back-off (Backoff, doubling while it keeps flickering).
	ValidityGrace float64
	// GoalInterval is the time between two evaluations of the goal set
	// (Genetic Drift's update interval); 0 evaluates on every update. The
	// current goal's validity is checked on every update regardless, and
	// an interrupt or the end of a plan evaluates at once.
	GoalInterval float64
	// Backoff is the time a goal without a plan, or an action that failed,
	// waits before it is tried again; each further failure in a row
	// doubles the wait, up to MaxBackoff. Defaults: 1 and 16*Backoff.
	Backoff, MaxBackoff float64
	// Budget limits the states the planner may expand per update (0: no
	// limit, plan at once). A search that needs more continues in the
	// next update (Pittman's interruptible A*); the agent waits meanwhile.
	// An agent added to a Scheduler plans on the scheduler's budget
	// instead.
	Budget int
	// Options tune the agent's planner. Exclude may list actions on top
	// of those outside Actions.
	Options goap.Options
	// Remote, when set, runs the agent's searches elsewhere (see
	// RemotePlanner), with Options; the agent's own planner stays idle.
	Remote RemotePlanner
	// OnEvent, when set, receives every event as it happens.
	OnEvent func(Event)
	// RecoverPanics turns a panic in a handler, Abort, sensor or goal
	// function into that callback's failure, reported as an event,
	// instead of letting it propagate out of Update (the default, as is
	// the Go convention). See the package documentation.
	RecoverPanics bool
}

// Agent is a GOAP agent: see the package documentation. Create one with
// New and call Update once per frame or tick.
//
// Its state is grouped by lifetime: what New fixes (cfg, tables), what
// lasts as long as the agent (the goals, the bans, the clock), what lasts
// one plan (run), one action of it (act), one search (planning) and one
// update (turn).
type Agent struct {
	name string
	d    *goap.Domain
	bb   *Blackboard

	cfg     settings
	tables  actionTables
	sensors []sensorSlot

	goals  []goalSlot // the goal set, then the fallback goal
	goal   int        // the goal being pursued (or the last one), or -1
	orders int        // goals under an order that reports (orders.go)
	bans   []backoff  // per action: waits after failures; nil until one fails
	eval   evalSchedule

	tick int
	now  float64
	mode mode

	run      execution
	act      runningAction
	planner  *goap.Planner
	sched    *Scheduler
	planning planning
	turn     turn

	// scratch states for check, whyInvalid and applyEffects
	scratch, scratch2 goap.State

	stats Stats

	busy atomic.Bool // an Update is running: see enter
}

// settings are Config's choices, fixed by New.
type settings struct {
	onEvent       func(Event)
	recoverPanics bool
	standIn       bool // Config.StandIn
	obedient      bool // Config.Obedient
	fallbackGoal  int  // the fallback goal's index in goals, or -1
	fallback      goap.ActionID
	hasFallback   bool
	names         actionConfig // the actions Config names, for SetDomain

	margin, goalInterval   float64
	validityGrace          float64
	backoffMin, backoffMax float64
	budget                 int
	remote                 RemotePlanner
}

// actionTables are what the agent looks up per action (and per fact),
// fixed by New.
type actionTables struct {
	// behaviors holds the actions' own behaviors (Config.Behaviors),
	// def every other action's (Config.Default): a map, so that an
	// agent takes memory for the behaviors it was given, not for every
	// action of the domain.
	behaviors map[goap.ActionID]*Behavior
	def       Behavior
	outside   []bool // excluded from the agent's plans
	// standIn is per goal slot: its Goal.StandIn, or -1.
	standIn []goap.ActionID
	*domainTables
}

// behavior returns action id's behavior.
func (t *actionTables) behavior(id goap.ActionID) *Behavior {
	if b, ok := t.behaviors[id]; ok {
		return b
	}
	return &t.def
}

// evalSchedule says when the goals are evaluated next.
type evalSchedule struct {
	at        float64 // the next evaluation by Config.GoalInterval
	force     bool    // evaluate at the next update (Recommend, Withdraw)
	interrupt string  // from Interrupt, for the next update
}

// execution is the plan being carried out (or the fallback action, or
// the stand-in), from the moment it is adopted until it is cleared.
type execution struct {
	plan     []goap.ActionID
	step     int
	standing bool       // the fallback action is the stand-in of a search (modeSearch)
	from     goap.State // the belief the plan was made from
	checked  uint64     // the blackboard's change count at the last plan check
}

// runningAction is plan[step] while it runs: from startAction until it
// ends or is abandoned.
type runningAction struct {
	started bool       // plan[step] has started
	moving  bool       // ... and is in its MoveTo state
	mark    uint64     // the blackboard's change count when it started
	before  goap.State // the belief at its start
	after   goap.State // the same, with its effects
	call    Call       // what its handlers are told
}

// planning is the search under way and what leads to the next one.
type planning struct {
	// search is the search under way, for goal: the current goal
	// (modeSearch), or a goal that would replace the current plan or
	// fallback action (a challenger, in modeRun and modeFallback).
	search search
	goal   int
	from   goap.State // the belief search started from
	queued bool       // in the scheduler's queue
	near   float64    // its Scheduler.Near at the frame's start
	spent  int        // expansions search used in earlier updates
	// last is the search that ended last, for SearchTree.
	last    goap.Search
	exclude []goap.ActionID
	dropped bool // a plan was dropped: the next search is a replan
	urgent  bool // the search about to start is that replan
}

// turn is what the current update has: its dt, and what it has used.
type turn struct {
	dt      float64
	handled bool // a handler ran in this update
	left    int  // budget left in this update
}

// mode is where the agent is in its loop.
type mode uint8

const (
	modeChoose   mode = iota // pick a goal and start planning
	modeSearch               // a search is under way
	modeRun                  // carrying out a plan
	modeFallback             // no goal has a plan: the fallback runs or the agent waits
	modeIdle                 // no goal to pursue
	modeStopped              // Stop was called: the agent does nothing any more
)

// Phase is what an agent is doing, in terms of Orkin's three states.
type Phase uint8

// The phases.
const (
	// Idle: every goal is met or invalid.
	Idle Phase = iota
	// Planning: choosing a goal or searching for a plan.
	Planning
	// MovingTo: running the current action's MoveTo handler.
	MovingTo
	// Performing: performing the current action, or about to start the
	// next one.
	Performing
	// FallingBack: no goal has a plan; the fallback runs, or the agent
	// waits for a retry.
	FallingBack
	// Stopped: Stop ended the agent (it died, or left the game).
	Stopped
)

var phaseNames = [...]string{"idle", "planning", "moving", "performing", "falling back", "stopped"}

// String names the phase.
func (p Phase) String() string {
	if int(p) < len(phaseNames) {
		return phaseNames[p]
	}
	return fmt.Sprintf("Phase(%d)", int(p))
}

// Stats counts what an agent did.
type Stats struct {
	// Plans counts the searches started.
	Plans int
	// Replans counts the searches started because a plan was dropped: a
	// step no longer applied, an action failed, a sensor or Interrupt
	// interrupted, the goal became invalid or a better goal appeared.
	Replans int
	// NoPlans counts the searches that found no plan.
	NoPlans int
	// Expanded counts the states expanded by all searches.
	Expanded int
	// Finished and Failed count the actions whose handlers returned
	// Success and Failure.
	Finished, Failed int
}

// New checks cfg and returns an agent believing cfg.Belief, with nothing
// planned yet: the first Update picks a goal. Its error names every
// problem of cfg, on one line; its Unwrap() []error gives them one by
// one.
func New(cfg Config) (*Agent, error) {
	d := cfg.Domain
	if d == nil {
		return nil, errorf(cfg.Name, "Config.Domain is nil")
	}
	var errs []error
	bad := func(format string, args ...any) {
		errs = append(errs, fmt.Errorf(format, args...))
	}
	a := &Agent{
		name: cfg.Name, d: d, goal: -1, mode: modeChoose,
		cfg: settings{
			onEvent: cfg.OnEvent, recoverPanics: cfg.RecoverPanics, fallbackGoal: -1,
			margin: cfg.Margin, goalInterval: cfg.GoalInterval, validityGrace: cfg.ValidityGrace,
			backoffMin: cfg.Backoff, backoffMax: cfg.MaxBackoff, budget: cfg.Budget,
		},
	}
	if len(cfg.Goals) == 0 {
		bad("no goals")
	}
	seen := map[string]bool{}
	addGoal := func(g Goal, fallback bool) {
		if g.Target == nil {
			bad("goal #%d has no Target (goap.Domain.Goal reports whether it found the goal: check its second result)", len(a.goals)+1)
			return
		}
		if g.Target.Domain() != d {
			bad("goal %q belongs to another domain", g.Target.Name())
			return
		}
		if seen[g.Target.Name()] {
			bad("two goals are named %q", g.Target.Name())
			return
		}
		if math.IsNaN(g.Priority) || math.IsInf(g.Priority, 0) {
			bad("goal %q: priority must be finite, got %v", g.Target.Name(), g.Priority)
		}
		seen[g.Target.Name()] = true
		a.goals = append(a.goals, goalSlot{Goal: g, name: g.Target.Name(), fallback: fallback, rule: -1, failedAt: cfg.Domain.NewState()})
	}
	for _, g := range cfg.Goals {
		addGoal(g, false)
	}
	if cfg.FallbackGoal.Target != nil {
		a.cfg.fallbackGoal = len(a.goals)
		addGoal(cfg.FallbackGoal, true)
	}

	a.cfg.names = actionConfig{actions: cfg.Actions, behaviors: cfg.Behaviors, fallback: cfg.Fallback}
	for _, g := range a.goals {
		a.cfg.names.standIns = append(a.cfg.names.standIns, g.StandIn)
		a.cfg.names.goals = append(a.cfg.names.goals, g.name)
	}
	a.tables, a.cfg.fallback, a.cfg.hasFallback = a.cfg.names.tables(d, cfg.Default, bad)
	if cfg.Options.MemoryBounded {
		// Refused here rather than failing every search later: the
		// agent plans in budgeted steps (Start and Step), which IDA*
		// does not offer.
		bad("Options.MemoryBounded is not supported for agents (IDA* runs through Planner.Plan only, and an agent plans in steps); bound an agent's searches with Options.MaxMemory")
	}
	for _, id := range cfg.Options.Exclude {
		if id < 0 || int(id) >= d.NumActions() {
			bad("Options.Exclude holds action %d, outside the domain", id)
			continue
		}
		a.tables.outside[id] = true
		a.cfg.names.exclude = append(a.cfg.names.exclude, d.ActionName(id))
	}
	a.cfg.standIn = cfg.StandIn
	a.cfg.obedient = cfg.Obedient
	for _, s := range cfg.Sensors {
		if math.IsNaN(s.Interval) || math.IsInf(s.Interval, 0) || s.Interval < 0 {
			bad("sensor %q: interval must be a finite number >= 0, got %v", s.Name, s.Interval)
		}
		a.sensors = append(a.sensors, sensorSlot{Sensor: s})
	}
	for _, v := range []struct {
		name string
		v    float64
	}{{"Margin", cfg.Margin}, {"GoalInterval", cfg.GoalInterval}, {"Backoff", cfg.Backoff}, {"MaxBackoff", cfg.MaxBackoff}} {
		if math.IsNaN(v.v) || math.IsInf(v.v, 0) || v.v < 0 {
			bad("%s must be a finite number >= 0, got %v", v.name, v.v)
		}
	}
	if a.cfg.backoffMin == 0 {
		a.cfg.backoffMin = 1
	}
	if a.cfg.backoffMax == 0 {
		a.cfg.backoffMax = 16 * a.cfg.backoffMin
	}
	if a.cfg.backoffMax < a.cfg.backoffMin {
		bad("MaxBackoff %v is less than Backoff %v", cfg.MaxBackoff, a.cfg.backoffMin)
	}
	if cfg.Budget < 0 {
		bad("Budget must be >= 0, got %d", cfg.Budget)
	}
	belief := cfg.Belief
	switch {
	case belief.IsZero():
		belief = d.NewState()
	case belief.Domain() != d:
		bad("Belief belongs to another domain")
		belief = d.NewState()
	}
	if len(errs) > 0 {
		return nil, &configError{name: cfg.Name, problems: errs}
	}

	a.bb = newBlackboard(belief)
	a.planner = goap.NewPlanner(d)
	a.planner.Options = cfg.Options
	a.cfg.remote = cfg.Remote
	a.run.from = d.NewState()
	a.planning.from = d.NewState()
	a.act.before = d.NewState()
	a.act.after = d.NewState()
	a.scratch = d.NewState()
	a.scratch2 = d.NewState()
	return a, nil
}

// Name returns the agent's name.
func (a *Agent) Name() string { return a.name }

// Domain returns the agent's domain.
func (a *Agent) Domain() *goap.Domain { return a.d }

// Blackboard returns the agent's knowledge, which sensors write.
func (a *Agent) Blackboard() *Blackboard { return a.bb }

// Tick returns the number of updates so far.
func (a *Agent) Tick() int { return a.tick }

// Time returns the agent's clock: the sum of the dt given to Update.
func (a *Agent) Time() float64 { return a.now }

// Goal returns the goal being pursued (planned for or carried out), or
// nil.
func (a *Agent) Goal() *goap.Target {
	if a.goal < 0 || a.mode != modeSearch && a.mode != modeRun {
		return nil
	}
	return a.goals[a.goal].Target
}

// Plan returns the rest of the plan being carried out, from the current
// action on (the fallback action while it runs). It shares memory with
// the agent: read it before the next Update.
func (a *Agent) Plan() []goap.ActionID {
	if a.mode != modeRun && a.mode != modeFallback || a.run.standing {
		return nil
	}
	return a.run.plan[a.run.step:]
}

// Action returns the action that has started and not yet ended.
func (a *Agent) Action() (goap.ActionID, bool) {
	if !a.act.started {
		return 0, false
	}
	return a.run.plan[a.run.step], true
}

// Phase returns what the agent is doing.
func (a *Agent) Phase() Phase {
	switch a.mode {
	case modeIdle:
		return Idle
	case modeChoose, modeSearch:
		return Planning
	case modeFallback:
		return FallingBack
	case modeStopped:
		return Stopped
	}
	if a.act.started && a.act.moving {
		return MovingTo
	}
	return Performing
}

// Stats returns the agent's counters.
func (a *Agent) Stats() Stats { return a.stats }

// configError is New's error: every problem of a Config, on one line.
// Unwrap gives the problems one by one.
type configError struct {
	name     string
	problems []error
}

func (e *configError) Error() string {
	var b strings.Builder
	b.WriteString(errPrefix(e.name))
	for i, p := range e.problems {
		if i > 0 {
			b.WriteString("; ")
		}
		b.WriteString(p.Error())
	}
	return b.String()
}

func (e *configError) Unwrap() []error { return e.problems }

// errPrefix starts the messages of the agent named name: "agent: name: ",
// or "agent: " when it has no name.
func errPrefix(name string) string {
	if name == "" {
		return "agent: "
	}
	return "agent: " + name + ": "
}

// errorf returns an error of the agent named name, as fmt.Errorf does
// (%w wraps a cause), with errPrefix's prefix.
func errorf(name, format string, args ...any) error {
	return fmt.Errorf(errPrefix(name)+format, args...)
}

// actionNames lists the domain's actions.
func actionNames(d *goap.Domain) []string {
	out := make([]string, d.NumActions())
	for i := range out {
		out[i] = d.ActionName(goap.ActionID(i))
	}
	return out
}

// didYouMean suggests a close name.
func didYouMean(s string, names []string) string {
	if c := suggest.Closest(s, names); c != "" {
		return fmt.Sprintf(" (did you mean %q?)", c)
	}
	return ""
}

// firstOf returns the only action of ids, if there is one.
func firstOf(ids []goap.ActionID) (goap.ActionID, bool) {
	if len(ids) == 1 {
		return ids[0], true
	}
	return 0, false
}
