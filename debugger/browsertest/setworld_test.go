package browsertest

import (
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/goap-go/goap"
	"github.com/goap-go/goap/agent/sim"
	"github.com/goap-go/goap/debugger"
)

// TestLiveSetWorld: in live mode the user sets a world fact from the
// page; it happens at the run's next tick, recorded like a scripted
// change (listed under World changes), and a value the run refuses is
// said in a banner.
func TestLiveSetWorld(t *testing.T) {
	w, rec := simWorld(t, "../../examples/pirate_sim.yaml", 1000, false)
	st := &stepper{mu: make(chan struct{}, 1), w: w, rec: rec, paused: true}
	st.Control("step")
	srv := httptest.NewServer(debugger.Handler(rec, st))
	defer srv.Close()
	ctx, _ := browser(t)
	open(t, ctx, srv.URL+"/")
	var ok bool
	var world, banners string
	if err := chromedp.Run(ctx,
		chromedp.SetValue(`#setfact`, "lawful", chromedp.ByQuery),
		chromedp.SetValue(`#setvalue`, "maybe", chromedp.ByQuery),
		chromedp.Click(`#setbtn`, chromedp.ByQuery),
		chromedp.Poll(`document.querySelector('#banners [data-key="set"].error') !== null`, &ok),
		chromedp.Text(`#banners`, &banners, chromedp.ByQuery),
		chromedp.SetValue(`#setvalue`, "true", chromedp.ByQuery),
		chromedp.Click(`#setbtn`, chromedp.ByQuery),
		chromedp.Poll(`document.querySelector('#banners [data-key="set"].info') !== null`, &ok),
		chromedp.Click(`#step`, chromedp.ByQuery),
		chromedp.Poll(`document.getElementById("world").textContent.includes("lawful=true")`, &ok),
		chromedp.Text(`#world`, &world, chromedp.ByQuery),
	); err != nil {
		t.Fatalf("%v (banners %q, world %q)", err, banners, world)
	}
	if !strings.Contains(banners, `The change of lawful is refused: fact "lawful" is true or false, not "maybe"`) {
		t.Errorf("refused value: banners %q", banners)
	}
	if !strings.Contains(world, "world: lawful=true") || w.Tick() != 2 || !w.State().Bool(factID(t, w, "lawful")) {
		t.Errorf("after the change and a step: world changes %q, tick %d", world, w.Tick())
	}
	screenshot(t, ctx, "live-set-world")
}

func factID(t *testing.T, w *sim.World, name string) goap.FactID {
	t.Helper()
	id, ok := w.State().Domain().FactID(name)
	if !ok {
		t.Fatalf("no fact %q", name)
	}
	return id
}
