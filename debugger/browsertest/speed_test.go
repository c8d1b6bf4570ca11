package browsertest

import (
	"sort"
	"testing"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// BenchmarkScrub measures a step of the timeline on the shipped examples
// with search trees: the state asked for, received and drawn, every tick
// one after another, nothing cached. It reports the median and 90th
// percentile of a step (the target is under 50 ms; BENCHMARKS.md holds
// the figures): a benchmark, not a test, since a time depends on the
// machine and its load.
//
//	go test -run '^$' -bench Scrub -benchtime 1x ./...   (in debugger/browsertest)
func BenchmarkScrub(b *testing.B) {
	for _, file := range []string{"pirate_sim", "zombie_sim", "squad_orders"} {
		b.Run(file, func(b *testing.B) {
			rec := record(b, "../../examples/"+file+".yaml", 40)
			ctx, base, _ := browse(b, rec)
			open(b, ctx, base+"/")
			var all []float64
			for i := 0; i < b.N; i++ {
				var ms []float64
				if err := chromedp.Run(ctx, chromedp.Evaluate(`(async () => {
					const times = [];
					for (let t = meta.first; t <= meta.last; t++) {
						const s = performance.now();
						await show(t);
						times.push(performance.now() - s);
					}
					return times; })()`, &ms, func(p *runtime.EvaluateParams) *runtime.EvaluateParams { return p.WithAwaitPromise(true) })); err != nil {
					b.Fatal(err)
				}
				all = append(all, ms...)
			}
			sort.Float64s(all)
			b.ReportMetric(all[len(all)/2], "ms/step-p50")
			b.ReportMetric(all[len(all)*9/10], "ms/step-p90")
		})
	}
}
