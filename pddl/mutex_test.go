package pddl

import (
	"context"
	"fmt"
	"maps"
	"math/rand"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/goap-go/goap"
)

// groundText parses and grounds a domain and a problem given as text.
func groundText(t *testing.T, domain, problem string) *Task {
	t.Helper()
	d, err := ParseDomain("d.pddl", []byte(domain))
	if err != nil {
		t.Fatal(err)
	}
	pr, err := ParseProblem("p.pddl", []byte(problem), d)
	if err != nil {
		t.Fatal(err)
	}
	task, err := Ground(d, pr)
	if err != nil {
		t.Fatal(err)
	}
	return task
}

// roomsDomain: a robot in one room at a time, which carries a ball
// (balls are in a room or held; the hand holds one ball at most), and the
// action under test, extra.
const roomsDomain = `(define (domain rooms)
  (:requirements :strips :typing)
  (:types room ball)
  (:predicates (at ?r - room) (ball ?b - ball ?r - room) (held ?b - ball) (free))
  (:action go :parameters (?from ?to - room)
    :precondition (at ?from) :effect (and (not (at ?from)) (at ?to)))
  (:action pick :parameters (?b - ball ?r - room)
    :precondition (and (at ?r) (ball ?b ?r) (free))
    :effect (and (not (ball ?b ?r)) (not (free)) (held ?b)))
  (:action drop :parameters (?b - ball ?r - room)
    :precondition (and (at ?r) (held ?b))
    :effect (and (ball ?b ?r) (free) (not (held ?b))))
  %s)
`

const roomsProblem = `(define (problem p) (:domain rooms)
  (:objects r1 r2 r3 - room b1 b2 - ball)
  (:init (at r1) (ball b1 r1) (ball b2 r2) (free) %s)
  (:goal (and (ball b1 r3) (ball b2 r3))))
`

// groupsWith returns the groups of task holding an atom of pred.
func groupsWith(task *Task, pred string) []Group {
	var out []Group
	for _, g := range task.Groups {
		if slices.ContainsFunc(g.Atoms, func(a string) bool { return strings.Fields(a)[0] == pred }) {
			out = append(out, g)
		}
	}
	return out
}

// checkGroups fails t unless task's groups, written name=atoms/none, are
// want.
func checkGroups(t *testing.T, task *Task, want []string) {
	t.Helper()
	var got []string
	for _, g := range task.Groups {
		got = append(got, fmt.Sprintf("%s=%s/%s", g.Name, strings.Join(g.Atoms, ","), g.None))
	}
	if !slices.Equal(got, want) {
		t.Errorf("groups\n got %q\nwant %q", got, want)
	}
}

func TestMutexGroups(t *testing.T) {
	task := groundText(t, fmt.Sprintf(roomsDomain, ""), fmt.Sprintf(roomsProblem, ""))
	// Where the robot is; where each ball is (in a room or held); and
	// the hand (free, or holding a ball: the balls' held atoms went to
	// their own groups, which are larger).
	checkGroups(t, task, []string{
		"ball(b1,*)=ball b1 r1,held b1,ball b1 r2,ball b1 r3/",
		"ball(b2,*)=ball b2 r2,held b2,ball b2 r1,ball b2 r3/",
		"at(*)=at r1,at r2,at r3/",
	})
	spec, err := task.encode()
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range spec.Actions {
		switch a.Name {
		case "go r1 r2":
			if !maps.Equal(a.Pre, goap.Conds{"at(*)": "at r1"}) || !maps.Equal(a.Effects, goap.Effects{"at(*)": "at r2"}) {
				t.Errorf("%s: pre %v effects %v", a.Name, a.Pre, a.Effects)
			}
		case "pick b1 r2":
			want := goap.Effects{"ball(b1,*)": "held b1", "free": false}
			if !maps.Equal(a.Pre, goap.Conds{"at(*)": "at r2", "ball(b1,*)": "ball b1 r2", "free": true}) || !maps.Equal(a.Effects, want) {
				t.Errorf("%s: pre %v effects %v", a.Name, a.Pre, a.Effects)
			}
		}
	}
	if !maps.Equal(spec.Goals[0].Desired, goap.Conds{"ball(b1,*)": "ball b1 r3", "ball(b2,*)": "ball b2 r3"}) {
		t.Errorf("goal %v", spec.Goals[0].Desired)
	}
	checkBothEncodings(t, task, 10)
}

// TestMutexRejected: candidates that break the at-most-one condition
// are refused.
func TestMutexRejected(t *testing.T) {
	for _, c := range []struct {
		name, action, init string
		pred               string // no group of two atoms of pred
	}{
		{"adds two", `(:action split :parameters (?a ?b ?c - room) :precondition (at ?a) :effect (and (not (at ?a)) (at ?b) (at ?c)))`, "", "at"},
		{"adds without a delete", `(:action teleport :parameters (?r - room) :precondition (free) :effect (at ?r))`, "", "at"},
		{"deletes what it does not require", `(:action vanish :parameters (?r - room) :precondition (free) :effect (not (at ?r)))`, "", "at"},
		{"two at the start", "", "(at r2)", "at"},
		{"adds without requiring what it deletes", `(:action jump :parameters (?a ?b - room) :precondition (free) :effect (and (not (at ?a)) (at ?b)))`, "", "at"},
	} {
		t.Run(c.name, func(t *testing.T) {
			task := groundText(t, fmt.Sprintf(roomsDomain, c.action), fmt.Sprintf(roomsProblem, c.init))
			for _, g := range groupsWith(task, c.pred) {
				n := 0
				for _, a := range g.Atoms {
					if strings.Fields(a)[0] == c.pred {
						n++
					}
				}
				if n >= 2 {
					t.Errorf("group %s %q", g.Name, g.Atoms)
				}
			}
			if len(groupsWith(task, "ball")) != 2 {
				t.Errorf("the balls' groups are gone: %v", task.Groups)
			}
			checkBothEncodings(t, task, 10)
		})
	}
}

// parseRooms parses roomsDomain, with no extra action, and problem.
func parseRooms(t *testing.T, problem string) (*Domain, *Problem) {
	t.Helper()
	d, err := ParseDomain("d.pddl", []byte(fmt.Sprintf(roomsDomain, "")))
	if err != nil {
		t.Fatal(err)
	}
	pr, err := ParseProblem("p.pddl", []byte(problem), d)
	if err != nil {
		t.Fatal(err)
	}
	return d, pr
}

// TestMutexCutGroups: with two rooms and three balls (no two of them
// twins: each starts or ends elsewhere), the hand's group (free, held b1,
// held b2, held b3) is the largest and takes the held atoms, so each
// ball's group is cut down to its rooms; an action that requires a ball
// in a room and deletes it (pick) must still encode, and the two
// encodings must agree state by state and on the cheapest plan. A start
// that lists an atom twice (Problem.Init is a public field) compiles as
// if it were listed once.
func TestMutexCutGroups(t *testing.T) {
	problem := `(define (problem p) (:domain rooms)
  (:objects r1 r2 - room b1 b2 b3 - ball)
  (:init (at r1) (ball b1 r1) (ball b2 r2) (ball b3 r1) (free))
  (:goal (and (ball b1 r2) (ball b2 r1) (ball b3 r1))))
`
	d, pr := parseRooms(t, problem)
	pr.Init = append(pr.Init, pr.Init[0])
	task, err := Ground(d, pr)
	if err != nil {
		t.Fatal(err)
	}
	cut := 0
	for _, g := range task.Groups {
		if len(g.scope) > len(g.Atoms) {
			cut++
		}
	}
	if cut != 3 {
		t.Fatalf("%d cut groups, want the three balls': %v", cut, task.Groups)
	}
	if !checkBothEncodings(t, task, 10) {
		t.Fatal("the task's states were not all explored")
	}
	cost := func(groups []Group) float64 {
		task.Groups = groups
		dom, start, goal, err := task.Compile()
		if err != nil {
			t.Fatal(err)
		}
		return goap.NewPlanner(dom).Plan(context.Background(), start, goal).Cost
	}
	grouped := task.Groups
	// pick b1, go, drop b1, pick b2, go, drop b2
	if with, without := cost(grouped), cost(nil); with != without || with != 6 {
		t.Errorf("cost %v with the groups, %v without; want 6", with, without)
	}
}

// TestMutexTwins: two balls that start in one room and are both wanted in
// another are twins, which goap's search over interchangeable objects
// finds from the facts each owns; the hand's group (free, held b1, held
// b2) would fold them into the values of one fact, so it is not chosen,
// while each ball's group (its rooms, or held) is. Balls wanted in
// different rooms, or starting in each other's goal room, are no twins.
func TestMutexTwins(t *testing.T) {
	problem := `(define (problem p) (:domain rooms)
  (:objects r1 r2 r3 - room b1 b2 - ball)
  (:init (at r1) (ball b1 r1) (ball b2 r1) (free))
  (:goal (and (ball b1 r3) (ball b2 r3))))
`
	d, pr := parseRooms(t, problem)
	twins := twinClasses(d, pr)
	if len(twins) != 2 || twins["b1"] == 0 || twins["b1"] != twins["b2"] {
		t.Fatalf("twins %v, want b1 and b2 in one class", twins)
	}
	task, err := Ground(d, pr)
	if err != nil {
		t.Fatal(err)
	}
	checkGroups(t, task, []string{
		"ball(b1,*)=ball b1 r1,held b1,ball b1 r2,ball b1 r3/",
		"ball(b2,*)=ball b2 r1,held b2,ball b2 r2,ball b2 r3/",
		"at(*)=at r1,at r2,at r3/",
	})
	checkBothEncodings(t, task, 10)
	for _, c := range []struct{ name, problem string }{
		{"different goals", `(define (problem p) (:domain rooms) (:objects r1 r2 - room b1 b2 - ball)
  (:init (at r1) (ball b1 r1) (ball b2 r1) (free)) (:goal (and (ball b1 r2) (ball b2 r1))))`},
		{"swapped rooms", `(define (problem p) (:domain rooms) (:objects r1 r2 - room b1 b2 - ball)
  (:init (at r1) (ball b1 r1) (ball b2 r2) (free)) (:goal (and (ball b1 r2) (ball b2 r1))))`},
	} {
		pr, err := ParseProblem("p.pddl", []byte(c.problem), d)
		if err != nil {
			t.Fatal(err)
		}
		if tw := twinClasses(d, pr); tw["b1"] != 0 || tw["b2"] != 0 {
			t.Errorf("%s: twins %v", c.name, tw)
		}
	}
}

// TestMutexNone: a group that can lose its atom gets the value none, and
// an action that deletes a required atom without adding one sets it.
func TestMutexNone(t *testing.T) {
	task := groundText(t, fmt.Sprintf(roomsDomain, `(:action fall :parameters (?r - room) :precondition (at ?r) :effect (not (at ?r)))`), fmt.Sprintf(roomsProblem, ""))
	g := groupsWith(task, "at")
	if len(g) != 1 || g[0].None != "none" || len(g[0].Atoms) != 3 {
		t.Fatalf("groups %v", task.Groups)
	}
	spec, err := task.encode()
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range spec.Actions {
		if a.Name == "fall r2" && !maps.Equal(a.Effects, goap.Effects{g[0].Name: "none"}) {
			t.Errorf("%s: effects %v", a.Name, a.Effects)
		}
	}
	checkBothEncodings(t, task, 10)
}

// reachable explores the states of task's spec as sets of true atoms,
// breadth first, without goap: up to limit states, or nil past it.
func reachable(task *Task, limit int) []map[string]bool {
	start := map[string]bool{}
	for _, k := range task.Init {
		start[k] = true
	}
	key := func(s map[string]bool) string { return strings.Join(slices.Sorted(maps.Keys(s)), "|") }
	seen := map[string]bool{key(start): true}
	out := []map[string]bool{start}
	for i := 0; i < len(out); i++ {
		for _, a := range task.Spec.Actions {
			next, ok := applyAtoms(out[i], a)
			if !ok {
				continue
			}
			if k := key(next); !seen[k] {
				if len(out) == limit {
					return nil
				}
				seen[k] = true
				out = append(out, next)
			}
		}
	}
	return out
}

// applyAtoms applies a to the set s of true atoms.
func applyAtoms(s map[string]bool, a goap.Action) (map[string]bool, bool) {
	for k, v := range a.Pre {
		if s[k] != v.(bool) {
			return nil, false
		}
	}
	next := maps.Clone(s)
	for k, v := range a.Effects {
		if v.(bool) {
			next[k] = true
		} else {
			delete(next, k)
		}
	}
	return next, true
}

// checkBothEncodings checks task's groups on every reachable state (up
// to limit thousand; it says whether they were all explored): at most one atom of a group holds, exactly one
// when it has no None; and the encoded domain agrees with the atoms on
// every action's applicability and successor, and on the goal.
func checkBothEncodings(t *testing.T, task *Task, limit int) bool {
	t.Helper()
	states := reachable(task, limit*1000)
	if states == nil {
		return false
	}
	d, start, goal, err := task.Compile()
	if err != nil {
		t.Fatal(err)
	}
	group := map[string]int{}
	for gi, g := range task.Groups {
		for _, a := range g.Atoms {
			group[a] = gi
		}
	}
	// encode builds the encoded state of a set of atoms.
	encode := func(s map[string]bool) goap.State {
		e := d.NewState()
		for _, g := range task.Groups {
			v := g.None
			n := 0
			for _, a := range g.Atoms {
				if s[a] {
					v = a
					n++
				}
			}
			if n > 1 || v == "" {
				t.Fatalf("group %s holds %d atoms in %v", g.Name, n, slices.Sorted(maps.Keys(s)))
			}
			if err := e.SetValue(g.Name, v); err != nil {
				t.Fatal(err)
			}
		}
		for k := range s {
			if _, grouped := group[k]; !grouped {
				if err := e.SetValue(k, true); err != nil {
					t.Fatal(err)
				}
			}
		}
		return e
	}
	if !encode(states[0]).Equal(start) {
		t.Fatalf("start %v, want %v", start, encode(states[0]))
	}
	for _, s := range states {
		e := encode(s)
		met := true
		for k, v := range task.Spec.Goals[0].Desired {
			met = met && s[k] == v.(bool)
		}
		if e.Satisfies(goal) != met {
			t.Fatalf("goal: %v in the encoding, %v on atoms %v", !met, met, slices.Sorted(maps.Keys(s)))
		}
		for ai, a := range task.Spec.Actions {
			next, ok := applyAtoms(s, a)
			if d.Applicable(e, goap.ActionID(ai)) != ok {
				t.Fatalf("%s: applicable %v on atoms %v, not in the encoding", a.Name, ok, slices.Sorted(maps.Keys(s)))
			}
			if !ok {
				continue
			}
			en := e.Clone()
			d.Apply(en, goap.ActionID(ai))
			if want := encode(next); !en.Equal(want) {
				t.Fatalf("%s from %v: got %v, want %v", a.Name, slices.Sorted(maps.Keys(s)), en, want)
			}
		}
	}
	return true
}

// mutexTask writes a small STRIPS task whose actions mostly move a token
// (require and delete one atom, add another that shares an argument), as
// the domains with invariants do, with now and then an extra add, an
// extra delete (required or not), a negative precondition, or a second
// atom true at the start: some candidates hold, some fail.
func mutexTask(r *rand.Rand) (domain, problem string) {
	nObj := 2 + r.Intn(2)
	var objs []string
	for i := range nObj {
		objs = append(objs, fmt.Sprintf("o%d", i))
	}
	arity := make([]int, 2+r.Intn(3))
	var preds []string
	for i := range arity {
		arity[i] = r.Intn(3)
		p := fmt.Sprintf("(p%d", i)
		for j := range arity[i] {
			p += fmt.Sprintf(" ?v%d", j)
		}
		preds = append(preds, p+")")
	}
	params := []string{"?x", "?y", "?z"}
	atom := func(pred int, vars []string) string {
		s := fmt.Sprintf("(p%d", pred)
		for range arity[pred] {
			s += " " + vars[r.Intn(len(vars))]
		}
		return s + ")"
	}
	var acts []string
	for i, n := 0, 1+r.Intn(4); i < n; i++ {
		var pre, eff []string
		if r.Intn(5) > 0 {
			p := r.Intn(len(arity))
			from := atom(p, params[:1+r.Intn(2)])
			to := atom(r.Intn(len(arity)), params)
			if r.Intn(2) == 0 && arity[p] > 0 {
				// the same token moves: same predicate, same first
				// argument
				f := strings.Fields(strings.Trim(from, "()"))
				f[len(f)-1] = params[r.Intn(len(params))]
				to = "(" + strings.Join(f, " ") + ")"
			}
			pre = append(pre, from)
			eff = append(eff, "(not "+from+")", to)
		}
		switch r.Intn(12) {
		case 0:
			eff = append(eff, atom(r.Intn(len(arity)), params))
		case 1:
			eff = append(eff, "(not "+atom(r.Intn(len(arity)), params)+")")
		case 2:
			a := atom(r.Intn(len(arity)), params)
			pre = append(pre, a)
			eff = append(eff, "(not "+a+")")
		case 3:
			pre = append(pre, "(not "+atom(r.Intn(len(arity)), params)+")")
		case 4:
			pre = append(pre, atom(r.Intn(len(arity)), params))
		}
		if len(eff) == 0 {
			eff = append(eff, atom(r.Intn(len(arity)), params))
		}
		acts = append(acts, fmt.Sprintf("(:action a%d :parameters (?x ?y ?z) :precondition (and %s) :effect (and %s))",
			i, strings.Join(pre, " "), strings.Join(eff, " ")))
	}
	init := map[string]bool{}
	for i, n := 0, 1+r.Intn(len(arity)+1); i < n; i++ {
		init[atom(r.Intn(len(arity)), objs)] = true
	}
	goal := atom(r.Intn(len(arity)), objs)
	domain = fmt.Sprintf("(define (domain m) (:requirements :strips :negative-preconditions)\n (:predicates %s)\n %s)\n",
		strings.Join(preds, " "), strings.Join(acts, "\n "))
	problem = fmt.Sprintf("(define (problem p) (:domain m) (:objects %s)\n (:init %s)\n (:goal %s))\n",
		strings.Join(objs, " "), strings.Join(slices.Sorted(maps.Keys(init)), " "), goal)
	return domain, problem
}

// TestMutexInvariantsHold: on random small tasks, every reachable state
// (explored exhaustively on the atoms) meets the groups found, and the
// encoded domain moves as the atoms do; the optimal costs of both
// encodings agree.
func TestMutexInvariantsHold(t *testing.T) {
	r := rand.New(rand.NewSource(26))
	checked, grouped, big := 0, 0, 0
	for i := range 300 {
		ds, ps := mutexTask(r)
		task := groundText(t, ds, ps)
		if !checkBothEncodings(t, task, 2) {
			big++
			continue
		}
		checked++
		if len(task.Groups) > 0 {
			grouped++
		}
		plain := *task
		plain.Groups = nil
		var costs []string
		for _, tk := range []*Task{task, &plain} {
			d, start, goal, err := tk.Compile()
			if err != nil {
				t.Fatal(err)
			}
			p := goap.NewPlanner(d)
			p.Options = goap.Options{Direction: goap.Forward, Heuristic: goap.LMCut}
			res := p.Plan(context.Background(), start, goal)
			costs = append(costs, fmt.Sprintf("%v %v", res.Status, res.Cost))
		}
		if costs[0] != costs[1] {
			t.Fatalf("task %d: groups %v, plain %v\n%s%s", i, costs[0], costs[1], ds, ps)
		}
	}
	t.Logf("%d tasks checked, %d with groups, %d too big to explore", checked, grouped, big)
	if grouped < checked/8 || grouped > checked*9/10 {
		t.Errorf("%d of %d tasks have groups: the generator should mix both", grouped, checked)
	}
}

// TestGripperStaysSymmetric: gripper's balls are twins, so the default
// search (Auto, symmetry on) plans task05 and task07 over one state per
// set of twins, in both encodings: about a hundred expansions, where a
// search that cannot see the twins makes hundreds of thousands (task07:
// ten million).
func TestGripperStaysSymmetric(t *testing.T) {
	for _, in := range []instance{{domain: "gripper", task: "task05", optimal: 35}, {domain: "gripper", task: "task07", optimal: 47}} {
		for _, mutex := range []bool{true, false} {
			o := solveEncoded(t, in, goap.Options{MaxExpansions: 2000}, time.Minute, mutex)
			if o.res.Status != goap.Found || o.res.Cost != in.optimal || o.res.Expanded > 500 {
				t.Errorf("%v (mutex groups %v): %v cost %v after %d expansions, want cost %v within 500", in, mutex, o.res.Status, o.res.Cost, o.res.Expanded, in.optimal)
			}
		}
	}
}
