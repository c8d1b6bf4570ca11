package goapfile

import (
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/goap-go/goap"
	"github.com/goap-go/goap/internal/suggest"
	"go.yaml.in/yaml/v3"
)

// This file turns the values of preconditions, goals, effects and start
// states into the values goap.Conds, goap.Effects and Domain.State take.
// The syntax is described in the package documentation.

// factOf returns the declaration of the named fact: the one under
// `facts:`, or a boolean for an undeclared fact. (Values of facts whose
// declaration is wrong are not checked: p.broken.)
func (p *parser) factOf(name string) (goap.Fact, bool) {
	if d, ok := p.decl[familyOf(p, name)]; ok {
		f := d.fact
		f.Name = name
		return f, true
	}
	return goap.Bool(name), false
}

// text returns a scalar's text, trimmed, and whether n is a scalar that
// may hold a name or a number (not null, not a boolean).
func text(n *yaml.Node) (string, bool) {
	if n == nil || n.Kind != yaml.ScalarNode {
		return "", false
	}
	switch n.ShortTag() {
	case "!!null", "!!bool":
		return "", false
	}
	return strings.TrimSpace(n.Value), true
}

// splitOp splits a leading comparison operator off s.
func splitOp(s string) (goap.Op, string, bool) {
	for _, o := range [...]struct {
		text string
		op   goap.Op
	}{{"==", goap.OpEq}, {"!=", goap.OpNe}, {"<=", goap.OpLe}, {">=", goap.OpGe}, {"=", goap.OpEq}, {"<", goap.OpLt}, {">", goap.OpGt}} {
		if strings.HasPrefix(s, o.text) {
			return o.op, strings.TrimSpace(s[len(o.text):]), true
		}
	}
	return goap.OpEq, s, false
}

// looksNumeric reports whether s reads as a number or a number with an
// operator in front: the values that only an int fact accepts.
func looksNumeric(s string) bool {
	s = strings.TrimLeft(s, "=!<>+- ")
	_, err := strconv.Atoi(s)
	return err == nil
}

// yesNo holds the words YAML 1.1 read as booleans; YAML 1.2, and so this
// loader, reads them as text.
var yesNo = map[string]bool{"yes": true, "no": true, "on": true, "off": true, "y": true, "n": true}

// notBool reports a non-boolean value given to a boolean fact, with a
// hint to declare the fact when it is undeclared.
func (p *parser) notBool(n *yaml.Node, name string, declared bool) {
	hint := ""
	if s, ok := text(n); ok {
		switch {
		case yesNo[strings.ToLower(s)]:
			hint = " (YAML reads " + s + " as text: write true or false)"
		case declared:
		case looksNumeric(s):
			hint = " (declare it under facts: with type: int)"
		case n.ShortTag() == "!!str":
			if p.enumUses == nil {
				p.enumUses = map[string][]*yaml.Node{}
			}
			p.enumUses[name] = append(p.enumUses[name], n)
			return // reported with the fact's other names (undeclaredEnums)
		}
	}
	if declared {
		p.errorf(n, "fact %q is a bool: want true or false, got %s%s", name, describe(n), hint)
		return
	}
	p.errorf(n, "fact %q is not declared, so it is a boolean: want true or false, got %s%s", name, describe(n), hint)
}

// outside reports value v outside int fact f's range.
func (p *parser) outside(n *yaml.Node, f goap.Fact, v int) {
	p.errorf(n, "value %d is outside %s's range %d..%d", v, f.Name, f.Min, f.Max)
}

// enumValue checks that s is one of enum fact f's values.
func (p *parser) enumValue(n *yaml.Node, f goap.Fact, s string) bool {
	if p.hasValue(f, s) {
		return true
	}
	if strings.HasPrefix(s, "?") && p.cur != nil {
		return p.paramValue(n, f, s)
	}
	p.errorf(n, "fact %q has no value %q%s; its values are %s", f.Name, s, suggest.Hint(s, f.Values), strings.Join(f.Values, ", "))
	return false
}

// value reads the value n given to fact name: true or false for a
// boolean fact (declared or not), else what readInt or readEnum reads
// for an int or an enum fact.
func (p *parser) value(name string, n *yaml.Node, readInt, readEnum func(goap.Fact, *yaml.Node) (any, bool)) (any, bool) {
	if p.skip(n) || p.broken[name] {
		return nil, false
	}
	f, declared := p.factOf(name)
	switch f.Kind {
	case goap.BoolFact:
		if b, ok := scalarBool(n); ok {
			return b, true
		}
		p.notBool(n, name, declared)
		return nil, false
	case goap.IntFact:
		return readInt(f, n)
	default:
		return readEnum(f, n)
	}
}

// cond reads one precondition or goal condition on fact name.
func (p *parser) cond(name string, n *yaml.Node) (any, bool) {
	return p.value(name, n, p.intCond, p.enumCond)
}

// intCond reads a condition on int fact f: a number or a comparison.
func (p *parser) intCond(f goap.Fact, n *yaml.Node) (any, bool) {
	if s, ok := text(n); ok && p.effectSyntax(f, n, strings.TrimSpace(s)) {
		return nil, false
	}
	op, v := goap.OpEq, 0
	if i, ok := scalarInt(n); ok {
		v = i
	} else {
		s, ok := text(n)
		if ok {
			var rest string
			op, rest, _ = splitOp(s)
			v, ok = atoi(rest)
		}
		if !ok || n.ShortTag() != "!!str" {
			p.errorf(n, "fact %q is an int: want a number or a comparison such as \">= 1\", got %s", f.Name, describe(n))
			return nil, false
		}
	}
	var possible bool
	switch op {
	case goap.OpEq, goap.OpNe:
		if v < f.Min || v > f.Max {
			p.outside(n, f, v)
			return nil, false
		}
		possible = op == goap.OpEq || f.Min != f.Max
	case goap.OpLt:
		possible = f.Min < v
	case goap.OpLe:
		possible = f.Min <= v
	case goap.OpGt:
		possible = f.Max > v
	case goap.OpGe:
		possible = f.Max >= v
	}
	if !possible {
		p.errorf(n, "%s %v %d can never hold: %s's range is %d..%d", f.Name, op, v, f.Name, f.Min, f.Max)
		return nil, false
	}
	if op == goap.OpEq {
		return v, true
	}
	return goap.Compare{Op: op, Value: v}, true
}

// effectSyntax reports, and returns true for, a condition on int fact f
// written as an effect: "+3" (YAML reads +3 as the number 3, so the
// condition meant coins == 3 where the writer meant "gains 3"), "+= 3"
// or "-= 3". A bare negative number stays a number: ranges may go below
// zero.
func (p *parser) effectSyntax(f goap.Fact, n *yaml.Node, s string) bool {
	var verb, rest string
	switch {
	case strings.HasPrefix(s, "+="):
		verb, rest = "adds", s[2:]
	case strings.HasPrefix(s, "-="):
		verb, rest = "subtracts", s[2:]
	case strings.HasPrefix(s, "+"):
		verb, rest = "adds", s[1:]
	default:
		return false
	}
	v, ok := atoi(strings.TrimSpace(rest))
	if !ok {
		return false // not a number: the usual message says what is wanted
	}
	p.errorf(n, "fact %q is an int: %s is how an effect %s %d, but a condition compares: write %d for %s == %d, or \">= %d\" for at least %d",
		f.Name, describe(n), verb, v, v, f.Name, v, v, v)
	return true
}

// enumCond reads a condition on enum fact f: a value or "!= value".
func (p *parser) enumCond(f goap.Fact, n *yaml.Node) (any, bool) {
	s, ok := text(n)
	if !ok {
		p.errorf(n, "fact %q is an enum: want one of %s, or \"!= value\", got %s", f.Name, strings.Join(f.Values, ", "), describe(n))
		return nil, false
	}
	op, rest, hasOp := splitOp(s)
	if hasOp && op != goap.OpEq && op != goap.OpNe {
		p.errorf(n, "fact %q is an enum: %v needs an int fact", f.Name, op)
		return nil, false
	}
	if !p.enumValue(n, f, rest) {
		return nil, false
	}
	if op == goap.OpNe && len(f.Values) == 1 {
		p.errorf(n, "%s != %s can never hold: %s is %s's only value", f.Name, rest, rest, f.Name)
		return nil, false
	}
	if op == goap.OpNe {
		return goap.Ne(rest), true
	}
	return rest, true
}

// effect reads what an action does to fact name.
func (p *parser) effect(name string, n *yaml.Node) (any, bool) {
	return p.value(name, n, p.intEffect, func(f goap.Fact, n *yaml.Node) (any, bool) {
		return p.enumSet(f, n, true)
	})
}

// enumSet reads a value given to enum fact f: one of its values, also
// after "=" (as text) when eq is set.
func (p *parser) enumSet(f goap.Fact, n *yaml.Node, eq bool) (any, bool) {
	s, ok := text(n)
	if !ok {
		p.errorf(n, "fact %q is an enum: want one of %s, got %s", f.Name, strings.Join(f.Values, ", "), describe(n))
		return nil, false
	}
	if op, rest, hasOp := splitOp(s); eq && hasOp && op == goap.OpEq && n.ShortTag() == "!!str" {
		s = rest
	}
	if !p.enumValue(n, f, s) {
		return nil, false
	}
	return s, true
}

// intEffect reads an int effect. A leading sign means add or subtract,
// quoted or not ("+1", -1, "+= 2", "-= 2"); a bare number or "= n" sets.
func (p *parser) intEffect(f goap.Fact, n *yaml.Node) (any, bool) {
	bad := func() (any, bool) {
		p.errorf(n, "fact %q is an int: want a number to set, or \"+1\", \"-= 2\" to add or subtract, got %s", f.Name, describe(n))
		return nil, false
	}
	s, ok := text(n)
	if !ok {
		return bad()
	}
	signed := strings.HasPrefix(s, "+") || strings.HasPrefix(s, "-")
	v, isInt := scalarInt(n)
	switch {
	case isInt:
	case n.ShortTag() != "!!str":
		return bad()
	case strings.HasPrefix(s, "+=") || strings.HasPrefix(s, "-="):
		rest := strings.TrimSpace(s[2:])
		if strings.HasPrefix(rest, "+") || strings.HasPrefix(rest, "-") {
			return bad()
		}
		if v, ok = atoi(rest); !ok {
			return bad()
		}
		if s[0] == '-' {
			v = -v
		}
	case strings.HasPrefix(s, "="):
		signed = false
		if v, ok = atoi(strings.TrimSpace(strings.TrimPrefix(s[1:], "="))); !ok {
			return bad()
		}
	default:
		if v, ok = atoi(s); !ok {
			return bad()
		}
	}
	if signed {
		if v == 0 {
			p.errorf(n, "adding 0 to %s changes nothing", f.Name)
			return nil, false
		}
		if span := uint64(f.Max) - uint64(f.Min); v < -maxSpan || v > maxSpan || uint64(absInt(v)) > span {
			p.errorf(n, "adding %d to %s always leaves its range %d..%d", v, f.Name, f.Min, f.Max)
			return nil, false
		}
		return goap.Add(v), true
	}
	if v < f.Min || v > f.Max {
		p.outside(n, f, v)
		return nil, false
	}
	return v, true
}

// stateValue reads a value of a start state or a test's `set`: true or
// false, a number (quoted or not) or an enum value.
func (p *parser) stateValue(name string, n *yaml.Node) (any, bool) {
	return p.value(name, n, p.intState, func(f goap.Fact, n *yaml.Node) (any, bool) {
		return p.enumSet(f, n, false)
	})
}

// intState reads a start value of int fact f: a number, quoted or not.
func (p *parser) intState(f goap.Fact, n *yaml.Node) (any, bool) {
	v, ok := scalarInt(n)
	if !ok && n.ShortTag() == "!!str" {
		v, ok = atoi(strings.TrimSpace(n.Value))
	}
	if !ok {
		p.errorf(n, "fact %q is an int: want a number, got %s", f.Name, describe(n))
		return nil, false
	}
	if v < f.Min || v > f.Max {
		p.outside(n, f, v)
		return nil, false
	}
	return v, true
}

// atoi parses a decimal int, with an optional sign.
func atoi(s string) (int, bool) {
	v, err := strconv.Atoi(s)
	return v, err == nil
}

// maxSpan bounds the deltas worth comparing with a fact's range.
const maxSpan = goap.MaxIntRange

// absInt returns |v|.
func absInt(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// undeclaredEnums reports each undeclared fact given names (an enum that
// needs declaring) once, at its first use, with the declaration it needs;
// a name close to another that the file uses more is reported as a typo.
func (p *parser) undeclaredEnums() {
	for _, fact := range slices.Sorted(maps.Keys(p.enumUses)) {
		nodes := p.enumUses[fact]
		count := map[string]int{}
		var values []string
		for _, n := range nodes {
			if count[n.Value] == 0 {
				values = append(values, n.Value)
			}
			count[n.Value]++
		}
		var typos []*yaml.Node
		var good []string
		for _, v := range values {
			others := slices.DeleteFunc(slices.Clone(values), func(o string) bool { return o == v || count[o] <= count[v] })
			if c := suggest.Closest(v, others); c != "" {
				for _, n := range nodes {
					if n.Value == v {
						typos = append(typos, n)
					}
				}
				continue
			}
			good = append(good, v)
		}
		p.errorf(nodes[0], "fact %q is not declared, so it is a boolean, but the file gives it names: declare it under facts:, e.g. %s: {type: enum, values: [%s]}",
			fact, fact, strings.Join(good, ", "))
		for _, n := range typos {
			others := slices.DeleteFunc(slices.Clone(values), func(o string) bool { return o == n.Value || count[o] <= count[n.Value] })
			p.errorf(n, "%q looks like a typo of %q (fact %q)", n.Value, suggest.Closest(n.Value, others), fact)
		}
	}
}

// valueSet is the set of an enum fact's values, for the values slice of
// length n starting at first.
type valueSet struct {
	first *string
	n     int
	set   map[string]struct{}
}

// manyValues is the number of values from which hasValue looks an enum's
// values up in a set rather than one by one.
const manyValues = 32

// hasValue reports whether s is one of the enum fact f's values. The
// values of a large enum are put in a set once: a 128x128 grid's 16,384
// cells compared one by one for each of its 65,000 moves were two thirds
// of loading it (5.3 s).
func (p *parser) hasValue(f goap.Fact, s string) bool {
	if len(f.Values) < manyValues {
		return indexOf(f.Values, s) >= 0
	}
	vs, ok := p.valueSets[f.Name]
	if !ok || vs.first != &f.Values[0] || vs.n != len(f.Values) { // new, or the values changed
		vs = valueSet{first: &f.Values[0], n: len(f.Values), set: make(map[string]struct{}, len(f.Values))}
		for _, v := range f.Values {
			vs.set[v] = struct{}{}
		}
		if p.valueSets == nil {
			p.valueSets = map[string]valueSet{}
		}
		p.valueSets[f.Name] = vs
	}
	_, ok = vs.set[s]
	return ok
}
