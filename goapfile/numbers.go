package goapfile

import (
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/goap-go/goap"
	"github.com/goap-go/goap/internal/echo"
	"github.com/goap-go/goap/internal/suggest"
	"go.yaml.in/yaml/v3"
)

// `numbers:` is a table of static values (road-length(a,b): 7) that
// actions' costs look up: `cost: "road-length(?from,?to)"` gives each
// binding of a lifted action its own cost, through goap.Action.ArgCost.

// numberTable is what the file's `numbers:` holds.
type numberTable struct {
	values map[string]float64 // "road-length(a,b)" -> 7
	arity  map[string]int     // "road-length" -> 2
	names  []string           // the names, sorted, for suggestions
}

// costTerm is one term of a cost expression: a number, or an entry of the
// table whose arguments are objects or, by index, parameters.
type costTerm struct {
	konst float64
	name  string
	args  []string // objects; "" where param gives the argument
	param []int    // per argument, the parameter's index, or -1
}

// costExpr is an action's `cost:` when it names table entries.
type costExpr struct {
	node   *yaml.Node
	action string
	terms  []costTerm
}

// key writes the table key of term t for the binding args.
func (t *costTerm) key(args []string) string {
	if t.args == nil {
		return t.name
	}
	var b strings.Builder
	b.WriteString(t.name)
	b.WriteByte('(')
	for i, a := range t.args {
		if i > 0 {
			b.WriteByte(',')
		}
		if j := t.param[i]; j >= 0 {
			a = args[j]
		}
		b.WriteString(a)
	}
	b.WriteByte(')')
	return b.String()
}

// eval sums the cost of the binding args; missing is the first table
// key the binding needs that the table lacks ("" when none).
func (e *costExpr) eval(tab *numberTable, args []string) (cost float64, missing string) {
	for i := range e.terms {
		t := &e.terms[i]
		if t.name == "" {
			cost += t.konst
			continue
		}
		k := t.key(args)
		v, ok := tab.values[k]
		if !ok && missing == "" {
			missing = k
		}
		cost += v
	}
	return cost, missing
}

// numberList reads `numbers:`, a mapping of name or name(obj,...) to a
// number of at least 0.
func (p *parser) numberList(n *yaml.Node) {
	tab := &p.numbers
	tab.values, tab.arity = map[string]float64{}, map[string]int{}
	fields, _ := p.mapping(n, "in numbers", nil)
	for _, fd := range fields {
		name, args, ok := splitEntry(fd.name)
		if !ok {
			p.errorf(fd.key, "an entry of numbers is written name or name(obj,...), such as road-length(a,b); got %q", fd.name)
			continue
		}
		good := true
		for _, a := range args {
			good = p.knownObject(fd.key, a, "numbers entry "+echo.Cut(fd.name)) && good
		}
		if k, seen := tab.arity[name]; seen && k != len(args) {
			p.errorf(fd.key, "%s takes %d arguments elsewhere in numbers:", echo.Cut(name), k)
			good = false
		}
		v, isNum := p.number(fd.val, "the value of "+echo.Cut(fd.name), 0)
		if !good || !isNum {
			continue
		}
		key := entryKey(name, args)
		if _, dup := tab.values[key]; dup {
			p.errorf(fd.key, "numbers gives %s twice", echo.Cut(key))
			continue
		}
		if _, seen := tab.arity[name]; !seen {
			tab.names = append(tab.names, name)
		}
		tab.arity[name] = len(args)
		tab.values[key] = v
	}
	slices.Sort(tab.names)
}

// splitEntry splits "road-length(a, b)" into "road-length" and [a b]; a
// name without parentheses has no arguments.
func splitEntry(s string) (name string, args []string, ok bool) {
	s = strings.TrimSpace(s)
	open := strings.IndexByte(s, '(')
	if open < 0 {
		return s, nil, s != "" && !strings.ContainsAny(s, "),?+ \t")
	}
	if open == 0 || !strings.HasSuffix(s, ")") {
		return "", nil, false
	}
	name = strings.TrimSpace(s[:open])
	inner := s[open+1 : len(s)-1]
	if strings.ContainsAny(name, "),?+ \t") || strings.ContainsAny(inner, "()") {
		return "", nil, false
	}
	args = strings.Split(inner, ",")
	for i, a := range args {
		args[i] = strings.TrimSpace(a)
		if args[i] == "" {
			return "", nil, false
		}
	}
	return name, args, true
}

// entryKey writes a table key without spaces: "road-length(a,b)".
func entryKey(name string, args []string) string {
	if len(args) == 0 {
		return name
	}
	return name + "(" + strings.Join(args, ",") + ")"
}

// isCostText reports whether a cost: is text to read as a sum: a string
// that is not a number alone ("3" stays an error, as numbers are written
// unquoted).
func isCostText(n *yaml.Node) bool {
	if n == nil || n.Kind != yaml.ScalarNode || n.ShortTag() != "!!str" {
		return false
	}
	_, err := strconv.ParseFloat(strings.TrimSpace(n.Value), 64)
	return err != nil
}

// costText reads an action's `cost:` written as text: a sum of numbers
// and table entries, "road-length(?from,?to)" or "2 + toll(?to)". A sum
// whose entries name no parameter is computed now and returned in a.Cost;
// otherwise a.ArgCost looks the entries up per binding.
func (p *parser) costText(n *yaml.Node, a *goap.Action) *costExpr {
	e := &costExpr{node: n}
	for _, part := range strings.Split(n.Value, "+") {
		part = strings.TrimSpace(part)
		if v, err := strconv.ParseFloat(part, 64); err == nil {
			if math.IsNaN(v) || math.IsInf(v, 0) || v < 0 {
				p.errorf(n, "cost: %s is not a number of at least 0", echo.Cut(part))
				return nil
			}
			e.terms = append(e.terms, costTerm{konst: v})
			continue
		}
		name, args, ok := splitEntry(part)
		if !ok {
			p.errorf(n, "cost must be a number, or a sum of numbers and entries of numbers: such as \"road-length(?from,?to)\"; got %q", part)
			return nil
		}
		want, known := p.numbers.arity[name]
		if !known {
			p.errorf(n, "cost: %s is not in numbers:%s", echo.Cut(name), suggest.Hint(name, p.numbers.names))
			return nil
		}
		if want != len(args) {
			p.errorf(n, "cost: %s takes %d arguments in numbers:, got %d", echo.Cut(name), want, len(args))
			return nil
		}
		t := costTerm{name: name, args: args, param: make([]int, len(args))}
		if args == nil {
			t.args = nil
		}
		for i, x := range args {
			t.param[i] = -1
			if !strings.HasPrefix(x, "?") {
				if !p.knownObject(n, x, "cost "+echo.Cut(part)) {
					return nil
				}
				continue
			}
			j := slices.IndexFunc(p.cur, func(q goap.Param) bool { return "?"+q.Name == x })
			if j < 0 {
				var names []string
				for _, q := range p.cur {
					names = append(names, "?"+q.Name)
				}
				p.errorf(n, "cost: %s is not a parameter of this action%s", echo.Cut(x), suggest.Hint(x, names))
				return nil
			}
			t.param[i] = j
		}
		e.terms = append(e.terms, t)
	}
	bound := slices.ContainsFunc(e.terms, func(t costTerm) bool { return slices.ContainsFunc(t.param, func(j int) bool { return j >= 0 }) })
	if !bound {
		c, missing := e.eval(&p.numbers, nil)
		if missing != "" {
			p.errorf(n, "cost: numbers has no entry %s", echo.Cut(missing))
			return nil
		}
		a.Cost = c
		return nil
	}
	// Entries a binding lacks cost 0 here and are reported once the
	// domain is grounded (checkCosts): the function stays pure, so the
	// Spec can be compiled again, from several goroutines.
	tab := &p.numbers
	a.ArgCost = func(args []string) float64 {
		c, _ := e.eval(tab, args)
		return c
	}
	p.costs = append(p.costs, e)
	return e
}

// checkCosts reports, at its cost:, each lifted action with a binding
// the domain grounded whose cost needs an entry that numbers: lacks.
func (p *parser) checkCosts(d *goap.Domain) {
	if len(p.costs) == 0 {
		return
	}
	byName := map[string]*costExpr{}
	for _, e := range p.costs {
		byName[e.action] = e
	}
	missing := map[*costExpr]int{}
	first := map[*costExpr]string{}
	for i := 0; i < d.NumActions(); i++ {
		id := goap.ActionID(i)
		lifted, args := d.Binding(id)
		e := byName[lifted]
		if e == nil || args == nil {
			continue
		}
		if _, k := e.eval(&p.numbers, args); k != "" {
			if missing[e] == 0 {
				first[e] = "numbers has no entry " + echo.Cut(k) + ", which " + echo.Cut(d.ActionName(id)) + " needs"
			}
			missing[e]++
		}
	}
	for _, e := range p.costs {
		if n := missing[e]; n > 0 {
			more := ""
			if n > 1 {
				more = " (and " + strconv.Itoa(n-1) + " more bindings lack an entry)"
			}
			p.errorf(e.node, "cost: %s%s", first[e], more)
		}
	}
}

// planCost returns what the action name (plain, or bound: Shoot(r2))
// costs, for tests' cost: checks; ok is false when numbers: lacks an
// entry the cost needs (reported at the cost: once grounded).
func (p *parser) planCost(a *goap.Action, name string) (cost float64, ok bool) {
	if a.ArgCost == nil {
		return a.Cost, true
	}
	_, args := predOf(name)
	for i := range args {
		args[i] = strings.TrimSpace(args[i])
	}
	for _, e := range p.costs {
		if e.action == a.Name {
			c, missing := e.eval(&p.numbers, args)
			return c, missing == ""
		}
	}
	return a.ArgCost(args), true
}
