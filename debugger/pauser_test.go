package debugger_test

import (
	"testing"
	"time"

	"github.com/goap-go/goap/debugger"
)

// TestPauser: a paused run takes a tick per step and none otherwise; a
// running one always may; Wait blocks until a step or Stop.
func TestPauser(t *testing.T) {
	p := debugger.NewPauser(true)
	if p.Next() || !p.Paused() {
		t.Fatal("a paused run took a tick")
	}
	if !p.Control("step") || !p.Next() || p.Next() {
		t.Error("a step did not allow exactly one tick")
	}
	if p.Control("run") || !p.Next() || !p.Next() {
		t.Error("a running run was held")
	}
	p.Control("pause")
	got := make(chan bool)
	go func() { got <- p.Wait() }()
	select {
	case <-got:
		t.Fatal("Wait returned while paused without a step")
	case <-time.After(20 * time.Millisecond):
	}
	p.Control("step")
	if ok := <-got; !ok {
		t.Error("Wait after a step said stop")
	}
	go func() { got <- p.Wait() }()
	p.Stop()
	if ok := <-got; ok {
		t.Error("Wait after Stop said go")
	}
}
