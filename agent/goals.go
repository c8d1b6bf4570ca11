package agent

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/goap-go/goap"
)

// Goal is one goal of an agent's goal set: desired conditions, how much
// the agent wants them now, and whether they make sense at all now.
//
// The agent scores every valid goal that its belief does not meet yet and
// pursues the best. The score is Relevancy's result when Relevancy is set
// and Priority otherwise, plus the goal's bias (Agent.SetBias). Scores are
// compared as they are, not squeezed into 0..1, so an agent should use one
// scale for all its goals (a procedural priority of 150 beats a static 50).
// A goal with Relevancy is relevant only while its score is above 0
// (Pittman's EvaluateRelevancy: 0 means not relevant): it is not chosen
// otherwise, and its plan is dropped when it falls to 0.
//
// A goal whose search found no plan waits before it is tried again
// (Config.Backoff), unless a fact that matters for it changes in the
// belief meanwhile: then it may be tried at once. A goal dropped because
// it became invalid waits the same way before it is chosen again, so a
// validity that flips every update does not replan every other update.
type Goal struct {
	// Target holds the desired conditions: one of the domain's goals
	// or conditions compiled with goap.Domain.Target. Its name names the
	// goal in events and in Agent.SetBias.
	Target *goap.Target
	// Priority is the goal's score when Relevancy is nil.
	Priority float64
	// Relevancy, when set, scores the goal from the belief, from 0 to 1.
	// It is called once per goal evaluation, so keep it cheap.
	Relevancy func(b *Blackboard) float64
	// Rules, when Relevancy is nil, score the goal from the belief as
	// data (a designer file's relevancy: rules): the first rule whose
	// When the belief meets, or that has none, gives the score; 0 when
	// none does, which makes the goal not relevant. Unlike a Relevancy
	// function they say which rule scored the goal
	// (GoalInspection.Rule), for debuggers.
	Rules []Rule
	// Valid, when set, says whether the goal may be pursued at all (the
	// zombie seed's IsValid): an invalid goal is never chosen, and a
	// plan for a goal that becomes invalid is dropped.
	Valid func(b *Blackboard) bool
	// StandIn names an action that runs while a plan for this goal is
	// being made (a search that spans updates: a Budget or a Scheduler):
	// Aim while the attack is planned, Duck while the way to cover is.
	// It runs without a plan, when its preconditions hold, and may be
	// outside Actions; when the plan comes it is aborted. It wins over
	// Config.StandIn's fallback for this goal.
	StandIn string
}

// Rule is a rule of a goal's relevancy (Goal.Rules).
type Rule struct {
	When  *goap.Target // nil: always
	Score float64
	// Name says the rule in a debugger, e.g. "rule 1: when {hungry}".
	Name string
}

// NewGoal returns a goal for t with t's priority. A nil t (a name that
// goap.Domain.Goal did not find) gives a goal without a Target, which New
// reports.
func NewGoal(t *goap.Target) Goal {
	if t == nil {
		return Goal{}
	}
	return Goal{Target: t, Priority: t.Priority()}
}

// goalSlot is a goal of the agent with what the agent knows about it.
type goalSlot struct {
	Goal
	name string
	bias float64
	// retry delays the goal after a search found no plan for it.
	retry backoff
	// fallback marks Config.FallbackGoal: it is chosen only when some
	// other goal waits for a retry and none can be tried.
	fallback bool
	// The last evaluation: the goal is valid, relevant (Relevancy, with
	// the bias, above 0), the belief meets it, and its score.
	valid, relevant, met bool
	score                float64
	// rule is the index of the rule of Rules that gave the score, -1
	// when none held.
	rule int
	// eligible is valid && relevant && !met, for candidate.
	eligible bool
	// failedAt is the belief when a search for the goal last found no
	// plan: a change since in a fact that matters for the goal ends its
	// retry's wait.
	failedAt goap.State
	// flap delays the goal after it became invalid while pursued, so a
	// validity that flips every update does not make a plan every other
	// update (damping, as the margin damps scores).
	flap backoff
	// invalidSince is when the goal was first found invalid in its
	// current run of invalid evaluations (Config.ValidityGrace).
	invalidSince float64
	// order is the recommendation the goal is under (orders.go).
	order order
}

// backoff is a wait after failures that doubles with each failure in a
// row, up to a maximum.
type backoff struct {
	until, wait float64
}

// banned reports whether action id waits after a failure.
func (a *Agent) banned(id goap.ActionID) bool {
	return a.bans != nil && a.bans[id].waiting(a.now)
}

// fail records a failure at time now and returns the end of the wait.
func (b *backoff) fail(now, first, most float64) float64 {
	if b.wait == 0 {
		b.wait = first
	} else {
		b.wait = min(2*b.wait, most)
	}
	b.until = now + b.wait
	return b.until
}

// reset forgets earlier failures.
func (b *backoff) reset() { *b = backoff{} }

// waiting reports whether the wait lasts beyond time now.
func (b *backoff) waiting(now float64) bool { return b.wait > 0 && now+timeEps < b.until }

// evaluateGoal updates goal i's validity, whether it is met, and its
// score.
func (a *Agent) evaluateGoal(i int) {
	g := &a.goals[i]
	valid, s := a.judge(g)
	if valid != g.valid || valid {
		g.invalidSince = a.now // valid now, or the first invalid evaluation
	}
	g.valid = valid
	g.met = a.bb.state.Satisfies(g.Target)
	g.score = s + g.bias
	g.relevant = !g.scored() || g.score > 0
	g.eligible = g.valid && g.relevant && !g.met
	if g.retry.wait > 0 {
		a.retryEarly(g)
	}
}

// scored reports whether the goal's score comes from the belief
// (Relevancy or Rules) rather than its Priority.
func (g *goalSlot) scored() bool { return g.Relevancy != nil || len(g.Rules) > 0 }

// retryEarly ends goal g's wait for a retry when what the agent believes
// changed where it matters for the goal: the reason there was no plan
// may be gone.
func (a *Agent) retryEarly(g *goalSlot) {
	if g.retry.waiting(a.now) && g.Target.Affected(g.failedAt, a.bb.state) {
		g.retry.reset()
	}
}

// evaluate updates every goal.
func (a *Agent) evaluate() {
	for i := range a.goals {
		a.evaluateGoal(i)
	}
}

// candidate reports whether goal i may be chosen now: valid, relevant,
// not met and not waiting (see also graced).
func (a *Agent) candidate(i int) bool {
	g := &a.goals[i]
	return g.eligible && !g.retry.waiting(a.now) && !g.flap.waiting(a.now)
}

// graced reports whether goal i is the current goal, invalid for no
// longer than Config.ValidityGrace and otherwise a candidate: it keeps
// its place meanwhile.
func (a *Agent) graced(i int) bool {
	g := &a.goals[i]
	return i == a.goal && !g.valid && a.cfg.validityGrace > 0 && a.now-g.invalidSince+timeEps < a.cfg.validityGrace &&
		g.relevant && !g.met && !g.retry.waiting(a.now) && !g.flap.waiting(a.now)
}

// pending reports whether goal i would be pursued but waits for a retry.
func (a *Agent) pending(i int) bool {
	g := &a.goals[i]
	return g.valid && g.relevant && !g.met && (g.retry.waiting(a.now) || g.flap.waiting(a.now))
}

// choose returns the goal to pursue after an evaluation, or -1. The best
// scoring candidate wins (the earlier goal on ties), but the incumbent,
// the goal being pursued, keeps its place unless the best beats it by
// more than the margin. The fallback goal is chosen only when no other
// goal is a candidate and some wait for a retry.
func (a *Agent) choose(incumbent int) int {
	if a.cfg.obedient {
		return a.obeyed()
	}
	best := -1
	for i := range a.goals {
		g := &a.goals[i]
		if !g.fallback && a.candidate(i) && (best < 0 || g.score > a.goals[best].score) {
			best = i
		}
	}
	if best < 0 {
		if incumbent >= 0 && a.graced(incumbent) {
			return incumbent
		}
		// Whether goals wait is asked only now: most choices find a
		// candidate.
		if a.cfg.fallbackGoal >= 0 && a.candidate(a.cfg.fallbackGoal) && a.anyPending() {
			return a.cfg.fallbackGoal
		}
		return -1
	}
	if incumbent >= 0 && incumbent != best && !a.goals[incumbent].fallback && (a.candidate(incumbent) || a.graced(incumbent)) &&
		a.goals[best].score <= a.goals[incumbent].score+a.cfg.margin {
		return incumbent
	}
	return best
}

// anyPending reports whether some goal (other than the fallback goal)
// waits for a retry.
func (a *Agent) anyPending() bool {
	for i := range a.goals {
		if !a.goals[i].fallback && a.pending(i) {
			return true
		}
	}
	return false
}

// goalIndex returns the index of the named goal, or -1.
func (a *Agent) goalIndex(name string) int {
	for i := range a.goals {
		if a.goals[i].name == name {
			return i
		}
	}
	return -1
}

// ErrUnknownGoal is the cause of the error of SetBias and Recommend for a
// name that is not one of the agent's goals: errors.Is matches it.
var ErrUnknownGoal = errors.New("unknown goal")

// SetBias adds bias to the named goal's score from the next evaluation
// on, replacing the previous bias. A commander recommends a goal to its
// units with a positive bias and discourages one with a negative bias
// (Pittman's command hierarchy); the unit stays free to pursue a goal
// that outweighs the recommendation. A negative bias lowers the score:
// goals the goal used to beat now win; a goal with Relevancy is out of
// the choice while its score with the bias is 0 or less, and one scored
// by Priority stays a candidate, chosen when no other is (discouraged,
// not forbidden). Obedient agents (Config.Obedient) take only goals with
// a positive bias. A name that is not one of the agent's goals gives an
// error that matches ErrUnknownGoal.
func (a *Agent) SetBias(goal string, bias float64) error {
	i := a.goalIndex(goal)
	if i < 0 {
		return errorf(a.name, "%w %q", ErrUnknownGoal, goal)
	}
	if math.IsNaN(bias) || math.IsInf(bias, 0) {
		// A NaN score compares false with every other: the goal would
		// win or lose at random, whatever the designer meant.
		return errorf(a.name, "goal %q: bias must be finite, got %v", goal, bias)
	}
	a.goals[i].bias = bias
	return nil
}

// Bias returns the named goal's bias (0 for unknown goals).
func (a *Agent) Bias(goal string) float64 {
	if i := a.goalIndex(goal); i >= 0 {
		return a.goals[i].bias
	}
	return 0
}

// Score returns the named goal's score at its last evaluation.
func (a *Agent) Score(goal string) (float64, bool) {
	if i := a.goalIndex(goal); i >= 0 {
		return a.goals[i].score, true
	}
	return 0, false
}

// pendingText lists the goals that wait for a retry, with the time of
// the retry, for events.
func (a *Agent) pendingText() string {
	var parts []string
	for i := range a.goals {
		g := &a.goals[i]
		if !g.fallback && a.pending(i) {
			parts = append(parts, fmt.Sprintf("%s (retry at %s)", g.name, num(g.retry.until)))
		}
	}
	return strings.Join(parts, ", ")
}

// num renders a score or a time briefly: 160, 0.75, 12.5.
func num(v float64) string { return strconv.FormatFloat(v, 'g', 6, 64) }
