package goap_test

import (
	"fmt"
	"math"
	"math/rand"
	"slices"
	"sync"
	"testing"

	"github.com/goap-go/goap"
)

// TestLoopsMatchReference runs every search twice, once with the loop
// made for its kind (the table at stepOwn) and once with the plain
// reference A* of astar.go, one expansion at a time, and requires the
// same search after every expansion: status, counts, and every node of
// every member's search graph (state, g, h, parent, action, closed).
// Domains are random: booleans, integers and enums, one or several state
// words, integer costs (the bucket queue) or fractional ones (the heap),
// and the large-table paths forced on.
func TestLoopsMatchReference(t *testing.T) {
	t.Parallel()
	n := 1000
	if testing.Short() {
		n = 100
	}
	configs := []goap.Options{
		{Direction: goap.Forward, Heuristic: goap.Blind},                     // stepBlind1 / stepForward1 / stepForwardN
		{Direction: goap.Forward, Heuristic: goap.Blind, NoPruning: true},    // the same without relevance pruning
		{Direction: goap.Forward, Heuristic: goap.HMax},                      // stepForward1 / stepForwardN with estimates
		{Direction: goap.Forward, Heuristic: goap.LMCut},                     // reopening closed nodes
		{Direction: goap.Forward, Heuristic: goap.HAddNotOptimal},            // inconsistent estimates
		{Direction: goap.Forward, Heuristic: goap.GoalCountNotOptimal},       //
		{Direction: goap.Forward, Heuristic: goap.HMax, SuboptimalWeight: 2}, // weighted f
		{Direction: goap.Backward, Heuristic: goap.HMax},                     // stepBackward1 / stepBackward
		{Direction: goap.Backward, Heuristic: goap.Blind},                    //
		{}, // Auto: the portfolio, each member in its loop
	}
	rows := map[string]int{}
	var mu sync.Mutex
	inShards(t, func(t *testing.T, shard int) {
		rng := rand.New(rand.NewSource(5))
		local := map[string]int{}
		for i := 0; i < n; i++ {
			spec, startVals, goalConds := randomSpec(rng, i%2 == 0)
			if !mine(i, shard) {
				continue
			}
			if i%3 == 2 {
				widen(rand.New(rand.NewSource(int64(i))), &spec, startVals, goalConds)
			}
			if i%4 < 2 {
				for k := range spec.Actions {
					spec.Actions[k].Cost = math.Round(spec.Actions[k].Cost * 2) // integers: the bucket queue
				}
			}
			d, start, goal := compileSpec(t, spec, startVals)
			for ci, opts := range configs {
				prefetch := i%5 == 4 // the large-table paths, on small domains
				row := fmt.Sprintf("words=%d %v/%v prefetch=%v", min(d.Words(), 2), opts.Direction, opts.Heuristic, prefetch)
				indexed := i%4 == 1 && d.Words() == 1 // stepIndexed1, stepBackward1Indexed
				tune := func(p *goap.Planner) {
					if i%2 == 1 { // small action sets indexed too (succGen)
						goap.SetUnindexedActs(p, 0)
					}
					if indexed {
						goap.SetIndexOneWordAfter(p, 0)
					}
					if prefetch {
						goap.SetPrefetchTable(p, 0)
					}
				}
				if indexed {
					row += " indexed"
				}
				diff := compareLoops(d, start, goal, opts, tune)
				if diff != "" {
					t.Fatalf("domain %d, config %d (%s): %s", i, ci, row, diff)
				}
				local[row]++
			}
			if goal.Parts() > 1 {
				local["split"]++
			}
		}
		mu.Lock()
		defer mu.Unlock()
		for row, c := range local {
			rows[row] += c
		}
	})
	for _, row := range []string{"words=1 forward/blind prefetch=false indexed", "words=1 backward/hmax prefetch=false indexed"} {
		if rows[row] == 0 {
			t.Errorf("no domain ran %s", row)
		}
	}
	if rows["split"] == 0 {
		t.Error("no domain's goal split into independent parts")
	}
	t.Logf("%d of %d goals split into parts", rows["split"], n)
	// Every loop of the table must have been exercised.
	for _, words := range []int{1, 2} {
		for _, dir := range []goap.Direction{goap.Forward, goap.Backward} {
			for _, prefetch := range []bool{false, true} {
				row := fmt.Sprintf("words=%d %v/%v prefetch=%v", words, dir, goap.Blind, prefetch)
				if rows[row] == 0 {
					t.Errorf("no domain ran %s", row)
				}
			}
		}
	}
}

// compareLoops runs one search with the specialised loops and with the
// reference loop, step by step, and describes the first difference. tune
// sets both planners' thresholds.
func compareLoops(d *goap.Domain, start goap.State, goal *goap.Target, opts goap.Options, tune func(*goap.Planner)) string {
	fast, ref := goap.NewPlanner(d), goap.NewPlanner(d)
	tune(fast)
	tune(ref)
	goap.SetReferenceLoop(ref, true)
	fast.Options, ref.Options = opts, opts
	fs := fast.Start(start, goal)
	rs := ref.Start(start, goal)
	for step := 0; ; step++ {
		fr, rr := fs.Result(), rs.Result()
		a := fmt.Sprintf("%v %v %v expanded %d generated %d partial %v err %v", fr.Status, fr.Plan, fr.Cost, fr.Expanded, fr.Generated, fr.Partial, fr.Err)
		b := fmt.Sprintf("%v %v %v expanded %d generated %d partial %v err %v", rr.Status, rr.Plan, rr.Cost, rr.Expanded, rr.Generated, rr.Partial, rr.Err)
		if a != b {
			return fmt.Sprintf("after %d steps:\nloops:     %s\nreference: %s", step, a, b)
		}
		if fw, rw := goap.SearchWork(fs), goap.SearchWork(rs); fw != rw {
			return fmt.Sprintf("after %d steps: members' work %v, reference %v", step, fw, rw)
		}
		done := fr.Status != goap.Running || step > 5000
		// The graphs after every one of the first steps, then every 64th
		// and at the end: comparing whole graphs after each of thousands
		// of steps made a few large domains take most of the test's time,
		// and a difference in a node persists to the next comparison.
		if step >= 64 && step%64 != 0 && !done {
			fs.Step(1)
			rs.Step(1)
			continue
		}
		fg, rg := goap.SearchGraphs(fs), goap.SearchGraphs(rs)
		if len(fg) != len(rg) {
			return fmt.Sprintf("after %d steps: %d searches, reference %d", step, len(fg), len(rg))
		}
		for m := range fg {
			if !slices.Equal(fg[m], rg[m]) {
				for k := range min(len(fg[m]), len(rg[m])) {
					if fg[m][k] != rg[m][k] {
						return fmt.Sprintf("after %d steps, member %d, node %d:\nloops:     %+v\nreference: %+v", step, m, k, fg[m][k], rg[m][k])
					}
				}
				return fmt.Sprintf("after %d steps, member %d: %d nodes, reference %d", step, m, len(fg[m]), len(rg[m]))
			}
		}
		if done {
			return ""
		}
		fs.Step(1)
		rs.Step(1)
	}
}
