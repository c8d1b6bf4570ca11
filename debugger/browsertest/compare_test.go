package browsertest

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// TestCompareTicks: a tick typed into "Compare with tick" lists the facts
// the agent believed differently then than at the tick shown, and the
// list follows the tick shown. The pirate of pirate_sim steals the rum
// (tick 8 onwards: has_rum) and drinks it.
func TestCompareTicks(t *testing.T) {
	rec := record(t, "../../examples/pirate_sim.yaml", 40)
	ctx, base, _ := browse(t, rec)
	open(t, ctx, base+"/?tick=1")
	var same, diff string
	var ok bool
	if err := chromedp.Run(ctx,
		chromedp.SendKeys(`#cmptick`, "1"+kb.Enter, chromedp.ByQuery),
		chromedp.Poll(`document.getElementById("compare").textContent.includes("the same belief")`, &ok),
		chromedp.Text(`#compare`, &same, chromedp.ByQuery),
	); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(same, "the same belief") {
		t.Errorf("tick 1 against itself: %q", same)
	}
	open(t, ctx, base+"/?tick=40")
	if err := chromedp.Run(ctx,
		chromedp.SendKeys(`#cmptick`, "1"+kb.Enter, chromedp.ByQuery),
		chromedp.Poll(`document.querySelector("#compare tr[data-fact]") !== null`, &ok),
		chromedp.Text(`#compare`, &diff, chromedp.ByQuery),
	); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(diff, "drunk") || !strings.Contains(diff, "tick 1") || !strings.Contains(diff, "tick 40") {
		t.Errorf("tick 40 against tick 1: %q, want drunk among the facts that differ", diff)
	}
	screenshot(t, ctx, "compare-ticks")
}
