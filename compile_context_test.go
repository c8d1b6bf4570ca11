package goap

import (
	"context"
	"errors"
	"fmt"
	"testing"
)

// TestNewDomainContext checks that a done context stops the compiler
// with its cause, before or between actions, and that a live one
// compiles what NewDomain does.
func TestNewDomainContext(t *testing.T) {
	spec := Spec{Name: "chain"}
	for i := range 3 * pollActions {
		spec.Actions = append(spec.Actions, Action{
			Name: fmt.Sprintf("a%d", i), Cost: 1,
			Pre:     Conds{fmt.Sprintf("f%d", i): true},
			Effects: Effects{fmt.Sprintf("f%d", i+1): true},
		})
	}
	d, err := NewDomainContext(context.Background(), spec)
	if err != nil || d.NumActions() != len(spec.Actions) {
		t.Fatalf("live context: %v, %v", d, err)
	}
	cause := errors.New("out of patience")
	ctx, cancel := context.WithCancelCause(context.Background())
	cancel(cause)
	if d, err := NewDomainContext(ctx, spec); d != nil || !errors.Is(err, cause) {
		t.Errorf("cancelled context: got %v, %v; want the cause", d, err)
	}
	// Stopped between actions: the poll fails on its second look.
	looks := 0
	d, err = newDomain(spec, func() error {
		if looks++; looks == 2 {
			return cause
		}
		return nil
	})
	if d != nil || !errors.Is(err, cause) || looks != 2 {
		t.Errorf("stopped after %d actions: got %v, %v after %d looks", pollActions, d, err, looks)
	}
}
