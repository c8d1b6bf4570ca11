package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// runGoap runs a command line the way main does, with timings hidden, and
// returns what it printed and its exit status.
// runExpect runs goap with args and checks its exit status and that its
// stderr holds every string of want.
func runExpect(t *testing.T, args []string, code int, want []string) (stdout, stderr string) {
	t.Helper()
	stdout, stderr, got := runGoap(t, args...)
	if got != code {
		t.Errorf("exit status %d, want %d\nstderr: %s", got, code, stderr)
	}
	for _, w := range want {
		if !strings.Contains(stderr, w) {
			t.Errorf("stderr lacks %q:\n%s", w, stderr)
		}
	}
	return stdout, stderr
}

func runGoap(t *testing.T, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	return goapCtx(t, context.Background(), true, args...)
}

func goapCtx(t *testing.T, ctx context.Context, hide bool, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errb bytes.Buffer
	m := &Main{Stdout: &out, Stderr: &errb, HideTimings: hide}
	code = m.Exec(ctx, args)
	return out.String(), errb.String(), code
}

// goldenCases are the command lines whose whole output is kept in
// testdata/NAME.golden. Run "go test ./cmd/goap -update" to rewrite them
// after an intended change, and review the diff.
// goldenCase is a command line, its golden file's name and its exit status.
type goldenCase struct {
	name string
	args []string
	code int
}

var goldenCases = []goldenCase{
	{"plan", []string{"plan", "testdata/guard.yaml"}, 0},
	{"plan_set", []string{"plan", "testdata/guard.yaml", "--set", "has_ammo=true"}, 0},
	{"plan_goal", []string{"plan", "--goal", "BeReady", "testdata/guard.yaml"}, 0},
	{"plan_backward", []string{"plan", "testdata/guard.yaml", "--search", "backward"}, 0},
	{"plan_satisfied", []string{"plan", "testdata/guard.yaml", "--goal", "BeReady", "--set", "armed=true", "--set", "loaded=true"}, 0},
	{"plan_enemy_hidden", []string{"plan", "testdata/guard.yaml", "--set", "enemy_visible=false"}, 1},
	{"plan_no_plan", []string{"plan", "testdata/guard_no_findammo.yaml"}, 1},
	{"plan_no_plan_json", []string{"plan", "testdata/guard_no_findammo.yaml", "--json"}, 1},
	{"plan_limit", []string{"plan", "testdata/guard.yaml", "--search", "forward", "--max-expansions", "2"}, 1},
	{"plan_limit_json", []string{"plan", "testdata/guard.yaml", "--search", "forward", "--max-expansions", "2", "--json"}, 1},
	{"plan_json", []string{"plan", "testdata/guard.yaml", "--json"}, 0},
	{"plan_miner", []string{"plan", "testdata/miner.yaml", "--set", "at=mine", "--set", "gold=3", "--set", "has_pick=true"}, 0},
	{"plan_broken", []string{"plan", "testdata/broken.yaml"}, 2},
	{"plan_broken_json", []string{"plan", "testdata/broken.yaml", "--json"}, 2},
	{"plan_missing_json", []string{"plan", "testdata/missing.yaml", "--json"}, 2},
	{"sim_broken_json", []string{"sim", "testdata/broken.yaml", "--json"}, 2},
	{"sim_record_ring_zero", []string{"sim", "testdata/pirate_sim.yaml", "--record", "/dev/null", "--record-ring", "0"}, 2},
	{"sim_record_ring_negative", []string{"sim", "testdata/pirate_sim.yaml", "--record-ring", "-5"}, 2},
	{"sim_record_ring_huge", []string{"sim", "testdata/pirate_sim.yaml", "--record", "/dev/null", "--record-ring", "100000000000", "--ticks", "1000000000"}, 2},
	{"pddl_unsupported_json", []string{"pddl", "testdata/pddl/when-domain.pddl", "testdata/pddl/gripper-task01.pddl", "--json"}, 2},
	{"pddl_max_atoms_json", []string{"pddl", "testdata/pddl/explode-domain.pddl", "testdata/pddl/explode-problem.pddl", "--max-atoms", "500", "--json"}, 1},
	{"plan_memory_limit", []string{"plan", "testdata/blowup.yaml", "--search", "forward", "--heuristic", "blind", "--max-memory", "2MiB"}, 1},
	{"plan_memory_limit_json", []string{"plan", "testdata/blowup.yaml", "--search", "forward", "--heuristic", "blind", "--max-memory", "2MiB", "--json"}, 1},
	{"plan_memory_bounded", []string{"plan", "testdata/guard.yaml", "--memory-bounded"}, 0},
	{"plan_bad_memory", []string{"plan", "testdata/guard.yaml", "--max-memory", "lots"}, 2},
	{"check", []string{"check", "testdata/guard.yaml", "testdata/miner.yaml"}, 0},
	{"check_lint", []string{"check", "testdata/lint.yaml", "testdata/guard_no_findammo.yaml"}, 0},
	{"check_strict", []string{"check", "--strict", "testdata/lint.yaml"}, 1},
	{"check_broken", []string{"check", "testdata/broken.yaml", "testdata/guard.yaml", "testdata/missing.yaml"}, 2},
	{"check_orders", []string{"check", "testdata/orders_broken.yaml"}, 2},
	{"plan_lifted", []string{"plan", "testdata/lifted.yaml"}, 0},
	{"plan_lifted_json", []string{"plan", "testdata/lifted.yaml", "--json"}, 0},
	{"dot_lifted", []string{"dot", "testdata/lifted.yaml"}, 0},
	{"check_lifted_broken", []string{"check", "testdata/lifted_broken.yaml"}, 2},
	{"check_map_unreachable", []string{"check", "testdata/map_unreachable.yaml"}, 0},
	{"test", []string{"test", "testdata/guard.yaml", "testdata/miner.yaml"}, 0},
	{"test_run", []string{"test", "--run", "ammo", "testdata/guard.yaml"}, 0},
	{"test_failing", []string{"test", "testdata/failing.yaml"}, 1},
	{"test_broken", []string{"test", "testdata/broken.yaml", "testdata/guard.yaml"}, 2},
	{"dot", []string{"dot", "testdata/guard.yaml"}, 0},
	{"dot_miner", []string{"dot", "testdata/miner.yaml"}, 0},
	{"dot_quoted", []string{"dot", "testdata/quoted.yaml"}, 0},
	{"dot_tree", []string{"dot", "--search-tree", "testdata/guard.yaml"}, 0},
	{"dot_tree_backward", []string{"dot", "--search-tree", "--search", "backward", "testdata/guard.yaml"}, 0},
	{"dot_tree_no_plan", []string{"dot", "--search-tree", "testdata/guard.yaml", "--set", "enemy_visible=false", "--search", "forward"}, 0},
	{"bench", []string{"bench", "testdata/guard.yaml", "--count", "3"}, 0},
	{"bench_json", []string{"bench", "testdata/guard.yaml", "--count", "3", "--json"}, 0},
	{"pddl", []string{"pddl", "testdata/pddl/gripper-domain.pddl", "testdata/pddl/gripper-task01.pddl"}, 0},
	{"pddl_json", []string{"pddl", "testdata/pddl/gripper-domain.pddl", "testdata/pddl/gripper-task01.pddl", "--json"}, 0},
	{"pddl_no_mutex", []string{"pddl", "testdata/pddl/gripper-domain.pddl", "testdata/pddl/gripper-task01.pddl", "--no-mutex"}, 0},
	{"pddl_no_mutex_remote", []string{"pddl", "testdata/pddl/gripper-domain.pddl", "testdata/pddl/gripper-task01.pddl", "--no-mutex", "--remote", "nats://127.0.0.1:1"}, 2},
	{"pddl_no_plan", []string{"pddl", "testdata/pddl/gripper-domain.pddl", "testdata/pddl/gripper-impossible.pddl"}, 1},
	{"pddl_limit", []string{"pddl", "testdata/pddl/gripper-domain.pddl", "testdata/pddl/gripper-task01.pddl", "--search", "forward", "--max-expansions", "5"}, 1},
	{"pddl_max_atoms", []string{"pddl", "testdata/pddl/explode-domain.pddl", "testdata/pddl/explode-problem.pddl", "--max-atoms", "500"}, 1},
	{"pddl_max_ground_actions", []string{"pddl", "testdata/pddl/explode-domain.pddl", "testdata/pddl/explode-problem.pddl", "--max-ground-actions", "999"}, 1},
	{"pddl_max_bindings", []string{"pddl", "testdata/pddl/explode-domain.pddl", "testdata/pddl/explode-problem.pddl", "--max-bindings", "5000"}, 1},
	{"pddl_unsupported", []string{"pddl", "testdata/pddl/when-domain.pddl", "testdata/pddl/gripper-task01.pddl"}, 2},
	{"pddl_usage", []string{"pddl", "testdata/pddl/gripper-domain.pddl"}, 2},
	{"help", []string{"help"}, 0},
	{"help_plan", []string{"help", "plan"}, 0},
	{"no_args", nil, 2},
	{"unknown_command", []string{"plna", "testdata/guard.yaml"}, 2},
	{"unknown_fact", []string{"plan", "testdata/guard.yaml", "--set", "enemy_visibel=false"}, 2},
}

func TestGolden(t *testing.T) {
	for _, c := range goldenCases {
		t.Run(c.name, func(t *testing.T) { checkGolden(t, c) })
	}
}

// checkGolden runs c and compares its whole output with
// testdata/NAME.golden (rewritten first with -update).
func checkGolden(t *testing.T, c goldenCase) {
	t.Helper()
	stdout, stderr, code := runGoap(t, c.args...)
	got := fmt.Sprintf("$ goap %s\nexit %d\n-- stdout --\n%s-- stderr --\n%s", strings.Join(c.args, " "), code, stdout, stderr)
	path := filepath.Join("testdata", c.name+".golden")
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("output differs from %s (run go test -update to accept):\n--- got\n%s\n--- want\n%s", path, got, want)
	}
	if code != c.code {
		t.Errorf("exit status %d, want %d", code, c.code)
	}
}
