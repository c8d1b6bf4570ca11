package pddl

// Problem files: objects, initial state, goal and metric.

// ParseProblem parses a problem file of domain d.
func ParseProblem(file string, src []byte, d *Domain) (*Problem, error) {
	return parseProblem(file, src, d, nil)
}

func parseProblem(file string, src []byte, d *Domain, poll *poller) (*Problem, error) {
	root, err := readSexpr(file, src, poll)
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
			if err := p.declare(d, s, list, sc.consts, "object %q", " (or as a domain constant)"); err != nil {
				return nil, err
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
		if poll.hit() {
			return nil, poll.err
		}
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
	// Equality may appear in the goal too: over objects and constants
	// only, it holds or fails for good, which grounding settles.
	if pr.Goal, err = p.conjunction(d, goal.list[1], sc, true); err != nil {
		return nil, err
	}
	return pr, nil
}

// AllObjects returns the domain's constants and the problem's objects.
func (pr *Problem) AllObjects(d *Domain) []TypedName {
	return append(append([]TypedName(nil), d.Constants...), pr.Objects...)
}
