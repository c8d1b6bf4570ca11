package agent

import "github.com/goap-go/goap"

// Inspection is what an agent is thinking, for debuggers (package
// debugger records one per decision): its belief, every goal's score and
// what it is made of, the goal pursued, the plan and how far it got.
type Inspection struct {
	Tick int
	Time float64
	// Phase is what the agent is doing; Goal names the goal pursued ("" when
	// none); Plan is the plan (or the fallback action), Step the index of
	// the step it is on, and Started whether that step has started.
	Phase   Phase
	Goal    string
	Plan    []goap.ActionID
	Step    int
	Started bool
	// Goals are the goal set at its last evaluation, in precedence order.
	Goals []GoalInspection
	// Belief is a copy of the blackboard's state.
	Belief goap.State
	Stats  Stats
}

// GoalInspection is one goal at its last evaluation: the score and why.
type GoalInspection struct {
	Name string
	// Score = Base + Bias: Base is the priority, or the relevancy when the
	// goal has a relevancy function or rules (HasRelevancy).
	Score, Base, Bias float64
	HasRelevancy      bool
	// Rule, for a goal scored by Rules, names the rule that gave Base
	// (Rule.Name), or says that none held: "no rule holds". "" for
	// other goals.
	Rule string
	// Valid, Relevant and Met are the last evaluation's; a goal is a
	// candidate when valid and relevant, not met, and not waiting.
	Valid, Relevant, Met bool
	// RetryAt is when a goal that found no plan (or flickered invalid)
	// may be tried again; 0 when it does not wait.
	RetryAt float64
	// Fallback marks the fallback goal; Ordered a goal under an order
	// (Recommend).
	Fallback, Ordered bool
}

// noRule is GoalInspection.Rule when none of a goal's rules holds.
const noRule = "no rule holds"

// SearchTree returns the nodes of the agent's last finished search (see
// goap.Search.Tree), or nil when its planner has started another search
// since. It allocates: it is for debuggers, right after the plan_made
// event of the search.
func (a *Agent) SearchTree() []goap.TreeNode {
	if !a.planning.last.Valid() {
		return nil
	}
	return a.planning.last.Tree()
}

// SearchTreeInto is SearchTree in dst's memory (see
// goap.Search.TreeInto): a caller passing back the slice it got
// allocates nothing once it has grown to the trees' size. It returns
// dst[:0] when the planner has started another search since.
func (a *Agent) SearchTreeInto(dst []goap.TreeNode) []goap.TreeNode {
	if !a.planning.last.Valid() {
		return dst[:0]
	}
	return a.planning.last.TreeInto(dst)
}

// Inspect fills in with the agent's state, reusing in's memory: once its
// slices and belief have grown to the agent's size, Inspect allocates
// nothing.
func (a *Agent) Inspect(in *Inspection) {
	in.Tick, in.Time, in.Phase, in.Stats = a.tick, a.now, a.Phase(), a.stats
	in.Goal = ""
	if a.goal >= 0 {
		in.Goal = a.goals[a.goal].name
	}
	in.Plan = append(in.Plan[:0], a.run.plan...)
	in.Step, in.Started = a.run.step, a.act.started
	in.Goals = in.Goals[:0]
	for i := range a.goals {
		g := &a.goals[i]
		retry := 0.0
		if g.retry.waiting(a.now) {
			retry = g.retry.until
		}
		if g.flap.waiting(a.now) {
			retry = max(retry, g.flap.until)
		}
		rule := ""
		if len(g.Rules) > 0 && g.Relevancy == nil {
			rule = noRule
			if g.rule >= 0 && g.rule < len(g.Rules) {
				rule = g.Rules[g.rule].Name
			}
		}
		in.Goals = append(in.Goals, GoalInspection{
			Name: g.name, Score: g.score, Base: g.score - g.bias, Bias: g.bias, HasRelevancy: g.scored(), Rule: rule,
			Valid: g.valid, Relevant: g.relevant, Met: g.met, RetryAt: retry,
			Fallback: g.fallback, Ordered: g.order.report != nil,
		})
	}
	if in.Belief.IsZero() || in.Belief.Domain() != a.d {
		in.Belief = a.bb.state.Clone()
	} else {
		in.Belief.CopyFrom(a.bb.state)
	}
}
