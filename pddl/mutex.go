package pddl

import (
	"container/heap"
	"context"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/goap-go/goap"
)

// Mutex groups: sets of fluent atoms of which at most one holds in every
// reachable state ("block b1 is on one block, on the table or in the
// hand"). Compile packs each group into one enum fact of a few bits
// instead of a boolean per atom, as Fast Downward's translator does with
// its invariants.

// Group is a mutex group of a grounded task: atoms of which at most one
// holds in every state reachable from the start. Compile encodes it as
// one enum fact named Name whose values are Atoms (and None).
type Group struct {
	// Name is the enum fact's name: the predicate the group was found
	// from, with its fixed arguments and * for the one that varies:
	// "on(b1,*)". Names are unique within a task.
	Name string
	// Atoms are the group's atoms as Spec.Facts and Init name them, in
	// the order of Spec.Facts: the enum's values.
	Atoms []string
	// None is the enum's last value, taken when no atom of the group
	// holds ("none"); empty when one always holds.
	None string
	// scope is the proven group Atoms were cut from (it may hold atoms
	// that other groups took): an action that requires one of its atoms
	// finds all the others false, so its deletes of them change nothing.
	scope []string
}

// maxCandidates bounds the candidate invariants checked per task: the
// standard domains settle within a few dozen.
const maxCandidates = 2000

// part is one predicate of a candidate invariant: pos[i] is the argument
// position that holds the invariant's parameter i; the predicate's one
// other position, if any, varies within a group.
type part struct {
	pred string
	pos  []int
}

// invariant is a candidate: for each binding of its parameters, the
// atoms its parts give form a group of which at most one atom holds.
type invariant struct {
	params int
	parts  []part
}

func (inv invariant) key() string {
	var b strings.Builder
	for _, p := range inv.parts {
		b.WriteString(p.pred)
		for _, x := range p.pos {
			b.WriteString("/" + strconv.Itoa(x))
		}
		b.WriteString("|")
	}
	return b.String()
}

// name renders the group of atoms as, those of parameter values v, as the
// part that has most of them (the first of those): "on(b1,*)".
func (inv invariant) name(atoms []Atom, as []int32, v []string) string {
	best, most := inv.parts[0], 0
	for _, p := range inv.parts {
		n := 0
		for _, i := range as {
			if atoms[i].Pred == p.pred {
				n++
			}
		}
		if n > most {
			best, most = p, n
		}
	}
	first := as[slices.IndexFunc(as, func(i int32) bool { return atoms[i].Pred == best.pred })]
	args := make([]string, len(atoms[first].Args))
	for i := range args {
		args[i] = "*"
	}
	for i, x := range best.pos {
		args[x] = v[i]
	}
	return best.pred + "(" + strings.Join(args, ",") + ")"
}

// mutexAction is a ground action over atom indexes: pre lists the atoms
// it requires true, add the atoms it makes true and del those it makes
// false (an atom added and deleted is added).
type mutexAction struct {
	pre, add, del []int32
}

// mutexFinder proves candidate invariants on a grounded task.
type mutexFinder struct {
	atoms    []Atom
	init     []bool
	allowed  []bool // the atom may join a group: no condition asks it false
	byPred   map[string][]int32
	arity    map[string]int
	acts     []mutexAction
	touching [][]int32 // per atom, the actions that add or delete it
	// scratch, per check
	inst  []int32 // per atom: its group in the candidate, or -1
	stamp []int32 // per action: the last check that looked at it
	round int32
}

// findGroups returns the mutex groups of t, whose fluent atoms are atoms
// (in the order of t.Spec.Facts), chosen greedily, largest first, so that
// an atom is in at most one group; groups whose atoms differ only by
// twins (twinClasses) are left out. It stops with context.Cause(ctx)
// when ctx is done first.
func findGroups(ctx context.Context, t *Task, atoms []Atom, twins map[string]int) ([]Group, error) {
	f := newMutexFinder(t, atoms)
	var found []invariantGroup
	seen := map[string]bool{}
	var queue []invariant
	for _, pred := range slices.Sorted(maps.Keys(f.byPred)) {
		k := f.arity[pred]
		for counted := -1; counted < k; counted++ {
			var pos []int
			for i := range k {
				if i != counted {
					pos = append(pos, i)
				}
			}
			inv := invariant{params: len(pos), parts: []part{{pred, pos}}}
			seen[inv.key()] = true
			queue = append(queue, inv)
		}
	}
	for n := 0; len(queue) > 0 && n < maxCandidates; n++ {
		if ctx.Err() != nil {
			return nil, context.Cause(ctx)
		}
		inv := queue[0]
		queue = queue[1:]
		groups, grow := f.check(inv)
		found = append(found, groups...)
		for _, g := range grow {
			if k := g.key(); !seen[k] {
				seen[k] = true
				queue = append(queue, g)
			}
		}
	}
	found = slices.DeleteFunc(found, func(g invariantGroup) bool { return foldsTwins(atoms, g.atoms, twins) })
	return f.partition(found), nil
}

// invariantGroup is one group of a proven invariant.
type invariantGroup struct {
	name  string
	atoms []int32 // increasing
	key   string
}

func newMutexFinder(t *Task, atoms []Atom) *mutexFinder {
	f := &mutexFinder{atoms: atoms, init: make([]bool, len(atoms)), allowed: make([]bool, len(atoms)),
		byPred: map[string][]int32{}, arity: map[string]int{}, touching: make([][]int32, len(atoms)),
		inst: make([]int32, len(atoms)), stamp: make([]int32, len(t.Spec.Actions))}
	index := make(map[string]int32, len(atoms))
	for i, a := range atoms {
		index[a.String()] = int32(i)
		f.allowed[i] = true
		f.inst[i] = -1
		f.byPred[a.Pred] = append(f.byPred[a.Pred], int32(i))
		f.arity[a.Pred] = len(a.Args)
	}
	for _, k := range t.Init {
		if i, ok := index[k]; ok {
			f.init[i] = true
		}
	}
	// An atom a condition wants false stays a boolean: its group would
	// need a "not this value" condition, which the relaxation behind
	// the estimates reads less well.
	for k, v := range t.Spec.Goals[0].Desired {
		if i, ok := index[k]; ok && v == false {
			f.allowed[i] = false
		}
	}
	f.acts = make([]mutexAction, len(t.Spec.Actions))
	for ai, a := range t.Spec.Actions {
		var m mutexAction
		for k, v := range a.Pre {
			i, ok := index[k]
			switch {
			case !ok:
			case v == true:
				m.pre = append(m.pre, i)
			default:
				f.allowed[i] = false
			}
		}
		for k, v := range a.Effects {
			i, ok := index[k]
			if !ok {
				continue
			}
			if v == true {
				m.add = append(m.add, i)
			} else {
				m.del = append(m.del, i)
			}
			f.touching[i] = append(f.touching[i], int32(ai))
		}
		// Map order is random: sorted lists keep the grown candidates,
		// and so the groups, deterministic.
		slices.Sort(m.pre)
		slices.Sort(m.add)
		slices.Sort(m.del)
		f.acts[ai] = m
	}
	return f
}

// check proves inv or refuses it. A proven invariant's groups (two atoms
// or more) come back; a refused one whose failure adding a part could
// mend comes back grown in each way that might. The conditions, on every
// group G of inv:
//   - at most one atom of G holds at the start;
//   - an action adds at most one atom of G, and when it adds one it
//     requires that atom, or requires and deletes another atom of G;
//   - an action that deletes an atom of G adds one or requires one (so
//     that the delete can be encoded: the group holds no atom after it,
//     or it changes nothing).
//
// By induction every reachable state then has at most one atom of G.
func (f *mutexFinder) check(inv invariant) (groups []invariantGroup, grow []invariant) {
	f.round++
	var members []int32
	var values [][]string // each group's parameter values
	var atomsOf [][]int32
	byKey := map[string]int32{}
	for _, p := range inv.parts {
		for _, i := range f.byPred[p.pred] {
			if !f.allowed[i] {
				continue
			}
			v := make([]string, len(p.pos))
			for j, x := range p.pos {
				v[j] = f.atoms[i].Args[x]
			}
			k := strings.Join(v, " ")
			g, ok := byKey[k]
			if !ok {
				g = int32(len(values))
				byKey[k] = g
				values = append(values, v)
				atomsOf = append(atomsOf, nil)
			}
			f.inst[i] = g
			members = append(members, i)
			atomsOf[g] = append(atomsOf[g], i)
		}
	}
	defer func() {
		for _, i := range members {
			f.inst[i] = -1
		}
	}()
	initial := make([]bool, len(values))
	for _, i := range members {
		if f.init[i] {
			if initial[f.inst[i]] {
				return nil, nil
			}
			initial[f.inst[i]] = true
		}
	}
	type added struct{ group, atom int32 }
	var adds []added
	for _, i := range members {
		for _, ai := range f.touching[i] {
			if f.stamp[ai] == f.round {
				continue
			}
			f.stamp[ai] = f.round
			a := &f.acts[ai]
			adds = adds[:0]
			for _, p := range a.add {
				if g := f.inst[p]; g >= 0 {
					for _, o := range adds {
						if o.group == g {
							return nil, nil // two atoms of one group
						}
					}
					adds = append(adds, added{g, p})
				}
			}
			requires := func(g int32) bool {
				for _, q := range a.pre {
					if f.inst[q] == g {
						return true
					}
				}
				return false
			}
			for _, o := range adds {
				if slices.Contains(a.pre, o.atom) {
					continue
				}
				balanced := false
				for _, q := range a.del {
					if f.inst[q] == o.group && slices.Contains(a.pre, q) {
						balanced = true
						break
					}
				}
				if !balanced {
					return nil, f.grow(inv, a, values[o.group])
				}
			}
			for _, q := range a.del {
				g := f.inst[q]
				if g < 0 || requires(g) || slices.ContainsFunc(adds, func(o added) bool { return o.group == g }) {
					continue
				}
				return nil, nil // a delete of an atom that may not hold
			}
		}
	}
	for g, as := range atomsOf {
		if len(as) < 2 {
			continue
		}
		slices.Sort(as)
		var key strings.Builder
		for _, i := range as {
			key.WriteString(strconv.Itoa(int(i)) + " ")
		}
		groups = append(groups, invariantGroup{name: inv.name(f.atoms, as, values[g]), atoms: as, key: key.String()})
	}
	return groups, nil
}

// grow returns inv with one more part for each atom that a, which adds an
// atom of the group of parameter values v without balancing it, requires
// and deletes: a predicate not in inv yet whose atom holds every value of
// v, with at most one argument left varying.
func (f *mutexFinder) grow(inv invariant, a *mutexAction, v []string) []invariant {
	var out []invariant
	for _, q := range a.del {
		at := f.atoms[q]
		if !f.allowed[q] || !slices.Contains(a.pre, q) || len(at.Args) > len(v)+1 ||
			slices.ContainsFunc(inv.parts, func(p part) bool { return p.pred == at.Pred }) {
			continue
		}
		// Every way to place v's values among the atom's arguments.
		var place func(pos []int)
		place = func(pos []int) {
			j := len(pos)
			if j == len(v) {
				parts := append(slices.Clone(inv.parts), part{at.Pred, slices.Clone(pos)})
				out = append(out, invariant{params: inv.params, parts: parts})
				return
			}
			for x, arg := range at.Args {
				if arg == v[j] && !slices.Contains(pos, x) {
					place(append(pos, x))
				}
			}
		}
		place(make([]int, 0, len(v)))
	}
	return out
}

// partition chooses groups so that each atom is in one at most: the
// largest first (counting the atoms no chosen group has), ties broken by
// name. A group cut down keeps its atoms' exclusion, as any subset does.
func (f *mutexFinder) partition(found []invariantGroup) []Group {
	h := groupHeap{}
	dup := map[string]bool{}
	slices.SortStableFunc(found, func(a, b invariantGroup) int { return strings.Compare(a.name, b.name) })
	for _, g := range found {
		if !dup[g.key] {
			dup[g.key] = true
			h = append(h, heapGroup{g, g.atoms})
		}
	}
	heap.Init(&h)
	taken := make([]bool, len(f.atoms))
	names := map[string]int{}
	var out []Group
	for h.Len() > 0 {
		top := heap.Pop(&h).(heapGroup)
		var left []int32
		for _, i := range top.left {
			if !taken[i] {
				left = append(left, i)
			}
		}
		if len(left) < len(top.left) {
			if len(left) >= 2 {
				heap.Push(&h, heapGroup{top.invariantGroup, left})
			}
			continue
		}
		name := top.name
		if n := names[top.name]; n > 0 {
			name += " #" + strconv.Itoa(n+1)
		}
		names[top.name]++
		g := Group{Name: name}
		for _, i := range left {
			taken[i] = true
			g.Atoms = append(g.Atoms, f.atoms[i].String())
		}
		for _, i := range top.atoms {
			g.scope = append(g.scope, f.atoms[i].String())
		}
		out = append(out, g)
	}
	return out
}

// heapGroup is a candidate group with the atoms no chosen group has.
type heapGroup struct {
	invariantGroup
	left []int32
}

// groupHeap orders candidate groups largest first, then by name and
// atoms.
type groupHeap []heapGroup

func (h groupHeap) Len() int { return len(h) }
func (h groupHeap) Less(i, j int) bool {
	if len(h[i].left) != len(h[j].left) {
		return len(h[i].left) > len(h[j].left)
	}
	if h[i].name != h[j].name {
		return h[i].name < h[j].name
	}
	return h[i].key < h[j].key
}
func (h groupHeap) Swap(i, j int) { h[i], h[j] = h[j], h[i] }
func (h *groupHeap) Push(x any)   { *h = append(*h, x.(heapGroup)) }
func (h *groupHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}

// groupIndex says which group each grouped atom is in.
type groupIndex struct {
	groups []Group
	of     map[string]int    // atom -> group
	scope  []map[string]bool // per group, its scope (Atoms when none is given)
}

func newGroupIndex(groups []Group) *groupIndex {
	x := &groupIndex{groups: groups, of: map[string]int{}, scope: make([]map[string]bool, len(groups))}
	for gi, g := range groups {
		x.scope[gi] = map[string]bool{}
		for _, a := range g.Atoms {
			x.of[a] = gi
			x.scope[gi][a] = true
		}
		for _, a := range g.scope {
			x.scope[gi][a] = true
		}
	}
	return x
}

// deleted says what an action's delete of the grouped atom k does to its
// group gi, when the action adds no atom of the group: none when the
// action requires k (the group held k, and holds nothing after), nothing
// when it requires another atom of the group's scope (k was false). ok is
// false when neither holds: the group is not one the action can keep.
func (x *groupIndex) deleted(a *goap.Action, gi int, k string) (none, ok bool) {
	if a.Pre[k] == true {
		return true, true
	}
	for q, v := range a.Pre {
		if v == true && x.scope[gi][q] {
			return false, true
		}
	}
	return false, false
}

// setNone gives each group of t the value None when it can hold no
// atom: none at the start, or an action deletes its atom without adding
// another.
func (t *Task) setNone() {
	x := newGroupIndex(t.Groups)
	empty := make([]bool, len(t.Groups))
	for i := range empty {
		empty[i] = true
	}
	for _, k := range t.Init {
		if gi, ok := x.of[k]; ok {
			empty[gi] = false
		}
	}
	for ai := range t.Spec.Actions {
		a := &t.Spec.Actions[ai]
		for k, v := range a.Effects {
			gi, ok := x.of[k]
			if !ok || v == true || empty[gi] || x.adds(a, gi) {
				continue
			}
			if none, _ := x.deleted(a, gi, k); none {
				empty[gi] = true
			}
		}
	}
	for gi, g := range t.Groups {
		if !empty[gi] {
			continue
		}
		none := "none"
		for slices.Contains(g.Atoms, none) {
			none = "(" + none + ")"
		}
		t.Groups[gi].None = none
	}
}

// adds says whether a adds an atom of group gi.
func (x *groupIndex) adds(a *goap.Action, gi int) bool {
	for k, v := range a.Effects {
		if g, ok := x.of[k]; ok && g == gi && v == true {
			return true
		}
	}
	return false
}

// neverName is the fact, false for good, that a condition asking two atoms
// of one group to hold becomes.
const neverName = "(two atoms of a mutex group)"

// encode returns t.Spec with each group of t.Groups as one enum fact.
func (t *Task) encode() (goap.Spec, error) {
	if len(t.Groups) == 0 {
		return t.Spec, nil
	}
	x := newGroupIndex(t.Groups)
	spec := t.Spec
	spec.Facts = nil
	placed := make([]bool, len(t.Groups))
	for _, f := range t.Spec.Facts {
		gi, ok := x.of[f.Name]
		if !ok {
			spec.Facts = append(spec.Facts, f)
			continue
		}
		if !placed[gi] {
			placed[gi] = true
			g := t.Groups[gi]
			values := slices.Clone(g.Atoms)
			if g.None != "" {
				values = append(values, g.None)
			}
			spec.Facts = append(spec.Facts, goap.Enum(g.Name, values...))
		}
	}
	never := false
	conds := func(where string, c goap.Conds) (goap.Conds, error) {
		out := make(goap.Conds, len(c))
		// Sorted, so that which of two contradicting atoms is named
		// does not depend on map order.
		for _, k := range slices.Sorted(maps.Keys(c)) {
			v := c[k]
			gi, ok := x.of[k]
			if !ok {
				out[k] = v
				continue
			}
			g := t.Groups[gi]
			if v != true {
				return nil, fmt.Errorf("pddl: %s asks %q false, which is in the mutex group %q", where, k, g.Name)
			}
			if have, dup := out[g.Name]; dup && have != k {
				never = true
				out[neverName] = true
				continue
			}
			out[g.Name] = k
		}
		return out, nil
	}
	spec.Actions = make([]goap.Action, len(t.Spec.Actions))
	for ai := range t.Spec.Actions {
		a := &t.Spec.Actions[ai]
		e := *a
		var err error
		if e.Pre, err = conds("action "+a.Name, a.Pre); err != nil {
			return goap.Spec{}, err
		}
		e.Effects = make(goap.Effects, len(a.Effects))
		for _, k := range slices.Sorted(maps.Keys(a.Effects)) {
			v := a.Effects[k]
			gi, ok := x.of[k]
			if !ok {
				e.Effects[k] = v
				continue
			}
			g := t.Groups[gi]
			if v != true {
				continue // below, once the adds are known
			}
			if have, dup := e.Effects[g.Name]; dup {
				return goap.Spec{}, fmt.Errorf("pddl: action %s adds %q and %q of the mutex group %q", a.Name, have, k, g.Name)
			}
			e.Effects[g.Name] = k
		}
		for _, k := range slices.Sorted(maps.Keys(a.Effects)) {
			gi, ok := x.of[k]
			if !ok || a.Effects[k] == true {
				continue
			}
			g := t.Groups[gi]
			if _, set := e.Effects[g.Name]; set {
				continue // the added atom replaces k
			}
			none, ok := x.deleted(a, gi, k)
			switch {
			case !ok:
				return goap.Spec{}, fmt.Errorf("pddl: action %s deletes %q of the mutex group %q without requiring an atom of it", a.Name, k, g.Name)
			case none && g.None == "":
				return goap.Spec{}, fmt.Errorf("pddl: action %s leaves the mutex group %q, which has no value none, empty", a.Name, g.Name)
			case none:
				e.Effects[g.Name] = g.None
			}
		}
		spec.Actions[ai] = e
	}
	spec.Goals = slices.Clone(t.Spec.Goals)
	for i, gl := range spec.Goals {
		var err error
		if spec.Goals[i].Desired, err = conds("the goal", gl.Desired); err != nil {
			return goap.Spec{}, err
		}
	}
	if never {
		spec.Facts = append(spec.Facts, goap.Bool(neverName))
	}
	return spec, nil
}

// startValues returns the start value of each group: its atom in t.Init,
// or None.
func (t *Task) startValues() ([]string, error) {
	x := newGroupIndex(t.Groups)
	values := make([]string, len(t.Groups))
	for _, k := range t.Init {
		gi, ok := x.of[k]
		if !ok {
			continue
		}
		if values[gi] != "" && values[gi] != k { // an atom listed twice holds once
			return nil, fmt.Errorf("pddl: %q and %q of the mutex group %q both hold at the start", values[gi], k, t.Groups[gi].Name)
		}
		values[gi] = k
	}
	for gi, g := range t.Groups {
		if values[gi] == "" {
			if g.None == "" {
				return nil, fmt.Errorf("pddl: no atom of the mutex group %q holds at the start, and it has no value none", g.Name)
			}
			values[gi] = g.None
		}
	}
	return values, nil
}
