package goap_test

import (
	"context"
	"fmt"
	"math"
	"math/rand"
	"slices"
	"strings"
	"testing"

	"github.com/goap-go/goap"
)

// randomChange picks objects to add (of types a and b, sometimes a name
// removed before: an enemy that respawns), static link atoms for them,
// and an object to remove.
func randomChange(rng *rand.Rand, spec goap.Spec, next *int, removed []string) goap.ObjectChange {
	var ch goap.ObjectChange
	// Mostly objects no action names (removing one that is named is
	// refused by both, which ends the run).
	var free []string
	for _, o := range spec.Objects {
		named := false
		for _, a := range spec.Actions {
			for _, m := range []map[string]any{a.Pre, a.Effects} {
				for k := range m {
					named = named || strings.Contains(k, "("+o.Name+",") || strings.Contains(k, ","+o.Name+")") || strings.Contains(k, "("+o.Name+")")
				}
			}
		}
		if !named || rng.Intn(8) == 0 {
			free = append(free, o.Name)
		}
	}
	if rng.Intn(2) == 0 && len(free) > 0 {
		ch.Remove = []string{free[rng.Intn(len(free))]}
	}
	byType := map[string][]string{}
	for _, o := range spec.Objects {
		if o.Name != strings.Join(ch.Remove, "") {
			byType[o.Type] = append(byType[o.Type], o.Name)
		}
	}
	for range rng.Intn(3) {
		typ := []string{"a", "b"}[rng.Intn(2)]
		name := fmt.Sprintf("%s%d", typ, *next)
		*next++
		if len(removed) > 0 && rng.Intn(3) == 0 {
			if old := removed[rng.Intn(len(removed))]; !slices.Contains(ch.Remove, old) {
				name, typ = old, old[:1]
			}
		}
		if slices.ContainsFunc(ch.Add, func(o goap.Object) bool { return o.Name == name }) || slices.Contains(byType[typ], name) {
			continue
		}
		ch.Add = append(ch.Add, goap.Object{Name: name, Type: typ})
		byType[typ] = append(byType[typ], name)
	}
	if len(spec.Static) == 0 {
		return ch // link is no static relation here
	}
	for _, o := range ch.Add {
		other := "b"
		if o.Type == "b" {
			other = "a"
		}
		for _, x := range byType[other] {
			if rng.Intn(2) == 0 {
				if o.Type == "a" {
					ch.Static = append(ch.Static, "link("+o.Name+","+x+")")
				} else if !slices.Contains(ch.Static, "link("+x+","+o.Name+")") {
					ch.Static = append(ch.Static, "link("+x+","+o.Name+")")
				}
			}
		}
	}
	return ch
}

// changed returns spec with ch applied as a designer would write it: the
// objects and the static atoms of removed objects gone, the new ones
// listed.
func changed(spec goap.Spec, ch goap.ObjectChange) goap.Spec {
	gone := func(args string) bool {
		for _, r := range ch.Remove {
			for _, a := range strings.Split(strings.Trim(args, "()"), ",") {
				if a == r {
					return true
				}
			}
		}
		return false
	}
	out := spec
	out.Objects, out.Static = nil, nil
	for _, o := range spec.Objects {
		if !slices.Contains(ch.Remove, o.Name) {
			out.Objects = append(out.Objects, o)
		}
	}
	out.Objects = append(out.Objects, ch.Add...)
	for _, a := range spec.Static {
		if !gone(a[strings.IndexByte(a, '('):]) {
			out.Static = append(out.Static, a)
		}
	}
	out.Static = append(out.Static, ch.Static...)
	return out
}

// withoutLoc takes the enum family loc, whose values are the objects of
// type b, out of a randomLifted domain, so that objects of both types
// are added and removed without compiling anew.
func withoutLoc(spec *goap.Spec, start map[string]any) {
	spec.Facts = slices.DeleteFunc(slices.Clone(spec.Facts), func(f goap.Fact) bool { return f.Name == "loc" })
	strip := func(m map[string]any) {
		for k := range m {
			if strings.HasPrefix(k, "loc(") {
				delete(m, k)
			}
		}
	}
	for _, a := range spec.Actions {
		strip(a.Pre)
		strip(a.Effects)
	}
	for _, g := range spec.Goals {
		strip(g.Desired)
	}
	strip(start)
	if len(spec.Goals[0].Desired) == 0 {
		spec.Goals[0].Desired["q(b0)"] = true
	}
}

// liveActions lists the names of d's actions that are not removed, sorted.
func liveActions(d *goap.Domain) []string {
	var out []string
	for id := range goap.ActionID(d.NumActions()) {
		if !d.ActionRemoved(id) {
			out = append(out, d.ActionName(id))
		}
	}
	slices.Sort(out)
	return out
}

// TestWithObjectsMatchesNewDomain changes the objects of random lifted
// domains three times in a row, each time against NewDomain of the Spec
// with the objects changed: the same errors, the same ground actions,
// every fact of the fresh compile with the same value in the converted
// state, and the same optimal cost from random states set by name in
// both.
func TestWithObjectsMatchesNewDomain(t *testing.T) {
	t.Parallel()
	n := 400
	if testing.Short() {
		n = 80
	}
	rng := rand.New(rand.NewSource(2929))
	incremental, compiled, solved, refused := 0, 0, 0, 0
	for i := range n {
		spec, startVals, _ := randomLifted(rng)
		if rng.Intn(2) == 0 {
			withoutLoc(&spec, startVals)
		}
		if i%3 == 2 {
			spec = withHierarchy(rng, spec) // added objects of a and b join the supertypes' bindings
		}
		d, err := goap.NewDomain(spec)
		if err != nil {
			continue // two effects of one binding on one fact
		}
		start, err := d.State(startVals)
		if err != nil {
			t.Fatal(err)
		}
		next, removed := 5, []string(nil)
		static := len(spec.Static) > 0
		for step := range 3 {
			ch := randomChange(rng, spec, &next, removed)
			want := changed(spec, ch)
			full, errFull := goap.NewDomain(want)
			inc, errInc := d.WithObjects(ch)
			if (errFull == nil) != (errInc == nil) {
				t.Fatalf("domain %d step %d, %+v: NewDomain: %v; WithObjects: %v", i, step, ch, errFull, errInc)
			}
			if errFull != nil {
				refused++
				break
			}
			if !goap.AtomIndexFresh(inc) {
				t.Fatalf("domain %d step %d, %+v: the atom index is not a fresh build's", i, step, ch)
			}
			if goap.SameLayout(d, inc) {
				incremental++
			} else {
				compiled++
			}
			// A Spec that lists no atom of link any more takes it for a
			// fact family nothing sets (false everywhere, as the empty
			// relation WithObjects keeps): the same plans, more actions.
			flipped := len(want.Static) == 0 && static
			if got, w := liveActions(inc), liveActions(full); !flipped && !slices.Equal(got, w) {
				t.Fatalf("domain %d step %d, %+v: actions\n%v\nwant\n%v", i, step, ch, got, w)
			}
			for _, o := range ch.Add {
				if len(inc.ActionsNamed("A0")) != len(full.ActionsNamed("A0")) {
					t.Fatalf("domain %d step %d: ActionsNamed(A0) %d, want %d (added %s)", i, step, len(inc.ActionsNamed("A0")), len(full.ActionsNamed("A0")), o.Name)
				}
			}
			// The start carried over, then random values by name in both.
			conv := inc.Convert(start)
			fresh, err := full.State(nil)
			if err != nil {
				t.Fatal(err)
			}
			for name, v := range start.Values() {
				if _, ok := full.FactID(name); ok {
					_ = fresh.SetValue(name, v) // an enum value of a removed object: the default
				}
			}
			for _, name := range full.FactNames() {
				id, _ := full.FactID(name)
				f := full.Fact(id)
				if rng.Intn(3) > 0 || flipped && strings.HasPrefix(name, "link(") {
					continue
				}
				var v any = rng.Intn(2) == 0
				if f.Kind == goap.EnumFact {
					v = f.Values[rng.Intn(len(f.Values))]
				}
				if err := fresh.SetValue(name, v); err != nil {
					t.Fatal(err)
				}
				if err := conv.SetValue(name, v); err != nil {
					t.Fatalf("domain %d step %d: %v", i, step, err)
				}
			}
			def := inc.NewState()
			for id := range goap.FactID(inc.NumFacts()) {
				if inc.FactRemoved(id) && conv.Get(id) != def.Get(id) {
					t.Fatalf("domain %d step %d: the removed %s is %d after Convert", i, step, inc.Fact(id).Name, conv.Get(id))
				}
			}
			cv := conv.Values()
			for name, v := range fresh.Values() {
				if cv[name] != v && !(flipped && strings.HasPrefix(name, "link(")) {
					t.Fatalf("domain %d step %d, %+v: %s is %v after Convert, %v in NewDomain", i, step, ch, name, cv[name], v)
				}
			}
			gi, _ := inc.Goal("g")
			gf, _ := full.Goal("g")
			ri := goap.NewPlanner(inc).Plan(context.Background(), conv, gi)
			rf := goap.NewPlanner(full).Plan(context.Background(), fresh, gf)
			if (ri.Failure() == nil) != (rf.Failure() == nil) || rf.Failure() == nil && math.Abs(ri.Cost-rf.Cost) > 1e-9 {
				t.Fatalf("domain %d step %d, %+v: WithObjects %v at %v %v; NewDomain %v at %v %v", i, step, ch,
					ri.Status, ri.Cost, inc.ActionNames(ri.Plan), rf.Status, rf.Cost, full.ActionNames(rf.Plan))
			}
			if rf.Failure() == nil {
				solved++
				for _, id := range ri.Plan {
					if inc.ActionRemoved(id) {
						t.Fatalf("domain %d step %d: the plan uses the removed %s", i, step, inc.ActionName(id))
					}
				}
			}
			if got := inc.Objects(); !slices.Equal(got, want.Objects) {
				t.Fatalf("domain %d step %d: Objects %v, want %v", i, step, got, want.Objects)
			}
			removed = append(removed, ch.Remove...)
			d, spec, start = inc, want, conv
		}
	}
	if incremental < n/2 || compiled < n/10 || solved < n/2 {
		t.Fatalf("%d incremental, %d compiled, %d solved, %d refused: the generator is too weak", incremental, compiled, solved, refused)
	}
	t.Logf("%d incremental changes, %d compiled anew, %d solved, %d refused", incremental, compiled, solved, refused)
}

// TestConvertAllocs pins Convert between Domains of one layout to the one
// allocation of the state it returns.
func TestConvertAllocs(t *testing.T) {
	d, err := goap.NewDomain(arenaSpec(100, false))
	if err != nil {
		t.Fatal(err)
	}
	next, err := d.WithObjects(goap.ObjectChange{Add: []goap.Object{{Name: "e50", Type: "enemy"}},
		Static: []string{"near(e50,p3)"}, Remove: []string{"e1"}})
	if err != nil {
		t.Fatal(err)
	}
	if !goap.SameLayout(d, next) {
		t.Fatal("WithObjects compiled anew")
	}
	s := d.NewState()
	if n := testing.AllocsPerRun(100, func() { next.Convert(s) }); n != 1 {
		t.Errorf("Convert: %v allocations, want 1", n)
	}
}

// TestWithObjectsExtendsAtomIndex adds objects to the arena, whose Shoot
// subtracts hit points (the index's add/subtract entries): the index
// WithObjects extends is the one a build from scratch makes.
func TestWithObjectsExtendsAtomIndex(t *testing.T) {
	t.Parallel()
	d, err := goap.NewDomain(arenaSpec(20, false))
	if err != nil {
		t.Fatal(err)
	}
	for i, ch := range []goap.ObjectChange{
		{Add: []goap.Object{{Name: "spawned", Type: "enemy"}}, Static: []string{"near(spawned,p3)"}},
		{Add: []goap.Object{{Name: "p99", Type: "place"}, {Name: "e99", Type: "enemy"}}, Static: []string{"road(p3,p99)", "road(p99,p3)", "near(e99,p99)"}},
		{Remove: []string{"e3"}},
	} {
		next, err := d.WithObjects(ch)
		if err != nil {
			t.Fatal(err)
		}
		if !goap.AtomIndexFresh(next) {
			t.Fatalf("change %d: the atom index is not a fresh build's", i)
		}
		d = next
	}
}
