package pddl

import (
	"maps"
	"slices"
	"strconv"
	"strings"
)

// Twin objects: objects of one type that the task cannot tell apart
// (gripper's balls, all in one room and all wanted in the other).
// goap's search finds such objects interchangeable from the facts they
// own and searches one state per set of twins (goap's symmetry.go); a
// mutex group whose atoms differ only by twins would fold them into the
// values of one enum fact, where that search cannot see them (gripper's
// "what the left hand holds": free, ball1, ..., ballN). So such groups
// are not chosen, and their atoms stay booleans.

// twinClasses returns a class number for each object of pr that has a
// twin: an object of the same type, never a domain constant (actions
// name those), whose initial atoms, function values and goal literals
// are the same with the object left out. Swapping two twins then maps
// the task onto itself. Objects that share an atom are told apart (the
// other's name is in the atom), which may miss twins, never invent them.
func twinClasses(d *Domain, pr *Problem) map[string]int {
	sig := map[string][]string{}
	for _, o := range pr.Objects {
		sig[o.Name] = nil
	}
	mark := func(kind string, pred string, args []string, tail string) {
		for i, a := range args {
			if _, ok := sig[a]; !ok {
				continue
			}
			rest := slices.Clone(args)
			rest[i] = "?"
			sig[a] = append(sig[a], kind+pred+" "+strings.Join(rest, " ")+tail)
		}
	}
	for _, at := range pr.Init {
		mark("i ", at.Pred, at.Args, "")
	}
	for _, l := range pr.Goal {
		mark("g"+strconv.FormatBool(l.Neg)+" ", l.Pred, l.Args, "")
	}
	for k, v := range pr.Values {
		f := strings.Fields(k)
		if len(f) > 0 {
			mark("v ", f[0], f[1:], "="+strconv.FormatFloat(v, 'g', -1, 64))
		}
	}
	for _, c := range d.Constants {
		delete(sig, c.Name)
	}
	byKey := map[string][]string{}
	for _, o := range pr.Objects {
		s, ok := sig[o.Name]
		if !ok {
			continue
		}
		slices.Sort(s)
		k := o.Type + "\x00" + strings.Join(s, "\x00")
		byKey[k] = append(byKey[k], o.Name)
	}
	classes := map[string]int{}
	for _, k := range slices.Sorted(maps.Keys(byKey)) {
		if objs := byKey[k]; len(objs) >= 2 {
			n := len(classes) + 1
			for _, o := range objs {
				classes[o] = n
			}
		}
	}
	return classes
}

// foldsTwins reports whether two atoms of a group differ only by twins:
// the same predicate, and arguments that are equal or twins of one class.
func foldsTwins(atoms []Atom, group []int32, twins map[string]int) bool {
	seen := map[string]bool{}
	for _, i := range group {
		a := atoms[i]
		var b strings.Builder
		b.WriteString(a.Pred)
		for _, x := range a.Args {
			b.WriteByte(' ')
			if c, ok := twins[x]; ok {
				b.WriteString("#" + strconv.Itoa(c))
			} else {
				b.WriteString(x)
			}
		}
		k := b.String()
		if seen[k] {
			return true
		}
		seen[k] = true
	}
	return false
}
