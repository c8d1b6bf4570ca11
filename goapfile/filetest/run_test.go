package filetest

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/goap-go/goap"
	"github.com/goap-go/goap/goapfile"
)

func mustParse(t *testing.T, src string) *goapfile.File {
	t.Helper()
	f, err := goapfile.Parse("t.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// TestTestdataPasses runs the tests written in the example files: they
// all hold.
func TestTestdataPasses(t *testing.T) {
	paths, _ := filepath.Glob("../testdata/*.yaml")
	if len(paths) < 2 {
		t.Fatalf("found %d files", len(paths))
	}
	for _, path := range paths {
		f, err := goapfile.Load(path)
		if err != nil {
			t.Fatal(err)
		}
		if len(f.Tests) == 0 {
			t.Errorf("%s has no tests", path)
		}
		for _, r := range Run(context.Background(), f, goap.Options{}) {
			if !r.Pass || r.Msg != "" {
				t.Errorf("%s: %v", path, r)
			}
		}
	}
}

// The miner's optimal plan is unique: GoShop BuyPick GoMine Dig Dig
// GoHome Retire, cost 11.
const minerFails = `
tests:
  - name: wrong plan
    plan: [GoShop, BuyPick, GoMine, Dig, GoHome, Retire]
  - name: wrong cost
    cost: 10
  - name: wrong steps
    steps: 6
  - name: wrong everything
    cost: 12
    steps: 8
  - name: wrong cost and plan
    cost: 10
    plan: [GoShop, BuyPick, GoMine, Dig, GoHome, Retire]
  - name: expects no plan
    no_plan: true
  - name: expects a plan
    set: {gold: 0}
    cost: 11
  - name: expects some plan
    set: {gold: 0}
  - name: expects an empty plan
    already_satisfied: true
  - name: expects plan, gets none
    set: {gold: 0}
    plan: [Retire]
`

// minerWhy is why the miner without gold has no plan: a test that
// expected one says so.
const minerWhy = "retired is unreachable: Retire needs gold>=4; gold>=4: Dig needs has_pick; has_pick: BuyPick needs gold>=1"

func TestTestFailures(t *testing.T) {
	data, err := os.ReadFile("../testdata/miner.yaml")
	if err != nil {
		t.Fatal(err)
	}
	// Replace the file's tests with failing ones.
	src := string(data[:indexBytes(data, "tests:")]) + minerFails
	f := mustParse(t, src)
	want := []string{
		"FAIL wrong plan: expected plan [GoShop BuyPick GoMine Dig GoHome Retire], got [GoShop BuyPick GoMine Dig Dig GoHome Retire]",
		"FAIL wrong cost: expected cost 10, got 11 with plan [GoShop BuyPick GoMine Dig Dig GoHome Retire]",
		"FAIL wrong steps: expected steps 6, got 7 with plan [GoShop BuyPick GoMine Dig Dig GoHome Retire]",
		"FAIL wrong everything: expected cost 12, got 11; expected steps 8, got 7 with plan [GoShop BuyPick GoMine Dig Dig GoHome Retire]",
		// The plan is shown once: the plan's own message has it.
		"FAIL wrong cost and plan: expected cost 10, got 11; expected plan [GoShop BuyPick GoMine Dig GoHome Retire], got [GoShop BuyPick GoMine Dig Dig GoHome Retire]",
		"FAIL expects no plan: expected no plan, got [GoShop BuyPick GoMine Dig Dig GoHome Retire] (cost 11)",
		"FAIL expects a plan: expected cost 11, got no plan: " + minerWhy,
		"FAIL expects some plan: expected a plan, got no plan: " + minerWhy,
		"FAIL expects an empty plan: expected the start to satisfy the goal, got plan [GoShop BuyPick GoMine Dig Dig GoHome Retire]",
		"FAIL expects plan, gets none: expected plan [Retire], got no plan: " + minerWhy,
	}
	results := Run(context.Background(), f, goap.Options{})
	if len(results) != len(want) {
		t.Fatalf("%d results, want %d", len(results), len(want))
	}
	for i, r := range results {
		if r.Pass || r.String() != want[i] {
			t.Errorf("got  %v\nwant %s", r, want[i])
		}
		if r.Pos != f.Tests[i].Pos || r.Name != f.Tests[i].Name {
			t.Errorf("result %d names %s at %v", i, r.Name, r.Pos)
		}
	}
	if r := results[0]; r.Result.Status != goap.Found || r.Result.Cost != 11 || len(r.Plan) != 7 {
		t.Errorf("result keeps %v cost %v plan %v", r.Result.Status, r.Result.Cost, r.Plan)
	}
	if r := results[6]; r.Result.Status != goap.NoPlan || r.Result.Why() == nil || r.Plan != nil {
		t.Errorf("no-plan result keeps %v, why %v, plan %v", r.Result.Status, r.Result.Why(), r.Plan)
	}
}

func indexBytes(data []byte, s string) int {
	for i := 0; i+len(s) <= len(data); i++ {
		if string(data[i:i+len(s)]) == s {
			return i
		}
	}
	return len(data)
}

func TestTestStopped(t *testing.T) {
	f, err := goapfile.Load("../testdata/miner.yaml")
	if err != nil {
		t.Fatal(err)
	}
	sc := f.Tests[0]
	r := RunTest(context.Background(), f, sc, goap.Options{MaxExpansions: 1})
	if r.Pass || r.Msg != "the search stopped before it finished (limit reached)" {
		t.Errorf("limit: %v", r)
	}
	// The planner looks at the context every 256 expansions: give it a
	// domain that needs more.
	big, err := goapfile.Load("../../testdata/bench/synth_large.json")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	r = RunTest(ctx, big, goapfile.Test{Name: "x"}, goap.Options{Heuristic: goap.Blind})
	if r.Pass || r.Msg != "the search stopped before it finished: context canceled" {
		t.Errorf("cancelled: %v", r)
	}
	// A deadline names the deadline, also for a weighted search, whose
	// result came back without the context's error.
	blowup, err := goapfile.Load("../../cmd/goap/testdata/blowup.yaml")
	if err != nil {
		t.Fatal(err)
	}
	for _, opts := range []goap.Options{{SuboptimalWeight: 3}, {Direction: goap.Forward, Heuristic: goap.Blind}} {
		ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
		r = RunTest(ctx, blowup, goapfile.Test{Name: "x"}, opts)
		cancel()
		if r.Pass || r.Msg != "the search stopped before it finished: context deadline exceeded" {
			t.Errorf("deadline, %+v: %v", opts, r)
		}
	}
}

// TestTestDefaults runs hand-made tests: zero fields fall back to
// the file's start and goal.
func TestTestDefaults(t *testing.T) {
	f, err := goapfile.Load("../testdata/guard.yaml")
	if err != nil {
		t.Fatal(err)
	}
	cost := 9.0
	r := RunTest(context.Background(), f, goapfile.Test{Name: "mine", Cost: &cost}, goap.Options{})
	if !r.Pass || r.String() != "PASS mine" {
		t.Errorf("got %v", r)
	}
	r = RunTest(context.Background(), f, goapfile.Test{Name: "typo", Exclude: []string{"FindAmo"}}, goap.Options{})
	if r.Pass || r.Msg != `unknown action "FindAmo" in remove (did you mean "FindAmmo"?)` {
		t.Errorf("got %v", r)
	}
	noGoal := mustParse(t, "actions: [{name: A, effects: {b: true}}]\n")
	r = RunTest(context.Background(), noGoal, goapfile.Test{Name: "x"}, goap.Options{})
	if r.Pass || r.Msg != "no goal: the test and the file give none" {
		t.Errorf("got %v", r)
	}
	// Remove works for any target, even one compiled outside the file,
	// and leaves the caller's Exclude alone.
	target, err := f.Domain.Target("mine", goap.Conds{"armed": true})
	if err != nil {
		t.Fatal(err)
	}
	attack, _ := f.Domain.ActionID("Attack")
	backing := []goap.ActionID{attack, -1}
	exclude := backing[:1] // room to append: RunTest must not use it
	r = RunTest(context.Background(), f, goapfile.Test{Name: "x", Goal: target, Exclude: []string{"DrawWeapon"}, NoPlan: true}, goap.Options{Exclude: exclude})
	if !r.Pass {
		t.Errorf("got %v", r)
	}
	if backing[1] != -1 {
		t.Errorf("RunTest changed the caller's Exclude: %v", backing)
	}
	// The caller's Exclude still applies next to remove.
	draw, _ := f.Domain.ActionID("DrawWeapon")
	r = RunTest(context.Background(), f, goapfile.Test{Name: "x", Goal: target, Exclude: []string{"FindAmmo"}, NoPlan: true}, goap.Options{Exclude: []goap.ActionID{draw}})
	if !r.Pass {
		t.Errorf("got %v", r)
	}
	r = RunTest(context.Background(), f, goapfile.Test{Name: "x", Goal: target}, goap.Options{})
	if !r.Pass || len(r.Plan) != 1 || r.Plan[0] != "DrawWeapon" {
		t.Errorf("got %v %v", r, r.Plan)
	}
}

// TestRemove checks that removing actions keeps the facts only they name,
// and works for goals given by name and by conditions.
func TestRemove(t *testing.T) {
	f := mustParse(t, `
actions:
  - {name: UseKey, preconditions: {key: true}, effects: {open: true}}
  - {name: Break, cost: 5, effects: {open: true}}
goals:
  - {name: Open, desired: {open: true}}
start: {key: true}
goal: {open: true}
tests:
  - {name: key, plan: [UseKey]}
  - {name: no key, remove: [UseKey], plan: [Break], cost: 5}
  - {name: by name, goal: Open, remove: [UseKey], plan: [Break]}
  - {name: by conditions, goal: {open: true}, remove: [UseKey], plan: [Break]}
  - {name: nothing left, remove: [UseKey, Break], no_plan: true}
`)
	for _, r := range Run(context.Background(), f, goap.Options{}) {
		if !r.Pass {
			t.Errorf("%v", r)
		}
	}
	if f.Domain.NumActions() != 2 {
		t.Errorf("the file's domain lost actions: %d", f.Domain.NumActions())
	}
}

// TestTestParse checks what tests read into Test.
func TestTestParse(t *testing.T) {
	f := mustParse(t, `
facts:
  n: {type: int, min: 0, max: 3}
actions:
  - {name: A, cost: 1.5, effects: {b: true, n: "+1"}}
start: {n: 1}
goal: {b: true}
goals: [{name: G, desired: {n: 3}}]
tests:
  - {cost: 1.5, plan: [A], steps: 1}
  - {name: named, start: {}, set: {b: true}, already_satisfied: true}
  - {goal: G, remove: [A], no_plan: true}
  - {goal: {n: ">= 1"}, plan: []}
`)
	ts := f.Tests
	if len(ts) != 4 {
		t.Fatalf("%d tests", len(ts))
	}
	if ts[0].Name != "test 1" || *ts[0].Cost != 1.5 || *ts[0].Steps != 1 || len(ts[0].Plan) != 1 || ts[0].Goal != f.Goal {
		t.Errorf("test 1: %+v", ts[0])
	}
	if v, _ := ts[0].Start.Value("n"); v != 1 {
		t.Errorf("test 1 starts with n=%v, want the file's 1", v)
	}
	if ts[1].Name != "named" || !ts[1].AlreadySatisfied || ts[1].Cost != nil || ts[1].Plan != nil {
		t.Errorf("test 2: %+v", ts[1])
	}
	if v, _ := ts[1].Start.Value("n"); v != 0 {
		t.Errorf("test 2 starts with n=%v, want 0: its start replaces the file's", v)
	}
	if g, _ := f.Domain.Goal("G"); ts[2].Goal != g || !ts[2].NoPlan || len(ts[2].Exclude) != 1 {
		t.Errorf("test 3: %+v", ts[2])
	}
	if ts[3].Plan == nil || len(ts[3].Plan) != 0 || ts[3].Goal == nil || ts[3].Goal.Name() != "test 4" {
		t.Errorf("test 4: %+v", ts[3])
	}
	for _, r := range Run(context.Background(), f, goap.Options{}) {
		if !r.Pass {
			t.Errorf("%v", r)
		}
	}
}

// TestRunTestConcurrent runs one file's tests from several goroutines
// (run with -race).
func TestRunTestConcurrent(t *testing.T) {
	f, err := goapfile.Load("../testdata/guard.yaml")
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan []Result)
	for i := 0; i < 4; i++ {
		go func() { done <- Run(context.Background(), f, goap.Options{}) }()
	}
	for i := 0; i < 4; i++ {
		for _, r := range <-done {
			if !r.Pass {
				t.Errorf("%v", r)
			}
		}
	}
}
