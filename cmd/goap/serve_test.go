package main

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestServeRuns: goap serve runs goap-serve with its arguments, standard
// streams and exit status, and says how to install it when missing.
func TestServeRuns(t *testing.T) {
	script := filepath.Join(t.TempDir(), "goap-serve")
	if err := os.WriteFile(script, []byte("#!/bin/sh\necho \"nats://127.0.0.1:4222 $*\"\nexit 3\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	var out, errOut bytes.Buffer
	c := &ServeCommand{Stdout: &out, Stderr: &errOut, look: func() (string, error) { return script, nil }}
	err := c.Run(context.Background(), []string{"--listen", "127.0.0.1:0"})
	if ExitCode(err) != 3 || out.String() != "nats://127.0.0.1:4222 --listen 127.0.0.1:0\n" {
		t.Errorf("exit %d (%v), stdout %q", ExitCode(err), err, out.String())
	}
	c.look = func() (string, error) { return "", errors.New("not found") }
	err = c.Run(context.Background(), nil)
	if ExitCode(err) != exitUsage || !strings.Contains(err.Error(), "cd service && go build -o") {
		t.Errorf("without goap-serve: exit %d, %v", ExitCode(err), err)
	}
}

// TestServiceDir: goap serve finds the service module of the clone it
// runs in, from any directory below the clone's root, and nothing
// elsewhere.
func TestServiceDir(t *testing.T) {
	root := t.TempDir()
	sub := filepath.Join(root, "a", "b")
	if err := os.MkdirAll(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	if got := serviceDir(sub); got != "" {
		t.Fatalf("found %q without a service module", got)
	}
	svc := filepath.Join(root, "service")
	if err := os.MkdirAll(svc, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(svc, "go.mod"), []byte(serviceModule+"\n\ngo 1.26\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if got := serviceDir(sub); got != svc {
		t.Fatalf("serviceDir = %q, want %q", got, svc)
	}
	if got := serviceDir("../.."); got == "" {
		t.Fatal("the repository's own service module is not found")
	}
}
