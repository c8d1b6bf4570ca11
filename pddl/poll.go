package pddl

import (
	"context"

	"github.com/goap-go/goap"
)

// poller stops parsing when its context is done, looking at it every
// pollEvery calls of hit.
type poller struct {
	ctx  context.Context
	done <-chan struct{}
	n    int
	err  error // context.Cause of ctx, once seen
}

func newPoller(ctx context.Context) *poller { return &poller{ctx: ctx, done: ctx.Done()} }

// hit counts one piece of work (a node read, an initial atom) and reports
// whether the context is done.
func (q *poller) hit() bool {
	if q == nil || q.done == nil {
		return false
	}
	if q.err != nil {
		return true
	}
	if q.n++; q.n%pollEvery != 0 {
		return false
	}
	select {
	case <-q.done:
		q.err = context.Cause(q.ctx)
		return true
	default:
		return false
	}
}

// ParseDomainContext is ParseDomain stopping early with
// context.Cause(ctx) when ctx is done first (looked at every few thousand
// s-expressions).
func ParseDomainContext(ctx context.Context, file string, src []byte) (*Domain, error) {
	if ctx.Err() != nil {
		return nil, context.Cause(ctx)
	}
	return parseDomain(file, src, newPoller(ctx))
}

// ParseProblemContext is ParseProblem stopping early with
// context.Cause(ctx) when ctx is done first (looked at every few thousand
// s-expressions and initial atoms): a problem of tens of megabytes takes
// seconds and its size twenty times over in memory to read.
func ParseProblemContext(ctx context.Context, file string, src []byte, d *Domain) (*Problem, error) {
	if ctx.Err() != nil {
		return nil, context.Cause(ctx)
	}
	return parseProblem(file, src, d, newPoller(ctx))
}

// CompileContext is Compile stopping early with context.Cause(ctx) when
// ctx is done first (see goap.NewDomainContext): a million ground actions
// take seconds and gigabytes to compile.
func (t *Task) CompileContext(ctx context.Context) (*goap.Domain, goap.State, *goap.Target, error) {
	spec, err := t.encode()
	if err != nil {
		return nil, goap.State{}, nil, err
	}
	d, err := goap.NewDomainContext(ctx, spec)
	if err != nil {
		return nil, goap.State{}, nil, err
	}
	return t.finish(d)
}
