package agent

// Orders: the unit's side of Pittman's command hierarchy. A commander
// recommends a goal of the unit's goal set by biasing it (Recommend); the
// unit reports back what becomes of the recommendation: it picked the
// goal, completed it, found its belief already met it, failed it, or
// declined it for a goal of its own. Package squad builds the commander's
// side (ordering actions that wait for the reports) on top of this.

// ReportKind says what a unit reports about a recommended goal.
type ReportKind uint8

// Report kinds.
const (
	// Picked: the unit chose the goal and pursues it.
	Picked ReportKind = iota + 1
	// Completed: the unit's belief meets the goal after it was picked.
	Completed
	// AlreadySatisfied: the unit's belief met the goal before it picked
	// it (when the order came, or since): there is nothing to do.
	AlreadySatisfied
	// Failed: the unit cannot pursue the goal: no plan reaches it, or it
	// is not valid or not relevant for the unit.
	Failed
	// Declined: an autonomous unit chose another goal, whose score beat
	// the recommended one's with its bias. It may still pick the goal
	// later (when its own goal is done, or has no plan), and then reports
	// again.
	Declined
)

var reportNames = [...]string{Picked: "picked", Completed: "completed", AlreadySatisfied: "already_satisfied", Failed: "failed", Declined: "declined"}

// String returns the kind's name, e.g. "picked".
func (k ReportKind) String() string {
	if int(k) < len(reportNames) && reportNames[k] != "" {
		return reportNames[k]
	}
	return "ReportKind(" + num(float64(k)) + ")"
}

// Final reports whether no further report follows a report of this kind
// (all but Picked and Declined).
func (k ReportKind) Final() bool { return k != Picked && k != Declined }

// Report is a unit's word on a recommended goal.
type Report struct {
	Unit *Agent
	Goal string
	Kind ReportKind
}

// order is a recommendation a goal of the agent is under.
type order struct {
	report   func(Report)
	picked   bool // Picked was sent
	declined bool // Declined was sent, and not Picked since
	done     bool // a final report was sent
}

// Recommend biases the named goal by bias (replacing its bias) and has
// the agent report on it to report until Withdraw: when it picks the goal
// (Picked), when its belief then meets it (Completed), and, once, why it
// does not pursue it (AlreadySatisfied, Failed, Declined). A goal the
// belief already meets is reported AlreadySatisfied at once, within this
// call: a commander waiting for the report would otherwise wait for its
// timeout. report may be nil (a bias alone). Reports are made from within
// Recommend and Update, so a report function must not call Update. An
// unknown goal gives SetBias's error (ErrUnknownGoal).
func (a *Agent) Recommend(goal string, bias float64, report func(Report)) error {
	if err := a.SetBias(goal, bias); err != nil {
		return err
	}
	i := a.goalIndex(goal)
	g := &a.goals[i]
	if g.order.report == nil && report != nil {
		a.orders++
	} else if g.order.report != nil && report == nil {
		a.orders--
	}
	g.order = order{report: report}
	a.eval.force = true // weigh the recommendation at the next update
	switch {
	case report != nil && a.mode == modeStopped:
		a.tell(i, Failed) // a stopped unit pursues nothing
	case report != nil && a.bb.state.Satisfies(g.Target):
		a.tell(i, AlreadySatisfied)
	}
	return nil
}

// Withdraw ends the recommendation of the named goal: its bias returns to
// 0 and the agent stops reporting on it.
func (a *Agent) Withdraw(goal string) {
	if i := a.goalIndex(goal); i >= 0 {
		if a.goals[i].order.report != nil {
			a.orders--
		}
		a.goals[i].bias = 0
		a.goals[i].order = order{}
		a.eval.force = true
	}
}

// tell sends report kind k for goal i, if the goal is under an order that
// still reports.
func (a *Agent) tell(i int, k ReportKind) {
	o := &a.goals[i].order
	if o.report == nil || o.done || k == Picked && o.picked || k == Declined && o.declined {
		return
	}
	switch k {
	case Picked:
		o.picked, o.declined = true, false
	case Declined:
		o.declined = true
	default:
		o.done = true
	}
	o.report(Report{Unit: a, Goal: a.goals[i].name, Kind: k})
}

// settleOrders reports, after the agent chose goal chosen (-1: none), on
// the recommended goals it did not choose: met ones are done, others it
// could pursue were declined, and the rest failed.
func (a *Agent) settleOrders(chosen int) {
	if a.orders != 0 { // small enough to inline: most agents have no orders
		a.reportOrders(chosen)
	}
}

// reportOrders is settleOrders for an agent under orders.
func (a *Agent) reportOrders(chosen int) {
	for i := range a.goals {
		g := &a.goals[i]
		if g.order.report == nil || g.order.done {
			continue
		}
		if i == chosen {
			if i == a.goal {
				a.tell(i, Picked) // it was pursuing the goal already
			}
			continue
		}
		switch {
		case g.met && g.order.picked:
			a.tell(i, Completed)
		case g.met:
			a.tell(i, AlreadySatisfied)
		case a.candidate(i) && !g.order.picked:
			a.tell(i, Declined)
		case !g.order.picked && !a.pending(i):
			a.tell(i, Failed) // not valid, or not relevant
		}
	}
}

// obeyed returns, for an obedient (non-autonomous) agent, the candidate
// goal with the greatest positive bias (the earlier goal on ties), or -1.
func (a *Agent) obeyed() int {
	best := -1
	for i := range a.goals {
		g := &a.goals[i]
		if g.bias > 0 && a.candidate(i) && (best < 0 || g.bias > a.goals[best].bias) {
			best = i
		}
	}
	return best
}
