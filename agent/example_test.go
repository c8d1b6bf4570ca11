package agent_test

import (
	"fmt"

	"github.com/goap-go/goap"
	"github.com/goap-go/goap/agent"
)

// Pittman's pirate wants to get drunk. He plans to steal the bottle from
// the tavern, but the bottle is gone when he gets there: the MoveTo
// handler looks at the shelf on arrival, the agent checks StealRum's
// preconditions against what it now believes, drops the plan and brews
// its own rum.
func Example() {
	domain, err := goap.NewDomain(goap.Spec{
		Name: "pirate",
		Actions: []goap.Action{
			{Name: "StealRum", Cost: 1, Pre: goap.Conds{"bottle_available": true},
				Effects: goap.Effects{"bottle_available": false, "has_rum": true}},
			{Name: "BrewRum", Cost: 5, Effects: goap.Effects{"has_rum": true}},
			{Name: "DrinkRum", Cost: 1, Pre: goap.Conds{"has_rum": true},
				Effects: goap.Effects{"has_rum": false, "drunk": true}},
		},
		Goals: []goap.Goal{{Name: "GetDrunk", Priority: 1, Desired: goap.Conds{"drunk": true}}},
	})
	if err != nil {
		panic(err)
	}
	getDrunk, _ := domain.Goal("GetDrunk")
	bottle, _ := domain.FactID("bottle_available")
	belief, _ := domain.State(map[string]any{"bottle_available": true})
	shelf := true // the world: is the bottle still there?

	pirate, err := agent.New(agent.Config{
		Name:   "pirate",
		Domain: domain,
		Goals:  []agent.Goal{agent.NewGoal(getDrunk)},
		Belief: belief,
		// Every action takes two updates; stealing needs a walk first.
		Default: agent.Behavior{Perform: func(s *agent.Call) agent.Outcome {
			if s.Frame < 1 {
				return agent.Continue
			}
			return agent.Success
		}},
		Behaviors: map[string]agent.Behavior{"StealRum": {
			MoveTo: func(s *agent.Call) agent.Outcome {
				if s.Frame < 2 {
					return agent.Continue
				}
				// Arrived: what is on the shelf?
				s.Agent.Blackboard().SetBool(bottle, shelf)
				return agent.Success
			},
			Perform: func(*agent.Call) agent.Outcome { return agent.Success },
		}},
		OnEvent: func(e agent.Event) { fmt.Println(e) },
	})
	if err != nil {
		panic(err)
	}
	for tick := 1; tick <= 8; tick++ {
		if tick == 2 {
			shelf = false // someone else was quicker
		}
		pirate.Update(1)
	}
	// Output:
	// tick 1 pirate goal_chosen GetDrunk: score 1
	// tick 1 pirate plan_made GetDrunk [StealRum DrinkRum]: cost 2
	// tick 1 pirate action_started GetDrunk StealRum
	// tick 3 pirate arrived GetDrunk StealRum
	// tick 3 pirate plan_invalidated GetDrunk StealRum: step 1 StealRum: bottle_available is false (true when planned)
	// tick 3 pirate plan_made GetDrunk [BrewRum DrinkRum]: cost 6
	// tick 4 pirate action_started GetDrunk BrewRum
	// tick 5 pirate action_finished GetDrunk BrewRum
	// tick 6 pirate action_started GetDrunk DrinkRum
	// tick 7 pirate action_finished GetDrunk DrinkRum
	// tick 7 pirate goal_reached GetDrunk
}

// Goals scored by relevancy (0 to 1) with a validity check and a margin:
// the guard keeps patrolling until the threat is clearly more relevant.
func ExampleGoal() {
	domain, _ := goap.NewDomain(goap.Spec{
		Name: "guard",
		Actions: []goap.Action{
			{Name: "Patrol", Cost: 1, Effects: goap.Effects{"patrolled": true}},
			{Name: "Shoot", Cost: 1, Pre: goap.Conds{"armed": true}, Effects: goap.Effects{"threat_removed": true}},
		},
		Goals: []goap.Goal{
			{Name: "Patrol", Desired: goap.Conds{"patrolled": true}},
			{Name: "KillEnemy", Desired: goap.Conds{"threat_removed": true}},
		},
	})
	patrol, _ := domain.Goal("Patrol")
	kill, _ := domain.Goal("KillEnemy")
	armed, _ := domain.FactID("armed")
	noise := 0.0 // what the guard hears, 0 to 1

	guard, _ := agent.New(agent.Config{
		Name:   "guard",
		Domain: domain,
		Goals: []agent.Goal{
			{Target: patrol, Relevancy: func(*agent.Blackboard) float64 { return 0.4 }},
			{Target: kill,
				Relevancy: func(*agent.Blackboard) float64 { return noise },
				Valid:     func(b *agent.Blackboard) bool { return b.Bool(armed) }},
		},
		Belief:  domain.NewState(),
		Margin:  0.2,
		Default: agent.Behavior{Perform: func(*agent.Call) agent.Outcome { return agent.Continue }},
	})
	for _, n := range []float64{0, 0.5, 0.9, 0.9} {
		noise = n
		if n == 0.9 {
			guard.Blackboard().SetBool(armed, true)
		}
		guard.Update(1)
		fmt.Printf("noise %.1f: %s\n", n, guard.Goal().Name())
	}
	// Output:
	// noise 0.0: Patrol
	// noise 0.5: Patrol
	// noise 0.9: KillEnemy
	// noise 0.9: KillEnemy
}

// A scheduler spreads the planning of many agents over frames, within a
// total budget of expansions per frame. Each frame the agent at the front
// of the queue gets the budget; one whose search is not done goes to the
// back (Pittman's scheduler), so the frames are shared evenly and the
// order is always the same.
func ExampleScheduler() {
	domain, _ := goap.NewDomain(goap.Spec{
		Name: "chores",
		Actions: []goap.Action{
			{Name: "Sweep", Cost: 1, Effects: goap.Effects{"swept": true}},
			{Name: "Dust", Cost: 1, Effects: goap.Effects{"dusted": true}},
			{Name: "Mop", Cost: 1, Pre: goap.Conds{"swept": true}, Effects: goap.Effects{"mopped": true}},
		},
		Goals: []goap.Goal{{Name: "Clean", Desired: goap.Conds{"dusted": true, "mopped": true}}},
	})
	clean, _ := domain.Goal("Clean")
	s := &agent.Scheduler{Budget: 2}
	var agents []*agent.Agent
	for _, name := range []string{"ann", "bob", "cid"} {
		a, _ := agent.New(agent.Config{
			Name: name, Domain: domain, Goals: []agent.Goal{agent.NewGoal(clean)},
			Default: agent.Behavior{Perform: func(*agent.Call) agent.Outcome { return agent.Continue }},
			OnEvent: func(e agent.Event) {
				if e.Type == agent.EventPlanMade {
					fmt.Println(e.Agent, "plans", e.Goal, e.Plan)
				}
			},
		})
		agents = append(agents, a)
	}
	_ = s.Add(agents...)
	most := 0
	for range 20 {
		most = max(most, s.Step()) // plan, within the budget
		for _, a := range agents {
			a.Update(1) // pick a finished plan up, or join the queue
		}
	}
	fmt.Println("the most expansions in a frame:", most)
	// Output:
	// ann plans Clean [Dust Sweep Mop]
	// bob plans Clean [Dust Sweep Mop]
	// cid plans Clean [Dust Sweep Mop]
	// the most expansions in a frame: 2
}
