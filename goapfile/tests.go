package goapfile

import (
	"fmt"

	"github.com/goap-go/goap/internal/suggest"
	"go.yaml.in/yaml/v3"
)

// This file reads a file's `tests:` into Tests.

// testKeys are the keys of a test.
var testKeys = []string{"name", "start", "set", "goal", "cost", "plan", "steps", "no_plan", "already_satisfied", "remove",
	"sim", "expect_actions", "expect_events", "expect_world", "expect_agents", "expect_winner"}

// testDecl is a test read from the file, before the domain is compiled.
type testDecl struct {
	sc    Test
	start map[string]any
	keys  map[string]*yaml.Node
	goal  *goalRef
	label string
	// planOK is false when a name in the plan was wrong.
	planOK bool
}

// testList reads `tests:`; start and goal are the file's.
func (p *parser) testList(n *yaml.Node, start map[string]any, goal *goalRef) []*testDecl {
	items, _ := p.sequence(n, "tests")
	var out []*testDecl
	names := map[string]*yaml.Node{}
	for i, it := range items {
		if !p.isMapping(it, "a test must be a mapping with keys such as name, goal, cost and plan; got") {
			continue
		}
		t := p.test(it, start, goal)
		if t == nil {
			continue
		}
		if t.sc.Name == "" {
			t.sc.Name = fmt.Sprintf("test %d", i+1)
		} else {
			p.unique(names, it, "test name", t.sc.Name)
		}
		t.label = t.sc.Name
		out = append(out, t)
	}
	return out
}

// test reads one test and checks that its expectations agree with each
// other.
func (p *parser) test(n *yaml.Node, fileStart map[string]any, fileGoal *goalRef) *testDecl {
	fields, _ := p.mapping(n, "in test", testKeys)
	t := &testDecl{sc: Test{Pos: pos(n)}, start: map[string]any{}, keys: map[string]*yaml.Node{}}
	for k, v := range fileStart {
		t.start[k] = v
	}
	byName := map[string]field{}
	for _, f := range fields {
		byName[f.name] = f
	}
	if f, ok := byName["name"]; ok {
		t.sc.Name, _ = p.str(f.val, "test name")
	}
	if f, ok := byName["start"]; ok {
		t.start, t.keys = p.state(f.val, "start")
	}
	if f, ok := byName["set"]; ok {
		set, keys := p.state(f.val, "set")
		for k, v := range set {
			t.start[k] = v
		}
		for k, v := range keys {
			t.keys[k] = v
		}
	}
	if f, ok := byName["sim"]; ok {
		p.simTest(t, f, byName)
		return t
	}
	for _, k := range simOnlyKeys {
		if f, ok := byName[k]; ok {
			p.errorf(f.key, "%s needs sim: {ticks: N} in the test: it checks a simulation", k)
		}
	}
	t.goal = fileGoal
	if f, ok := byName["goal"]; ok && !isNull(f.val) {
		t.goal = p.goalRef(f.val, "goal")
	} else if !p.hasGoal {
		p.errorf(n, "test has no goal: add goal: to the test or to the file")
	}
	if f, ok := byName["cost"]; ok {
		if c, ok := p.number(f.val, "cost", 0); ok {
			t.sc.Cost = &c
		}
	}
	if f, ok := byName["steps"]; ok {
		if s, ok := p.integer(f.val, "steps"); ok {
			if s < 0 {
				p.errorf(f.val, "steps must be at least 0, got %d", s)
			} else {
				t.sc.Steps = &s
			}
		}
	}
	if f, ok := byName["no_plan"]; ok {
		t.sc.NoPlan, _ = p.boolean(f.val, "no_plan")
	}
	if f, ok := byName["already_satisfied"]; ok {
		t.sc.AlreadySatisfied, _ = p.boolean(f.val, "already_satisfied")
	}
	if f, ok := byName["remove"]; ok {
		var nodes []*yaml.Node
		t.sc.Exclude, nodes = p.actionNames(f.val, "remove")
		seen := map[string]bool{}
		for i, name := range t.sc.Exclude {
			if seen[name] {
				p.errorf(nodes[i], "%s is removed twice", name)
			}
			seen[name] = true
		}
	}
	if f, ok := byName["plan"]; ok {
		var nodes []*yaml.Node
		t.sc.Plan, nodes = p.actionNames(f.val, "plan")
		t.planOK = len(nodes) == len(f.val.Content)
		if t.sc.Plan == nil && !isNull(f.val) {
			t.sc.Plan = []string{}
		}
		for i, name := range t.sc.Plan {
			if indexOf(t.sc.Exclude, name) >= 0 {
				p.errorf(nodes[i], "plan uses %s, which the test removes", name)
			}
		}
	}
	p.checkExpectations(n, t, byName)
	return t
}

// actionNames reads a list of action names and returns them with their
// nodes; unknown names are reported and left out.
func (p *parser) actionNames(n *yaml.Node, what string) ([]string, []*yaml.Node) {
	items, ok := p.sequence(n, what)
	if !ok {
		return nil, nil
	}
	names := make([]string, len(p.spec.Actions))
	for i, a := range p.spec.Actions {
		names[i] = a.Name
	}
	var out []string
	var nodes []*yaml.Node
	for _, it := range items {
		name, ok := p.str(it, "an action name in "+what)
		if !ok {
			continue
		}
		if indexOf(names, name) < 0 && !p.groundAction(it, name) {
			p.errorf(it, "unknown action %q in %s%s", name, what, suggest.Hint(name, names))
			continue
		}
		out = append(out, name)
		nodes = append(nodes, it)
	}
	return out, nodes
}

// checkExpectations reports expectations that contradict each other, so
// that a test that could never pass is caught when the file is read.
func (p *parser) checkExpectations(n *yaml.Node, t *testDecl, byName map[string]field) {
	sc := &t.sc
	at := func(key string) *yaml.Node {
		if f, ok := byName[key]; ok {
			return f.key
		}
		return n
	}
	if sc.NoPlan {
		for _, k := range []string{"cost", "plan", "steps", "already_satisfied"} {
			if _, ok := byName[k]; ok {
				p.errorf(at(k), "%s contradicts no_plan: true", k)
			}
		}
		return
	}
	if sc.AlreadySatisfied {
		if sc.Cost != nil && *sc.Cost != 0 || len(sc.Plan) > 0 || sc.Steps != nil && *sc.Steps != 0 {
			p.errorf(at("already_satisfied"), "already_satisfied expects an empty plan, which contradicts the test's cost, plan or steps")
		}
		return
	}
	if sc.Plan != nil && t.planOK {
		if sc.Steps != nil && *sc.Steps != len(sc.Plan) {
			p.errorf(at("steps"), "steps is %d, but the plan has %d", *sc.Steps, len(sc.Plan))
		}
		if sc.Cost != nil {
			sum, priced := 0.0, true
			for _, name := range sc.Plan {
				lifted, _ := predOf(name) // Shoot(r2) costs what Shoot costs
				for _, a := range p.spec.Actions {
					if a.Name == name || a.Name == lifted && a.Params != nil {
						c, ok := p.planCost(&a, name)
						sum, priced = sum+c, priced && ok
						break
					}
				}
			}
			if priced && !sc.CostMatches(sum) {
				p.errorf(at("cost"), "cost is %s, but the plan costs %s", formatCost(*sc.Cost), formatCost(sum))
			}
		}
	}
}

// compileTest compiles a test for the file's domain.
func (p *parser) compileTest(t *testDecl) Test {
	sc := t.sc
	sc.Start = p.newState(t.start, t.keys, sc.Pos)
	if sc.Sim != nil {
		p.compileSim(t)
		sc.Sim = t.sc.Sim
		return sc
	}
	if t.goal != nil {
		if t.goal == p.fileGoal {
			sc.Goal = p.out.Goal
		} else {
			sc.Goal = p.target(t.goal, t.label)
		}
	}
	return sc
}
