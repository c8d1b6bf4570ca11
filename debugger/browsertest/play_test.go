package browsertest

import (
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/goap-go/goap/agent/sim"
	"github.com/goap-go/goap/debugger"
	"github.com/goap-go/goap/goapfile"
	"github.com/goap-go/goap/goapfile/filetest"
)

// TestPlaySpeed: play moves along the ticks at the speed chosen, and
// stops at a recording's last tick.
func TestPlaySpeed(t *testing.T) {
	rec, err := debugger.ReadRecording(strings.NewReader(fileOf(t, "../../examples/guard_sim.yaml", 60)))
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(debugger.Handler(rec, nil))
	defer srv.Close()
	ctx, _ := browser(t)
	played := func(speed string, d time.Duration) int {
		t.Helper()
		open(t, ctx, srv.URL+"/?tick=1")
		var label string
		if err := chromedp.Run(ctx,
			chromedp.SetValue(`#speed`, speed, chromedp.ByQuery),
			chromedp.Evaluate(`document.getElementById("speed").dispatchEvent(new Event("change"))`, nil),
			chromedp.Click(`#play`, chromedp.ByQuery),
			chromedp.Sleep(d),
			chromedp.Click(`#play`, chromedp.ByQuery),
			chromedp.Text(`#tick`, &label, chromedp.ByQuery),
		); err != nil {
			t.Fatal(err)
		}
		n, _ := strconv.Atoi(label)
		return n - 1
	}
	slow, fast := played("1", 1500*time.Millisecond), played("30", 1500*time.Millisecond)
	if slow < 1 || slow > 3 || fast < 12 || fast > 46 {
		t.Errorf("1.5 s of play: %d ticks at 1 tick/s (want 1 to 3), %d at 30 ticks/s (want 12 to 46)", slow, fast)
	}
	// Played to the end: it stops there.
	var label, button string
	open(t, ctx, srv.URL+"/?tick=55")
	if err := chromedp.Run(ctx,
		chromedp.SetValue(`#speed`, "30", chromedp.ByQuery),
		chromedp.Evaluate(`document.getElementById("speed").dispatchEvent(new Event("change"))`, nil),
		chromedp.Click(`#play`, chromedp.ByQuery),
		chromedp.Sleep(800*time.Millisecond),
		chromedp.Text(`#tick`, &label, chromedp.ByQuery),
		chromedp.Text(`#play`, &button, chromedp.ByQuery),
	); err != nil {
		t.Fatal(err)
	}
	if label != "60" || button != "▶" {
		t.Errorf("played from 55: tick %s, play button %q; want 60 and stopped", label, button)
	}
}

// fileOf returns the recording file of an example's run.
func fileOf(t *testing.T, file string, ticks int) string {
	var b strings.Builder
	recordTo(t, file, ticks, &b)
	return b.String()
}

// TestFollow: a recorder's page (a Handler in a game, here while the
// world runs on) follows the run from its last tick: the label keeps
// up with the run; after Home it stays at the tick chosen while the run
// goes on; End follows again.
func TestFollow(t *testing.T) {
	f, err := goapfile.Load("../../examples/zombie_sim.yaml")
	if err != nil {
		t.Fatal(err)
	}
	cfg := filetest.SimConfig(f)
	rec := debugger.NewRecorder(100000)
	cfg.OnEvent = rec.OnEvent
	w, err := sim.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	rec.Watch(w.Agents()...)
	w.Step()
	rec.Capture()
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() { // the game: a tick each 40 ms
		defer wg.Done()
		for {
			select {
			case <-stop:
				return
			case <-time.After(40 * time.Millisecond):
				w.Step()
				rec.Capture()
			}
		}
	}()
	defer wg.Wait()
	defer close(stop)
	srv := httptest.NewServer(debugger.Handler(rec, nil))
	defer srv.Close()
	ctx, _ := browser(t)
	now := func() int {
		var n int
		rec.View(func(rc *debugger.Recording) { _, n = rc.Ticks() })
		return n
	}
	shown := func() (label, last int, follow string) {
		t.Helper()
		var l, s string
		if err := chromedp.Run(ctx,
			chromedp.Text(`#tick`, &l, chromedp.ByQuery),
			chromedp.Text(`#last`, &s, chromedp.ByQuery),
			chromedp.Text(`#follow`, &follow, chromedp.ByQuery),
		); err != nil {
			t.Fatal(err)
		}
		label, _ = strconv.Atoi(l)
		last, _ = strconv.Atoi(s)
		return label, last, follow
	}
	open(t, ctx, srv.URL+"/")
	if err := chromedp.Run(ctx, chromedp.Click(`#name`, chromedp.ByQuery), chromedp.KeyEvent(kb.End), chromedp.Sleep(1500*time.Millisecond)); err != nil {
		t.Fatal(err)
	}
	label, last, follow := shown()
	if run := now(); label < run-25 || last < run-25 || label < 20 || follow != "following the run" {
		t.Errorf("following: the page shows tick %d of %d (%q), the run is at %d", label, last, follow, run)
	}
	screenshot(t, ctx, "follow-live")
	if err := chromedp.Run(ctx, chromedp.KeyEvent(kb.Home), chromedp.Sleep(1200*time.Millisecond)); err != nil {
		t.Fatal(err)
	}
	label, last2, follow := shown()
	if label != 1 || last2 <= last || follow != "follow the run (End)" {
		t.Errorf("after Home: tick %d of %d (before: of %d), %q; want 1 and the run gone on", label, last2, last, follow)
	}
	if err := chromedp.Run(ctx, chromedp.Click(`#follow`, chromedp.ByQuery), chromedp.Sleep(1200*time.Millisecond)); err != nil {
		t.Fatal(err)
	}
	label, _, follow = shown()
	if label <= last2 || follow != "following the run" {
		t.Errorf("follow again: tick %d (the run was at %d), %q", label, last2, follow)
	}
}
