package service_test

import (
	"bufio"
	"fmt"
	"io"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/goap-go/goap/service"
	"github.com/goap-go/goap/service/client"
	"github.com/goap-go/goap/service/embedded"
	"github.com/nats-io/nats.go/jetstream"
)

// workerProcess is a goap-serve process serving on a NATS.
type workerProcess struct {
	cmd  *exec.Cmd
	name string // its worker name in replies: host-PID
}

// startProcess starts goap-serve --nats url with args and returns once
// it serves (it prints the URL then); the test's end kills it.
func startProcess(t *testing.T, goapServe, url string, args ...string) *workerProcess {
	t.Helper()
	p, _ := startCommand(t, goapServe, url, append([]string{"--nats", url}, args...)...)
	return p
}

// startCommand starts goap-serve with args and returns once it prints
// its URL (want, unless ""), and the URL.
func startCommand(t *testing.T, goapServe, want string, args ...string) (*workerProcess, string) {
	t.Helper()
	cmd := exec.Command(goapServe, args...)
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
	})
	line := make(chan string, 1)
	go func() {
		r := bufio.NewReader(stdout)
		l, _ := r.ReadString('\n')
		line <- l
		_, _ = io.Copy(io.Discard, r)
	}()
	var url string
	select {
	case l := <-line:
		url = strings.TrimSpace(l)
		if want != "" && url != want || !strings.HasPrefix(url, "nats://") {
			t.Fatalf("goap-serve printed %q, not %s\n%s", l, want, stderr.String())
		}
	case <-time.After(30 * time.Second):
		t.Fatalf("goap-serve did not start\n%s", stderr.String())
	}
	return &workerProcess{cmd: cmd, name: fmt.Sprintf("-%d", cmd.Process.Pid)}, url
}

// TestBatchWorkerProcessKilled: two goap-serve processes share a batch
// of 10,000 problems; one is killed (SIGKILL) in the middle of it. The
// other takes over its unacknowledged jobs, and every problem has
// exactly one result, with the right plan.
func TestBatchWorkerProcessKilled(t *testing.T) {
	if testing.Short() {
		t.Skip("builds goap-serve and runs 10,000 jobs through two processes (tens of seconds); run without -short")
	}
	_, goapServe := binaries(t)
	s := startServer(t, embedded.Config{})
	// The victim takes two jobs at a time, so that it dies holding some.
	victim := startProcess(t, goapServe, s.URL(), "--ack-wait", "2s", "--max-concurrent", "2")
	survivor := startProcess(t, goapServe, s.URL(), "--ack-wait", "2s", "--max-concurrent", "1")

	nc := connect(t, s.URL())
	c := client.New(nc, "")
	ctx := ctxFor(t, 120*time.Second)
	hash, err := c.PutDomain(ctx, []byte(readFile(t, "../testdata/bench/guard.json")))
	if err != nil {
		t.Fatal(err)
	}
	const n = 10000
	problems := make([]service.Request, n)
	for i := range problems {
		problems[i] = service.Request{ID: fmt.Sprint("p", i), Domain: hash, State: map[string]any{"has_ammo": i%2 == 0}}
	}
	start := time.Now()
	if err := c.Submit(ctx, "big", problems); err != nil {
		t.Fatal(err)
	}
	js, err := jetstream.New(nc)
	if err != nil {
		t.Fatal(err)
	}
	results, err := js.Stream(ctx, service.ResultsStream)
	if err != nil {
		t.Fatal(err)
	}
	const subject = "goap.v1.results.big"
	count := func() uint64 {
		info, err := results.Info(ctx, jetstream.WithSubjectFilter(subject))
		if err != nil {
			t.Fatal(err)
		}
		return info.State.Subjects[subject]
	}
	// Kill the victim once a fifth of the batch is answered.
	for count() < n/5 {
		if ctx.Err() != nil {
			t.Fatal("the workers answered too little")
		}
		time.Sleep(20 * time.Millisecond)
	}
	if err := victim.cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	_ = victim.cmd.Wait()
	atKill := count()
	if atKill >= n {
		t.Fatalf("the batch was done (%d results) before the kill", atKill)
	}
	cons, err := js.Consumer(ctx, service.JobsStream, service.JobsConsumer)
	if err != nil {
		t.Fatal(err)
	}
	ci, err := cons.Info(ctx)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("killed the victim after %v, at %d results; %d jobs delivered and not acknowledged", time.Since(start).Round(time.Millisecond), atKill, ci.NumAckPending)

	got, err := c.Results(ctx, "big", n)
	if err != nil {
		t.Fatalf("%d results of %d: %v", len(got), n, err)
	}
	t.Logf("all %d results after %v", n, time.Since(start).Round(time.Millisecond))
	by := map[string]int{}
	for i := range problems {
		r, ok := got[fmt.Sprint("p", i)]
		want := 9.0
		if i%2 == 0 {
			want = 6
		}
		if !ok || r.Status != service.StatusFound || r.Cost != want {
			t.Fatalf("p%d: %+v", i, r)
		}
		switch {
		case strings.HasSuffix(r.Worker, victim.name):
			by["victim"]++
		case strings.HasSuffix(r.Worker, survivor.name):
			by["survivor"]++
		default:
			t.Fatalf("p%d answered by %q, neither worker", i, r.Worker)
		}
	}
	t.Logf("answers: %v", by)
	if by["victim"] == 0 || by["survivor"] == 0 {
		t.Errorf("answers %v: both processes should have worked on the batch", by)
	}
	// Exactly one result per problem in the stream, none left to do.
	if got := count(); got != n {
		t.Errorf("%d result messages for %d problems", got, n)
	}
	jobs, err := js.Stream(ctx, service.JobsStream)
	if err != nil {
		t.Fatal(err)
	}
	if ji, err := jobs.Info(ctx); err != nil || ji.State.Msgs != 0 {
		t.Errorf("jobs left in the work queue: %+v %v", ji.State, err)
	}
	// The survivor still serves requests.
	if r, err := c.Plan(ctx, service.Request{Domain: hash}); err != nil || r.Status != service.StatusFound || !strings.HasSuffix(r.Worker, survivor.name) {
		t.Errorf("after the kill: %+v %v", r, err)
	}
}
