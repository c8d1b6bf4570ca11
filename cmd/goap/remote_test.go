package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRemoteReplies: goap plan --remote turns the service's replies,
// from a stand-in goap-serve, into the local command's output and exit
// status: a plan, an error of the service, an unreachable service, and
// a plan naming an action the file does not have. The request it sends
// carries the file's text and the whole start state.
func TestRemoteReplies(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		name   string
		script string // the stand-in's body: it has read the request
		code   int
		stdout string // a line of stdout
		stderr string
	}{
		{"found", `echo '{"status":"found","plan":["DrawWeapon","Approach","FindAmmo","LoadWeapon","Attack"],"cost":9,"expanded":10,"generated":21,"direction":"forward"}'`,
			0, "total cost 9 in 5 steps", ""},
		{"service error", `echo '{"status":"error","error":{"code":"too_large","message":"the domain has 9 bytes"}}'`,
			2, "", "goap plan: the planning service: too_large: the domain has 9 bytes"},
		{"limit", `echo '{"status":"error","error":{"code":"limit","message":"the time limit was reached while compiling the domain"}}'`,
			1, "", "goap plan: the planning service: the time limit was reached"},
		{"unreachable", `echo 'goap serve: connecting to nats://127.0.0.1:1: nats: no servers available for connection' >&2; exit 3`,
			2, "", "goap plan: --remote nats://127.0.0.1:1: connecting to nats://127.0.0.1:1: nats: no servers available"},
		{"unknown action", `echo '{"status":"found","plan":["Teleport"],"cost":1,"direction":"forward"}'`,
			2, "", `the service's plan has action "Teleport", which the file has not`},
	} {
		t.Run(c.name, func(t *testing.T) {
			script := filepath.Join(dir, c.name+".sh")
			req := filepath.Join(dir, c.name+".json")
			body := "#!/bin/sh\ncat > '" + req + "'\n" + c.script + "\n"
			if err := os.WriteFile(script, []byte(body), 0o755); err != nil {
				t.Fatal(err)
			}
			defer func(old func() (string, error)) { lookServe = old }(lookServe)
			lookServe = func() (string, error) { return script, nil }
			var out, errOut bytes.Buffer
			err := (&Main{Stdout: &out, Stderr: &errOut, HideTimings: true}).Run(context.Background(), []string{"plan", "testdata/guard.yaml", "--remote", "nats://127.0.0.1:1"})
			if code := ExitCode(err); code != c.code {
				t.Fatalf("exit %d (%v), want %d\n%s", code, err, c.code, out.String())
			}
			msg := errOut.String()
			if err != nil {
				msg += err.Error()
			}
			if !strings.Contains(out.String(), c.stdout) || !strings.Contains(msg, c.stderr) {
				t.Errorf("stdout %q\nstderr %q", out.String(), msg)
			}
			sent, err := os.ReadFile(req)
			if err != nil {
				t.Fatal(err)
			}
			for _, want := range []string{`"v":1`, `"domain_text":"`, `"state":{`, `"has_ammo":false`, `"max_memory":1073741824`} {
				if !bytes.Contains(sent, []byte(want)) {
					t.Errorf("the request lacks %s: %s", want, sent)
				}
			}
		})
	}
}
