package main

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/goap-go/goap"
	"github.com/goap-go/goap/goapfile"
	"github.com/goap-go/goap/internal/lint"
)

// treeNode is a state the search expanded, known by the path of actions
// that leads to it: from the start (forward search) or into the goal
// (backward search).
type treeNode struct {
	path  []goap.ActionID
	order int // expansion order, from 0
}

// searchTrace runs a search one expansion at a time and records the
// nodes it expands, in order, up to limit of them.
//
// The core does not show its search nodes. What it does show is the
// Partial of a running search's Result: the path to the open node it
// will expand next. Reading it before every Step(1) yields the nodes in
// the order they are expanded (the last one is the goal node when a plan
// is found, since a search stops when it takes the goal off the open
// list). Generated nodes that are never expanded, and the costs and
// estimates of nodes, are not available.
func searchTrace(ctx context.Context, pl *goap.Planner, start goap.State, t *goap.Target, limit int) ([]treeNode, goap.Result) {
	s := pl.Start(start, t)
	var nodes []treeNode
	seen := map[string]bool{}
	for s.Status() == goap.Running && len(nodes) < limit && ctx.Err() == nil {
		path := append([]goap.ActionID(nil), s.Result().Partial...)
		if key := pathKey(path); !seen[key] {
			seen[key] = true
			nodes = append(nodes, treeNode{path: path, order: len(nodes)})
		}
		s.Step(1)
	}
	res := s.Result()
	res.Plan = append([]goap.ActionID(nil), res.Plan...)
	if len(nodes) == 0 {
		nodes = append(nodes, treeNode{}) // the start (or goal) alone
	}
	return nodes, res
}

// pathKey identifies a path of actions.
func pathKey(path []goap.ActionID) string {
	var b strings.Builder
	for _, a := range path {
		fmt.Fprintf(&b, "%d,", a)
	}
	return b.String()
}

// writeSearchTree draws the nodes a search expands: forward, each node is
// labelled with its state; backward, with the conditions still to meet.
// The plan found is drawn in bold red, the goal node in green.
func writeSearchTree(ctx context.Context, w io.Writer, f *goapfile.File, start goap.State, t *goap.Target, opts goap.Options) {
	d := f.Domain
	pl := goap.NewPlanner(d)
	pl.Options = opts
	limit := treeLimit
	if opts.MaxExpansions > 0 {
		limit = min(limit, opts.MaxExpansions+1)
	}
	nodes, res := searchTrace(ctx, pl, start, t, limit)
	backward := res.Direction == goap.Backward

	// parentKey and the action on the edge into a node.
	parentOf := func(path []goap.ActionID) ([]goap.ActionID, goap.ActionID) {
		if backward {
			return path[1:], path[0]
		}
		return path[:len(path)-1], path[len(path)-1]
	}
	onPlan := map[string]bool{}
	if res.Status == goap.Found || res.Status == goap.AlreadySatisfied {
		for i := 0; i <= len(res.Plan); i++ {
			if backward {
				onPlan[pathKey(res.Plan[i:])] = true
			} else {
				onPlan[pathKey(res.Plan[:i])] = true
			}
		}
	}
	ids := map[string]string{}
	for _, n := range nodes {
		ids[pathKey(n.path)] = fmt.Sprintf("n%d", n.order)
	}
	goalConds := regressGoal(f, t)

	fmt.Fprintf(w, "digraph %s {\n", dotID(f.Name+" search"))
	summary := fmt.Sprintf("%s search for %s: %s", res.Direction, describeGoal(f, t), res.Status)
	if res.Status == goap.Found {
		summary += fmt.Sprintf(", cost %s in %s", formatCost(res.Cost), plural(len(res.Plan), "step"))
	}
	summary += fmt.Sprintf("\n%s expanded", plural(res.Expanded, "state"))
	if res.Status == goap.Running {
		summary += fmt.Sprintf(" (drawing stopped at %d)", limit)
	}
	fmt.Fprintf(w, "\tlabel=%s;\n\tlabelloc=t;\n", dotID(summary))
	fmt.Fprintln(w, `	node [shape=box, fontname="Helvetica", fontsize=10];`)
	fmt.Fprintln(w, `	edge [fontname="Helvetica", fontsize=9];`)
	for _, n := range nodes {
		key := pathKey(n.path)
		g := 0.0
		for _, a := range n.path {
			g += d.ActionCost(a)
		}
		var what string
		if backward {
			what = "needs " + regress(f, goalConds, n.path)
		} else {
			s := start.Clone()
			for _, a := range n.path {
				d.Apply(s, a)
			}
			what = s.String()
		}
		label := fmt.Sprintf("#%d  g=%s\n%s", n.order+1, formatCost(g), what)
		isGoal := onPlan[key] && len(n.path) == len(res.Plan)
		fmt.Fprintf(w, "\t%s%s;\n", ids[key], attrs("label", label,
			"color", ifThen(onPlan[key], "red"), "penwidth", ifThen(onPlan[key], "2"),
			"style", ifThen(isGoal, "filled"), "fillcolor", ifThen(isGoal, "palegreen")))
	}
	for _, n := range nodes {
		if len(n.path) == 0 {
			continue
		}
		parent, a := parentOf(n.path)
		pid, ok := ids[pathKey(parent)]
		if !ok {
			continue
		}
		key := pathKey(n.path)
		from, to := pid, ids[key]
		if backward {
			// Draw backward edges in execution order too: from the
			// subgoal before the action to the one after it.
			from, to = to, from
		}
		plan := onPlan[key] && onPlan[pathKey(parent)]
		fmt.Fprintf(w, "\t%s -> %s%s;\n", from, to, attrs("label", fmt.Sprintf("%s (%s)", d.ActionName(a), formatCost(d.ActionCost(a))),
			"color", ifThen(plan, "red"), "penwidth", ifThen(plan, "2.5"), "style", ifThen(plan, "bold")))
	}
	fmt.Fprintln(w, "}")
}

// regressGoal returns the goal's conditions as required values by fact,
// for backward search (which runs only when each condition names one
// value).
func regressGoal(f *goapfile.File, t *goap.Target) map[goap.FactID]int {
	out := map[goap.FactID]int{}
	for _, c := range lint.TargetConds(t) {
		min := f.Domain.Fact(c.Fact).Min
		for i, h := range c.Holds {
			if h {
				out[c.Fact] = min + i
				break
			}
		}
	}
	return out
}

// regress describes the conditions that remain when the goal is
// regressed through the actions of path, last action first: each action
// removes the conditions its effects meet and adds its preconditions.
func regress(f *goapfile.File, goal map[goap.FactID]int, path []goap.ActionID) string {
	d := f.Domain
	conds := make(map[goap.FactID]int, len(goal))
	for k, v := range goal {
		conds[k] = v
	}
	for i := len(path) - 1; i >= 0; i-- {
		a := &f.Spec.Actions[path[i]]
		for name := range a.Effects {
			if id, ok := d.FactID(name); ok {
				delete(conds, id)
			}
		}
		for name, c := range a.Pre {
			id, ok := d.FactID(name)
			if !ok {
				continue
			}
			if cmp, isCmp := c.(goap.Compare); isCmp {
				c = cmp.Value
			}
			if v, ok := lint.Value(d.Fact(id), c); ok {
				conds[id] = v
			}
		}
	}
	var parts []string
	for id := 0; id < d.NumFacts(); id++ {
		v, ok := conds[goap.FactID(id)]
		if !ok {
			continue
		}
		fact := d.Fact(goap.FactID(id))
		switch {
		case fact.Kind == goap.BoolFact && v == 1:
			parts = append(parts, fact.Name)
		case fact.Kind == goap.BoolFact:
			parts = append(parts, "!"+fact.Name)
		case fact.Kind == goap.EnumFact && v >= 0 && v < len(fact.Values):
			parts = append(parts, fact.Name+"="+fact.Values[v])
		default:
			parts = append(parts, fmt.Sprintf("%s=%d", fact.Name, v))
		}
	}
	return "{" + strings.Join(parts, " ") + "}"
}
