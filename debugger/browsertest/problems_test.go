package browsertest

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/goap-go/goap/debugger"
)

// slowStates serves h, holding back the state of a tick for
// delay(tick), and sends on sent once a held-back state is written.
type slowStates struct {
	h     http.Handler
	delay atomic.Pointer[func(tick int) time.Duration]
	sent  chan int
}

func newSlowStates(h http.Handler) *slowStates {
	s := &slowStates{h: h, sent: make(chan int, 100)}
	s.setDelay(func(int) time.Duration { return 0 })
	return s
}

func (s *slowStates) setDelay(f func(tick int) time.Duration) { s.delay.Store(&f) }

func (s *slowStates) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	var tick int
	if _, err := fmt.Sscan(r.URL.Query().Get("tick"), &tick); err != nil || r.URL.Path != "/api/state" {
		s.h.ServeHTTP(w, r)
		return
	}
	d := (*s.delay.Load())(tick)
	time.Sleep(d)
	s.h.ServeHTTP(w, r)
	if d > 0 {
		s.sent <- tick
	}
}

// await waits for n held-back states to be sent, then for the page to
// draw what it received.
func (s *slowStates) await(t *testing.T, ctx context.Context, n int) {
	t.Helper()
	for range n {
		select {
		case <-s.sent:
		case <-time.After(10 * time.Second):
			t.Fatal("the page did not ask for the held-back states")
		}
	}
	if err := chromedp.Run(ctx, settled()); err != nil {
		t.Fatal(err)
	}
}

// pageState is what the page shows: the tick of its label, the tick its
// data is of, the status line, the events, the search tree's panel and
// the messages above the page.
type pageState struct {
	label, drawn, status, events, tree, banners string
}

func readPage(t *testing.T, ctx context.Context) pageState {
	t.Helper()
	var p pageState
	if err := chromedp.Run(ctx,
		chromedp.Text(`#tick`, &p.label, chromedp.ByQuery),
		chromedp.Evaluate(`document.body.dataset.tick || ""`, &p.drawn),
		chromedp.Evaluate(`document.getElementById("status").textContent`, &p.status),
		chromedp.Evaluate(`document.getElementById("events").textContent`, &p.events),
		chromedp.Evaluate(`document.getElementById("tree").textContent`, &p.tree),
		chromedp.Evaluate(`document.getElementById("banners").textContent`, &p.banners),
	); err != nil {
		t.Fatal(err)
	}
	return p
}

// open navigates to url and waits until the page is ready.
func open(t testing.TB, ctx context.Context, url string) {
	t.Helper()
	if err := chromedp.Run(ctx,
		chromedp.Navigate(url),
		chromedp.WaitVisible(`body[data-ready="1"]`, chromedp.ByQuery),
	); err != nil {
		t.Fatalf("%s: %v", url, err)
	}
}

// TestOutOfOrder: answers that come back out of order (a fast drag, fast
// arrow keys, a slow server) never draw an older tick under the label of
// the newer: only the latest request draws. The server holds back the
// earlier ticks' states so that they arrive last.
func TestOutOfOrder(t *testing.T) {
	rec := record(t, "../../examples/pirate_sim.yaml", 40)
	slow := newSlowStates(debugger.Handler(rec, nil))
	srv := httptest.NewServer(slow)
	defer srv.Close()
	ctx, _ := browser(t)

	// Two right arrows from tick 7: tick 8 (the replan) comes back after
	// tick 9.
	open(t, ctx, srv.URL+"/?tick=7")
	slow.setDelay(func(tick int) time.Duration {
		if tick == 8 {
			return 800 * time.Millisecond
		}
		return 0
	})
	if err := chromedp.Run(ctx,
		chromedp.Click(`#name`, chromedp.ByQuery),
		chromedp.KeyEvent(kb.ArrowRight),
		chromedp.KeyEvent(kb.ArrowRight),
	); err != nil {
		t.Fatal(err)
	}
	slow.await(t, ctx, 1)
	p := readPage(t, ctx)
	if p.label != "9" || p.drawn != "9" || !strings.Contains(p.status, "snapshot of tick 9") ||
		strings.Contains(p.events, "plan_invalidated") || !strings.Contains(p.events, "action_started") {
		t.Errorf("after 7 -> 8 (slow) -> 9: %+v", p)
	}

	// A fast drag from tick 1 to 12: the earlier the tick, the later
	// its state. At tick 12 the tree is the replan's of tick 8, not the
	// first plan's (StealRum), abandoned at tick 8.
	slow.setDelay(func(int) time.Duration { return 0 })
	open(t, ctx, srv.URL+"/?tick=1")
	slow.setDelay(func(tick int) time.Duration {
		if tick < 12 {
			return time.Duration(12-tick) * 60 * time.Millisecond
		}
		return 0
	})
	if err := chromedp.Run(ctx, chromedp.Evaluate(`{
		const s = document.getElementById("scrub");
		for (let v = 2; v <= 12; v++) { s.value = v; s.dispatchEvent(new Event("input")); }
	}`, nil)); err != nil {
		t.Fatal(err)
	}
	slow.await(t, ctx, 10)
	p = readPage(t, ctx)
	if p.label != "12" || p.drawn != "12" || !strings.Contains(p.tree, "made this plan at tick 8") ||
		!strings.Contains(p.tree, "CollectMolasses") || strings.Contains(p.tree, "StealRum") {
		t.Errorf("after a drag to 12: %+v", p)
	}
	screenshot(t, ctx, "pirate-tick12-after-drag")
}

// TestPageProblems: what stops the page or would mislead is said on the
// page: a recording cut short, a header-only one, a bad ?tick= and a
// server that is gone.
func TestPageProblems(t *testing.T) {
	var file bytes.Buffer
	recordTo(t, "../../examples/pirate_sim.yaml", 40, &file)
	lines := bytes.SplitAfter(file.Bytes(), []byte("\n"))
	serve := func(rc *debugger.Recording) string {
		srv := httptest.NewServer(debugger.Handler(rc, nil))
		t.Cleanup(srv.Close)
		return srv.URL
	}
	read := func(data []byte) *debugger.Recording {
		rc, err := debugger.ReadRecording(bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		return rc
	}
	ctx, _ := browser(t)

	// Cut in the middle of tick 8's snapshot line.
	k := bytes.Index(file.Bytes(), []byte(`{"s":{"a":0,"t":8,`)) + 20
	line := 1 + bytes.Count(file.Bytes()[:k], []byte("\n"))
	open(t, ctx, serve(read(file.Bytes()[:k]))+"/")
	var last string
	if err := chromedp.Run(ctx, chromedp.Text(`#last`, &last, chromedp.ByQuery)); err != nil {
		t.Fatal(err)
	}
	// The last whole tick is the last one closed by a tick line before
	// the cut (world changes close ticks between the agents' snapshots).
	whole := 0
	for _, l := range bytes.Split(file.Bytes()[:k], []byte("\n")) {
		var n int
		if _, err := fmt.Sscanf(string(l), `{"tick":%d}`, &n); err == nil {
			whole = n
		}
	}
	p := readPage(t, ctx)
	want := fmt.Sprintf("The recording is cut short in line %d, after tick %d: loaded up to tick %d", line, whole, whole)
	if whole < 1 || !strings.Contains(p.banners, want) || p.drawn != "1" || last != strconv.Itoa(whole) {
		t.Errorf("cut mid-line: %+v, ticks up to %s; want %q, ticks up to %d", p, last, want, whole)
	}
	screenshot(t, ctx, "cut-recording")

	// The header only; the header and the agent.
	for _, n := range []int{1, 2} {
		open(t, ctx, serve(read(bytes.Join(lines[:n], nil)))+"/")
		p := readPage(t, ctx)
		if !strings.Contains(p.banners, "This recording holds no tick: its run was stopped before its first tick was recorded") ||
			strings.Contains(p.banners, "debugger:") {
			t.Errorf("%d header lines: %+v", n, p)
		}
	}
	screenshot(t, ctx, "header-only")

	// Ticks the URL asks for that are not ticks.
	srv := httptest.NewServer(debugger.Handler(read(file.Bytes()), nil))
	defer srv.Close()
	for query, want := range map[string]string{
		"?tick=abc":          "?tick=abc is not a tick number; showing tick 1.",
		"?tick=999":          "?tick=999 is outside the recording (ticks 1 to 40); showing tick 40.",
		"?tick=3&agent=nemo": "?agent=nemo: no agent of that name; showing pirate.",
	} {
		open(t, ctx, srv.URL+"/"+query)
		p := readPage(t, ctx)
		if !strings.Contains(p.banners, want) || p.drawn == "" || !strings.Contains(p.status, "snapshot of tick") {
			t.Errorf("%s: %+v, want %q", query, p, want)
		}
	}

	// The server gone: stepping says so, and the timeline stays at the
	// tick drawn.
	open(t, ctx, srv.URL+"/?tick=5")
	srv.Close()
	if err := chromedp.Run(ctx,
		chromedp.Click(`#name`, chromedp.ByQuery),
		chromedp.KeyEvent(kb.ArrowRight),
		until(`document.getElementById("banners").textContent.includes("could not be loaded")`),
		settled(),
	); err != nil {
		t.Fatal(err)
	}
	p = readPage(t, ctx)
	if !strings.Contains(p.banners, "tick 6 could not be loaded; the page still shows tick 5: the debugger server does not answer") ||
		p.label != "5" || p.drawn != "5" {
		t.Errorf("server gone: %+v", p)
	}
	screenshot(t, ctx, "server-gone")
}
