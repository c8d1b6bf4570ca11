package agent

import (
	"errors"
	"math"
	"slices"
	"sort"
	"strings"

	"github.com/goap-go/goap"
)

// actionConfig is what Config says of actions by name: New looks the
// names up in its domain, and SetDomain again in the new one.
type actionConfig struct {
	actions   []string
	behaviors map[string]Behavior
	fallback  string
	standIns  []string // per goal slot: Goal.StandIn
	goals     []string // per goal slot: its name
	exclude   []string // Options.Exclude, by name
}

// tables looks the names up in d. bad, when not nil, reports a name d
// does not know; with bad nil (SetDomain), such names are skipped: they
// belonged to objects that were removed.
func (c *actionConfig) tables(d *goap.Domain, def Behavior, bad func(string, ...any)) (t actionTables, fallback goap.ActionID, hasFallback bool) {
	n := d.NumActions()
	t.def = def
	t.outside = make([]bool, n)
	for i := range n {
		t.outside[i] = c.actions != nil || d.ActionRemoved(goap.ActionID(i))
	}
	// A name stands for one action, or for every ground action of a
	// lifted one ("Shoot": Shoot(r1), Shoot(r2)).
	lookupAll := func(what, name string) []goap.ActionID {
		ids := d.ActionsNamed(name)
		if ids == nil && bad != nil {
			bad("unknown action %q in %s%s", name, what, didYouMean(name, actionNames(d)))
		}
		return ids
	}
	for _, name := range c.actions {
		for _, id := range lookupAll("Actions", name) {
			t.outside[id] = false
		}
	}
	for _, name := range c.exclude {
		if id, ok := d.ActionID(name); ok {
			t.outside[id] = true
		}
	}
	names := make([]string, 0, len(c.behaviors))
	for name := range c.behaviors {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		b := c.behaviors[name]
		for _, id := range lookupAll("Behaviors", name) {
			if t.behaviors == nil {
				t.behaviors = map[goap.ActionID]*Behavior{}
			}
			// Names are sorted, so "Shoot(r1)" comes after "Shoot":
			// a ground action's own behavior wins over its lifted one's.
			t.behaviors[id] = &b
		}
	}
	one := func(what, name string) (goap.ActionID, bool) {
		ids := lookupAll(what, name)
		if len(ids) > 1 && bad != nil {
			bad("%s names the lifted action %s, which stands for %d actions: name one, such as %s", what, name, len(ids), d.ActionName(ids[0]))
			return 0, false
		}
		return firstOf(ids)
	}
	if c.fallback != "" {
		fallback, hasFallback = one("Fallback", c.fallback)
	}
	t.standIn = make([]goap.ActionID, len(c.standIns))
	for i, name := range c.standIns {
		t.standIn[i] = -1
		if name == "" {
			continue
		}
		if id, ok := one("the StandIn of goal "+c.goals[i], name); ok {
			t.standIn[i] = id
		}
	}
	t.domainTables = tablesOf(d)
	return t, fallback, hasFallback
}

// ErrDomainGoals is wrapped by SetDomain's error when the new domain lacks
// one of the agent's goals.
var ErrDomainGoals = errors.New("the domain lacks a goal of the agent")

// SetDomain switches the agent to d, typically what goap.Domain.WithObjects
// made of its domain when objects came or went. Everything the agent
// holds by ID follows by name: its belief (goap.Domain.Convert: the facts
// of removed objects are gone, new ones take their defaults, confidences
// and write times stay with their facts), its goals (d's goals of the
// same names: every goal of the agent must be one of d's), its plan, its
// behaviors, action set, fallback and back-offs.
//
// When the rest of the plan uses an action d does not have (a ground
// action of a removed object: "Shoot(r1)" once r1 is removed), the agent
// emits object_removed for each removed object the plan used, with the
// first such action, then drops the plan as for any invalidation
// (plan_invalidated, aborting the running action) and plans again at
// the next Update. A search under way starts over in d.
//
// Call it between Updates, never from a handler, sensor or goal function
// (it panics as Update does when it finds the agent updating).
func (a *Agent) SetDomain(d *goap.Domain) error {
	if d == nil {
		return errorf(a.name, "SetDomain: the domain is nil")
	}
	a.enter()
	defer a.busy.Store(false)
	old := a.d
	if d == old {
		return nil
	}
	targets := make([]*goap.Target, len(a.goals))
	var missing []string
	for i := range a.goals {
		t, ok := d.Goal(a.goals[i].name)
		if !ok {
			missing = append(missing, a.goals[i].name)
		}
		targets[i] = t
	}
	if len(missing) > 0 {
		return errorf(a.name, "SetDomain: %w: %s", ErrDomainGoals, strings.Join(missing, ", "))
	}

	// The plan, in d's IDs; a step d lacks ends it.
	plan := make([]goap.ActionID, 0, len(a.run.plan))
	var lost goap.ActionID = -1
	for i, id := range a.run.plan {
		nid, ok := d.ActionID(old.ActionName(id))
		if !ok && i >= a.run.step && lost < 0 {
			lost = id
		}
		plan = append(plan, nid)
	}
	if lost >= 0 {
		live := map[string]bool{}
		for _, o := range d.Objects() {
			live[o.Name] = true
		}
		_, args := old.Binding(lost)
		goal := ""
		if a.goal >= 0 && a.mode != modeFallback {
			goal = a.goals[a.goal].name
		}
		var removed []string
		for _, id := range a.run.plan[a.run.step:] {
			_, args := old.Binding(id)
			for _, o := range args {
				if !live[o] && !slices.Contains(removed, o) {
					removed = append(removed, o)
				}
			}
		}
		for _, o := range removed {
			reason := "object " + o + " was removed"
			if !slices.Contains(args, o) {
				reason += " (a later step uses it)"
			}
			a.emit(EventObjectRemoved, goal, old.ActionName(lost), nil, reason)
		}
		a.drop(a.text("the plan uses %s, which the domain no longer has", old.ActionName(lost)))
		plan = plan[:0]
	}

	// The belief, by fact name.
	bb := a.bb
	n := d.NumFacts()
	conf, at, seq := make([]float64, n), make([]float64, n), make([]uint64, n)
	for i := range n {
		conf[i], at[i] = 1, math.NaN()
		if d.FactRemoved(goap.FactID(i)) {
			continue
		}
		if oid, ok := old.FactID(d.Fact(goap.FactID(i)).Name); ok {
			conf[i], at[i], seq[i] = bb.conf[oid], bb.at[oid], bb.seq[oid]
		}
	}
	bb.d, bb.state, bb.conf, bb.at, bb.seq = d, d.Convert(bb.state), conf, at, seq
	bb.changes++ // the plan is checked against the new belief

	var bans []backoff
	if a.bans != nil {
		bans = make([]backoff, d.NumActions())
		for id, b := range a.bans {
			if nid, ok := d.ActionID(old.ActionName(goap.ActionID(id))); ok {
				bans[nid] = b
			}
		}
	}
	a.tables, a.cfg.fallback, a.cfg.hasFallback = a.cfg.names.tables(d, a.tables.def, nil)
	a.bans = bans
	for i := range a.goals {
		g := &a.goals[i]
		g.Target = targets[i]
		g.failedAt = d.Convert(g.failedAt)
	}
	a.d = d
	opts := a.planner.Options
	opts.Exclude = nil
	a.planner = goap.NewPlanner(d)
	a.planner.Options = opts
	a.run.plan = plan
	a.run.from = d.Convert(a.run.from)
	a.act.before, a.act.after = d.Convert(a.act.before), d.Convert(a.act.after)
	a.scratch, a.scratch2 = d.NewState(), d.NewState()
	a.planning.from = d.Convert(a.planning.from)
	a.planning.last = goap.Search{}
	a.planning.exclude = a.planning.exclude[:0]
	if a.planning.search.Valid() {
		a.startSearch(a.planning.goal)
	}
	a.eval.force = true
	return nil
}
