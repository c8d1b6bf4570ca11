package pddl

import (
	"context"
	"errors"
	"os"
	"strings"
	"testing"
)

const miniDomain = `(define (domain mini)
  (:requirements :strips :typing :negative-preconditions :equality :action-costs)
  (:types room ball - object)
  (:constants home - room)
  (:predicates (at ?b - ball ?r - room) (robot ?r - room) (lit ?r - room))
  (:functions (total-cost) - number (dist ?a ?b - room) - number)
  (:action go
    :parameters (?from ?to - room)
    :precondition (and (robot ?from) (not (= ?from ?to)) (not (lit ?to)))
    :effect (and (not (robot ?from)) (robot ?to) (increase (total-cost) (dist ?from ?to))))
  (:action carry
    :parameters (?b - ball ?from ?to - room)
    :precondition (and (robot ?from) (at ?b ?from))
    :effect (and (not (at ?b ?from)) (at ?b ?to) (not (robot ?from)) (robot ?to) (increase (total-cost) 3))))
`

const miniProblem = `(define (problem p) (:domain MINI)
  (:objects r1 r2 - room b1 - ball)
  (:init (robot home) (at b1 r1) (at b1 r1) (lit r2)
    (= (dist home r1) 2) (= (dist r1 home) 2) (= (dist home r2) 1) (= (dist r2 home) 1)
    (= (dist r1 r2) 5) (= (dist r2 r1) 5) (= (total-cost) 0))
  (:goal (and (at b1 home) (not (robot r1))))
  (:metric minimize (total-cost)))
`

func TestParseMini(t *testing.T) {
	d, err := ParseDomain("mini.pddl", []byte(miniDomain))
	if err != nil {
		t.Fatal(err)
	}
	pr, err := ParseProblem("p.pddl", []byte(miniProblem), d)
	if err != nil {
		t.Fatal(err)
	}
	if len(pr.Init) != 3 || !pr.Metric || pr.Values["dist home r1"] != 2 || !d.ActionCosts {
		t.Fatalf("init %v metric %v values %v", pr.Init, pr.Metric, pr.Values)
	}
	task, names := groundNames(t, d, pr)
	// go never enters the lit room r2 (static negative precondition) and
	// never stays put (inequality); carry reaches r2.
	want := "go home r1|go r1 home|go r2 home|go r2 r1|carry b1 home home|carry b1 home r1|carry b1 home r2|carry b1 r1 home|carry b1 r1 r1|carry b1 r1 r2|carry b1 r2 home|carry b1 r2 r1|carry b1 r2 r2"
	if got := strings.Join(names, "|"); got != want {
		t.Errorf("ground actions\n got %s\nwant %s", got, want)
	}
	for _, a := range task.Spec.Actions {
		if a.Name == "carry b1 r1 r1" {
			// Deletes apply first, then adds: the robot stays.
			if v, ok := a.Effects["robot r1"]; !ok || v != true {
				t.Errorf("carry b1 r1 r1 effects %v", a.Effects)
			}
		}
		if a.Name == "go home r1" && a.Cost != 2 {
			t.Errorf("go home r1 costs %v", a.Cost)
		}
	}
}

func TestParseErrors(t *testing.T) {
	cases := []struct{ src, want string }{
		{"", "d.pddl:1:1: empty file"},
		{"(define (domain x)", "d.pddl:1:1: unclosed ("},
		{"(define (domain x)) )", "d.pddl:1:21: unexpected text"},
		{"(define (domain x)\n (:predicates (red\x1b[31m)))", "d.pddl:2:19: a name contains the control character U+001B"},
		{"(define (domain caf\xe9))", "d.pddl:1:20: a name is not valid UTF-8 here (byte 0xE9)"},
		{"(define (domain x\x00))", "d.pddl:1:18: a name contains the control character U+0000"},
		{"(define (domain x)\n (:predicates (p))\n (:action a :parameters () :precondition (p)\n  :effect (when (p) (not (p)))))",
			`d.pddl:4:12: unsupported feature "when" (conditional effects)`},
		{"(define (domain x) (:predicates (p)) (:action a :parameters (?x) :precondition (or (p) (p)) :effect (p)))",
			`d.pddl:1:81: unsupported feature "or" (disjunctive preconditions)`},
		{"(define (domain x) (:predicates (p)) (:action a :parameters (?x) :precondition (forall (?y) (p)) :effect (p)))",
			`unsupported feature "forall"`},
		{"(define (domain x) (:predicates (p)) (:action a :parameters (?x) :precondition (exists (?y) (p)) :effect (p)))",
			`unsupported feature "exists"`},
		{"(define (domain x) (:predicates (p)) (:action a :parameters (?x) :precondition (imply (p) (p)) :effect (p)))",
			`unsupported feature "imply"`},
		{"(define (domain x) (:predicates (p)) (:derived (p) (p)))", `d.pddl:1:39: unsupported feature ":derived" (derived predicates)`},
		{"(define (domain x) (:durative-action a))", `unsupported feature ":durative-action" (durative actions)`},
		{"(define (domain x) (:functions (fuel)) (:predicates (p)) (:action a :parameters () :effect (increase (fuel) 1)))",
			`unsupported feature "increase" (numeric fluents)`},
		{"(define (domain x) (:functions (fuel)) (:predicates (p)) (:action a :parameters () :precondition (> (fuel) 1) :effect (p)))",
			`unsupported feature ">" (numeric conditions)`},
		{"(define (domain x) (:types a - (either b c)))", `unsupported feature "either"`},
		{"(define (domain x) (:predicates (p ?x)) (:action a :parameters (?x) :effect (p ?y)))", "d.pddl:1:80: unknown variable ?y"},
		{"(define (domain x) (:predicates (p ?x)) (:action a :parameters (?x) :effect (q ?x)))", `unknown predicate "q"`},
		{"(define (domain x) (:predicates (p ?x)) (:action a :parameters (?x) :effect (p)))", `predicate "p" takes 1 arguments, got 0`},
		{"(define (domain x) (:types a - b))", `type "a" has unknown parent type "b"`},
		{"(define (domain x) (:predicates (p ?x)) (:action a :parameters (?x ?y) :effect (= ?x ?y)))", "equality is only supported in preconditions and goals"},
	}
	for _, c := range cases {
		_, err := ParseDomain("d.pddl", []byte(c.src))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q:\n got %v\nwant %s", c.src, err, c.want)
		}
	}
	d, err := ParseDomain("mini.pddl", []byte(miniDomain))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ src, want string }{
		{"(define (problem p) (:domain other) (:init) (:goal (and)))", `p.pddl:1:30: problem is for domain "other", not "mini"`},
		{"(define (problem p) (:domain mini) (:init (robot nowhere)) (:goal (and)))", `p.pddl:1:50: unknown object or constant "nowhere"`},
		{"(define (problem p) (:domain mini) (:init) (:goal (and)) (:metric maximize (total-cost)))", `unsupported feature ":metric"`},
		{"(define (problem p) (:domain mini) (:init))", "missing (:goal"},
		{"(define (problem p) (:domain mini) (:objects b - ball) (:init) (:goal (robot b)))", "b has type ball, want room"},
	} {
		_, err := ParseProblem("p.pddl", []byte(c.src), d)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q:\n got %v\nwant %s", c.src, err, c.want)
		}
	}
}

func FuzzParse(f *testing.F) {
	f.Add([]byte(miniDomain), []byte(miniProblem))
	for _, dir := range []string{"gripper", "blocks", "logistics", "miconic"} {
		ds, _ := os.ReadFile("testdata/" + dir + "/domain.pddl")
		ps, _ := os.ReadFile("testdata/" + dir + "/task01.pddl")
		f.Add(ds, ps)
	}
	ds, _ := os.ReadFile("testdata/elevators-opt08-strips/domain.pddl")
	ps, _ := os.ReadFile("testdata/elevators-opt08-strips/p01.pddl")
	f.Add(ds, ps)
	f.Add([]byte(eitherDomain), []byte(eitherProblem))
	f.Fuzz(func(t *testing.T, dsrc, psrc []byte) {
		d, err := ParseDomain("d.pddl", dsrc)
		if err != nil {
			if _, ok := err.(*Error); !ok {
				t.Fatalf("error of type %T: %v", err, err)
			}
			return
		}
		pr, err := ParseProblem("p.pddl", psrc, d)
		if err != nil {
			if _, ok := err.(*Error); !ok {
				t.Fatalf("error of type %T: %v", err, err)
			}
			return
		}
		// Small limits keep each input fast; hitting them must give a
		// positioned error like any other.
		task, err := GroundContext(context.Background(), d, pr, Limits{MaxBindings: 200_000, MaxGroundActions: 2000, MaxAtoms: 20_000})
		if err != nil {
			var e *Error
			if !errors.As(err, &e) || e.Line == 0 {
				t.Fatalf("grounding error without a position: %v", err)
			}
			return
		}
		if len(task.Spec.Actions) < 2000 {
			if _, _, _, err := task.Compile(); err != nil {
				t.Fatalf("grounded spec does not compile: %v", err)
			}
		}
	})
}

// TestGroundingLimits checks that a task too large to ground is refused
// with an error at the action schema that blew up, naming the limit.
func TestGroundingLimits(t *testing.T) {
	dom := `(define (domain big)
  (:requirements :strips)
  (:predicates (p ?a ?b ?c ?d))
  (:action make
    :parameters (?a ?b ?c ?d)
    :precondition (and)
    :effect (p ?a ?b ?c ?d)))`
	prob := `(define (problem big1) (:domain big)
  (:objects o1 o2 o3 o4 o5 o6 o7 o8 o9 o10)
  (:init) (:goal (p o1 o2 o3 o4)))`
	d, err := ParseDomain("big.pddl", []byte(dom))
	if err != nil {
		t.Fatal(err)
	}
	pr, err := ParseProblem("big1.pddl", []byte(prob), d)
	if err != nil {
		t.Fatal(err)
	}
	// 10^4 ground actions from 3 x 11,110 candidate bindings (two rounds of
	// reachability, then instantiation), and 10^4 atoms.
	ground := func(lim Limits) (*Task, error) { return GroundContext(context.Background(), d, pr, lim) }
	if task, err := ground(Limits{MaxBindings: 40_000, MaxGroundActions: 20_000, MaxAtoms: 10_000}); err != nil || len(task.Spec.Actions) != 10_000 {
		t.Fatalf("within the limits: %v", err)
	}
	for _, c := range []struct {
		lim   Limits
		limit string
		want  string
	}{
		{Limits{MaxBindings: 15_000}, "bindings", "big.pddl:4:3: grounding stopped in action make: more than 15000 candidate bindings"},
		{Limits{MaxGroundActions: 999}, "ground actions", "big.pddl:4:3: grounding stopped in action make: more than 999 reachable ground actions"},
		{Limits{MaxAtoms: 500}, "atoms", "big.pddl:4:3: grounding stopped in action make: more than 500 reachable atoms"},
		// Estimated before any work: 10^4 bindings of a schema without a
		// precondition to join on.
		{Limits{MaxBindings: 9999}, "bindings", "big.pddl:4:3: grounding stopped in action make: 10000 candidate bindings (4 parameters over their types' objects), more than 9999"},
	} {
		_, err := ground(c.lim)
		var le *LimitError
		if !errors.As(err, &le) || le.Limit != c.limit || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("limits %+v:\n got %v\nwant %s...", c.lim, err, c.want)
		}
		var pe *Error
		if !errors.As(err, &pe) || pe.Line != 4 {
			t.Errorf("limits %+v: no position in %v", c.lim, err)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := GroundContext(ctx, d, pr, Limits{}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled context: %v", err)
	}
}

// eitherDomain and eitherProblem use (either ...) parameter types.
const eitherDomain = `
(define (domain either)
  (:requirements :strips :typing)
  (:types movable city rock - object person aircraft - movable)
  (:predicates (at ?x - (either person aircraft) ?c - city) (seen ?x - (either person aircraft)))
  (:action look :parameters (?x - (either person aircraft) ?c - city)
    :precondition (at ?x ?c) :effect (seen ?x)))`

const eitherProblem = `
(define (problem p) (:domain either)
  (:objects ann - person plane - aircraft paris - city stone - rock)
  (:init (at ann paris) (at plane paris))
  (:goal (and (seen ann) (seen plane))))`

// TestEitherTypes: a parameter of type (either a b) ranges over the
// objects of both types and of their subtypes, and nothing else.
func TestEitherTypes(t *testing.T) {
	d, err := ParseDomain("either.pddl", []byte(eitherDomain))
	if err != nil {
		t.Fatal(err)
	}
	pr, err := ParseProblem("p.pddl", []byte(eitherProblem), d)
	if err != nil {
		t.Fatal(err)
	}
	_, names := groundNames(t, d, pr)
	if got := strings.Join(names, ", "); got != "look ann paris, look plane paris" {
		t.Errorf("ground actions: %s", got)
	}
	for _, c := range []struct{ src, want string }{
		{"(define (domain x) (:types a) (:predicates (p ?x - (either a zz))))", `unknown type`},
		{"(define (domain x) (:types a) (:predicates (p ?x - (either))))", `(either) names no type`},
		{"(define (domain x) (:types a) (:predicates (p ?x - (either a (b)))))", `want a type name in (either ...), got a list`},
	} {
		if _, err := ParseDomain("d.pddl", []byte(c.src)); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: got %v, want %q", c.src, err, c.want)
		}
	}
}

// groundNames grounds pr and returns the task and the names of its
// actions, in order.
func groundNames(t *testing.T, d *Domain, pr *Problem) (*Task, []string) {
	t.Helper()
	task, err := Ground(d, pr)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, a := range task.Spec.Actions {
		names = append(names, a.Name)
	}
	return task, names
}
