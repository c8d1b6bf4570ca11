package client

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/goap-go/goap"
	"github.com/goap-go/goap/agent"
	"github.com/goap-go/goap/service"
)

// Remote plans agents' searches on the service: set it as
// agent.Config.Remote, and a game server's agents plan on the workers'
// cores instead of its own. Each search is one request, sent from a
// goroutine; at most MaxInFlight are under way at once (the others wait
// their turn, in the order they started), so a burst of replanning
// thousands of agents does not flood the service. It is safe for
// concurrent use by any number of agents of its domain.
type Remote struct {
	c     *Client
	d     *goap.Domain
	hash  string
	slots chan struct{}
	// Timeout bounds each request (10 s by default); a search that
	// times out ends Failed, and its agent retries after its back-off.
	Timeout time.Duration
	goals   sync.Map // *goap.Target -> goalSpec
}

// goalSpec is how a request names a target: a goal of the domain, or
// conditions.
type goalSpec struct {
	name  string
	conds map[string]any
	err   error
}

// NewRemote puts the domain's designer-file text in the store and
// returns a Remote for agents of d, d being that text compiled (by
// goapfile.Parse): the workers compile the same text, so action names
// mean the same actions on both sides. maxInFlight <= 0 is 64.
func (c *Client) NewRemote(ctx context.Context, d *goap.Domain, text []byte, maxInFlight int) (*Remote, error) {
	hash, err := c.PutDomain(ctx, text)
	if err != nil {
		return nil, err
	}
	if maxInFlight <= 0 {
		maxInFlight = 64
	}
	return &Remote{c: c, d: d, hash: hash, slots: make(chan struct{}, maxInFlight), Timeout: 10 * time.Second}, nil
}

// Hash is the hash of the Remote's domain.
func (r *Remote) Hash() string { return r.hash }

// remoteSearch is one search on the service.
type remoteSearch struct {
	res atomic.Pointer[goap.Result]
}

// Result implements agent.RemoteSearch.
func (s *remoteSearch) Result() (goap.Result, bool) {
	if p := s.res.Load(); p != nil {
		return *p, true
	}
	return goap.Result{}, false
}

// Start implements agent.RemotePlanner: it builds the request from
// start, t and opts at once and sends it from a goroutine.
func (r *Remote) Start(start goap.State, t *goap.Target, opts goap.Options) agent.RemoteSearch {
	s := &remoteSearch{}
	req, err := r.request(start, t, opts)
	if err != nil {
		s.res.Store(&goap.Result{Status: goap.Failed, Err: err})
		return s
	}
	go func() {
		r.slots <- struct{}{}
		defer func() { <-r.slots }()
		ctx, cancel := context.WithTimeout(context.Background(), r.Timeout)
		defer cancel()
		reply, err := r.c.Plan(ctx, req)
		res := r.result(reply, err)
		s.res.Store(&res)
	}()
	return s
}

// request is the Request of a search.
func (r *Remote) request(start goap.State, t *goap.Target, opts goap.Options) (service.Request, error) {
	req := service.Request{Domain: r.hash, State: start.Values(), Options: service.Options{
		Heuristic: opts.Heuristic.String(), Direction: opts.Direction.String(), Weight: opts.SuboptimalWeight,
		MaxExpansions: opts.MaxExpansions, MaxMemory: opts.MaxMemory,
	}}
	for _, id := range opts.Exclude {
		req.Exclude = append(req.Exclude, r.d.ActionName(id))
	}
	g := r.goal(t)
	if g.err != nil {
		return req, g.err
	}
	req.Goal, req.Conds = g.name, g.conds
	return req, nil
}

// goal names t for a request, once per target.
func (r *Remote) goal(t *goap.Target) goalSpec {
	if g, ok := r.goals.Load(t); ok {
		return g.(goalSpec)
	}
	var g goalSpec
	if dg, ok := r.d.Goal(t.Name()); ok && dg == t {
		g.name = t.Name()
	} else {
		g.conds, g.err = conds(r.d, t)
	}
	r.goals.Store(t, g)
	return g
}

// conds writes a target's conditions in the schema's syntax. A compiled
// condition is known by the values that meet it, and one comparison
// (=, !=, <=, >=) gives each set a condition on one fact can have.
func conds(d *goap.Domain, t *goap.Target) (map[string]any, error) {
	out := map[string]any{}
	for _, c := range t.Conds() {
		f := d.Fact(c.Fact())
		lo, hi := f.Min, f.Max
		switch f.Kind {
		case goap.BoolFact:
			lo, hi = 0, 1
		case goap.EnumFact:
			lo, hi = 0, len(f.Values)-1
		}
		value := func(v int) any {
			switch f.Kind {
			case goap.BoolFact:
				return v == 1
			case goap.EnumFact:
				return f.Values[v]
			}
			return v
		}
		n, first, last := 0, -1, -1
		for v := lo; v <= hi; v++ {
			if c.Holds(v) {
				n++
				if first < 0 {
					first = v
				}
				last = v
			}
		}
		interval := f.Kind == goap.IntFact && n == last-first+1
		switch {
		case n == 1:
			out[f.Name] = value(first)
		case n == hi-lo: // all values but one
			for v := lo; v <= hi; v++ {
				if !c.Holds(v) {
					out[f.Name] = fmt.Sprintf("!= %v", value(v))
				}
			}
		case interval && first == lo:
			out[f.Name] = fmt.Sprintf("<= %d", last)
		case interval && last == hi:
			out[f.Name] = fmt.Sprintf(">= %d", first)
		default:
			return nil, fmt.Errorf("client: target %s: the condition %s is not one comparison", t.Name(), c)
		}
	}
	return out, nil
}

// result turns a reply into the agent's result.
func (r *Remote) result(reply service.Reply, err error) goap.Result {
	if err != nil {
		return goap.Result{Status: goap.Failed, Err: err}
	}
	res := goap.Result{Cost: reply.Cost, Expanded: reply.Expanded, Generated: reply.Generated}
	switch reply.Status {
	case service.StatusFound:
		res.Status = goap.Found
	case service.StatusAlreadySatisfied:
		res.Status = goap.AlreadySatisfied
	case service.StatusNoPlan:
		res.Status = goap.NoPlan
	case service.StatusLimitReached:
		res.Status = goap.LimitReached
		res.Err = errors.New("service: " + reply.Why)
	default:
		res.Status = goap.Failed
		res.Err = errors.New("service: " + reply.Status)
		if reply.Error != nil {
			res.Err = reply.Error
		}
		return res
	}
	ids := func(names []string) ([]goap.ActionID, error) {
		out := make([]goap.ActionID, len(names))
		for i, n := range names {
			id, ok := r.d.ActionID(n)
			if !ok {
				return nil, fmt.Errorf("client: the service planned action %q, which the agent's domain lacks (the domains differ)", n)
			}
			out[i] = id
		}
		return out, nil
	}
	var e1, e2 error
	res.Plan, e1 = ids(reply.Plan)
	res.Partial, e2 = ids(reply.Partial)
	if err := errors.Join(e1, e2); err != nil {
		return goap.Result{Status: goap.Failed, Err: err}
	}
	return res
}
