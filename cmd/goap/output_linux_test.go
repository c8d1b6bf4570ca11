package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestLostFileFails checks that a file a command writes besides its
// standard output (goap sim --record, goap pddl --export) fails the
// command when it cannot be written: /dev/full accepts the open and
// refuses every write. goap sim --record used to exit 0 in silence (a
// shadowed err in its deferred flush).
func TestLostFileFails(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"sim", "testdata/pirate_sim.yaml", "--record", "/dev/full"}, "goap sim: --record /dev/full: write /dev/full: no space left on device"},
		{[]string{"sim", "testdata/pirate_sim.yaml", "--record", "/dev/full", "--json"}, "--record /dev/full: write /dev/full: no space left on device"},
		{[]string{"pddl", "testdata/pddl/gripper-domain.pddl", "testdata/pddl/gripper-task01.pddl", "--export", "/dev/full"}, "goap pddl: write /dev/full: no space left on device"},
	} {
		stdout, stderr, code := runGoap(t, c.args...)
		if code != exitUsage {
			t.Errorf("%v: exit %d, want %d\nstderr: %s", c.args, code, exitUsage, stderr)
		}
		if !strings.Contains(stdout+stderr, c.want) {
			t.Errorf("%v: output lacks %q\nstdout: %s\nstderr: %s", c.args, c.want, stdout, stderr)
		}
	}
	// A directory that does not exist fails at the open, as before.
	_, stderr, code := runGoap(t, "sim", "testdata/pirate_sim.yaml", "--record", filepath.Join(t.TempDir(), "no", "rec"))
	if code != exitUsage || !strings.Contains(stderr, "--record") {
		t.Errorf("--record in a missing directory: exit %d\n%s", code, stderr)
	}
}
