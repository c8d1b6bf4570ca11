package pddl

import (
	"math"
	"strconv"
	"strings"
)

// Action schemas: parameters, preconditions, effects and costs.

// scope says what names an atom may use.
type scope struct {
	vars   map[string]string // variable -> type
	consts map[string]string // object or constant -> type
}

func (p *parser) action(d *Domain, s *node) (*Action, error) {
	if len(s.list) < 2 {
		return nil, p.errf(s, "want (:action NAME ...)")
	}
	name, err := p.name(s.list[1], "an action name")
	if err != nil {
		return nil, err
	}
	a := &Action{Name: name, Line: s.line, Col: s.col}
	sc := scope{vars: map[string]string{}, consts: map[string]string{}}
	for _, c := range d.Constants {
		sc.consts[c.Name] = c.Type
	}
	rest := s.list[2:]
	var pre, eff *node
	seen := map[string]bool{}
	for i := 0; i < len(rest); i += 2 {
		k := rest[i]
		if k.isList || !strings.HasPrefix(k.atom, ":") {
			return nil, p.errf(k, "want :parameters, :precondition or :effect, got %s", k)
		}
		if i+1 >= len(rest) {
			return nil, p.errf(k, "%s without a value", k.atom)
		}
		if seen[k.atom] {
			return nil, p.errf(k, "duplicate %s", k.atom)
		}
		seen[k.atom] = true
		v := rest[i+1]
		switch k.atom {
		case ":parameters":
			if err := p.wantList(v, "a parameter list"); err != nil {
				return nil, err
			}
			params, err := p.typedList(v.list, "parameter", true)
			if err != nil {
				return nil, err
			}
			if err := p.declare(d, v, params, sc.vars, "parameter %s", ""); err != nil {
				return nil, err
			}
			a.Params = params
		case ":precondition":
			pre = v
		case ":effect":
			eff = v
		default:
			if k.atom == ":duration" || k.atom == ":condition" {
				return nil, p.errf(k, "unsupported feature %q (durative actions)", k.atom)
			}
			return nil, p.errf(k, "unknown action key %s", k.atom)
		}
	}
	if pre != nil {
		if a.Pre, err = p.conjunction(d, pre, sc, true); err != nil {
			return nil, err
		}
	}
	if eff != nil {
		if err := p.effect(d, a, eff, sc); err != nil {
			return nil, err
		}
	}
	return a, nil
}

// conjunction reads (and lit...) or a single literal. pre allows
// equality.
func (p *parser) conjunction(d *Domain, n *node, sc scope, pre bool) ([]Literal, error) {
	if err := p.wantList(n, "a condition"); err != nil {
		return nil, err
	}
	if len(n.list) == 0 {
		return nil, nil
	}
	if n.head() == "and" {
		var out []Literal
		for _, c := range n.list[1:] {
			lits, err := p.conjunction(d, c, sc, pre)
			if err != nil {
				return nil, err
			}
			out = append(out, lits...)
		}
		return out, nil
	}
	lit, err := p.literal(d, n, sc, pre)
	if err != nil {
		return nil, err
	}
	return []Literal{lit}, nil
}

func (p *parser) literal(d *Domain, n *node, sc scope, eq bool) (Literal, error) {
	if err := p.wantList(n, "a literal"); err != nil {
		return Literal{}, err
	}
	if err := p.checkFeature(n); err != nil {
		return Literal{}, err
	}
	if n.head() == "not" {
		if len(n.list) != 2 {
			return Literal{}, p.errf(n, "not takes one argument")
		}
		inner := n.list[1]
		if err := p.wantList(inner, "an atom after not"); err != nil {
			return Literal{}, err
		}
		if err := p.checkFeature(inner); err != nil {
			return Literal{}, err
		}
		if inner.head() == "not" || inner.head() == "and" {
			return Literal{}, p.errf(inner, "want an atom after not, got (%s ...)", inner.head())
		}
		a, err := p.atom(d, inner, sc, eq)
		return Literal{Atom: a, Neg: true}, err
	}
	a, err := p.atom(d, n, sc, eq)
	return Literal{Atom: a}, err
}

func (p *parser) atom(d *Domain, n *node, sc scope, eq bool) (Atom, error) {
	if len(n.list) == 0 {
		return Atom{}, p.errf(n, "empty atom")
	}
	h := n.list[0]
	if h.isList {
		return Atom{}, p.errf(h, "want a predicate name, got a list")
	}
	pred := h.atom
	var params []TypedName
	switch {
	case pred == "=":
		if !eq {
			return Atom{}, p.errf(h, "equality is only supported in preconditions and goals")
		}
		if len(n.list) != 3 {
			return Atom{}, p.errf(n, "= takes two arguments")
		}
		params = []TypedName{{"?a", "object"}, {"?b", "object"}}
	case pred == "and" || pred == "not":
		return Atom{}, p.errf(h, "%s is not allowed here", pred)
	default:
		if pred == "increase" {
			return Atom{}, p.errf(h, "increase is only allowed in effects")
		}
		var ok bool
		params, ok = d.Predicates[pred]
		if !ok {
			if _, fn := d.Functions[pred]; fn {
				return Atom{}, p.errf(h, "unsupported feature %q (numeric fluents): function used as a predicate", pred)
			}
			return Atom{}, p.errf(h, "unknown predicate %q", pred)
		}
		if len(n.list)-1 != len(params) {
			return Atom{}, p.errf(n, "predicate %q takes %d arguments, got %d", pred, len(params), len(n.list)-1)
		}
	}
	args, err := p.args(d, n.list[1:], params, sc)
	return Atom{Pred: pred, Args: args}, err
}

// args checks the arguments of an atom or function term against the
// declared parameters.
func (p *parser) args(d *Domain, items []*node, params []TypedName, sc scope) ([]string, error) {
	args := make([]string, len(items))
	for i, an := range items {
		if an.isList {
			if err := p.checkFeature(an); err != nil {
				return nil, err
			}
			return nil, p.errf(an, "want a variable or object, got a list")
		}
		var typ string
		var ok bool
		if strings.HasPrefix(an.atom, "?") {
			typ, ok = sc.vars[an.atom]
			if !ok {
				return nil, p.errf(an, "unknown variable %s", an.atom)
			}
		} else {
			typ, ok = sc.consts[an.atom]
			if !ok {
				return nil, p.errf(an, "unknown object or constant %q", an.atom)
			}
		}
		// A variable of a supertype may still bind a fitting object: only
		// reject arguments whose type cannot overlap the parameter's.
		if !d.IsSubtype(typ, params[i].Type) && !d.IsSubtype(params[i].Type, typ) {
			return nil, p.errf(an, "%s has type %s, want %s", an.atom, typ, params[i].Type)
		}
		args[i] = an.atom
	}
	return args, nil
}

func (p *parser) effect(d *Domain, a *Action, n *node, sc scope) error {
	if err := p.wantList(n, "an effect"); err != nil {
		return err
	}
	if len(n.list) == 0 {
		return nil
	}
	switch n.head() {
	case "and":
		for _, c := range n.list[1:] {
			if err := p.effect(d, a, c, sc); err != nil {
				return err
			}
		}
		return nil
	case "increase":
		if len(n.list) != 3 {
			return p.errf(n, "increase takes two arguments")
		}
		target := n.list[1]
		if !target.isList || target.head() != "total-cost" || len(target.list) != 1 {
			return p.errf(n.list[0], "unsupported feature %q (numeric fluents): only (increase (total-cost) ...) is supported", "increase")
		}
		if _, ok := d.Functions["total-cost"]; !ok {
			return p.errf(target, "total-cost is not declared in :functions")
		}
		t, err := p.costTerm(d, n.list[2], sc)
		if err != nil {
			return err
		}
		a.Cost = append(a.Cost, t)
		d.ActionCosts = true
		return nil
	}
	lit, err := p.literal(d, n, sc, false)
	if err != nil {
		return err
	}
	if lit.Neg {
		a.Del = append(a.Del, lit.Atom)
	} else {
		a.Add = append(a.Add, lit.Atom)
	}
	return nil
}

func (p *parser) costTerm(d *Domain, n *node, sc scope) (CostTerm, error) {
	if !n.isList {
		v, err := p.number(n)
		return CostTerm{Const: v}, err
	}
	if err := p.checkFeature(n); err != nil {
		return CostTerm{}, err
	}
	h := n.head()
	params, ok := d.Functions[h]
	if !ok || h == "total-cost" {
		if h == "+" || h == "-" || h == "*" || h == "/" {
			return CostTerm{}, p.errf(n, "unsupported feature %q (numeric expressions)", h)
		}
		return CostTerm{}, p.errf(n, "want a number or a declared cost function, got %s", n)
	}
	if len(n.list)-1 != len(params) {
		return CostTerm{}, p.errf(n, "function %q takes %d arguments, got %d", h, len(params), len(n.list)-1)
	}
	args, err := p.args(d, n.list[1:], params, sc)
	if err != nil {
		return CostTerm{}, err
	}
	return CostTerm{Func: &Atom{Pred: h, Args: args}}, nil
}

func (p *parser) number(n *node) (float64, error) {
	if n.isList {
		return 0, p.errf(n, "want a number, got a list")
	}
	v, err := strconv.ParseFloat(n.atom, 64)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
		return 0, p.errf(n, "want a number, got %q", n.atom)
	}
	if v < 0 {
		return 0, p.errf(n, "negative cost %v", v)
	}
	return v, nil
}
