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

func TestMisspelt(t *testing.T) {
	set := []string{"forge_lit", "has_ammo", "a1", "a10", "door_a_open", "loaded", "weapon_loaded"}
	for _, c := range []struct{ in, want string }{
		{"forge_lti", "forge_lit"}, // a transposition: 2 edits in 9 bytes
		{"has_amo", "has_ammo"},
		{"HAS_AMMO", "has_ammo"},
		{"d1", ""},          // 1 edit in 2 bytes: another name
		{"d10", ""},         // 1 edit in 3 bytes
		{"door_b_open", ""}, // another door
		{"lodaed", ""},      // 2 edits in 6 bytes: too far to be sure
		{"weapon_lodaed", "weapon_loaded"},
		{"unloaded", ""},  // 2 edits, but a word of its own
		{"forge_lit", ""}, // itself is no misspelling
		{"xyz", ""},
	} {
		if got := suggest.Misspelt(c.in, set); got != c.want {
			t.Errorf("Misspelt(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
