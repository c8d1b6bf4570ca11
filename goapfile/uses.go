package goapfile

import (
	"slices"
	"strings"

	"github.com/goap-go/goap"
	"github.com/goap-go/goap/internal/suggest"
)

// actionUses reads the actions' uses: (an object parameter, or an object)
// into File.Uses, by ground action.
func (p *parser) actionUses(d *goap.Domain) {
	var objects []string
	for _, o := range d.Objects() {
		objects = append(objects, o.Name)
	}
	for _, a := range p.actions {
		if a.uses == nil {
			continue
		}
		ref, ok := p.str(a.uses, "uses")
		if !ok {
			continue
		}
		use := func(action, object string) {
			if p.out.Uses == nil {
				p.out.Uses = map[string]string{}
			}
			p.out.Uses[action] = object
		}
		if !strings.HasPrefix(ref, "?") {
			if !slices.Contains(objects, ref) {
				p.errorf(a.uses, "uses: unknown object %q%s", ref, suggest.Hint(ref, objects))
				continue
			}
			for _, id := range d.ActionsNamed(a.name) {
				use(d.ActionName(id), ref)
			}
			continue
		}
		k := slices.IndexFunc(a.paramList, func(q goap.Param) bool { return "?"+q.Name == ref })
		if k < 0 {
			var params []string
			for _, q := range a.paramList {
				params = append(params, "?"+q.Name)
			}
			p.errorf(a.uses, "uses: %s is not a parameter of %s%s", ref, a.name, suggest.Hint(ref, params))
			continue
		}
		for _, id := range d.ActionsNamed(a.name) {
			_, args := d.Binding(id)
			use(d.ActionName(id), args[k])
		}
	}
}
