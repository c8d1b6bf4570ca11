package goapfile

import (
	"math"
	"strings"

	"github.com/goap-go/goap/internal/echo"
	"github.com/goap-go/goap/internal/suggest"
	"go.yaml.in/yaml/v3"
)

// This file holds the helpers that read yaml.Nodes: checked mappings,
// scalars of a wanted type and descriptions of what was found instead.

// field is one key/value pair of a mapping.
type field struct {
	name     string
	key, val *yaml.Node
}

// pos returns the position of node n (the zero Position for nil).
func pos(n *yaml.Node) Position {
	if n == nil {
		return Position{}
	}
	return Position{n.Line, n.Column}
}

// isNull reports whether n is absent or an explicit null (`~`, `null` or
// nothing after the colon).
func isNull(n *yaml.Node) bool {
	return n == nil || n.Kind == yaml.ScalarNode && n.ShortTag() == "!!null"
}

// describe says what a node holds, for "wants X, got Y" messages.
func describe(n *yaml.Node) string {
	switch {
	case n == nil:
		return "nothing"
	case n.Kind == yaml.MappingNode:
		return "a mapping"
	case n.Kind == yaml.SequenceNode:
		return "a list"
	case n.Kind == yaml.AliasNode:
		return "an alias"
	case n.Kind != yaml.ScalarNode:
		return "a document"
	}
	switch n.ShortTag() {
	case "!!null":
		return "nothing"
	case "!!bool", "!!int", "!!float":
		return n.Value
	}
	return echo.Quote(n.Value)
}

// skip reports whether n was already reported by the pre-pass (an alias
// or an unsupported tag), so that checks on it stay quiet.
func (p *parser) skip(n *yaml.Node) bool { return n != nil && p.bad[n] || p.halted() }

// isMapping reports whether n is a mapping. When it is not, it reports
// want, such as "a goal must be a mapping ...; got", followed by what n
// holds; a node that skip passes over is not reported again.
func (p *parser) isMapping(n *yaml.Node, want string) bool {
	if p.skip(n) {
		return false
	}
	if n.Kind != yaml.MappingNode {
		p.errorf(n, "%s %s", want, describe(n))
		return false
	}
	return true
}

// mapping checks that n is a mapping and returns its fields in file order.
// It reports keys that are not names, duplicate keys and, when allowed is
// not nil, keys outside allowed (with a did-you-mean); those fields are
// left out. what completes messages such as `unknown key "x" in action`.
func (p *parser) mapping(n *yaml.Node, what string, allowed []string) ([]field, bool) {
	if p.skip(n) {
		return nil, false
	}
	if isNull(n) {
		return nil, true
	}
	if n.Kind != yaml.MappingNode {
		p.errorf(n, "%s must be a mapping, got %s", strings.TrimPrefix(strings.TrimPrefix(what, "in "), "at "), describe(n))
		return nil, false
	}
	var out []field
	seen := map[string]*yaml.Node{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if p.skip(k) {
			continue
		}
		if k.Kind != yaml.ScalarNode || isNull(k) {
			p.errorf(k, "keys must be names, got %s", describe(k))
			continue
		}
		if k.ShortTag() == "!!merge" {
			p.errorf(k, "merge keys (<<) are not supported")
			continue
		}
		name := k.Value
		if first, dup := seen[name]; dup {
			p.errorf(k, "duplicate key %q %s (first at line %d)", name, what, first.Line)
			continue
		}
		seen[name] = k
		if allowed != nil && indexOf(allowed, name) < 0 {
			p.errorf(k, "unknown key %q %s%s", name, what, suggest.Hint(name, allowed))
			continue
		}
		out = append(out, field{name: name, key: k, val: v})
	}
	return out, true
}

// unique reports n, a kind (such as "action name") called name, as a
// duplicate when seen already holds a node for name, and otherwise
// remembers n as name's first. It returns whether name is new.
func (p *parser) unique(seen map[string]*yaml.Node, n *yaml.Node, kind, name string) bool {
	if first, dup := seen[name]; dup {
		p.errorf(n, "duplicate %s %q (first at line %d)", kind, name, first.Line)
		return false
	}
	seen[name] = n
	return true
}

// sequence checks that n is a list (null counts as empty) and returns its
// items.
func (p *parser) sequence(n *yaml.Node, what string) ([]*yaml.Node, bool) {
	if p.skip(n) {
		return nil, false
	}
	if isNull(n) {
		return nil, true
	}
	if n.Kind != yaml.SequenceNode {
		p.errorf(n, "%s must be a list, got %s", what, describe(n))
		return nil, false
	}
	return n.Content, true
}

// str reads a non-empty string. Plain scalars of other types (a name
// such as 404 or true) are refused: names must be strings.
func (p *parser) str(n *yaml.Node, what string) (string, bool) {
	if p.skip(n) {
		return "", false
	}
	if n == nil || n.Kind != yaml.ScalarNode || n.ShortTag() != "!!str" {
		p.errorf(n, "%s must be a string, got %s", what, describe(n))
		return "", false
	}
	if strings.TrimSpace(n.Value) == "" {
		p.errorf(n, "%s must not be empty", what)
		return "", false
	}
	return n.Value, true
}

// boolean reads true or false.
func (p *parser) boolean(n *yaml.Node, what string) (bool, bool) {
	if p.skip(n) {
		return false, false
	}
	b, ok := scalarBool(n)
	if !ok {
		p.errorf(n, "%s must be true or false, got %s", what, describe(n))
	}
	return b, ok
}

// number reads a finite number; min, when not NaN, is the smallest value
// allowed.
func (p *parser) number(n *yaml.Node, what string, min float64) (float64, bool) {
	if p.skip(n) {
		return 0, false
	}
	f, ok := scalarFloat(n)
	if !ok {
		p.errorf(n, "%s must be a number, got %s", what, describe(n))
		return 0, false
	}
	if math.IsNaN(f) || math.IsInf(f, 0) {
		p.errorf(n, "%s must be a finite number, got %s", what, n.Value)
		return 0, false
	}
	if !math.IsNaN(min) && f < min {
		p.errorf(n, "%s must be at least %v, got %s", what, min, n.Value)
		return 0, false
	}
	return f, true
}

// integer reads a whole number that fits an int.
func (p *parser) integer(n *yaml.Node, what string) (int, bool) {
	if p.skip(n) {
		return 0, false
	}
	i, ok := scalarInt(n)
	if !ok {
		if f, isNum := scalarFloat(n); isNum && f == math.Trunc(f) {
			p.errorf(n, "%s is too large, got %s", what, n.Value)
		} else {
			p.errorf(n, "%s must be a whole number, got %s", what, describe(n))
		}
	}
	return i, ok
}

// scalarBool reads a true or false scalar.
func scalarBool(n *yaml.Node) (bool, bool) {
	if n == nil || n.Kind != yaml.ScalarNode || n.ShortTag() != "!!bool" {
		return false, false
	}
	var b bool
	if n.Decode(&b) != nil {
		return false, false
	}
	return b, true
}

// scalarInt reads an int scalar, or a float scalar with a whole value
// (JSON writers emit 3.0).
func scalarInt(n *yaml.Node) (int, bool) {
	if n == nil || n.Kind != yaml.ScalarNode {
		return 0, false
	}
	switch n.ShortTag() {
	case "!!int":
		var i int64
		if n.Decode(&i) != nil || int64(int(i)) != i {
			return 0, false
		}
		return int(i), true
	case "!!float":
		f, ok := scalarFloat(n)
		if !ok || f != math.Trunc(f) || math.Abs(f) > 1<<53 {
			return 0, false
		}
		return int(f), true
	}
	return 0, false
}

// scalarFloat reads an int or float scalar as a float64.
func scalarFloat(n *yaml.Node) (float64, bool) {
	if n == nil || n.Kind != yaml.ScalarNode {
		return 0, false
	}
	switch n.ShortTag() {
	case "!!int", "!!float":
		var f float64
		if n.Decode(&f) != nil {
			return 0, false
		}
		return f, true
	}
	return 0, false
}

// indexOf returns the index of s in list, or -1.
func indexOf(list []string, s string) int {
	for i, v := range list {
		if v == s {
			return i
		}
	}
	return -1
}
