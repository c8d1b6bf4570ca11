package space

import (
	"errors"
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzParse feeds Parse any text: it must not panic, every error must
// carry a position inside the text, and a grid must have the text's
// shape, with a path query answered on it.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"#########\n#As.+..B#\r\n#s~c#c.V#\n#########\n",
		"A.\n.A", "VV", "", "\n\n", "#\t#", "é#é\n#x#", "##\n#", "oV",
		"A.#\n.%.\n#.B", "./+%\n~~cc\nsBs.",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		if len(text) > 4096 {
			return
		}
		l := legend()
		l['o'] = Symbol{Type: "orb", Name: "vault"}
		l['!'] = Symbol{Cost: 0.5}
		g, err := Parse(text, l)
		lines := strings.Split(text, "\n")
		if err != nil {
			if g != nil {
				t.Fatal("a grid with an error")
			}
			errs := []error{err}
			if j, ok := err.(interface{ Unwrap() []error }); ok {
				errs = j.Unwrap()
			}
			for _, e := range errs {
				var pe *ParseError
				if !errors.As(e, &pe) {
					t.Fatalf("%v is not a *ParseError", e)
				}
				if pe.Line < 1 || pe.Col < 1 || pe.Line > max(1, len(lines)) || pe.Col > utf8.RuneCountInString(lines[pe.Line-1])+1 {
					t.Fatalf("%v: position outside the text %q", pe, text)
				}
			}
			return
		}
		if g.Width() < 1 || g.Height() < 1 || g.Height() > len(lines) {
			t.Fatalf("grid %dx%d from %d lines", g.Width(), g.Height(), len(lines))
		}
		p := NewPathfinder(g)
		to := Cell{g.Width() - 1, g.Height() - 1}
		path, ok := p.Path(Cell{0, 0}, to, nil)
		if _, valid := g.PathCost(path); !valid || len(path) == 0 || ok && path[len(path)-1] != to {
			t.Fatalf("path %v %v", path, ok)
		}
		if g.Visible(Cell{0, 0}, to) != g.Visible(to, Cell{0, 0}) {
			t.Fatal("sight not symmetric")
		}
	})
}
