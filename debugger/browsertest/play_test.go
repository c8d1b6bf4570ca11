package browsertest

import (
	"fmt"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/goap-go/goap/debugger"
)

// TestPlaySpeed: play moves along the ticks at the speed chosen, and
// stops at a recording's last tick. The page's show is wrapped to note
// when each tick is asked for: a timer never fires early, so at s ticks
// a second two ticks are at least 1000/s ms apart, whatever the load;
// the bound above (ten times the pace) only fails when play stalls.
func TestPlaySpeed(t *testing.T) {
	rec, err := debugger.ReadRecording(strings.NewReader(fileOf(t, "../../examples/guard_sim.yaml", 60)))
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(debugger.Handler(rec, nil))
	defer srv.Close()
	ctx, _ := browser(t)
	const note = `window.playTimes = []; { const orig = show; show = (t) => { playTimes.push(performance.now()); return orig(t); }; } 0`
	gaps := func(speed string, ticks int) []float64 {
		t.Helper()
		open(t, ctx, srv.URL+"/?tick=1")
		var at []float64
		var ok bool
		if err := chromedp.Run(ctx,
			chromedp.Evaluate(note, nil),
			chromedp.SetValue(`#speed`, speed, chromedp.ByQuery),
			chromedp.Evaluate(`document.getElementById("speed").dispatchEvent(new Event("change"))`, nil),
			chromedp.Click(`#play`, chromedp.ByQuery),
			chromedp.Poll(fmt.Sprintf("playTimes.length >= %d", ticks), &ok, chromedp.WithPollingTimeout(30*time.Second)),
			chromedp.Click(`#play`, chromedp.ByQuery),
			chromedp.Evaluate(`playTimes`, &at),
		); err != nil {
			t.Fatalf("speed %s: %v", speed, err)
		}
		var out []float64
		for i := 1; i < len(at); i++ {
			out = append(out, at[i]-at[i-1])
		}
		return out
	}
	for _, c := range []struct {
		speed string
		ticks int
		pace  float64 // ms between two ticks
	}{{"1", 3, 1000}, {"30", 10, 1000.0 / 30}} {
		for i, g := range gaps(c.speed, c.ticks) {
			if g < c.pace-2 || g > 10*c.pace {
				t.Errorf("%s ticks/s: %.1f ms between ticks %d and %d, want %.1f ms (the pace) or a little more", c.speed, g, i+1, i+2, c.pace)
			}
		}
	}
	// Played to the end: it stops there.
	var label, button string
	var stopped bool
	open(t, ctx, srv.URL+"/?tick=55")
	if err := chromedp.Run(ctx,
		chromedp.SetValue(`#speed`, "30", chromedp.ByQuery),
		chromedp.Evaluate(`document.getElementById("speed").dispatchEvent(new Event("change"))`, nil),
		chromedp.Click(`#play`, chromedp.ByQuery),
		chromedp.Poll(`document.getElementById("play").textContent === "▶"`, &stopped, chromedp.WithPollingTimeout(30*time.Second)),
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
	w, rec := simWorld(t, "../../examples/zombie_sim.yaml", 100000, false)
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
	// waitUntil polls the page until ok holds, for at most 20 s: the
	// test follows what the page does, not how fast a loaded machine
	// does it.
	waitUntil := func(what string, ok func(label, last int, follow string) bool) (int, int, string) {
		t.Helper()
		deadline := time.Now().Add(20 * time.Second)
		for {
			label, last, follow := shown()
			if ok(label, last, follow) {
				return label, last, follow
			}
			if time.Now().After(deadline) {
				t.Fatalf("%s: after 20 s the page shows tick %d of %d (%q), the run is at %d", what, label, last, follow, now())
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
	open(t, ctx, srv.URL+"/")
	if err := chromedp.Run(ctx, chromedp.Click(`#name`, chromedp.ByQuery), chromedp.KeyEvent(kb.End)); err != nil {
		t.Fatal(err)
	}
	// Following: the page reaches ticks the run made after End.
	from := now()
	_, last, _ := waitUntil("following", func(label, last int, follow string) bool {
		return label > from+5 && follow == "following the run"
	})
	screenshot(t, ctx, "follow-live")
	if err := chromedp.Run(ctx, chromedp.KeyEvent(kb.Home)); err != nil {
		t.Fatal(err)
	}
	// After Home the page stays at tick 1 while the run goes on.
	_, last2, _ := waitUntil("after Home", func(label, l int, follow string) bool {
		return label == 1 && l > last+5 && follow == "follow the run (End)"
	})
	if label, _, _ := shown(); label != 1 {
		t.Errorf("after Home the page moved on to tick %d", label)
	}
	if err := chromedp.Run(ctx, chromedp.Click(`#follow`, chromedp.ByQuery)); err != nil {
		t.Fatal(err)
	}
	waitUntil("follow again", func(label, _ int, follow string) bool {
		return label > last2 && follow == "following the run"
	})
}
