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

// TestOldPlanAtReplan: at pirate_sim's replan (tick 8) the plan that was
// replaced is shown beside the new one; at the next tick it is gone.
func TestOldPlanAtReplan(t *testing.T) {
	rec := record(t, "../../examples/pirate_sim.yaml", 12)
	ctx, base, _ := browse(t, rec)
	open(t, ctx, base+"/?tick=8")
	var hidden bool
	var old, plan string
	if err := chromedp.Run(ctx,
		chromedp.Evaluate(`document.getElementById("oldplan-box").hidden`, &hidden),
		chromedp.Text(`#oldplan`, &old, chromedp.ByQuery),
		chromedp.Text(`#plan`, &plan, chromedp.ByQuery),
	); err != nil {
		t.Fatal(err)
	}
	if hidden || !strings.Contains(old, "StealRum") || strings.Contains(plan, "StealRum") {
		t.Errorf("tick 8: old plan hidden %v %q, plan %q; want the StealRum plan beside the new one", hidden, old, plan)
	}
	screenshot(t, ctx, "old-plan-tick8")
	open(t, ctx, base+"/?tick=9")
	if err := chromedp.Run(ctx, chromedp.Evaluate(`document.getElementById("oldplan-box").hidden`, &hidden)); err != nil {
		t.Fatal(err)
	}
	if !hidden {
		t.Error("tick 9: the replaced plan is still shown")
	}
}
