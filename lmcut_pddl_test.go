package goap_test

import (
	"context"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"testing"

	"github.com/goap-go/goap"
	"github.com/goap-go/goap/pddl"
)

// TestLMCutReferencePDDL compares LM-cut with the from-scratch reference
// on random walks through a few IPC instances (integer costs, zero-cost
// actions in elevators).
func TestLMCutReferencePDDL(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewSource(1))
	for _, in := range [][2]string{
		{"logistics", "task02"},
		{"blocks", "task06"},
		{"gripper", "task02"},
		{"miconic", "task05"},
		{"elevators-opt08-strips", "p01"},
	} {
		d, start, goal := loadPDDL(t, in[0], in[1])
		lmcutWalk(t, rng, d, start, goal, 40, in[0]+"/"+in[1])
	}
}

// loadPDDL grounds and compiles pddl/testdata/domain/task.pddl.
func loadPDDL(tb testing.TB, domain, task string) (*goap.Domain, goap.State, *goap.Target) {
	tb.Helper()
	dir := filepath.Join("pddl", "testdata", domain)
	read := func(name string) []byte {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			tb.Fatal(err)
		}
		return b
	}
	dd, err := pddl.ParseDomain("domain.pddl", read("domain.pddl"))
	if err != nil {
		tb.Fatal(err)
	}
	pr, err := pddl.ParseProblem(task, read(task+".pddl"), dd)
	if err != nil {
		tb.Fatal(err)
	}
	gt, err := pddl.Ground(dd, pr)
	if err != nil {
		tb.Fatal(err)
	}
	d, start, goal, err := gt.Compile()
	if err != nil {
		tb.Fatal(err)
	}
	return d, start, goal
}

// BenchmarkLMCutPDDL times forward A* with LM-cut on IPC instances; the
// cpu-ns/exp metric is the process CPU time per expansion (steadier than
// wall time on a shared machine).
func BenchmarkLMCutPDDL(b *testing.B) {
	for _, in := range [][2]string{
		{"gripper", "task03"},
		{"logistics", "task09"},
		{"blocks", "task17"},
		{"elevators-opt08-strips", "p01"},
	} {
		d, start, goal := loadPDDL(b, in[0], in[1])
		for _, eager := range []bool{false, true} {
			name := in[0] + "/" + in[1]
			if eager {
				name += "/eager" // each child estimated when generated
			}
			b.Run(name, func(b *testing.B) {
				p := goap.NewPlanner(d)
				p.Options = goap.Options{Direction: goap.Forward, Heuristic: goap.LMCut}
				goap.SetEagerLMCut(p, eager)
				exp, gen := 0, 0
				c0, _ := cpuTime()
				for b.Loop() {
					res := p.Plan(context.Background(), start, goal)
					if res.Status != goap.Found {
						b.Fatal(res.Status)
					}
					exp += res.Expanded
					gen += res.Generated
				}
				c1, _ := cpuTime()
				b.ReportMetric(float64((c1-c0).Nanoseconds())/float64(exp), "cpu-ns/exp")
				b.ReportMetric(float64(exp)/float64(b.N), "expanded/op")
				b.ReportMetric(float64(gen)/float64(b.N), "generated/op")
			})
		}
	}
}

// TestLMCutWarmNoAllocsPDDL: a warm forward LM-cut plan on an IPC
// instance allocates nothing.
func TestLMCutWarmNoAllocsPDDL(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation counts do not hold under the race detector")
	}
	d, start, goal := loadPDDL(t, "logistics", "task02")
	p := goap.NewPlanner(d)
	p.Options = goap.Options{Direction: goap.Forward, Heuristic: goap.LMCut}
	ctx := context.Background()
	if res := p.Plan(ctx, start, goal); res.Status != goap.Found || res.Cost != 19 {
		t.Fatalf("got %v cost %v, want cost 19", res.Status, res.Cost)
	}
	if allocs := testing.AllocsPerRun(5, func() { p.Plan(ctx, start, goal) }); allocs != 0 {
		t.Errorf("%v allocations per warm LM-cut plan", allocs)
	}
}

// BenchmarkStateBytes reports the search memory per stored state of
// forward LM-cut on IPC instances (issue 26 §3): nodes, states, table and
// open list as allocated (SearchMemory) over the states the search
// stored, after a cold plan call. Without symmetry, as Fast Downward's
// astar(lmcut()) searches: gripper's balls are interchangeable.
func BenchmarkStateBytes(b *testing.B) {
	for _, in := range [][2]string{
		{"gripper", "task04"},
		{"logistics", "task11"},
		{"blocks", "task16"},
		{"elevators-opt08-strips", "p01"},
		// searches of 0.2 to 0.5 million states (half a minute in all)
		{"gripper", "task05"},
		{"logistics", "task12"},
		{"blocks", "task21"},
		{"elevators-opt08-strips", "p05"},
	} {
		d, start, goal := loadPDDL(b, in[0], in[1])
		b.Run(in[0]+"/"+in[1], func(b *testing.B) {
			var bytes, nodes, states, table, open int64
			var stored int
			for b.Loop() {
				p := goap.NewPlanner(d)
				p.Options = goap.Options{Direction: goap.Forward, Heuristic: goap.LMCut, NoSymmetry: true}
				if res := p.Plan(context.Background(), start, goal); res.Status != goap.Found {
					b.Fatal(res.Status)
				}
				bytes, stored = goap.SearchMemory(p)
				nodes, states, table, open = goap.SearchMemoryParts(p)
			}
			perState := func(n int64) float64 { return float64(n) / float64(stored) }
			b.ReportMetric(perState(bytes), "bytes/state")
			b.ReportMetric(perState(nodes), "node-bytes/state")
			b.ReportMetric(perState(states), "state-bytes/state")
			b.ReportMetric(perState(table), "table-bytes/state")
			b.ReportMetric(perState(open), "open-bytes/state")
			b.ReportMetric(float64(stored), "stored")
			b.ReportMetric(float64(d.Words()), "words")
		})
	}
}

// TestNodeSlots: after searches on one-, two- and three-word IPC
// instances, forward and backward (past the first page of nodes, the
// flat states, and several table growths; LM-cut reopens closed nodes), every node's table
// slot is found again from its state and agrees with the node on being
// closed (blind searches with the bucket queue do not keep the flag).
func TestNodeSlots(t *testing.T) {
	t.Parallel()
	for _, in := range []struct {
		domain, task string
		opts         goap.Options
	}{
		// without symmetry: gripper's balls are interchangeable, and the
		// search would stay within the first page
		{"gripper", "task04", goap.Options{Direction: goap.Forward, Heuristic: goap.LMCut, NoSymmetry: true, MaxExpansions: 40000}},
		{"blocks", "task10", goap.Options{Direction: goap.Forward, Heuristic: goap.HMax}},
		{"logistics", "task11", goap.Options{Direction: goap.Forward, Heuristic: goap.LMCut, MaxExpansions: 2000}},
		{"blocks", "task19", goap.Options{Direction: goap.Forward, Heuristic: goap.HMax, MaxExpansions: 2000}},
		// blind searches (the bucket queue's duplicate test reads the
		// node's cost): one word, and two
		{"gripper", "task04", goap.Options{Direction: goap.Forward, Heuristic: goap.Blind, NoSymmetry: true, MaxExpansions: 30000}},
		{"logistics", "task11", goap.Options{Direction: goap.Forward, Heuristic: goap.Blind, MaxExpansions: 20000}},
		{"blocks", "task10", goap.Options{Direction: goap.Backward, Heuristic: goap.HMax, MaxExpansions: 2000}},
		// backward over one word: two-word subgoals, past the flat ones
		{"gripper", "task04", goap.Options{Direction: goap.Backward, Heuristic: goap.HMax, NoSymmetry: true, MaxExpansions: 20000}},
	} {
		d, start, goal := loadPDDL(t, in.domain, in.task)
		p := goap.NewPlanner(d)
		p.Options = in.opts
		res := p.Plan(context.Background(), start, goal)
		name := fmt.Sprintf("%s/%s %v %v (%d words)", in.domain, in.task, in.opts.Direction, in.opts.Heuristic, d.Words())
		if res.Status != goap.Found && res.Status != goap.LimitReached {
			t.Fatalf("%s: %v", name, res.Status)
		}
		closed, err := goap.CheckSlots(p)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		_, stored := goap.SearchMemory(p)
		t.Logf("%s: %d stored, %d closed", name, stored, closed)
		if stored <= 4096 || closed == 0 {
			t.Errorf("%s: %d stored, %d closed: too small a search to check pages and slots", name, stored, closed)
		}
	}
	// Backward over a chain of 5,000 actions: 158-word subgoals, which
	// keep their hash after them in the pages.
	p, start, goal := chainPlanner(t, 5000, nil)
	p.Options = goap.Options{Direction: goap.Backward, Heuristic: goap.Blind}
	if res := p.Plan(context.Background(), start, goal); res.Status != goap.Found || len(res.Plan) != 5000 {
		t.Fatalf("chain: %v, %d steps", res.Status, len(res.Plan))
	}
	closed, err := goap.CheckSlots(p)
	if _, stored := goap.SearchMemory(p); err != nil || stored <= 4096 || closed == 0 {
		t.Fatalf("chain: %d stored, %d closed, %v", stored, closed, err)
	}
}
