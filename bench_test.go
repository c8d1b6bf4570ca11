package goap_test

import (
	"context"
	"testing"

	"github.com/goap-go/goap"
)

var benchConfigs = []struct {
	name string
	opts goap.Options
}{
	{"auto", goap.Options{}},
	{"forward-hmax", goap.Options{Direction: goap.Forward, Heuristic: goap.HMax}},
	{"forward-blind", goap.Options{Direction: goap.Forward, Heuristic: goap.Blind}},
	{"forward-lmcut", goap.Options{Direction: goap.Forward, Heuristic: goap.LMCut}},
	{"backward-hmax", goap.Options{Direction: goap.Backward}},
}

// benchLimit keeps configurations that cannot cope with a domain (forward
// search on the larger ladders) from eating the machine's memory.
const benchLimit = 2_000_000

// benchPlan plans repeatedly with a warm planner and reports expanded
// nodes per plan and per second, and the process's CPU time per plan
// (cpu-ns/op), which time spent waiting for a busy machine's cores does
// not inflate.
func benchPlan(b *testing.B, d *goap.Domain, start goap.State, goal *goap.Target, opts goap.Options) {
	p := goap.NewPlanner(d)
	p.Options = opts
	if p.Options.MaxExpansions == 0 {
		p.Options.MaxExpansions = benchLimit
	}
	ctx := context.Background()
	res := p.Plan(ctx, start, goal)
	switch res.Status {
	case goap.Failed:
		b.Skipf("not applicable: %v", res.Err)
	case goap.LimitReached:
		b.Skipf("more than %d expansions", benchLimit)
	}
	b.ReportAllocs()
	b.ResetTimer()
	cpu0, cpuOK := cpuTime()
	for i := 0; i < b.N; i++ {
		res = p.Plan(ctx, start, goal)
	}
	b.StopTimer()
	if cpu1, ok := cpuTime(); ok && cpuOK {
		b.ReportMetric(float64(cpu1-cpu0)/float64(b.N), "cpu-ns/op")
	}
	b.ReportMetric(float64(res.Expanded), "expanded/op")
	b.ReportMetric(float64(res.Generated), "generated/op")
	if s := b.Elapsed().Seconds(); s > 0 {
		b.ReportMetric(float64(res.Expanded)*float64(b.N)/s, "nodes/s")
	}
}

func BenchmarkBenchDomains(b *testing.B) {
	for _, name := range []string{"guard", "guard_unsolvable", "trap", "restore", "synth_small", "synth_large", "synth_small_unsolvable", "synth_large_unsolvable"} {
		d, start, goal, _ := loadBench(b, name)
		for _, cfg := range benchConfigs {
			b.Run(name+"/"+cfg.name, func(b *testing.B) { benchPlan(b, d, start, goal, cfg.opts) })
		}
	}
}

// BenchmarkExhaustive proves the large synthetic domain unsolvable by
// searching every reachable state: blind forward search with pruning and
// the relaxed reachability shortcut switched off.
func BenchmarkExhaustive(b *testing.B) {
	for _, name := range []string{"synth_large_unsolvable", "synth_large"} {
		d, start, goal, _ := loadBench(b, name)
		b.Run(name, func(b *testing.B) {
			benchPlan(b, d, start, goal, goap.Options{Direction: goap.Forward, Heuristic: goap.Blind, NoPruning: true})
		})
	}
}

func BenchmarkLadder(b *testing.B) {
	for _, l := range ladders {
		for _, unsolvable := range []bool{false, true} {
			spec, startVals, _ := ladderSpec(l.rungs, l.height, l.noiseFacts, l.noiseActs, unsolvable)
			d, err := goap.NewDomain(spec)
			if err != nil {
				b.Fatal(err)
			}
			start, _ := d.State(startVals)
			goal, _ := d.Goal("goal")
			name := l.name
			if unsolvable {
				name += "_unsolvable"
			}
			for _, cfg := range benchConfigs {
				b.Run(name+"/"+cfg.name, func(b *testing.B) { benchPlan(b, d, start, goal, cfg.opts) })
			}
		}
	}
}

// BenchmarkCallOverhead plans a one-action domain: one expansion, one
// successor. It measures what every plan call costs besides the search
// proper (option checks, setup, the result).
func BenchmarkCallOverhead(b *testing.B) {
	d, err := goap.NewDomain(goap.Spec{Name: "one",
		Actions: []goap.Action{{Name: "A", Cost: 1, Effects: goap.Effects{"done": true}}},
		Goals:   []goap.Goal{{Name: "g", Desired: goap.Conds{"done": true}}}})
	if err != nil {
		b.Fatal(err)
	}
	start, _ := d.State(nil)
	goal, _ := d.Goal("g")
	benchPlan(b, d, start, goal, goap.Options{})
}

// BenchmarkNumeric plans in shooterSpec, whose actions compare and add to
// integer facts (the slower successor path of one-word states).
func BenchmarkNumeric(b *testing.B) {
	d, err := goap.NewDomain(shooterSpec())
	if err != nil {
		b.Fatal(err)
	}
	goal, _ := d.Goal("Kill")
	for _, cfg := range benchConfigs {
		b.Run(cfg.name, func(b *testing.B) { benchPlan(b, d, d.NewState(), goal, cfg.opts) })
	}
}
