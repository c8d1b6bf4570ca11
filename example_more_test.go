package goap_test

import (
	"context"
	"errors"
	"fmt"

	"github.com/goap-go/goap"
)

// A search spread over frames: Start sets it up, and each frame Step
// expands at most a budget of states, so no frame waits for a long
// search. The search keeps its memory between steps.
func ExamplePlanner_Start() {
	d := mustDomain(goap.Spec{
		Actions: []goap.Action{
			{Name: "Gather", Cost: 1, Effects: goap.Effects{"wood": goap.Add(1)}},
			{Name: "Build", Cost: 2, Pre: goap.Conds{"wood": goap.Ge(3)}, Effects: goap.Effects{"hut": true, "wood": goap.Sub(3)}},
		},
		Facts: []goap.Fact{goap.Int("wood", 0, 5, 0)},
		Goals: []goap.Goal{{Name: "Shelter", Desired: goap.Conds{"hut": true}}},
	})
	goal, _ := d.Goal("Shelter")
	search := goap.NewPlanner(d).Start(d.NewState(), goal)
	frame := 0
	for search.Step(2) == goap.Running { // two expansions per frame
		frame++
	}
	res := search.Result()
	fmt.Println(res.Status, "after", frame+1, "frames:", d.ActionNames(res.Plan), "cost", res.Cost)
	// Output: found after 3 frames: [Gather Gather Gather Build] cost 5
}

// Integer facts have bounds; conditions compare and effects add or
// subtract. Enums name their values. An effect that would leave the
// bounds makes the action inapplicable.
func ExampleInt() {
	d := mustDomain(goap.Spec{
		Facts: []goap.Fact{
			goap.Int("ammo", 0, 6, 0),
			goap.Enum("stance", "standing", "crouched"),
		},
		Actions: []goap.Action{
			{Name: "Reload", Cost: 2, Effects: goap.Effects{"ammo": goap.Add(3)}},
			{Name: "Crouch", Cost: 1, Effects: goap.Effects{"stance": "crouched"}},
			{Name: "Snipe", Cost: 1,
				Pre:     goap.Conds{"ammo": goap.Ge(2), "stance": "crouched"},
				Effects: goap.Effects{"ammo": goap.Sub(2), "target_down": true}},
		},
		Goals: []goap.Goal{{Name: "TakeShot", Desired: goap.Conds{"target_down": true}}},
	})
	goal, _ := d.Goal("TakeShot")
	p := goap.NewPlanner(d)
	for _, ammo := range []int{0, 5} {
		start, _ := d.State(map[string]any{"ammo": ammo})
		res := p.Plan(context.Background(), start, goal)
		fmt.Printf("ammo %d: %v cost %g\n", ammo, d.ActionNames(res.Plan), res.Cost)
	}
	// Output:
	// ammo 0: [Crouch Reload Snipe] cost 4
	// ammo 5: [Crouch Snipe] cost 2
}

// When no plan exists, Result.Why says why: here no action sets a fact
// the goal needs, which relaxed reachability proves before any search.
// Failure gives the outcome as an error for errors.Is.
func ExampleExplanation() {
	d := mustDomain(goap.Spec{
		Actions: []goap.Action{
			{Name: "DrawWeapon", Cost: 1, Effects: goap.Effects{"armed": true}},
			{Name: "Attack", Cost: 1, Pre: goap.Conds{"armed": true, "loaded": true}, Effects: goap.Effects{"threat_removed": true}},
		},
		Goals: []goap.Goal{{Name: "KillEnemy", Desired: goap.Conds{"threat_removed": true}}},
	})
	goal, _ := d.Goal("KillEnemy")
	res := goap.NewPlanner(d).Plan(context.Background(), d.NewState(), goal)
	fmt.Println(res.Status, errors.Is(res.Failure(), goap.ErrNoPlan))
	for _, u := range res.Why().Unreachable {
		fmt.Printf("%s: %s\n", u.Condition, u.Reason)
	}
	// Output:
	// no plan true
	// threat_removed: Attack needs loaded; loaded: no action sets loaded
}

// Summary gives the explanation on one line, as agents put it in their
// no_plan events: here coins only go down, so the anvil is out of reach.
func ExampleExplanation_Summary() {
	d := mustDomain(goap.Spec{
		Facts: []goap.Fact{goap.Int("coins", 0, 30, 5)},
		Actions: []goap.Action{
			{Name: "BuyCoal", Cost: 1, Pre: goap.Conds{"coins": goap.Ge(5)}, Effects: goap.Effects{"coins": goap.Sub(5), "coal": true}},
			{Name: "BuyAnvil", Cost: 1, Pre: goap.Conds{"coins": goap.Ge(20)}, Effects: goap.Effects{"coins": goap.Sub(20), "anvil": true}},
		},
		Goals: []goap.Goal{{Name: "Forge", Desired: goap.Conds{"anvil": true}}},
	})
	goal, _ := d.Goal("Forge")
	res := goap.NewPlanner(d).Plan(context.Background(), d.NewState(), goal)
	fmt.Println(res.Why().Summary())
	// Output:
	// anvil is unreachable: BuyAnvil needs coins>=20; coins>=20: no action sets coins to a value that meets it (BuyCoal subtracts 5 when coins>=5, BuyAnvil subtracts 20 when coins>=20)
}

func mustDomain(spec goap.Spec) *goap.Domain {
	d, err := goap.NewDomain(spec)
	if err != nil {
		panic(err)
	}
	return d
}

// Costs are behaviour: two planners share a domain, one with the costs
// of its actions overridden, and plan differently.
func ExampleOptions_costOverrides() {
	d, _ := goap.NewDomain(goap.Spec{Name: "threat",
		Actions: []goap.Action{
			{Name: "Fight", Cost: 1, Effects: goap.Effects{"safe": true}},
			{Name: "Flee", Cost: 3, Effects: goap.Effects{"safe": true}},
		},
		Goals: []goap.Goal{{Name: "Safety", Desired: goap.Conds{"safe": true}}},
	})
	safety, _ := d.Goal("Safety")
	fight, _ := d.ActionID("Fight")
	brute := goap.NewPlanner(d)
	coward := goap.NewPlanner(d)
	coward.Options.CostOverrides = []goap.CostOverride{{Action: fight, Cost: 10}}
	for _, p := range []*goap.Planner{brute, coward} {
		r := p.Plan(context.Background(), d.NewState(), safety)
		fmt.Println(d.ActionNames(r.Plan), r.Cost)
	}
	coward.Options.CostOverrides = []goap.CostOverride{{Action: fight, Cost: -1}}
	r := coward.Plan(context.Background(), d.NewState(), safety)
	fmt.Println(r.Status, errors.Is(r.Err, goap.ErrBadCost))
	// Output:
	// [Fight] 1
	// [Flee] 3
	// failed true
}

// A target's conditions, one per fact, say which values of their fact
// meet them: here, which amounts of ammo are enough.
func ExampleTarget_Conds() {
	d := mustDomain(goap.Spec{
		Facts:   []goap.Fact{goap.Int("ammo", 0, 6, 0), goap.Bool("armed")},
		Actions: []goap.Action{{Name: "Reload", Cost: 1, Effects: goap.Effects{"ammo": goap.Add(2)}}},
	})
	ready, _ := d.Target("ready", goap.Conds{"ammo": goap.Gt(3), "armed": true})
	for _, c := range ready.Conds() {
		f := d.Fact(c.Fact())
		var ok []int
		for v := f.Min; v <= f.Max; v++ {
			if c.Holds(v) {
				ok = append(ok, v)
			}
		}
		fmt.Println(c, ok)
	}
	// Output:
	// ammo>=4 [4 5 6]
	// armed [1]
}
