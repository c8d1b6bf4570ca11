// Package names checks the names a designer gives to facts, actions,
// goals, enum values and agents. The core and the designer-file loader
// share the rule; it is not part of the public API.
package names

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Problem says what is wrong with a name, or returns "" when it is fine:
// a name must be valid UTF-8 and free of control characters, which would
// otherwise reach terminals and logs (an escape sequence can rewrite what
// a terminal shows).
func Problem(name string) string {
	for i, r := range name {
		switch {
		case r == utf8.RuneError && !strings.HasPrefix(name[i:], "\uFFFD"):
			return fmt.Sprintf("is not valid UTF-8 (byte %d is 0x%02X)", i, name[i])
		case unicode.IsControl(r):
			return fmt.Sprintf("contains the control character U+%04X (at byte %d)", r, i)
		}
	}
	return ""
}
