package main

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestDebugServes: goap debug serves a recording's page and JSON until
// interrupted; a damaged recording or a second argument is bad input.
func TestDebugServes(t *testing.T) {
	rec := filepath.Join(t.TempDir(), "pirate.rec")
	if _, stderr, code := runGoap(t, "sim", "testdata/pirate_sim.yaml", "--record", rec); code != 0 {
		t.Fatalf("sim: exit %d: %s", code, stderr)
	}
	ctx, cancel := context.WithCancel(context.Background())
	var out bytes.Buffer
	ready := make(chan string, 1)
	cmd := &DebugCommand{Stdout: &out, Stderr: &out, Ready: func(addr string) { ready <- addr }}
	done := make(chan error, 1)
	go func() { done <- cmd.Run(ctx, []string{rec, "--addr", "127.0.0.1:0"}) }()
	var addr string
	select {
	case addr = <-ready:
	case err := <-done:
		t.Fatalf("goap debug ended: %v: %s", err, out.String())
	}
	r, err := http.Get("http://" + addr + "/api/meta")
	if err != nil {
		t.Fatal(err)
	}
	var meta struct{ Agents []struct{ Name string } }
	err = json.NewDecoder(r.Body).Decode(&meta)
	r.Body.Close()
	if err != nil || len(meta.Agents) != 1 || meta.Agents[0].Name != "pirate" {
		t.Fatalf("meta %+v, %v", meta, err)
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatalf("after interrupt: %v", err)
	}
	if !strings.Contains(out.String(), "serving "+rec) {
		t.Errorf("output %q", out.String())
	}
	if _, stderr, code := runGoap(t, "debug", "testdata/pirate_sim.yaml"); code != 2 || !strings.Contains(stderr, "not a goap recording") {
		t.Errorf("a YAML file: exit %d: %s", code, stderr)
	}
	if _, stderr, code := runGoap(t, "debug", rec, rec); code != 2 || !strings.Contains(stderr, "want one recording file") {
		t.Errorf("two files: exit %d: %s", code, stderr)
	}
}

// TestSimDebugLive: goap sim --debug serves the run live: it waits
// paused, takes one tick per step, runs on run, and stops when
// interrupted.
func TestSimDebugLive(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var out, errOut bytes.Buffer
	ready := make(chan string, 1)
	cmd := &SimCommand{Stdout: &out, Stderr: &errOut, Ready: func(addr string) { ready <- addr }}
	done := make(chan error, 1)
	go func() { done <- cmd.Run(ctx, []string{"testdata/pirate_sim.yaml", "--debug", "127.0.0.1:0"}) }()
	var addr string
	select {
	case addr = <-ready:
	case err := <-done:
		t.Fatalf("goap sim --debug ended: %v: %s", err, errOut.String())
	}
	type metaView struct {
		Last   int
		Live   bool
		Paused bool
	}
	get := func(path string) metaView {
		r, err := http.Get("http://" + addr + path)
		if err != nil {
			t.Fatal(err)
		}
		defer r.Body.Close()
		var m metaView
		_ = json.NewDecoder(r.Body).Decode(&m)
		return m
	}
	post := func(path string) int {
		r, err := http.Post("http://"+addr+path, "", nil)
		if err != nil {
			t.Fatal(err)
		}
		r.Body.Close()
		return r.StatusCode
	}
	if m := get("/api/meta"); !m.Live || !m.Paused || m.Last != 0 {
		t.Fatalf("at the start: %+v", m)
	}
	// A GET changes nothing: a link on any web page could send one.
	get("/api/control?cmd=step")
	time.Sleep(50 * time.Millisecond)
	if m := get("/api/meta"); m.Last != 0 {
		t.Fatalf("a GET stepped the run: %+v", m)
	}
	if code := post("/api/control?cmd=step"); code != http.StatusOK {
		t.Fatalf("POST step: %d", code)
	}
	deadline := time.Now().Add(5 * time.Second)
	for get("/api/meta").Last != 1 {
		if time.Now().After(deadline) {
			t.Fatal("a step did not run a tick")
		}
		time.Sleep(10 * time.Millisecond)
	}
	time.Sleep(50 * time.Millisecond)
	if m := get("/api/meta"); m.Last != 1 || !m.Paused {
		t.Fatalf("after one step: %+v", m)
	}
	post("/api/control?cmd=run")
	for get("/api/meta").Last < 3 {
		if time.Now().After(deadline) {
			t.Fatal("run did not run")
		}
		time.Sleep(20 * time.Millisecond)
	}
	cancel()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("goap sim --debug did not stop when interrupted")
	}
}

// startDebug runs goap debug with args until the test ends and returns
// the address it serves and what it wrote.
func startDebug(t *testing.T, args ...string) (addr string, out *bytes.Buffer) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	out = &bytes.Buffer{}
	ready := make(chan string, 1)
	cmd := &DebugCommand{Stdout: out, Stderr: out, Ready: func(addr string) { ready <- addr }}
	done := make(chan error, 1)
	go func() { done <- cmd.Run(ctx, args) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("goap debug: %v", err)
		}
	})
	select {
	case addr = <-ready:
	case err := <-done:
		done <- err
		t.Fatalf("goap debug ended: %v: %s", err, out.String())
	}
	return addr, out
}

// TestDebugCut: a recording cut short, as a killed goap sim --record
// leaves it, is served up to its last whole tick with a warning naming
// the line and the tick left out, on stderr and in the page's meta.
func TestDebugCut(t *testing.T) {
	rec := filepath.Join(t.TempDir(), "squad.rec")
	if _, stderr, code := runGoap(t, "sim", "../../examples/room_clearing.yaml", "--record", rec); code != 0 {
		t.Fatalf("sim: exit %d: %s", code, stderr)
	}
	data, err := os.ReadFile(rec)
	if err != nil {
		t.Fatal(err)
	}
	// Cut inside the second snapshot line of tick 2.
	k := bytes.Index(data, []byte(`"t":2,`))
	k += 1 + bytes.Index(data[k+1:], []byte(`"t":2,`))
	line := 1 + bytes.Count(data[:k], []byte("\n"))
	if err := os.WriteFile(rec, data[:k], 0o644); err != nil {
		t.Fatal(err)
	}
	addr, out := startDebug(t, rec, "--addr", "127.0.0.1:0")
	want := fmt.Sprintf("goap debug: %s: the recording is cut short in line %d, in tick 2: tick 2 was half-written and is left out (1 snapshot); loaded up to tick 1", rec, line)
	if !strings.Contains(out.String(), want) || !strings.Contains(out.String(), "ticks 1..1") {
		t.Errorf("output %q, want %q", out.String(), want)
	}
	r, err := http.Get("http://" + addr + "/api/meta")
	if err != nil {
		t.Fatal(err)
	}
	defer r.Body.Close()
	var meta struct {
		Last int
		Cut  string
	}
	if err := json.NewDecoder(r.Body).Decode(&meta); err != nil || meta.Last != 1 || !strings.Contains(meta.Cut, fmt.Sprintf("line %d", line)) {
		t.Errorf("meta %+v, %v", meta, err)
	}
}

// TestDebugServer: goap debug answers requests naming the host of --addr,
// refuses other names (DNS rebinding), and closes idle keep-alive
// connections.
func TestDebugServer(t *testing.T) {
	defer func(d time.Duration) { debugIdleTimeout = d }(debugIdleTimeout)
	debugIdleTimeout = 200 * time.Millisecond
	rec := filepath.Join(t.TempDir(), "pirate.rec")
	if _, stderr, code := runGoap(t, "sim", "testdata/pirate_sim.yaml", "--record", rec); code != 0 {
		t.Fatalf("sim: exit %d: %s", code, stderr)
	}
	// localhost resolves to the loopback address the server listens on;
	// --addr names it as a LAN name would be.
	addr, _ := startDebug(t, rec, "--addr", "localhost:0")
	_, port, _ := net.SplitHostPort(addr)
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	br := bufio.NewReader(conn)
	ask := func(host string) int {
		fmt.Fprintf(conn, "GET /api/meta HTTP/1.1\r\nHost: %s\r\n\r\n", host)
		r, err := http.ReadResponse(br, nil)
		if err != nil {
			t.Fatal(err)
		}
		_, _ = io.Copy(io.Discard, r.Body)
		r.Body.Close()
		return r.StatusCode
	}
	for _, c := range []struct {
		host string
		code int
	}{
		{"localhost:" + port, 200},
		{"127.0.0.1:" + port, 200},
		{"attacker.example:" + port, http.StatusForbidden},
	} {
		if code := ask(c.host); code != c.code {
			t.Errorf("Host %s: %d, want %d", c.host, code, c.code)
		}
	}
	// The host of --addr is the name the handler accepts besides
	// loopback names and addresses (the handler's tests check the rest).
	for in, want := range map[string]string{"mybox.lan:8080": "mybox.lan", "0.0.0.0:0": "0.0.0.0", "[::1]:80": "::1", ":8080": "", "mybox": "mybox"} {
		if got := addrHost(in); got != want {
			t.Errorf("addrHost(%q) = %q, want %q", in, got, want)
		}
	}
	// The connection stays open for more requests, then, idle, closes.
	start := time.Now()
	_ = conn.SetReadDeadline(time.Now().Add(5 * time.Second))
	if n, err := br.ReadByte(); err != io.EOF {
		t.Fatalf("idle connection: read %v, %v; want it closed", n, err)
	}
	if idle := time.Since(start); idle > 2*time.Second {
		t.Errorf("closed after %v idle", idle)
	}
}

// TestRecordGzipAndCaps: goap sim --record FILE.gz writes gzip, which
// goap debug reads under any name; --record-max ends the file at a whole
// tick with a message and the run goes on; goap debug refuses a
// recording over --max-file-size, a gzip one counted decompressed.
func TestRecordGzipAndCaps(t *testing.T) {
	dir := t.TempDir()
	plain, gz := filepath.Join(dir, "room.rec"), filepath.Join(dir, "room.rec.gz")
	for _, rec := range []string{plain, gz} {
		if _, stderr, code := runGoap(t, "sim", "../../examples/room_clearing.yaml", "--record", rec); code != 0 {
			t.Fatalf("sim --record %s: exit %d: %s", rec, code, stderr)
		}
	}
	pdata, _ := os.ReadFile(plain)
	zdata, _ := os.ReadFile(gz)
	if len(zdata) < 2 || zdata[0] != 0x1f || zdata[1] != 0x8b || len(zdata) >= len(pdata) {
		t.Fatalf("--record room.rec.gz: %d bytes, not gzip (plain: %d)", len(zdata), len(pdata))
	}
	named := filepath.Join(dir, "renamed.rec") // the name says nothing
	if err := os.WriteFile(named, zdata, 0o644); err != nil {
		t.Fatal(err)
	}
	_, out := startDebug(t, named, "--addr", "127.0.0.1:0")
	_, outPlain := startDebug(t, plain, "--addr", "127.0.0.1:0")
	stats := func(s string) string { return s[strings.Index(s, "("):strings.Index(s, ")")] }
	if !strings.Contains(out.String(), "serving") || stats(out.String()) != stats(outPlain.String()) {
		t.Errorf("gzip: %q, plain: %q", out.String(), outPlain.String())
	}

	limit := int64(len(pdata)) / 2
	capped := filepath.Join(dir, "capped.rec")
	_, stderr, code := runGoap(t, "sim", "../../examples/room_clearing.yaml", "--record", capped, "--record-max", fmt.Sprint(limit))
	cdata, _ := os.ReadFile(capped)
	if code != 0 || int64(len(cdata)) > limit || !strings.Contains(stderr, "goap sim: --record-max "+formatSize(limit)+" reached at tick ") ||
		!strings.Contains(stderr, "holds ticks up to ") || !strings.Contains(stderr, "the run goes on unrecorded") {
		t.Errorf("--record-max %d: exit %d, %d bytes, stderr %q", limit, code, len(cdata), stderr)
	}
	if !bytes.HasSuffix(cdata, []byte("}\n")) || !bytes.Contains(cdata[bytes.LastIndexByte(cdata[:len(cdata)-1], '\n'):], []byte(`{"tick":`)) {
		t.Errorf("--record-max: the file does not end with a tick line")
	}

	for _, c := range []struct {
		file, max, want string
	}{
		{plain, fmt.Sprint(len(pdata) - 1), "room.rec is " + formatSize(int64(len(pdata))) + ", more than the limit of"},
		{named, fmt.Sprint(len(pdata) - 1), "renamed.rec holds more than the limit of " + formatSize(int64(len(pdata)-1)) + " once decompressed (--max-file-size raises it)"},
	} {
		_, stderr, code := runGoap(t, "debug", c.file, "--max-file-size", c.max, "--addr", "127.0.0.1:0")
		if code != 1 || !strings.Contains(stderr, c.want) {
			t.Errorf("debug %s --max-file-size %s: exit %d, %q; want exit 1, %q", c.file, c.max, code, stderr, c.want)
		}
	}
}

// goap debug reads a recording under a soft memory limit of 64 MiB and
// 0.8 of its bytes (decompressed: a gzip file's trailer says how many),
// none for a file under 1 MiB or a gzip trailer that cannot be its size.
func TestRecordingMemory(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, data []byte) *os.File {
		t.Helper()
		if err := os.WriteFile(dir+"/"+name, data, 0o644); err != nil {
			t.Fatal(err)
		}
		f, err := os.Open(dir + "/" + name)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { f.Close() })
		return f
	}
	plain := bytes.Repeat([]byte("{\"tick\":1}\n"), 1<<18) // 2.75 MiB
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write(plain)
	zw.Close()
	body, trailer := gz.Bytes()[:gz.Len()-8], gz.Bytes()[gz.Len()-8:]
	// A gzip file of 1 MiB or more (padded: only its first bytes and its
	// trailer are read).
	big := append(append(append([]byte(nil), body...), make([]byte, 1<<20)...), trailer...)
	wrapped := append([]byte(nil), big...)
	binary.LittleEndian.PutUint32(wrapped[len(wrapped)-4:], 10)
	for _, c := range []struct {
		name string
		data []byte
		want int64
	}{
		{"plain.rec", plain, 64<<20 + int64(len(plain))*4/5},
		{"small.rec", plain[:1000], 0},
		{"small.gz", gz.Bytes(), 0},
		{"big.gz", big, 64<<20 + int64(len(plain))*4/5},
		{"wrapped.gz", wrapped, 0}, // its trailer says 10 bytes
	} {
		if got := recordingMemory(write(c.name, c.data)); got != c.want {
			t.Errorf("%s: %d, want %d", c.name, got, c.want)
		}
	}
}

// TestRecordMap: goap sim --record of a world with a map writes a
// version-3 recording with the map and the agents' cells, which goap
// debug serves to the page's map view; goap sim --debug serves the map
// live.
func TestRecordMap(t *testing.T) {
	rec := filepath.Join(t.TempDir(), "crates.rec")
	if _, stderr, code := runGoap(t, "sim", "../../examples/crates_sim.yaml", "--record", rec); code != 0 {
		t.Fatalf("sim: exit %d: %s", code, stderr)
	}
	data, err := os.ReadFile(rec)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(data, []byte(`{"format":"goap-recording","version":3}`)) || !bytes.Contains(data, []byte(`{"map":{"w":12,"h":7,`)) {
		t.Fatalf("recording: %.300s", data)
	}
	addr, _ := startDebug(t, rec, "--addr", "127.0.0.1:0")
	getJSON := func(path string, v any) {
		t.Helper()
		r, err := http.Get("http://" + addr + path)
		if err != nil {
			t.Fatal(err)
		}
		defer r.Body.Close()
		if err := json.NewDecoder(r.Body).Decode(v); err != nil {
			t.Fatal(err)
		}
	}
	var meta struct{ Map struct{ W, H int } }
	getJSON("/api/meta", &meta)
	if meta.Map.W != 12 || meta.Map.H != 7 {
		t.Fatalf("meta's map %+v", meta.Map)
	}
	// At speed 2 from (1,1) through the open door: (3,1) after tick 1,
	// (7,1) after tick 3, at the crate (10,1) at tick 5.
	for tick, want := range map[int][2]int{1: {3, 1}, 3: {7, 1}, 5: {10, 1}, 7: {10, 1}} {
		var st struct {
			Space struct {
				Agents []struct {
					Name string
					X, Y int
				}
			}
		}
		getJSON(fmt.Sprintf("/api/state?tick=%d", tick), &st)
		if a := st.Space.Agents; len(a) != 1 || a[0].Name != "soldier" || [2]int{a[0].X, a[0].Y} != want {
			t.Errorf("tick %d: map view %+v, want the soldier at %v", tick, a, want)
		}
	}

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var out, errOut bytes.Buffer
	ready := make(chan string, 1)
	cmd := &SimCommand{Stdout: &out, Stderr: &errOut, Ready: func(addr string) { ready <- addr }}
	done := make(chan error, 1)
	go func() { done <- cmd.Run(ctx, []string{"../../examples/crates_sim.yaml", "--debug", "127.0.0.1:0"}) }()
	select {
	case addr = <-ready:
	case err := <-done:
		t.Fatalf("goap sim --debug ended: %v: %s", err, errOut.String())
	}
	meta.Map.W = 0
	getJSON("/api/meta", &meta)
	if meta.Map.W != 12 {
		t.Errorf("goap sim --debug: meta's map %+v", meta.Map)
	}
	cancel()
	<-done
}
