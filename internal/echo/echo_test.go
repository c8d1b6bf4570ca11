package echo

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestQuote(t *testing.T) {
	long := strings.Repeat("x", 50<<20)
	for _, c := range []struct{ in, want string }{
		{"", `""`},
		{"kitchen", `"kitchen"`},
		{"a\"b\n", `"a\"b\n"`},
		{strings.Repeat("a", MaxRunes), `"` + strings.Repeat("a", MaxRunes) + `"`},
		{strings.Repeat("a", MaxRunes+1), `"` + strings.Repeat("a", MaxRunes) + `"... (65 bytes)`},
		{long, `"` + strings.Repeat("x", MaxRunes) + `"... (52428800 bytes)`},
		// Cut between runes, never inside one.
		{strings.Repeat("é", MaxRunes+1), `"` + strings.Repeat("é", MaxRunes) + `"... (130 bytes)`},
		// Within MaxRunes runes although longer in bytes: kept whole.
		{strings.Repeat("é", MaxRunes), `"` + strings.Repeat("é", MaxRunes) + `"`},
	} {
		got := Quote(c.in)
		if got != c.want {
			t.Errorf("Quote(%d bytes) = %.100s, want %.100s", len(c.in), got, c.want)
		}
		if len(got) > 3*MaxRunes+40 {
			t.Errorf("Quote(%d bytes) is %d bytes long", len(c.in), len(got))
		}
	}
	// Invalid UTF-8 is cut too, one byte a rune as %q escapes it.
	bad := strings.Repeat("\xff", 1000)
	if got := Quote(bad); !strings.HasSuffix(got, `"... (1000 bytes)`) || !utf8.ValidString(got) {
		t.Errorf("Quote(invalid) = %s", got)
	}
}

func TestArgs(t *testing.T) {
	long := strings.Repeat("y", 1<<20)
	cause := errors.New("cause")
	err := Errorf("unknown fact %q in %s (%d): %w", long, "effects", 3, cause)
	want := `unknown fact "` + strings.Repeat("y", MaxRunes) + `"... (1048576 bytes) in effects (3): cause`
	if err.Error() != want {
		t.Errorf("Errorf = %.200s", err)
	}
	if !errors.Is(err, cause) {
		t.Error("Errorf lost %w")
	}
	// %s, %v and widths print the whole string: only quoting cuts.
	if got := Sprintf("%s|%v|%-3s|%q", "ab", "cd", "e", "f"); got != `ab|cd|e  |"f"` {
		t.Errorf("Sprintf = %s", got)
	}
	if got := Sprintf("%s", long); got != long {
		t.Errorf("%%s cut a long string to %d bytes", len(got))
	}
	// The caller's arguments are left alone.
	args := []any{long}
	_ = Args(args)
	if args[0] != long {
		t.Error("Args changed its argument")
	}
}

func ExampleQuote() {
	fmt.Println(Quote("kitchen"))
	fmt.Println(Quote(strings.Repeat("ab", 40)))
	// Output:
	// "kitchen"
	// "abababababababababababababababababababababababababababababababab"... (80 bytes)
}
