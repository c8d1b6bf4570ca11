package goap_test

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/goap-go/goap"
)

// limitDomains are domains no search finishes quickly: a 2,000-action
// chain (32-word states, LM-cut estimates with 2,000 rounds) and a
// 40-fact blow-up (one word, thousands of states per plan).
func limitDomains(b *testing.B) []struct {
	name  string
	p     *goap.Planner
	start goap.State
	goal  *goap.Target
} {
	chain, cstart, cgoal := chainPlanner(b, 2000, nil)
	bd, err := goap.NewDomain(blowupSpec(40, 120, 1))
	if err != nil {
		b.Fatal(err)
	}
	bgoal, _ := bd.Goal("goal")
	return []struct {
		name  string
		p     *goap.Planner
		start goap.State
		goal  *goap.Target
	}{{"chain2000", chain, cstart, cgoal}, {"blowup40", goap.NewPlanner(bd), bd.NewState(), bgoal}}
}

// BenchmarkDeadlineOvershoot measures how far past a 20 ms context
// deadline plan calls return, per direction and heuristic: the median and
// the 99th percentile over b.N calls, in microseconds.
func BenchmarkDeadlineOvershoot(b *testing.B) {
	const deadline = 20 * time.Millisecond
	for _, dom := range limitDomains(b) {
		for _, o := range []goap.Options{
			{}, {Direction: goap.Forward, Heuristic: goap.Blind}, {Direction: goap.Forward, Heuristic: goap.HMax},
			{Direction: goap.Forward, Heuristic: goap.LMCut}, {Direction: goap.Forward, Heuristic: goap.HAddNotOptimal},
			{Direction: goap.Backward, Heuristic: goap.HMax},
		} {
			b.Run(fmt.Sprintf("%s/%v-%v", dom.name, o.Direction, o.Heuristic), func(b *testing.B) {
				dom.p.Options = o
				over := make([]float64, 0, b.N)
				for range b.N {
					ctx, cancel := context.WithTimeout(context.Background(), deadline)
					t0 := time.Now()
					res := dom.p.Plan(ctx, dom.start, dom.goal)
					el := time.Since(t0)
					cancel()
					if res.Status != goap.LimitReached {
						b.Skipf("%v before the deadline: pick a harder domain", res.Status)
					}
					over = append(over, float64(el-deadline)/1e3)
				}
				slices.Sort(over)
				b.ReportMetric(over[len(over)/2], "µs-over-median")
				b.ReportMetric(over[len(over)*99/100], "µs-over-p99")
			})
		}
	}
}

// BenchmarkSearchMemory reports the search memory per expansion and per
// stored state of forward blind search and forward h_max after 50,000
// expansions on the blow-up domain.
func BenchmarkSearchMemory(b *testing.B) {
	d, err := goap.NewDomain(blowupSpec(40, 120, 1))
	if err != nil {
		b.Fatal(err)
	}
	goal, _ := d.Goal("goal")
	for _, h := range []goap.Heuristic{goap.Blind, goap.HMax} {
		b.Run(h.String(), func(b *testing.B) {
			var res goap.Result
			p := goap.NewPlanner(d)
			p.Options = goap.Options{Direction: goap.Forward, Heuristic: h, MaxExpansions: 50000}
			for range b.N {
				p = goap.NewPlanner(d) // fresh memory: what one search grows
				p.Options = goap.Options{Direction: goap.Forward, Heuristic: h, MaxExpansions: 50000}
				res = p.Plan(context.Background(), d.NewState(), goal)
			}
			bytes, stored := goap.SearchMemory(p)
			b.ReportMetric(float64(bytes)/float64(res.Expanded), "B/expansion")
			b.ReportMetric(float64(bytes)/float64(stored), "B/stored-state")
			b.ReportMetric(float64(stored)/float64(res.Expanded), "stored/expansion")
		})
	}
}
