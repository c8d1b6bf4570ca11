package goapfile

import (
	"math"

	"github.com/goap-go/goap/internal/suggest"

	"github.com/goap-go/goap"
	"github.com/goap-go/goap/agent/simspec"
	"go.yaml.in/yaml/v3"
)

// actionKeys and goalKeys are the keys of an action and of a goal.
var (
	actionKeys = []string{"name", "params", "at", "uses", "cost", "preconditions", "effects", "duration", "travel", "chance", "order", "orders", "timeout", "backoff"}
	goalKeys   = []string{"name", "priority", "desired", "valid_when", "relevancy", "stand_in"}
)

// actionDecl remembers where an action's parts are, to place the core's
// errors.
type actionDecl struct {
	name     string
	item     *yaml.Node
	pre, eff map[string]*yaml.Node // fact -> key node
	// params is the `params:` node of a lifted action, paramList what it
	// declares.
	params    *yaml.Node
	paramList []goap.Param
	order     *yaml.Node // `order:`, read once the squads are known
	at        *yaml.Node // `at:`, read once the domain is compiled
	uses      *yaml.Node // `uses:`, the same
	orders    *yaml.Node // `orders:`, the same, and its key
	ordersAt  *yaml.Node
}

// goalDecl remembers where a goal's parts are.
type goalDecl struct {
	name    string
	item    *yaml.Node
	desired map[string]*yaml.Node
	// validWhen and relevancy are read with the goal and compiled with
	// the domain (for simulated agents: simspec.GoalRule).
	validWhen *goalRef
	relevancy []scoreDecl
	// standIn is the action that stands in while the goal is planned,
	// checked once the domain is compiled.
	standIn     string
	standInNode *yaml.Node
}

// scoreDecl is one rule of a goal's `relevancy:`.
type scoreDecl struct {
	when  *goalRef // nil: always
	score float64
}

// actionList reads `actions:`.
func (p *parser) actionList(n *yaml.Node) {
	items, ok := p.sequence(n, "actions")
	if !ok {
		return
	}
	if len(items) == 0 {
		p.errorf(n, "actions is empty: the domain needs at least one action")
		return
	}
	first := map[string]*yaml.Node{}
	for _, it := range items {
		a, ok := p.action(it)
		if !ok {
			continue
		}
		if !p.unique(first, it, "action name", a.Name) {
			continue
		}
		p.out.pos[posKey{KindAction, a.Name}] = pos(it)
	}
}

// action reads one action. It adds the action to the spec even when a
// part of it is wrong, so that later references to it resolve.
func (p *parser) action(n *yaml.Node) (goap.Action, bool) {
	if !p.isMapping(n, "an action must be a mapping with name, cost, preconditions and effects; got") {
		return goap.Action{}, false
	}
	fields, _ := p.mapping(n, "in action", actionKeys)
	a := goap.Action{Cost: 1}
	dur, travel := 1, 0
	var timeout, backoff float64
	chance := 1.0
	decl := &actionDecl{item: n}
	named := false
	var cost *costExpr
	// Parameters first: the conditions and effects refer to them,
	// wherever params: stands in the mapping.
	for _, fd := range fields {
		if fd.name == "params" {
			decl.params = fd.val
			decl.paramList = p.params(fd.val)
			a.Params = decl.paramList
			p.cur = a.Params
			if p.cur == nil {
				p.cur = []goap.Param{}
			}
		}
	}
	defer func() { p.cur = nil }()
	for _, fd := range fields {
		switch fd.name {
		case "name":
			a.Name, named = p.str(fd.val, "action name")
		case "cost":
			if isCostText(fd.val) && !p.skip(fd.val) {
				cost = p.costText(fd.val, &a) // a sum of entries of numbers:
			} else if c, ok := p.number(fd.val, "cost", 0); ok {
				a.Cost = c
			}
		case "duration":
			if d, ok := p.integer(fd.val, "duration"); ok {
				if d < 0 {
					p.errorf(fd.val, "duration must be at least 0, got %d", d)
				} else {
					dur = d
				}
			}
		case "travel":
			travel, _ = p.travel(fd.val)
		case "chance":
			if c, ok := p.number(fd.val, "chance", 0); ok {
				if c <= 0 || c > 1 {
					p.errorf(fd.val, "chance is the probability that the action's effects apply, above 0 and at most 1; got %v", c)
				} else {
					chance = c
				}
			}
		case "order":
			decl.order = fd.val
		case "at":
			decl.at = fd.val
		case "uses":
			decl.uses = fd.val
		case "orders":
			decl.orders, decl.ordersAt = fd.val, fd.key
		case "timeout", "backoff":
			if v, ok := p.number(fd.val, fd.name, 0); ok {
				if fd.name == "timeout" {
					timeout = v
				} else {
					backoff = v
				}
			}
		case "preconditions":
			a.Pre, decl.pre, _ = p.conds(fd.val, "preconditions", false)
		case "effects":
			a.Effects, decl.eff, _ = p.effects(fd.val)
		}
	}
	if !named {
		if !hasKey(fields, "name") {
			p.errorf(n, "action has no name")
		}
		return a, false
	}
	decl.name = a.Name
	if cost != nil {
		cost.action = a.Name
	}
	if decl.params != nil {
		p.liftedActions = append(p.liftedActions, a.Name)
		for _, keys := range []map[string]*yaml.Node{decl.pre, decl.eff} {
			for k := range keys {
				if pred, _ := predOf(k); pred != "" && !p.objs.static[pred] {
					p.lifted[pred] = true
				}
			}
		}
	}
	if _, dup := p.out.Durations[a.Name]; dup {
		return a, true // reported by the caller
	}
	p.out.Durations[a.Name] = dur
	if travel > 0 {
		p.out.Travel[a.Name] = travel
	}
	if chance < 1 {
		if p.out.Chance == nil {
			p.out.Chance = map[string]float64{}
		}
		p.out.Chance[a.Name] = chance
	}
	for _, tb := range []struct {
		m *map[string]float64
		v float64
	}{{&p.out.Timeouts, timeout}, {&p.out.Backoffs, backoff}} {
		if tb.v > 0 {
			if *tb.m == nil {
				*tb.m = map[string]float64{}
			}
			(*tb.m)[a.Name] = tb.v
		}
	}
	p.actions = append(p.actions, decl)
	p.spec.Actions = append(p.spec.Actions, a)
	return a, true
}

// effects reads an action's `effects:`.
func (p *parser) effects(n *yaml.Node) (goap.Effects, map[string]*yaml.Node, bool) {
	return factValues[goap.Effects](p, n, "effects", false, p.effect)
}

// goalList reads `goals:`.
func (p *parser) goalList(n *yaml.Node) {
	items, _ := p.sequence(n, "goals")
	first := map[string]*yaml.Node{}
	for _, it := range items {
		if !p.isMapping(it, "a goal must be a mapping with name, priority and desired; got") {
			continue
		}
		fields, _ := p.mapping(it, "in goal", goalKeys)
		g := goap.Goal{}
		decl := &goalDecl{item: it}
		named, hasDesired := false, false
		for _, fd := range fields {
			switch fd.name {
			case "name":
				g.Name, named = p.str(fd.val, "goal name")
			case "priority":
				if v, ok := p.number(fd.val, "priority", math.NaN()); ok {
					g.Priority = v
				}
			case "valid_when":
				if c, keys, ok := p.conds(fd.val, "valid_when", true); ok && len(c) > 0 {
					decl.validWhen = &goalRef{conds: c, keys: keys, node: fd.val}
				}
			case "relevancy":
				decl.relevancy = p.relevancyRules(fd.val)
			case "stand_in":
				decl.standIn, _ = p.str(fd.val, "stand_in")
				decl.standInNode = fd.val
			case "desired":
				hasDesired = true
				g.Desired, decl.desired, _ = p.conds(fd.val, "desired", false)
				if len(decl.desired) == 0 && !p.skip(fd.val) && (isNull(fd.val) || fd.val.Kind == yaml.MappingNode) {
					p.errorf(fd.val, "desired must name at least one condition")
				}
			}
		}
		if !hasDesired {
			p.errorf(it, "goal has no desired conditions")
		}
		if !named {
			if !hasKey(fields, "name") {
				p.errorf(it, "goal has no name")
			}
			continue
		}
		if !p.unique(first, it, "goal name", g.Name) {
			continue
		}
		decl.name = g.Name
		p.goals = append(p.goals, decl)
		p.spec.Goals = append(p.spec.Goals, g)
		p.out.pos[posKey{KindGoal, g.Name}] = pos(it)
	}
}

// hasKey reports whether fields holds the key name.
func hasKey(fields []field, name string) bool {
	for _, f := range fields {
		if f.name == name {
			return true
		}
	}
	return false
}

// relevancyRules reads a goal's `relevancy:`, a list of {when: {...},
// score: N} rules, the first that holds giving the score; a rule without
// when: always holds.
func (p *parser) relevancyRules(n *yaml.Node) []scoreDecl {
	items, ok := p.sequence(n, "relevancy")
	if !ok {
		return nil
	}
	var out []scoreDecl
	for _, it := range items {
		if !p.isMapping(it, "a relevancy rule must be a mapping such as {when: {hungry: true}, score: 150}; got") {
			continue
		}
		fields, _ := p.mapping(it, "in relevancy rule", []string{"when", "score"})
		var r scoreDecl
		for _, fd := range fields {
			switch fd.name {
			case "when":
				if c, keys, ok := p.conds(fd.val, "when", true); ok && len(c) > 0 {
					r.when = &goalRef{conds: c, keys: keys, node: fd.val}
				}
			case "score":
				r.score, _ = p.number(fd.val, "score", math.NaN())
			}
		}
		if !hasKey(fields, "score") {
			p.errorf(it, "relevancy rule has no score")
		}
		out = append(out, r)
	}
	if len(out) == 0 && !p.skip(n) {
		p.errorf(n, "relevancy must list at least one rule")
	}
	return out
}

// standIn checks goal g's stand_in: an action of the file, ground or
// lifted with a single binding, and returns it.
func (p *parser) standIn(g *goalDecl) string {
	d := p.out.Domain
	ids := d.ActionsNamed(g.standIn)
	switch {
	case ids == nil:
		p.errorf(g.standInNode, "unknown action %q in stand_in%s", g.standIn, suggest.Hint(g.standIn, p.actionNameList()))
	case len(ids) > 1:
		p.errorf(g.standInNode, "stand_in names the lifted action %s, which stands for %d actions: name one, such as %q", g.standIn, len(ids), d.ActionName(ids[0]))
	default:
		return g.standIn
	}
	return ""
}

// goalRules compiles the goals' valid_when:, relevancy: and stand_in:
// once the domain is compiled.
func (p *parser) goalRules() {
	for _, g := range p.goals {
		if g.validWhen == nil && len(g.relevancy) == 0 && g.standIn == "" {
			continue
		}
		var r simspec.GoalRule
		if g.standIn != "" {
			r.StandIn = p.standIn(g)
		}
		if g.validWhen != nil {
			r.ValidWhen = p.target(g.validWhen, g.name+" valid_when")
		}
		for _, s := range g.relevancy {
			rule := simspec.ScoreRule{Score: s.score}
			if s.when != nil {
				rule.When = p.target(s.when, g.name+" relevancy")
			}
			r.Relevancy = append(r.Relevancy, rule)
		}
		if p.out.GoalRules == nil {
			p.out.GoalRules = map[string]simspec.GoalRule{}
		}
		p.out.GoalRules[g.name] = r
	}
}
