package goapfile

import (
	"fmt"
	"slices"

	"github.com/goap-go/goap"
	"github.com/goap-go/goap/internal/suggest"
	"go.yaml.in/yaml/v3"
)

// factDecl is a fact declared under `facts:`.
type factDecl struct {
	fact goap.Fact
	key  *yaml.Node
}

// factKeys lists the keys a fact declaration may have, per type.
var factKeys = map[string][]string{
	"bool": {"type", "default", "scope", "args"},
	"int":  {"type", "min", "max", "default", "scope", "args"},
	"enum": {"type", "values", "values_of", "default", "scope", "args"},
}

// typeSynonyms suggests a type for names other languages use.
var typeSynonyms = map[string]string{"integer": "int", "number": "int", "boolean": "bool", "string": "enum"}

// allFactKeys are the keys of any fact declaration.
var allFactKeys = []string{"type", "min", "max", "default", "values", "values_of", "scope", "args"}

// facts reads the `facts:` mapping: name -> {type, min, max, values,
// default}.
func (p *parser) facts(n *yaml.Node) {
	fields, _ := p.mapping(n, "in facts", nil)
	for _, fd := range fields {
		f, ok := p.factDecl(fd.name, fd.val)
		if !ok {
			// Keep the fact known, so that its uses are not reported
			// as unknown or as booleans on top.
			p.broken[fd.name] = true
			p.mention(fd.name, fd.key)
			continue
		}
		// The declaration the file's values are checked against holds
		// the values a type gives; the core fills them in again.
		check := f
		if f.ValuesOf != "" {
			check.Values = append(slices.Clone(f.Values), p.objs.ofType[f.ValuesOf]...)
		}
		p.decl[fd.name] = &factDecl{fact: check, key: fd.key}
		p.spec.Facts = append(p.spec.Facts, f)
		if len(f.Args) > 0 {
			p.lifted[fd.name] = true // a family: its facts are hp(r1), hp(r2)
			p.out.pos[posKey{KindFact, fd.name}] = pos(fd.key)
			continue
		}
		p.mention(fd.name, fd.key)
	}
}

// factDecl reads the declaration of fact name.
func (p *parser) factDecl(name string, n *yaml.Node) (goap.Fact, bool) {
	if p.skip(n) {
		return goap.Fact{}, false
	}
	if n.Kind != yaml.MappingNode {
		p.errorf(n, "fact %q must be declared with a mapping such as {type: int, min: 0, max: 10}, got %s", name, describe(n))
		return goap.Fact{}, false
	}
	fields, ok := p.mapping(n, "in fact declaration", allFactKeys)
	if !ok {
		return goap.Fact{}, false
	}
	byName := map[string]field{}
	for _, f := range fields {
		byName[f.name] = f
	}
	tf, hasType := byName["type"]
	if !hasType {
		p.errorf(n, "fact %q needs a type: bool, int or enum", name)
		return goap.Fact{}, false
	}
	typ, ok := p.str(tf.val, "type")
	if !ok {
		return goap.Fact{}, false
	}
	allowed, known := factKeys[typ]
	if !known {
		hint := suggest.Hint(typ, []string{"bool", "int", "enum"})
		if alt, ok := typeSynonyms[typ]; ok {
			hint = fmt.Sprintf(" (did you mean %q?)", alt)
		}
		p.errorf(tf.val, "unknown fact type %q%s; want bool, int or enum", typ, hint)
		return goap.Fact{}, false
	}
	ok = true
	for _, f := range fields {
		if indexOf(allowed, f.name) < 0 {
			p.errorf(f.key, "%s is not allowed for %s fact", f.name, map[string]string{"bool": "a bool", "int": "an int", "enum": "an enum"}[typ])
			ok = false
		}
	}
	if !ok {
		return goap.Fact{}, false
	}
	if sf, has := byName["scope"]; has {
		if scope, ok := p.str(sf.val, "scope"); ok {
			switch scope {
			case "world":
			case "agent":
				p.out.AgentFacts = append(p.out.AgentFacts, name)
			default:
				p.errorf(sf.val, "unknown scope %q%s; want world (one value shared by all agents) or agent (each agent has its own)", scope, suggest.Hint(scope, []string{"world", "agent"}))
				return goap.Fact{}, false
			}
		}
	}
	f, ok := p.factOfType(name, typ, n, byName)
	if !ok {
		return f, false
	}
	if af, has := byName["args"]; has {
		items, _ := p.sequence(af.val, "args")
		for _, it := range items {
			t, ok := p.str(it, "a type")
			if !ok || !p.knownType(it, t, "fact "+name+"'s args") {
				return f, false
			}
			f.Args = append(f.Args, t)
		}
		if len(f.Args) == 0 {
			p.errorf(af.val, "args must list the types of the family's arguments, such as [enemy]")
			return f, false
		}
	}
	return f, true
}

// factOfType reads the declaration of fact name of type typ.
func (p *parser) factOfType(name, typ string, n *yaml.Node, byName map[string]field) (goap.Fact, bool) {
	switch typ {
	case "bool":
		f := goap.Bool(name)
		if d, has := byName["default"]; has {
			b, ok := p.boolean(d.val, "default")
			if !ok {
				return f, false
			}
			if b {
				f.Default = 1
			}
		}
		return f, true
	case "int":
		return p.intDecl(name, n, byName)
	default:
		return p.enumDecl(name, n, byName)
	}
}

// intDecl reads an int declaration: min and max, and default (0 when
// 0 is in range, else min).
func (p *parser) intDecl(name string, n *yaml.Node, byName map[string]field) (goap.Fact, bool) {
	f := goap.Fact{Name: name, Kind: goap.IntFact}
	minF, hasMin := byName["min"]
	maxF, hasMax := byName["max"]
	if !hasMin || !hasMax {
		p.errorf(n, "int fact %q needs min and max", name)
		return f, false
	}
	lo, ok1 := p.integer(minF.val, "min")
	hi, ok2 := p.integer(maxF.val, "max")
	if !ok1 || !ok2 {
		return f, false
	}
	if lo > hi {
		p.errorf(minF.val, "min %d is greater than max %d", lo, hi)
		return f, false
	}
	if span := uint64(hi) - uint64(lo); span >= goap.MaxIntRange {
		p.errorf(maxF.val, "range %d..%d has more than %d values", lo, hi, goap.MaxIntRange)
		return f, false
	}
	f.Min, f.Max = lo, hi
	f.Default = lo
	if lo <= 0 && 0 <= hi {
		f.Default = 0
	}
	if d, has := byName["default"]; has {
		v, ok := p.integer(d.val, "default")
		if !ok {
			return f, false
		}
		if v < lo || v > hi {
			p.errorf(d.val, "default %d is outside %d..%d", v, lo, hi)
			return f, false
		}
		f.Default = v
	}
	return f, true
}

// enumDecl reads an enum declaration: values, and default (the first
// value when not given).
func (p *parser) enumDecl(name string, n *yaml.Node, byName map[string]field) (goap.Fact, bool) {
	f := goap.Fact{Name: name, Kind: goap.EnumFact}
	if of, has := byName["values_of"]; has {
		t, ok := p.str(of.val, "values_of")
		if !ok || !p.knownType(of.val, t, "fact "+name+"'s values_of") {
			return f, false
		}
		f.ValuesOf = t
	}
	vf, has := byName["values"]
	if !has && f.ValuesOf == "" {
		p.errorf(n, "enum fact %q needs values (or values_of: a type, whose objects are its values)", name)
		return f, false
	}
	var items []*yaml.Node
	ok := true
	if has {
		items, ok = p.sequence(vf.val, "values")
	}
	if !ok {
		return f, false
	}
	if len(items) == 0 && f.ValuesOf == "" {
		p.errorf(vf.val, "enum fact %q needs at least one value", name)
		return f, false
	}
	if len(items) > goap.MaxIntRange {
		p.errorf(vf.val, "an enum may have at most %d values", goap.MaxIntRange)
		return f, false
	}
	seen := map[string]*yaml.Node{}
	for _, it := range items {
		s, isText := text(it)
		if p.skip(it) {
			ok = false
			continue
		}
		if !isText || it.Kind != yaml.ScalarNode || s == "" {
			p.errorf(it, "an enum value must be a name, got %s", describe(it))
			ok = false
			continue
		}
		if _, _, hasOp := splitOp(s); hasOp {
			p.errorf(it, "enum value %q must not start with a comparison operator", s)
			ok = false
			continue
		}
		if !p.unique(seen, it, "enum value", s) {
			ok = false
			continue
		}
		f.Values = append(f.Values, s)
	}
	if !ok {
		return f, false
	}
	if d, has := byName["default"]; has {
		s, isText := text(d.val)
		if p.skip(d.val) {
			return f, false
		}
		if !isText {
			p.errorf(d.val, "default must be one of %s, got %s", fmt.Sprint(f.Values), describe(d.val))
			return f, false
		}
		check := f
		check.Values = append(slices.Clone(f.Values), p.objs.ofType[f.ValuesOf]...)
		if !p.enumValue(d.val, check, s) {
			return f, false
		}
		f.DefaultValue = s
	}
	return f, true
}
