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
	if ExitCode(err) != exitUsage || !strings.Contains(err.Error(), "go install github.com/goap-go/goap/service/cmd/goap-serve") {
		t.Errorf("without goap-serve: exit %d, %v", ExitCode(err), err)
	}
}
