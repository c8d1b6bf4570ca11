package goap_test

import (
	"context"
	"strings"
	"testing"

	"github.com/goap-go/goap"
)

// mustPanic runs f and returns the message it panicked with.
func mustPanic(t *testing.T, f func()) (msg string) {
	t.Helper()
	defer func() {
		r := recover()
		if r == nil {
			t.Fatal("no panic")
		}
		msg, _ = r.(string)
	}()
	f()
	return ""
}

// TestPlannerConcurrentUse checks that a Planner called while another
// call on it runs panics with a message that names the mistake, whether
// the second call comes from another goroutine or from a hook.
func TestPlannerConcurrentUse(t *testing.T) {
	t.Parallel()
	const want = "goap: concurrent use of a Planner"
	t.Run("goroutines", func(t *testing.T) {
		inside, release := make(chan struct{}), make(chan struct{})
		first := true
		p, start, goal := chainPlanner(t, 3, func(goap.State) float64 {
			if first {
				first = false
				close(inside)
				<-release
			}
			return 1
		})
		done := make(chan goap.Result)
		go func() { done <- p.Plan(context.Background(), start, goal) }()
		<-inside // the other goroutine is in the middle of its call
		for _, call := range []func(){
			func() { p.Plan(context.Background(), start, goal) },
			func() { p.Start(start, goal) },
		} {
			if msg := mustPanic(t, call); !strings.HasPrefix(msg, want) {
				t.Errorf("panic %q, want it to start %q", msg, want)
			}
		}
		close(release)
		if res := <-done; res.Status != goap.Found || res.Cost != 3 {
			t.Fatalf("the first call: %v cost %v", res.Status, res.Cost)
		}
		// Once the calls no longer overlap, the planner works.
		if res := p.Plan(context.Background(), start, goal); res.Status != goap.Found {
			t.Fatalf("after: %v", res.Status)
		}
	})
	t.Run("hook", func(t *testing.T) {
		var p *goap.Planner
		var start goap.State
		var goal *goap.Target
		p, start, goal = chainPlanner(t, 3, func(goap.State) float64 {
			p.Plan(context.Background(), start, goal)
			return 1
		})
		if msg := mustPanic(t, func() { p.Plan(context.Background(), start, goal) }); !strings.HasPrefix(msg, want) {
			t.Errorf("panic %q, want it to start %q", msg, want)
		}
		// The panic left the planner usable.
		if msg := mustPanic(t, func() { p.Plan(context.Background(), start, goal) }); !strings.HasPrefix(msg, want) {
			t.Errorf("second time: panic %q", msg)
		}
	})
}

// TestStaleSearch checks that a Search kept after its planner started
// another search panics instead of reporting on the newer one.
func TestStaleSearch(t *testing.T) {
	t.Parallel()
	p, start, goal := chainPlanner(t, 5, nil)
	old := p.Start(start, goal)
	old.Step(2)
	if !old.Valid() {
		t.Fatal("a fresh Search is not valid")
	}
	cur := p.Start(start, goal)
	if old.Valid() || !cur.Valid() {
		t.Fatalf("valid: old %v, current %v", old.Valid(), cur.Valid())
	}
	const want = "goap: use of a Search after its Planner started another search"
	for name, call := range map[string]func(){
		"Step":      func() { old.Step(1) },
		"Status":    func() { old.Status() },
		"Result":    func() { old.Result() },
		"Tree":      func() { old.Tree() },
		"TreeInto":  func() { old.TreeInto(nil) },
		"Direction": func() { old.Direction() },
	} {
		if msg := mustPanic(t, call); !strings.HasPrefix(msg, want) {
			t.Errorf("%s: panic %q, want it to start %q", name, msg, want)
		}
	}
	// Plan ends a started search too.
	p.Plan(context.Background(), start, goal)
	if msg := mustPanic(t, func() { cur.Step(1) }); !strings.HasPrefix(msg, want) {
		t.Errorf("after Plan: panic %q", msg)
	}
	if msg := mustPanic(t, func() { goap.Search{}.Step(1) }); !strings.Contains(msg, "zero Search") {
		t.Errorf("zero Search: panic %q", msg)
	}
}

// TestStartStepAllocs pins a warm planner's stepped search to no
// allocations: the Search handle is a value.
func TestStartStepAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation counts do not hold under the race detector")
	}
	p, start, goal := chainPlanner(t, 20, nil)
	run := func() {
		s := p.Start(start, goal)
		for s.Step(4) == goap.Running {
		}
		if r := s.Result(); r.Status != goap.Found || r.Cost != 20 {
			t.Fatalf("%v cost %v", r.Status, r.Cost)
		}
	}
	run()
	if n := testing.AllocsPerRun(50, run); n != 0 {
		t.Errorf("%v allocations per stepped search, want 0", n)
	}
}
