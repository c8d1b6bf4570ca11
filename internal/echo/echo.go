// Package echo quotes values taken from the user's input in error
// messages, cut to a length a reader can take in: a 50 MB name echoed in
// full buries the message (and fills a terminal or a log). It uses the
// standard library only, so the core package may import it.
package echo

import (
	"fmt"
	"io"
	"io/fs"
	"strconv"
	"unicode/utf8"
)

// MaxRunes is how many runes of a value Quote keeps.
const MaxRunes = 64

// Quote returns s quoted as %q quotes it. A value longer than MaxRunes
// runes keeps its first MaxRunes runes, followed by "..." and its length
// in bytes:
//
//	"aaaa...aaaa"... (52428800 bytes)
func Quote(s string) string {
	if len(s) <= MaxRunes {
		return strconv.Quote(s)
	}
	cut, n := 0, 0
	for cut < len(s) && n < MaxRunes {
		_, size := utf8.DecodeRuneInString(s[cut:])
		cut += size
		n++
	}
	if cut == len(s) {
		return strconv.Quote(s)
	}
	return strconv.Quote(s[:cut]) + "... (" + strconv.Itoa(len(s)) + " bytes)"
}

// value is a string whose %q is Quote's; every other verb prints it as
// a plain string does.
type value string

// Format implements fmt.Formatter.
func (v value) Format(f fmt.State, verb rune) {
	if verb == 'q' && !f.Flag('#') && !f.Flag('+') {
		_, _ = io.WriteString(f, Quote(string(v)))
		return
	}
	_, _ = fmt.Fprintf(f, fmt.FormatString(f, verb), string(v))
}

// Args returns args with each string made to quote itself with Quote
// under %q, for the error-making functions of each package (errorf and
// the like): every %q of a message is then cut, whoever writes the next
// one. Other verbs print strings unchanged. An *fs.PathError's path is
// cut with Cut (the error still unwraps to its cause); other arguments
// are kept.
func Args(args []any) []any {
	out := args
	for i, a := range args {
		var v any
		switch a := a.(type) {
		case string:
			if len(a) > MaxRunes {
				v = value(a)
			}
		case *fs.PathError:
			// os's errors print their path whole ("open PATH: file
			// name too long"); the copy unwraps to the same cause.
			if a != nil && len(a.Path) > MaxRunes {
				v = &fs.PathError{Op: a.Op, Path: Cut(a.Path), Err: a.Err}
			}
		}
		if v != nil {
			if &out[0] == &args[0] {
				out = append([]any(nil), args...)
			}
			out[i] = v
		}
	}
	return out
}

// Sprintf is fmt.Sprintf with Args applied: each string quoted with %q
// is cut as Quote cuts it.
func Sprintf(format string, args ...any) string {
	return fmt.Sprintf(format, Args(args)...)
}

// Errorf is fmt.Errorf with Args applied (%w still wraps).
func Errorf(format string, args ...any) error {
	return fmt.Errorf(format, Args(args)...)
}

// Cut returns s unchanged when it has at most MaxRunes runes, and
// otherwise its first MaxRunes runes followed by "... (N bytes)": for a
// value a message shows without quotes (--set fact=value).
func Cut(s string) string {
	q := Quote(s)
	if q == strconv.Quote(s) {
		return s
	}
	cut, n := 0, 0
	for cut < len(s) && n < MaxRunes {
		_, size := utf8.DecodeRuneInString(s[cut:])
		cut += size
		n++
	}
	return s[:cut] + "... (" + strconv.Itoa(len(s)) + " bytes)"
}
