package main

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/goap-go/goap"
	"github.com/goap-go/goap/goapfile"
)

// TestPlanJSONContract checks the fields of `goap plan --json` that
// scripts rely on, on the benchmark's guard domain.
func TestPlanJSONContract(t *testing.T) {
	stdout, stderr, code := goapCtx(t, context.Background(), false, "plan", "../../testdata/bench/guard.json", "--json")
	if code != 0 || stderr != "" {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var got map[string]any
	if err := json.Unmarshal([]byte(stdout), &got); err != nil {
		t.Fatalf("not one JSON object: %v\n%s", err, stdout)
	}
	var keys []string
	for k := range got {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	wantKeys := []string{"actions", "cost", "direction", "elapsed_ns", "expanded", "file", "found", "generated", "goal", "plan", "status", "steps", "why"}
	if !reflect.DeepEqual(keys, wantKeys) {
		t.Errorf("keys %v, want %v", keys, wantKeys)
	}
	exact := map[string]any{
		"found":  true,
		"plan":   []any{"DrawWeapon", "Approach", "FindAmmo", "LoadWeapon", "Attack"},
		"cost":   9.0,
		"steps":  5.0,
		"status": "found",
		"goal":   "goal",
		"file":   "../../testdata/bench/guard.json",
		"why":    nil,
	}
	for k, v := range exact {
		if !reflect.DeepEqual(got[k], v) {
			t.Errorf("%s = %#v, want %#v", k, got[k], v)
		}
	}
	expanded, ok1 := got["expanded"].(float64)
	generated, ok2 := got["generated"].(float64)
	elapsed, ok3 := got["elapsed_ns"].(float64)
	if !ok1 || !ok2 || !ok3 || expanded < 5 || generated < expanded || elapsed <= 0 {
		t.Errorf("expanded %v, generated %v, elapsed_ns %v", got["expanded"], got["generated"], got["elapsed_ns"])
	}
	if d := got["direction"]; d != "forward" && d != "backward" {
		t.Errorf("direction %v", d)
	}
	// The exact bytes of the start of the object, as documented.
	if !strings.Contains(stdout, `"found": true,`) || !strings.Contains(stdout, `"cost": 9,`) {
		t.Errorf("unexpected rendering:\n%s", stdout)
	}
}

// TestPlanJSONNoPlan checks the no-plan contract: found false, an empty
// plan (never null) and an explanation object.
func TestPlanJSONNoPlan(t *testing.T) {
	stdout, _, code := runGoap(t, "plan", "../../testdata/bench/guard_unsolvable.json", "--json")
	if code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
	var got struct {
		Found  bool
		Plan   []string
		Status string
		Why    *struct {
			Unreachable []struct{ Condition, Reason string }
			Closest     string
			ClosestPlan []string `json:"closest_plan"`
			Unmet       []string
			Text        string
		}
	}
	if err := json.Unmarshal([]byte(stdout), &got); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(stdout, `"plan": [],`) {
		t.Errorf("plan is not []:\n%s", stdout)
	}
	if got.Found || got.Status != "no plan" || got.Why == nil {
		t.Fatalf("%+v", got)
	}
	w := got.Why
	if len(w.Unreachable) != 1 || w.Unreachable[0].Condition != "threat_removed" || !strings.Contains(w.Unreachable[0].Reason, "Attack needs loaded") {
		t.Errorf("unreachable: %+v", w.Unreachable)
	}
	if w.Closest == "" || len(w.Unmet) != 1 || w.Unmet[0] != "threat_removed" || w.ClosestPlan == nil || !strings.HasPrefix(w.Text, "no plan reaches") {
		t.Errorf("why: %+v", w)
	}
}

// TestPlanTable checks the running totals of the table against the
// planner's own result, with fractional costs.
func TestPlanTable(t *testing.T) {
	f, err := goapfile.Parse("frac.yaml", []byte(`
actions:
  - {name: A, cost: 0.1, effects: {a: true}}
  - {name: B, cost: 0.2, preconditions: {a: true}, effects: {b: true}}
goal: {b: true}
`))
	if err != nil {
		t.Fatal(err)
	}
	res := goap.NewPlanner(f.Domain).Plan(context.Background(), f.Start, f.Goal)
	var b strings.Builder
	writePlanTable(&b, f.Domain, res.Plan, stepCosts(f.Domain, res.Plan))
	want := "step  action  cost  total\n" +
		"   1  A        0.1    0.1\n" +
		"   2  B        0.2    0.3\n"
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
	if formatCost(res.Cost) != "0.3" {
		t.Errorf("total %s", formatCost(res.Cost))
	}
}

// TestParseSize checks --max-memory's sizes and their rendering.
func TestParseSize(t *testing.T) {
	for _, c := range []struct {
		text string
		want int64
		show string
	}{
		{"0", 0, "0B"}, {"1GiB", 1 << 30, "1GiB"}, {"512MiB", 512 << 20, "512MiB"}, {"1.5GiB", 3 << 29, "1536MiB"},
		{"100MB", 100e6, "100000000B"}, {"64 KiB", 64 << 10, "64KiB"}, {"2048", 2048, "2KiB"}, {"3kB", 3000, "3000B"},
	} {
		got, err := parseSize(c.text)
		if err != nil || got != c.want || formatSize(got) != c.show {
			t.Errorf("%q: got %d (%v) shown %q, want %d shown %q", c.text, got, err, formatSize(got), c.want, c.show)
		}
	}
	for _, bad := range []string{"", "lots", "-1GiB", "NaN", "1XB", "99999999TiB", "GiB"} {
		if n, err := parseSize(bad); err == nil {
			t.Errorf("%q: got %d, want an error", bad, n)
		}
	}
}

// TestPlanTableLongNames checks the plan table with names too long for
// fmt's widths (over a million characters gave %!(BADWIDTH)) and with
// names of several bytes per character.
func TestPlanTableLongNames(t *testing.T) {
	long := strings.Repeat("x", 1_000_001)
	file := filepath.Join(t.TempDir(), "long.yaml")
	data := "actions:\n  - {name: " + long + ", effects: {a: true}}\n  - {name: Fête, preconditions: {a: true}, effects: {b: true}}\ngoal: {b: true}\n"
	if err := os.WriteFile(file, []byte(data), 0o666); err != nil {
		t.Fatal(err)
	}
	stdout, stderr, code := runGoap(t, "plan", file)
	if code != 0 || strings.Contains(stdout, "%!") {
		t.Fatalf("exit %d\n%.300s\n%s", code, stdout, stderr)
	}
	for _, want := range []string{"\n   1  " + long + "     1      1\n", "\n   2  Fête" + strings.Repeat(" ", 56) + "     1      2\n"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("the table lacks the row %.80q:\n%.400s", want, stdout)
		}
	}
}

// TestMaxFileSize checks that every command that reads files refuses one
// over --max-file-size with exit status 1 (a limit, not bad input) and
// a message that names the flag.
func TestMaxFileSize(t *testing.T) {
	for _, args := range [][]string{
		{"plan", "testdata/guard.yaml"}, {"check", "testdata/guard.yaml"}, {"test", "testdata/guard.yaml"},
		{"dot", "testdata/guard.yaml"}, {"bench", "testdata/guard.yaml"}, {"sim", "testdata/guard_sim.yaml"},
		{"pddl", "testdata/pddl/gripper-domain.pddl", "testdata/pddl/gripper-task01.pddl"},
	} {
		stdout, stderr, code := runGoap(t, append(args, "--max-file-size", "100B")...)
		if code != 1 || !strings.Contains(stdout+stderr, "more than the limit of 100B (--max-file-size raises it)") {
			t.Errorf("%v: exit %d\n%s%s", args, code, stdout, stderr)
		}
		if _, stderr, code := runGoap(t, append(args, "--max-file-size", "1MiB")...); code == 1 && strings.Contains(stderr, "max-file-size") {
			t.Errorf("%v: refused under 1MiB: %s", args, stderr)
		}
	}
}

// TestTimeoutNamed checks that a search --timeout stops is reported as
// stopped by the time limit, by plan's table and --json alike: weighted
// A* under Auto came back with no error from its deadline, and the table
// blamed "the expansion limit (--max-expansions 0)", a limit not set.
//
// The limit is 1 s, far beyond loading the file even under the race
// detector on a loaded machine (150 ms stopped it while loading there:
// the JSON then has no status), and far short of the search (blind
// search on blowup.yaml runs for minutes).
func TestTimeoutNamed(t *testing.T) {
	for _, extra := range [][]string{{"--weight", "3"}, {"--search", "forward", "--heuristic", "blind"}} {
		args := append([]string{"plan", "testdata/blowup.yaml", "--timeout", "1s"}, extra...)
		stdout, stderr, code := runGoap(t, args...)
		if code != exitNo {
			t.Fatalf("%v: exit %d, want %d\n%s%s", args, code, exitNo, stdout, stderr)
		}
		if !strings.Contains(stdout, "the time limit (--timeout 1s) was reached") || strings.Contains(stdout, "expansion limit") {
			t.Errorf("%v does not name the time limit:\n%s", args, stdout)
		}
		stdout, _, _ = runGoap(t, append(args, "--json")...)
		var out struct{ Status, Error string }
		if err := json.Unmarshal([]byte(stdout), &out); err != nil {
			t.Fatal(err)
		}
		if out.Status != "limit reached" || out.Error != context.DeadlineExceeded.Error() {
			t.Errorf("%v --json: status %q, error %q", args, out.Status, out.Error)
		}
	}
}

// TestLimitWhy pins what each stop is reported as; a stop without a
// cause is never blamed on an expansion limit that is not set.
func TestLimitWhy(t *testing.T) {
	s := searchFlags{timeout: time.Second}
	s.opts.MaxMemory = 1 << 20
	for _, c := range []struct {
		err   error
		limit int
		want  string
	}{
		{context.DeadlineExceeded, 0, "the time limit (--timeout 1s) was reached"},
		{context.Canceled, 0, "the search was interrupted"},
		{goap.ErrMemoryLimit, 0, "the memory limit (--max-memory 1MiB) was reached"},
		{nil, 5, "the expansion limit (--max-expansions 5) was reached"},
		{nil, 0, "the search was stopped"},
	} {
		s.opts.MaxExpansions = c.limit
		if got := s.limitWhy(goap.Result{Status: goap.LimitReached, Err: c.err}); got != c.want {
			t.Errorf("limitWhy(%v, --max-expansions %d) = %q, want %q", c.err, c.limit, got, c.want)
		}
	}
}
