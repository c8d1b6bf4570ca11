package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
)

// TestMaxMemoryBoundsProcess runs goap plan --max-memory in a child
// process on a domain whose search grows without bound, and checks the
// child's peak resident memory: the limit covers the process (domain,
// search, the collector's garbage, the executable), not only the search,
// which let a 1 GiB run reach 1.3 GB.
func TestMaxMemoryBoundsProcess(t *testing.T) {
	if args := os.Getenv("GOAP_TEST_CHILD"); args != "" {
		m := &Main{Stdout: os.Stdout, Stderr: os.Stderr}
		os.Exit(m.Exec(context.Background(), strings.Fields(args)))
	}
	if testing.Short() {
		t.Skip("runs searches to their memory limit")
	}
	for _, limitMiB := range []int64{96, 192} {
		cmd := exec.Command(os.Args[0], "-test.run=^TestMaxMemoryBoundsProcess$")
		cmd.Env = append(os.Environ(), fmt.Sprintf("GOAP_TEST_CHILD=plan testdata/blowup.yaml --search forward --heuristic blind --max-memory %dMiB", limitMiB))
		out, err := cmd.CombinedOutput()
		if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != exitNo {
			t.Fatalf("--max-memory %d MiB: want exit status %d (limit reached), got %v\n%s", limitMiB, exitNo, err, out)
		}
		if !strings.Contains(string(out), "memory limit") {
			t.Fatalf("--max-memory %d MiB: output does not name the memory limit:\n%s", limitMiB, out)
		}
		peakKiB := cmd.ProcessState.SysUsage().(*syscall.Rusage).Maxrss // KiB on Linux
		if peakKiB > limitMiB<<10 {
			t.Errorf("--max-memory %d MiB: peak resident memory %d KiB", limitMiB, peakKiB)
		}
		t.Logf("--max-memory %d MiB: peak resident memory %d KiB", limitMiB, peakKiB)
	}
}
