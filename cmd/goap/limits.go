package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"runtime/debug"
	"runtime/metrics"
	"time"
)

// errMemoryCap is the cause the watchdog cancels a command's context with
// when the process reaches --max-memory while loading, grounding or
// compiling (the search stops itself before, see searchFlags.plan).
var errMemoryCap = errors.New("the memory limit was reached")

// watchEvery is how often the watchdog reads the process's memory: the
// stages it stops allocate at most a few hundred MB/s, so a few MB pass
// between two looks, and a look costs about a microsecond.
const watchEvery = 2 * time.Millisecond

// watchdog cancels a context when the Go runtime's memory, plus the
// executable's, passes a limit.
type watchdog struct {
	quit chan struct{}
	done chan struct{}
}

// startProcess is start for the commands whose --max-memory bounds the
// whole process (plan, pddl): besides --timeout, a watchdog stops the
// loading, grounding and compiling, which cannot stop themselves on
// memory as the search does, by cancelling the returned context with
// errMemoryCap once the memory the runtime holds (the heap with its
// garbage, stacks, the runtime's own) plus the executable's passes
// --max-memory. The runtime's soft limit is set an eighth below, so that
// garbage is collected before it counts. searchFlags.plan stops the
// watchdog: the search has its own, finer bound. With GOMEMLIMIT set,
// the user's soft limit stays and only the watchdog runs.
func (s *searchFlags) startProcess(ctx context.Context) (context.Context, context.CancelFunc) {
	ctx, cancel := s.start(ctx)
	m := s.opts.MaxMemory
	if m <= 0 {
		return ctx, cancel
	}
	ctx, cancelCause := context.WithCancelCause(ctx)
	limit := loadLimit(m)
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(limit - limit/8)
	}
	w := &watchdog{quit: make(chan struct{}), done: make(chan struct{})}
	go w.run(limit, func() { cancelCause(errMemoryCap) })
	s.watch = w
	return ctx, func() {
		w.stop()
		cancelCause(context.Canceled)
		cancel()
	}
}

// loadLimit is the memory the Go runtime may hold while a command
// loads, grounds and compiles under --max-memory m: m less the
// executable's share, and never less than minLoadLimit.
func loadLimit(m int64) int64 { return max(m-binaryBytes, minLoadLimit) }

// minLoadLimit is the least memory loading may take, however small
// --max-memory is: the runtime alone holds a few MB, and a small file
// loads in a few more. A limit below it bounds the search only (which
// gets at least 1 MiB, see searchFlags.plan), and the process peaks
// within the limit plus this slack.
const minLoadLimit = 48 << 20

// run polls the memory until it passes limit (then calls hit) or stop is
// called.
func (w *watchdog) run(limit int64, hit func()) {
	defer close(w.done)
	samples := []metrics.Sample{{Name: "/memory/classes/total:bytes"}, {Name: "/memory/classes/heap/released:bytes"}}
	t := time.NewTicker(watchEvery)
	defer t.Stop()
	for {
		metrics.Read(samples)
		if held := int64(samples[0].Value.Uint64() - samples[1].Value.Uint64()); held > limit {
			hit()
			return
		}
		select {
		case <-w.quit:
			return
		case <-t.C:
		}
	}
}

// stop ends the watchdog and waits for it; a nil watchdog or one stopped
// already is fine.
func (w *watchdog) stop() {
	if w == nil {
		return
	}
	select {
	case <-w.quit:
	default:
		close(w.quit)
	}
	<-w.done
}

// stopped turns the error of a stage that ran under ctx (loading a file,
// parsing, grounding, compiling) into the limit error of command cmd when
// ctx stopped it: which limit, and what was being done. It returns nil
// for other errors.
func (s *searchFlags) stopped(ctx context.Context, cmd, what string, err error) error {
	if err == nil || ctx.Err() == nil {
		return nil
	}
	switch cause := context.Cause(ctx); {
	case errors.Is(cause, errMemoryCap):
		return limitError(cmd, "the memory limit (--max-memory %s) was reached while %s", formatSize(s.opts.MaxMemory), what)
	case errors.Is(cause, context.DeadlineExceeded):
		return limitError(cmd, "the time limit (--timeout %v) was reached while %s", s.timeout, what)
	}
	return limitError(cmd, "interrupted while %s", what)
}

// keyBytes is the least memory one key of a mapping takes once the YAML
// decoder holds the file: two yaml.Node values (a key and its value, 152
// bytes each, in 160-byte blocks) and two pointers in their parent. The
// whole load takes more (800 to 1,000 bytes per key measured on JSON and
// YAML files of 20k to 100k actions, block and flow style), so a file
// whose keys times keyBytes exceed --max-memory cannot load within it.
const keyBytes = 2*160 + 2*8

// refuseLoad refuses, before any work, the designer file path holding
// data when its keys cannot be decoded within --max-memory (see
// keyBytes); nil when they may fit, or when there is no limit.
func (s *searchFlags) refuseLoad(cmd, path string, data []byte) error {
	m := s.opts.MaxMemory
	if m <= 0 || int64(len(data))*keyBytes/4 <= loadLimit(m) { // a key takes 4 bytes at least
		return nil
	}
	keys := countKeys(data)
	if need := keys * keyBytes; need > loadLimit(m) {
		return limitError(cmd, "the memory limit (--max-memory %s) is too small to load %s: its %d keys take %s or more once decoded", formatSize(m), path, keys, approxSize(need))
	}
	return nil
}

// countKeys counts the keys of mappings in a YAML or JSON text, from
// below: colons followed by white space or the end, or after a closing
// quote, outside quoted strings and comments.
func countKeys(data []byte) int64 {
	var n int64
	var quote byte // the quote of the string being read, or 0
	for i := 0; i < len(data); i++ {
		c := data[i]
		switch {
		case quote == '"' && c == '\\':
			i++ // an escaped character
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'':
			if i == 0 || !isWordByte(data[i-1]) {
				quote = c
			}
		case c == '#' && (i == 0 || isSpaceByte(data[i-1])):
			for i < len(data) && data[i] != '\n' {
				i++
			}
		case c == ':':
			if i+1 == len(data) || isSpaceByte(data[i+1]) || i > 0 && (data[i-1] == '"' || data[i-1] == '\'') {
				n++
			}
		}
	}
	return n
}

// isSpaceByte reports white space that ends a YAML token.
func isSpaceByte(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// isWordByte reports a byte that a quote inside a plain scalar follows
// (it's, don't): such a quote opens no string.
func isWordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_'
}

// approxSize writes n bytes in the largest binary unit, rounded to one
// decimal.
func approxSize(n int64) string {
	for _, u := range []struct {
		name string
		n    int64
	}{{"GiB", 1 << 30}, {"MiB", 1 << 20}, {"KiB", 1 << 10}} {
		if n >= u.n {
			return fmt.Sprintf("%.1f %s", float64(n)/float64(u.n), u.name)
		}
	}
	return fmt.Sprintf("%d B", n)
}
