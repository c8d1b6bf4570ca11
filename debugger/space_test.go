package debugger_test

import (
	"bytes"
	"encoding/json"
	"net/http/httptest"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/goap-go/goap/agent/sim"
	"github.com/goap-go/goap/agent/simspec"
	"github.com/goap-go/goap/debugger"
	"github.com/goap-go/goap/space"
)

// mapRun records an example with a map as goap sim --record does (the
// map watched, streamed), and returns the file, the world and each
// agent's cell and path after each tick (index 0: before the first).
func mapRun(t *testing.T, file string, ticks int) ([]byte, *sim.World, []map[string]space.Cell, []map[string][]space.Cell) {
	t.Helper()
	w, rec := newSim(t, file, 1000, true)
	sides := map[string]string{}
	rec.WatchMap(debugger.MapOf(w.Map(), sides), w)
	var out bytes.Buffer
	rec.Stream(&out)
	cells := []map[string]space.Cell{{}}
	paths := []map[string][]space.Cell{{}}
	for _, a := range w.Agents() {
		cells[0][a.Name()], _ = w.Position(a.Name())
	}
	for range ticks {
		w.Step()
		rec.Capture()
		at, ahead := map[string]space.Cell{}, map[string][]space.Cell{}
		for _, a := range w.Agents() {
			at[a.Name()], _ = w.Position(a.Name())
			ahead[a.Name()] = append([]space.Cell(nil), w.Path(a.Name())...)
		}
		cells, paths = append(cells, at), append(paths, ahead)
	}
	if err := rec.Flush(); err != nil {
		t.Fatal(err)
	}
	return out.Bytes(), w, cells, paths
}

// TestMapRecorded: a recording of a world with a map is a version-3 file
// with the map once; read back, every agent's cell at every tick is the
// world's, and the map view's path ahead, trail and heading are the
// world's.
func TestMapRecorded(t *testing.T) {
	data, _, cells, paths := mapRun(t, "../examples/crates_sim.yaml", 12)
	if !bytes.HasPrefix(data, []byte(`{"format":"goap-recording","version":3}`+"\n")) {
		t.Fatalf("header %q, want version 3", data[:bytes.IndexByte(data, '\n')])
	}
	if n := bytes.Count(data, []byte(`{"map":`)); n != 1 {
		t.Fatalf("%d map lines, want 1", n)
	}
	rc, err := debugger.ReadRecording(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	m := rc.Map
	if m == nil || m.Width != 12 || m.Height != 7 || m.Rows[1] != "#.....+....#" || m.Rows[3] != "#.~~~~~~...#" {
		t.Fatalf("map read back: %+v", m)
	}
	if len(m.Doors) != 1 || m.Doors[0] != (debugger.MapDoor{Name: "door1", X: 6, Y: 1, State: "open"}) {
		t.Fatalf("doors %+v", m.Doors)
	}
	if len(m.Objects) != 2 || m.Objects[0] != (debugger.MapThing{Name: "crate1", Type: "crate", X: 10, Y: 1}) {
		t.Fatalf("objects %+v", m.Objects)
	}
	moved := 0
	for tick := range cells {
		want := cells[tick]["soldier"]
		x, y, ok := rc.Position("soldier", tick)
		if !ok || x != want.X || y != want.Y {
			t.Fatalf("tick %d: recorded at (%d,%d) %v, the world had %v", tick, x, y, ok, want)
		}
		if tick > 0 && want != cells[tick-1]["soldier"] {
			moved++
		}
	}
	if moved < 4 {
		t.Fatalf("the soldier moved %d times; the test needs a walk", moved)
	}
	if _, _, ok := rc.Position("nobody", 3); ok {
		t.Fatal("a position for an unknown agent")
	}
	// The page's view: cell, trail and path ahead.
	h := debugger.Handler(rc, nil)
	for tick := 1; tick < len(cells); tick++ {
		var st struct {
			Space struct {
				Agents []struct {
					Name    string
					X, Y    int
					Heading [2]int
					Trail   [][2]int
					Path    [][2]int
				}
				Doors map[string]string
			}
		}
		rr := httptest.NewRecorder()
		h.ServeHTTP(rr, httptest.NewRequest("GET", "http://localhost/api/state?tick="+strconv.Itoa(tick), nil))
		if err := json.Unmarshal(rr.Body.Bytes(), &st); err != nil {
			t.Fatal(err)
		}
		if len(st.Space.Agents) != 1 {
			t.Fatalf("tick %d: %d agents on the map", tick, len(st.Space.Agents))
		}
		a := st.Space.Agents[0]
		if want := cells[tick]["soldier"]; a.X != want.X || a.Y != want.Y {
			t.Fatalf("tick %d: view at (%d,%d), want %v", tick, a.X, a.Y, want)
		}
		var ahead []space.Cell
		for _, c := range a.Path {
			ahead = append(ahead, space.Cell{X: c[0], Y: c[1]})
		}
		if want := paths[tick]["soldier"]; !slices.Equal(ahead, want) {
			t.Fatalf("tick %d: path ahead %v, the world's %v", tick, ahead, want)
		}
		if prev := cells[tick-1]["soldier"]; prev != cells[tick]["soldier"] {
			if len(a.Trail) == 0 || a.Trail[len(a.Trail)-1] != [2]int{prev.X, prev.Y} {
				t.Fatalf("tick %d: trail %v, want it to end at %v", tick, a.Trail, prev)
			}
			if want := [2]int{sgn(a.X - prev.X), sgn(a.Y - prev.Y)}; a.Heading != want {
				t.Fatalf("tick %d: heading %v, want %v", tick, a.Heading, want)
			}
		}
		if st.Space.Doors["door1"] != "open" {
			t.Fatalf("tick %d: door1 %q, want open", tick, st.Space.Doors["door1"])
		}
	}
}

// TestMapDoorsFollowWorld: the map view's doors change with the world's
// facts: the door locked by a scripted change at tick 2 shows locked from
// tick 2 on, open before.
func TestMapDoorsFollowWorld(t *testing.T) {
	w, rec := newSim(t, "../examples/crates_sim.yaml", 1000, true)
	if err := w.Schedule(simspec.WorldChange{Tick: 2, Set: map[string]any{"open(door1)": false, "locked(door1)": true}}); err != nil {
		t.Fatal(err)
	}
	rec.WatchMap(debugger.MapOf(w.Map(), nil), w)
	for range 6 {
		w.Step()
		rec.Capture()
	}
	h := debugger.Handler(rec, nil)
	for tick, want := range map[int]string{1: "open", 2: "locked", 5: "locked"} {
		rr := httptest.NewRecorder()
		h.ServeHTTP(rr, httptest.NewRequest("GET", "http://localhost/api/state?tick="+strconv.Itoa(tick), nil))
		var st struct {
			Space struct{ Doors map[string]string }
		}
		if err := json.Unmarshal(rr.Body.Bytes(), &st); err != nil {
			t.Fatal(err)
		}
		if st.Space.Doors["door1"] != want {
			t.Errorf("tick %d: door1 %q, want %q", tick, st.Space.Doors["door1"], want)
		}
	}
}

// TestNoMapNoGrowth: a recording without a map stays version 2, byte for
// byte what it was without space (no xy line, no map), and its state has
// no map view.
func TestNoMapNoGrowth(t *testing.T) {
	var out bytes.Buffer
	rec, _ := run(t, "../examples/pirate_sim.yaml", 20, 1000, &out)
	data := out.String()
	if !strings.HasPrefix(data, `{"format":"goap-recording","version":2}`) || strings.Contains(data, `"xy"`) || strings.Contains(data, `"map"`) {
		t.Fatalf("a recording without a map: %.200q", data)
	}
	rr := httptest.NewRecorder()
	debugger.Handler(rec, nil).ServeHTTP(rr, httptest.NewRequest("GET", "http://localhost/api/state?tick=3", nil))
	if strings.Contains(rr.Body.String(), `"space"`) {
		t.Fatal("a map view without a map")
	}
}

// TestMapLinesVersioned: space lines are refused in a version-2 file (as
// goap of version 2 refuses them) and in a damaged version-3 one; a
// version-3 file cut in a tick leaves out that tick's cells.
func TestMapLinesVersioned(t *testing.T) {
	head3 := `{"format":"goap-recording","version":3}` + "\n"
	agent := `{"agent":{"name":"a","facts":[],"actions":[]}}` + "\n"
	mapLine := `{"map":{"w":2,"h":1,"rows":[".."]}}` + "\n"
	for _, c := range []struct{ file, want string }{
		{`{"format":"goap-recording","version":2}` + "\n" + mapLine, "line 2: neither an agent nor a snapshot"},
		{`{"format":"goap-recording","version":2}` + "\n" + agent + `{"xy":{"t":1,"c":[0,1,0]}}` + "\n", "line 3: neither an agent nor a snapshot"},
		{head3 + agent + `{"xy":{"t":1,"c":[0,1,0]}}` + "\n", "line 3: cells before the map"},
		{head3 + mapLine + mapLine, "line 3: a second map"},
		{head3 + `{"map":{"w":3,"h":1,"rows":[".."]}}` + "\n", "line 2: map: row 0 is not 3 cells wide"},
		{head3 + mapLine + agent + `{"xy":{"t":1,"c":[1,1,0]}}` + "\n", "line 4: cell of agent 1, of 1"},
		{head3 + mapLine + agent + `{"xy":{"t":1,"c":[0,1]}}` + "\n", "line 4: cells are agent, x, y triples"},
		{head3 + mapLine + agent + `{"xy":{"t":1,"p":[[0,1]]}}` + "\n", "line 4: a path is an agent and x, y pairs"},
	} {
		_, err := debugger.ReadRecording(strings.NewReader(c.file))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %v, want %q", c.file, err, c.want)
		}
	}
	cut := head3 + mapLine + agent + `{"xy":{"t":0,"c":[0,0,0]}}` + "\n" + `{"tick":0}` + "\n" + `{"xy":{"t":1,"c":[0,1,0]}}` + "\n"
	rc, err := debugger.ReadRecording(strings.NewReader(cut))
	if err != nil {
		t.Fatal(err)
	}
	if x, _, ok := rc.Position("a", 1); !ok || x != 0 {
		t.Fatalf("the cut tick's cell is kept: x %d, %v", x, ok)
	}
}

// TestWatchMapAfterStream: the map must come before the header; after
// it, the stream fails rather than write a version-2 file with version-3
// lines.
func TestWatchMapAfterStream(t *testing.T) {
	w, rec := newSim(t, "../examples/crates_sim.yaml", 10, false)
	var out bytes.Buffer
	rec.Stream(&out)
	rec.WatchMap(debugger.MapOf(w.Map(), nil), w)
	if err := rec.Flush(); err == nil || !strings.Contains(err.Error(), "WatchMap after Stream") {
		t.Fatalf("error %v", err)
	}
}

func sgn(v int) int {
	switch {
	case v < 0:
		return -1
	case v > 0:
		return 1
	}
	return 0
}
