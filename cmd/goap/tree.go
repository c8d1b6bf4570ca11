package main

import (
	"context"
	"fmt"
	"io"
	"math"

	"github.com/goap-go/goap"
	"github.com/goap-go/goap/goapfile"
)

// searchTree runs a search until it ends or has expanded limit states,
// and returns the nodes it expanded (and the goal node) from
// Search.Tree, with the IDs of the nodes on the plan found.
func searchTree(ctx context.Context, pl *goap.Planner, start goap.State, t *goap.Target, limit int) ([]goap.TreeNode, map[int]bool, goap.Result) {
	s := pl.Start(start, t)
	for s.Status() == goap.Running && s.Result().Expanded < limit && ctx.Err() == nil {
		s.Step(1)
	}
	res := s.Result()
	res.Plan = append([]goap.ActionID(nil), res.Plan...)
	all := s.Tree()
	onPlan := map[int]bool{}
	if len(all) > 0 && (res.Status == goap.Found || res.Status == goap.AlreadySatisfied) {
		// Walk the plan down from the root: forward from the start, first
		// action first; backward from the goal, last action first.
		child := map[[2]int]int{}
		for _, n := range all {
			child[[2]int{n.Parent, int(n.Action)}] = n.ID
		}
		at := 0
		onPlan[at] = true
		for i := range res.Plan {
			a := res.Plan[i]
			if res.Direction == goap.Backward {
				a = res.Plan[len(res.Plan)-1-i]
			}
			at = child[[2]int{at, int(a)}]
			onPlan[at] = true
		}
	}
	var nodes []goap.TreeNode
	for _, n := range all {
		// A closed node of infinite estimate is a dead end, not expanded.
		if n.Expanded && !math.IsInf(n.H, 1) || onPlan[n.ID] {
			nodes = append(nodes, n)
		}
	}
	return nodes, onPlan, res
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
		limit = min(limit, opts.MaxExpansions)
	}
	nodes, onPlan, res := searchTree(ctx, pl, start, t, limit)
	backward := res.Direction == goap.Backward
	drawn := map[int]bool{}
	goalNode := -1
	for _, n := range nodes {
		drawn[n.ID] = true
		if onPlan[n.ID] && n.ID != 0 && !n.Expanded || onPlan[n.ID] && len(res.Plan) == 0 {
			goalNode = n.ID
		}
	}

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
		what := "needs " + n.Subgoal
		if !backward {
			what = n.State.String()
		}
		label := fmt.Sprintf("#%d  g=%s h=%s\n%s", n.ID+1, formatCost(n.G), formatCost(n.H), what)
		isGoal := n.ID == goalNode
		fmt.Fprintf(w, "\tn%d%s;\n", n.ID, attrs("label", label,
			"color", ifThen(onPlan[n.ID], "red"), "penwidth", ifThen(onPlan[n.ID], "2"),
			"style", ifThen(isGoal, "filled"), "fillcolor", ifThen(isGoal, "palegreen")))
	}
	for _, n := range nodes {
		if n.Parent < 0 || !drawn[n.Parent] {
			continue
		}
		from, to := n.Parent, n.ID
		if backward {
			// Draw backward edges in execution order too: from the
			// subgoal before the action to the one after it.
			from, to = to, from
		}
		plan := onPlan[n.ID] && onPlan[n.Parent]
		fmt.Fprintf(w, "\tn%d -> n%d%s;\n", from, to, attrs("label", fmt.Sprintf("%s (%s)", d.ActionName(n.Action), formatCost(d.ActionCost(n.Action))),
			"color", ifThen(plan, "red"), "penwidth", ifThen(plan, "2.5"), "style", ifThen(plan, "bold")))
	}
	fmt.Fprintln(w, "}")
}
