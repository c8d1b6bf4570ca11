package goap_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/goap-go/goap"
)

// benchFile is the JSON shape of testdata/bench (a subset of the designer
// file format, read here with encoding/json so the core's tests need no
// YAML package).
type benchFile struct {
	Name    string `json:"name"`
	Actions []struct {
		Name    string         `json:"name"`
		Cost    *float64       `json:"cost"`
		Pre     map[string]any `json:"preconditions"`
		Effects map[string]any `json:"effects"`
	} `json:"actions"`
	Start map[string]any `json:"start"`
	Goal  map[string]any `json:"goal"`
}

// loadBench reads testdata/bench/NAME.json into a compiled domain, its
// start state and its goal.
func loadBench(tb testing.TB, name string) (*goap.Domain, goap.State, *goap.Target, goap.Spec) {
	tb.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "bench", name+".json"))
	if err != nil {
		tb.Fatal(err)
	}
	var f benchFile
	if err := json.Unmarshal(data, &f); err != nil {
		tb.Fatal(err)
	}
	spec := goap.Spec{Name: f.Name, Goals: []goap.Goal{{Name: "goal", Desired: goap.Conds(f.Goal)}}}
	for _, a := range f.Actions {
		cost := 1.0
		if a.Cost != nil {
			cost = *a.Cost
		}
		spec.Actions = append(spec.Actions, goap.Action{Name: a.Name, Cost: cost, Pre: goap.Conds(a.Pre), Effects: goap.Effects(a.Effects)})
	}
	d, err := goap.NewDomain(spec)
	if err != nil {
		tb.Fatal(err)
	}
	start, err := d.State(f.Start)
	if err != nil {
		tb.Fatal(err)
	}
	goal, _ := d.Goal("goal")
	return d, start, goal, spec
}

// ladderSpec generates the "ladder" family: `rungs` chains of `height`
// boolean facts climbed one step at a time, a dearer shortcut on every chain
// that skips a rung, a final action that needs the top of every chain, and
// `noiseActions` applicable but irrelevant actions cycling through
// `noiseFacts` facts that nothing needs (start: n0 true). With unsolvable set,
// the final action also needs a fact no action sets.
func ladderSpec(rungs, height, noiseFacts, noiseActions int, unsolvable bool) (goap.Spec, map[string]any, goap.Conds) {
	spec := goap.Spec{Name: fmt.Sprintf("ladder-%dx%d", rungs, height)}
	finalPre := goap.Conds{}
	for r := 0; r < rungs; r++ {
		fact := func(i int) string { return fmt.Sprintf("r%d_%d", r, i) }
		for i := 0; i < height; i++ {
			a := goap.Action{Name: fmt.Sprintf("Climb%d_%d", r, i), Cost: 1 + float64((r+i)%3)/2, Effects: goap.Effects{fact(i): true}}
			if i > 0 {
				a.Pre = goap.Conds{fact(i - 1): true}
			}
			spec.Actions = append(spec.Actions, a)
			if i >= 2 {
				spec.Actions = append(spec.Actions, goap.Action{Name: fmt.Sprintf("Skip%d_%d", r, i), Cost: 3.25,
					Pre: goap.Conds{fact(i - 2): true}, Effects: goap.Effects{fact(i): true}})
			}
		}
		finalPre[fact(height-1)] = true
	}
	if unsolvable {
		finalPre["key"] = true
		spec.Facts = append(spec.Facts, goap.Bool("key"))
	}
	spec.Actions = append(spec.Actions, goap.Action{Name: "Finish", Cost: 1, Pre: finalPre, Effects: goap.Effects{"done": true}})
	noise := func(i int) string { return fmt.Sprintf("n%d", i%noiseFacts) }
	for i := 0; i < noiseActions; i++ {
		spec.Actions = append(spec.Actions, goap.Action{Name: fmt.Sprintf("Noise%d", i), Cost: 1,
			Pre: goap.Conds{noise(i): true}, Effects: goap.Effects{noise(i + 1 + i/noiseFacts): true, noise(i): i%7 != 0}})
	}
	goal := goap.Conds{"done": true}
	spec.Goals = []goap.Goal{{Name: "goal", Desired: goal}}
	return spec, map[string]any{"n0": true}, goal
}

// ladders are the three benchmark sizes: facts/actions 48/64, 100/200
// and 200/400.
var ladders = []struct {
	name                                 string
	rungs, height, noiseFacts, noiseActs int
}{
	{"ladder48", 2, 7, 33, 39},
	{"ladder100", 3, 9, 72, 151},
	{"ladder200", 4, 11, 155, 315},
}

// compileSpec compiles a generated domain with its start state and
// returns its goal named "goal"; any error fails the test.
func compileSpec(tb testing.TB, spec goap.Spec, startVals map[string]any) (*goap.Domain, goap.State, *goap.Target) {
	tb.Helper()
	d, err := goap.NewDomain(spec)
	if err != nil {
		tb.Fatalf("domain %s: %v", spec.Name, err)
	}
	start, err := d.State(startVals)
	if err != nil {
		tb.Fatalf("domain %s: %v", spec.Name, err)
	}
	goal, ok := d.Goal("goal")
	if !ok {
		tb.Fatalf("domain %s has no goal named goal", spec.Name)
	}
	return d, start, goal
}

// applicableActions returns the actions applicable in s, in ActionID
// order, for random walks.
func applicableActions(d *goap.Domain, s goap.State) []goap.ActionID {
	var app []goap.ActionID
	for a := 0; a < d.NumActions(); a++ {
		if d.Applicable(s, goap.ActionID(a)) {
			app = append(app, goap.ActionID(a))
		}
	}
	return app
}

// testShards is how many parallel subtests inShards runs: the long
// property tests over random domains are the core's slowest, and split
// they keep every core busy instead of setting the package's wall time.
const testShards = 4

// inShards runs body(t, k) for k = 0..testShards-1 in parallel subtests
// and returns when all are done. A body goes through the same sequence
// of random domains as the unsplit test (it must draw every domain from
// its generator) and checks those for which mine(i, k) holds, so the
// domains checked, and what a failure names, do not depend on the split.
func inShards(t *testing.T, body func(t *testing.T, k int)) {
	t.Helper()
	t.Run("shards", func(t *testing.T) {
		for k := 0; k < testShards; k++ {
			t.Run(fmt.Sprint(k), func(t *testing.T) {
				t.Parallel()
				body(t, k)
			})
		}
	})
}

// mine reports whether domain i belongs to shard k. Domains are spread
// by a hash of i, not i%testShards: the tests vary domains by i modulo
// small numbers (numeric when i is even, integer costs when i%4 < 2),
// which i%testShards would give to one shard.
func mine(i, k int) bool { return int(uint32(i)*2654435761>>16)%testShards == k }
