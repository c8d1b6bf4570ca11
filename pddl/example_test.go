package pddl_test

import (
	"context"
	"fmt"

	"github.com/goap-go/goap"
	"github.com/goap-go/goap/pddl"
)

// A STRIPS domain and problem, parsed, grounded into a goap domain and
// planned with LM-cut, the strongest admissible heuristic.
func Example() {
	domain, err := pddl.ParseDomain("switch.pddl", []byte(`
(define (domain switch)
  (:requirements :strips :typing)
  (:types lamp)
  (:predicates (on ?l - lamp) (powered))
  (:action power :parameters () :precondition (and) :effect (powered))
  (:action switch-on :parameters (?l - lamp)
    :precondition (powered) :effect (on ?l)))`))
	if err != nil {
		panic(err)
	}
	problem, err := pddl.ParseProblem("two.pddl", []byte(`
(define (problem two) (:domain switch)
  (:objects hall kitchen - lamp)
  (:init)
  (:goal (and (on hall) (on kitchen))))`), domain)
	if err != nil {
		panic(err)
	}
	task, err := pddl.Ground(domain, problem)
	if err != nil {
		panic(err)
	}
	d, start, goal, err := task.Compile()
	if err != nil {
		panic(err)
	}
	p := goap.NewPlanner(d)
	p.Options.Heuristic = goap.LMCut
	res := p.Plan(context.Background(), start, goal)
	fmt.Println(res.Status, res.Cost, d.ActionNames(res.Plan))
	// Output: found 3 [power switch-on hall switch-on kitchen]
}
