package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// ServeCommand runs `goap serve`: the planning service. The service
// lives in module github.com/goap-go/goap/service, which needs Go 1.26
// for its NATS libraries while this module stays at Go 1.24 with no
// dependencies, so the command is its binary, goap-serve: this command
// runs it (found next to the goap executable, or on PATH) with the same
// arguments, standard streams and exit status, or says how to get it.
type ServeCommand struct {
	Stdout, Stderr io.Writer
	// look finds the goap-serve binary (tests replace it).
	look func() (string, error)
}

// serveInstall is what to do when goap-serve is missing.
const serveInstall = `goap serve: the planning service is the program goap-serve, from module
github.com/goap-go/goap/service (it needs Go 1.26 for NATS). Run goap serve
inside a clone of goap, which builds it, or install it next to goap or on
your PATH, from the clone:

    cd service && go build -o "$(go env GOPATH)/bin/goap-serve" ./cmd/goap-serve`

// Run runs goap-serve with args.
func (c *ServeCommand) Run(ctx context.Context, args []string) error {
	fs := newFlagSet("serve")
	// goap-serve parses and checks them; they are declared here too so
	// that goap serve -h and a misspelt flag are answered without it.
	for _, name := range serveFlags {
		fs.String(name, "", "see goap help serve")
	}
	if _, help, err := parse(fs, "serve", args, c.Stdout); help || err != nil {
		return err
	}
	look := c.look
	if look == nil {
		look = findServe
	}
	bin, err := look()
	if err != nil {
		return &exitError{code: exitUsage, msg: serveInstall}
	}
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, c.Stdout, c.Stderr
	// An interrupt reaches goap-serve as one, so that it drains.
	cmd.Cancel = func() error { return cmd.Process.Signal(os.Interrupt) }
	cmd.WaitDelay = 10 * time.Second
	err = cmd.Run()
	var ee *exec.ExitError
	if errors.As(err, &ee) && ctx.Err() == nil {
		return silentExit(ee.ExitCode())
	}
	if err != nil && ctx.Err() == nil {
		return fmt.Errorf("serve: %w", err)
	}
	return nil
}

// serveFlags are goap-serve's flags (service/cmd/goap-serve).
var serveFlags = []string{"listen", "websocket", "store", "nats", "user", "creds", "nkey", "tls-ca", "tls-cert", "tls-key",
	"prefix", "max-concurrent", "max-domains", "max-request-memory", "max-request-time", "memory-limit", "ack-wait"}

// findServe looks for goap-serve beside the running executable, then on
// PATH, and otherwise builds it from the clone of goap the working
// directory is in (go run ./cmd/goap serve from a clone: nothing to
// install first).
func findServe() (string, error) {
	if exe, err := os.Executable(); err == nil {
		p := filepath.Join(filepath.Dir(exe), "goap-serve")
		if st, err := os.Stat(p); err == nil && !st.IsDir() {
			return p, nil
		}
	}
	if p, err := exec.LookPath("goap-serve"); err == nil {
		return p, nil
	}
	wd, err := os.Getwd()
	if err != nil {
		return "", err
	}
	dir := serviceDir(wd)
	if dir == "" {
		return "", errors.New("goap-serve not found")
	}
	return buildServe(dir)
}

// serviceModule is the first line of the service module's go.mod.
const serviceModule = "module github.com/goap-go/goap/service"

// serviceDir returns the directory of the service module of the clone of
// goap that dir is in (dir or a parent holds service/go.mod), or "".
func serviceDir(dir string) string {
	for {
		p := filepath.Join(dir, "service")
		if b, err := os.ReadFile(filepath.Join(p, "go.mod")); err == nil && strings.HasPrefix(string(b), serviceModule) {
			return p
		}
		up := filepath.Dir(dir)
		if up == dir {
			return ""
		}
		dir = up
	}
}

// buildServe builds goap-serve from the service module in dir into the
// user's cache (go build is incremental: a second time takes a moment)
// and returns the binary's path.
func buildServe(dir string) (string, error) {
	cache, err := os.UserCacheDir()
	if err != nil {
		cache = os.TempDir()
	}
	bin := filepath.Join(cache, "goap", "goap-serve")
	fmt.Fprintf(os.Stderr, "goap: building goap-serve from %s (the first time fetches Go 1.26 and NATS)\n", dir)
	cmd := exec.Command("go", "build", "-o", bin, "./cmd/goap-serve")
	cmd.Dir, cmd.Stdout, cmd.Stderr = dir, os.Stderr, os.Stderr
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("building goap-serve: %w", err)
	}
	return bin, nil
}
