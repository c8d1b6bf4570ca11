package pddl

import (
	"fmt"
	"strings"
)

// validate checks an IPC plan against the parsed domain and problem
// without using the grounder: it instantiates each step's schema by
// substituting the plan's objects, checks types and preconditions on a
// set of atoms, applies deletes then adds, sums the costs and checks the
// goal. It returns the plan's cost.
func validate(d *Domain, pr *Problem, plan []string) (float64, error) {
	types := map[string]string{}
	for _, o := range d.Constants {
		types[o.Name] = o.Type
	}
	for _, o := range pr.Objects {
		types[o.Name] = o.Type
	}
	key := func(pred string, args []string) string { return strings.Join(append([]string{pred}, args...), " ") }
	state := map[string]bool{}
	for _, a := range pr.Init {
		state[key(a.Pred, a.Args)] = true
	}
	schemas := map[string]*Action{}
	for _, a := range d.Actions {
		schemas[a.Name] = a
	}
	cost := 0.0
	for i, line := range plan {
		step := fmt.Sprintf("step %d %s", i+1, line)
		line = strings.TrimSpace(strings.ToLower(line))
		if !strings.HasPrefix(line, "(") || !strings.HasSuffix(line, ")") {
			return 0, fmt.Errorf("%s: not in parentheses", step)
		}
		f := strings.Fields(line[1 : len(line)-1])
		if len(f) == 0 {
			return 0, fmt.Errorf("%s: empty", step)
		}
		a := schemas[f[0]]
		if a == nil {
			return 0, fmt.Errorf("%s: unknown action", step)
		}
		objs := f[1:]
		if len(objs) != len(a.Params) {
			return 0, fmt.Errorf("%s: %d arguments, want %d", step, len(objs), len(a.Params))
		}
		sub := map[string]string{}
		for j, p := range a.Params {
			t, ok := types[objs[j]]
			if !ok {
				return 0, fmt.Errorf("%s: unknown object %s", step, objs[j])
			}
			if !d.IsSubtype(t, p.Type) {
				return 0, fmt.Errorf("%s: %s is a %s, want %s", step, objs[j], t, p.Type)
			}
			sub[p.Name] = objs[j]
		}
		ground := func(args []string) []string { return substitute(args, sub) }
		for _, l := range a.Pre {
			args := ground(l.Args)
			var holds bool
			if l.Pred == "=" {
				holds = args[0] == args[1]
			} else {
				holds = state[key(l.Pred, args)]
			}
			if holds == l.Neg {
				return 0, fmt.Errorf("%s: precondition %v (negated %v) does not hold", step, key(l.Pred, args), l.Neg)
			}
		}
		var adds []string
		for _, e := range a.Add {
			adds = append(adds, key(e.Pred, ground(e.Args)))
		}
		for _, e := range a.Del {
			delete(state, key(e.Pred, ground(e.Args)))
		}
		for _, k := range adds {
			state[k] = true
		}
		if !d.ActionCosts {
			cost++
			continue
		}
		for _, c := range a.Cost {
			if c.Func == nil {
				cost += c.Const
				continue
			}
			v, ok := pr.Values[key(c.Func.Pred, ground(c.Func.Args))]
			if !ok {
				return 0, fmt.Errorf("%s: cost function %s undefined", step, key(c.Func.Pred, ground(c.Func.Args)))
			}
			cost += v
		}
	}
	for _, l := range pr.Goal {
		if state[key(l.Pred, l.Args)] == l.Neg {
			return 0, fmt.Errorf("goal %v (negated %v) not met", key(l.Pred, l.Args), l.Neg)
		}
	}
	return cost, nil
}

// substitute replaces the variables of args bound in sub by their objects.
func substitute(args []string, sub map[string]string) []string {
	out := make([]string, len(args))
	for j, x := range args {
		if v, ok := sub[x]; ok {
			out[j] = v
		} else {
			out[j] = x
		}
	}
	return out
}
