package goap_test

import (
	"context"
	"fmt"
	"log"

	"github.com/goap-go/goap"
)

// A lifted action takes objects: one Shoot for every enemy, one Move for
// every pair of adjacent places (a static relation), priced by the
// distance between them. The planner walks to the nearer of two crates.
func ExampleParam() {
	dist := map[string]float64{"hall": 0, "yard": 2, "shed": 7}
	domain, err := goap.NewDomain(goap.Spec{
		Name: "squad",
		Objects: []goap.Object{
			{Name: "r1", Type: "enemy"}, {Name: "r2", Type: "enemy"}, {Name: "r3", Type: "enemy"},
			{Name: "hall", Type: "place"}, {Name: "yard", Type: "place"}, {Name: "shed", Type: "place"},
		},
		Static: []string{"road(hall,yard)", "road(hall,shed)", "crate(yard)", "crate(shed)"},
		Facts:  []goap.Fact{{Name: "at", Kind: goap.EnumFact, ValuesOf: "place"}},
		Actions: []goap.Action{
			{Name: "Move", Params: []goap.Param{{Name: "from", Type: "place"}, {Name: "to", Type: "place"}},
				Pre:     goap.Conds{"road(?from,?to)": true, "at": "?from"},
				Effects: goap.Effects{"at": "?to"},
				ArgCost: func(args []string) float64 { return dist[args[1]] - dist[args[0]] }},
			{Name: "TakeAmmo", Cost: 1, Params: []goap.Param{{Name: "c", Type: "place"}},
				Pre:     goap.Conds{"crate(?c)": true, "at": "?c"},
				Effects: goap.Effects{"loaded": true}},
			{Name: "Shoot", Cost: 1, Params: []goap.Param{{Name: "t", Type: "enemy"}},
				Pre:     goap.Conds{"loaded": true, "alive(?t)": true},
				Effects: goap.Effects{"alive(?t)": false}},
		},
		Goals: []goap.Goal{{Name: "Clear", Desired: goap.Conds{"alive(r1)": false, "alive(r3)": false}}},
	})
	if err != nil {
		log.Fatal(err)
	}
	start, err := domain.State(map[string]any{"at": "hall", "alive(r1)": true, "alive(r2)": true, "alive(r3)": true})
	if err != nil {
		log.Fatal(err)
	}
	goal, _ := domain.Goal("Clear")
	res := goap.NewPlanner(domain).Plan(context.Background(), start, goal)
	fmt.Println(res.Status, res.Cost, domain.ActionNames(res.Plan))
	name, args := domain.Binding(res.Plan[0])
	fmt.Println(domain.NumActions(), "ground actions; the first step is", name, args)
	// Output:
	// found 5 [Move(hall,yard) TakeAmmo(yard) Shoot(r1) Shoot(r3)]
	// 7 ground actions; the first step is Move [hall yard]
}

// Objects come and go: WithObjects adds an enemy that spawned and removes
// one that is gone, grounding only the new enemy's actions; Convert
// carries a state over by its facts.
func ExampleDomain_WithObjects() {
	domain, err := goap.NewDomain(goap.Spec{
		Name:    "arena",
		Objects: []goap.Object{{Name: "r1", Type: "enemy"}, {Name: "r2", Type: "enemy"}},
		Actions: []goap.Action{
			{Name: "Shoot", Cost: 1, Params: []goap.Param{{Name: "t", Type: "enemy"}},
				Pre:     goap.Conds{"alive(?t)": true},
				Effects: goap.Effects{"alive(?t)": false, "scored": true}},
		},
		Goals: []goap.Goal{{Name: "Score", Desired: goap.Conds{"scored": true}}},
	})
	if err != nil {
		log.Fatal(err)
	}
	start, err := domain.State(map[string]any{"alive(r1)": true})
	if err != nil {
		log.Fatal(err)
	}
	next, err := domain.WithObjects(goap.ObjectChange{
		Add:    []goap.Object{{Name: "r3", Type: "enemy"}},
		Remove: []string{"r1"},
	})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(next.ActionNames(next.ActionsNamed("Shoot")))
	state := next.Convert(start) // alive(r1) is gone with r1
	goal, _ := next.Goal("Score")
	res := goap.NewPlanner(next).Plan(context.Background(), state, goal)
	fmt.Println(res.Status)
	if err := state.SetValue("alive(r3)", true); err != nil {
		log.Fatal(err)
	}
	res = goap.NewPlanner(next).Plan(context.Background(), state, goal)
	fmt.Println(res.Status, next.ActionNames(res.Plan))
	// Old plans and planners of domain are untouched.
	fmt.Println(domain.ActionNames(domain.ActionsNamed("Shoot")))
	// Output:
	// [Shoot(r2) Shoot(r3)]
	// no plan
	// found [Shoot(r3)]
	// [Shoot(r1) Shoot(r2)]
}

// Types with a parent: blue and red are units, so Heal, which takes any
// unit, has a binding for the medic and for the prisoner, while Guard
// takes only red units.
func ExampleType() {
	d, err := goap.NewDomain(goap.Spec{
		Types:   []goap.Type{{Name: "blue", Parent: "unit"}, {Name: "red", Parent: "unit"}},
		Objects: []goap.Object{{Name: "medic", Type: "blue"}, {Name: "prisoner", Type: "red"}},
		Actions: []goap.Action{
			{Name: "Heal", Cost: 1, Params: []goap.Param{{Name: "u", Type: "unit"}}, Effects: goap.Effects{"healed(?u)": true}},
			{Name: "Guard", Cost: 1, Params: []goap.Param{{Name: "u", Type: "red"}}, Effects: goap.Effects{"guarded(?u)": true}},
		},
	})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(d.ActionNames(d.ActionsNamed("Heal")), d.ActionNames(d.ActionsNamed("Guard")))
	// Output: [Heal(medic) Heal(prisoner)] [Guard(prisoner)]
}
