package goapfile

import (
	"errors"

	"github.com/goap-go/goap"
	"go.yaml.in/yaml/v3"
)

// specErrors reports the errors of goap.NewDomain or Domain.Target at the
// place in the file they concern. adhoc, when not nil, is the goal whose
// conditions Domain.Target compiled.
func (p *parser) specErrors(err error, adhoc *goalRef) {
	var list []error
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		list = j.Unwrap()
	} else {
		list = []error{err}
	}
	for _, e := range list {
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
		for _, a := range p.actions {
			if a.name != se.Action {
				continue
			}
			at = a.item
			switch se.Part {
			case "preconditions":
				at = keyOr(a.pre, se.Fact, at)
			case "effects":
				at = keyOr(a.eff, se.Fact, at)
			case "":
				// An error without a part (not one of NewDomain's):
				// the fact's first place in the action.
				at = keyOr(a.pre, se.Fact, keyOr(a.eff, se.Fact, at))
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

// keyOr returns the key node of fact in keys, or def when there is none.
func keyOr(keys map[string]*yaml.Node, fact string, def *yaml.Node) *yaml.Node {
	if k := keys[fact]; k != nil && fact != "" {
		return k
	}
	return def
}
