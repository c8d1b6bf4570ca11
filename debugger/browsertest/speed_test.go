package browsertest

import (
	"sort"
	"testing"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// TestScrubSpeed: on the shipped examples with search trees, a step of
// the timeline (the state asked for, received and drawn, every tick
// one after another, nothing cached) takes under 50 ms at the 90th
// percentile.
func TestScrubSpeed(t *testing.T) {
	for _, file := range []string{"pirate_sim", "zombie_sim", "squad_shooter"} {
		rec := record(t, "../../examples/"+file+".yaml", 40)
		ctx, base, _ := browse(t, rec)
		open(t, ctx, base+"/")
		var ms []float64
		if err := chromedp.Run(ctx, chromedp.Evaluate(`(async () => {
			const times = [];
			for (let t = meta.first; t <= meta.last; t++) {
				const s = performance.now();
				await show(t);
				times.push(performance.now() - s);
			}
			return times; })()`, &ms, func(p *runtime.EvaluateParams) *runtime.EvaluateParams { return p.WithAwaitPromise(true) })); err != nil {
			t.Fatal(err)
		}
		sort.Float64s(ms)
		p50, p90, top := ms[len(ms)/2], ms[len(ms)*9/10], ms[len(ms)-1]
		t.Logf("%s: %d steps, median %.1f ms, 90th percentile %.1f ms, slowest %.1f ms", file, len(ms), p50, p90, top)
		if p90 >= 50 {
			t.Errorf("%s: a step takes %.1f ms at the 90th percentile, want under 50", file, p90)
		}
	}
}
