package main

import (
	"os"
	"path/filepath"
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
// asks for an atom and its negation. goap pddl finds no plan, and the
// designer file --export writes has none either: it keeps the static
// atom in its start.
func TestPddlNegativeGoals(t *testing.T) {
	for _, c := range []struct{ domain, problem, export string }{
		{"neg-static-domain.pddl", "neg-static-goal.pddl", "start:\n    p: true\ngoal:\n    p: false\n"},
		{"neg-static-domain.pddl", "neg-static-and.pddl", "start:\n    p: true\ngoal:\n    p: false\n    q: true\n"},
		{"neg-contradiction-domain.pddl", "neg-contradiction-goal.pddl", "goal:\n    (and q (not q)): true\n    q: true\n"},
	} {
		t.Run(c.problem, func(t *testing.T) {
			args := []string{"pddl", "testdata/pddl/" + c.domain, "testdata/pddl/" + c.problem}
			stdout, stderr, code := runGoap(t, args...)
			if code != 1 || !strings.HasPrefix(stdout, "; no plan exists\n") {
				t.Fatalf("pddl: exit %d\n%s%s", code, stdout, stderr)
			}
			out := filepath.Join(t.TempDir(), "task.yaml")
			if _, stderr, code := runGoap(t, append(args, "--export", out)...); code != 0 {
				t.Fatalf("pddl --export: exit %d: %s", code, stderr)
			}
			data, err := os.ReadFile(out)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.HasSuffix(string(data), c.export) {
				t.Errorf("export ends\n%s\nwant it to end\n%s", data, c.export)
			}
			stdout, stderr, code = runGoap(t, "plan", out)
			if code != 1 || !strings.Contains(stdout, "no plan reaches goal") {
				t.Fatalf("plan on the export: exit %d\n%s%s", code, stdout, stderr)
			}
		})
	}
}
