package main

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
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

// writeChain writes a designer file of n actions in a chain (JSON, one
// action a line, about 85 bytes each) and returns its path. It writes as
// it goes: see childRun for why the test's memory must stay small.
func writeChain(t *testing.T, n int) string {
	path := filepath.Join(t.TempDir(), fmt.Sprintf("chain%d.json", n))
	writeFile(t, path, func(w *bufio.Writer) {
		w.WriteString(`{"name": "chain", "actions": [`)
		for i := range n {
			if i > 0 {
				w.WriteString(",\n")
			}
			fmt.Fprintf(w, `{"name": "a%d", "preconditions": {"f%d": true}, "effects": {"f%d": true}}`, i, i, i+1)
		}
		fmt.Fprintf(w, "], \"start\": {\"f0\": true}, \"goal\": {\"f%d\": true}}\n", n)
	})
	return path
}

// writeFile creates path and writes it with write.
func writeFile(t *testing.T, path string, write func(w *bufio.Writer)) {
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	w := bufio.NewWriter(f)
	write(w)
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
}

// writePDDL writes a PDDL task whose one action has two parameters over
// objects objects (the 6 KB task: a million ground actions for
// 1,000 objects) plus links static link atoms (20 bytes each) and
// returns the domain's and the problem's paths.
func writePDDL(t *testing.T, objects, links int) (string, string) {
	dir := t.TempDir()
	domain := `(define (domain d2) (:requirements :strips)
 (:predicates (at ?x) (visited ?x) (link ?x ?y))
 (:action move :parameters (?a ?b) :precondition (at ?a) :effect (and (at ?b) (visited ?b) (not (at ?a)))))
`
	d, p := filepath.Join(dir, "d2.pddl"), filepath.Join(dir, "p2.pddl")
	writeFile(t, d, func(w *bufio.Writer) { w.WriteString(domain) })
	writeFile(t, p, func(w *bufio.Writer) {
		w.WriteString("(define (problem p2) (:domain d2) (:objects")
		for i := range objects {
			fmt.Fprintf(w, " o%d", i)
		}
		w.WriteString(") (:init (at o0)")
		for i := range links {
			fmt.Fprintf(w, " (link o%d o%d)", i%objects, (i*7+1)%objects)
		}
		fmt.Fprintf(w, ") (:goal (and (visited o%d) (visited o5))))\n", objects-1)
	})
	return d, p
}

// childRun runs goap with args in a child process (see
// TestMaxMemoryBoundsProcess) and returns its combined output, exit
// status, peak resident memory in KiB and wall time.
//
// The child's peak counts the parent's peak before the fork (Linux keeps
// it across exec): the tests write their inputs as they generate them,
// holding little memory.
func childRun(t *testing.T, test string, args ...string) (string, int, int64, time.Duration) {
	cmd := exec.Command(os.Args[0], "-test.run=^"+test+"$")
	cmd.Env = append(os.Environ(), "GOAP_TEST_CHILD="+strings.Join(args, " "))
	t0 := time.Now()
	out, err := cmd.CombinedOutput()
	took := time.Since(t0)
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return string(out), code, cmd.ProcessState.SysUsage().(*syscall.Rusage).Maxrss, took
}

// loadSlackKiB is what the process may hold past --max-memory: the
// watchdog looks every few milliseconds.
const loadSlackKiB = 64 << 10

// TestMaxMemoryBoundsLoading checks that --max-memory bounds loading,
// grounding and compiling, not only the search: a designer file too
// large to decode within the limit is refused before it is read, one
// that looks as if it fits is stopped while loading, and a PDDL task of
// a million ground actions is stopped while grounding or compiling. Each
// exits with status 1 naming the flag, its peak resident memory within
// the limit plus 64 MiB. (A 200k-action file under --max-memory 256MiB
// peaked at 1.07 GB, the 6 KB PDDL task under 1GiB at 1.69 GB.)
func TestMaxMemoryBoundsLoading(t *testing.T) {
	if args := os.Getenv("GOAP_TEST_CHILD"); args != "" {
		m := &Main{Stdout: os.Stdout, Stderr: os.Stderr}
		os.Exit(m.Exec(context.Background(), strings.Fields(args)))
	}
	if testing.Short() {
		t.Skip("loads files to their memory limit")
	}
	d, p := writePDDL(t, 1000, 0)
	cases := []struct {
		name  string
		limit int64 // MiB
		args  []string
		want  string
	}{
		{"refused", 256, []string{"plan", writeChain(t, 200_000)}, "is too small to load"},
		{"loading", 256, []string{"plan", writeChain(t, 100_000)}, "was reached while loading"},
		{"grounding", 256, []string{"pddl", d, p}, "was reached while"},
	}
	for _, c := range cases {
		args := append(c.args, fmt.Sprintf("--max-memory=%dMiB", c.limit))
		out, code, peak, took := childRun(t, "TestMaxMemoryBoundsLoading", args...)
		flag := fmt.Sprintf("--max-memory %dMiB", c.limit)
		if code != exitNo || !strings.Contains(out, c.want) || !strings.Contains(out, flag) {
			t.Errorf("%s: exit %d, want %d and a message naming %s (%q):\n%s", c.name, code, exitNo, flag, c.want, out)
		}
		if peak > c.limit<<10+loadSlackKiB {
			t.Errorf("%s: peak resident memory %d KiB, over %d MiB plus the slack", c.name, peak, c.limit)
		}
		t.Logf("%s: peak resident memory %d KiB in %v", c.name, peak, took)
	}
}

// TestTimeoutBoundsLoading checks that --timeout stops loading and PDDL
// parsing, which nothing polled: a 150k-action chain under --timeout
// 200ms took 14 s, a 30 MB PDDL problem under 500ms 8.6 s. Each now ends
// with status 1, a message naming the flag, and within the timeout plus
// a second (the child's start and a loaded machine).
func TestTimeoutBoundsLoading(t *testing.T) {
	if args := os.Getenv("GOAP_TEST_CHILD"); args != "" {
		m := &Main{Stdout: os.Stdout, Stderr: os.Stderr}
		os.Exit(m.Exec(context.Background(), strings.Fields(args)))
	}
	if testing.Short() {
		t.Skip("loads large files")
	}
	d, p := writePDDL(t, 2000, 1_000_000)
	for _, args := range [][]string{
		{"plan", writeChain(t, 150_000), "--timeout=200ms"},
		{"pddl", d, p, "--timeout=200ms"},
	} {
		out, code, _, took := childRun(t, "TestTimeoutBoundsLoading", args...)
		if code != exitNo || !strings.Contains(out, "the time limit (--timeout 200ms) was reached while") {
			t.Errorf("goap %s: exit %d, want %d naming --timeout:\n%s", strings.Join(args, " "), code, exitNo, out)
		}
		if took > 200*time.Millisecond+time.Second {
			t.Errorf("goap %s: took %v", strings.Join(args, " "), took)
		}
		t.Logf("goap %s: %v", args[0], took)
	}
}
