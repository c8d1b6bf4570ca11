// Package pddl reads planning tasks written in PDDL (the Planning Domain
// Definition Language of the International Planning Competitions),
// grounds them, and turns them into goap specs.
//
// The supported subset is STRIPS with :typing (type hierarchies under
// object), :equality (in preconditions and goals), :negative-preconditions
// (and negative goals), constants, and
// :action-costs in its common restricted form: a total-cost function
// increased by constants or by static cost functions given in the
// problem's :init, and (:metric minimize (total-cost)). Anything else
// (conditional effects, quantifiers, disjunctions, numeric fluents,
// derived predicates, durative actions, ...) is rejected with a
// positioned error naming the feature. Names and keywords are case
// insensitive and are lower-cased on reading.
//
// # Names
//
// A grounded task names its facts and actions as PDDL does, space-
// separated: the fact "at ball1 rooma", the action "pick ball1 rooma
// left", whose GroundAction.IPC is the IPC plan line "(pick ball1 rooma
// left)". goap's lifted actions name the same ground action
// pick(ball1,rooma,left), and the same atom at(ball1,rooma): that is what
// `goap pddl --export` writes (objects and lifted actions, which goap
// grounds again) and what goap plan prints for such a file, while `goap
// pddl` itself prints IPC plan lines.
//
// # Mutex groups
//
// Ground also finds mutex groups: atoms of which at most one holds in
// every reachable state ("block b1 is on one block, on the table or
// held"), proven on the ground task. Task.Compile packs each group into
// one enum fact, named after the group ("on(b1,*)"), whose values are the
// atoms' names (and "none" when the group can hold no atom): a few bits
// per group instead of a bit per atom, so states take fewer words. Atoms
// that a precondition or the goal asks false stay booleans. Set
// Task.Groups to nil for the plain encoding, a boolean per atom (goap
// pddl --no-mutex).
package pddl

import (
	"strings"

	"github.com/goap-go/goap/internal/echo"
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
	"either":                  "either types are supported for parameters and predicate arguments, not in type, constant or object declarations",
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
	return &Error{File: p.file, Line: n.line, Col: n.col, Msg: echo.Sprintf(format, args...)}
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
			var typ string
			var err error
			if vars && t.head() == "either" {
				// A parameter of type (either a b) ranges over the objects
				// of a and of b (PDDL 1.2 typing).
				typ, err = p.eitherType(t)
			} else {
				if t.isList {
					if err := p.checkFeature(t); err != nil {
						return nil, err
					}
				}
				typ, err = p.name(t, "a type name")
			}
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

// eitherType reads (either a b ...) into the type name "(either a b)",
// which knownType and IsSubtype understand.
func (p *parser) eitherType(t *node) (string, error) {
	if len(t.list) < 2 {
		return "", p.errf(t, "(either) names no type")
	}
	names := make([]string, 0, len(t.list)-1)
	for _, n := range t.list[1:] {
		name, err := p.name(n, "a type name in (either ...)")
		if err != nil {
			return "", err
		}
		names = append(names, name)
	}
	return "(either " + strings.Join(names, " ") + ")", nil
}

// eitherMembers returns the member types of an (either ...) type name,
// or nil for a plain type.
func eitherMembers(t string) []string {
	if rest, ok := strings.CutPrefix(t, "(either "); ok {
		return strings.Fields(strings.TrimSuffix(rest, ")"))
	}
	return nil
}

// ParseDomain parses a domain file. file names it in errors.
func ParseDomain(file string, src []byte) (*Domain, error) {
	return parseDomain(file, src, nil)
}

func parseDomain(file string, src []byte, poll *poller) (*Domain, error) {
	root, err := readSexpr(file, src, poll)
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

// declare records the typed names in scope (name -> type), refusing an
// unknown type and a name declared twice; what names one for messages
// ("parameter %s"), dupNote adds to the message about a second one.
func (p *parser) declare(d *Domain, at *node, names []TypedName, scope map[string]string, what, dupNote string) error {
	for _, tn := range names {
		if !d.knownType(tn.Type) {
			return p.errf(at, what+" has unknown type %q", tn.Name, tn.Type)
		}
		if _, dup := scope[tn.Name]; dup {
			return p.errf(at, what+" declared twice"+dupNote, tn.Name)
		}
		scope[tn.Name] = tn.Type
	}
	return nil
}

func (d *Domain) knownType(t string) bool {
	if t == "object" {
		return true
	}
	if members := eitherMembers(t); members != nil {
		for _, m := range members {
			if !d.knownType(m) {
				return false
			}
		}
		return true
	}
	_, ok := d.Types[t]
	return ok
}

// IsSubtype reports whether type t is sub (or equal to) type of super.
// Either types count as their union: (either a b) is a subtype of super
// when a and b both are, and t is a subtype of (either a b) when it is a
// subtype of a or of b.
func (d *Domain) IsSubtype(t, super string) bool {
	if members := eitherMembers(t); members != nil {
		for _, m := range members {
			if !d.IsSubtype(m, super) {
				return false
			}
		}
		return true
	}
	if members := eitherMembers(super); members != nil {
		for _, m := range members {
			if d.IsSubtype(t, m) {
				return true
			}
		}
		return false
	}
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

// article prefixes a noun with a or an.
func article(what string) string {
	if strings.ContainsRune("aeiou", rune(what[0])) {
		return "an " + what
	}
	return "a " + what
}
