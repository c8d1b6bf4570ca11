package browsertest

import (
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestGoalLane: under the timeline, the agent shown has a lane of the
// goals it pursued, coloured as its key says: guard_sim's guard pursues
// KillEnemy until tick 11, then Flee until 19, then nothing.
func TestGoalLane(t *testing.T) {
	rec := record(t, "../../examples/guard_sim.yaml", 24)
	ctx, base, _ := browse(t, rec)
	open(t, ctx, base+"/?tick=5")
	var key string
	var ok bool
	if err := chromedp.Run(ctx,
		chromedp.Poll(`document.querySelectorAll("#lanekey .swatch").length === 2`, &ok),
		chromedp.Text(`#lanekey`, &key, chromedp.ByQuery),
	); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(key, "guard's goals") || !strings.Contains(key, "KillEnemy") || !strings.Contains(key, "Flee") {
		t.Errorf("lane key %q", key)
	}
	pixel := func(tick int) string {
		var rgb string
		js := `(() => { const c = document.getElementById("lane"), g = c.getContext("2d");
			const x = Math.round(4 + (c.width - 8) * (` + strconv.Itoa(tick) + ` - meta.first) / (meta.last - meta.first));
			return Array.from(g.getImageData(x, 5, 1, 1).data.slice(0, 3)).join(","); })()`
		if err := chromedp.Run(ctx, chromedp.Evaluate(js, &rgb)); err != nil {
			t.Fatal(err)
		}
		return rgb
	}
	const blue, orange = "30,136,229", "251,140,0"
	if p3, p15, p22 := pixel(3), pixel(15), pixel(22); p3 != blue || p15 != orange || p22 == blue || p22 == orange {
		t.Errorf("lane pixels: tick 3 %s (want KillEnemy's %s), 15 %s (want Flee's %s), 22 %s (want neither)", p3, blue, p15, orange, p22)
	}
	screenshot(t, ctx, "goal-lane")
}

// TestGoalBarSaysWhyNoPlan: on the ticks after a search found no plan,
// the waiting goal's bar says why (guard_sim: KillEnemy at tick 15).
func TestGoalBarSaysWhyNoPlan(t *testing.T) {
	rec := record(t, "../../examples/guard_sim.yaml", 20)
	ctx, base, _ := browse(t, rec)
	open(t, ctx, base+"/?tick=15")
	var why string
	if err := chromedp.Run(ctx, chromedp.Text(`.goal[data-goal="KillEnemy"] .noplan-why`, &why, chromedp.ByQuery)); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(why, "no plan: threat_removed is unreachable") {
		t.Errorf("KillEnemy's bar at tick 15 says %q", why)
	}
}

// TestGoalBarSaysRule: a designer file's goal scored by relevancy rules
// says in its bar which rule gave the score (a villager of the colony,
// hungry with under 2 coins: Eat by its rule "when {hungry}", Earn by
// its rule without a condition, Stock by none).
func TestGoalBarSaysRule(t *testing.T) {
	rec := record(t, "../testdata/colony.yaml", 60)
	// The first villager hungry with under 2 coins, and when, from the
	// recording.
	rc := rec.Recording()
	name, tick := "", -1
	for i := 0; i < len(rc.Agents) && tick < 0; i++ {
		for _, s := range rc.Snapshots(i) {
			if len(s.Goals) == 3 && s.Goals[0].Base == 100 && s.Goals[2].Base == 0 {
				name, tick = rc.Agents[i].Name, s.Tick
				break
			}
		}
	}
	if tick < 0 {
		t.Fatal("no villager is hungry with under 2 coins in 60 ticks")
	}
	ctx, base, _ := browse(t, rec)
	open(t, ctx, base+"/?agent="+name+"&tick="+strconv.Itoa(tick))
	for goal, want := range map[string]string{
		"Eat":   "relevancy 100 (rule 1: when {hungry})",
		"Earn":  "relevancy 10 (rule 1: always)",
		"Stock": "relevancy 0 (no rule holds)",
	} {
		var why string
		if err := chromedp.Run(ctx, chromedp.Text(`.goal[data-goal="`+goal+`"] .why`, &why, chromedp.ByQuery)); err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(why, want) {
			t.Errorf("%s at tick %d: %s's bar says %q, want it to start %q", name, tick, goal, why, want)
		}
	}
}
