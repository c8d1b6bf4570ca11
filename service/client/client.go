// Package client is the Go client of the goap planning service (package
// service): requests and batches over NATS, domains put in the store by
// content hash, batch jobs through JetStream, and Remote, an
// agent.RemotePlanner that moves an agent's searches to the service.
package client

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"

	"github.com/goap-go/goap/service"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// Client sends requests to the workers listening on its connection's
// NATS. It is safe for concurrent use.
type Client struct {
	nc     *nats.Conn
	prefix string

	mu     sync.Mutex
	js     jetstream.JetStream
	obs    jetstream.ObjectStore
	stored map[string]bool // hashes known to be in the store
}

// New returns a client on nc, for workers under the subject prefix
// ("" is "goap").
func New(nc *nats.Conn, prefix string) *Client {
	if prefix == "" {
		prefix = "goap"
	}
	return &Client{nc: nc, prefix: prefix, stored: map[string]bool{}}
}

// jetStream binds the domain store, once; the workers create it.
func (c *Client) jetStream(ctx context.Context) (jetstream.JetStream, jetstream.ObjectStore, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.obs != nil {
		return c.js, c.obs, nil
	}
	js, err := jetstream.New(c.nc)
	if err != nil {
		return nil, nil, err
	}
	obs, err := js.ObjectStore(ctx, service.DomainBucket)
	if err != nil {
		return nil, nil, fmt.Errorf("client: the domain store %s (is a worker running?): %w", service.DomainBucket, err)
	}
	c.js, c.obs = js, obs
	return js, obs, nil
}

// PutDomain puts a domain's text in the store, unless it is there
// already, and returns its hash for Request.Domain. A domain of any size
// travels: the store chunks it.
func (c *Client) PutDomain(ctx context.Context, text []byte) (string, error) {
	hash := service.HashDomain(text)
	c.mu.Lock()
	known := c.stored[hash]
	c.mu.Unlock()
	if known {
		return hash, nil
	}
	_, obs, err := c.jetStream(ctx)
	if err != nil {
		return "", err
	}
	name := hash[len("sha256:"):]
	if _, err := obs.GetInfo(ctx, name); errors.Is(err, jetstream.ErrObjectNotFound) {
		if _, err := obs.PutBytes(ctx, name, text); err != nil {
			return "", fmt.Errorf("client: putting domain %s: %w", hash, err)
		}
	} else if err != nil {
		return "", fmt.Errorf("client: domain %s: %w", hash, err)
	}
	c.mu.Lock()
	c.stored[hash] = true
	c.mu.Unlock()
	return hash, nil
}

// Plan sends one request and waits for its reply (until ctx is done).
// The error is the transport's (no worker, timeout); what the service
// says about the request, an error included, is in the Reply. A request
// larger than a NATS message fails with nats.ErrMaxPayload: Fit it
// first, or put its domain in the store (PutDomain).
func (c *Client) Plan(ctx context.Context, r service.Request) (service.Reply, error) {
	r.V = service.Version
	var out service.Reply
	err := c.request(ctx, service.PlanSubject, r, &out)
	return out, err
}

// Fit makes r fit in one NATS message: when its domain and problem texts
// come near the server's max_payload (1 MB by default), it puts them in
// the store (PutDomain) and names them by hash instead. A smaller r is
// left as it is.
func (c *Client) Fit(ctx context.Context, r *service.Request) error {
	limit := c.nc.MaxPayload()
	if limit <= 0 || int64(len(r.DomainText)+len(r.ProblemText)) < limit-64<<10 {
		return nil // room to spare for the rest of the request
	}
	for _, t := range []struct{ hash, text *string }{{&r.Domain, &r.DomainText}, {&r.Problem, &r.ProblemText}} {
		if *t.text == "" {
			continue
		}
		h, err := c.PutDomain(ctx, []byte(*t.text))
		if err != nil {
			return err
		}
		*t.hash, *t.text = h, ""
	}
	return nil
}

// PlanBatch sends problems in one message; one worker plans them in
// turn and replies one Reply per problem, in order. For thousands of
// problems, Submit spreads them over the workers instead.
func (c *Client) PlanBatch(ctx context.Context, problems []service.Request) ([]service.Reply, error) {
	var out service.BatchReply
	if err := c.request(ctx, service.BatchSubject, service.Batch{V: service.Version, Problems: problems}, &out); err != nil {
		return nil, err
	}
	if out.Error != nil {
		return nil, out.Error
	}
	return out.Replies, nil
}

func (c *Client) request(ctx context.Context, subject string, in, out any) error {
	data, err := json.Marshal(in)
	if err != nil {
		return fmt.Errorf("client: %w", err)
	}
	m, err := c.nc.RequestWithContext(ctx, c.prefix+"."+subject, data)
	if err != nil {
		return fmt.Errorf("client: %s: %w", subject, err)
	}
	if err := json.Unmarshal(m.Data, out); err != nil {
		return fmt.Errorf("client: a reply that is not JSON: %w", err)
	}
	return nil
}

// Submit publishes problems as jobs of batch (letters, digits, '-', '_')
// to the jobs stream, where the workers take them one by one. Each
// problem needs an ID unique in the batch: the ResultsStream keeps one
// result per ID. Submitting the same batch again (after a crash of the
// submitter) adds no job the stream already holds.
func (c *Client) Submit(ctx context.Context, batch string, problems []service.Request) error {
	js, _, err := c.jetStream(ctx)
	if err != nil {
		return err
	}
	seen := make(map[string]bool, len(problems))
	futures := make([]jetstream.PubAckFuture, 0, len(problems))
	for _, p := range problems {
		if p.ID == "" || seen[p.ID] {
			return fmt.Errorf("client: batch %s: every problem needs an id of its own (%q)", batch, p.ID)
		}
		seen[p.ID] = true
		p.V = service.Version
		data, err := json.Marshal(service.Job{Request: p, Batch: batch})
		if err != nil {
			return fmt.Errorf("client: %w", err)
		}
		f, err := js.PublishAsync(c.prefix+"."+service.JobsSubject+"."+batch, data, jetstream.WithMsgID(batch+"/"+p.ID))
		if err != nil {
			return fmt.Errorf("client: submitting %s/%s: %w", batch, p.ID, err)
		}
		futures = append(futures, f)
	}
	for _, f := range futures {
		select {
		case <-f.Ok():
		case err := <-f.Err():
			return fmt.Errorf("client: submitting to batch %s: %w", batch, err)
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	return nil
}

// Results reads the results of batch from the ResultsStream until it
// has n, one per problem ID, or ctx is done (then it returns those it
// has, and ctx's error).
func (c *Client) Results(ctx context.Context, batch string, n int) (map[string]service.Reply, error) {
	js, _, err := c.jetStream(ctx)
	if err != nil {
		return nil, err
	}
	cons, err := js.OrderedConsumer(ctx, service.ResultsStream, jetstream.OrderedConsumerConfig{
		FilterSubjects: []string{c.prefix + "." + service.ResultsSubject + "." + batch},
	})
	if err != nil {
		return nil, fmt.Errorf("client: results of %s: %w", batch, err)
	}
	out := make(map[string]service.Reply, n)
	it, err := cons.Messages()
	if err != nil {
		return nil, fmt.Errorf("client: results of %s: %w", batch, err)
	}
	defer it.Stop()
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	go func() {
		<-ctx.Done()
		it.Stop()
	}()
	for len(out) < n {
		m, err := it.Next()
		if err != nil {
			if ctx.Err() != nil {
				return out, ctx.Err()
			}
			return out, fmt.Errorf("client: results of %s: %w", batch, err)
		}
		var r service.Reply
		if err := json.Unmarshal(m.Data(), &r); err != nil {
			return out, fmt.Errorf("client: a result that is not JSON: %w", err)
		}
		out[r.ID] = r
	}
	return out, nil
}
