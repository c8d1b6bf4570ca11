package browsertest

import (
	"bytes"
	"math"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/goap-go/goap/debugger"
	"github.com/goap-go/goap/space"
)

// TestDemoMapViews: a recording of each demo in space (the squad shooter,
// room clearing through three rooms) opens in the map view, which draws
// every agent with a body at the cell the recording and the world had it
// in, at ticks along the run (the test hook reads back where the canvas
// drew them).
func TestDemoMapViews(t *testing.T) {
	demos := []struct {
		file   string
		ticks  int
		check  []int    // ticks to look at
		bodies []string // agents that must be drawn at the first of them
	}{
		{"../../examples/squad_shooter.yaml", 30, []int{2, 10, 30}, []string{"b1", "b2", "b3", "r1", "r2", "r3"}},
		{"../../examples/room_clearing_sim.yaml", 32, []int{1, 11, 25}, []string{"u1", "u2", "u3"}},
	}
	ctx, _ := browser(t)
	for _, demo := range demos {
		name := strings.TrimSuffix(demo.file[strings.LastIndexByte(demo.file, '/')+1:], ".yaml")
		w, rec := simWorld(t, demo.file, 1000, false)
		var file bytes.Buffer
		rec.Stream(&file)
		cells := []map[string]space.Cell{}
		for range demo.ticks {
			w.Step()
			rec.Capture()
			at := map[string]space.Cell{}
			for _, a := range w.Agents() {
				if c, ok := w.Position(a.Name()); ok {
					at[a.Name()] = c
				}
			}
			cells = append(cells, at) // cells[k]: after tick k+1
		}
		if err := rec.Flush(); err != nil {
			t.Fatal(err)
		}
		rc, err := debugger.ReadRecording(bytes.NewReader(file.Bytes()))
		if err != nil {
			t.Fatal(err)
		}
		srv := httptest.NewServer(debugger.Handler(rc, nil))
		for k, tick := range demo.check {
			var got []drawnAgent
			open(t, ctx, srv.URL+"/?tick="+strconv.Itoa(tick))
			if err := chromedp.Run(ctx, drawn(tick), until(`document.getElementById("map").dataset.tick === "`+strconv.Itoa(tick)+`"`),
				chromedp.Evaluate(`goapMapDrawn()`, &got)); err != nil {
				t.Fatalf("%s, tick %d: %v", name, tick, err)
			}
			seen := map[string]bool{}
			for _, a := range got {
				seen[a.Name] = true
				want, inWorld := cells[tick-1][a.Name]
				x, y, ok := rc.Position(a.Name, tick)
				if !ok || !inWorld || x != want.X || y != want.Y {
					t.Errorf("%s, tick %d: %s recorded at (%d,%d) (%v), the world had %v (%v)", name, tick, a.Name, x, y, ok, want, inWorld)
				}
				if math.Abs(a.X-float64(x)) > 1e-9 || math.Abs(a.Y-float64(y)) > 1e-9 {
					t.Errorf("%s, tick %d: %s drawn at (%g,%g), recorded at (%d,%d)", name, tick, a.Name, a.X, a.Y, x, y)
				}
			}
			if k == 0 {
				for _, b := range demo.bodies {
					if !seen[b] {
						t.Errorf("%s, tick %d: %s not drawn (drawn: %+v)", name, tick, b, got)
					}
				}
			}
			screenshot(t, ctx, name+"-tick"+strconv.Itoa(tick))
		}
		srv.Close()
	}
}
