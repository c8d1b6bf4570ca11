package goapfile

import (
	"github.com/goap-go/goap"
	"github.com/goap-go/goap/internal/suggest"
	"go.yaml.in/yaml/v3"
)

// goalRef is a `goal:` of the file or of a test: the name of one of the
// file's goals, or conditions.
type goalRef struct {
	name  string
	conds goap.Conds
	keys  map[string]*yaml.Node
	node  *yaml.Node
}

// goalRef reads a `goal:` value; it returns nil when the value is absent
// (null) or wrong.
func (p *parser) goalRef(n *yaml.Node, what string) *goalRef {
	if p.skip(n) || isNull(n) {
		return nil
	}
	switch {
	case n.Kind == yaml.ScalarNode && n.ShortTag() == "!!str":
		name, ok := p.str(n, what)
		if !ok {
			return nil
		}
		names := make([]string, len(p.goals))
		for i, g := range p.goals {
			if g.name == name {
				return &goalRef{name: name, node: n}
			}
			names[i] = g.name
		}
		if len(names) == 0 {
			p.errorf(n, "unknown goal %q: the file has no goals: list", name)
		} else {
			p.errorf(n, "unknown goal %q%s", name, suggest.Hint(name, names))
		}
		return nil
	case n.Kind == yaml.MappingNode:
		c, keys, ok := p.conds(n, what, true)
		if !ok {
			return nil
		}
		if len(c) == 0 {
			p.errorf(n, "%s must name at least one condition", what)
			return nil
		}
		return &goalRef{conds: c, keys: keys, node: n}
	}
	p.errorf(n, "%s must be the name of a goal or a mapping of conditions, got %s", what, describe(n))
	return nil
}

// target compiles a checked goalRef for the file's domain; label names a
// target built from conditions.
func (p *parser) target(g *goalRef, label string) *goap.Target {
	d := p.out.Domain
	if g.name != "" {
		t, _ := d.Goal(g.name)
		return t
	}
	t, err := d.Target(label, g.conds)
	if err != nil {
		p.specErrors(err, g)
		return nil
	}
	return t
}
