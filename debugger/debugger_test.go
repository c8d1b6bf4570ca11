package debugger_test

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/goap-go/goap/agent"
	"github.com/goap-go/goap/agent/sim"
	"github.com/goap-go/goap/debugger"
	"github.com/goap-go/goap/goapfile"
	"github.com/goap-go/goap/goapfile/filetest"
)

// run simulates an example file for ticks with a recorder of size snapshots
// per agent, streaming to out when it is not nil.
func run(t testing.TB, file string, ticks, size int, out *bytes.Buffer) (*debugger.Recorder, *sim.World) {
	t.Helper()
	return runTrees(t, file, ticks, size, out, false)
}

// newSim loads an example's simulation with a recorder of size snapshots
// per agent watching it (events and squads recorded; world changes too
// when world, as goap sim --record does).
func newSim(t testing.TB, file string, size int, world bool) (*sim.World, *debugger.Recorder) {
	t.Helper()
	f, err := goapfile.Load(file)
	if err != nil {
		t.Fatal(err)
	}
	cfg := filetest.SimConfig(f)
	rec := debugger.NewRecorder(size)
	cfg.OnEvent = rec.OnEvent
	if world {
		cfg.OnChange = func(c sim.Change) {
			rec.World(debugger.WorldChange{Tick: c.Tick, By: c.By, Action: c.Action, Text: c.Text, Owner: c.Owner,
				Facts: debugger.WorldFacts(cfg.Domain, c.Facts, c.Values)})
		}
	}
	w, err := sim.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	rec.Watch(w.Agents()...)
	for _, s := range cfg.Squads {
		rec.Squad(debugger.SquadInfo{Name: s.Name, Commander: s.Commander, Members: s.Members})
	}
	return w, rec
}

// runTrees is run, the search trees kept when trees is set.
func runTrees(t testing.TB, file string, ticks, size int, out *bytes.Buffer, trees bool) (*debugger.Recorder, *sim.World) {
	t.Helper()
	w, rec := newSim(t, file, size, false)
	rec.Trees = trees
	if out != nil {
		rec.Stream(out)
	}
	for range ticks {
		w.Step()
		rec.Capture()
	}
	if err := rec.Flush(); err != nil {
		t.Fatal(err)
	}
	return rec, w
}

// TestRewind: any tick can be read back: the pirate's goal, plan, step
// and belief at each tick match what the agent showed at that tick.
func TestRewind(t *testing.T) {
	f, err := goapfile.Load("../examples/pirate_sim.yaml")
	if err != nil {
		t.Fatal(err)
	}
	cfg := filetest.SimConfig(f)
	rec := debugger.NewRecorder(1000)
	cfg.OnEvent = rec.OnEvent
	w, _ := sim.New(cfg)
	rec.Watch(w.Agents()...)
	pirate := w.Agents()[0]
	type seen struct {
		goal   string
		belief string
	}
	var truth []seen
	for range 30 {
		w.Step()
		rec.Capture()
		var in agent.Inspection
		pirate.Inspect(&in)
		truth = append(truth, seen{in.Goal, in.Belief.String()})
	}
	rc := rec.Recording()
	if first, last := rc.Ticks(); first != 1 || last < 20 {
		t.Fatalf("ticks %d..%d", first, last)
	}
	for tick := 1; tick <= 30; tick++ {
		st, ok := rc.At("pirate", tick)
		if !ok {
			t.Fatalf("no state at tick %d", tick)
		}
		want := truth[tick-1]
		if st.Goal != want.goal {
			t.Errorf("tick %d: goal %q, want %q", tick, st.Goal, want.goal)
		}
		if got := beliefString(f, st.Belief); got != want.belief {
			t.Errorf("tick %d: belief %s, want %s", tick, got, want.belief)
		}
	}
	// Tick 8: the bottle is found gone (pirate_sim.yaml's story).
	changes, err := rc.Compare("pirate", 7, 8)
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, c := range changes {
		if c.Fact == "bottle_available" && c.Before == true && c.After == false {
			found = true
		}
	}
	if !found {
		t.Errorf("tick 7 to 8: %+v, want bottle_available true -> false", changes)
	}
	if _, ok := rc.At("nobody", 3); ok {
		t.Error("an unknown agent has a state")
	}
	if _, ok := rc.At("pirate", 0); ok {
		t.Error("a state before the first tick")
	}
}

// beliefString renders a recorded belief as goap.State.String does.
func beliefString(f *goapfile.File, b map[string]any) string {
	s := f.Domain.NewState()
	for name, v := range b {
		if err := s.SetValue(name, v); err != nil {
			panic(err)
		}
	}
	return s.String()
}

// TestRingBounded: a small ring keeps the last snapshots only, and still
// rebuilds the whole belief at the ticks it keeps.
func TestRingBounded(t *testing.T) {
	full, _ := run(t, "../examples/room_clearing.yaml", 40, 10000, nil)
	small, _ := run(t, "../examples/room_clearing.yaml", 40, 4, nil)
	for i := range small.Recording().Agents {
		if n := len(small.Recording().Snapshots(i)); n > 4 {
			t.Fatalf("agent %d: %d snapshots kept in a ring of 4", i, n)
		}
	}
	first, last := small.Recording().Ticks()
	for tick := first; tick <= last; tick++ {
		for _, a := range []string{"leader", "u1", "u4"} {
			s, ok := small.Recording().At(a, tick)
			if !ok {
				continue // this agent's kept snapshots start later
			}
			f, _ := full.Recording().At(a, tick)
			if !reflect.DeepEqual(s.Belief, f.Belief) || s.Goal != f.Goal || s.Tick != f.Tick {
				t.Fatalf("%s at tick %d: %v %q, want %v %q", a, tick, s.Belief, s.Goal, f.Belief, f.Goal)
			}
		}
	}
}

// TestStreamAndLoad: a recording written as the run goes loads back into
// the same snapshots; damaged or foreign files are refused with the line.
func TestStreamAndLoad(t *testing.T) {
	var buf bytes.Buffer
	live, _ := run(t, "../examples/squad_orders.yaml", 30, 10000, &buf)
	loaded, err := debugger.ReadRecording(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if loaded.Cut != nil {
		t.Errorf("a whole file read as cut: %v", loaded.Cut)
	}
	f1, l1 := loaded.Ticks()
	f2, l2 := live.Recording().Ticks()
	if f1 != f2 || l1 != l2 || l2 != 30 {
		t.Errorf("ticks %d..%d read, %d..%d live, want up to 30", f1, l1, f2, l2)
	}
	if !reflect.DeepEqual(loaded.Agents, live.Recording().Agents) {
		t.Fatal("agents differ")
	}
	if len(loaded.Squads) != 2 || !reflect.DeepEqual(loaded.Squads, live.Recording().Squads) {
		t.Fatalf("squads %+v", loaded.Squads)
	}
	for i := range loaded.Agents {
		a, b := loaded.Snapshots(i), live.Recording().Snapshots(i)
		if len(a) != len(b) || len(a) == 0 {
			t.Fatalf("agent %d: %d snapshots loaded, %d live", i, len(a), len(b))
		}
		for k := range a {
			if !reflect.DeepEqual(normalize(a[k]), normalize(b[k])) {
				t.Fatalf("agent %d snapshot %d:\n%+v\n%+v", i, k, a[k], b[k])
			}
		}
	}
	for _, c := range []struct{ in, want string }{
		{"", "empty recording"},
		{`{"format":"other","version":1}`, "line 1: not a goap recording"},
		{`{"format":"goap-recording","version":9}`, "recording version 9, made by a newer goap: this one reads versions 1 to 3"},
		{`{"format":"goap-recording","version":4}`, "made by a newer goap"},
		{`{"format":"goap-recording"}`, "recording version 0"},
		{"{\"format\":\"goap-recording\",\"version\":1}\n{\"snapshot\":{\"a\":3}}", "line 2: snapshot of agent 3, of 0"},
		// A damaged line that is not the file's last: not a cut, an error.
		{"{\"format\":\"goap-recording\",\"version\":1}\n{oops\n", "line 2:"},
		{"{\"format\":\"goap-recording\",\"version\":2}\n{oops\n{\"tick\":1}", "line 2:"},
		// Lines of version 2 in a version-1 file, lines of no version.
		{"{\"format\":\"goap-recording\",\"version\":1}\n{\"tick\":1}\n", "line 2: neither an agent nor a snapshot"},
		{"{\"format\":\"goap-recording\",\"version\":2}\n{\"world\":{}}\n", "line 2: neither an agent nor a snapshot"},
	} {
		if _, err := debugger.ReadRecording(strings.NewReader(c.in)); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v, want %q", c.in, err, c.want)
		}
	}
	// The decoder's error stays behind the line number.
	_, err = debugger.ReadRecording(strings.NewReader("{\"format\":\"goap-recording\",\"version\":1}\n{oops\n"))
	var syntax *json.SyntaxError
	if !errors.As(err, &syntax) {
		t.Errorf("no *json.SyntaxError behind %v", err)
	}
}

// normalize makes empty and nil lists equal, as JSON does.
func normalize(s debugger.Snapshot) debugger.Snapshot {
	if len(s.Plan) == 0 {
		s.Plan = nil
	}
	if len(s.Changes) == 0 {
		s.Changes = nil
	}
	if len(s.Events) == 0 {
		s.Events = nil
	}
	for i := range s.Events {
		s.Events[i].Time = 0 // not in the JSON form
	}
	return s
}

// BenchmarkSnapshot measures a snapshot's cost and memory: the squad
// shooter's 8 agents, captured every tick.
func BenchmarkSnapshot(b *testing.B) {
	const ticks, size = 40, 64
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	rec, _ := run(b, "../examples/squad_orders.yaml", ticks, size, nil)
	runtime.GC()
	runtime.ReadMemStats(&after)
	n := 0
	for i := range rec.Recording().Agents {
		n += len(rec.Recording().Snapshots(i))
	}
	var buf bytes.Buffer
	run(b, "../examples/squad_orders.yaml", ticks, size, &buf)
	// The loop captures agents that have nothing new: the cost of a
	// capture that takes no snapshot (an inspection of each agent).
	for b.Loop() {
		rec.Capture()
	}
	b.ReportMetric(float64(buf.Len())/float64(n), "file-bytes/snapshot")
	b.ReportMetric(float64(after.HeapAlloc-before.HeapAlloc)/float64(n), "heap-bytes/snapshot")
	b.ReportMetric(float64(n), "snapshots")
}

// TestTrees: with Trees set, the snapshot of each plan carries its search
// tree, whose marked path is the plan's actions from the root.
func TestTrees(t *testing.T) {
	f, err := goapfile.Load("../examples/guard_sim.yaml")
	if err != nil {
		t.Fatal(err)
	}
	cfg := filetest.SimConfig(f)
	rec := debugger.NewRecorder(100)
	rec.Trees = true
	cfg.OnEvent = rec.OnEvent
	w, _ := sim.New(cfg)
	rec.Watch(w.Agents()...)
	for range 10 {
		w.Step()
		rec.Capture()
	}
	trees := 0
	for _, s := range rec.Recording().Snapshots(0) {
		if len(s.Tree) == 0 {
			continue
		}
		trees++
		var path []string
		for _, n := range s.Tree {
			if n.Path && n.Parent >= 0 {
				path = append(path, n.Action)
			}
		}
		if s.Tree[0].Parent != -1 || !s.Tree[0].Path || len(path) != len(s.Plan) {
			t.Errorf("tick %d: path %v, plan %v", s.Tick, path, s.Plan)
		}
	}
	if trees == 0 {
		t.Fatal("no tree recorded")
	}
}

// TestHandler: the page and its JSON: the agents and ticks, every agent's
// state at a tick, the tree of the current plan; the page's files load
// nothing from elsewhere; a recording cannot be controlled.
func TestHandler(t *testing.T) {
	f, err := goapfile.Load("../examples/room_clearing.yaml")
	if err != nil {
		t.Fatal(err)
	}
	cfg := filetest.SimConfig(f)
	rec := debugger.NewRecorder(100)
	rec.Trees = true
	cfg.OnEvent = rec.OnEvent
	w, _ := sim.New(cfg)
	rec.Watch(w.Agents()...)
	for range 10 {
		w.Step()
		rec.Capture()
	}
	srv := httptest.NewServer(debugger.Handler(rec, nil))
	defer srv.Close()
	get := func(path string, into any) int {
		r, err := http.Get(srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		defer r.Body.Close()
		body, _ := io.ReadAll(r.Body)
		if s, ok := into.(*string); ok {
			*s = string(body)
		} else if into != nil && r.StatusCode == 200 {
			if err := json.Unmarshal(body, into); err != nil {
				t.Fatalf("%s: %v", path, err)
			}
		}
		return r.StatusCode
	}
	var meta struct {
		Agents      []debugger.AgentInfo
		First, Last int
	}
	get("/api/meta", &meta)
	if len(meta.Agents) != 5 || meta.First != 1 || meta.Last < 7 {
		t.Fatalf("meta: %d agents, ticks %d..%d", len(meta.Agents), meta.First, meta.Last)
	}
	var st struct {
		Tick   int
		Agents []struct {
			Name     string
			Found    bool
			Snapshot debugger.Snapshot
			Belief   map[string]any
			Events   []struct{ Type, Text string }
			Tree     []debugger.SearchNode
		}
	}
	get("/api/state?tick=1", &st)
	leader := st.Agents[0]
	if leader.Name != "leader" || !leader.Found || leader.Snapshot.Goal != "SecureRoom" || len(leader.Tree) == 0 {
		t.Fatalf("leader at tick 1: %+v", leader)
	}
	issued := false
	for _, e := range leader.Events {
		issued = issued || e.Type == "order_issued" && strings.Contains(e.Text, "StackUp")
	}
	if !issued {
		t.Errorf("leader's events at tick 1: %+v", leader.Events)
	}
	if st.Agents[1].Belief["at"] != "post" {
		t.Errorf("u1 at tick 1 believes %v", st.Agents[1].Belief)
	}
	if code := get("/api/state?tick=x", nil); code != http.StatusBadRequest {
		t.Errorf("a bad tick: %d", code)
	}
	if code := get("/api/control?cmd=step", nil); code != http.StatusNotFound {
		t.Errorf("control of a recording: %d", code)
	}
	for _, file := range []string{"/", "/app.js", "/style.css"} {
		var body string
		if code := get(file, &body); code != 200 || len(body) < 100 {
			t.Fatalf("%s: %d, %d bytes", file, code, len(body))
		}
		body = strings.ReplaceAll(body, `"http://www.w3.org/2000/svg"`, "") // a name, not a load
		for _, ext := range []string{"http://", "https://", "//cdn", "@import", "url("} {
			if strings.Contains(body, ext) {
				t.Errorf("%s refers to %s: the page must load nothing from elsewhere", file, ext)
			}
		}
	}
}

// recordingOf streams an example's run for ticks, search trees kept, and
// returns the file's bytes and the recording read back whole.
func recordingOf(t *testing.T, file string, ticks int) ([]byte, *debugger.Recording) {
	t.Helper()
	var buf bytes.Buffer
	runTrees(t, file, ticks, 10000, &buf, true)
	rc, err := debugger.ReadRecording(bytes.NewReader(buf.Bytes()))
	if err != nil || rc.Cut != nil {
		t.Fatalf("the whole file: %v, cut %v", err, rc.Cut)
	}
	return buf.Bytes(), rc
}

// keptUpTo returns agent i's snapshots of ticks up to last.
func keptUpTo(rc *debugger.Recording, i, last int) []debugger.Snapshot {
	var out []debugger.Snapshot
	for _, s := range rc.Snapshots(i) {
		if s.Tick <= last {
			out = append(out, normalize(s))
		}
	}
	return out
}

// TestReadCut: a file cut anywhere (a killed goap sim --record) reads up
// to its last whole tick, never half of one, and Cut says which line and
// tick were left out. The squad shooter's 8 agents write several
// snapshots per tick, so cuts fall between two lines of a tick as well as
// inside lines.
func TestReadCut(t *testing.T) {
	data, whole := recordingOf(t, "../examples/squad_orders.yaml", 30)
	header := bytes.IndexByte(data, '\n') + 1
	// Every line's end and its neighbours, and every 997th byte.
	var cuts []int
	for i, b := range data {
		if b == '\n' || i%997 == 0 {
			cuts = append(cuts, i-1, i, i+1)
		}
	}
	for _, n := range cuts {
		if n < header || n > len(data) {
			continue
		}
		prefix := data[:n]
		rc, err := debugger.ReadRecording(bytes.NewReader(prefix))
		if err != nil {
			t.Fatalf("cut at byte %d: %v", n, err)
		}
		// The ticks closed by a whole {"tick":N} line are the ones kept;
		// the snapshots after the last of those lines are left out.
		// A last line that is whole JSON without its newline counts.
		closed, dropped, droppedTick := 0, 0, -1
		lines := bytes.Split(prefix, []byte("\n"))
		tail := lines[len(lines)-1]
		partial := len(tail) > 0 && !json.Valid(tail)
		for _, l := range lines {
			var v struct {
				Tick     *int
				Snapshot *struct{ T int }
				S        *struct{ T int }
			}
			if json.Unmarshal(l, &v) != nil {
				continue
			}
			switch {
			case v.Tick != nil:
				closed, dropped, droppedTick = *v.Tick, 0, -1
			case v.Snapshot != nil || v.S != nil:
				if v.S != nil {
					v.Snapshot = v.S
				}
				if dropped == 0 {
					droppedTick = v.Snapshot.T
				}
				dropped++
			}
		}
		last := closed
		for i := range rc.Agents {
			got, want := keptUpTo(rc, i, 1<<30), keptUpTo(whole, i, closed)
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("cut at byte %d (ticks up to %d closed): agent %d has %d snapshots, want %d", n, closed, i, len(got), len(want))
			}
			if len(got) > 0 {
				last = max(last, got[len(got)-1].Tick)
			}
		}
		read := len(lines) // lines read, the last one without its newline
		if len(tail) == 0 {
			read--
		}
		c := rc.Cut
		switch {
		case (c != nil) != (partial || dropped > 0):
			t.Fatalf("cut at byte %d (line %d, %d snapshots after tick %d): Cut %+v", n, read, dropped, closed, c)
		case c == nil:
		case c.Partial != partial || c.Line != read || c.Snapshots != dropped || c.Last != last:
			t.Fatalf("cut at byte %d (line %d, partial %v, %d snapshots dropped, last tick %d): Cut %+v", n, read, partial, dropped, last, c)
		case c.Tick != droppedTick:
			t.Fatalf("cut at byte %d: Cut %+v, want tick %d left out", n, c, droppedTick)
		}
	}
}

// TestReadCutSays: what Cut says of a cut mid-line and a cut mid-tick of
// the squad shooter's file: the line, the tick left out, the last kept.
func TestReadCutSays(t *testing.T) {
	data, _ := recordingOf(t, "../examples/squad_orders.yaml", 30)
	lines := bytes.SplitAfter(data, []byte("\n"))
	// The second snapshot line of tick 3: a tick of several snapshots.
	at := -1
	for i, l := range lines {
		if bytes.HasPrefix(l, []byte(`{"s":`)) && bytes.Contains(l, []byte(`"t":3,`)) &&
			bytes.HasPrefix(lines[i-1], []byte(`{"s":`)) {
			at = i
			break
		}
	}
	if at < 0 {
		t.Fatal("no tick 3 of two snapshots")
	}
	before := bytes.Join(lines[:at], nil)
	for _, c := range []struct {
		name string
		in   []byte
		want string
	}{
		{"mid-line", append(append([]byte{}, before...), lines[at][:20]...),
			fmt.Sprintf("the recording is cut short in line %d, in tick 3: tick 3 was half-written and is left out (1 snapshot); loaded up to tick 2", at+1)},
		{"mid-tick", before,
			fmt.Sprintf("the recording ends in the middle of tick 3 (line %d): tick 3 was half-written and is left out (1 snapshot); loaded up to tick 2", at)},
		{"mid-line, the tick's first", append(bytes.Join(lines[:at-1], nil), lines[at-1][:20]...),
			fmt.Sprintf("the recording is cut short in line %d, after tick 2: loaded up to tick 2", at)},
	} {
		rc, err := debugger.ReadRecording(bytes.NewReader(c.in))
		if err != nil || rc.Cut == nil {
			t.Fatalf("%s: %v, cut %v", c.name, err, rc.Cut)
		}
		if got := rc.Cut.String(); !strings.HasPrefix(got, c.want) {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
		if _, last := rc.Ticks(); last != 2 {
			t.Errorf("%s: ticks up to %d, want 2", c.name, last)
		}
	}
}

// TestReadVersion1: a version-1 file (no tick lines) reads as before; cut
// mid-line, its last tick seen is left out, as it may be half-written.
func TestReadVersion1(t *testing.T) {
	_, whole := recordingOf(t, "../examples/squad_orders.yaml", 30)
	data := debugger.FullLines(whole)
	var v1 []byte
	for i, l := range bytes.SplitAfter(data, []byte("\n")) {
		switch {
		case i == 0:
			v1 = append(v1, "{\"format\":\"goap-recording\",\"version\":1}\n"...)
		case !bytes.HasPrefix(l, []byte(`{"tick":`)):
			v1 = append(v1, l...)
		}
	}
	rc, err := debugger.ReadRecording(bytes.NewReader(v1))
	if err != nil || rc.Cut != nil {
		t.Fatalf("%v, cut %v", err, rc.Cut)
	}
	for i := range whole.Agents {
		if got, want := keptUpTo(rc, i, 1<<30), keptUpTo(whole, i, 1<<30); !reflect.DeepEqual(got, want) {
			t.Fatalf("agent %d: %d snapshots, want %d", i, len(got), len(want))
		}
	}
	// Cut in the middle of tick 3's second snapshot line.
	first := bytes.Index(v1, []byte(`"t":3,`))
	second := first + 1 + bytes.Index(v1[first+1:], []byte(`"t":3,`))
	rc, err = debugger.ReadRecording(bytes.NewReader(v1[:second]))
	if err != nil || rc.Cut == nil || !rc.Cut.Partial || rc.Cut.Tick != 3 || rc.Cut.Last != 2 {
		t.Fatalf("cut in tick 3: %v, cut %+v", err, rc.Cut)
	}
	for i := range whole.Agents {
		if got, want := keptUpTo(rc, i, 1<<30), keptUpTo(whole, i, 2); !reflect.DeepEqual(got, want) {
			t.Fatalf("agent %d: %d snapshots, want %d", i, len(got), len(want))
		}
	}
}

// fakeRun is a Controller that counts the commands it ran.
type fakeRun struct{ cmds []string }

func (f *fakeRun) Control(cmd string) bool {
	if cmd != "status" {
		f.cmds = append(f.cmds, cmd)
	}
	return true
}

// TestHandlerSafety: another web site cannot drive or read the page's
// server: the run is stepped on POST only, from the page's own origin,
// and only requests naming the server by a loopback name, an IP address
// or a host it was given are answered (DNS rebinding).
func TestHandlerSafety(t *testing.T) {
	rec, _ := run(t, "../examples/pirate_sim.yaml", 3, 100, nil)
	ctl := &fakeRun{}
	h := debugger.Handler(rec, ctl, "mybox.lan:8080")
	serve := func(method, target, host string, header map[string]string) *httptest.ResponseRecorder {
		r := httptest.NewRequest(method, target, nil)
		r.Host = host
		for k, v := range header {
			r.Header.Set(k, v)
		}
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		return w
	}
	for _, c := range []struct {
		name, method, target, host string
		header                     map[string]string
		code                       int
		ran                        bool
	}{
		{"GET steps nothing", "GET", "/api/control?cmd=step", "127.0.0.1:8080", nil, http.StatusMethodNotAllowed, false},
		{"POST from no page (curl)", "POST", "/api/control?cmd=step", "127.0.0.1:8080", nil, 200, true},
		{"POST from the page", "POST", "/api/control?cmd=step", "127.0.0.1:8080",
			map[string]string{"Origin": "http://127.0.0.1:8080", "Sec-Fetch-Site": "same-origin"}, 200, true},
		{"POST from another site", "POST", "/api/control?cmd=step", "127.0.0.1:8080",
			map[string]string{"Origin": "http://evil.example"}, http.StatusForbidden, false},
		{"POST from another port", "POST", "/api/control?cmd=step", "127.0.0.1:8080",
			map[string]string{"Origin": "http://127.0.0.1:9999"}, http.StatusForbidden, false},
		{"POST from a sandboxed page", "POST", "/api/control?cmd=step", "127.0.0.1:8080",
			map[string]string{"Origin": "null"}, http.StatusForbidden, false},
		{"POST cross-site, no Origin", "POST", "/api/control?cmd=step", "127.0.0.1:8080",
			map[string]string{"Sec-Fetch-Site": "cross-site"}, http.StatusForbidden, false},
		{"POST from the page by its LAN name", "POST", "/api/control?cmd=run", "mybox.lan:8080",
			map[string]string{"Origin": "http://mybox.lan:8080"}, 200, true},
		{"a rebound name", "POST", "/api/control?cmd=step", "evil.example:8080",
			map[string]string{"Origin": "http://evil.example:8080"}, http.StatusForbidden, false},
		{"a rebound name reads the state", "GET", "/api/state?tick=1", "evil.example:8080", nil, http.StatusForbidden, false},
		{"a rebound name reads the meta", "GET", "/api/meta", "evil.example", nil, http.StatusForbidden, false},
		{"a rebound name reads the page", "GET", "/", "evil.example", nil, http.StatusForbidden, false},
		{"localhost", "GET", "/api/meta", "localhost:8080", nil, 200, false},
		{"IPv6 loopback", "GET", "/api/meta", "[::1]:8080", nil, 200, false},
		{"a LAN address", "GET", "/api/meta", "192.168.1.20:8080", nil, 200, false},
		{"the host given, any case", "GET", "/api/meta", "MyBox.LAN:8080", nil, 200, false},
		{"a host not given", "GET", "/api/meta", "otherbox.lan:8080", nil, http.StatusForbidden, false},
		{"no Host (HTTP/1.0)", "GET", "/api/meta", "", nil, 200, false},
	} {
		before := len(ctl.cmds)
		w := serve(c.method, c.target, c.host, c.header)
		if w.Code != c.code || (len(ctl.cmds) > before) != c.ran {
			t.Errorf("%s: %d, ran %v; want %d, ran %v (%s)", c.name, w.Code, len(ctl.cmds) > before, c.code, c.ran, strings.TrimSpace(w.Body.String()))
		}
		if c.code == http.StatusMethodNotAllowed && w.Header().Get("Allow") != "POST" {
			t.Errorf("%s: Allow %q", c.name, w.Header().Get("Allow"))
		}
	}
	// Without hosts, only loopback names and addresses.
	r := httptest.NewRequest("GET", "/api/meta", nil)
	r.Host = "mybox.lan:8080"
	w := httptest.NewRecorder()
	debugger.Handler(rec, nil).ServeHTTP(w, r)
	if w.Code != http.StatusForbidden || !strings.Contains(w.Body.String(), "--addr") {
		t.Errorf("a LAN name not given: %d %s", w.Code, w.Body.String())
	}
}

// stateTree is an agent's search tree at a tick as /api/state gives it:
// the plan's path and the tick the plan was made.
func stateTree(t *testing.T, h http.Handler, tick int) (path []string, made int) {
	t.Helper()
	r := httptest.NewRequest("GET", fmt.Sprintf("/api/state?tick=%d", tick), nil)
	r.Host = "127.0.0.1"
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	var st struct {
		Agents []struct {
			Tree     []debugger.SearchNode
			TreeTick int `json:"tree_tick"`
		}
	}
	if err := json.Unmarshal(w.Body.Bytes(), &st); err != nil || len(st.Agents) == 0 {
		t.Fatalf("tick %d: %v: %s", tick, err, w.Body.String())
	}
	for _, n := range st.Agents[0].Tree {
		if n.Path && n.Parent >= 0 {
			path = append(path, n.Action)
		}
	}
	return path, st.Agents[0].TreeTick
}

// TestPlanTree: the search tree shown at a tick is the one that made the
// agent's current plan: at tick 12 of pirate_sim, the replan of tick 8
// (not the first plan, abandoned at tick 8); none once the pirate has no
// plan; none when the snapshot that made the plan kept no tree, rather
// than an older plan's.
func TestPlanTree(t *testing.T) {
	data, rc := recordingOf(t, "../examples/pirate_sim.yaml", 40)
	h := debugger.Handler(rc, nil)
	for _, c := range []struct {
		tick, made int
		path       string
	}{
		{1, 1, "[StealRum DrinkRum]"},
		{7, 1, "[StealRum DrinkRum]"},
		{8, 8, "[CollectMolasses BrewRum DrinkRum]"},
		{12, 8, "[CollectMolasses BrewRum DrinkRum]"},
		{29, 8, "[CollectMolasses BrewRum DrinkRum]"},
		{30, 0, "[]"}, // the goal reached, no plan
		{40, 0, "[]"},
	} {
		if path, made := stateTree(t, h, c.tick); fmt.Sprint(path) != c.path || made != c.made {
			t.Errorf("tick %d: tree of the plan made at %d, path %v; want %d, %s", c.tick, made, path, c.made, c.path)
		}
	}
	// The same file, its replan's tree not kept.
	var cut bytes.Buffer
	for _, l := range bytes.SplitAfter(data, []byte("\n")) {
		if bytes.Contains(l, []byte(`"t":8,`)) {
			var v map[string]map[string]any
			if err := json.Unmarshal(l, &v); err != nil {
				t.Fatal(err)
			}
			delete(v["s"], "tr")
			l, _ = json.Marshal(v)
			l = append(l, '\n')
		}
		cut.Write(l)
	}
	rc, err := debugger.ReadRecording(&cut)
	if err != nil {
		t.Fatal(err)
	}
	if path, made := stateTree(t, debugger.Handler(rc, nil), 12); path != nil || made != 8 {
		t.Errorf("tick 12, the replan's tree not kept: the tree of tick %d, path %v; want none, of the plan made at 8", made, path)
	}
}

// TestHandlerEmpty: a recording holding its header only (with or without
// its agents: the run was stopped before its first tick) is served as
// empty lists the page can show, not nulls.
func TestHandlerEmpty(t *testing.T) {
	data, _ := recordingOf(t, "../examples/pirate_sim.yaml", 3)
	lines := bytes.SplitAfter(data, []byte("\n"))
	for _, in := range [][]byte{lines[0], bytes.Join(lines[:2], nil)} {
		rc, err := debugger.ReadRecording(bytes.NewReader(in))
		if err != nil {
			t.Fatal(err)
		}
		h := debugger.Handler(rc, nil)
		for path, want := range map[string]string{
			"/api/meta":         `"first":0,"last":0,"empty":true,`,
			"/api/state?tick=0": `{"tick":0,"agents":[`,
		} {
			r := httptest.NewRequest("GET", path, nil)
			r.Host = "localhost"
			w := httptest.NewRecorder()
			h.ServeHTTP(w, r)
			if body := w.Body.String(); w.Code != 200 || !strings.Contains(body, want) || strings.Contains(body, "null") {
				t.Errorf("%d lines, %s: %d %s, want %s and no null", bytes.Count(in, []byte("\n")), path, w.Code, body, want)
			}
		}
	}
}

// TestHandlerNoPlanWhy: the guard of guard_sim finds no plan at tick 11;
// the page's state gives the no_plan event's explanation apart from its
// text, from the live recorder and from a recording read back.
func TestHandlerNoPlanWhy(t *testing.T) {
	var out bytes.Buffer
	rec, _ := run(t, "../examples/guard_sim.yaml", 12, 100, &out)
	read, err := debugger.ReadRecording(&out)
	if err != nil {
		t.Fatal(err)
	}
	const why = "threat_removed is unreachable: Attack needs loaded; loaded: LoadWeapon needs has_ammo; " +
		"has_ammo: the actions that set it (FindAmmo) are excluded or ruled out by their context checks"
	for name, src := range map[string]debugger.Source{"recorder": rec, "read back": read} {
		srv := httptest.NewServer(debugger.Handler(src, nil))
		r, err := http.Get(srv.URL + "/api/state?tick=11")
		if err != nil {
			t.Fatal(err)
		}
		var st struct {
			Agents []struct {
				Events []struct{ Type, Text, Why string }
			}
		}
		err = json.NewDecoder(r.Body).Decode(&st)
		r.Body.Close()
		srv.Close()
		if err != nil {
			t.Fatal(err)
		}
		found := false
		for _, e := range st.Agents[0].Events {
			switch {
			case e.Type == "no_plan":
				found = true
				if e.Why != why || e.Text != "no_plan KillEnemy: no plan exists (retry at 21)" {
					t.Errorf("%s: no_plan text %q, why %q", name, e.Text, e.Why)
				}
			case e.Why != "":
				t.Errorf("%s: %s event has why %q", name, e.Type, e.Why)
			}
		}
		if !found {
			t.Errorf("%s: no no_plan event at tick 11: %+v", name, st.Agents[0].Events)
		}
	}
}

// TestRingGrows: a ring holds what the run took, not its size from the
// start: a recorder of 10^11 snapshots per agent records a short run
// (it used to allocate them all when it watched an agent, and died out of
// memory), and keeps every snapshot as a ring of 10,000 does.
func TestRingGrows(t *testing.T) {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	huge, _ := run(t, "../examples/room_clearing.yaml", 20, 100_000_000_000, nil)
	runtime.ReadMemStats(&after)
	full, _ := run(t, "../examples/room_clearing.yaml", 20, 10000, nil)
	for i := range full.Recording().Agents {
		a, b := huge.Recording().Snapshots(i), full.Recording().Snapshots(i)
		if len(a) == 0 || !reflect.DeepEqual(a, b) {
			t.Errorf("agent %d: %d snapshots, want the %d of a ring of 10,000", i, len(a), len(b))
		}
	}
	if grew := after.TotalAlloc - before.TotalAlloc; grew > 64<<20 {
		t.Errorf("recording 20 ticks allocated %d bytes", grew)
	}
}

// TestMarkers: /api/markers lists the ticks with events, each with the
// mask of its event types, for every agent or the agents asked for.
func TestMarkers(t *testing.T) {
	rec, _ := run(t, "../examples/room_clearing.yaml", 20, 1000, nil)
	get := func(query string) (types []string, ticks map[int][]string) {
		r := httptest.NewRequest("GET", "/api/markers"+query, nil)
		r.Host = "127.0.0.1"
		w := httptest.NewRecorder()
		debugger.Handler(rec, nil).ServeHTTP(w, r)
		var m struct {
			Types []string
			Ticks [][2]int
		}
		if err := json.Unmarshal(w.Body.Bytes(), &m); err != nil {
			t.Fatalf("%s: %v: %s", query, err, w.Body.String())
		}
		ticks = map[int][]string{}
		prev := -1
		for _, tm := range m.Ticks {
			if tm[0] <= prev {
				t.Errorf("%s: tick %d after %d", query, tm[0], prev)
			}
			prev = tm[0]
			for i, name := range m.Types {
				if tm[1]&(1<<i) != 0 {
					ticks[tm[0]] = append(ticks[tm[0]], name)
				}
			}
		}
		return m.Types, ticks
	}
	// What the recording holds, by agent, to compare with.
	want := func(names ...string) map[int]map[string]bool {
		w := map[int]map[string]bool{}
		rc := rec.Recording()
		for i, a := range rc.Agents {
			if len(names) > 0 && !slices.Contains(names, a.Name) {
				continue
			}
			for _, s := range rc.Snapshots(i) {
				for _, e := range s.Events {
					if w[s.Tick] == nil {
						w[s.Tick] = map[string]bool{}
					}
					w[s.Tick][e.Type.String()] = true
				}
			}
		}
		return w
	}
	for _, c := range []struct {
		query string
		names []string
	}{{"", nil}, {"?agent=leader", []string{"leader"}}, {"?agent=u1&agent=u3&agent=nemo", []string{"u1", "u3"}}} {
		types, got := get(c.query)
		if types[1] != "goal_chosen" || !slices.Contains(types, "report") {
			t.Errorf("types %v", types)
		}
		w := want(c.names...)
		if len(got) != len(w) || len(w) == 0 {
			t.Errorf("%q: %d ticks with markers, want %d", c.query, len(got), len(w))
		}
		for tick, names := range got {
			if len(names) != len(w[tick]) {
				t.Errorf("%q: tick %d: %v, want %v", c.query, tick, names, w[tick])
			}
			for _, n := range names {
				if !w[tick][n] {
					t.Errorf("%q: tick %d: %s not in the recording", c.query, tick, n)
				}
			}
		}
	}
	_, leader := get("?agent=leader")
	_, all := get("")
	if !slices.Contains(leader[1], "order_issued") || slices.Contains(leader[1], "report") || !slices.Contains(all[1], "report") {
		t.Errorf("tick 1: the leader's %v, everyone's %v", leader[1], all[1])
	}
}

// TestTreeCut: a search larger than MaxTreeNodes is kept cut to its
// first MaxTreeNodes nodes plus the plan's whole path, and says how
// large it was; the page's state carries both.
func TestTreeCut(t *testing.T) {
	rec, _ := runTrees(t, "testdata/big_tree.yaml", 1, 10, nil, true)
	s := rec.Recording().Snapshots(0)[0]
	if len(s.Plan) < 18 || s.TreeTotal <= debugger.MaxTreeNodes {
		t.Fatalf("plan %v, %d nodes kept of a search of %d: want 2n steps, more than %d nodes", s.Plan, len(s.Tree), s.TreeTotal, debugger.MaxTreeNodes)
	}
	t.Logf("%d nodes kept of %d", len(s.Tree), s.TreeTotal)
	var path []string
	beyond := 0
	for i, n := range s.Tree {
		if n.Parent >= i || (i > 0) != (n.Parent >= 0) {
			t.Fatalf("node %d: parent %d", i, n.Parent)
		}
		if i >= debugger.MaxTreeNodes {
			beyond++
			if !n.Path {
				t.Errorf("node %d beyond the cut is not on the path", i)
			}
		}
		if n.Path {
			if n.Parent >= 0 && !s.Tree[n.Parent].Path {
				t.Errorf("path node %d under node %d, not on the path", i, n.Parent)
			}
			if n.Parent >= 0 {
				path = append(path, n.Action)
			}
		}
	}
	if !slices.Equal(path, s.Plan) || beyond == 0 || len(s.Tree) != debugger.MaxTreeNodes+beyond {
		t.Errorf("%d nodes (%d beyond the cut): path %v, plan %v", len(s.Tree), beyond, path, s.Plan)
	}
	// api/state: the tree as kept, the search's size, the tick.
	r := httptest.NewRequest("GET", "/api/state?tick=1", nil)
	r.Host = "127.0.0.1"
	w := httptest.NewRecorder()
	debugger.Handler(rec, nil).ServeHTTP(w, r)
	var st struct {
		Agents []struct {
			Tree      []debugger.SearchNode
			TreeTick  int   `json:"tree_tick"`
			TreeTotal int32 `json:"tree_total"`
			Snapshot  map[string]any
		}
	}
	if err := json.Unmarshal(w.Body.Bytes(), &st); err != nil || len(st.Agents) != 1 {
		t.Fatalf("%v: %.200s", err, w.Body.String())
	}
	a := st.Agents[0]
	if len(a.Tree) != len(s.Tree) || a.TreeTotal != s.TreeTotal || a.TreeTick != 1 || a.Snapshot["tree_total"] != nil {
		t.Errorf("api/state: %d nodes of %d made at %d, snapshot's tree_total %v; want %d of %d at 1", len(a.Tree), a.TreeTotal, a.TreeTick, a.Snapshot["tree_total"], len(s.Tree), s.TreeTotal)
	}
}

// TestLeanLines: a recording's snapshot lines say only what changed since
// the agent's previous one and refer to the events, goal scores and trees
// written before: on the squad shooter the file is under half the
// same recording in whole snapshot lines, and both read back into the
// same snapshots, trees and all. Lean lines are refused in a version-1
// file, and one referring to a part never written is an error.
func TestLeanLines(t *testing.T) {
	data, rc := recordingOf(t, "../examples/squad_orders.yaml", 40)
	full := debugger.FullLines(rc)
	if 2*len(data) > len(full) {
		t.Errorf("lean file %d bytes, whole snapshot lines %d: want under half", len(data), len(full))
	}
	again, err := debugger.ReadRecording(bytes.NewReader(full))
	if err != nil || again.Cut != nil {
		t.Fatalf("whole snapshot lines (version 2 before lean lines): %v, cut %v", err, again.Cut)
	}
	trees := 0
	for i := range rc.Agents {
		a, b := keptUpTo(rc, i, 1<<30), keptUpTo(again, i, 1<<30)
		if !reflect.DeepEqual(a, b) {
			t.Fatalf("agent %d: lean and whole lines read differently", i)
		}
		for _, s := range a {
			if len(s.Tree) > 0 {
				trees++
				if s.Tree[0].Label == "" || !s.Tree[0].Path {
					t.Fatalf("agent %d tick %d: tree root %+v", i, s.Tick, s.Tree[0])
				}
			}
		}
	}
	if trees == 0 {
		t.Fatal("no tree read")
	}
	for _, c := range []struct{ in, want string }{
		{"{\"format\":\"goap-recording\",\"version\":1}\n{\"s\":{\"a\":0,\"t\":1}}\n", "line 2: neither an agent nor a snapshot"},
		{"{\"format\":\"goap-recording\",\"version\":2}\n{\"agent\":{\"name\":\"a\",\"facts\":[],\"actions\":[]}}\n{\"s\":{\"a\":0,\"t\":1}}\n", "line 3: the agent's first snapshot leaves out"},
		{"{\"format\":\"goap-recording\",\"version\":2}\n{\"agent\":{\"name\":\"a\",\"facts\":[],\"actions\":[]}}\n{\"s\":{\"a\":0,\"t\":1,\"ph\":\"idle\",\"p\":[],\"gs\":[],\"n\":[0,0,0,0,0,0],\"e#\":0}}\n", "line 3: events #0 not written before"},
		{"{\"format\":\"goap-recording\",\"version\":2}\n{\"agent\":{\"name\":\"a\",\"facts\":[],\"actions\":[]}}\n{\"s\":{\"a\":0,\"t\":1,\"ph\":\"idle\",\"p\":[3],\"gs\":[],\"n\":[0,0,0,0,0,0]}}\n", "line 3: plan step of action 3, of 0"},
	} {
		if _, err := debugger.ReadRecording(strings.NewReader(c.in)); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v, want %q", c.in, err, c.want)
		}
	}
}

// TestReadGzip: a gzip-compressed recording reads as the plain one, known
// by its bytes; cut anywhere, it reads up to a whole tick with Cut set,
// never half a tick; ReadRecordingMax counts its bytes decompressed.
func TestReadGzip(t *testing.T) {
	data, whole := recordingOf(t, "../examples/squad_orders.yaml", 30)
	var zb bytes.Buffer
	zw := gzip.NewWriter(&zb)
	zw.Write(data)
	zw.Close()
	gz := zb.Bytes()
	rc, err := debugger.ReadRecording(bytes.NewReader(gz))
	if err != nil || rc.Cut != nil {
		t.Fatalf("%v, cut %v", err, rc.Cut)
	}
	for i := range whole.Agents {
		if !reflect.DeepEqual(keptUpTo(rc, i, 1<<30), keptUpTo(whole, i, 1<<30)) {
			t.Fatalf("agent %d differs read from gzip", i)
		}
	}
	cuts := 0
	for n := 20; n < len(gz)-8; n += 37 {
		rc, err := debugger.ReadRecording(bytes.NewReader(gz[:n]))
		if err != nil {
			if strings.Contains(err.Error(), "empty recording") || strings.Contains(err.Error(), "line 1:") {
				continue // cut in the first line, as a plain file would be
			}
			t.Fatalf("gzip cut at byte %d of %d: %v", n, len(gz), err)
		}
		if rc.Cut == nil {
			t.Fatalf("gzip cut at byte %d of %d: no Cut", n, len(gz))
		}
		cuts++
		for i := range rc.Agents {
			if got, want := keptUpTo(rc, i, 1<<30), keptUpTo(whole, i, rc.Cut.Last); !reflect.DeepEqual(got, want) {
				t.Fatalf("gzip cut at byte %d: agent %d has %d snapshots, want %d (up to tick %d)", n, i, len(got), len(want), rc.Cut.Last)
			}
		}
	}
	if cuts == 0 {
		t.Fatal("no cut read")
	}
	for _, c := range []struct {
		in  []byte
		max int64
		big bool
	}{
		{gz, int64(len(data)), false}, {gz, int64(len(data)) - 1, true}, {gz, int64(len(gz)) + 1, true},
		{data, int64(len(data)), false}, {data, int64(len(data)) - 1, true},
	} {
		_, err := debugger.ReadRecordingMax(bytes.NewReader(c.in), c.max)
		if errors.Is(err, debugger.ErrTooLarge) != c.big || (!c.big && err != nil) {
			t.Errorf("%d bytes (%d decompressed) under %d: %v", len(c.in), len(data), c.max, err)
		}
	}
}

// TestRecordMaxBytes: a recorder's stream stops before it passes
// MaxBytes, at a whole tick, and says so; the file reads whole.
func TestRecordMaxBytes(t *testing.T) {
	full, _ := recordingOf(t, "../examples/squad_orders.yaml", 30)
	// Limits between the end of tick 1 (the biggest: every agent's first
	// snapshot and search tree) and the whole file, and past it.
	first := int64(bytes.Index(full, []byte("{\"tick\":1}\n")) + len("{\"tick\":1}\n"))
	rest := int64(len(full)) - first
	for _, limit := range []int64{first + rest/2, first + rest*3/4, int64(len(full)) + 1} {
		w, rec := newSim(t, "../examples/squad_orders.yaml", 1, false)
		rec.Trees, rec.MaxBytes = true, limit
		var buf bytes.Buffer
		rec.Stream(&buf)
		for w.Tick() < 30 {
			w.Step()
			rec.Capture()
		}
		if err := rec.Flush(); err != nil {
			t.Fatal(err)
		}
		last, stopped := rec.Full()
		if int64(buf.Len()) > limit || stopped != (limit < int64(len(full))) {
			t.Fatalf("limit %d: %d bytes written, full %v", limit, buf.Len(), stopped)
		}
		rc, err := debugger.ReadRecording(&buf)
		if err != nil || rc.Cut != nil {
			t.Fatalf("limit %d: %v, cut %v", limit, err, rc.Cut)
		}
		if _, l := rc.Ticks(); l != last || (stopped && (last < 1 || last >= 30)) {
			t.Errorf("limit %d: ticks up to %d read, Full says %d", limit, l, last)
		}
	}
}

// TestHandlerBrief: /api/state?agent=NAME gives that agent as the whole
// answer does and every other agent summed up (tick, phase, goal and the
// tick's events), in a fraction of the bytes.
func TestHandlerBrief(t *testing.T) {
	_, rc := recordingOf(t, "../examples/squad_orders.yaml", 30)
	h := debugger.Handler(rc, nil)
	get := func(url string) ([]byte, map[string]any) {
		w := httptest.NewRecorder()
		h.ServeHTTP(w, httptest.NewRequest("GET", "http://127.0.0.1"+url, nil))
		var st struct{ Agents []map[string]any }
		if err := json.Unmarshal(w.Body.Bytes(), &st); err != nil || w.Code != 200 {
			t.Fatalf("%s: %d %v", url, w.Code, err)
		}
		m := map[string]any{}
		for _, a := range st.Agents {
			m[a["name"].(string)] = a
		}
		return w.Body.Bytes(), m
	}
	for _, tick := range []int{1, 8, 20} {
		fullBody, full := get(fmt.Sprintf("/api/state?tick=%d", tick))
		briefBody, brief := get(fmt.Sprintf("/api/state?tick=%d&agent=b2", tick))
		if 2*len(briefBody) > len(fullBody) {
			t.Errorf("tick %d: %d bytes with agent=b2, %d whole: want under half", tick, len(briefBody), len(fullBody))
		}
		if !reflect.DeepEqual(brief["b2"], full["b2"]) {
			t.Errorf("tick %d: b2 differs:\n%v\n%v", tick, brief["b2"], full["b2"])
		}
		for name, a := range brief {
			if name == "b2" {
				continue
			}
			f := full[name].(map[string]any)
			b := a.(map[string]any)
			fs, bs := f["snapshot"].(map[string]any), b["snapshot"].(map[string]any)
			if b["belief"] != nil || b["tree"] != nil || b["changed"] != nil || len(bs) > 3 ||
				bs["phase"] != fs["phase"] || bs["goal"] != fs["goal"] || bs["t"] != fs["t"] || !reflect.DeepEqual(b["events"], f["events"]) {
				t.Errorf("tick %d: %s summed up as %v; whole %v", tick, name, b, f)
			}
		}
	}
}

// TestWorldChanges: the world's changes (the pirate's scripted event at
// tick 5, and his actions' effects on world facts) are recorded, read
// back from the file, served at their tick (/api/state's world,
// /api/meta's world_ticks), refused in a version-1 file, and dropped
// with the tick they belong to when the file is cut before its tick line.
func TestWorldChanges(t *testing.T) {
	w, rec := newSim(t, "../examples/pirate_sim.yaml", 100, true)
	var buf bytes.Buffer
	rec.Stream(&buf)
	for w.Tick() < 40 {
		w.Step()
		rec.Capture()
	}
	if err := rec.Flush(); err != nil {
		t.Fatal(err)
	}
	want := []string{
		"5 world  bottle_available=false [bottle_available=false]",
		"18 pirate CollectMolasses  [has_molasses=true]",
		"28 pirate BrewRum  [has_molasses=false has_rum=true]",
		"30 pirate DrinkRum  [drunk=true has_rum=false]",
	}
	show := func(cs []debugger.WorldChange) []string {
		var out []string
		for _, c := range cs {
			var facts []string
			for _, f := range c.Facts {
				facts = append(facts, fmt.Sprintf("%s=%v", f.Fact, f.Value))
			}
			out = append(out, fmt.Sprintf("%d %s %s %s [%s]", c.Tick, c.By, c.Action, c.Text, strings.Join(facts, " ")))
		}
		return out
	}
	if got := show(rec.Recording().World(0, 100)); !reflect.DeepEqual(got, want) {
		t.Fatalf("live: %q\nwant %q", got, want)
	}
	rc, err := debugger.ReadRecording(bytes.NewReader(buf.Bytes()))
	if err != nil || rc.Cut != nil {
		t.Fatalf("%v, cut %v", err, rc.Cut)
	}
	if got := show(rc.World(0, 100)); !reflect.DeepEqual(got, want) {
		t.Fatalf("read: %q\nwant %q", got, want)
	}
	if got := show(rc.World(6, 28)); !reflect.DeepEqual(got, want[1:3]) {
		t.Errorf("ticks 6..28: %q", got)
	}
	h := debugger.Handler(rc, nil)
	for url, want := range map[string]string{
		"/api/state?tick=5&agent=pirate": `"world":[{"t":5,"by":"world","text":"bottle_available=false","facts":[{"fact":"bottle_available","value":false}]}]`,
		"/api/state?tick=6":              `"world":[]`,
		"/api/meta":                      `"world_ticks":[5,18,28,30]`,
	} {
		w := httptest.NewRecorder()
		h.ServeHTTP(w, httptest.NewRequest("GET", "http://127.0.0.1"+url, nil))
		if !strings.Contains(w.Body.String(), want) {
			t.Errorf("%s: %s\nwant %s", url, w.Body.String(), want)
		}
	}
	// Cut after tick 5's world line, before its tick line.
	data := buf.Bytes()
	k := bytes.Index(data, []byte(`{"w":{"t":5,`))
	k += bytes.IndexByte(data[k:], '\n') + 1
	rc, err = debugger.ReadRecording(bytes.NewReader(data[:k]))
	if err != nil || rc.Cut == nil || rc.Cut.Tick != 5 || len(rc.World(0, 100)) != 0 {
		t.Errorf("cut after tick 5's world line: %v, cut %+v, world %v", err, rc.Cut, rc.World(0, 100))
	}
	lines := bytes.SplitAfter(data, []byte("\n"))
	world := data[bytes.Index(data, []byte(`{"w":{"t":5,`)):k]
	v1 := append(append([]byte("{\"format\":\"goap-recording\",\"version\":1}\n"), lines[1]...), world...)
	if _, err := debugger.ReadRecording(bytes.NewReader(v1)); err == nil || !strings.Contains(err.Error(), "line 3: neither an agent nor a snapshot") {
		t.Errorf("a world line in a version-1 file: %v", err)
	}
}

// TestWholeLinesShare: read from whole snapshot lines, equal trees share
// their memory, and so do a snapshot's plan and goal scores with its
// agent's previous snapshot when equal (a 195 MB file took 386 MB).
func TestWholeLinesShare(t *testing.T) {
	_, rc := recordingOf(t, "../examples/squad_orders.yaml", 40)
	read, err := debugger.ReadRecording(bytes.NewReader(debugger.FullLines(rc)))
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]*debugger.SearchNode{}
	trees, goals, plans := 0, 0, 0
	for i := range read.Agents {
		snaps := read.Snapshots(i)
		for k, s := range snaps {
			if len(s.Tree) > 0 {
				key := fmt.Sprint(s.Tree)
				if p, ok := seen[key]; ok {
					if p != &s.Tree[0] {
						t.Fatalf("agent %d tick %d: an equal tree read before is not shared", i, s.Tick)
					}
					trees++
				}
				seen[key] = &s.Tree[0]
			}
			if k == 0 {
				continue
			}
			prev := snaps[k-1]
			if len(s.Goals) > 0 && reflect.DeepEqual(s.Goals, prev.Goals) {
				if &s.Goals[0] != &prev.Goals[0] {
					t.Fatalf("agent %d tick %d: goal scores equal to the previous ones not shared", i, s.Tick)
				}
				goals++
			}
			if len(s.Plan) > 0 && reflect.DeepEqual(s.Plan, prev.Plan) {
				if &s.Plan[0] != &prev.Plan[0] {
					t.Fatalf("agent %d tick %d: plan equal to the previous one not shared", i, s.Tick)
				}
				plans++
			}
		}
	}
	if trees == 0 || goals == 0 || plans == 0 {
		t.Errorf("shared: %d trees, %d goal scores, %d plans; want some of each", trees, goals, plans)
	}
}

// TestHandlerCompare: /api/compare gives the facts an agent believed
// differently at two ticks, and refuses bad ticks and unknown agents.
func TestHandlerCompare(t *testing.T) {
	rec, _ := run(t, "../examples/pirate_sim.yaml", 40, 100, nil)
	srv := httptest.NewServer(debugger.Handler(rec, nil))
	defer srv.Close()
	get := func(query string) (int, string) {
		r, err := http.Get(srv.URL + "/api/compare?" + query)
		if err != nil {
			t.Fatal(err)
		}
		defer r.Body.Close()
		b, _ := io.ReadAll(r.Body)
		return r.StatusCode, string(b)
	}
	want, err := rec.Recording().Compare("pirate", 1, 40)
	if err != nil || len(want) == 0 {
		t.Fatalf("Compare: %v, %v", want, err)
	}
	code, body := get("agent=pirate&from=1&to=40")
	if code != http.StatusOK || !strings.Contains(body, `"fact":"`+want[0].Fact+`"`) || !strings.Contains(body, `"before":`) {
		t.Errorf("compare 1 with 40: %d %s, want %v", code, body, want)
	}
	if code, body := get("agent=pirate&from=1&to=1"); code != http.StatusOK || strings.TrimSpace(body) != "[]" {
		t.Errorf("compare 1 with 1: %d %s, want []", code, body)
	}
	if code, _ := get("agent=pirate&from=x&to=1"); code != http.StatusBadRequest {
		t.Errorf("bad tick: %d, want 400", code)
	}
	if code, _ := get("agent=nobody&from=1&to=2"); code != http.StatusNotFound {
		t.Errorf("unknown agent: %d, want 404", code)
	}
}

// ctlOnly is a Controller that cannot change the world; setter can.
type ctlOnly struct{}

func (ctlOnly) Control(string) bool { return true }

type setter struct {
	ctlOnly
	got []string
}

func (s *setter) SetWorld(fact, value string) error {
	if value == "bad" {
		return errors.New("bad value")
	}
	s.got = append(s.got, fact+"="+value)
	return nil
}

// TestHandlerSetWorld: api/control?cmd=set reaches a WorldSetter with the
// fact and value, says a refusal, and is not offered by a Controller that
// cannot change the world.
func TestHandlerSetWorld(t *testing.T) {
	rec, _ := run(t, "../examples/pirate_sim.yaml", 2, 100, nil)
	post := func(ctl debugger.Controller, query string) (int, string) {
		srv := httptest.NewServer(debugger.Handler(rec, ctl))
		defer srv.Close()
		r, err := http.Post(srv.URL+"/api/control?"+query, "", nil)
		if err != nil {
			t.Fatal(err)
		}
		defer r.Body.Close()
		b, _ := io.ReadAll(r.Body)
		return r.StatusCode, strings.TrimSpace(string(b))
	}
	s := &setter{}
	if code, body := post(s, "cmd=set&fact=lawful&value=true"); code != http.StatusOK || len(s.got) != 1 || s.got[0] != "lawful=true" {
		t.Errorf("set: %d %s, got %v", code, body, s.got)
	}
	if code, body := post(s, "cmd=set&fact=lawful&value=bad"); code != http.StatusBadRequest || body != "bad value" {
		t.Errorf("refused: %d %q", code, body)
	}
	if code, _ := post(ctlOnly{}, "cmd=set&fact=lawful&value=true"); code != http.StatusNotImplemented {
		t.Errorf("a Controller without SetWorld: %d, want 501", code)
	}
}

// TestHandlerOldPlan: at pirate_sim's replan (tick 8: the bottle is gone,
// StealRum's plan gives way to brewing) the state gives the plan that was
// replaced; at a tick without a new plan, none.
func TestHandlerOldPlan(t *testing.T) {
	rec, _ := run(t, "../examples/pirate_sim.yaml", 12, 100, nil)
	srv := httptest.NewServer(debugger.Handler(rec, nil))
	defer srv.Close()
	oldPlan := func(tick int) []string {
		r, err := http.Get(fmt.Sprintf("%s/api/state?tick=%d", srv.URL, tick))
		if err != nil {
			t.Fatal(err)
		}
		defer r.Body.Close()
		var st struct {
			Agents []struct {
				OldPlan []string `json:"old_plan"`
			}
		}
		if err := json.NewDecoder(r.Body).Decode(&st); err != nil {
			t.Fatal(err)
		}
		return st.Agents[0].OldPlan
	}
	if got := oldPlan(8); len(got) == 0 || got[0] != "StealRum" {
		t.Errorf("tick 8: old plan %v, want the StealRum plan", got)
	}
	for _, tick := range []int{1, 5, 12} {
		if got := oldPlan(tick); got != nil {
			t.Errorf("tick %d: old plan %v, want none", tick, got)
		}
	}
}

// TestHandlerGoals: /api/goals gives the goals an agent pursued over the
// ticks, as runs; guard_sim's guard pursues KillEnemy, falls back on
// Flee when it finds no plan (tick 11), and pursues none from tick 19.
func TestHandlerGoals(t *testing.T) {
	rec, _ := run(t, "../examples/guard_sim.yaml", 24, 100, nil)
	srv := httptest.NewServer(debugger.Handler(rec, nil))
	defer srv.Close()
	get := func(agent string) (l struct {
		Goals []string
		Runs  [][2]int
	}) {
		r, err := http.Get(srv.URL + "/api/goals?agent=" + agent)
		if err != nil {
			t.Fatal(err)
		}
		defer r.Body.Close()
		if err := json.NewDecoder(r.Body).Decode(&l); err != nil {
			t.Fatal(err)
		}
		return l
	}
	l := get("guard")
	if !slices.Equal(l.Goals, []string{"KillEnemy", "Flee"}) || !slices.Equal(l.Runs, [][2]int{{1, 0}, {11, 1}, {19, -1}}) {
		t.Errorf("guard's lane: goals %v, runs %v; want KillEnemy from 1, Flee from 11, none from 19", l.Goals, l.Runs)
	}
	if l := get("nobody"); len(l.Goals) != 0 || len(l.Runs) != 0 {
		t.Errorf("unknown agent: %+v", l)
	}
}

// TestHandlerNoPlanWhyLater: a goal waiting for a retry after its search
// found no plan says why on the later ticks too (guard_sim: KillEnemy
// finds no plan at tick 11 and waits until 21).
func TestHandlerNoPlanWhyLater(t *testing.T) {
	rec, _ := run(t, "../examples/guard_sim.yaml", 20, 100, nil)
	srv := httptest.NewServer(debugger.Handler(rec, nil))
	defer srv.Close()
	whyAt := func(tick int) map[string]string {
		r, err := http.Get(fmt.Sprintf("%s/api/state?tick=%d", srv.URL, tick))
		if err != nil {
			t.Fatal(err)
		}
		defer r.Body.Close()
		var st struct {
			Agents []struct {
				NoPlanWhy map[string]string `json:"no_plan_why"`
			}
		}
		if err := json.NewDecoder(r.Body).Decode(&st); err != nil {
			t.Fatal(err)
		}
		return st.Agents[0].NoPlanWhy
	}
	for _, tick := range []int{11, 15} {
		if why := whyAt(tick)["KillEnemy"]; !strings.HasPrefix(why, "threat_removed is unreachable") {
			t.Errorf("tick %d: KillEnemy's why %q", tick, why)
		}
	}
	if why := whyAt(5); why != nil {
		t.Errorf("tick 5: %v, want no goal waiting", why)
	}
}

// The lean writer's strings read back as encoding/json's do: runs of
// plain bytes and every byte that needs an escape, mixed.
func TestAppendString(t *testing.T) {
	for _, s := range []string{"", "Eat", "no plan exists (retry at 21): x is unreachable", `say "hi"`, `a\b`, "tab\there\nnew",
		"<b>&</b>", "\x00\x1f\x7f", "caf\u00e9 \u2028 \u2029 end", "bad \xff\xfe utf8", "\u00e9", "a\"", "\"a", strings.Repeat("ab<", 50)} {
		want, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		got := debugger.AppendString([]byte("x"), s)
		var back, wantBack string
		if err := json.Unmarshal(got[1:], &back); err != nil || got[0] != 'x' {
			t.Fatalf("appendString(%q) = %s: %v", s, got, err)
		}
		_ = json.Unmarshal(want, &wantBack)
		if back != wantBack {
			t.Errorf("appendString(%q) = %s, reads back as %q; encoding/json's %s reads %q", s, got[1:], back, want, wantBack)
		}
	}
}

// A loaded recording keeps its snapshots packed (packed.go): a colony of
// 20 villagers for 1,000 ticks (testdata/colony.yaml, written by goap's
// TestWriteColony) takes under 150 bytes a snapshot once read, where
// full Snapshots with their events took about 1 KB.
func TestLoadedRecordingPacked(t *testing.T) {
	var buf bytes.Buffer
	w, rec := newSim(t, "testdata/colony.yaml", 1, true)
	rec.Trees = true
	rec.Stream(&buf)
	for range 1000 {
		w.Step()
		rec.Capture()
	}
	if err := rec.Flush(); err != nil {
		t.Fatal(err)
	}
	data := buf.Bytes()
	snaps := bytes.Count(data, []byte(`{"s":`))
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	rc, err := debugger.ReadRecording(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	per := float64(int64(after.HeapAlloc)-int64(before.HeapAlloc)) / float64(snaps)
	t.Logf("%d bytes, %d snapshots: %.0f bytes a snapshot once read", len(data), snaps, per)
	if per > 150 {
		t.Errorf("%.0f bytes a snapshot once read (%d snapshots), want under 150", per, snaps)
	}
	// The page's requests read it at once: each agent at every tick,
	// from 4 goroutines, gives what one reader gets (-race checks the
	// cache of snapshots made from packed ones).
	want := map[string]debugger.AgentState{}
	for _, a := range rc.Agents {
		for tick := 0; tick <= 1000; tick += 7 {
			s, _ := rc.At(a.Name, tick)
			want[fmt.Sprintf("%s@%d", a.Name, tick)] = s
		}
	}
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for _, a := range rc.Agents {
				for tick := g; tick <= 1000; tick += 7 {
					s, _ := rc.At(a.Name, tick)
					if w, ok := want[fmt.Sprintf("%s@%d", a.Name, tick)]; ok && !reflect.DeepEqual(s, w) {
						t.Errorf("%s at %d differs read at once", a.Name, tick)
						return
					}
				}
			}
		}()
	}
	wg.Wait()
}

// The relevancy rule that scored each goal (a designer file's
// relevancy:) is recorded, written in lean lines and read back.
func TestGoalRuleRecorded(t *testing.T) {
	var buf bytes.Buffer
	w, rec := newSim(t, "testdata/colony.yaml", 1000, false)
	rec.Stream(&buf)
	for range 200 {
		w.Step()
		rec.Capture()
	}
	if err := rec.Flush(); err != nil {
		t.Fatal(err)
	}
	rc, err := debugger.ReadRecording(&buf)
	if err != nil {
		t.Fatal(err)
	}
	rules := map[string]bool{}
	for i := range rc.Agents {
		a, b := rc.Snapshots(i), rec.Recording().Snapshots(i)
		if len(a) != len(b) {
			t.Fatalf("agent %d: %d snapshots read, %d recorded", i, len(a), len(b))
		}
		for k := range a {
			if !slices.Equal(a[k].Goals, b[k].Goals) {
				t.Fatalf("agent %d snapshot %d: goals read %+v, recorded %+v", i, k, a[k].Goals, b[k].Goals)
			}
			for _, g := range a[k].Goals {
				rules[g.Name+": "+g.Rule] = true
			}
		}
	}
	for _, want := range []string{"Eat: rule 1: when {hungry}", "Eat: no rule holds", "Earn: rule 1: always", "Stock: rule 1: when {coins>=2}", "Stock: no rule holds"} {
		if !rules[want] {
			t.Errorf("no goal scored %q in 200 ticks; seen %v", want, rules)
		}
	}
}
