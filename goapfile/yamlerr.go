package goapfile

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// yamlLine matches the position the YAML decoder puts in its messages.
var yamlLine = regexp.MustCompile(`^line (\d+): `)

// unquotedOp finds a value that starts with ">" or "!=" used as a
// comparison ("key: >= 1", "[> 0]", "{at: !=shop}"): YAML reads ">" as the
// start of a folded text block and "!" as a tag, and fails further on.
var unquotedOp = regexp.MustCompile(`(?:^|[:\[{,-])[ \t]*((?:>=?|!=)[ \t]*[-+]?[0-9A-Za-z_]+)`)

// unknownAnchor matches the decoder's message for an undefined alias.
var unknownAnchor = regexp.MustCompile(`^unknown anchor '(.*)' referenced$`)

// yamlError reports a syntax error of the YAML decoder. The decoder gives
// a line at best, and a message in its own words: for the likely causes
// (tabs, unquoted comparisons, undefined aliases) the report names the
// cause and points at it.
func (p *parser) yamlError(err error) {
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	line := 0
	if m := yamlLine.FindStringSubmatch(msg); m != nil {
		line, _ = strconv.Atoi(m[1])
		msg = msg[len(m[0]):]
	}
	if at, what, ok := p.findBadText(); ok {
		p.errorAt(at, what)
		return
	}
	if at, ok := p.findTab(line); ok {
		p.errorAt(at, "tab character in indentation: YAML indents with spaces only")
		return
	}
	if at, op, ok := p.findUnquotedOp(line); ok {
		p.errorAt(at, quoteMsg(op))
		return
	}
	if at, ok := p.findUnquotedParam(line); ok {
		p.errorAt(at, "inside { } or [ ], YAML reads ? and , as its own: quote a name or value that holds them, as in {\"hp(?t)\": -1, at: \"?to\"}, or write the mapping one key per line")
		return
	}
	if m := unknownAnchor.FindStringSubmatch(msg); m != nil {
		p.errorAt(p.find("*"+m[1]), "aliases (*"+m[1]+") are not supported; write the value out")
		return
	}
	if at, what, ok := p.findUnclosed(line); ok {
		p.errorAt(at, what)
		return
	}
	if at, what, ok := p.findIndent(); ok {
		p.errorAt(at, what)
		return
	}
	p.causedAt(Position{Line: line}, "invalid YAML: "+msg, err)
}

// findUnclosed looks, at or before the line the decoder blamed, for a
// flow collection ({ or [) or a quoted string left open at the end of its
// line while the next line starts a new key or list item: the decoder
// reports such a mistake lines later, in its own words.
func (p *parser) findUnclosed(line int) (Position, string, bool) {
	last := len(p.lines)
	if line > 0 && line+1 < last {
		last = line + 1
	}
	for i := last - 1; i >= 0; i-- {
		l := p.lines[i]
		var open []int // byte offsets of unclosed { and [
		quote, qAt := scanUnquoted(l, nil, func(j int) bool {
			switch c := l[j]; {
			case c == '#' && (j == 0 || l[j-1] == ' '):
				return false // a comment
			case c == '{' || c == '[':
				open = append(open, j)
			case (c == '}' || c == ']') && len(open) > 0:
				open = open[:len(open)-1]
			}
			return true
		})
		if quote != 0 && flowEnds(p.lines, i) {
			return Position{i + 1, runeCol(l, qAt)}, fmt.Sprintf("the %c opened here is not closed on its line: close the quote", quote), true
		}
		if len(open) > 0 && flowEnds(p.lines, i) {
			at := open[len(open)-1]
			closer := map[byte]byte{'{': '}', '[': ']'}[l[at]]
			return Position{i + 1, runeCol(l, at)}, fmt.Sprintf("the %c opened here is not closed: add %c before the end of the line", l[at], closer), true
		}
	}
	return Position{}, "", false
}

// flowEnds reports whether the line after line i (the next that is not
// blank or a comment) starts a key or a list item in block style, so that
// an open flow collection on line i cannot continue there.
func flowEnds(lines []string, i int) bool {
	for _, l := range lines[i+1:] {
		t := strings.TrimSpace(l)
		if t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		return strings.HasPrefix(t, "- ") || blockKey.MatchString(t)
	}
	return true // the file ends
}

// blockKey matches a line that starts with a block mapping key.
var blockKey = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_ -]*:(\s|$)`)

// findBadText finds the first byte that is not valid UTF-8, or control
// character YAML does not allow (all but tab, line feed and carriage
// return), which the decoder reports without a position.
func (p *parser) findBadText() (Position, string, bool) {
	for i, l := range p.lines {
		col := 0
		for j, r := range l {
			col++
			switch {
			case r == utf8.RuneError && !strings.HasPrefix(l[j:], "\uFFFD"):
				return Position{i + 1, col}, fmt.Sprintf("the file is not valid UTF-8 here (byte 0x%02X): save it as UTF-8", l[j]), true
			case unicode.IsControl(r) && r != '\t' && r != '\r':
				return Position{i + 1, col}, fmt.Sprintf("control character U+%04X: YAML allows none in a file (write it as an escape such as \"\\u%04X\" in a double-quoted string)", r, r), true
			}
		}
	}
	return Position{}, "", false
}

// quoteMsg asks to quote a comparison that YAML misreads.
func quoteMsg(op string) string {
	why := `YAML reads ">" as the start of a text block`
	if strings.HasPrefix(op, "!") {
		why = `YAML reads "!" as a tag`
	}
	return fmt.Sprintf("comparison %s must be quoted (%s): write %q", op, why, op)
}

// candidateLines returns the lines to search for the cause of an error
// the decoder found at line (0: unknown line), as 0-based indexes.
func (p *parser) candidateLines(line int) []int {
	if line > 0 && line <= len(p.lines) {
		// The decoder may blame the line before or after the cause.
		out := []int{line - 1}
		if line < len(p.lines) {
			out = append(out, line)
		}
		if line >= 2 {
			out = append(out, line-2)
		}
		return out
	}
	out := make([]int, len(p.lines))
	for i := range out {
		out[i] = i
	}
	return out
}

// findTab looks for a tab in the indentation of a line in block style
// (JSON and YAML flow style may indent with tabs).
func (p *parser) findTab(line int) (Position, bool) {
	if line == 0 && p.flowStyle() {
		return Position{}, false
	}
	for _, i := range p.candidateLines(line) {
		l := p.lines[i]
		indent := len(l) - len(strings.TrimLeft(l, " \t"))
		if j := strings.IndexByte(l[:indent], '\t'); j >= 0 {
			return Position{i + 1, j + 1}, true
		}
	}
	return Position{}, false
}

// flowStyle reports whether the document starts with "{" or "[", as JSON
// does.
func (p *parser) flowStyle() bool {
	for _, l := range p.lines {
		t := strings.TrimSpace(l)
		if t == "" || strings.HasPrefix(t, "#") || t == "---" {
			continue
		}
		return t[0] == '{' || t[0] == '['
	}
	return false
}

// findUnquotedOp looks for an unquoted comparison starting with ">".
func (p *parser) findUnquotedOp(line int) (Position, string, bool) {
	for _, i := range p.candidateLines(line) {
		if m := unquotedOp.FindStringSubmatchIndex(p.lines[i]); m != nil {
			op := p.lines[i][m[2]:m[3]]
			return Position{i + 1, runeCol(p.lines[i], m[2])}, op, true
		}
	}
	return Position{}, "", false
}

// unquotedParam matches an unquoted '?' that starts a parameter
// reference, or a comma inside parentheses, in a flow collection.
var unquotedParam = regexp.MustCompile(`[{\[,][^"'\n]*?(\?[A-Za-z_]|\([^)"']*,)`)

// findUnquotedParam finds an unquoted parameter reference ("?t") or a
// name with a comma ("road(a,b)") inside a flow collection, which the
// YAML decoder cannot read, near line.
func (p *parser) findUnquotedParam(line int) (Position, bool) {
	for _, i := range p.candidateLines(line) {
		if m := unquotedParam.FindStringSubmatchIndex(p.lines[i]); m != nil {
			return Position{i + 1, runeCol(p.lines[i], m[2])}, true
		}
	}
	return Position{}, false
}

// find returns the position of the first occurrence of s in the file.
func (p *parser) find(s string) Position {
	for i, l := range p.lines {
		if j := strings.Index(l, s); j >= 0 {
			return Position{i + 1, runeCol(l, j)}
		}
	}
	return Position{}
}

// runeCol converts a byte offset in line to a 1-based column counted in
// characters, as the YAML decoder counts.
func runeCol(line string, off int) int {
	return len([]rune(line[:off])) + 1
}
