package browsertest

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestFilters: on squad_shooter (squads blue and red), the squad and
// name filters narrow the agent list, the orders and reports and the
// timeline's markers to the agents they let through; the event-type
// filter narrows the events listed and the markers jumped to.
func TestFilters(t *testing.T) {
	rec := record(t, "../../examples/squad_orders.yaml", 40)
	ctx, base, _ := browse(t, rec)
	open(t, ctx, base+"/?tick=1")
	type view struct {
		Agents []string
		Name   string
		Orders string
		Events string
		Legend string
	}
	read := func() view {
		t.Helper()
		var v view
		if err := chromedp.Run(ctx, settled(), chromedp.Evaluate(`({
			Agents: [...document.querySelectorAll("#agents li[data-agent]")].map((li) => li.dataset.agent),
			Name: document.getElementById("name").textContent,
			Orders: document.getElementById("orders").textContent,
			Events: [...document.querySelectorAll("#events li")].map((li) => li.textContent).join("\n"),
			Legend: document.getElementById("kinds").textContent,
		})`, &v)); err != nil {
			t.Fatal(err)
		}
		return v
	}
	choose := func(sel, value string) {
		t.Helper()
		if err := chromedp.Run(ctx,
			chromedp.SetValue(sel, value, chromedp.ByQuery),
			chromedp.Evaluate(`document.querySelector("`+sel+`").dispatchEvent(new Event("change"))`, nil),
		); err != nil {
			t.Fatal(err)
		}
	}
	find := func(text string) {
		t.Helper()
		if err := chromedp.Run(ctx,
			chromedp.SetValue(`#find`, text, chromedp.ByQuery),
			chromedp.Evaluate(`document.getElementById("find").dispatchEvent(new Event("input"))`, nil),
		); err != nil {
			t.Fatal(err)
		}
	}
	all := read()
	if len(all.Agents) != 8 || !strings.Contains(all.Orders, "blue_cmd order_issued") || !strings.Contains(all.Orders, "red_cmd order_issued") {
		t.Fatalf("unfiltered: %+v", all)
	}

	choose("#squad", "red")
	v := read()
	if strings.Join(v.Agents, " ") != "red_cmd r1 r2 r3" || v.Name != "red_cmd" ||
		!strings.Contains(v.Orders, "red_cmd order_issued") || strings.Contains(v.Orders, "blue") || strings.Contains(v.Orders, "b1") {
		t.Errorf("squad red: %+v", v)
	}
	find("2")
	if v := read(); strings.Join(v.Agents, " ") != "r2" || v.Name != "r2" {
		t.Errorf("squad red, name with 2: %+v", v)
	}
	screenshot(t, ctx, "filter-red-2")

	// b2 alone: no orders on the timeline, its reports at 1, 2, 7, 11.
	choose("#squad", "")
	find("b2")
	v = read()
	if strings.Join(v.Agents, " ") != "b2" || v.Name != "b2" || !strings.Contains(v.Legend, "orders 0") || strings.Contains(v.Legend, "reports 0") ||
		strings.Contains(v.Orders, "blue_cmd order_issued") {
		t.Errorf("b2: %+v", v)
	}
	for _, want := range []string{"2", "7"} {
		if label, _ := press(t, ctx, "]"); label != want {
			t.Errorf("b2's next marker: tick %s, want %s", label, want)
		}
	}
	// Reports only: tick 7's goal_chosen is not listed; the next
	// marker is b2's next report, at 11.
	choose("#etype", "report")
	v = read()
	if !strings.Contains(v.Events, "report Kill: picked to blue_cmd") || strings.Contains(v.Events, "goal_chosen") ||
		!strings.Contains(v.Events, "more of other types (filtered out)") {
		t.Errorf("b2's reports at tick 7: %q", v.Events)
	}
	if label, _ := press(t, ctx, "]"); label != "11" {
		t.Errorf("b2's next report: tick %s, want 11", label)
	}
	screenshot(t, ctx, "filter-b2-reports")

	// Nothing matches: said.
	find("nemo")
	if v := read(); len(v.Agents) != 0 || !strings.Contains(v.Legend, "reports 0") {
		t.Errorf("nemo: %+v", v)
	}
}
