package goap_test

import (
	"context"
	"fmt"
	"log"

	"github.com/goap-go/goap"
)

// The guard from "Goal-Oriented Action Planning" (seed 001): five actions,
// one goal. The cheapest plan costs 9.
func Example() {
	ctx := context.Background()
	domain, err := goap.NewDomain(goap.Spec{
		Name: "guard",
		Actions: []goap.Action{
			{Name: "DrawWeapon", Cost: 1,
				Pre:     goap.Conds{"weapon_holstered": true},
				Effects: goap.Effects{"weapon_holstered": false, "armed": true}},
			{Name: "FindAmmo", Cost: 3, Effects: goap.Effects{"has_ammo": true}},
			{Name: "LoadWeapon", Cost: 2,
				Pre:     goap.Conds{"armed": true, "has_ammo": true},
				Effects: goap.Effects{"loaded": true}},
			{Name: "Approach", Cost: 2,
				Pre:     goap.Conds{"enemy_visible": true},
				Effects: goap.Effects{"in_range": true}},
			{Name: "Attack", Cost: 1,
				Pre:     goap.Conds{"armed": true, "loaded": true, "in_range": true},
				Effects: goap.Effects{"threat_removed": true}},
		},
		Goals: []goap.Goal{{Name: "KillEnemy", Priority: 10, Desired: goap.Conds{"threat_removed": true}}},
	})
	if err != nil {
		log.Fatal(err)
	}
	start, err := domain.State(map[string]any{"weapon_holstered": true, "enemy_visible": true})
	if err != nil {
		log.Fatal(err)
	}
	goal, ok := domain.Goal("KillEnemy")
	if !ok {
		log.Fatal("no goal KillEnemy")
	}
	res := goap.NewPlanner(domain).Plan(ctx, start, goal)
	fmt.Println(res.Status, res.Cost, domain.ActionNames(res.Plan))
	// Output: found 9 [DrawWeapon Approach FindAmmo LoadWeapon Attack]
}
