package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"

	"github.com/goap-go/goap"
	"github.com/goap-go/goap/goapfile"
)

// DotCommand runs `goap dot FILE`: a Graphviz graph of the file's actions,
// or with --search-tree of the states a search visits.
type DotCommand struct {
	Stdout, Stderr io.Writer
}

// treeLimit is the most states --search-tree draws.
const treeLimit = 500

// Run runs the command with args (after "dot").
func (c *DotCommand) Run(ctx context.Context, args []string) error {
	fs := newFlagSet("dot")
	maxFile := addMaxFileSize(fs)
	var (
		goal string
		sets setList
		tree bool
		opts goap.Options
	)
	fs.BoolVar(&tree, "search-tree", false, "draw the states a search visits")
	fs.StringVar(&goal, "goal", "", "the goal `NAME` to highlight or plan for")
	fs.Var(&sets, "set", "override a start value: `fact=value` (repeatable)")
	fs.Var(directionFlag{&opts.Direction}, "search", "search `direction` for --search-tree: auto, forward or backward")
	fs.Var(heuristicFlag{&opts.Heuristic}, "heuristic", "`estimate` for --search-tree")
	files, help, err := parse(fs, "dot", args, c.Stdout)
	if help || err != nil {
		return err
	}
	f, err := loadOne("dot", files, *maxFile)
	if err != nil {
		return err
	}
	start, err := applySets("dot", f, sets)
	if err != nil {
		return err
	}
	var target *goap.Target
	if tree || goal != "" {
		if target, err = pickGoal("dot", f, goal); err != nil {
			return err
		}
	} else {
		target = f.Goal
	}
	w := bufio.NewWriter(c.Stdout)
	if tree {
		writeSearchTree(ctx, w, f, start, target, opts)
	} else {
		writeActionGraph(w, f, start, target)
	}
	return w.Flush()
}

// dotID quotes s as a DOT identifier or label: in double quotes, with
// backslashes and quotes escaped and line breaks as \n.
func dotID(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch r {
		case '"', '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case '\n':
			b.WriteString(`\n`)
		case '\r':
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// attrs renders DOT attributes, leaving out empty values; keys come in
// the order given.
func attrs(kv ...string) string {
	var parts []string
	for i := 0; i+1 < len(kv); i += 2 {
		if kv[i+1] != "" {
			parts = append(parts, kv[i]+"="+dotID(kv[i+1]))
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return " [" + strings.Join(parts, ", ") + "]"
}

// edgeStyle labels a condition or effect value and says whether its edge
// is dashed: plain true is unlabelled; false, != and "set false" are
// dashed.
func edgeStyle(v any) (label string, dashed bool) {
	switch v := v.(type) {
	case bool:
		if v {
			return "", false
		}
		return "false", true
	case goap.Compare:
		if b, ok := v.Value.(bool); ok && (v.Op == goap.OpEq || v.Op == goap.OpNe) {
			return edgeStyle(b == (v.Op == goap.OpEq))
		}
		return fmt.Sprintf("%v %v", v.Op, v.Value), v.Op == goap.OpNe
	case goap.Delta:
		return fmt.Sprintf("%+d", v.N), false
	}
	return fmt.Sprintf("= %v", v), false
}

// writeActionGraph draws facts, actions and goals with their
// preconditions, effects and desired conditions.
func writeActionGraph(w io.Writer, f *goapfile.File, start goap.State, goal *goap.Target) {
	d := f.Domain
	def := d.NewState()
	fmt.Fprintf(w, "digraph %s {\n", dotID(f.Name))
	fmt.Fprintln(w, "\trankdir=LR;")
	fmt.Fprintln(w, `	node [fontname="Helvetica"];`)
	fmt.Fprintln(w, `	edge [fontname="Helvetica", fontsize=10];`)
	fmt.Fprintln(w, "\t// facts; shaded when the start state sets them")
	for id := 0; id < d.NumFacts(); id++ {
		fid := goap.FactID(id)
		fact := d.Fact(fid)
		label, style := fact.Name, ""
		if start.Get(fid) != def.Get(fid) || fact.Kind == goap.BoolFact && start.Bool(fid) {
			v, _ := start.Value(fact.Name)
			style = "filled"
			if fact.Kind != goap.BoolFact {
				label = fmt.Sprintf("%s\nstart %v", fact.Name, v)
			}
		}
		fmt.Fprintf(w, "\t%s%s;\n", dotID("fact:"+fact.Name), attrs("label", label, "shape", "ellipse", "style", style, "fillcolor", ifThen(style != "", "lightblue")))
	}
	// Lifted actions are drawn bound, one box per binding, as planned.
	ground, err := goap.Ground(f.Spec)
	if err != nil {
		ground = f.Spec // the file compiled: cannot happen
	}
	fmt.Fprintln(w, "\t// actions")
	for i := range ground.Actions {
		a := &ground.Actions[i]
		fmt.Fprintf(w, "\t%s%s;\n", dotID("action:"+a.Name), attrs("label", fmt.Sprintf("%s\ncost %s", a.Name, formatCost(a.Cost)), "shape", "box"))
	}
	goals := d.Goals()
	if goal != nil && !containsTarget(goals, goal) {
		goals = append(goals, goal)
	}
	if len(goals) > 0 {
		fmt.Fprintln(w, "\t// goals; bold: the goal planned for")
	}
	for _, g := range goals {
		fmt.Fprintf(w, "\t%s%s;\n", goalID(d, g), attrs("label", g.Name(), "shape", "octagon", "style", ifThen(g == goal, "bold")))
	}
	fmt.Fprintln(w, "\t// preconditions: fact -> action; effects: action -> fact")
	for i := range ground.Actions {
		a := &ground.Actions[i]
		for _, name := range slices.Sorted(maps.Keys(a.Pre)) {
			label, dashed := edgeStyle(a.Pre[name])
			fmt.Fprintf(w, "\t%s -> %s%s;\n", dotID("fact:"+name), dotID("action:"+a.Name), attrs("label", label, "style", ifThen(dashed, "dashed")))
		}
		for _, name := range slices.Sorted(maps.Keys(a.Effects)) {
			label, dashed := edgeStyle(a.Effects[name])
			fmt.Fprintf(w, "\t%s -> %s%s;\n", dotID("action:"+a.Name), dotID("fact:"+name), attrs("label", label, "style", ifThen(dashed, "dashed")))
		}
	}
	if len(goals) > 0 {
		fmt.Fprintln(w, "\t// desired conditions: fact -> goal")
	}
	specGoals := map[string]goap.Goal{}
	for _, g := range f.Spec.Goals {
		specGoals[g.Name] = g
	}
	for _, g := range goals {
		if sg, ok := specGoals[g.Name()]; ok && containsTarget(d.Goals(), g) {
			for _, name := range slices.Sorted(maps.Keys(sg.Desired)) {
				label, dashed := edgeStyle(sg.Desired[name])
				fmt.Fprintf(w, "\t%s -> %s%s;\n", dotID("fact:"+name), goalID(d, g), attrs("label", label, "style", ifThen(dashed, "dashed")))
			}
			continue
		}
		// Conditions the file gives as goal: are only known compiled.
		for _, c := range g.Conds() {
			fact := d.Fact(c.Fact())
			name, text := fact.Name, c.String()
			if alwaysHolds(c, fact) {
				text = name // no label: any value will do
			}
			label, dashed := strings.TrimPrefix(text, name), false
			switch {
			case text == "!"+name:
				label, dashed = "false", true
			case strings.HasPrefix(label, "!="):
				dashed = true
			}
			fmt.Fprintf(w, "\t%s -> %s%s;\n", dotID("fact:"+name), goalID(d, g), attrs("label", label, "style", ifThen(dashed, "dashed")))
		}
	}
	fmt.Fprintln(w, "}")
}

// alwaysHolds reports whether every value of fact f meets c.
func alwaysHolds(c goap.Cond, f goap.Fact) bool {
	for v := f.Min; v <= f.Max; v++ {
		if !c.Holds(v) {
			return false
		}
	}
	return true
}

// goalID is the node ID of a goal: one of the domain's, or conditions
// compiled from the file's goal:.
func goalID(d *goap.Domain, g *goap.Target) string {
	if containsTarget(d.Goals(), g) {
		return dotID("goal:" + g.Name())
	}
	return dotID("conditions:" + g.Name())
}

func ifThen(cond bool, s string) string {
	if cond {
		return s
	}
	return ""
}

func containsTarget(list []*goap.Target, t *goap.Target) bool {
	return indexTarget(list, t) >= 0
}

func indexTarget(list []*goap.Target, t *goap.Target) int {
	for i, x := range list {
		if x == t {
			return i
		}
	}
	return -1
}
