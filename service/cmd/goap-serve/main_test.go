package main

import (
	"bytes"
	"context"
	"errors"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/goap-go/goap/service"
	"github.com/goap-go/goap/service/client"
	"github.com/goap-go/goap/service/embedded"
	"github.com/nats-io/nats.go"
)

// syncBuffer is a bytes.Buffer safe to write from the command while the
// test reads it.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}

// TestServe: goap serve prints nats://HOST:PORT alone on its first line
// once it serves, never the credentials, and answers a request there.
func TestServe(t *testing.T) {
	t.Setenv("GOAP_NATS_PASSWORD", "pw-not-printed")
	var out, errOut syncBuffer
	ready := make(chan string, 1)
	c := &ServeCommand{Stdout: &out, Stderr: &errOut, ready: ready}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- c.Run(ctx, []string{"--user", "u"}) }()
	var url string
	select {
	case url = <-ready:
	case err := <-done:
		t.Fatalf("serve stopped: %v\n%s", err, errOut.String())
	case <-time.After(20 * time.Second):
		t.Fatal("serve did not start")
	}
	first, _, _ := strings.Cut(out.String(), "\n")
	if !regexp.MustCompile(`^nats://127\.0\.0\.1:\d+$`).MatchString(first) || first != url {
		t.Errorf("first line %q, url %q", first, url)
	}
	nc, err := nats.Connect(url, nats.UserInfo("u", "pw-not-printed"))
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	r, err := client.New(nc, "").Plan(ctx, service.Request{DomainText: "actions: [{name: A, effects: {x: true}}]\ngoal: {x: true}\n"})
	if err != nil || r.Status != service.StatusFound {
		t.Errorf("%+v %v", r, err)
	}
	cancel()
	if err := <-done; err != nil {
		t.Errorf("serve: %v", err)
	}
	if all := out.String() + errOut.String(); strings.Contains(all, "pw-not-printed") {
		t.Errorf("the password was printed:\n%s", all)
	}
}

// TestServeRefuses: no listening beyond loopback without credentials,
// and no half credentials.
func TestServeRefuses(t *testing.T) {
	for _, args := range [][]string{{"--listen", "0.0.0.0:0"}, {"--websocket", "0.0.0.0:0"}, {"--user", "u"}, {"--nats", "nats://127.0.0.1:1", "--listen", ":0"}} {
		var out, errOut syncBuffer
		err := (&ServeCommand{Stdout: &out, Stderr: &errOut}).Run(context.Background(), args)
		if err == nil || out.String() != "" {
			t.Errorf("%q: %v, printed %q", args, err, out.String())
		}
		if args[0] == "--listen" && !errors.Is(err, embedded.ErrNoCredentials) {
			t.Errorf("%q: %v", args, err)
		}
	}
}
