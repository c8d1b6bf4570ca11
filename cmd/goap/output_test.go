package main

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"
)

// fullWriter fails every write after the first n bytes, as a full disk
// does.
type fullWriter struct {
	n int
}

var errFull = errors.New("no space left on device")

func (w *fullWriter) Write(p []byte) (int, error) {
	if len(p) > w.n {
		k := w.n
		w.n = 0
		return k, errFull
	}
	w.n -= len(p)
	return len(p), nil
}

// TestLostOutputFails checks that a command whose standard output cannot
// be written fails with exit status 2 and says so, whatever it printed:
// each of these used to exit 0 (or 1) with its result lost.
func TestLostOutputFails(t *testing.T) {
	for _, args := range [][]string{
		{"plan", "testdata/guard.yaml"},
		{"plan", "testdata/guard_no_findammo.yaml"}, // exit 1 otherwise
		{"check", "testdata/guard.yaml"},
		{"test", "testdata/guard.yaml"},
		{"sim", "testdata/pirate_sim.yaml"},
		{"sim", "testdata/pirate_sim.yaml", "--json"},
		{"dot", "testdata/guard.yaml"},
		{"bench", "testdata/guard.yaml", "--count", "3"},
		{"pddl", "testdata/pddl/gripper-domain.pddl", "testdata/pddl/gripper-task01.pddl"},
		{"help", "plan"},
		{"version"},
	} {
		for _, room := range []int{0, 5} {
			var errb bytes.Buffer
			m := &Main{Stdout: &fullWriter{n: room}, Stderr: &errb, HideTimings: true}
			code := m.Exec(context.Background(), args)
			if code != exitUsage || !strings.Contains(errb.String(), "writing the output: "+errFull.Error()) {
				t.Errorf("goap %s with %d bytes of room: exit %d, want %d and the write error\nstderr: %s",
					strings.Join(args, " "), room, code, exitUsage, errb.String())
			}
		}
	}
}
