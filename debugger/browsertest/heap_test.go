package browsertest

import (
	"context"
	"net/http/httptest"
	"os"
	"testing"
	"time"

	"github.com/chromedp/cdproto/heapprofiler"
	"github.com/chromedp/cdproto/performance"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"github.com/goap-go/goap/debugger"
)

// BenchmarkPageHeap visits every tick of a recording, one after another
// as a user scrubbing it would, with the first agent selected, and
// reports the page's JavaScript heap read through the DevTools protocol
// (Performance.getMetrics): its used size after the visit and after a
// garbage collection, in MB (issue 28's target: at most 300 MB on the
// 200-agent, 2,000-tick colony; BENCHMARKS.md holds the figures). The
// recording is $GOAP_REC (goap sim colony.yaml --ticks 2000 --record
// FILE, the colony of TestWriteColony), else 300 ticks of the 20
// villagers of ../testdata/colony.yaml.
//
//	GOAP_REC=/tmp/colony.rec go test -run '^$' -bench PageHeap -benchtime 1x
func BenchmarkPageHeap(b *testing.B) {
	var src debugger.Source
	if file := os.Getenv("GOAP_REC"); file != "" {
		f, err := os.Open(file)
		if err != nil {
			b.Fatal(err)
		}
		rc, err := debugger.ReadRecording(f)
		f.Close()
		if err != nil {
			b.Fatal(err)
		}
		src = rc
	} else {
		src = record(b, "../testdata/colony.yaml", 300)
	}
	srv := httptest.NewServer(debugger.Handler(src, nil))
	b.Cleanup(srv.Close)
	ctx, _ := browserFor(b, 30*time.Minute)
	open(b, ctx, srv.URL+"/")
	if err := chromedp.Run(ctx, performance.Enable()); err != nil {
		b.Fatal(err)
	}
	heap := func() float64 {
		b.Helper()
		var metrics []*performance.Metric
		if err := chromedp.Run(ctx, chromedp.ActionFunc(func(ctx context.Context) (err error) {
			metrics, err = performance.GetMetrics().Do(ctx)
			return err
		})); err != nil {
			b.Fatal(err)
		}
		for _, m := range metrics {
			if m.Name == "JSHeapUsedSize" {
				return m.Value / 1e6
			}
		}
		b.Fatal("no JSHeapUsedSize among the page's metrics")
		return 0
	}
	var ticks int
	for i := 0; i < b.N; i++ {
		if err := chromedp.Run(ctx, chromedp.Evaluate(`(async () => {
			for (let t = meta.first; t <= meta.last; t++) await show(t);
			return meta.last - meta.first + 1; })()`, &ticks, func(p *runtime.EvaluateParams) *runtime.EvaluateParams { return p.WithAwaitPromise(true) })); err != nil {
			b.Fatal(err)
		}
	}
	used := heap()
	if err := chromedp.Run(ctx, heapprofiler.CollectGarbage()); err != nil {
		b.Fatal(err)
	}
	kept := heap()
	b.ReportMetric(float64(ticks), "ticks")
	b.ReportMetric(used, "MB-heap-used")
	b.ReportMetric(kept, "MB-heap-after-gc")
}
