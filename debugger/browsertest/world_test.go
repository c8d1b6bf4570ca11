package browsertest

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestWorldChanges: the world's changes are on the timeline (their own
// row and count) and listed at their tick. In pirate_sim the player takes
// the bottle at tick 5, and the pirate's actions change world facts.
func TestWorldChanges(t *testing.T) {
	rec := record(t, "../../examples/pirate_sim.yaml", 40)
	ctx, base, _ := browse(t, rec)
	open(t, ctx, base+"/?tick=5")
	var legend, world string
	if err := chromedp.Run(ctx,
		chromedp.Text(`#kinds label[data-kind="world"]`, &legend, chromedp.ByQuery),
		chromedp.Text(`#world`, &world, chromedp.ByQuery),
	); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(world, "world: bottle_available=false") {
		t.Errorf("tick 5's world changes: %q, want the player's bottle_available=false", world)
	}
	if strings.HasSuffix(strings.TrimSpace(legend), " 0") || !strings.HasPrefix(strings.TrimSpace(legend), "world changes") {
		t.Errorf("timeline legend %q, want world changes counted", legend)
	}
	screenshot(t, ctx, "world-changes-tick5")
	open(t, ctx, base+"/?tick=2")
	if err := chromedp.Run(ctx, chromedp.Text(`#world`, &world, chromedp.ByQuery)); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(world, "none at this tick") {
		t.Errorf("tick 2's world changes: %q, want none", world)
	}
}

// TestBeliefSaysWhoSetWorld: the belief table says who changed a world
// fact last and when: pirate_sim's player takes the bottle at tick 5.
func TestBeliefSaysWhoSetWorld(t *testing.T) {
	rec := record(t, "../../examples/pirate_sim.yaml", 12)
	ctx, base, _ := browse(t, rec)
	open(t, ctx, base+"/?tick=6")
	var row string
	if err := chromedp.Run(ctx, chromedp.Text(`#belief tr[data-fact="bottle_available"]`, &row, chromedp.ByQuery)); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(row, "set by world at 5") {
		t.Errorf("bottle_available's row at tick 6: %q, want it set by the world at 5", row)
	}
	open(t, ctx, base+"/?tick=4")
	if err := chromedp.Run(ctx, chromedp.Text(`#belief tr[data-fact="bottle_available"]`, &row, chromedp.ByQuery)); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(row, "world at 5") {
		t.Errorf("bottle_available's row at tick 4 names a later change: %q", row)
	}
}
