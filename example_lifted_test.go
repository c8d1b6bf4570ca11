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
