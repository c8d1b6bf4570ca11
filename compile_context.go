package goap

import "context"

// pollActions is how many actions NewDomainContext compiles between two
// looks at its context: a few milliseconds of work at most.
const pollActions = 1024

// NewDomainContext is NewDomain stopping early, with ctx's error
// (context.Cause's, when the context was cancelled with a cause), when
// ctx is done before the domain is compiled. It looks at ctx every 1,024
// actions and between the indexes it builds, so that a deadline or a
// memory watchdog can stop the compiling of a domain of a million
// actions, which takes seconds and gigabytes.
func NewDomainContext(ctx context.Context, spec Spec) (*Domain, error) {
	if ctx.Done() == nil {
		return NewDomain(spec)
	}
	return newDomain(spec, func() error {
		if ctx.Err() != nil {
			return context.Cause(ctx)
		}
		return nil
	})
}

// polled returns the error of c's poll, or nil.
func (c *compiler) polled() error {
	if c.poll == nil {
		return nil
	}
	return c.poll()
}
