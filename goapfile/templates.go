package goapfile

import (
	"slices"
	"strings"

	"github.com/goap-go/goap/internal/suggest"
	"go.yaml.in/yaml/v3"
)

// Agent templates: `templates:` lists agents in part, and an agent (or a
// template) that says `extends: NAME` starts from that template. The merge
// is done on the YAML nodes, so every error in an inherited key points at
// the template's line.

// mergedKeys are the keys whose mappings merge key by key (the agent's
// entries win); every other key the agent gives replaces the template's.
var mergedKeys = []string{"start", "own", "costs"}

// templateList reads `templates:`.
func (p *parser) templateList(n *yaml.Node) {
	items, _ := p.sequence(n, "templates")
	p.templates = map[string]*yaml.Node{}
	for _, it := range items {
		if !p.isMapping(it, "a template must be a mapping with a name and the keys of an agent; got") {
			continue
		}
		fields, _ := p.mapping(it, "in template", agentKeys)
		name := ""
		for _, fd := range fields {
			if fd.name == "name" {
				name, _ = p.str(fd.val, "template name")
			}
		}
		if name == "" {
			if !hasKey(fields, "name") {
				p.errorf(it, "template has no name")
			}
			continue
		}
		if first, dup := p.templates[name]; dup {
			p.errorf(it, "duplicate template name %q (first at line %d)", name, first.Line)
			continue
		}
		p.templates[name] = it
		p.templateNames = append(p.templateNames, name)
	}
}

// extend returns the agent (or template) n with the template it extends
// merged in, or n itself when it extends none. seen holds the templates
// on the way, to catch a cycle.
func (p *parser) extend(n *yaml.Node, seen []string) *yaml.Node {
	if n == nil || n.Kind != yaml.MappingNode {
		return n
	}
	var ext *yaml.Node
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == "extends" {
			ext = n.Content[i+1]
		}
	}
	if ext == nil {
		return n
	}
	name, ok := p.str(ext, "extends")
	if !ok {
		return n
	}
	base := p.templates[name]
	switch {
	case base == nil:
		p.errorf(ext, "unknown template %q%s", name, suggest.Hint(name, p.templateNames))
		return n
	case slices.Contains(seen, name):
		p.errorf(ext, "templates extend each other in a cycle: %s", cycleText(append(seen, name)))
		return n
	}
	base = p.extend(base, append(seen, name))
	out := &yaml.Node{Kind: yaml.MappingNode, Tag: n.Tag, Line: n.Line, Column: n.Column, Style: n.Style}
	own := map[string]*yaml.Node{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		own[n.Content[i].Value] = n.Content[i+1]
	}
	// The template's keys first (but its name, and what the agent
	// replaces), then the agent's own.
	for i := 0; i+1 < len(base.Content); i += 2 {
		k, v := base.Content[i], base.Content[i+1]
		if k.Value == "name" || k.Value == "extends" {
			continue
		}
		if mine, has := own[k.Value]; has {
			if slices.Contains(mergedKeys, k.Value) && mine.Kind == yaml.MappingNode && v.Kind == yaml.MappingNode {
				own[k.Value] = mergeMappings(v, mine)
			}
			continue
		}
		out.Content = append(out.Content, k, v)
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k := n.Content[i]
		if k.Value == "extends" {
			continue
		}
		out.Content = append(out.Content, k, own[k.Value])
	}
	return out
}

// mergeMappings returns base's entries that over does not give, then
// over's.
func mergeMappings(base, over *yaml.Node) *yaml.Node {
	out := &yaml.Node{Kind: yaml.MappingNode, Tag: over.Tag, Line: over.Line, Column: over.Column, Style: over.Style}
	given := map[string]bool{}
	for i := 0; i+1 < len(over.Content); i += 2 {
		given[over.Content[i].Value] = true
	}
	for i := 0; i+1 < len(base.Content); i += 2 {
		if !given[base.Content[i].Value] {
			out.Content = append(out.Content, base.Content[i], base.Content[i+1])
		}
	}
	out.Content = append(out.Content, over.Content...)
	return out
}

// cycleText writes a cycle of templates: "a -> b -> a".
func cycleText(names []string) string {
	s := ""
	for i, n := range names {
		if i > 0 {
			s += " -> "
		}
		s += n
	}
	return s
}

// withSelf returns agent n with "?self" replaced by the agent's name in
// every key and value (a template's dies_when: {hp(?self): 0} is each
// agent's own). The nodes that change are copied, so a template's own
// nodes stay as written; positions are kept.
func withSelf(n *yaml.Node) *yaml.Node {
	if n == nil || n.Kind != yaml.MappingNode {
		return n
	}
	name := ""
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == "name" && n.Content[i+1].Kind == yaml.ScalarNode {
			name = n.Content[i+1].Value
		}
	}
	if name == "" {
		return n
	}
	var walk func(m *yaml.Node) *yaml.Node
	walk = func(m *yaml.Node) *yaml.Node {
		if m.Kind == yaml.ScalarNode {
			if !strings.Contains(m.Value, "?self") {
				return m
			}
			c := *m
			c.Value = strings.ReplaceAll(m.Value, "?self", name)
			return &c
		}
		var out []*yaml.Node
		for i, k := range m.Content {
			w := walk(k)
			if w != k && out == nil {
				out = slices.Clone(m.Content[:i])
			}
			if out != nil {
				out = append(out, w)
			}
		}
		if out == nil {
			return m
		}
		c := *m
		c.Content = out
		return &c
	}
	return walk(n)
}
