package goapfile

import (
	"errors"
	"sort"
	"strings"

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
			p.errorAt(Position{}, e.Error())
			continue
		}
		msg := *se
		msg.Domain = ""
		if adhoc != nil {
			msg.Goal = "" // the goal is the `goal:` the position points at
		}
		p.errorAt(p.locate(se, adhoc), msg.Error())
	}
}

// locate finds the node a *goap.SpecError is about: the fact's key in the
// action's or goal's conditions, the action or goal itself, or the fact's
// declaration.
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
			if a.name == se.Action {
				at = a.item
				if k := a.pre[se.Fact]; k != nil {
					at = k
				}
				if k := a.eff[se.Fact]; k != nil && (at == a.item || effectMsg(se.Msg)) {
					at = k
				}
				break
			}
		}
	case se.Goal != "":
		for _, g := range p.goals {
			if g.name == se.Goal {
				at = g.item
				if k := g.desired[se.Fact]; k != nil {
					at = k
				}
				break
			}
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

// effectMsg reports whether a core message is about an effect rather
// than a precondition.
func effectMsg(msg string) bool {
	for _, prefix := range []string{"effect", "add", "adding"} {
		if strings.HasPrefix(msg, prefix) {
			return true
		}
	}
	return false
}

// sortedKeys returns the keys of m in order.
func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
