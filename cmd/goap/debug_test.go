package main

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
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
