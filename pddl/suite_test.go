package pddl

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/goap-go/goap"
)

// instance is one line of testdata/optimal.tsv.
type instance struct {
	domain, task string
	optimal      float64
	lmcutSeconds float64 // -1 when LM-cut timed out
	lmcutExp     int     // Fast Downward LM-cut expansions, -1 when it timed out
}

func (in instance) String() string { return in.domain + "/" + in.task }

func readInstances(t testing.TB) []instance {
	f, err := os.Open("testdata/optimal.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []instance
	sc := bufio.NewScanner(f)
	sc.Scan() // header
	for sc.Scan() {
		c := strings.Split(sc.Text(), "\t")
		if len(c) != 7 {
			t.Fatalf("optimal.tsv: bad line %q", sc.Text())
		}
		in := instance{domain: c[0], task: c[1], lmcutSeconds: -1, lmcutExp: -1}
		if in.optimal, err = strconv.ParseFloat(c[2], 64); err != nil {
			t.Fatal(err)
		}
		if c[6] != "-" {
			if in.lmcutSeconds, err = strconv.ParseFloat(c[6], 64); err != nil {
				t.Fatal(err)
			}
			if in.lmcutExp, err = strconv.Atoi(c[5]); err != nil {
				t.Fatal(err)
			}
		}
		out = append(out, in)
	}
	return out
}

// load parses an instance from testdata.
func load(t testing.TB, in instance) (*Domain, *Problem) {
	dir := filepath.Join("testdata", in.domain)
	ds, err := os.ReadFile(filepath.Join(dir, "domain.pddl"))
	if err != nil {
		t.Fatal(err)
	}
	d, err := ParseDomain(filepath.Join(dir, "domain.pddl"), ds)
	if err != nil {
		t.Fatal(err)
	}
	ps, err := os.ReadFile(filepath.Join(dir, in.task+".pddl"))
	if err != nil {
		t.Fatal(err)
	}
	pr, err := ParseProblem(filepath.Join(dir, in.task+".pddl"), ps, d)
	if err != nil {
		t.Fatal(err)
	}
	return d, pr
}

type outcome struct {
	res            goap.Result
	plan           []string
	facts, actions int
	ground, search time.Duration
}

func solve(t testing.TB, in instance, opts goap.Options, timeout time.Duration) outcome {
	return solveEncoded(t, in, opts, timeout, true)
}

// solveEncoded is solve with the mutex groups as enum facts, or with
// a boolean per atom.
func solveEncoded(t testing.TB, in instance, opts goap.Options, timeout time.Duration, mutex bool) outcome {
	d, pr := load(t, in)
	t0 := time.Now()
	task, err := Ground(d, pr)
	if err != nil {
		t.Fatal(err)
	}
	if !mutex {
		task.Groups = nil
	}
	dom, start, goal, err := task.Compile()
	if err != nil {
		t.Fatal(err)
	}
	o := outcome{facts: len(task.Spec.Facts), actions: len(task.Spec.Actions), ground: time.Since(t0)}
	pl := goap.NewPlanner(dom)
	pl.Options = opts
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	t0 = time.Now()
	o.res = pl.Plan(ctx, start, goal)
	o.search = time.Since(t0)
	for _, a := range o.res.Plan {
		o.plan = append(o.plan, task.Ground[a].IPC())
	}
	return o
}

// quickExpansions is the expansion budget of TestQuickInstances: a
// deterministic limit, so the test behaves the same under -race and on a
// loaded machine.
const quickExpansions = 120_000

// needsMore lists quick instances (LM-cut search <= 0.1 s in Fast
// Downward) that forward LM-cut search does not solve within
// quickExpansions. Empty today; kept so a regression names the instance.
var needsMore = map[string]bool{}

func TestParseAll(t *testing.T) {
	for _, in := range readInstances(t) {
		d, pr := load(t, in)
		if len(d.Actions) == 0 || len(pr.Goal) == 0 {
			t.Errorf("%s: no actions or no goal", in)
		}
		if in.domain == "elevators-opt08-strips" && (!d.ActionCosts || !pr.Metric || len(pr.Values) == 0) {
			t.Errorf("%s: action costs not read", in)
		}
	}
}

func TestQuickInstances(t *testing.T) {
	if testing.Short() {
		t.Skip("slow")
	}
	for _, in := range readInstances(t) {
		if in.lmcutSeconds < 0 || in.lmcutSeconds > 0.1 {
			continue
		}
		for _, mutex := range []bool{true, false} {
			name := in.String()
			if !mutex {
				name += "/plain" // a boolean per atom
			}
			t.Run(name, func(t *testing.T) { quickInstance(t, in, mutex) })
		}
	}
}

// quickInstance solves in with goap pddl's default (forward search with
// LM-cut) in one encoding and checks the cost and the plan.
func quickInstance(t *testing.T, in instance, mutex bool) {
	o := solveEncoded(t, in, goap.Options{Direction: goap.Forward, Heuristic: goap.LMCut, MaxExpansions: quickExpansions}, 10*time.Minute, mutex)
	if o.res.Status == goap.LimitReached && needsMore[in.String()] {
		return // known: see needsMore
	}
	if o.res.Status != goap.Found {
		t.Fatalf("status %v after %v (%d expanded)", o.res.Status, o.search, o.res.Expanded)
	}
	if o.res.Cost != in.optimal {
		t.Errorf("cost %v, want %v", o.res.Cost, in.optimal)
	}
	d, pr := load(t, in)
	cost, err := validate(d, pr, o.plan)
	if err != nil {
		t.Fatalf("invalid plan: %v\n%s", err, strings.Join(o.plan, "\n"))
	}
	if cost != o.res.Cost {
		t.Errorf("validator cost %v, planner %v", cost, o.res.Cost)
	}
}

// TestSuiteTable prints, for every instance, what three optimal planner
// configurations achieve. It takes minutes: run it with
//
//	GOAP_PDDL_SUITE=10s go test ./pddl -run SuiteTable -v
//
// where the value is the time limit per instance and configuration.
// GOAP_PDDL_CONFIGS=fwd-lmcut (a comma-separated list) runs only those.
// The last column is Fast Downward's LM-cut expansions (optimal.tsv).
func TestSuiteTable(t *testing.T) {
	limit, err := time.ParseDuration(os.Getenv("GOAP_PDDL_SUITE"))
	if err != nil {
		t.Skip("set GOAP_PDDL_SUITE to a time limit per run, e.g. 10s")
	}
	configs := []struct {
		name string
		opts goap.Options
	}{
		{"default", goap.Options{}},
		{"fwd-hmax", goap.Options{Direction: goap.Forward, Heuristic: goap.HMax}},
		{"fwd-lmcut", goap.Options{Direction: goap.Forward, Heuristic: goap.LMCut}},
	}
	if only := os.Getenv("GOAP_PDDL_CONFIGS"); only != "" {
		keep := configs[:0]
		for _, c := range configs {
			if slices.Contains(strings.Split(only, ","), c.name) {
				keep = append(keep, c)
			}
		}
		configs = keep
	}
	var b strings.Builder
	fmt.Fprintf(&b, "\n%-30s %6s %6s %5s %8s", "instance", "opt", "facts", "acts", "ground")
	for _, c := range configs {
		fmt.Fprintf(&b, " | %-8s %6s %9s %9s", c.name, "cost", "expanded", "time")
	}
	b.WriteString("\n")
	for _, in := range readInstances(t) {
		var row strings.Builder
		for i, c := range configs {
			o := solve(t, in, c.opts, limit)
			if i == 0 {
				fmt.Fprintf(&b, "%-30s %6v %6d %5d %8v", in, in.optimal, o.facts, o.actions, o.ground.Round(time.Microsecond))
			}
			cost := "-"
			if o.res.Status == goap.Found {
				cost = strconv.FormatFloat(o.res.Cost, 'g', -1, 64)
				if o.res.Cost != in.optimal {
					t.Errorf("%s %s: cost %v, want %v", in, c.name, o.res.Cost, in.optimal)
				}
				d, pr := load(t, in)
				if _, err := validate(d, pr, o.plan); err != nil {
					t.Errorf("%s %s: invalid plan: %v", in, c.name, err)
				}
			}
			fmt.Fprintf(&row, " | %-8s %6s %9d %9v", "", cost, o.res.Expanded, o.search.Round(time.Millisecond))
		}
		fmt.Fprintf(&row, " | fd-lmcut %9d", in.lmcutExp)
		b.WriteString(row.String() + "\n")
	}
	t.Log(b.String())
}
