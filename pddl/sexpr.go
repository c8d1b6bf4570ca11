package pddl

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/goap-go/goap/internal/echo"
)

// Error is a problem in a PDDL file, with the position (1-based line and
// column) where it was found.
type Error struct {
	File      string
	Line, Col int
	Msg       string
}

func (e *Error) Error() string {
	file := e.File
	if file == "" {
		file = "pddl"
	}
	if e.Line == 0 {
		return fmt.Sprintf("%s: %s", file, e.Msg)
	}
	return fmt.Sprintf("%s:%d:%d: %s", file, e.Line, e.Col, e.Msg)
}

// node is an s-expression: an atom (a lower-cased name) or a list.
type node struct {
	atom      string
	list      []*node
	isList    bool
	line, col int
	end       [2]int // position of a list's closing parenthesis
}

// maxDepth bounds the nesting of lists so that hostile input cannot
// exhaust the stack.
const maxDepth = 1000

// readSexpr reads exactly one s-expression (the whole file) from src.
func readSexpr(file string, src []byte, poll *poller) (*node, error) {
	r := &reader{file: file, src: src, line: 1, col: 1, poll: poll}
	r.skip()
	if r.pos >= len(r.src) {
		return nil, r.errAt(r.line, r.col, "empty file: want (define ...)")
	}
	n, err := r.read(0)
	if err != nil {
		return nil, err
	}
	r.skip()
	if r.pos < len(r.src) {
		return nil, r.errAt(r.line, r.col, "unexpected text after the closing parenthesis of define")
	}
	if !n.isList {
		return nil, r.errAt(n.line, n.col, "want (define ...), got %q", n.atom)
	}
	return n, nil
}

type reader struct {
	file      string
	src       []byte
	pos       int
	line, col int
	poll      *poller // nil: never stops
}

func (r *reader) errAt(line, col int, format string, args ...any) error {
	return &Error{File: r.file, Line: line, Col: col, Msg: echo.Sprintf(format, args...)}
}

func (r *reader) advance() {
	if r.src[r.pos] == '\n' {
		r.line++
		r.col = 1
	} else {
		r.col++
	}
	r.pos++
}

// skip skips white space and ; comments.
func (r *reader) skip() {
	for r.pos < len(r.src) {
		c := r.src[r.pos]
		switch {
		case c == ';':
			for r.pos < len(r.src) && r.src[r.pos] != '\n' {
				r.advance()
			}
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v':
			r.advance()
		default:
			return
		}
	}
}

func (r *reader) read(depth int) (*node, error) {
	if r.poll.hit() {
		return nil, r.poll.err
	}
	line, col := r.line, r.col
	c := r.src[r.pos]
	switch c {
	case ')':
		return nil, r.errAt(line, col, "unexpected )")
	case '(':
		if depth >= maxDepth {
			return nil, r.errAt(line, col, "lists nested too deeply")
		}
		r.advance()
		n := &node{isList: true, line: line, col: col}
		for {
			r.skip()
			if r.pos >= len(r.src) {
				return nil, r.errAt(line, col, "unclosed (: missing )")
			}
			if r.src[r.pos] == ')' {
				n.end = [2]int{r.line, r.col}
				r.advance()
				return n, nil
			}
			child, err := r.read(depth + 1)
			if err != nil {
				return nil, err
			}
			n.list = append(n.list, child)
		}
	}
	start := r.pos
	for r.pos < len(r.src) {
		c := r.src[r.pos]
		if c == '(' || c == ')' || c == ';' || c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v' {
			break
		}
		r.advance()
	}
	text := r.src[start:r.pos]
	for i := 0; i < len(text); {
		c, size := utf8.DecodeRune(text[i:])
		switch {
		case c == utf8.RuneError && size == 1:
			return nil, r.errAt(line, col+i, "a name is not valid UTF-8 here (byte 0x%02X)", text[i])
		case unicode.IsControl(c):
			return nil, r.errAt(line, col+i, "a name contains the control character U+%04X", c)
		}
		i += size
	}
	return &node{atom: strings.ToLower(string(text)), line: line, col: col}, nil
}

func (n *node) String() string {
	if !n.isList {
		return n.atom
	}
	parts := make([]string, len(n.list))
	for i, c := range n.list {
		parts[i] = c.String()
	}
	return "(" + strings.Join(parts, " ") + ")"
}

// head returns the first atom of a list, or "".
func (n *node) head() string {
	if !n.isList || len(n.list) == 0 || n.list[0].isList {
		return ""
	}
	return n.list[0].atom
}
