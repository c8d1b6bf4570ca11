package service_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/goap-go/goap/service"
	"github.com/goap-go/goap/service/embedded"
	"github.com/nats-io/nats.go/jetstream"
)

// run runs the goap binary in the repository's root with timings hidden
// and returns its stdout, stderr and exit status.
func run(t *testing.T, goap string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	cmd := exec.Command(goap, args...)
	cmd.Dir = ".."
	cmd.Env = append(os.Environ(), "GOAP_HIDE_TIMINGS=1")
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err := cmd.Run()
	var ee *exec.ExitError
	switch {
	case errors.As(err, &ee):
		code = ee.ExitCode()
	case err != nil:
		t.Fatal(err)
	}
	return out.String(), errOut.String(), code
}

// TestRemoteCLI: goap plan FILE --remote URL and goap pddl DOMAIN
// PROBLEM --remote URL print what the local commands print, on the same
// streams, with the same exit status, for plans, no plans with their
// explanations, limits, failed searches, JSON, lifted domains, PDDL
// tasks and a domain over NATS's 1 MB message limit; the files' errors
// stay local (no request reaches the worker).
func TestRemoteCLI(t *testing.T) {
	if testing.Short() {
		t.Skip("builds goap and goap-serve (tens of seconds); run without -short")
	}
	goap, _ := binaries(t)
	s := startServer(t, embedded.Config{WebSocket: "127.0.0.1:0"})
	w, _, _ := startWorker(t, s.URL(), service.Config{})

	// A designer file over 1 MB: a chain of 7,500 actions, each needing
	// the fact its predecessor sets (long names: few actions load fast).
	var big strings.Builder
	big.WriteString("name: chain\nactions:\n")
	const fact = "f%05d_a_fact_with_a_long_name_for_size"
	for i := range 7500 {
		fmt.Fprintf(&big, "  - {name: Step%05d_an_action_with_a_long_name, preconditions: {"+fact+": true}, effects: {"+fact+": true}}\n", i+1, i, i+1)
	}
	fmt.Fprintf(&big, "start: {"+fact+": true}\ngoal: {"+fact+": true}\n", 0, 4)
	bigFile := filepath.Join(t.TempDir(), "chain.yaml")
	if err := os.WriteFile(bigFile, []byte(big.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	if big.Len() <= 1<<20 {
		t.Fatalf("the big domain has %d bytes: not over the 1 MB limit", big.Len())
	}

	const gripper = "cmd/goap/testdata/pddl/gripper-domain.pddl"
	const elevators = "cmd/goap/testdata/pddl/elevators-domain.pddl"
	for _, c := range []struct {
		args []string
		code int
		// local: the file's error is found before any request.
		local bool
		// url, when set, is the service's URL instead of s.URL().
		url string
	}{
		{args: []string{"plan", "examples/guard.yaml"}, url: s.WebSocketURL()},
		{args: []string{"plan", "examples/guard.yaml"}},
		{args: []string{"plan", "examples/guard.yaml", "--json"}},
		{args: []string{"plan", "examples/guard.yaml", "--set", "enemy_visible=false"}, code: 1},
		{args: []string{"plan", "examples/guard.yaml", "--goal", "Flee", "--search", "backward", "--heuristic", "hmax"}},
		{args: []string{"plan", "examples/guard.yaml", "--set", "weapon_holstered=false", "--set", "armed=true", "--weight", "2"}},
		{args: []string{"plan", "examples/guard.yaml", "--max-expansions", "2"}, code: 1},
		{args: []string{"plan", "examples/guard.yaml", "--max-expansions", "2", "--json"}, code: 1},
		{args: []string{"plan", "examples/guard.yaml", "--memory-bounded"}},
		{args: []string{"plan", "cmd/goap/testdata/guard_no_findammo.yaml"}, code: 1},
		{args: []string{"plan", "cmd/goap/testdata/guard_no_findammo.yaml", "--json"}, code: 1},
		{args: []string{"plan", "cmd/goap/testdata/miner.yaml"}},
		{args: []string{"plan", "cmd/goap/testdata/miner.yaml", "--search", "backward"}, code: 2},
		{args: []string{"plan", "cmd/goap/testdata/miner.yaml", "--search", "backward", "--json"}, code: 2},
		{args: []string{"plan", "cmd/goap/testdata/lifted.yaml"}},
		{args: []string{"plan", "cmd/goap/testdata/lifted.yaml", "--json"}},
		{args: []string{"plan", bigFile}},
		{args: []string{"plan", "cmd/goap/testdata/broken.yaml"}, code: 2, local: true},
		{args: []string{"plan", "cmd/goap/testdata/broken.yaml", "--json"}, code: 2, local: true},
		{args: []string{"plan", "examples/guard.yaml", "--set", "enemy_visibel=false"}, code: 2, local: true},
		{args: []string{"plan", "cmd/goap/testdata/nogoal.yaml"}, code: 2, local: true},
		{args: []string{"pddl", gripper, "cmd/goap/testdata/pddl/gripper-task01.pddl"}},
		{args: []string{"pddl", gripper, "cmd/goap/testdata/pddl/gripper-task01.pddl", "--json"}},
		{args: []string{"pddl", gripper, "cmd/goap/testdata/pddl/gripper-impossible.pddl"}, code: 1},
		{args: []string{"pddl", elevators, "cmd/goap/testdata/pddl/elevators-p02.pddl", "--heuristic", "hmax"}},
		{args: []string{"pddl", elevators, "cmd/goap/testdata/pddl/elevators-p02.pddl", "--max-expansions", "3", "--json"}, code: 1},
		{args: []string{"pddl", "cmd/goap/testdata/pddl/neg-static-domain.pddl", "cmd/goap/testdata/pddl/neg-static-goal.pddl"}, code: 1},
		{args: []string{"pddl", gripper, "cmd/goap/testdata/pddl/gripper-task01.pddl", "--max-ground-actions", "3"}, code: 1, local: true},
		{args: []string{"pddl", gripper, "examples/guard.yaml"}, code: 2, local: true},
	} {
		name := strings.Join(c.args, " ")
		url := s.URL()
		if c.url != "" {
			name, url = name+" over "+c.url, c.url
		}
		t.Run(name, func(t *testing.T) {
			out, errOut, code := run(t, goap, c.args...)
			if code != c.code {
				t.Fatalf("locally: exit %d, want %d\n%s%s", code, c.code, out, errOut)
			}
			before := w.Stats().Requests
			rout, rerr, rcode := run(t, goap, append(c.args, "--remote", url)...)
			if rout != out || rerr != errOut || rcode != code {
				t.Errorf("remote: exit %d (local %d)\n-- stdout --\n%s-- local --\n%s-- stderr --\n%s-- local --\n%s", rcode, code, rout, out, rerr, errOut)
			}
			if got, want := w.Stats().Requests-before, map[bool]int64{false: 1, true: 0}[c.local]; got != want {
				t.Errorf("%d requests reached the worker, want %d", got, want)
			}
		})
	}

	// The big domain went through the store: its hash names an object.
	js, err := jetstream.New(connect(t, s.URL()))
	if err != nil {
		t.Fatal(err)
	}
	obs, err := js.ObjectStore(context.Background(), service.DomainBucket)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := obs.GetInfo(context.Background(), strings.TrimPrefix(service.HashDomain([]byte(big.String())), "sha256:")); err != nil {
		t.Errorf("the big domain is not in the store: %v", err)
	}
}

// TestRemoteCLIUnreachable: with no service at the URL, or no goap-serve,
// goap plan --remote says so and exits 2, printing nothing on stdout.
func TestRemoteCLIUnreachable(t *testing.T) {
	if testing.Short() {
		t.Skip("builds goap and goap-serve (tens of seconds); run without -short")
	}
	goap, _ := binaries(t)
	out, errOut, code := run(t, goap, "plan", "examples/guard.yaml", "--remote", "nats://u:secret@127.0.0.1:1")
	if code != 2 || out != "" || !strings.Contains(errOut, "goap plan: --remote nats://127.0.0.1:1: connecting") || strings.Contains(errOut, "secret") {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	// A goap alone, without goap-serve beside it or on PATH.
	lone := filepath.Join(t.TempDir(), "goap")
	data, err := os.ReadFile(goap)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(lone, data, 0o755); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(lone, "plan", "examples/guard.yaml", "--remote", "nats://127.0.0.1:1")
	cmd.Dir = ".."
	cmd.Env = append(os.Environ(), "PATH=/nonexistent")
	msg, err := cmd.CombinedOutput()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != 2 || !strings.Contains(string(msg), "--remote needs goap-serve") {
		t.Errorf("%v: %s", err, msg)
	}
}
