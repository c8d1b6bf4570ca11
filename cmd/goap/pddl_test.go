package main

import (
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
