package main

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
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
	if m := get("/api/meta"); !m.Live || !m.Paused || m.Last != 0 {
		t.Fatalf("at the start: %+v", m)
	}
	get("/api/control?cmd=step")
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
	get("/api/control?cmd=run")
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
