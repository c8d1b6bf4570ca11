// Package pddl reads planning tasks written in PDDL (the Planning Domain
// Definition Language of the International Planning Competitions),
// grounds them, and turns them into goap specs.
//
// The supported subset is STRIPS with :typing (type hierarchies under
// object), :equality, :negative-preconditions, constants, and
// :action-costs in its common restricted form: a total-cost function
// increased by constants or by static cost functions given in the
// problem's :init, and (:metric minimize (total-cost)). Anything else
// (conditional effects, quantifiers, disjunctions, numeric fluents,
// derived predicates, durative actions, ...) is rejected with a
// positioned error naming the feature. Names and keywords are case
// insensitive and are lower-cased on reading.
package pddl

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// TypedName is an object, constant, parameter or type name with its type.
type TypedName struct {
	Name, Type string
}

// Atom is a predicate applied to arguments. Arguments that start with '?'
// are variables (in action schemas); the others are objects or
// constants. The predicate "=" is equality.
type Atom struct {
	Pred string
	Args []string
}

// String renders the atom without parentheses: "at ball1 rooma".
func (a Atom) String() string {
	if len(a.Args) == 0 {
		return a.Pred
	}
	return a.Pred + " " + strings.Join(a.Args, " ")
}

// Literal is an atom or its negation.
type Literal struct {
	Atom
	Neg bool
}

// CostTerm is one increase of total-cost: a constant, or (when Func is
// set) the value of a static function given in the problem's :init.
type CostTerm struct {
	Const float64
	Func  *Atom
}

// Action is an action schema.
type Action struct {
	Name   string
	Params []TypedName
	// Pre is a conjunction of literals (equality included).
	Pre []Literal
	// Add and Del are the effects: deletes apply first, then adds.
	Add, Del []Atom
	// Cost lists the total-cost increases; an action without any costs 1
	// in a domain that does not use action costs, 0 otherwise.
	Cost      []CostTerm
	Line, Col int
}

// Domain is a parsed domain file.
type Domain struct {
	File         string
	Name         string
	Requirements []string
	// Types maps each declared type to its parent ("object" at the top).
	Types      map[string]string
	Constants  []TypedName
	Predicates map[string][]TypedName
	// Functions lists the declared functions (total-cost included).
	Functions map[string][]TypedName
	Actions   []*Action
	// ActionCosts is true when some action increases total-cost.
	ActionCosts bool
}

// Problem is a parsed problem file.
type Problem struct {
	File       string
	Name       string
	DomainName string
	Objects    []TypedName
	// Init lists the initial atoms, each once, in file order.
	Init []Atom
	// Values holds the initial values of functions, keyed by
	// Atom.String() of the function term ("travel-slow n0 n1").
	Values map[string]float64
	// Goal is a conjunction of ground literals.
	Goal []Literal
	// Metric is true for (:metric minimize (total-cost)).
	Metric bool
}

// unsupported names the features outside the subset, by the keyword that
// introduces them.
var unsupported = map[string]string{
	"when":                    "conditional effects",
	"forall":                  "universal quantification",
	"exists":                  "existential quantification",
	"or":                      "disjunctive preconditions",
	"imply":                   "implications",
	"either":                  "either types",
	"decrease":                "numeric fluents",
	"assign":                  "numeric fluents",
	"scale-up":                "numeric fluents",
	"scale-down":              "numeric fluents",
	"<":                       "numeric conditions",
	">":                       "numeric conditions",
	"<=":                      "numeric conditions",
	">=":                      "numeric conditions",
	"preference":              "preferences",
	":derived":                "derived predicates",
	":durative-action":        "durative actions",
	":constraints":            "constraints",
	":process":                "processes",
	":event":                  "events",
	":timed-initial-literals": "timed initial literals",
}

type parser struct {
	file string
}

func (p *parser) errf(n *node, format string, args ...any) error {
	return &Error{File: p.file, Line: n.line, Col: n.col, Msg: fmt.Sprintf(format, args...)}
}

func (p *parser) unsupportedErr(n *node, keyword string) error {
	return p.errf(n, "unsupported feature %q (%s)", keyword, unsupported[keyword])
}

// checkFeature fails when a list starts with a keyword of an unsupported
// feature.
func (p *parser) checkFeature(n *node) error {
	if h := n.head(); h != "" {
		if _, bad := unsupported[h]; bad {
			return p.unsupportedErr(n.list[0], h)
		}
	}
	return nil
}

// wantList checks that n is a list whose head is word.
func (p *parser) wantList(n *node, what string) error {
	if !n.isList {
		return p.errf(n, "want %s, got %q", what, n.atom)
	}
	return nil
}

// name checks that n is a plain name (not a list, variable or keyword).
func (p *parser) name(n *node, what string) (string, error) {
	if n.isList {
		return "", p.errf(n, "want %s, got a list", what)
	}
	if n.atom == "" || n.atom[0] == '?' || n.atom[0] == ':' || n.atom == "-" {
		return "", p.errf(n, "want %s, got %q", what, n.atom)
	}
	return n.atom, nil
}

// define checks (define (KIND NAME) ...) and returns the name and the
// sections.
func (p *parser) define(root *node, kind string) (string, []*node, error) {
	if root.head() != "define" {
		return "", nil, p.errf(root, "want (define (%s NAME) ...)", kind)
	}
	if len(root.list) < 2 || !root.list[1].isList || root.list[1].head() != kind || len(root.list[1].list) != 2 {
		at := root
		if len(root.list) >= 2 {
			at = root.list[1]
		}
		return "", nil, p.errf(at, "want (%s NAME) after define", kind)
	}
	name, err := p.name(root.list[1].list[1], kind+" name")
	if err != nil {
		return "", nil, err
	}
	secs := root.list[2:]
	for _, s := range secs {
		if !s.isList || len(s.list) == 0 || s.list[0].isList || !strings.HasPrefix(s.list[0].atom, ":") {
			return "", nil, p.errf(s, "want a section such as (:%s ...)", map[string]string{"domain": "action", "problem": "init"}[kind])
		}
	}
	return name, secs, nil
}

// typedList reads "a b - t c - u d" (untyped names get object).
func (p *parser) typedList(items []*node, what string, vars bool) ([]TypedName, error) {
	var out []TypedName
	pending := 0
	for i := 0; i < len(items); i++ {
		n := items[i]
		if n.isList {
			if err := p.checkFeature(n); err != nil {
				return nil, err
			}
			return nil, p.errf(n, "want %s, got a list", article(what))
		}
		if n.atom == "-" {
			if pending == 0 {
				return nil, p.errf(n, "- without %s before it", article(what))
			}
			if i+1 >= len(items) {
				return nil, p.errf(n, "- without a type after it")
			}
			t := items[i+1]
			if t.isList {
				if err := p.checkFeature(t); err != nil {
					return nil, err
				}
			}
			typ, err := p.name(t, "a type name")
			if err != nil {
				return nil, err
			}
			for j := len(out) - pending; j < len(out); j++ {
				out[j].Type = typ
			}
			pending = 0
			i++
			continue
		}
		if vars != (n.atom[0] == '?') || (vars && len(n.atom) == 1) || n.atom[0] == ':' {
			return nil, p.errf(n, "want %s, got %q", article(what), n.atom)
		}
		out = append(out, TypedName{Name: n.atom, Type: "object"})
		pending++
	}
	return out, nil
}

// ParseDomain parses a domain file. file names it in errors.
func ParseDomain(file string, src []byte) (*Domain, error) {
	root, err := readSexpr(file, src)
	if err != nil {
		return nil, err
	}
	p := &parser{file: file}
	name, secs, err := p.define(root, "domain")
	if err != nil {
		return nil, err
	}
	d := &Domain{File: file, Name: name, Types: map[string]string{}, Predicates: map[string][]TypedName{}, Functions: map[string][]TypedName{}}
	// Types and predicates first: actions refer to them wherever they are.
	seen := map[string]bool{}
	for _, s := range secs {
		key := s.head()
		if key != ":action" && seen[key] {
			return nil, p.errf(s, "duplicate section %s", key)
		}
		seen[key] = true
		switch key {
		case ":requirements":
			for _, r := range s.list[1:] {
				if r.isList || !strings.HasPrefix(r.atom, ":") {
					return nil, p.errf(r, "want a requirement such as :strips")
				}
				d.Requirements = append(d.Requirements, r.atom)
			}
		case ":types":
			list, err := p.typedList(s.list[1:], "type name", false)
			if err != nil {
				return nil, err
			}
			for _, t := range list {
				if t.Name == "object" {
					continue
				}
				if _, dup := d.Types[t.Name]; dup && d.Types[t.Name] != t.Type {
					return nil, p.errf(s, "type %q declared twice with different parents", t.Name)
				}
				d.Types[t.Name] = t.Type
			}
		case ":constants":
			list, err := p.typedList(s.list[1:], "constant", false)
			if err != nil {
				return nil, err
			}
			d.Constants = list
		case ":predicates":
			for _, pn := range s.list[1:] {
				if err := p.wantList(pn, "a predicate such as (at ?x)"); err != nil {
					return nil, err
				}
				if len(pn.list) == 0 {
					return nil, p.errf(pn, "empty predicate declaration")
				}
				pname, err := p.name(pn.list[0], "a predicate name")
				if err != nil {
					return nil, err
				}
				params, err := p.typedList(pn.list[1:], "parameter", true)
				if err != nil {
					return nil, err
				}
				if _, dup := d.Predicates[pname]; dup {
					return nil, p.errf(pn, "predicate %q declared twice", pname)
				}
				d.Predicates[pname] = params
			}
		case ":functions":
			items := s.list[1:]
			for i := 0; i < len(items); i++ {
				fn := items[i]
				if !fn.isList && fn.atom == "-" {
					if i+1 >= len(items) || items[i+1].isList || items[i+1].atom != "number" {
						return nil, p.errf(fn, "unsupported feature %q (object fluents): functions must be numbers", "-")
					}
					i++
					continue
				}
				if err := p.wantList(fn, "a function such as (total-cost)"); err != nil {
					return nil, err
				}
				if len(fn.list) == 0 {
					return nil, p.errf(fn, "empty function declaration")
				}
				fname, err := p.name(fn.list[0], "a function name")
				if err != nil {
					return nil, err
				}
				params, err := p.typedList(fn.list[1:], "parameter", true)
				if err != nil {
					return nil, err
				}
				if fname == "total-cost" && len(params) != 0 {
					return nil, p.errf(fn, "total-cost takes no arguments")
				}
				d.Functions[fname] = params
			}
		case ":action":
		default:
			if _, bad := unsupported[key]; bad {
				return nil, p.unsupportedErr(s.list[0], key)
			}
			return nil, p.errf(s.list[0], "unknown section %s", key)
		}
	}
	if err := p.checkTypes(d, root); err != nil {
		return nil, err
	}
	for _, params := range d.Predicates {
		for _, prm := range params {
			if !d.knownType(prm.Type) {
				return nil, p.errf(root, "unknown type %q in predicate declarations", prm.Type)
			}
		}
	}
	if err := p.checkNames(d, d.Constants, root, "constant"); err != nil {
		return nil, err
	}
	actions := map[string]bool{}
	for _, s := range secs {
		if s.head() != ":action" {
			continue
		}
		a, err := p.action(d, s)
		if err != nil {
			return nil, err
		}
		if actions[a.Name] {
			return nil, p.errf(s, "action %q defined twice", a.Name)
		}
		actions[a.Name] = true
		d.Actions = append(d.Actions, a)
	}
	return d, nil
}

// checkTypes rejects unknown parents and cycles.
func (p *parser) checkTypes(d *Domain, at *node) error {
	for t, parent := range d.Types {
		if !d.knownType(parent) {
			return p.errf(at, "type %q has unknown parent type %q", t, parent)
		}
		cur := t
		for i := 0; cur != "object"; i++ {
			if i > len(d.Types) {
				return p.errf(at, "type %q is its own ancestor", t)
			}
			cur = d.Types[cur]
		}
	}
	return nil
}

func (d *Domain) knownType(t string) bool {
	if t == "object" {
		return true
	}
	_, ok := d.Types[t]
	return ok
}

// IsSubtype reports whether type t is sub (or equal to) type of super.
func (d *Domain) IsSubtype(t, super string) bool {
	for i := 0; i <= len(d.Types)+1; i++ {
		if t == super {
			return true
		}
		if t == "object" {
			return false
		}
		parent, ok := d.Types[t]
		if !ok {
			return false
		}
		t = parent
	}
	return false
}

func (p *parser) checkNames(d *Domain, list []TypedName, at *node, what string) error {
	seen := map[string]bool{}
	for _, o := range list {
		if !d.knownType(o.Type) {
			return p.errf(at, "%s %q has unknown type %q", what, o.Name, o.Type)
		}
		if seen[o.Name] {
			return p.errf(at, "%s %q declared twice", what, o.Name)
		}
		seen[o.Name] = true
	}
	return nil
}

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
			for _, prm := range params {
				if !d.knownType(prm.Type) {
					return nil, p.errf(v, "parameter %s has unknown type %q", prm.Name, prm.Type)
				}
				if _, dup := sc.vars[prm.Name]; dup {
					return nil, p.errf(v, "parameter %s declared twice", prm.Name)
				}
				sc.vars[prm.Name] = prm.Type
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
			return Atom{}, p.errf(h, "equality is only supported in preconditions")
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

// ParseProblem parses a problem file of domain d.
func ParseProblem(file string, src []byte, d *Domain) (*Problem, error) {
	root, err := readSexpr(file, src)
	if err != nil {
		return nil, err
	}
	p := &parser{file: file}
	name, secs, err := p.define(root, "problem")
	if err != nil {
		return nil, err
	}
	pr := &Problem{File: file, Name: name, Values: map[string]float64{}}
	sc := scope{consts: map[string]string{}}
	for _, c := range d.Constants {
		sc.consts[c.Name] = c.Type
	}
	seen := map[string]bool{}
	var init, goal *node
	for _, s := range secs {
		key := s.head()
		if seen[key] {
			return nil, p.errf(s, "duplicate section %s", key)
		}
		seen[key] = true
		switch key {
		case ":domain":
			if len(s.list) != 2 {
				return nil, p.errf(s, "want (:domain NAME)")
			}
			dn, err := p.name(s.list[1], "a domain name")
			if err != nil {
				return nil, err
			}
			if dn != d.Name {
				return nil, p.errf(s.list[1], "problem is for domain %q, not %q", dn, d.Name)
			}
			pr.DomainName = dn
		case ":requirements":
		case ":objects":
			list, err := p.typedList(s.list[1:], "object", false)
			if err != nil {
				return nil, err
			}
			for _, o := range list {
				if !d.knownType(o.Type) {
					return nil, p.errf(s, "object %q has unknown type %q", o.Name, o.Type)
				}
				if _, dup := sc.consts[o.Name]; dup {
					return nil, p.errf(s, "object %q declared twice (or as a domain constant)", o.Name)
				}
				sc.consts[o.Name] = o.Type
			}
			pr.Objects = list
		case ":init":
			init = s
		case ":goal":
			goal = s
		case ":metric":
			if len(s.list) != 3 || s.list[1].isList || s.list[1].atom != "minimize" || s.list[2].head() != "total-cost" || len(s.list[2].list) != 1 {
				return nil, p.errf(s, "unsupported feature %q: only (:metric minimize (total-cost)) is supported", ":metric")
			}
			pr.Metric = true
		default:
			if _, bad := unsupported[key]; bad {
				return nil, p.unsupportedErr(s.list[0], key)
			}
			return nil, p.errf(s.list[0], "unknown section %s", key)
		}
	}
	if init == nil {
		return nil, p.errf(root, "missing (:init ...)")
	}
	if goal == nil {
		return nil, p.errf(root, "missing (:goal ...)")
	}
	have := map[string]bool{}
	for _, n := range init.list[1:] {
		if n.head() == "=" {
			if len(n.list) != 3 || !n.list[1].isList || len(n.list[1].list) == 0 {
				return nil, p.errf(n, "want (= (FUNCTION ARGS...) NUMBER)")
			}
			fn := n.list[1]
			params, ok := d.Functions[fn.head()]
			if !ok {
				return nil, p.errf(fn, "unknown function %s", fn.list[0])
			}
			if len(fn.list)-1 != len(params) {
				return nil, p.errf(fn, "function %q takes %d arguments, got %d", fn.head(), len(params), len(fn.list)-1)
			}
			args, err := p.args(d, fn.list[1:], params, sc)
			if err != nil {
				return nil, err
			}
			v, err := p.number(n.list[2])
			if err != nil {
				return nil, err
			}
			pr.Values[Atom{Pred: fn.head(), Args: args}.String()] = v
			continue
		}
		if n.head() == "not" {
			continue // the closed world assumption says as much
		}
		lit, err := p.literal(d, n, sc, false)
		if err != nil {
			return nil, err
		}
		if k := lit.Atom.String(); !have[k] {
			have[k] = true
			pr.Init = append(pr.Init, lit.Atom)
		}
	}
	if len(goal.list) != 2 {
		return nil, p.errf(goal, "want (:goal CONDITION)")
	}
	if pr.Goal, err = p.conjunction(d, goal.list[1], sc, false); err != nil {
		return nil, err
	}
	return pr, nil
}

// AllObjects returns the domain's constants and the problem's objects.
func (pr *Problem) AllObjects(d *Domain) []TypedName {
	return append(append([]TypedName(nil), d.Constants...), pr.Objects...)
}

// article prefixes a noun with a or an.
func article(what string) string {
	if strings.ContainsRune("aeiou", rune(what[0])) {
		return "an " + what
	}
	return "a " + what
}
