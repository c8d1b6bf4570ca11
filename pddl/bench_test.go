package pddl

import (
	"context"
	"runtime"
	"testing"

	"github.com/goap-go/goap"
)

func BenchmarkGround(b *testing.B) {
	for _, in := range []instance{{domain: "gripper", task: "task07"}, {domain: "logistics", task: "task16"}, {domain: "elevators-opt08-strips", task: "p06"}} {
		d, pr := load(b, in)
		b.Run(in.String(), func(b *testing.B) {
			for b.Loop() {
				if _, err := Ground(d, pr); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// blindInstances are the instances of BenchmarkBlind: one-word ones (at
// most 64 facts) first, then multi-word ones, with an expansion cap for
// those blind search does not solve quickly: the rate, not the plan, is
// what is measured.
var blindInstances = []struct {
	in  instance
	cap int
}{
	{instance{domain: "gripper", task: "task05"}, 0},
	{instance{domain: "logistics", task: "task07"}, 0},
	{instance{domain: "blocks", task: "task09"}, 0},
	{instance{domain: "blocks", task: "task10"}, 0},
	{instance{domain: "blocks", task: "task13"}, 0},
	{instance{domain: "gripper", task: "task07"}, 500_000},
	{instance{domain: "logistics", task: "task11"}, 300_000},
	{instance{domain: "miconic", task: "task17"}, 100_000},
	{instance{domain: "elevators-opt08-strips", task: "p03"}, 200_000},
}

// BenchmarkBlind measures the raw node rate of blind forward search
// (uniform-cost A*) on PDDL states, with a warm planner:
//
//	go test ./pddl -run '^$' -bench Blind -count 6
//
// nodes/s counts expanded states per second of wall time, nodes/cpu-s per
// second of the process's CPU time (which includes the garbage
// collector's): on a shared machine the second is steadier.
func BenchmarkBlind(b *testing.B) {
	for _, bi := range blindInstances {
		d, pr := load(b, bi.in)
		task, err := Ground(d, pr)
		if err != nil {
			b.Fatal(err)
		}
		dom, start, goal, err := task.Compile()
		if err != nil {
			b.Fatal(err)
		}
		b.Run(bi.in.String(), func(b *testing.B) {
			p := goap.NewPlanner(dom)
			p.Options = goap.Options{Direction: goap.Forward, Heuristic: goap.Blind, MaxExpansions: bi.cap}
			ctx := context.Background()
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			res := p.Plan(ctx, start, goal) // warm up the planner's memory
			runtime.GC()
			runtime.ReadMemStats(&after)
			// What the warm planner holds: arena, table and open list.
			held := float64(after.HeapAlloc) - float64(before.HeapAlloc)
			b.ReportAllocs()
			b.ResetTimer()
			cpu0 := cpuTime()
			for b.Loop() {
				res = p.Plan(ctx, start, goal)
			}
			cpu := cpuTime() - cpu0
			nodes := float64(res.Expanded) * float64(b.N)
			b.ReportMetric(float64(res.Expanded), "expanded/op")
			b.ReportMetric(nodes/b.Elapsed().Seconds(), "nodes/s")
			if cpu > 0 {
				b.ReportMetric(nodes/cpu.Seconds(), "nodes/cpu-s")
			}
			b.ReportMetric(held/float64(res.Expanded), "heapB/expanded")
			runtime.KeepAlive(p)
		})
	}
}
