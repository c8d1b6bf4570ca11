package service

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/goap-go/goap/pddl"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// Config sets a Worker's limits. The zero Config is ready to use: every
// field has a default.
type Config struct {
	// Prefix is the first token of the subjects ("goap").
	Prefix string
	// Name is the worker's name in its replies (host name and process id).
	Name string
	// MaxConcurrent is the most requests the worker plans at once
	// (GOMAXPROCS); more wait in NATS's pending buffer of the
	// subscription, which is bounded too (messages beyond it are dropped
	// and their clients time out).
	MaxConcurrent int
	// MaxDomains is how many compiled domains the worker keeps (64),
	// least recently used out first.
	MaxDomains int
	// MaxDomainBytes is the largest domain text the worker compiles
	// (64 MiB).
	MaxDomainBytes int64
	// MaxRequestMemory caps each search's memory (goap.Options.MaxMemory;
	// 256 MiB): a request may ask for less, never more.
	MaxRequestMemory int64
	// MaxRequestTime caps each request's time (10 s), compiling a new
	// domain included: a request may ask for less, never more.
	MaxRequestTime time.Duration
	// AckWait is how long a batch job may go unacknowledged before
	// JetStream gives it to another worker (30 s); MaxDeliver how many
	// times a job is delivered at most (5: a job that kills every worker
	// it reaches stops there).
	AckWait    time.Duration
	MaxDeliver int
	// DedupWindow is how long the ResultsStream remembers the problem
	// ids it holds a result for (1 h): a result published again within
	// it (after a redelivery) is dropped.
	DedupWindow time.Duration
	// NoJetStream serves request/reply only, with inline domains: no
	// domain store, no batches through streams.
	NoJetStream bool
	// Ready, when set, is called once the worker serves: subscribed,
	// with its streams set up.
	Ready func()
	// Logf, when set, receives the worker's log lines.
	Logf func(format string, args ...any)

	// afterPublish, in tests, runs after a job's result is published and
	// before the job is acknowledged (where a crash leaves a duplicate).
	afterPublish func(job *Job)
}

// Worker is a stateless planning worker: it answers requests on NATS
// and runs batch jobs from JetStream. Any number of workers, in one
// process or many, share the load through the queue group and the jobs
// consumer; none holds state another needs (the compiled domains are a
// cache).
type Worker struct {
	cfg     Config
	domains *domainCache
	stats   struct {
		requests, errors, jobs, redelivered, duplicates, panics atomic.Int64
	}

	nc  *nats.Conn
	js  jetstream.JetStream
	obs jetstream.ObjectStore
}

// Stats counts what a Worker did.
type Stats struct {
	// Requests counts requests and batch problems answered, Errors those
	// answered with an Error, Panics the requests that panicked (answered
	// with CodeInternal).
	Requests, Errors, Panics int64
	// Jobs counts batch jobs acknowledged; Redelivered those that had
	// been delivered before (to a worker that died or was too slow);
	// Duplicates the results the ResultsStream dropped as published
	// already.
	Jobs, Redelivered, Duplicates int64
	// Domains is the number of compiled domains cached.
	Domains int
}

// NewWorker returns a worker with cfg's limits.
func NewWorker(cfg Config) *Worker {
	if cfg.Prefix == "" {
		cfg.Prefix = "goap"
	}
	if cfg.Name == "" {
		host, _ := os.Hostname()
		cfg.Name = fmt.Sprintf("%s-%d", host, os.Getpid())
	}
	if cfg.MaxConcurrent <= 0 {
		cfg.MaxConcurrent = runtime.GOMAXPROCS(0)
	}
	if cfg.MaxDomains <= 0 {
		cfg.MaxDomains = 64
	}
	if cfg.MaxDomainBytes <= 0 {
		cfg.MaxDomainBytes = 64 << 20
	}
	if cfg.MaxRequestMemory <= 0 {
		cfg.MaxRequestMemory = 256 << 20
	}
	if cfg.MaxRequestTime <= 0 {
		cfg.MaxRequestTime = 10 * time.Second
	}
	if cfg.AckWait <= 0 {
		cfg.AckWait = 30 * time.Second
	}
	if cfg.MaxDeliver <= 0 {
		cfg.MaxDeliver = 5
	}
	if cfg.DedupWindow <= 0 {
		cfg.DedupWindow = time.Hour
	}
	return &Worker{cfg: cfg, domains: newDomainCache(cfg.MaxDomains)}
}

// Stats returns the worker's counts so far.
func (w *Worker) Stats() Stats {
	return Stats{
		Requests: w.stats.requests.Load(), Errors: w.stats.errors.Load(), Panics: w.stats.panics.Load(),
		Jobs: w.stats.jobs.Load(), Redelivered: w.stats.redelivered.Load(), Duplicates: w.stats.duplicates.Load(),
		Domains: w.domains.len(),
	}
}

func (w *Worker) logf(format string, args ...any) {
	if w.cfg.Logf != nil {
		w.cfg.Logf(format, args...)
	}
}

// Serve answers requests on nc until ctx is done, then stops taking
// work, finishes what it has and returns. It sets up the domain store
// and the batch streams (idempotently: every worker does) unless
// Config.NoJetStream; when the server has no JetStream it logs so and
// serves inline domains only. A Worker serves one connection.
func (w *Worker) Serve(ctx context.Context, nc *nats.Conn) error {
	w.nc = nc
	work := make(chan func(), w.cfg.MaxConcurrent)
	var running sync.WaitGroup
	for range w.cfg.MaxConcurrent {
		running.Go(func() {
			for f := range work {
				f()
			}
		})
	}
	defer running.Wait()
	defer close(work)

	p := w.cfg.Prefix + "."
	subs := make([]*nats.Subscription, 0, 2)
	defer func() {
		for _, s := range subs {
			_ = s.Drain()
		}
	}()
	for subj, handle := range map[string]func(*nats.Msg) []byte{
		p + PlanSubject:  w.handlePlan,
		p + BatchSubject: w.handleBatch,
	} {
		s, err := nc.QueueSubscribe(subj, QueueGroup, func(m *nats.Msg) {
			work <- func() {
				if m.Reply != "" {
					_ = m.Respond(handle(m))
				}
			}
		})
		if err != nil {
			return fmt.Errorf("service: subscribe to %s: %w", subj, err)
		}
		subs = append(subs, s)
	}

	if !w.cfg.NoJetStream {
		stop, err := w.startJetStream(ctx, work)
		if err != nil {
			w.logf("no JetStream (%v): serving request/reply with inline domains only", err)
		} else {
			defer stop()
		}
	}
	if err := nc.Flush(); err != nil {
		return fmt.Errorf("service: %w", err)
	}
	if w.cfg.Ready != nil {
		w.cfg.Ready()
	}
	<-ctx.Done()
	return nil
}

// startJetStream binds the domain store and the batch streams and starts
// consuming jobs; stop ends the consumer.
func (w *Worker) startJetStream(ctx context.Context, work chan<- func()) (stop func(), err error) {
	js, err := jetstream.New(w.nc)
	if err != nil {
		return nil, err
	}
	setup, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	obs, err := js.CreateOrUpdateObjectStore(setup, jetstream.ObjectStoreConfig{Bucket: DomainBucket, Description: "goap domains by content hash"})
	if err != nil {
		return nil, err
	}
	p := w.cfg.Prefix + "."
	if _, err := js.CreateOrUpdateStream(setup, jetstream.StreamConfig{
		Name: JobsStream, Subjects: []string{p + JobsSubject + ".>"}, Retention: jetstream.WorkQueuePolicy, Duplicates: w.cfg.DedupWindow,
	}); err != nil {
		return nil, err
	}
	if _, err := js.CreateOrUpdateStream(setup, jetstream.StreamConfig{
		Name: ResultsStream, Subjects: []string{p + ResultsSubject + ".>"}, Duplicates: w.cfg.DedupWindow, MaxAge: 24 * time.Hour,
	}); err != nil {
		return nil, err
	}
	cons, err := js.CreateOrUpdateConsumer(setup, JobsStream, jetstream.ConsumerConfig{
		Durable: JobsConsumer, AckPolicy: jetstream.AckExplicitPolicy, AckWait: w.cfg.AckWait, MaxDeliver: w.cfg.MaxDeliver,
		MaxAckPending: 4096,
	})
	if err != nil {
		return nil, err
	}
	w.js, w.obs = js, obs
	cc, err := cons.Consume(func(m jetstream.Msg) {
		work <- func() { w.handleJob(ctx, m) }
	}, jetstream.PullMaxMessages(w.cfg.MaxConcurrent))
	if err != nil {
		return nil, err
	}
	return cc.Drain, nil
}

// handlePlan answers one Request message.
func (w *Worker) handlePlan(m *nats.Msg) []byte {
	var r Request
	reply := func() Reply {
		if err := decode(m.Data, &r); err != nil {
			w.stats.requests.Add(1)
			w.stats.errors.Add(1)
			return Reply{V: Version, Status: StatusError, Error: badRequest("not a request: %v", err)}
		}
		return w.answer(context.Background(), &r)
	}()
	return w.marshal(reply)
}

// handleBatch answers one Batch message, problem by problem.
func (w *Worker) handleBatch(m *nats.Msg) []byte {
	var b Batch
	if err := decode(m.Data, &b); err != nil {
		w.stats.errors.Add(1)
		return w.marshal(BatchReply{V: Version, Error: badRequest("not a batch: %v", err)})
	}
	if b.V != Version {
		w.stats.errors.Add(1)
		return w.marshal(BatchReply{V: Version, Error: versionError(b.V)})
	}
	out := BatchReply{V: Version, Replies: make([]Reply, len(b.Problems))}
	for i := range b.Problems {
		if b.Problems[i].V == 0 {
			b.Problems[i].V = Version // the batch's version
		}
		out.Replies[i] = w.answer(context.Background(), &b.Problems[i])
	}
	return w.marshal(out)
}

// handleJob runs one batch job: it publishes the reply, then acknowledges
// the job. A crash between the two leaves the job to be delivered again;
// its second reply carries the same message id, which the ResultsStream
// drops, so each problem has one result.
func (w *Worker) handleJob(ctx context.Context, m jetstream.Msg) {
	var job Job
	if err := decode(m.Data(), &job); err != nil || job.ID == "" || !validToken(job.Batch) {
		w.logf("dropping a job that names no batch or problem id (%q, %q, %v)", job.Batch, job.ID, err)
		_ = m.Term()
		return
	}
	if md, err := m.Metadata(); err == nil && md.NumDelivered > 1 {
		w.stats.redelivered.Add(1)
	}
	data := w.marshal(w.answer(ctx, &job.Request))
	if job.ResultSubject != "" {
		if err := w.nc.Publish(job.ResultSubject, data); err != nil {
			_ = m.Nak()
			return
		}
	} else {
		pctx, cancel := context.WithTimeout(ctx, 10*time.Second)
		ack, err := w.js.Publish(pctx, w.cfg.Prefix+"."+ResultsSubject+"."+job.Batch, data, jetstream.WithMsgID(job.Batch+"/"+job.ID))
		cancel()
		if err != nil {
			w.logf("publishing the result of %s/%s: %v", job.Batch, job.ID, err)
			_ = m.Nak()
			return
		}
		if ack.Duplicate {
			w.stats.duplicates.Add(1)
		}
	}
	if w.cfg.afterPublish != nil {
		w.cfg.afterPublish(&job)
	}
	if err := m.Ack(); err == nil {
		w.stats.jobs.Add(1)
	}
}

// validToken reports whether s is a usable subject token: letters,
// digits, '-' and '_'.
func validToken(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}

func versionError(v int) *Error {
	return &Error{Code: CodeVersion, Message: fmt.Sprintf("schema version %d; this worker speaks %d", v, Version)}
}

// answer plans one request, turning a panic into a CodeInternal reply.
func (w *Worker) answer(ctx context.Context, r *Request) (out Reply) {
	start := time.Now()
	w.stats.requests.Add(1)
	defer func() {
		if p := recover(); p != nil {
			w.stats.panics.Add(1)
			w.logf("request %q panicked: %v", r.ID, p)
			out = errorReply(r, &Error{Code: CodeInternal, Message: fmt.Sprintf("the worker failed on this request: %v", p)})
		}
		if out.Error != nil {
			w.stats.errors.Add(1)
		}
		out.Worker = w.cfg.Name
		out.ElapsedNS = time.Since(start).Nanoseconds()
	}()
	if r.V != Version {
		return errorReply(r, versionError(r.V))
	}
	if dl := r.Options.Deadline; dl != nil {
		if !time.Now().Before(*dl) {
			return errorReply(r, &Error{Code: CodeDeadline, Message: "the deadline " + dl.Format(time.RFC3339Nano) + " passed before the request ran"})
		}
		var cancel context.CancelFunc
		ctx, cancel = context.WithDeadline(ctx, *dl)
		defer cancel()
	}
	ctx, cancel := context.WithTimeout(ctx, w.timeout(r))
	defer cancel()
	c, e := w.domain(ctx, r)
	if e != nil {
		return errorReply(r, e)
	}
	return w.plan(ctx, c, r)
}

// domain returns the compiled domain of r, from the cache, r's text or
// the store.
func (w *Worker) domain(ctx context.Context, r *Request) (*compiled, *Error) {
	switch r.Format {
	case "", FormatGoap:
		hash, load, e := w.source("domain", r.Domain, r.DomainText)
		if e != nil {
			return nil, e
		}
		return w.domains.get(ctx, hash, func(ctx context.Context) (*compiled, *Error) { return compile(ctx, load) })
	case FormatPDDL:
		if r.Goal != "" || len(r.Conds) > 0 || len(r.State) > 0 || len(r.Exclude) > 0 {
			return nil, badRequest("a pddl request plans its problem's goal from its :init: goal, conds, state and exclude are not taken")
		}
		dh, loadDomain, e := w.source("domain", r.Domain, r.DomainText)
		if e != nil {
			return nil, e
		}
		ph, loadProblem, e := w.source("problem", r.Problem, r.ProblemText)
		if e != nil {
			return nil, e
		}
		lim := pddl.Limits{MaxGroundActions: r.Options.MaxGroundActions, MaxAtoms: r.Options.MaxAtoms, MaxBindings: r.Options.MaxBindings}
		if lim.MaxGroundActions < 0 || lim.MaxAtoms < 0 || lim.MaxBindings < 0 {
			return nil, badRequest("grounding limits must not be negative")
		}
		// A task is its domain and problem, grounded within its limits:
		// the key names all (a task cached under larger limits must not
		// answer a request whose limits it exceeds).
		key := fmt.Sprintf("pddl %s %s %d %d %d", dh, ph, lim.MaxGroundActions, lim.MaxAtoms, lim.MaxBindings)
		return w.domains.get(ctx, key, func(ctx context.Context) (*compiled, *Error) {
			return compilePDDL(ctx, loadDomain, loadProblem, lim)
		})
	}
	return nil, badRequest("unknown format %q (goap or pddl)", r.Format)
}

// source checks one text of a request, sent by hash or inline, and
// returns its hash and how to load it.
func (w *Worker) source(what, hash, text string) (string, func(context.Context) ([]byte, *Error), *Error) {
	switch {
	case text != "":
		if int64(len(text)) > w.cfg.MaxDomainBytes {
			return "", nil, &Error{Code: CodeTooLarge, Message: fmt.Sprintf("the %s has %d bytes; this worker takes at most %d", what, len(text), w.cfg.MaxDomainBytes)}
		}
		h := HashDomain([]byte(text))
		if hash != "" && hash != h {
			return "", nil, badRequest("%s_text hashes to %s, not to %s %s", what, h, what, hash)
		}
		return h, func(context.Context) ([]byte, *Error) { return []byte(text), nil }, nil
	case hash == "":
		return "", nil, badRequest("no %s: set %s (its hash) or %s_text", what, what, what)
	case !validHash(hash):
		return "", nil, badRequest("%s %q is not a content hash (sha256: and 64 lower-case hex digits)", what, hash)
	}
	return hash, func(ctx context.Context) ([]byte, *Error) { return w.fetch(ctx, hash) }, nil
}

// fetch reads a domain's text from the store, and checks its hash.
func (w *Worker) fetch(ctx context.Context, hash string) ([]byte, *Error) {
	if w.obs == nil {
		return nil, &Error{Code: CodeUnknownDomain, Message: "domain " + hash + " is not cached and this worker has no domain store (send domain_text)"}
	}
	info, err := w.obs.GetInfo(ctx, objectName(hash))
	if errors.Is(err, jetstream.ErrObjectNotFound) {
		return nil, &Error{Code: CodeUnknownDomain, Message: "no domain " + hash + " in the store: put its text in bucket " + DomainBucket + " first, or send domain_text"}
	}
	if err != nil {
		return nil, &Error{Code: CodeUnknownDomain, Message: "reading domain " + hash + ": " + err.Error()}
	}
	if int64(info.Size) > w.cfg.MaxDomainBytes {
		return nil, &Error{Code: CodeTooLarge, Message: fmt.Sprintf("the domain has %d bytes; this worker takes at most %d", info.Size, w.cfg.MaxDomainBytes)}
	}
	text, err := w.obs.GetBytes(ctx, objectName(hash))
	if err != nil {
		return nil, &Error{Code: CodeUnknownDomain, Message: "reading domain " + hash + ": " + err.Error()}
	}
	if got := HashDomain(text); got != hash {
		return nil, &Error{Code: CodeDomain, Message: "the store's domain " + hash + " hashes to " + got}
	}
	return text, nil
}

// marshal encodes a reply; the schema's types always encode.
func (w *Worker) marshal(v any) []byte {
	data, err := json.Marshal(v)
	if err != nil {
		panic(err) // a bug: every field of the schema encodes
	}
	return data
}
