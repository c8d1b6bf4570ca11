package browsertest

import (
	"context"
	"fmt"
	"io"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/goap-go/goap/agent/simspec"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/goap-go/goap/agent/sim"
	"github.com/goap-go/goap/debugger"
	"github.com/goap-go/goap/goapfile"
	"github.com/goap-go/goap/goapfile/filetest"
)

// chromium finds the browser: $CHROMIUM, or chromium / chromium-browser /
// google-chrome on the PATH.
func chromium(t testing.TB) string {
	if p := os.Getenv("CHROMIUM"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	t.Fatal("no Chromium found: apt-get install -y chromium, or set CHROMIUM")
	return ""
}

// record runs an example file's agents for ticks and returns the recording.
func record(t testing.TB, file string, ticks int) *debugger.Recorder {
	t.Helper()
	return recordTo(t, file, ticks, nil)
}

// simWorld loads an example's simulation with a recorder of size
// snapshots per agent watching it, as goap sim --record sets them up:
// events, world changes and squads recorded, search trees when trees.
func simWorld(t testing.TB, file string, size int, trees bool) (*sim.World, *debugger.Recorder) {
	t.Helper()
	f, err := goapfile.Load(file)
	if err != nil {
		t.Fatal(err)
	}
	cfg := filetest.SimConfig(f)
	rec := debugger.NewRecorder(size)
	rec.Trees = trees
	cfg.OnEvent = rec.OnEvent
	cfg.OnChange = func(c sim.Change) {
		rec.World(debugger.WorldChange{Tick: c.Tick, By: c.By, Action: c.Action, Text: c.Text, Owner: c.Owner,
			Facts: debugger.WorldFacts(cfg.Domain, c.Facts, c.Values)})
	}
	w, err := sim.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	rec.Watch(w.Agents()...)
	for _, s := range cfg.Squads {
		rec.Squad(debugger.SquadInfo{Name: s.Name, Commander: s.Commander, Members: s.Members})
	}
	if m := w.Map(); m != nil {
		sides := map[string]string{}
		for _, a := range cfg.Agents {
			sides[a.Name] = a.Side
		}
		rec.WatchMap(debugger.MapOf(m, sides), w)
	}
	return w, rec
}

// recordTo is record, the recording also written to out when it is not
// nil (as goap sim --record writes it).
func recordTo(t testing.TB, file string, ticks int, out io.Writer) *debugger.Recorder {
	t.Helper()
	w, rec := simWorld(t, file, 1000, true)
	if out != nil {
		rec.Stream(out)
	}
	for range ticks {
		w.Step()
		rec.Capture()
	}
	if err := rec.Flush(); err != nil {
		t.Fatal(err)
	}
	return rec
}

// browse opens the page of rec in headless Chromium and returns the
// context to drive it and the URLs the page requested.
func browse(t testing.TB, rec *debugger.Recorder) (context.Context, string, func() []string) {
	srv := httptest.NewServer(debugger.Handler(rec, nil))
	t.Cleanup(srv.Close)
	ctx, requested := browser(t)
	return ctx, srv.URL, requested
}

// browser starts headless Chromium and returns the context to drive it
// (for a minute) and the URLs the page requested.
func browser(t testing.TB) (context.Context, func() []string) {
	return browserFor(t, time.Minute)
}

// browserFor is browser, the context lasting d.
func browserFor(t testing.TB, d time.Duration) (context.Context, func() []string) {
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(chromium(t)),
		chromedp.Flag("no-sandbox", true),
		chromedp.Flag("disable-gpu", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.WindowSize(1280, 1000),
	)
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	// This chromedp's protocol tables predate some values newer Chromium
	// sends (IPAddressSpace "Loopback"); those events are not ones the
	// tests use, so their decoding errors are left out of the log.
	quiet := func(format string, args ...any) {
		if msg := fmt.Sprintf(format, args...); !strings.Contains(msg, "IPAddressSpace") {
			t.Logf("chromedp: %s", msg)
		}
	}
	ctx, cancelC := chromedp.NewContext(actx, chromedp.WithErrorf(quiet))
	ctx, cancelT := context.WithTimeout(ctx, d)
	t.Cleanup(func() { cancelT(); cancelC(); cancelA() })
	// What the page loaded, as the browser's resource timing lists it
	// (scripts, styles, images, fetches), with the page itself.
	requested := func() []string {
		var urls []string
		if err := chromedp.Run(ctx, chromedp.Evaluate(
			`[location.href, ...performance.getEntriesByType("resource").map(e => e.name)]`, &urls)); err != nil {
			t.Fatal(err)
		}
		return urls
	}
	return ctx, requested
}

// settled waits until the page has no request under way and is not
// drawing a tick (polling: a fixed sleep is too short on a loaded
// machine and too long elsewhere).
func settled() chromedp.Action {
	return until(`(document.body.dataset.busy || "0") === "0" && !document.body.classList.contains("loading")`)
}

// drawn waits until the page has drawn tick and settled.
func drawn(tick int) chromedp.Action {
	return chromedp.Tasks{until(`document.body.dataset.tick === "` + strconv.Itoa(tick) + `"`), settled()}
}

// until waits until the JavaScript expression is true, for at most 20 s.
func until(expression string) chromedp.Action {
	return chromedp.ActionFunc(func(ctx context.Context) error {
		var ok bool
		if err := chromedp.Poll(expression, &ok, chromedp.WithPollingTimeout(20*time.Second)).Do(ctx); err != nil {
			return fmt.Errorf("waiting for %s: %w", expression, err)
		}
		return nil
	})
}

// screenshot saves the page as name.png among the test's artefacts.
func screenshot(t *testing.T, ctx context.Context, name string) {
	dir := os.Getenv("GOAP_ARTIFACTS")
	if dir == "" {
		dir = t.TempDir()
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	var png []byte
	if err := chromedp.Run(ctx, chromedp.FullScreenshot(&png, 100)); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, name+".png")
	if err := os.WriteFile(path, png, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshot: %s (%d bytes)", path, len(png))
}

// TestPiratePage: the pirate sim's recording shows the agent, its goal and
// its actions; scrubbing to tick 8 shows the plan invalidated when the
// bottle turned out gone; the search tree is drawn; nothing is loaded from
// outside the debugger's server.
func TestPiratePage(t *testing.T) {
	rec := record(t, "../../examples/pirate_sim.yaml", 40)
	ctx, base, requested := browse(t, rec)
	var agents, goal, plan, status string
	err := chromedp.Run(ctx,
		chromedp.Navigate(base+"/"),
		chromedp.WaitVisible(`body[data-ready="1"]`, chromedp.ByQuery),
		chromedp.Text(`#agents`, &agents, chromedp.ByQuery),
		chromedp.Text(`#goals`, &goal, chromedp.ByQuery),
		chromedp.Text(`#plan`, &plan, chromedp.ByQuery),
		chromedp.Text(`#status`, &status, chromedp.ByQuery),
	)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(agents, "pirate") || !strings.Contains(goal, "GetDrunk") || !strings.Contains(plan, "StealRum") {
		t.Errorf("tick 1: agents %q, goals %q, plan %q", agents, goal, plan)
	}
	screenshot(t, ctx, "pirate-tick1")

	// Scrub to tick 8 with the slider, as a user drags it.
	var events, tickShown string
	var treeNodes int
	err = chromedp.Run(ctx,
		chromedp.SetValue(`#scrub`, "8", chromedp.ByQuery),
		chromedp.Evaluate(`document.getElementById("scrub").dispatchEvent(new Event("input"))`, nil),
		drawn(8),
		chromedp.Text(`#tick`, &tickShown, chromedp.ByQuery),
		chromedp.Text(`#events`, &events, chromedp.ByQuery),
		chromedp.Evaluate(`document.querySelectorAll("#tree svg circle").length`, &treeNodes),
	)
	if err != nil {
		t.Fatal(err)
	}
	if tickShown != "8" || !strings.Contains(events, "plan_invalidated") {
		t.Errorf("tick %q: events %q", tickShown, events)
	}
	if treeNodes == 0 {
		t.Error("no search tree drawn")
	}
	screenshot(t, ctx, "pirate-tick8")

	// The arrow keys step (from the page, not the slider, which has its
	// own arrow keys).
	err = chromedp.Run(ctx,
		chromedp.Click(`#name`, chromedp.ByQuery),
		chromedp.KeyEvent(kb.ArrowRight),
		drawn(9),
		chromedp.Text(`#tick`, &tickShown, chromedp.ByQuery),
	)
	if err != nil {
		t.Fatal(err)
	}
	if tickShown != "9" {
		t.Errorf("after the right arrow: tick %q, want 9", tickShown)
	}
	host, _ := url.Parse(base)
	loaded := requested()
	if len(loaded) < 4 { // the page, its script and style, its API calls
		t.Fatalf("the page loaded %v", loaded)
	}
	for _, u := range loaded {
		if p, err := url.Parse(u); err != nil || p.Host != host.Host {
			t.Errorf("the page requested %s, outside its server", u)
		}
	}
}

// TestSquadPage: selecting a unit of the room-clearing squad shows its
// own belief and goals, and the orders and reports of the tick.
func TestSquadPage(t *testing.T) {
	rec := record(t, "../../examples/room_clearing.yaml", 20)
	ctx, base, _ := browse(t, rec)
	var name, belief, orders, hierarchy string
	err := chromedp.Run(ctx,
		chromedp.Navigate(base+"/?tick=1"),
		chromedp.WaitVisible(`body[data-ready="1"]`, chromedp.ByQuery),
		chromedp.Text(`#orders`, &orders, chromedp.ByQuery),
		chromedp.Text(`#hierarchy`, &hierarchy, chromedp.ByQuery),
		chromedp.Click(`#agents li[data-agent="u3"]`, chromedp.ByQuery),
		until(`document.getElementById("name").textContent === "u3"`),
		settled(),
		chromedp.Text(`#name`, &name, chromedp.ByQuery),
		chromedp.Text(`#belief`, &belief, chromedp.ByQuery),
	)
	if err != nil {
		t.Fatal(err)
	}
	if name != "u3" || !strings.Contains(belief, "at") || !strings.Contains(orders, "order_issued") || !strings.Contains(orders, "report") {
		t.Errorf("name %q, belief %q, orders %q", name, belief, orders)
	}
	if !strings.Contains(hierarchy, "leader commands alpha: u1, u2, u3, u4") {
		t.Errorf("hierarchy %q", hierarchy)
	}
	screenshot(t, ctx, "room-clearing-u3")
}

// stepper is a live run for TestLivePage: the page's step button runs one
// tick of the world, pause and run are recorded.
type stepper struct {
	mu     chan struct{} // a one-slot lock shared with the world's steps
	w      *sim.World
	rec    *debugger.Recorder
	paused bool
}

func (s *stepper) Control(cmd string) bool {
	s.mu <- struct{}{}
	defer func() { <-s.mu }()
	switch cmd {
	case "pause":
		s.paused = true
	case "run":
		s.paused = false
	case "step":
		s.w.Step()
		s.rec.Capture()
	}
	return s.paused
}

// SetWorld lets the page change a boolean world fact at the next tick,
// as goap sim --debug does for every kind of fact.
func (s *stepper) SetWorld(fact, value string) error {
	s.mu <- struct{}{}
	defer func() { <-s.mu }()
	b, err := strconv.ParseBool(value)
	if err != nil {
		return fmt.Errorf("fact %q is true or false, not %q", fact, value)
	}
	return s.w.Schedule(simspec.WorldChange{Tick: s.w.Tick() + 1, Set: map[string]any{fact: b}})
}

// TestLivePage: in live mode the page shows the run/step/pause controls,
// and pressing step runs a tick that the page then shows.
func TestLivePage(t *testing.T) {
	w, rec := simWorld(t, "../../examples/pirate_sim.yaml", 1000, false)
	st := &stepper{mu: make(chan struct{}, 1), w: w, rec: rec, paused: true}
	st.Control("step") // tick 1, so that the page has something to show
	srv := httptest.NewServer(debugger.Handler(rec, st))
	defer srv.Close()
	ctx, _, _ := browse(t, rec)
	var runstate, tick string
	var liveHidden bool
	err := chromedp.Run(ctx,
		chromedp.Navigate(srv.URL+"/"),
		chromedp.WaitVisible(`body[data-ready="1"]`, chromedp.ByQuery),
		chromedp.Evaluate(`document.getElementById("live").hidden`, &liveHidden),
		chromedp.Text(`#runstate`, &runstate, chromedp.ByQuery),
		chromedp.Click(`#step`, chromedp.ByQuery),
		chromedp.Click(`#step`, chromedp.ByQuery),
		drawn(3),
		chromedp.Text(`#tick`, &tick, chromedp.ByQuery),
	)
	if err != nil {
		t.Fatal(err)
	}
	if liveHidden || runstate != "paused" {
		t.Errorf("live controls hidden %v, state %q", liveHidden, runstate)
	}
	if tick != "3" || w.Tick() != 3 {
		t.Errorf("after two steps: the page shows tick %q, the world is at %d", tick, w.Tick())
	}
	screenshot(t, ctx, "pirate-live")
}

// TestNoPlanWhyPage: at tick 11 of guard_sim the guard finds no plan for
// KillEnemy; the page shows why under the no_plan event, apart from the
// event's line, and no other event carries such a line.
func TestNoPlanWhyPage(t *testing.T) {
	rec := record(t, "../../examples/guard_sim.yaml", 20)
	ctx, base, _ := browse(t, rec)
	var line, why string
	var whys int
	err := chromedp.Run(ctx,
		chromedp.Navigate(base+"/?tick=11&agent=guard"),
		chromedp.WaitVisible(`body[data-ready="1"]`, chromedp.ByQuery),
		chromedp.Evaluate(`document.querySelector('#events li[data-type="no_plan"]').firstChild.textContent`, &line),
		chromedp.Text(`#events li[data-type="no_plan"] .why-no-plan`, &why, chromedp.ByQuery),
		chromedp.Evaluate(`document.querySelectorAll("#events .why-no-plan").length`, &whys),
	)
	if err != nil {
		t.Fatal(err)
	}
	if line != "no_plan KillEnemy: no plan exists (retry at 21)" {
		t.Errorf("the no_plan event reads %q", line)
	}
	want := "why: threat_removed is unreachable: Attack needs loaded; loaded: LoadWeapon needs has_ammo; " +
		"has_ammo: the actions that set it (FindAmmo) are excluded or ruled out by their context checks"
	if why != want || whys != 1 {
		t.Errorf("%d explanations; the no_plan event's reads %q\nwant %q", whys, why, want)
	}
	screenshot(t, ctx, "guard-no-plan-tick11")

	// The next tick has no no_plan event and shows no explanation.
	err = chromedp.Run(ctx,
		chromedp.Click(`#next`, chromedp.ByQuery),
		drawn(12),
		chromedp.Evaluate(`document.querySelectorAll("#events .why-no-plan").length`, &whys),
	)
	if err != nil {
		t.Fatal(err)
	}
	if whys != 0 {
		t.Errorf("tick 12 shows %d explanations", whys)
	}
}
