package main

import (
	"fmt"
	"maps"
	"os"
	"slices"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/goap-go/goap"
	"github.com/goap-go/goap/pddl"
)

// The lifted designer file that goap pddl --export writes: what it holds
// and how it is rendered as YAML.

// liftedFile is the export, ready to render.
type liftedFile struct {
	name    string
	l       *lifter
	actions []*liftedAction
	numbers []number // numbers:, sorted
	facts   []string // stand-in booleans to declare
	start   []string
	goal    []cond
	// ground counts the ground actions goap makes of the file.
	ground int
}

// liftTask builds the lifted export of a task, or says why it cannot.
func liftTask(d *pddl.Domain, pr *pddl.Problem, task *pddl.Task) (*liftedFile, error) {
	l := newLifter(d, pr)
	var acts []*liftedAction
	for _, a := range d.Actions {
		as, err := l.action(a)
		if err != nil {
			return nil, err
		}
		// Only actions (and cases) that some ground action reachable in
		// PDDL's relaxation falls in can ever be used.
		for _, v := range as {
			if slices.ContainsFunc(task.Ground, v.covers) {
				acts = append(acts, v)
			}
		}
	}
	// Ground the file as goap will, until every action has a binding and
	// every cost a value: leave out cases no binding uses, and guard costs
	// with has-f where a binding lacks a value.
	var dom *goap.Domain
	for round := 0; ; round++ {
		missing := map[string]map[string]bool{}
		var err error
		dom, err = goap.NewDomain(l.spec(acts, missing))
		if err != nil {
			return nil, fmt.Errorf("goap does not compile the lifted actions: %w", err)
		}
		changed := false
		var kept []*liftedAction
		for _, a := range acts {
			if len(dom.ActionsNamed(a.name)) == 0 {
				changed = true
				continue
			}
			for _, f := range a.funcs {
				if !missing[a.name][f.Pred] {
					continue
				}
				g, ok := l.hasGuard[f.Pred]
				if !ok {
					g = l.freshName("has-" + f.Pred)
					l.hasGuard[f.Pred] = g
					for _, k := range sortedValueKeys(pr, f.Pred) {
						l.extra[g] = append(l.extra[g], atomKey(g, k))
					}
				}
				l.useStatic(g)
				if n := len(a.pre); len(f.Args) > 0 {
					a.pre, _ = addCond(a.pre, atomKey(g, f.Args), true)
					changed = changed || len(a.pre) > n
				}
			}
			kept = append(kept, a)
		}
		acts = kept
		if !changed {
			break
		}
		if round == 3 {
			return nil, fmt.Errorf("the cost guards do not settle")
		}
	}
	f := &liftedFile{name: task.Spec.Name, l: l, actions: acts, ground: dom.NumActions()}
	// Static relations only the dropped actions tested go too.
	var keep []string
	for _, pred := range l.statics {
		for _, a := range acts {
			if slices.ContainsFunc(a.pre, func(c cond) bool { return strings.HasPrefix(c.key, pred+"(") }) {
				keep = append(keep, pred)
				break
			}
		}
	}
	l.statics = keep
	used := map[string]bool{}
	for _, a := range acts {
		for _, fn := range a.funcs {
			used[fn.Pred] = true
		}
	}
	for _, k := range slices.Sorted(maps.Keys(pr.Values)) {
		if fs := strings.Fields(k); used[fs[0]] {
			f.numbers = append(f.numbers, number{atomKey(fs[0], fs[1:]), pr.Values[k]})
		}
	}
	known := func(k string) bool { _, ok := dom.FactID(k); return ok }
	for _, a := range pr.Init {
		if k := atomKey(a.Pred, a.Args); l.fluent[a.Pred] && known(k) {
			f.start = append(f.start, k)
		}
	}
	never := false
	for _, g := range pr.Goal {
		k := atomKey(g.Pred, g.Args)
		if g.Pred == "=" || !l.fluent[g.Pred] || !known(k) {
			// Equalities, static atoms and atoms no action mentions keep
			// their start value for good.
			holds := l.init[k]
			if g.Pred == "=" {
				holds = g.Args[0] == g.Args[1]
			}
			never = never || holds == g.Neg
			continue
		}
		var ok bool
		if f.goal, ok = addCond(f.goal, k, !g.Neg); !ok {
			never = true
		}
	}
	if never {
		f.goal = []cond{{exportGoalNever, true}}
		f.facts = append(f.facts, exportGoalNever)
	} else if len(f.goal) == 0 {
		f.goal = []cond{{exportGoalHolds, true}}
		f.facts = append(f.facts, exportGoalHolds)
		f.start = append(f.start, exportGoalHolds)
	}
	return f, nil
}

// exportGoalNever stands for a goal that no state meets: a fact no
// action sets and the start leaves false.
const exportGoalNever = "(the goal can never hold)"

// sortedValueKeys returns the argument lists of the values of function
// fn given in :init, in a stable order.
func sortedValueKeys(pr *pddl.Problem, fn string) [][]string {
	var out [][]string
	for _, k := range slices.Sorted(maps.Keys(pr.Values)) {
		f := strings.Fields(k)
		if f[0] == fn {
			out = append(out, f[1:])
		}
	}
	return out
}

// number is an entry of numbers:.
type number struct {
	key string
	val float64
}

// render writes the file as YAML.
func (f *liftedFile) render() ([]byte, error) {
	l := f.l
	root := mapNode()
	put(root, "name", str(f.name))
	objs := mapNode()
	for _, o := range l.objs {
		put(objs, o.Name, str(l.export[o.Type]))
	}
	if len(l.objs) > 0 {
		put(root, "objects", objs)
	}
	if len(l.hier) > 0 {
		// Every type is a key, so that a parent named once is known.
		types := mapNode()
		for _, h := range l.hier {
			v := &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!null", Value: ""}
			if h[1] != "" {
				v = str(h[1])
			}
			put(types, h[0], v)
		}
		put(root, "types", types)
	}
	if atoms := l.staticAtoms(); len(atoms) > 0 {
		st := &yaml.Node{Kind: yaml.SequenceNode}
		for _, a := range atoms {
			st.Content = append(st.Content, str(a))
		}
		put(root, "static", st)
	}
	if len(f.numbers) > 0 {
		nums := mapNode()
		for _, n := range f.numbers {
			put(nums, n.key, &yaml.Node{Kind: yaml.ScalarNode, Value: strconv.FormatFloat(n.val, 'g', -1, 64)})
		}
		put(root, "numbers", nums)
	}
	if len(f.facts) > 0 {
		facts := mapNode()
		for _, k := range f.facts {
			decl := mapNode()
			decl.Style = yaml.FlowStyle
			put(decl, "type", str("bool"))
			put(facts, k, decl)
		}
		put(root, "facts", facts)
	}
	acts := &yaml.Node{Kind: yaml.SequenceNode}
	for _, a := range f.actions {
		an := mapNode()
		put(an, "name", str(a.name))
		if len(a.params) > 0 {
			ps := mapNode()
			ps.Style = yaml.FlowStyle
			for _, p := range a.params {
				put(ps, p.Name, str(p.Type))
			}
			put(an, "params", ps)
		}
		if len(a.funcs) > 0 || a.konst != 1 {
			put(an, "cost", costNode(a)) // 1 is the default
		}
		if len(a.pre) > 0 {
			put(an, "preconditions", conds(a.pre))
		}
		if len(a.eff) > 0 {
			put(an, "effects", conds(a.eff))
		}
		acts.Content = append(acts.Content, an)
	}
	if len(f.actions) == 0 {
		// An action that can never run keeps the file loadable.
		an := mapNode()
		put(an, "name", str(exportNoAction))
		put(an, "preconditions", conds([]cond{{exportNoAction, true}}))
		put(an, "effects", conds([]cond{{exportNoAction, false}}))
		acts.Content = append(acts.Content, an)
	}
	put(root, "actions", acts)
	start := make([]cond, len(f.start))
	for i, k := range f.start {
		start[i] = cond{k, true}
	}
	put(root, "start", conds(start))
	put(root, "goal", conds(f.goal))
	return yaml.Marshal(root)
}

// costNode writes an action's cost: a number, or a sum naming numbers:.
func costNode(a *liftedAction) *yaml.Node {
	if len(a.funcs) == 0 {
		return &yaml.Node{Kind: yaml.ScalarNode, Value: strconv.FormatFloat(a.konst, 'g', -1, 64)}
	}
	var terms []string
	if a.konst != 0 {
		terms = append(terms, strconv.FormatFloat(a.konst, 'g', -1, 64))
	}
	for _, fn := range a.funcs {
		terms = append(terms, atomKey(fn.Pred, fn.Args))
	}
	n := str(strings.Join(terms, " + "))
	n.Style = yaml.DoubleQuotedStyle
	return n
}

func mapNode() *yaml.Node { return &yaml.Node{Kind: yaml.MappingNode} }

func str(s string) *yaml.Node { return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: s} }

func put(m *yaml.Node, key string, v *yaml.Node) { m.Content = append(m.Content, str(key), v) }

// conds writes conditions one a line (a flow mapping would split names
// at their commas).
func conds(cs []cond) *yaml.Node {
	m := mapNode()
	for _, c := range cs {
		put(m, c.key, &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!bool", Value: strconv.FormatBool(c.val)})
	}
	return m
}

// exportLifted writes the lifted export of a task to path. A task the
// lifted form cannot say (an action whose adds and deletes meet in too
// many ways) is written ground instead, with the reason on stdout.
func (c *PddlCommand) exportLifted(d *pddl.Domain, pr *pddl.Problem, task *pddl.Task, path string) error {
	f, err := liftTask(d, pr, task)
	var data []byte
	if err == nil {
		data, err = f.render()
	}
	if err != nil {
		data, gerr := exportYAML(task)
		if gerr != nil {
			return inputError("pddl", "%w", gerr)
		}
		if err := os.WriteFile(path, data, 0o666); err != nil {
			return inputError("pddl", "%w", err)
		}
		fmt.Fprintf(c.Stdout, "; no lifted export: %v\n; wrote %s ground: %d facts, %d actions\n", err, path, len(task.Spec.Facts), len(task.Spec.Actions))
		return nil
	}
	if err := os.WriteFile(path, data, 0o666); err != nil {
		return inputError("pddl", "%w", err)
	}
	fmt.Fprintf(c.Stdout, "; wrote %s: %d objects, %d lifted actions (goap grounds them into %d)\n", path, len(f.l.objs), len(f.actions), f.ground)
	return nil
}
