package ground

import (
	"slices"
	"strings"
	"testing"
)

// world is a small set of typed objects and relations.
func world(rel map[string]*Relation, types map[string][]string) *Grounder {
	typeOf := map[string]string{}
	for t, objs := range types {
		for _, o := range objs {
			typeOf[o] = t
		}
	}
	return &Grounder{
		Relation: func(p string) *Relation { return rel[p] },
		Relaxed:  func(p string) bool { return p == "at" },
		Objects:  func(t string) []string { return types[t] },
		HasType:  func(o, t string) bool { return typeOf[o] == t },
		Tick:     func() bool { return true },
	}
}

func bindings(g *Grounder, s *Schema) []string {
	var out []string
	g.Enumerate(s, func(b []string) { out = append(out, strings.Join(b, " ")) })
	return out
}

// TestEnumerate: joins on relations, types, equality, negative literals
// (on unrelaxed relations only), and parameters no literal binds.
func TestEnumerate(t *testing.T) {
	road := NewRelation(2)
	road.Add([]string{"a", "b"})
	road.Add([]string{"b", "c"})
	road.Add([]string{"b", "b"})
	road.Add([]string{"x", "b"}) // x is a truck, not a place
	locked := NewRelation(1)
	locked.Add([]string{"c"})
	at := NewRelation(1)
	at.Add([]string{"c"})
	g := world(map[string]*Relation{"road": road, "locked": locked, "at": at},
		map[string][]string{"place": {"a", "b", "c"}, "truck": {"x", "y"}})
	cases := []struct {
		name  string
		types []string
		pre   []Literal
		want  []string
	}{
		{"join", []string{"place", "place"}, []Literal{{Atom: Atom{"road", []string{"?f", "?t"}}}},
			[]string{"a b", "b c", "b b"}},
		{"distinct", []string{"place", "place"}, []Literal{{Atom: Atom{"road", []string{"?f", "?t"}}}, {Atom: Atom{"=", []string{"?f", "?t"}}, Neg: true}},
			[]string{"a b", "b c"}},
		{"not locked", []string{"place", "place"}, []Literal{{Atom: Atom{"road", []string{"?f", "?t"}}}, {Atom: Atom{"locked", []string{"?t"}}, Neg: true}},
			[]string{"a b", "b b"}},
		{"relaxed negation ignored", []string{"place", "place"}, []Literal{{Atom: Atom{"road", []string{"?f", "?t"}}}, {Atom: Atom{"at", []string{"?t"}}, Neg: true}},
			[]string{"a b", "b c", "b b"}},
		{"free parameter", []string{"place", "truck"}, []Literal{{Atom: Atom{"locked", []string{"?f"}}}},
			[]string{"c x", "c y"}},
		{"constant", []string{"place"}, []Literal{{Atom: Atom{"road", []string{"b", "?t"}}}},
			[]string{"c", "b"}},
		{"product", []string{"truck", "truck"}, nil,
			[]string{"x x", "x y", "y x", "y y"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			params := []string{"?f", "?t"}[:len(c.types)]
			if c.name == "constant" {
				params = []string{"?t"}
			}
			got := bindings(g, g.Prepare(params, c.types, c.pre))
			if !slices.Equal(got, c.want) {
				t.Fatalf("got %q, want %q", got, c.want)
			}
		})
	}
}

// TestTickStops: enumeration stops as soon as Tick says no.
func TestTickStops(t *testing.T) {
	g := world(nil, map[string][]string{"n": {"1", "2", "3", "4"}})
	left := 5
	g.Tick = func() bool { left--; return left >= 0 }
	got := bindings(g, g.Prepare([]string{"?a", "?b"}, []string{"n", "n"}, nil))
	if len(got) >= 16 || left >= 0 {
		t.Fatalf("%d bindings after Tick said stop (left %d)", len(got), left)
	}
}
