package goapfile

import (
	"context"
	"maps"
	"slices"
	"testing"

	"github.com/goap-go/goap"
)

// TestLiftedFile: a file with objects, a static relation, a family and
// lifted actions plans with bound actions, and what it says of a lifted
// action holds for its bindings.
func TestLiftedFile(t *testing.T) {
	f, err := Load("testdata/squad_lifted.yaml") // its tests run in filetest's TestTestdataPasses
	if err != nil {
		t.Fatal(err)
	}
	res := goap.NewPlanner(f.Domain).Plan(context.Background(), f.Start, f.Goal)
	if got := f.Domain.ActionNames(res.Plan); res.Cost != 7 || !slices.Equal(got, []string{"Move(hall,yard)", "TakeAmmo(yard)", "Shoot(r1)", "Shoot(r1)", "Shoot(r2)", "Shoot(r3)"}) {
		t.Fatalf("plan %v at %v", got, res.Cost)
	}
	// 2 roads, 2 crates, 3 enemies: nothing else is grounded.
	if n := f.Domain.NumActions(); n != 7 {
		t.Errorf("%d ground actions, want 7", n)
	}
	if f.Durations["Shoot(r3)"] != 2 || f.Travel["Move(hall,shed)"] != 3 || f.Durations["Shoot"] != 2 {
		t.Errorf("durations %v, travel %v", f.Durations, f.Travel)
	}
	want := []Object{{Name: "r1", Type: "enemy"}, {Name: "r2", Type: "enemy"}, {Name: "r3", Type: "enemy"}, {Name: "hall", Type: "place"},
		{Name: "yard", Type: "place", At: &[2]int{4, 2}, Offers: []string{"TakeAmmo"}}, {Name: "shed", Type: "place", At: &[2]int{9, 7}, Offers: []string{"TakeAmmo"}}}
	if len(f.Objects) != len(want) {
		t.Fatalf("objects %v", f.Objects)
	}
	for i, o := range f.Objects {
		w := want[i]
		if o.Name != w.Name || o.Type != w.Type || (o.At == nil) != (w.At == nil) || o.At != nil && *o.At != *w.At || !slices.Equal(o.Offers, w.Offers) {
			t.Errorf("object %d = %+v, want %+v", i, o, w)
		}
	}
}

const templateFile = `actions:
  - {name: Walk, effects: {there: true}}
  - {name: Run, effects: {there: true}, cost: 2}
goals:
  - {name: Arrive, desired: {there: true}}
  - {name: Rest, desired: {rested: true}}
facts:
  ammo: {type: int, min: 0, max: 5, scope: agent}
  post: {type: enum, values: [a, b, c], scope: agent}
templates:
  - name: unit
    goals: [Arrive]
    actions: [Walk]
    own: {ammo: 3, post: a}
    costs: {Walk: 4}
    margin: 2
  - name: scout
    extends: unit
    actions: [Walk, Run]
    own: {post: b}
agents:
  - {name: u1, extends: unit}
  - {name: u2, extends: scout, own: {ammo: 5}, margin: 7}
  - {name: u3, extends: unit, goals: [Rest]}
`

// TestTemplates: an agent gets its template's keys; keys it gives replace
// the template's, except start:, own: and costs:, which merge key by key.
func TestTemplates(t *testing.T) {
	f, err := Parse("t.yaml", []byte(templateFile))
	if err != nil {
		t.Fatal(err)
	}
	byName := map[string]int{}
	for i, a := range f.Agents {
		byName[a.Name] = i
	}
	u1, u2, u3 := f.Agents[byName["u1"]], f.Agents[byName["u2"]], f.Agents[byName["u3"]]
	check := func(what string, got, want any) {
		t.Helper()
		switch g := got.(type) {
		case []string:
			if !slices.Equal(g, want.([]string)) {
				t.Errorf("%s = %v, want %v", what, got, want)
			}
		case map[string]any:
			if !maps.Equal(g, want.(map[string]any)) {
				t.Errorf("%s = %v, want %v", what, got, want)
			}
		default:
			if got != want {
				t.Errorf("%s = %v, want %v", what, got, want)
			}
		}
	}
	check("u1 goals", u1.Goals, []string{"Arrive"})
	check("u1 actions", u1.Actions, []string{"Walk"})
	check("u1 own", u1.Own, map[string]any{"ammo": 3, "post": "a"})
	check("u1 margin", u1.Margin, 2.0)
	check("u1 costs", u1.Costs["Walk"], 4.0)
	check("u2 actions", u2.Actions, []string{"Walk", "Run"})
	check("u2 own", u2.Own, map[string]any{"ammo": 5, "post": "b"})
	check("u2 margin", u2.Margin, 7.0)
	check("u2 goals", u2.Goals, []string{"Arrive"})
	check("u3 goals", u3.Goals, []string{"Rest"})
}

// TestSelf: ?self in an agent's keys and values, its template's included,
// is the agent's name.
func TestSelf(t *testing.T) {
	f, err := Parse("t.yaml", []byte(`objects: {u1: unit, u2: unit}
facts:
  hp: {type: int, min: 0, max: 3, default: 3, args: [unit]}
actions:
  - name: Hit
    params: {u: unit}
    effects:
      hp(?u): -1
goals:
  - {name: Hurt, desired: {hp(u1): 0}}
templates:
  - {name: unit, goals: [Hurt], dies_when: {"hp(?self)": 0}}
agents:
  - {name: u1, extends: unit}
  - {name: u2, extends: unit, start: {"hp(?self)": 2}}
`))
	if err != nil {
		t.Fatal(err)
	}
	u1, u2 := f.Agents[0], f.Agents[1]
	if _, ok := u1.DiesWhen["hp(u1)"]; !ok || len(u1.DiesWhen) != 1 {
		t.Errorf("u1 dies when %v, want hp(u1)", u1.DiesWhen)
	}
	if _, ok := u2.DiesWhen["hp(u2)"]; !ok || u2.Start["hp(u2)"] != 2 {
		t.Errorf("u2 dies when %v, starts %v", u2.DiesWhen, u2.Start)
	}
}

// TestSupertypes: `types:` as a mapping gives types parents; a parameter,
// a family and values_of of the parent take the subtypes' objects, in
// file order, and a plan may bind either.
func TestSupertypes(t *testing.T) {
	src := `
objects: {b1: blue, r1: red, b2: blue, c1: crate}
types: {blue: unit, red: unit, medic: blue}
facts:
  hurt: {type: bool, args: [unit]}
  target: {type: enum, values: [none], values_of: unit}
actions:
  - name: Heal
    params: {u: unit}
    preconditions: {"hurt(?u)": true}
    effects: {"hurt(?u)": false, target: "?u"}
  - name: Mark
    params: {u: red}
    effects: {target: "?u"}
start: {"hurt(b2)": true, "hurt(r1)": true}
goals:
  - {name: g, desired: {"hurt(b2)": false, "hurt(r1)": false}}
`
	f, err := Parse("t.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	d := f.Domain
	if got := d.ActionNames(d.ActionsNamed("Heal")); !slices.Equal(got, []string{"Heal(b1)", "Heal(r1)", "Heal(b2)"}) {
		t.Errorf("Heal binds %v", got)
	}
	if got := d.ActionNames(d.ActionsNamed("Mark")); !slices.Equal(got, []string{"Mark(r1)"}) {
		t.Errorf("Mark binds %v", got)
	}
	id, _ := d.FactID("target")
	if got := d.Fact(id).Values; !slices.Equal(got, []string{"none", "b1", "r1", "b2"}) {
		t.Errorf("target's values %v", got)
	}
	goal, _ := d.Goal("g")
	res := goap.NewPlanner(d).Plan(context.Background(), f.Start, goal)
	if res.Failure() != nil || res.Cost != 2 {
		t.Fatalf("plan %v at %v: %v", d.ActionNames(res.Plan), res.Cost, res.Failure())
	}
}

// TestStartNamesFamilyFact: a start that names a fact of a boolean family
// (hurt(b2)), which nothing else in the file names before, is the
// family's fact, not a second declaration of it.
func TestStartNamesFamilyFact(t *testing.T) {
	src := `
objects: {b1: unit, b2: unit}
facts:
  hurt: {type: bool, args: [unit]}
actions:
  - name: Heal
    params: {u: unit}
    preconditions: {"hurt(?u)": true}
    effects: {"hurt(?u)": false}
start: {"hurt(b2)": true}
goal: {"hurt(b2)": false}
`
	f, err := Parse("t.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	res := goap.NewPlanner(f.Domain).Plan(context.Background(), f.Start, f.Goal)
	if got := f.Domain.ActionNames(res.Plan); !slices.Equal(got, []string{"Heal(b2)"}) {
		t.Errorf("plan %v", got)
	}
}
