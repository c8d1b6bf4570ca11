package goapfile

import (
	"errors"
	"maps"
	"slices"

	"github.com/goap-go/goap"
	"go.yaml.in/yaml/v3"
)

// specErrors reports the errors of goap.NewDomain or Domain.Target at the
// place in the file they concern. adhoc, when not nil, is the goal whose
// conditions Domain.Target compiled.
func (p *parser) specErrors(err error, adhoc *goalRef) {
	for _, e := range joined(err) {
		var se *goap.SpecError
		if !errors.As(e, &se) {
			p.causedAt(Position{}, e.Error(), e)
			continue
		}
		msg := *se
		msg.Domain = ""
		if adhoc != nil {
			msg.Goal = "" // the goal is the `goal:` the position points at
		}
		p.causedAt(p.locate(se, adhoc), msg.Error(), se)
	}
}

// locate finds the node a *goap.SpecError is about, using the error's
// Part: the fact's key in the action's preconditions or effects or in the
// goal's desired conditions, the action or goal itself (its name, cost or
// priority), or the fact's declaration.
func (p *parser) locate(se *goap.SpecError, adhoc *goalRef) Position {
	var at *yaml.Node
	switch {
	case adhoc != nil:
		at = adhoc.node
		if k := adhoc.keys[se.Fact]; k != nil {
			at = k
		}
	case se.Action != "":
		// A ground action's error is its lifted action's: Shoot(r2)
		// is written as Shoot, and hp(r2) as hp(?t).
		name, fact := se.Action, se.Fact
		if lifted, _ := predOf(name); lifted != "" {
			name = lifted
		}
		for _, a := range p.actions {
			if a.name != name {
				continue
			}
			at = a.item
			if a.params != nil {
				fact = patternKey(a, fact)
			}
			switch se.Part {
			case "params":
				at = a.params
			case "preconditions":
				at = keyOr(a.pre, fact, at)
			case "effects":
				at = keyOr(a.eff, fact, at)
			case "":
				// An error without a part (not one of NewDomain's):
				// the fact's first place in the action.
				at = keyOr(a.pre, fact, keyOr(a.eff, fact, at))
			}
			break
		}
	case se.Goal != "":
		for _, g := range p.goals {
			if g.name != se.Goal {
				continue
			}
			at = g.item
			if se.Part == "desired" || se.Part == "" {
				at = keyOr(g.desired, se.Fact, at)
			}
			break
		}
	case se.Fact != "":
		if d, ok := p.decl[se.Fact]; ok {
			at = d.key
		} else {
			at = p.mentions[se.Fact]
		}
	}
	return pos(at)
}

// patternKey returns the key of a lifted action's conditions or effects
// that a ground fact ("hp(r2)") comes from: the key itself when there is
// one, else the first key of the same predicate ("hp(?t)").
func patternKey(a *actionDecl, fact string) string {
	if a.pre[fact] != nil || a.eff[fact] != nil {
		return fact
	}
	pred, _ := predOf(fact)
	for _, keys := range []map[string]*yaml.Node{a.pre, a.eff} {
		for _, k := range slices.Sorted(maps.Keys(keys)) {
			if kp, _ := predOf(k); kp == pred && pred != "" {
				return k
			}
		}
	}
	return fact
}

// joined returns the errors err joins (errors.Join), or err alone.
func joined(err error) []error {
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		return j.Unwrap()
	}
	return []error{err}
}

// keyOr returns the key node of fact in keys, or def when there is none.
func keyOr(keys map[string]*yaml.Node, fact string, def *yaml.Node) *yaml.Node {
	if k := keys[fact]; k != nil && fact != "" {
		return k
	}
	return def
}
