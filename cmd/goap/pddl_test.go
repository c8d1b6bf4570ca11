package main

import (
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestPddlExport checks that goap plan finds a plan of the same cost in
// the designer file that goap pddl --export writes.
func TestPddlExport(t *testing.T) {
	for _, c := range []struct{ domain, problem, cost string }{
		{"gripper-domain.pddl", "gripper-task01.pddl", "11"},
		{"elevators-domain.pddl", "elevators-p02.pddl", "26"},
	} {
		out := filepath.Join(t.TempDir(), "task.yaml")
		stdout, stderr, code := runGoap(t, "pddl", "testdata/pddl/"+c.domain, "testdata/pddl/"+c.problem)
		if code != 0 || !strings.Contains(stdout, "; cost = "+c.cost+"\n") {
			t.Fatalf("pddl: exit %d\n%s%s", code, stdout, stderr)
		}
		if _, stderr, code := runGoap(t, "pddl", "testdata/pddl/"+c.domain, "testdata/pddl/"+c.problem, "--export", out); code != 0 {
			t.Fatalf("pddl --export: exit %d: %s", code, stderr)
		}
		stdout, stderr, code = runGoap(t, "plan", out)
		if code != 0 || !strings.Contains(stdout, "total cost "+c.cost+" ") {
			t.Fatalf("plan on the export: exit %d\n%s%s", code, stdout, stderr)
		}
	}
}

// TestPddlNegativeGoals checks goals that no state can meet: a negative
// literal on an atom that is true at the start and that no action
// deletes (a static atom, compiled away by the grounder), and a goal that
// asks for an atom and its negation. goap pddl finds no plan, and neither
// export has one: the ground export keeps the static atom in its start,
// the lifted export settles the goal when it writes it and says that it
// can never hold.
func TestPddlNegativeGoals(t *testing.T) {
	never := "goal:\n    " + exportGoalNever + ": true\n"
	for _, c := range []struct{ domain, problem, ground, lifted string }{
		{"neg-static-domain.pddl", "neg-static-goal.pddl", "start:\n    p: true\ngoal:\n    p: false\n", never},
		{"neg-static-domain.pddl", "neg-static-and.pddl", "start:\n    p: true\ngoal:\n    p: false\n    q: true\n", never},
		{"neg-contradiction-domain.pddl", "neg-contradiction-goal.pddl", "goal:\n    (and q (not q)): true\n    q: true\n", never},
	} {
		t.Run(c.problem, func(t *testing.T) {
			args := []string{"pddl", "testdata/pddl/" + c.domain, "testdata/pddl/" + c.problem}
			stdout, stderr, code := runGoap(t, args...)
			if code != 1 || !strings.HasPrefix(stdout, "; no plan exists\n") {
				t.Fatalf("pddl: exit %d\n%s%s", code, stdout, stderr)
			}
			for _, x := range []struct{ flag, want string }{{"--export-ground", c.ground}, {"--export", c.lifted}} {
				out := filepath.Join(t.TempDir(), "task.yaml")
				if _, stderr, code := runGoap(t, append(args, x.flag, out)...); code != 0 {
					t.Fatalf("pddl %s: exit %d: %s", x.flag, code, stderr)
				}
				data, err := os.ReadFile(out)
				if err != nil {
					t.Fatal(err)
				}
				if !strings.HasSuffix(string(data), x.want) {
					t.Errorf("%s: export ends\n%s\nwant it to end\n%s", x.flag, data, x.want)
				}
				stdout, stderr, code = runGoap(t, "plan", out)
				if code != 1 || !strings.Contains(stdout, "no plan reaches goal") {
					t.Fatalf("%s: plan on the export: exit %d\n%s%s", x.flag, code, stdout, stderr)
				}
			}
		})
	}
}

// TestPddlExportRoundTrip grounds random small tasks and checks that the
// designer files goap pddl --export (lifted) and --export-ground write
// load in goap plan and give the task's answer: the same cost, or no plan either. Grounding may
// leave no action, or no goal condition (every goal literal true for
// good), which goap plan refused (142 of 1,013 random tasks); goals may
// hold equalities over objects.
func TestPddlExportRoundTrip(t *testing.T) {
	r := rand.New(rand.NewSource(24))
	dir := t.TempDir()
	domain, problem, out := filepath.Join(dir, "d.pddl"), filepath.Join(dir, "p.pddl"), filepath.Join(dir, "task.yaml")
	kinds := map[string]int{}
	for i := range 200 {
		ds, ps := randomPDDL(r)
		if err := os.WriteFile(domain, []byte(ds), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(problem, []byte(ps), 0o644); err != nil {
			t.Fatal(err)
		}
		stdout, stderr, code := runGoap(t, "pddl", domain, problem)
		if code == exitUsage {
			t.Fatalf("task %d: exit %d: %s\n%s%s", i, code, stderr, ds, ps)
		}
		want := "no plan"
		if code == 0 {
			want = "total cost " + pddlCost(t, stdout) + " "
		}
		for _, flag := range []string{"--export-ground", "--export"} {
			if _, stderr, code := runGoap(t, "pddl", domain, problem, flag, out); code != 0 {
				t.Fatalf("task %d: %s: exit %d: %s\n%s%s", i, flag, code, stderr, ds, ps)
			}
			data, _ := os.ReadFile(out)
			switch {
			case strings.Contains(string(data), exportNoAction):
				kinds[flag+" no action"]++
			case strings.Contains(string(data), exportGoalHolds):
				kinds[flag+" goal holds"]++
			}
			stdout, stderr, code = runGoap(t, "plan", out)
			if code == exitUsage || !strings.Contains(stdout, want) {
				t.Fatalf("task %d: goap plan on the %s file: exit %d, want %q\n%s%s\n%s%s\n%s", i, flag, code, want, stdout, stderr, ds, ps, data)
			}
		}
		kinds[want[:7]]++
	}
	t.Logf("%v", kinds)
	for _, k := range []string{"--export-ground no action", "--export-ground goal holds", "--export no action", "--export goal holds", "no plan", "total c"} {
		if kinds[k] < 5 {
			t.Errorf("only %d tasks of kind %q: the generator should make more", kinds[k], k)
		}
	}
}

// pddlCost reads the cost goap pddl printed.
func pddlCost(t *testing.T, stdout string) string {
	t.Helper()
	for _, l := range strings.Split(stdout, "\n") {
		if c, ok := strings.CutPrefix(l, "; cost = "); ok {
			return c
		}
	}
	t.Fatalf("no cost in\n%s", stdout)
	return ""
}

// randomPDDL makes a small random STRIPS task: predicates of arity 0 to
// 2 over three objects, actions with one parameter, goals that mix
// positive and negative literals, atoms true at the start, and
// equalities between objects.
func randomPDDL(r *rand.Rand) (domain, problem string) {
	objs := []string{"o1", "o2", "o3"}
	preds := []int{r.Intn(3), r.Intn(3), r.Intn(3)} // arities of p0..p2
	atom := func(p int, args ...string) string {
		return "(" + strings.TrimSpace("p"+strconv.Itoa(p)+" "+strings.Join(args[:preds[p]], " ")) + ")"
	}
	lit := func(p int, neg bool, args ...string) string {
		if neg {
			return "(not " + atom(p, args...) + ")"
		}
		return atom(p, args...)
	}
	var predDecl, acts []string
	for p, n := range preds {
		predDecl = append(predDecl, "("+strings.TrimSpace("p"+strconv.Itoa(p)+" "+strings.Join([]string{"?a", "?b"}[:n], " "))+")")
	}
	for i, n := 0, r.Intn(3); i < n; i++ {
		var pre, eff []string
		for j, m := 0, r.Intn(3); j < m; j++ {
			pre = append(pre, lit(r.Intn(3), r.Intn(3) == 0, "?x", "?x"))
		}
		for j, m := 0, 1+r.Intn(2); j < m; j++ {
			eff = append(eff, lit(r.Intn(3), r.Intn(3) == 0, "?x", "?x"))
		}
		acts = append(acts, fmt.Sprintf("(:action a%d :parameters (?x) :precondition (and %s) :effect (and %s))", i, strings.Join(pre, " "), strings.Join(eff, " ")))
	}
	domain = fmt.Sprintf("(define (domain rnd) (:requirements :strips :negative-preconditions :equality)\n (:predicates %s)\n %s)\n",
		strings.Join(predDecl, " "), strings.Join(acts, "\n "))
	obj := func() string { return objs[r.Intn(len(objs))] }
	var init, goal []string
	for i, n := 0, r.Intn(4); i < n; i++ {
		init = append(init, atom(r.Intn(3), obj(), obj()))
	}
	for i, n := 0, 1+r.Intn(3); i < n; i++ {
		switch r.Intn(5) {
		case 0:
			eq := "(= " + obj() + " " + obj() + ")"
			if r.Intn(2) == 0 {
				eq = "(not " + eq + ")"
			}
			goal = append(goal, eq)
		case 1:
			if len(init) > 0 {
				goal = append(goal, init[r.Intn(len(init))]) // true at the start
				continue
			}
			fallthrough
		default:
			goal = append(goal, lit(r.Intn(3), r.Intn(3) == 0, obj(), obj()))
		}
	}
	problem = fmt.Sprintf("(define (problem p) (:domain rnd) (:objects %s)\n (:init %s)\n (:goal (and %s)))\n",
		strings.Join(objs, " "), strings.Join(init, " "), strings.Join(goal, " "))
	return domain, problem
}
