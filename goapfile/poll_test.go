package goapfile

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"
)

// chainJSON is a designer file of n actions in a chain, one JSON line
// per action.
func chainJSON(n int) []byte {
	var b strings.Builder
	b.WriteString(`{"name": "chain", "actions": [`)
	for i := range n {
		if i > 0 {
			b.WriteString(",\n")
		}
		fmt.Fprintf(&b, `{"name": "a%d", "preconditions": {"f%d": true}, "effects": {"f%d": true}}`, i, i, i+1)
	}
	fmt.Fprintf(&b, "], \"start\": {\"f0\": true}, \"goal\": {\"f%d\": true}}\n", n)
	return []byte(b.String())
}

// TestParseContext checks that ParseContext stops with the context's
// cause in every stage (decoding, reading the nodes, compiling): a
// deadline at a tenth, 40 % and 70 % of the time a whole parse takes ends
// the parse with the deadline's error, no file. Parse used to run to the
// end. How soon after the deadline it stops depends on the timing of a
// shared machine, so it is not asserted: a bound on it failed under load.
func TestParseContext(t *testing.T) {
	if testing.Short() {
		t.Skip("parses a file of 40,000 actions several times")
	}
	data := chainJSON(40_000)
	t0 := time.Now()
	if _, err := ParseContext(context.Background(), "chain.json", data); err != nil {
		t.Fatal(err)
	}
	whole := time.Since(t0)
	for _, part := range []float64{0.1, 0.4, 0.7} {
		deadline := time.Duration(float64(whole) * part)
		ctx, cancel := context.WithTimeout(context.Background(), deadline)
		t0 := time.Now()
		f, err := ParseContext(ctx, "chain.json", data)
		took := time.Since(t0)
		cancel()
		if f != nil && took < deadline {
			continue // faster than the first time (a shared machine)
		}
		if f != nil || !errors.Is(err, context.DeadlineExceeded) {
			t.Errorf("deadline %v of %v: got a file: %v, %v; want context.DeadlineExceeded", deadline, whole, f != nil, err)
		}
	}
	cause := errors.New("memory limit")
	ctx, cancel := context.WithCancelCause(context.Background())
	cancel(cause)
	if f, err := ParseContext(ctx, "chain.json", data); f != nil || err != cause {
		t.Errorf("cancelled with a cause: got a file: %v, %v", f != nil, err)
	}
}

// lateTimer is a context whose deadline has passed before its timer
// fires, as on a loaded machine.
type lateTimer struct{ context.Context }

func (lateTimer) Deadline() (time.Time, bool) { return time.Now().Add(-time.Second), true }

// TestParseContextLateTimer: a parse that ends after its context's
// deadline returns no file but the context's cause, even when the
// context's timer has not fired yet (ParseContext waits for it).
func TestParseContextLateTimer(t *testing.T) {
	cause := errors.New("the time limit (--timeout 200ms) was reached while loading")
	ctx, cancel := context.WithCancelCause(context.Background())
	go func() {
		time.Sleep(20 * time.Millisecond)
		cancel(cause)
	}()
	f, err := ParseContext(lateTimer{ctx}, "chain.json", chainJSON(10))
	if f != nil || err != cause {
		t.Fatalf("got a file: %v, %v; want the context's cause", f != nil, err)
	}
}
