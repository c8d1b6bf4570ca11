package browsertest

import (
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestTreePanel: a search of some 4,000 nodes, cut at debugger.MaxTreeNodes,
// is drawn in its own scrolling panel, so the belief stays on screen;
// the page says the tree is cut, and the plan's whole path (22 steps,
// ending beyond the first 2,000 nodes) is drawn; the zoom buttons scale
// the drawing, fit makes it fit its panel.
func TestTreePanel(t *testing.T) {
	rec := record(t, "../testdata/big_tree.yaml", 1)
	// The search's size is the planner's business; the page must say it.
	w, _ := simWorld(t, "../testdata/big_tree.yaml", 10, true)
	w.Step()
	total := strconv.Itoa(len(w.Agents()[0].SearchTree()))
	if len(w.Agents()[0].SearchTree()) <= 2000 {
		t.Fatalf("the search has %s nodes: the file must make more than the panel shows", total)
	}
	ctx, base, _ := browse(t, rec)
	open(t, ctx, base+"/?tick=1")
	var panel struct {
		Nodes, Labels, PathNodes                    int
		BoxHeight, BoxWidth, ScrollWidth, BeliefTop float64
		SvgWidth, SvgHeight                         float64
		Info, Cut                                   string
	}
	read := func() {
		t.Helper()
		if err := chromedp.Run(ctx, chromedp.Evaluate(`(() => {
			const box = document.querySelector("#tree .treebox"), svg = document.querySelector("#tree svg");
			return {
				Nodes: document.querySelectorAll("#tree svg circle").length,
				Labels: document.querySelectorAll("#tree svg text").length,
				PathNodes: document.querySelectorAll("#tree svg .node.path").length,
				BoxHeight: box ? box.clientHeight : -1, BoxWidth: box ? box.clientWidth : -1,
				ScrollWidth: box ? box.scrollWidth : -1,
				BeliefTop: document.getElementById("belief").getBoundingClientRect().top,
				SvgWidth: svg.getBoundingClientRect().width, SvgHeight: svg.getBoundingClientRect().height,
				Info: document.querySelector("#tree p").textContent,
				Cut: (document.querySelector("#tree .cut") || {}).textContent || "",
			}; })()`, &panel)); err != nil {
			t.Fatal(err)
		}
	}
	read()
	if panel.Nodes < 2000 || panel.Labels != 22 || panel.PathNodes != 23 {
		t.Errorf("%d nodes drawn, %d labelled, %d on the path; want more than 2,000, 22 and 23", panel.Nodes, panel.Labels, panel.PathNodes)
	}
	if !strings.Contains(panel.Cut, "The tree is cut: "+strconv.Itoa(panel.Nodes)+" of its "+total+" nodes are shown, the first ones generated and the plan's whole path.") ||
		!strings.Contains(panel.Info, total+" nodes") {
		t.Errorf("info %q, cut %q", panel.Info, panel.Cut)
	}
	if panel.BoxHeight <= 0 || panel.BoxHeight > 500 || panel.ScrollWidth <= panel.BoxWidth || panel.BeliefTop > 900 {
		t.Errorf("panel %vx%v px (content %v wide), the belief at %v px: want a panel under 500 px high that scrolls, the belief on screen", panel.BoxWidth, panel.BoxHeight, panel.ScrollWidth, panel.BeliefTop)
	}
	screenshot(t, ctx, "tree-panel-cut")

	w1 := panel.SvgWidth
	if err := chromedp.Run(ctx, chromedp.Click(`#zoomout`, chromedp.ByQuery), chromedp.Click(`#zoomout`, chromedp.ByQuery)); err != nil {
		t.Fatal(err)
	}
	read()
	if r := panel.SvgWidth / w1; r < 0.63 || r > 0.65 {
		t.Errorf("two zooms out: width %v -> %v, ratio %.3f, want 0.64", w1, panel.SvgWidth, r)
	}
	var zoom string
	if err := chromedp.Run(ctx, chromedp.Click(`#zoomfit`, chromedp.ByQuery), until(`document.getElementById("zoom").textContent !== "100%"`),
		chromedp.Text(`#zoom`, &zoom, chromedp.ByQuery)); err != nil {
		t.Fatal(err)
	}
	read()
	if panel.SvgWidth > panel.BoxWidth+1 || panel.SvgHeight > panel.BoxHeight+1 || zoom == "100%" {
		t.Errorf("fit: drawing %vx%v in a panel of %vx%v (zoom %s)", panel.SvgWidth, panel.SvgHeight, panel.BoxWidth, panel.BoxHeight, zoom)
	}
	screenshot(t, ctx, "tree-panel-fit")
}
