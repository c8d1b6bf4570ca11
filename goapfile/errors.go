package goapfile

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Position is a place in a file: a 1-based line and column. The zero
// Position means "unknown".
type Position struct {
	Line, Col int
}

// IsValid reports whether p names a line.
func (p Position) IsValid() bool { return p.Line > 0 }

// String renders p as "line:col", "line" when the column is unknown, or
// "-" when p is the zero Position.
func (p Position) String() string {
	switch {
	case p.Line <= 0:
		return "-"
	case p.Col <= 0:
		return fmt.Sprint(p.Line)
	}
	return fmt.Sprintf("%d:%d", p.Line, p.Col)
}

// Error is one problem found in a designer file, with its position and the
// text of the offending line.
type Error struct {
	// File is the file name given to Parse or Load.
	File string
	// Line and Col locate the problem (1-based); both are 0 when the
	// problem concerns the whole file, and Col is 0 when only the line is
	// known.
	Line, Col int
	// Msg says what is wrong.
	Msg string
	// Source is the offending line, without its line break ("" when
	// Line is 0).
	Source string
}

// Error renders the problem as "file:line:col: msg", followed by the
// offending line and a caret under the column:
//
//	guard.yaml:12:5: unknown key "preconditon" in action (did you mean "preconditions"?)
//	   12 |     preconditon: {armed: true}
//	      |     ^
func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString(e.Header())
	if e.Line > 0 && e.Source != "" {
		num := strconv.Itoa(e.Line)
		w := max(5, len(num))
		src, col := excerpt(e.Source, e.Col)
		fmt.Fprintf(&b, "\n%*s | %s", w, num, src)
		if col > 0 {
			fmt.Fprintf(&b, "\n%*s | ", w, "")
			b.WriteString(caretPad(src, col))
			b.WriteByte('^')
		}
	}
	return b.String()
}

// Header renders the first line of the error only: "file:line:col: msg".
func (e *Error) Header() string {
	var b strings.Builder
	b.WriteString(e.File)
	if e.Line > 0 {
		fmt.Fprintf(&b, ":%d", e.Line)
		if e.Col > 0 {
			fmt.Fprintf(&b, ":%d", e.Col)
		}
	}
	b.WriteString(": ")
	b.WriteString(e.Msg)
	return b.String()
}

// Pos returns the error's position.
func (e *Error) Pos() Position { return Position{e.Line, e.Col} }

// maxExcerpt is how many characters of the offending line an error quotes
// at most: a line of megabytes is cut to the part around the column.
const maxExcerpt = 200

// excerpt returns the part of line an error quotes, at most maxExcerpt
// characters around column col with "…" where it is cut, and the column
// in it. Control characters and bytes that are not UTF-8 show as "�",
// so a file cannot send escape sequences to the terminal.
func excerpt(line string, col int) (string, int) {
	runes := []rune(line)
	for i, r := range runes {
		if r != '\t' && unicode.IsControl(r) {
			runes[i] = utf8.RuneError
		}
	}
	if len(runes) <= maxExcerpt {
		return string(runes), col
	}
	from := 0
	if col > maxExcerpt/2 {
		from = min(col-1-maxExcerpt/2, len(runes)-maxExcerpt)
	}
	to := from + maxExcerpt
	out := string(runes[from:to])
	if col > 0 {
		col -= from
	}
	if from > 0 {
		out = "…" + out
		if col > 0 {
			col++
		}
	}
	if to < len(runes) {
		out += "…"
	}
	return out, col
}

// caretPad returns the whitespace that puts a caret under column col
// (counted in characters) of line, keeping the line's tabs so the caret
// lines up in a terminal.
func caretPad(line string, col int) string {
	var b strings.Builder
	n := 0
	for _, r := range line {
		if n >= col-1 {
			break
		}
		if r == '\t' {
			b.WriteByte('\t')
		} else {
			b.WriteByte(' ')
		}
		n++
	}
	for ; n < col-1; n++ {
		b.WriteByte(' ')
	}
	return b.String()
}

// ErrorList is every problem found in a file, sorted by position. Parse
// and Load return it as their error.
type ErrorList []*Error

// Error renders every error, one after another, separated by line breaks.
func (l ErrorList) Error() string {
	parts := make([]string, len(l))
	for i, e := range l {
		parts[i] = e.Error()
	}
	return strings.Join(parts, "\n")
}

// sort orders the list by line, then column, keeping the order in which
// errors at one place were found.
func (l ErrorList) sort() {
	sort.SliceStable(l, func(i, j int) bool {
		if l[i].Line != l[j].Line {
			return l[i].Line < l[j].Line
		}
		return l[i].Col < l[j].Col
	})
}
