package suggest_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/goap-go/goap/internal/suggest"
)

func TestClosest(t *testing.T) {
	names := []string{"has_ammo", "armed", "loaded", "in_range", "Attack"}
	for _, c := range []struct{ in, want string }{
		{"has_amo", "has_ammo"},
		{"ARMED", "armed"},       // case is ignored
		{"attak", "Attack"},      // and the candidate's spelling returned
		{"in_rnage", "in_range"}, // two edits in eight letters
		{"xyz", ""},              // nothing close
		{"", ""},                 // empty
		{"loadde", "loaded"},
	} {
		if got := suggest.Closest(c.in, names); got != c.want {
			t.Errorf("Closest(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	if got := suggest.Closest("ab", []string{"ac", "ad"}); got != "ac" {
		t.Errorf("tie: %q, want the first candidate", got)
	}
	// Past MaxLen nothing is compared: two 5 MB names took hours.
	long := strings.Repeat("x", 5<<20)
	if got := suggest.Closest(long+"y", []string{long}); got != "" {
		t.Errorf("a long name got a suggestion of %d bytes", len(got))
	}
	edge := strings.Repeat("x", suggest.MaxLen)
	if got := suggest.Closest(edge[1:]+"y", []string{edge}); got != edge {
		t.Errorf("a name of MaxLen bytes got %q", got)
	}
}

func ExampleHint() {
	fmt.Printf("unknown fact %q%s\n", "has_amo", suggest.Hint("has_amo", []string{"armed", "has_ammo"}))
	// Output: unknown fact "has_amo" (did you mean "has_ammo"?)
}
