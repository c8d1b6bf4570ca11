package service_test

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/goap-go/goap/service"
	"github.com/goap-go/goap/service/client"
	"github.com/goap-go/goap/service/embedded"
	"github.com/nats-io/nats.go"
)

// startServer starts an embedded server for one test.
func startServer(t *testing.T, cfg embedded.Config) *embedded.Server {
	t.Helper()
	s, err := embedded.Start(cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Shutdown)
	return s
}

// connect opens a TCP connection to url (as another process would).
func connect(t *testing.T, url string, opts ...nats.Option) *nats.Conn {
	t.Helper()
	nc, err := nats.Connect(url, opts...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(nc.Close)
	return nc
}

// startWorker runs a worker on its own connection to url until the test
// ends (or stop is called), and returns once it serves.
func startWorker(t *testing.T, url string, cfg service.Config, opts ...nats.Option) (w *service.Worker, nc *nats.Conn, stop func()) {
	t.Helper()
	nc = connect(t, url, opts...)
	ready := make(chan struct{})
	cfg.Ready = func() { close(ready) }
	cfg.Logf = t.Logf
	w = service.NewWorker(cfg)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- w.Serve(ctx, nc) }()
	select {
	case <-ready:
	case err := <-done:
		t.Fatalf("the worker stopped: %v", err)
	case <-time.After(20 * time.Second):
		t.Fatal("the worker did not start")
	}
	stopped := false
	stop = func() {
		if !stopped {
			stopped = true
			cancel()
			<-done
		}
	}
	t.Cleanup(stop)
	return w, nc, stop
}

// setup is a server, one worker and a client, for the tests that need
// no more.
func setup(t *testing.T) (*embedded.Server, *service.Worker, *client.Client) {
	t.Helper()
	s := startServer(t, embedded.Config{})
	w, _, _ := startWorker(t, s.URL(), service.Config{})
	return s, w, client.New(connect(t, s.URL()), "")
}

func readFile(t *testing.T, name string) string {
	t.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

func ctxFor(t *testing.T, d time.Duration) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	t.Cleanup(cancel)
	return ctx
}
