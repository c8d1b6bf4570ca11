package goapfile

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// TestMaxAgentCells checks that a file with more agents than its domain
// allows (agents times actions and facts past MaxAgentCells) is refused
// at the first agent too many, instead of taking gigabytes in goap check
// and goap sim.
func TestMaxAgentCells(t *testing.T) {
	const actions = 1000
	size := actions + actions + 1 // facts f0..f1000
	most := MaxAgentCells / size
	var b strings.Builder
	b.WriteString("actions:\n")
	for i := range actions {
		fmt.Fprintf(&b, "  - {name: a%d, preconditions: {f%d: true}, effects: {f%d: true}}\n", i, i, i+1)
	}
	fmt.Fprintf(&b, "goals:\n  - {name: g, desired: {f%d: true}}\nagents:\n", actions)
	header := strings.Count(b.String(), "\n")
	for i := range most + 1 {
		fmt.Fprintf(&b, "  - {name: u%d, goals: [g]}\n", i)
	}
	_, err := Parse("many.yaml", []byte(b.String()))
	var list ErrorList
	if !errors.As(err, &list) || len(list) != 1 {
		t.Fatalf("got %v, want one error", err)
	}
	e := list[0]
	want := fmt.Sprintf("agent #%d is one too many: a domain of %d actions and %d facts may have at most %d agents", most+1, actions, actions+1, most)
	if e.Line != header+most+1 || !strings.Contains(e.Msg, want) {
		t.Errorf("got %d: %s\nwant line %d: %s", e.Line, e.Msg, header+most+1, want)
	}
}
