package pddl

import (
	"context"
	"fmt"
	"maps"
	"slices"

	"github.com/goap-go/goap"
	"github.com/goap-go/goap/internal/echo"
	"github.com/goap-go/goap/internal/ground"
)

// GoalName is the name of the single goal of a grounded task's spec.
const GoalName = "goal"

// Task is a grounded planning task: a goap spec whose facts are the
// reachable ground atoms that actions change ("at ball1 rooma") and whose
// actions are the reachable ground actions ("pick ball1 rooma left"),
// with the mutex groups that Compile packs into enum facts.
type Task struct {
	// Spec has one boolean fact per reachable fluent atom, one action per
	// reachable ground action and one goal, GoalName.
	Spec goap.Spec
	// Groups are the mutex groups found among Spec's facts: Compile
	// encodes each as one enum fact (a few bits) instead of a boolean
	// per atom. Set it to nil to compile the plain boolean encoding.
	Groups []Group
	// Init lists the facts that are true at the start.
	Init []string
	// Ground describes Spec.Actions, index for index.
	Ground []GroundAction
	// StaticAtoms counts the initial atoms of static predicates (never
	// changed by an action), which were compiled away.
	StaticAtoms int
}

// GroundAction is an action schema with its parameters bound.
type GroundAction struct {
	Schema *Action
	Args   []string
}

// IPC renders the ground action as a line of an IPC plan:
// "(pick ball1 rooma left)".
func (g GroundAction) IPC() string {
	return "(" + Atom{Pred: g.Schema.Name, Args: g.Args}.String() + ")"
}

type grounder struct {
	d       *Domain
	pr      *Problem
	objType map[string]string
	ofType  map[string][]string
	static  map[string]*ground.Relation // static predicates: the initial atoms
	fluent  map[string]*ground.Relation // fluent predicates: reachable atoms
	isFlu   map[string]bool
	order   []Atom // reachable fluent atoms in discovery order
	changed bool
	// work counts the candidate bindings tried, atoms the reachable
	// fluent atoms; past their limits grounding stops with stop set.
	work  int
	lim   Limits
	ctx   context.Context
	done  <-chan struct{}
	stop  error   // a *LimitError or the context's error
	atomS *schema // the schema whose bindings are adding atoms
	cur   *schema // the schema being enumerated
	eng   ground.Grounder
}

func (g *grounder) rel(pred string) *ground.Relation {
	if g.isFlu[pred] {
		return g.fluent[pred]
	}
	return g.static[pred]
}

func (g *grounder) objectsOf(t string) []string {
	if l, ok := g.ofType[t]; ok {
		return l
	}
	var l []string
	for _, o := range g.pr.AllObjects(g.d) {
		if g.d.IsSubtype(o.Type, t) {
			l = append(l, o.Name)
		}
	}
	g.ofType[t] = l
	return l
}

func (g *grounder) addFluent(a Atom) {
	if g.stop != nil {
		return
	}
	if g.fluent[a.Pred].Add(a.Args) {
		g.order = append(g.order, a)
		g.changed = true
		if len(g.order) > g.lim.MaxAtoms && g.atomS != nil {
			g.limitHit(g.atomS.a, "atoms", g.lim.MaxAtoms, fmt.Sprintf("more than %d reachable atoms", g.lim.MaxAtoms))
		}
	}
}

// Ground instantiates the actions of pr that can matter: bindings respect
// the parameters' types, static predicates are joined against the initial
// atoms and compiled away, equality constraints are checked, and only
// actions reachable from the initial state in the delete relaxation are
// kept. It applies the default Limits.
func Ground(d *Domain, pr *Problem) (*Task, error) {
	return GroundContext(context.Background(), d, pr, Limits{})
}

// GroundContext is Ground within lim, stopping with context.Cause(ctx)
// (ctx.Err() unless ctx was cancelled with a cause) when ctx is done
// first (polled every few thousand bindings).
func GroundContext(ctx context.Context, d *Domain, pr *Problem, lim Limits) (*Task, error) {
	if ctx.Err() != nil {
		return nil, context.Cause(ctx)
	}
	g := &grounder{d: d, pr: pr, objType: map[string]string{}, ofType: map[string][]string{},
		static: map[string]*ground.Relation{}, fluent: map[string]*ground.Relation{}, isFlu: map[string]bool{},
		lim: lim.withDefaults(), ctx: ctx, done: ctx.Done()}
	g.eng = ground.Grounder{
		Relation: g.rel,
		Relaxed:  func(pred string) bool { return g.isFlu[pred] },
		Objects:  g.objectsOf,
		HasType:  func(o, t string) bool { return g.d.IsSubtype(g.objType[o], t) },
		Tick:     func() bool { return g.tick(g.cur) },
	}
	for _, o := range pr.AllObjects(d) {
		g.objType[o.Name] = o.Type
	}
	for _, a := range d.Actions {
		for _, e := range a.Add {
			g.isFlu[e.Pred] = true
		}
		for _, e := range a.Del {
			g.isFlu[e.Pred] = true
		}
	}
	for p, params := range d.Predicates {
		if g.isFlu[p] {
			g.fluent[p] = ground.NewRelation(len(params))
		} else {
			g.static[p] = ground.NewRelation(len(params))
		}
	}
	t := &Task{Spec: goap.Spec{Name: d.Name + "/" + pr.Name}}
	for _, a := range pr.Init {
		if g.isFlu[a.Pred] {
			g.addFluent(a)
			t.Init = append(t.Init, a.String())
		} else {
			g.static[a.Pred].Add(a.Args)
			t.StaticAtoms++
		}
	}
	// Relaxed reachability: apply the adds of every applicable binding
	// until nothing new appears. Relations grow during a round, which only
	// makes the fixpoint come sooner.
	schemas := make([]*schema, len(d.Actions))
	for i, a := range d.Actions {
		schemas[i] = g.compile(a)
		g.estimate(schemas[i])
	}
	for g.changed = g.stop == nil; g.changed; {
		g.changed = false
		for _, s := range schemas {
			g.atomS = s
			g.enumerate(s, func(b []string) {
				for _, e := range s.a.Add {
					g.addFluent(Atom{Pred: e.Pred, Args: s.Bind(e.Args, b)})
				}
			})
		}
	}
	if g.stop != nil {
		return nil, g.stop
	}
	for _, a := range g.order {
		t.Spec.Facts = append(t.Spec.Facts, goap.Bool(a.String()))
	}
	var err error
	for _, s := range schemas {
		g.enumerate(s, func(b []string) {
			if err != nil {
				return
			}
			var act goap.Action
			act, err = g.instantiate(s, b)
			if err != nil || act.Name == "" {
				return
			}
			if len(t.Spec.Actions) == g.lim.MaxGroundActions {
				g.limitHit(s.a, "ground actions", g.lim.MaxGroundActions, fmt.Sprintf("more than %d reachable ground actions", g.lim.MaxGroundActions))
				return
			}
			t.Spec.Actions = append(t.Spec.Actions, act)
			t.Ground = append(t.Ground, GroundAction{Schema: s.a, Args: append([]string(nil), b...)})
		})
		if err != nil {
			return nil, err
		}
		if g.stop != nil {
			return nil, g.stop
		}
	}
	t.Spec.Goals = []goap.Goal{{Name: GoalName, Desired: g.goal(t)}}
	if err := t.checkDeclared(); err != nil {
		return nil, err
	}
	var err2 error
	if t.Groups, err2 = findGroups(ctx, t, g.order, twinClasses(g.d, g.pr)); err2 != nil {
		return nil, err2
	}
	t.setNone()
	return t, nil
}

// checkDeclared is the defence against a class of wrong answers: a
// condition on a fact the task does not declare reads the closed-world
// default (false), so a goal or precondition on an atom the grounder
// compiled away would pass for met. Every fact a condition or effect names
// must be declared; otherwise grounding has a bug, reported as such.
func (t *Task) checkDeclared() error {
	declared := make(map[string]bool, len(t.Spec.Facts))
	for _, f := range t.Spec.Facts {
		declared[f.Name] = true
	}
	check := func(where string, names []string) error {
		for _, k := range names {
			if !declared[k] {
				return echo.Errorf("pddl: internal error: grounding left %s naming the undeclared fact %q", where, k)
			}
		}
		return nil
	}
	for _, a := range t.Spec.Actions {
		if err := check("action "+a.Name, slices.Sorted(maps.Keys(a.Pre))); err != nil {
			return err
		}
		if err := check("action "+a.Name, slices.Sorted(maps.Keys(a.Effects))); err != nil {
			return err
		}
	}
	return check("the goal", slices.Sorted(maps.Keys(t.Spec.Goals[0].Desired)))
}

// goal turns the problem's goal literals into the task's goal conditions.
// Every condition it keeps names a fact the task declares, with the start
// value the problem gives it: a condition on an undeclared fact would read
// the closed-world default (false) and could pass for met when it is not.
func (g *grounder) goal(t *Task) goap.Conds {
	goal := goap.Conds{}
	declared := map[string]bool{}
	for _, f := range t.Spec.Facts {
		declared[f.Name] = true
	}
	for _, l := range g.pr.Goal {
		name := l.Atom.String()
		if l.Pred == "=" {
			// Distinct names are distinct objects: (= a b) holds when a
			// and b are one name, for good either way.
			if (l.Args[0] == l.Args[1]) != l.Neg {
				continue
			}
			// It fails for good: a fact no action sets and the start
			// leaves false, named after it, makes the goal unmeetable.
			name = "(= " + l.Args[0] + " " + l.Args[1] + ")"
			if l.Neg {
				name = "(not " + name + ")"
			}
			if !declared[name] {
				declared[name] = true
				t.Spec.Facts = append(t.Spec.Facts, goap.Bool(name))
			}
			goal[name] = true
			continue
		}
		switch {
		case g.isFlu[l.Pred]:
			if !g.fluent[l.Pred].Has(l.Args) && l.Neg {
				continue // never true
			}
		case g.static[l.Pred].Has(l.Args) == !l.Neg:
			continue // holds for good
		}
		if want, dup := goal[name]; dup && want != !l.Neg {
			// The goal asks for an atom and its negation: no state
			// meets it. A fact that no action sets and that starts
			// false, named after the contradiction, says so.
			name = "(and " + name + " (not " + name + "))"
			if !declared[name] {
				declared[name] = true
				t.Spec.Facts = append(t.Spec.Facts, goap.Bool(name))
			}
			goal[name] = true
			continue
		}
		// An unreachable positive atom, or a static atom that is false
		// for good, stays in the goal: the planner proves there is no
		// plan. The atom is declared with its start value.
		if !declared[name] {
			declared[name] = true
			t.Spec.Facts = append(t.Spec.Facts, goap.Bool(name))
			if !g.isFlu[l.Pred] && g.static[l.Pred].Has(l.Args) {
				t.Init = append(t.Init, name)
			}
		}
		goal[name] = !l.Neg
	}
	return goal
}

// schema is an action schema prepared for enumeration.
type schema struct {
	a *Action
	*ground.Schema
}

// compile prepares a for the grounding engine.
func (g *grounder) compile(a *Action) *schema {
	params := make([]string, len(a.Params))
	types := make([]string, len(a.Params))
	for i, p := range a.Params {
		params[i], types[i] = p.Name, p.Type
	}
	pre := make([]ground.Literal, len(a.Pre))
	for i, l := range a.Pre {
		pre[i] = ground.Literal{Atom: ground.Atom{Pred: l.Pred, Args: l.Args}, Neg: l.Neg}
	}
	return &schema{a: a, Schema: g.eng.Prepare(params, types, pre)}
}

// enumerate calls emit with every binding of s's parameters that meets
// its positive preconditions in the current relations, its types, its
// equality constraints and its negative static preconditions. Negative
// fluent preconditions are ignored (relaxed).
func (g *grounder) enumerate(s *schema, emit func(b []string)) {
	if g.stop != nil {
		return
	}
	g.cur = s
	g.eng.Enumerate(s.Schema, emit)
}

// instantiate builds the goap action of binding b, or an action without a
// name when its preconditions contradict each other.
func (g *grounder) instantiate(s *schema, b []string) (goap.Action, error) {
	a := s.a
	name := Atom{Pred: a.Name, Args: b}.String()
	act := goap.Action{Name: name, Cost: 1, Pre: goap.Conds{}, Effects: goap.Effects{}}
	for _, l := range a.Pre {
		if l.Pred == "=" || !g.isFlu[l.Pred] {
			continue // checked while enumerating
		}
		args := s.Bind(l.Args, b)
		if l.Neg && !g.fluent[l.Pred].Has(args) {
			continue // never true
		}
		k := Atom{Pred: l.Pred, Args: args}.String()
		if v, dup := act.Pre[k]; dup && v != !l.Neg {
			return goap.Action{}, nil
		}
		act.Pre[k] = !l.Neg
	}
	for _, e := range a.Add {
		act.Effects[Atom{Pred: e.Pred, Args: s.Bind(e.Args, b)}.String()] = true
	}
	for _, e := range a.Del {
		args := s.Bind(e.Args, b)
		k := Atom{Pred: e.Pred, Args: args}.String()
		if _, added := act.Effects[k]; added || !g.fluent[e.Pred].Has(args) {
			continue // deletes apply first; never-true atoms stay false
		}
		act.Effects[k] = false
	}
	if g.d.ActionCosts {
		act.Cost = 0
		for _, c := range a.Cost {
			if c.Func == nil {
				act.Cost += c.Const
				continue
			}
			k := Atom{Pred: c.Func.Pred, Args: s.Bind(c.Func.Args, b)}.String()
			v, ok := g.pr.Values[k]
			if !ok {
				return goap.Action{}, fmt.Errorf("%s: action %s: the cost (%s) has no value in :init", g.pr.File, name, k)
			}
			act.Cost += v
		}
	}
	return act, nil
}

// Compile compiles the task's spec and returns its domain, the start
// state and the goal.
func (t *Task) Compile() (*goap.Domain, goap.State, *goap.Target, error) {
	spec, err := t.encode()
	if err != nil {
		return nil, goap.State{}, nil, err
	}
	d, err := goap.NewDomain(spec)
	if err != nil {
		return nil, goap.State{}, nil, err
	}
	return t.finish(d)
}

// finish returns the start state and the goal of the task compiled as d.
func (t *Task) finish(d *goap.Domain) (*goap.Domain, goap.State, *goap.Target, error) {
	start := d.NewState()
	for _, f := range t.Init {
		if id, ok := d.FactID(f); ok && d.Fact(id).Kind == goap.BoolFact {
			start.SetBool(id, true)
		}
	}
	values, err := t.startValues()
	if err != nil {
		return nil, goap.State{}, nil, err
	}
	for gi, g := range t.Groups {
		if err := start.SetValue(g.Name, values[gi]); err != nil {
			return nil, goap.State{}, nil, err
		}
	}
	goal, _ := d.Goal(GoalName)
	return d, start, goal, nil
}
