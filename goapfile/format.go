package goapfile

import (
	_ "embed"
	"strings"
)

//go:embed doc.go
var docSource string

// FormatReference returns the designer file format reference: the
// package documentation, as plain text (goap help format prints it). It
// is read from the package's own doc comment, so the two cannot differ.
func FormatReference() string {
	var b strings.Builder
	for _, line := range strings.Split(docSource, "\n") {
		if !strings.HasPrefix(line, "//") {
			break // the package clause ends the comment
		}
		line = strings.TrimPrefix(strings.TrimPrefix(line, "//"), " ")
		if h, ok := strings.CutPrefix(line, "# "); ok {
			line = strings.ToUpper(h) // a heading
		}
		b.WriteString(line)
		b.WriteByte('\n')
	}
	return b.String()
}
