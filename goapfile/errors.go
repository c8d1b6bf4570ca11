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
	// Err is the error Msg reports when another package found the
	// problem: a *goap.SpecError of the domain's compiler, an error of
	// the YAML decoder or of goap.State.SetValue; nil otherwise.
	Err error
}

// Error renders the problem on one line: "file:line:col: msg", or
// "file:line: msg" when the column is unknown, or "file: msg" for the
// whole file. ErrorWithPosition adds the offending line.
func (e *Error) Error() string {
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

// Unwrap returns the error behind the problem (Err), if any.
func (e *Error) Unwrap() error { return e.Err }

// ErrorWithPosition renders the problem as Error does, followed by the
// offending line and a caret under the column, as goap prints it:
//
//	guard.yaml:12:5: unknown key "preconditon" in action (did you mean "preconditions"?)
//	   12 |     preconditon: {armed: true}
//	      |     ^
func (e *Error) ErrorWithPosition() string {
	var x excerpter
	var b strings.Builder
	x.write(&b, e)
	return b.String()
}

// write renders e as ErrorWithPosition does into b, quoting its line
// with x.
func (x *excerpter) write(b *strings.Builder, e *Error) {
	b.WriteString(e.Error())
	if e.Line > 0 && e.Source != "" {
		num := strconv.Itoa(e.Line)
		w := max(5, len(num))
		src, col := x.excerpt(e.Source, e.Col)
		fmt.Fprintf(b, "\n%*s | %s", w, num, src)
		if col > 0 {
			fmt.Fprintf(b, "\n%*s | ", w, "")
			b.WriteString(caretPad(src, col))
			b.WriteByte('^')
		}
	}
}

// Pos returns the error's position.
func (e *Error) Pos() Position { return Position{e.Line, e.Col} }

// maxExcerpt is how many characters of the offending line an error quotes
// at most: a line of megabytes is cut to the part around the column.
const maxExcerpt = 200

// excerpter quotes the offending lines of errors. It remembers the last
// long line it indexed (see excerptLong): the warnings of a one-line JSON
// file of megabytes all quote that line, and decoding it again for each
// of 100,000 warnings took 21 minutes. Errors rendered together (an
// ErrorList.ErrorWithPosition) share one excerpter; its zero value is
// ready to use.
type excerpter struct {
	line  string  // the last long line indexed
	ascii bool    // line is all ASCII: a character is a byte
	offs  []int32 // byte offset of each character of line, when not ascii
}

// excerpt returns the part of line an error quotes, at most maxExcerpt
// characters around column col with "…" where it is cut, and the column
// in it. Control characters and bytes that are not UTF-8 show as "�",
// so a file cannot send escape sequences to the terminal.
func (x *excerpter) excerpt(line string, col int) (string, int) {
	if len(line) > longLine {
		return x.excerptLong(line, col)
	}
	runes := []rune(line)
	clean(runes)
	if len(runes) <= maxExcerpt {
		return string(runes), col
	}
	from, to, col := window(len(runes), col)
	return cutMarks(string(runes[from:to]), from, to, len(runes), col)
}

// clean replaces control characters other than tab with "�".
func clean(runes []rune) {
	for i, r := range runes {
		if r != '\t' && unicode.IsControl(r) {
			runes[i] = utf8.RuneError
		}
	}
}

// window returns the characters [from, to) of a line of n characters
// that an excerpt quotes around column col, and col within them.
func window(n, col int) (from, to, c int) {
	if col > maxExcerpt/2 {
		from = min(col-1-maxExcerpt/2, n-maxExcerpt)
	}
	to = from + maxExcerpt
	if col > 0 {
		col -= from
	}
	return from, to, col
}

// cutMarks adds "…" where the excerpt out (characters [from, to) of n)
// was cut, moving col past the leading one.
func cutMarks(out string, from, to, n, col int) (string, int) {
	if from > 0 {
		out = "…" + out
		if col > 0 {
			col++
		}
	}
	if to < n {
		out += "…"
	}
	return out, col
}

// longLine is the length in bytes beyond which excerpt indexes a line's
// characters once (excerptLong) instead of decoding it on every call.
const longLine = 4096

// excerptLong is excerpt for a line of more than longLine bytes. The
// errors of one file quote the very string its lines were split into, so
// the comparison with the remembered line is one of pointers and lengths
// (Go compares equal string headers without reading the bytes); an equal
// copy costs a read of the line, and another line of the same length
// usually differs early.
func (x *excerpter) excerptLong(line string, col int) (string, int) {
	if line != x.line {
		x.line, x.offs = line, x.offs[:0]
		x.ascii = true
		for i := 0; i < len(line); i++ {
			if line[i] >= utf8.RuneSelf {
				x.ascii = false
				break
			}
		}
		if !x.ascii {
			for i := range line {
				x.offs = append(x.offs, int32(i))
			}
		}
	}
	n := len(line)
	byteAt := func(c int) int { return c }
	if !x.ascii {
		offs := x.offs
		n = len(offs)
		byteAt = func(c int) int {
			if c >= len(offs) {
				return len(line)
			}
			return int(offs[c])
		}
	}
	from, to, col := window(n, col)
	runes := []rune(line[byteAt(from):byteAt(to)])
	clean(runes)
	return cutMarks(string(runes), from, to, n, col)
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

// Error renders the first problem on one line and says how many more
// there are: "guard.yaml:3:5: unknown fact \"armd\" (and 2 more errors)".
// ErrorWithPosition renders them all.
func (l ErrorList) Error() string {
	switch len(l) {
	case 0:
		return "no errors"
	case 1:
		return l[0].Error()
	case 2:
		return l[0].Error() + " (and 1 more error)"
	}
	return fmt.Sprintf("%s (and %d more errors)", l[0].Error(), len(l)-1)
}

// ErrorWithPosition renders every problem as (*Error).ErrorWithPosition
// does, one after another, separated by line breaks. Problems quoting the
// same long line index it once.
func (l ErrorList) ErrorWithPosition() string {
	var x excerpter
	var b strings.Builder
	for i, e := range l {
		if i > 0 {
			b.WriteByte('\n')
		}
		x.write(&b, e)
	}
	return b.String()
}

// Unwrap returns the problems, so that errors.Is and errors.As look
// into each of them (and into the errors behind them).
func (l ErrorList) Unwrap() []error {
	out := make([]error, len(l))
	for i, e := range l {
		out[i] = e
	}
	return out
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
