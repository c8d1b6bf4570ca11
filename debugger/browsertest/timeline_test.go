package browsertest

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// press sends keys to the page (not the slider) and returns the tick
// then shown, as the label and the data drawn say.
func press(t *testing.T, ctx context.Context, keys ...string) (label, drawn string) {
	t.Helper()
	acts := []chromedp.Action{chromedp.Click(`#name`, chromedp.ByQuery)}
	for _, k := range keys {
		acts = append(acts, chromedp.KeyEvent(k), settled())
	}
	acts = append(acts,
		chromedp.Text(`#tick`, &label, chromedp.ByQuery),
		chromedp.Evaluate(`document.body.dataset.tick || ""`, &drawn))
	if err := chromedp.Run(ctx, acts...); err != nil {
		t.Fatal(err)
	}
	return label, drawn
}

// TestTimeline: guard_sim's markers (goal switches at ticks 1, 11 and
// 19, failures at 11 and 19) are drawn on the timeline, counted in its
// legend and jumped to with ] and [ and the marker buttons; a kind
// unchecked is neither drawn nor jumped to; Home, End, PageUp and
// PageDown move along the ticks; a click on the timeline goes to its
// tick.
func TestTimeline(t *testing.T) {
	rec := record(t, "../../examples/guard_sim.yaml", 24)
	ctx, base, _ := browse(t, rec)
	open(t, ctx, base+"/?tick=1")
	var legend string
	if err := chromedp.Run(ctx, chromedp.Text(`#kinds`, &legend, chromedp.ByQuery)); err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{"replans 0", "failures 2", "goal switches 3", "orders 0", "reports 0", "world changes "} {
		if !strings.Contains(legend, w) {
			t.Errorf("legend %q lacks %q", legend, w)
		}
	}
	// The timeline's pixels: a failure's colour in the failure row at
	// ticks 11 and 19, none at 15.
	pixel := func(tick int, kind int) string {
		var rgb string
		js := `(() => { const c = document.getElementById("timeline"), g = c.getContext("2d");
			const x = Math.round(4 + (c.width - 8) * (` + strconv.Itoa(tick) + ` - meta.first) / (meta.last - meta.first));
			const row = (c.height - 6) / kinds.length, y = Math.round(3 + ` + strconv.Itoa(kind) + ` * row + row / 2);
			return Array.from(g.getImageData(x, y, 1, 1).data.slice(0, 3)).join(","); })()`
		if err := chromedp.Run(ctx, chromedp.Evaluate(js, &rgb)); err != nil {
			t.Fatal(err)
		}
		return rgb
	}
	const red, blue = "229,57,53", "30,136,229"
	if p11, p19, p15, g11 := pixel(11, 1), pixel(19, 1), pixel(15, 1), pixel(11, 2); p11 != red || p19 != red || p15 == red || g11 != blue {
		t.Errorf("timeline pixels: failure row at 11 %s, at 19 %s, at 15 %s; goal row at 11 %s", p11, p19, p15, g11)
	}
	screenshot(t, ctx, "timeline-guard")
	// The jumps below go from event to event: the guard's own actions
	// change world facts at other ticks, so that row is hidden.
	if err := chromedp.Run(ctx, chromedp.Click(`#kinds label[data-kind="world"] input`, chromedp.ByQuery)); err != nil {
		t.Fatal(err)
	}

	steps := []struct {
		keys []string
		want string
	}{
		{[]string{"]"}, "11"},
		{[]string{"]"}, "19"},
		{[]string{"["}, "11"},
		{[]string{"[", "["}, "1"},
		{[]string{kb.End}, "24"},
		{[]string{kb.Home}, "1"},
		{[]string{kb.PageDown, kb.PageDown}, "21"},
		{[]string{kb.PageUp}, "11"},
	}
	for _, s := range steps {
		if label, drawn := press(t, ctx, s.keys...); label != s.want || drawn != s.want {
			t.Errorf("keys %q: tick %s (drawn %s), want %s", s.keys, label, drawn, s.want)
		}
	}
	// Past the last marker: said, and the tick stays.
	var banners string
	press(t, ctx, kb.End)
	label, _ := press(t, ctx, "]")
	if err := chromedp.Run(ctx, chromedp.Text(`#banners`, &banners, chromedp.ByQuery)); err != nil {
		t.Fatal(err)
	}
	if label != "24" || !strings.Contains(banners, "No marker shown after tick 24.") {
		t.Errorf("] at the end: tick %s, banners %q", label, banners)
	}

	// Failures only: from tick 1 the buttons go to 11 then 19; goal
	// switches only: the pixel of 11's failure is gone.
	var tick string
	if err := chromedp.Run(ctx,
		chromedp.Click(`#kinds [data-kind="goal"] input`, chromedp.ByQuery),
		chromedp.KeyEvent(kb.Home),
		settled(),
		chromedp.Click(`#nextmark`, chromedp.ByQuery),
		settled(),
		chromedp.Click(`#nextmark`, chromedp.ByQuery),
		settled(),
		chromedp.Text(`#tick`, &tick, chromedp.ByQuery),
	); err != nil {
		t.Fatal(err)
	}
	if tick != "19" {
		t.Errorf("failures only, two jumps from the start: tick %s, want 19", tick)
	}
	if err := chromedp.Run(ctx,
		chromedp.Click(`#kinds [data-kind="failure"] input`, chromedp.ByQuery),
		chromedp.Click(`#kinds [data-kind="goal"] input`, chromedp.ByQuery),
	); err != nil {
		t.Fatal(err)
	}
	if p11, g11 := pixel(11, 1), pixel(11, 2); p11 == red || g11 != blue {
		t.Errorf("failures hidden: failure row at 11 %s, goal row %s", p11, g11)
	}

	// A click near the timeline's right end goes to the last tick.
	if err := chromedp.Run(ctx,
		chromedp.Evaluate(`(() => { const r = document.getElementById("timeline").getBoundingClientRect();
			document.getElementById("timeline").dispatchEvent(new MouseEvent("click", {clientX: r.right - 3, clientY: r.top + 5, bubbles: true})); })()`, nil),
		settled(),
		chromedp.Text(`#tick`, &tick, chromedp.ByQuery),
	); err != nil {
		t.Fatal(err)
	}
	if tick != "24" {
		t.Errorf("a click at the timeline's end: tick %s, want 24", tick)
	}
}

// TestDeathMarker: a death (the duel's loser, a died event) has its own
// row on the timeline, counted in the legend, and ] jumps to it.
func TestDeathMarker(t *testing.T) {
	rec := record(t, "../../examples/duel_sim.yaml", 30)
	died := 0
	rc := rec.Recording()
	for i := range rc.Agents {
		for _, snap := range rc.Snapshots(i) {
			for _, e := range snap.Events {
				if e.Type.String() == "died" {
					died = snap.Tick
				}
			}
		}
	}
	if died == 0 {
		t.Fatal("nobody died in the duel: the test needs a death")
	}
	ctx, base, _ := browse(t, rec)
	open(t, ctx, base+"/?tick=1")
	var legend string
	if err := chromedp.Run(ctx, chromedp.Text(`#kinds`, &legend, chromedp.ByQuery)); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(legend, "deaths 1") {
		t.Errorf("legend %q lacks deaths 1", legend)
	}
	// Only deaths shown: ] goes to the tick of the death.
	var kinds []string
	if err := chromedp.Run(ctx, chromedp.Evaluate(`kinds.map((k) => k.key)`, &kinds)); err != nil {
		t.Fatal(err)
	}
	for _, k := range kinds {
		if k == "death" || k == "step" {
			continue
		}
		if err := chromedp.Run(ctx, chromedp.Click(`#kinds label[data-kind="`+k+`"] input`, chromedp.ByQuery)); err != nil {
			t.Fatal(err)
		}
	}
	if label, drawn := press(t, ctx, "]"); label != strconv.Itoa(died) || drawn != label {
		t.Errorf("] with deaths shown: tick %s (drawn %s), want %d", label, drawn, died)
	}
	screenshot(t, ctx, "timeline-death")
}
