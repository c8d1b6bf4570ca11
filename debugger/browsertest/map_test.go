package browsertest

import (
	"bytes"
	"math"
	"net/http/httptest"
	"reflect"
	"strconv"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/goap-go/goap/agent/sim"
	"github.com/goap-go/goap/debugger"
	"github.com/goap-go/goap/space"
)

// drawnAgent is an agent as the map view drew it (goapMapDrawn).
type drawnAgent struct {
	Name string
	X, Y float64
}

// TestMapView: a recording of two sides on a map, read back as goap
// debug reads it, draws each agent at the cell the world had it in at
// each tick shown (the test hook reads back where the canvas drew them),
// scrubbing moves them, and clicking an agent on the map selects it.
func TestMapView(t *testing.T) {
	cells := []map[string]space.Cell{}
	rc := readBack(t, "testdata/skirmish_sim.yaml", 12, func(w *sim.World) {
		at := map[string]space.Cell{}
		for _, a := range w.Agents() {
			at[a.Name()], _ = w.Position(a.Name())
		}
		cells = append(cells, at) // cells[k]: after tick k+1
	})
	srv := httptest.NewServer(debugger.Handler(rc, nil))
	defer srv.Close()
	ctx, _ := browser(t)

	check := func(tick int) []drawnAgent {
		t.Helper()
		var got []drawnAgent
		if err := chromedp.Run(ctx, drawn(tick), until(`document.getElementById("map").dataset.tick === "`+strconv.Itoa(tick)+`"`),
			chromedp.Evaluate(`goapMapDrawn()`, &got)); err != nil {
			t.Fatal(err)
		}
		if len(got) != 2 {
			t.Fatalf("tick %d: %d agents drawn, want 2: %+v", tick, len(got), got)
		}
		for _, a := range got {
			want := cells[tick-1][a.Name]
			x, y, ok := rc.Position(a.Name, tick)
			if !ok || x != want.X || y != want.Y {
				t.Fatalf("tick %d: %s recorded at (%d,%d), the world had %v", tick, a.Name, x, y, want)
			}
			if math.Abs(a.X-float64(x)) > 1e-9 || math.Abs(a.Y-float64(y)) > 1e-9 {
				t.Errorf("tick %d: %s drawn at (%g,%g), recorded at (%d,%d)", tick, a.Name, a.X, a.Y, x, y)
			}
		}
		return got
	}
	open(t, ctx, srv.URL+"/?tick=1")
	check(1)
	open(t, ctx, srv.URL+"/?tick=6")
	before := check(6)
	screenshot(t, ctx, "map-view-tick6")
	// Scrubbing moves everything: the next tick's cells.
	if err := chromedp.Run(ctx, chromedp.Click(`#name`, chromedp.ByQuery), chromedp.KeyEvent(kb.ArrowRight)); err != nil {
		t.Fatal(err)
	}
	after := check(7)
	moved := 0
	for k := range after {
		if after[k] != before[k] {
			moved++
		}
	}
	if moved == 0 {
		t.Errorf("no agent moved on the map from tick 6 to 7: %+v", after)
	}
	open(t, ctx, srv.URL+"/?tick=12")
	check(12)
	// Clicking red on the map selects it.
	var red drawnAgent
	for _, a := range check(12) {
		if a.Name == "red" {
			red = a
		}
	}
	// Where red's cell is on the screen: the canvas's place and its CSS
	// pixels per cell.
	var box struct{ Left, Top, Cell float64 }
	if err := chromedp.Run(ctx, chromedp.Evaluate(`(() => { const c = document.getElementById("map"), r = c.getBoundingClientRect();
		return {Left: r.left, Top: r.top, Cell: r.width / (c.width / mapCell())}; })()`, &box)); err != nil {
		t.Fatal(err)
	}
	x, y := box.Left+(red.X+.5)*box.Cell, box.Top+(red.Y+.5)*box.Cell
	if err := chromedp.Run(ctx, chromedp.MouseClickXY(x, y),
		until(`document.getElementById("name").textContent === "red"`), settled()); err != nil {
		t.Fatalf("clicking red on the map at (%g,%g): %v", x, y, err)
	}
	screenshot(t, ctx, "map-view-red-selected")
}

// drawnLines is an agent as the map view drew it, with its lines.
type drawnLines struct {
	Name  string
	Sees  []string
	By    string
	Order string
	Arrow bool
}

// TestMapOrders: the map view draws an order's arrow from a commander on
// the map to its unit, a badge over a unit whose commander has no body
// (and draws no such commander), and lines to the agents each one sees,
// as the recording has them at the tick.
func TestMapOrders(t *testing.T) {
	rc := readBack(t, "testdata/orders_map_sim.yaml", 4, nil)
	srv := httptest.NewServer(debugger.Handler(rc, nil))
	defer srv.Close()
	ctx, _ := browser(t)
	open(t, ctx, srv.URL+"/?tick=3")
	var got []drawnLines
	if err := chromedp.Run(ctx, drawn(3), until(`document.getElementById("map").dataset.tick === "3"`),
		chromedp.Evaluate(`goapMapDrawn()`, &got)); err != nil {
		t.Fatal(err)
	}
	want := []drawnLines{
		{Name: "lead", Sees: []string{}},
		{Name: "u1", Sees: []string{"lead", "u2"}, By: "lead", Order: "Post", Arrow: true},
		{Name: "u2", Sees: []string{"lead", "u1"}, By: "hq", Order: "Post"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("drawn at tick 3:\n%+v\nwant\n%+v", got, want)
	}
	screenshot(t, ctx, "map-view-orders")
}

// readBack records ticks of file's sim, calling after (when set) after
// each tick, and reads the recording back as goap debug reads it.
func readBack(t *testing.T, file string, ticks int, after func(*sim.World)) *debugger.Recording {
	t.Helper()
	w, rec := simWorld(t, file, 1000, true)
	var out bytes.Buffer
	rec.Stream(&out)
	for range ticks {
		w.Step()
		rec.Capture()
		if after != nil {
			after(w)
		}
	}
	if err := rec.Flush(); err != nil {
		t.Fatal(err)
	}
	rc, err := debugger.ReadRecording(bytes.NewReader(out.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	return rc
}
