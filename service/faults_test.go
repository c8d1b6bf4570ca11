package service_test

import (
	"context"
	"fmt"
	"sync/atomic"
	"testing"
	"time"

	"github.com/goap-go/goap/service"
	"github.com/goap-go/goap/service/client"
	"github.com/goap-go/goap/service/embedded"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// TestBatchWorkerKilled: a worker dies in the middle of a batch, once
// right after publishing a result and before acknowledging its job (the
// worst moment); JetStream gives its jobs to the other worker, and each
// problem still has exactly one result in the ResultsStream.
func TestBatchWorkerKilled(t *testing.T) {
	s := startServer(t, embedded.Config{})
	cfg := service.Config{AckWait: time.Second, MaxConcurrent: 2}
	var killed atomic.Bool
	var victimConn atomic.Pointer[nats.Conn]
	victimCfg := cfg
	published := 0
	service.SetAfterPublish(&victimCfg, func(*service.Job) {
		if published++; published == 20 && killed.CompareAndSwap(false, true) {
			victimConn.Load().Close() // dies: no ack, its other jobs in flight are lost
		}
	})
	victimCfg.MaxConcurrent = 1
	_, vnc, _ := startWorker(t, s.URL(), victimCfg)
	victimConn.Store(vnc)
	survivor, _, _ := startWorker(t, s.URL(), cfg)

	c := client.New(connect(t, s.URL()), "")
	ctx := ctxFor(t, 60*time.Second)
	guard := readFile(t, "../testdata/bench/guard.json")
	hash, err := c.PutDomain(ctx, []byte(guard))
	if err != nil {
		t.Fatal(err)
	}
	const n = 400
	problems := make([]service.Request, n)
	for i := range problems {
		problems[i] = service.Request{ID: fmt.Sprint("p", i), Domain: hash, State: map[string]any{"has_ammo": i%2 == 0}}
	}
	if err := c.Submit(ctx, "b1", problems); err != nil {
		t.Fatal(err)
	}
	// Submitting again (a client that crashed and retried) adds nothing.
	if err := c.Submit(ctx, "b1", problems[:10]); err != nil {
		t.Fatal(err)
	}
	results, err := c.Results(ctx, "b1", n)
	if err != nil {
		t.Fatalf("%d results of %d: %v", len(results), n, err)
	}
	for i := range problems {
		r, ok := results[fmt.Sprint("p", i)]
		want := 9.0
		if i%2 == 0 {
			want = 6
		}
		if !ok || r.Status != service.StatusFound || r.Cost != want {
			t.Fatalf("p%d: %+v", i, r)
		}
	}
	if !killed.Load() {
		t.Fatal("the victim was never killed: it took fewer than 20 jobs")
	}
	// Exactly one result message per problem in the stream.
	js, err := jetstream.New(connect(t, s.URL()))
	if err != nil {
		t.Fatal(err)
	}
	stream, err := js.Stream(ctx, service.ResultsStream)
	if err != nil {
		t.Fatal(err)
	}
	info, err := stream.Info(ctx, jetstream.WithSubjectFilter("goap.v1.results.b1"))
	if err != nil {
		t.Fatal(err)
	}
	if got := info.State.Subjects["goap.v1.results.b1"]; got != n {
		t.Errorf("%d result messages for %d problems", got, n)
	}
	jobs, err := js.Stream(ctx, service.JobsStream)
	if err != nil {
		t.Fatal(err)
	}
	// Every result may be in before the killed worker's last job comes
	// back (after AckWait): wait for the survivor to take it, find its
	// result already there, and empty the work queue.
	var st service.Stats
	var left uint64
	for {
		st = survivor.Stats()
		ji, err := jobs.Info(ctx)
		if err != nil {
			t.Fatal(err)
		}
		left = ji.State.Msgs
		if left == 0 && st.Redelivered > 0 && st.Duplicates > 0 || ctx.Err() != nil {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Logf("survivor: %+v", st)
	if st.Redelivered == 0 || st.Duplicates == 0 {
		t.Errorf("the survivor saw %d redeliveries and %d duplicate results: the kill did not test what it should", st.Redelivered, st.Duplicates)
	}
	if left != 0 {
		t.Errorf("%d jobs left in the work queue", left)
	}
}

// TestReconnect: the NATS server restarts; the worker reconnects and
// serves again, its streams and domain store intact.
func TestReconnect(t *testing.T) {
	dir := t.TempDir()
	s := startServer(t, embedded.Config{StoreDir: dir})
	url := s.URL()
	opts := []nats.Option{nats.MaxReconnects(-1), nats.ReconnectWait(50 * time.Millisecond)}
	startWorker(t, url, service.Config{}, opts...)
	c := client.New(connect(t, url, opts...), "")
	ctx := ctxFor(t, 60*time.Second)
	guard := readFile(t, "../testdata/bench/guard.json")
	hash, err := c.PutDomain(ctx, []byte(guard))
	if err != nil {
		t.Fatal(err)
	}
	if r, err := c.Plan(ctx, service.Request{Domain: hash}); err != nil || r.Status != service.StatusFound {
		t.Fatalf("before: %+v %v", r, err)
	}
	s.Shutdown()
	s2 := startServer(t, embedded.Config{StoreDir: dir, Listen: url[len("nats://"):]})
	if s2.URL() != url {
		t.Fatalf("restarted on %s, not %s", s2.URL(), url)
	}
	for {
		rctx, cancel := context.WithTimeout(ctx, time.Second)
		r, err := c.Plan(rctx, service.Request{Domain: hash})
		cancel()
		if err == nil && r.Status == service.StatusFound {
			break
		}
		if ctx.Err() != nil {
			t.Fatalf("no reply after the restart: %+v %v", r, err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}
