package goapfile

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/goap-go/goap/internal/echo"
)

// The YAML decoder reports a block whose indentation is wrong where the
// enclosing block ends, often lines away from the mistake, and in its own
// words ("did not find expected key", "mapping values are not allowed in
// this context"). findIndent reads the lines the way YAML's block style
// nests them and names the first line that breaks the nesting.

// indentKey matches the start of a block mapping entry: a plain or quoted
// key, a colon, then a space or the end of the line. It captures the key.
var indentKey = regexp.MustCompile(`^("(?:[^"\\]|\\.)*"|'(?:[^']|'')*'|[^\s#'"\[\]{},:&*!|>%@` + "`" + `-][^#:]*?|-[^\s#:][^#:]*?)[ \t]*:(?:[ \t]|$)`)

// indentBlock is an open block: a mapping whose keys, or a sequence
// whose "- " items, start at column indent.
type indentBlock struct {
	indent int
	seq    bool
	// compact marks a sequence at its parent key's column ("goals:"
	// then "- a" under it, unindented), which the next key closes.
	compact bool
	key     string // the key of the block's last entry ("" for a list item)
}

// indentLine is one line of the file, read for its nesting.
type indentLine struct {
	indent  int    // spaces before the text
	item    bool   // the text is a list item ("- ...")
	key     string // the key of a mapping entry (after "- " for an item), or ""
	keyCol  int    // the key's column (0-based)
	opens   bool   // the entry's value is empty: a nested block may follow
	scalar  bool   // the entry has a value of its own on the line
	block   bool   // the value is a block scalar (| or >): deeper lines are text
	flowEnd bool   // a flow collection opened on the line is still open
	text    string // the trimmed text
}

// readIndentLine reads line l (without comments that follow a space).
func readIndentLine(l string) indentLine {
	var il indentLine
	il.indent = len(l) - len(strings.TrimLeft(l, " "))
	t := strings.TrimSpace(stripComment(l))
	il.text = t
	col := il.indent
	if t == "-" || strings.HasPrefix(t, "- ") {
		il.item = true
		rest := strings.TrimLeft(t[1:], " ")
		col += len(t) - len(rest)
		t = rest
		if t = dropAnchor(t); t == "" {
			il.opens = true
			return il
		}
	}
	if m := indentKey.FindStringSubmatch(t); m != nil {
		il.key = strings.TrimSpace(m[1])
		il.keyCol = col
		v := dropAnchor(strings.TrimSpace(t[len(m[0]):]))
		switch {
		case v == "":
			il.opens = true
		case v[0] == '|' || v[0] == '>' && !looksNumeric(v[1:]) && !strings.HasPrefix(v, ">="):
			il.block = true
		default:
			il.scalar = true
			il.flowEnd = openFlow(v)
		}
		return il
	}
	il.scalar = true
	il.flowEnd = openFlow(t)
	return il
}

// dropAnchor drops an anchor (&name) that starts a value: the value
// itself may follow on the next lines.
func dropAnchor(v string) string {
	if !strings.HasPrefix(v, "&") {
		return v
	}
	if i := strings.IndexAny(v, " \t"); i >= 0 {
		return strings.TrimSpace(v[i:])
	}
	return ""
}

// stripComment drops a comment that starts the line or follows a space
// outside quotes.
func stripComment(l string) string {
	cut := len(l)
	// A quote opens a string only where a YAML scalar may start.
	opens := func(j int) bool { return j == 0 || strings.ContainsRune(" \t:[{,-", rune(l[j-1])) }
	scanUnquoted(l, opens, func(j int) bool {
		if l[j] == '#' && (j == 0 || l[j-1] == ' ' || l[j-1] == '\t') {
			cut = j
			return false
		}
		return true
	})
	return l[:cut]
}

// openFlow reports whether v starts a flow collection that it does not
// close: the collection goes on on the next lines.
func openFlow(v string) bool {
	return v != "" && (v[0] == '[' || v[0] == '{') && flowDepth(v) > 0
}

// flowDepth returns how many more [ and { than ] and } s holds outside
// quotes.
func flowDepth(s string) int {
	depth := 0
	scanUnquoted(s, nil, func(j int) bool {
		switch s[j] {
		case '[', '{':
			depth++
		case ']', '}':
			depth--
		}
		return true
	})
	return depth
}

// scanUnquoted calls visit with the offset of each byte of l that is not
// inside a quoted string, until visit returns false. A ' or " opens a
// string where opens says so (everywhere when opens is nil); a
// backslash escapes the next byte inside "...". It returns the quote
// left open at the end of l (0 when none) and the offset it opened at.
func scanUnquoted(l string, opens func(j int) bool, visit func(j int) bool) (quote byte, at int) {
	for j := 0; j < len(l); j++ {
		c := l[j]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			} else if c == '\\' && quote == '"' {
				j++
			}
		case (c == '"' || c == '\'') && (opens == nil || opens(j)):
			quote, at = c, j
		default:
			if !visit(j) {
				return 0, 0
			}
		}
	}
	return quote, at
}

// findIndent returns the first line whose indentation breaks the block
// nesting of the lines above it, and what is wrong with it.
func (p *parser) findIndent() (Position, string, bool) {
	if p.flowStyle() {
		return Position{}, "", false
	}
	var stack []indentBlock
	var prev indentLine
	skipDeeper := -1 // lines deeper than this are a block scalar's text
	flow := 0        // the depth of a flow collection open over lines
	for i, l := range p.lines {
		t := strings.TrimSpace(l)
		if t == "" || strings.HasPrefix(t, "#") || t == "---" {
			continue
		}
		if strings.Contains(l[:len(l)-len(strings.TrimLeft(l, " \t"))], "\t") {
			return Position{}, "", false // tabs: findTab's business
		}
		il := readIndentLine(l)
		if skipDeeper >= 0 {
			if il.indent > skipDeeper {
				continue
			}
			skipDeeper = -1
		}
		if flow > 0 {
			// Within a flow collection YAML does not read indentation.
			flow = max(flow+flowDepth(il.text), 0)
			continue
		}
		at := Position{i + 1, il.indent + 1}
		compact := false
		switch {
		case len(stack) == 0:
		case prev.opens && il.indent > parentCol(prev):
			// A block nested under the line above: it opens here.
		case prev.opens && !prev.item && il.item && il.indent == prev.keyCol:
			compact = true // a list at its key's column
		case il.indent > stack[len(stack)-1].indent:
			if !il.item && il.key == "" && prev.scalar {
				continue // a plain value that goes on on the next line
			}
			return at, p.deeperMsg(il, prev, stack[len(stack)-1]), true
		default:
			// Back out to the block whose column the line starts at.
			for len(stack) > 0 && stack[len(stack)-1].indent > il.indent {
				stack = stack[:len(stack)-1]
			}
			if n := len(stack); n > 0 && stack[n-1].compact && !il.item && stack[n-1].indent == il.indent {
				stack = stack[:n-1] // a key closes a list at its column
			}
			if len(stack) == 0 || stack[len(stack)-1].indent != il.indent {
				return at, p.between(il, prev), true
			}
			top := stack[len(stack)-1]
			switch {
			case top.seq && !il.item:
				return at, fmt.Sprintf("%s is at the column of the list items above (%d spaces), not of a mapping's keys: indent it under its item, or start it with \"- \" to make it an item", describeLine(il), il.indent), true
			case !top.seq && il.item:
				return at, fmt.Sprintf("this list item is at the column of the key %s: above (%d spaces): indent it more to make it that key's value, or line it up with the items of its list", echo.Cut(top.key), il.indent), true
			}
			compact = top.compact
			stack = stack[:len(stack)-1]
		}
		// The line's own blocks: its list (for an item), then the
		// mapping its key starts.
		switch {
		case il.item:
			stack = append(stack, indentBlock{indent: il.indent, seq: true, compact: compact})
			if il.key != "" {
				stack = append(stack, indentBlock{indent: il.keyCol, key: il.key})
			}
		default:
			stack = append(stack, indentBlock{indent: il.indent, key: il.key})
		}
		if il.block {
			skipDeeper = parentCol(il)
		}
		if il.flowEnd {
			flow = flowDepth(il.text)
		}
		prev = il
	}
	return Position{}, "", false
}

// parentCol is the column that a block nested under line il must go
// past: its key's, or its dash's for an empty item.
func parentCol(il indentLine) int {
	if il.key != "" {
		return il.keyCol
	}
	return il.indent
}

// describeLine names a line in a message: "name:" for a key, "this line"
// otherwise.
func describeLine(il indentLine) string {
	if il.key != "" {
		return echo.Cut(il.key) + ":"
	}
	return "this line"
}

// deeperMsg explains a line indented more than the line above, which
// holds a value and so cannot have a nested block.
func (p *parser) deeperMsg(il, prev indentLine, top indentBlock) string {
	what := describeLine(il)
	if il.item {
		what = "this list item"
		if prev.item && prev.indent < il.indent {
			return fmt.Sprintf("this list item is indented more than the item above it (%d spaces against %d): items of one list must line up", il.indent, prev.indent)
		}
	}
	if prev.key == "" {
		return fmt.Sprintf("%s is indented more than the line above (%d spaces against %d), which is not a key: line it up with the line above, or nest it under a key", what, il.indent, top.indent)
	}
	return fmt.Sprintf("%s is indented more than %s: above it (%d spaces against %d), which has a value on its line, so YAML reads this line as part of that value: line it up with %s:, or move %s:'s value onto lines of its own",
		what, echo.Cut(prev.key), il.indent, prev.keyCol, echo.Cut(prev.key), echo.Cut(prev.key))
}

// between explains a line indented less than the line above but more
// than the block it returns to.
func (p *parser) between(il indentLine, prev indentLine) string {
	what := describeLine(il)
	if il.item {
		return fmt.Sprintf("this list item is indented %d spaces, which lines up with no list or key above it: items of one list must line up", il.indent)
	}
	above := "the line"
	col := prev.indent
	if prev.key != "" {
		above, col = echo.Cut(prev.key)+":", prev.keyCol
	}
	return fmt.Sprintf("%s is indented less than %s above it (%d spaces against %d): keys of one mapping must line up", what, above, il.indent, col)
}
