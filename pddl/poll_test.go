package pddl

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"
)

// bigTask is a domain and a problem with n static link atoms between 2,000
// cities: the problem takes about n*20 bytes.
func bigTask(n int) (domain, problem []byte) {
	domain = []byte(`(define (domain d3) (:requirements :strips)
 (:predicates (at ?x) (link ?x ?y))
 (:action go :parameters (?a ?b) :precondition (and (at ?a) (link ?a ?b)) :effect (and (at ?b) (not (at ?a)))))`)
	var b strings.Builder
	b.WriteString("(define (problem p3) (:domain d3) (:objects")
	for i := range 2000 {
		fmt.Fprintf(&b, " c%d", i)
	}
	b.WriteString(") (:init (at c0)")
	for i := range n {
		fmt.Fprintf(&b, " (link c%d c%d)", i%2000, (i*7+1)%2000)
	}
	b.WriteString(") (:goal (at c1999)))")
	return domain, []byte(b.String())
}

// TestParseContext checks that ParseProblemContext stops with the
// context's cause soon after the context is done, reading the
// s-expressions (at a tenth of a whole parse's time) or the initial atoms
// (at 70 %); ParseProblem used to run to the end.
func TestParseContext(t *testing.T) {
	if testing.Short() {
		t.Skip("parses a problem of 6 MB several times")
	}
	ds, ps := bigTask(300_000)
	d, err := ParseDomainContext(context.Background(), "d3.pddl", ds)
	if err != nil {
		t.Fatal(err)
	}
	t0 := time.Now()
	if _, err := ParseProblemContext(context.Background(), "p3.pddl", ps, d); err != nil {
		t.Fatal(err)
	}
	whole := time.Since(t0)
	for _, part := range []float64{0.1, 0.7} {
		deadline := time.Duration(float64(whole) * part)
		ctx, cancel := context.WithTimeout(context.Background(), deadline)
		t0 := time.Now()
		pr, err := ParseProblemContext(ctx, "p3.pddl", ps, d)
		took := time.Since(t0)
		cancel()
		if pr != nil && took < deadline {
			continue // faster than the first time (a shared machine)
		}
		if pr != nil || !errors.Is(err, context.DeadlineExceeded) {
			t.Errorf("deadline %v of %v: got %v; want context.DeadlineExceeded", deadline, whole, err)
			continue
		}
		if took > deadline+whole/4 {
			t.Errorf("deadline %v: the parse stopped after %v (a whole parse takes %v)", deadline, took, whole)
		}
	}
}

// TestContextCause checks that every stage stopped by a context cancelled
// with a cause (cmd/goap's memory watchdog) returns that cause.
func TestContextCause(t *testing.T) {
	ds, ps := bigTask(10)
	d, err := ParseDomain("d3.pddl", ds)
	if err != nil {
		t.Fatal(err)
	}
	pr, err := ParseProblem("p3.pddl", ps, d)
	if err != nil {
		t.Fatal(err)
	}
	task, err := Ground(d, pr)
	if err != nil {
		t.Fatal(err)
	}
	cause := errors.New("memory limit")
	ctx, cancel := context.WithCancelCause(context.Background())
	cancel(cause)
	if _, err := ParseDomainContext(ctx, "d3.pddl", ds); err != cause {
		t.Errorf("ParseDomainContext: %v", err)
	}
	if _, err := ParseProblemContext(ctx, "p3.pddl", ps, d); err != cause {
		t.Errorf("ParseProblemContext: %v", err)
	}
	if _, err := GroundContext(ctx, d, pr, Limits{}); err != cause {
		t.Errorf("GroundContext: %v", err)
	}
	if dom, _, _, err := task.CompileContext(ctx); dom != nil || !errors.Is(err, cause) {
		t.Errorf("CompileContext: %v", err)
	}
	if dom, start, goal, err := task.CompileContext(context.Background()); err != nil || dom.NumActions() != len(task.Spec.Actions) || start.IsZero() || goal == nil {
		t.Errorf("CompileContext, live: %v", err)
	}
}
