package goapfile

import (
	"context"
	"io"
	"time"
)

// pollNodes is how many calls of halted pass between two looks at the
// context: a look costs a few nanoseconds, a call happens for every node.
const pollNodes = 256

// halted reports whether ParseContext's context is done, recording its
// cause in p.stop: from then on every node is skipped and no error is
// recorded, so the walk ends quickly.
func (p *parser) halted() bool {
	if p.stop != nil {
		return true
	}
	if p.done == nil {
		return false
	}
	if p.polls++; p.polls%pollNodes != 0 {
		return false
	}
	return p.look()
}

// haltedNow is halted, looking at the context and its deadline at once.
func (p *parser) haltedNow() bool {
	if p.stop != nil || p.done != nil && p.look() {
		return true
	}
	// The context's deadline itself: on a loaded machine its timer can
	// fire late, and a parse that ran past the deadline gave a file. The
	// timer fires all the same: waiting for it gives the context's cause
	// (the command line's names its --timeout).
	if p.ctx == nil || p.done == nil {
		return false
	}
	if d, ok := p.ctx.Deadline(); ok && !time.Now().Before(d) {
		<-p.done
		p.stop = context.Cause(p.ctx)
		return true
	}
	return false
}

// look is halted's look at the context, done at once.
func (p *parser) look() bool {
	select {
	case <-p.done:
		p.stop = context.Cause(p.ctx)
		return true
	default:
		return false
	}
}

// pollingReader feeds the YAML decoder, which reads its input a few
// hundred bytes at a time and cannot be stopped otherwise: once the
// context is done, a read fails and the decoder returns.
type pollingReader struct {
	r io.Reader
	p *parser
}

func (r *pollingReader) Read(b []byte) (int, error) {
	if r.p.haltedNow() {
		return 0, r.p.stop
	}
	return r.r.Read(b)
}
