package squad_test

import (
	"fmt"

	"github.com/goap-go/goap"
	"github.com/goap-go/goap/agent"
	"github.com/goap-go/goap/agent/squad"
)

// A pincer: one ordering action sends two units two ways at once, each
// with its own target written into its belief, and waits for both.
func ExampleSquad_Behavior() {
	units, _ := goap.NewDomain(goap.Spec{
		Facts: []goap.Fact{goap.Enum("at", "post", "left", "right"), goap.Enum("to", "none", "left", "right")},
		Actions: []goap.Action{
			{Name: "MoveLeft", Cost: 1, Pre: goap.Conds{"to": "left"}, Effects: goap.Effects{"at": "left", "arrived": true}},
			{Name: "MoveRight", Cost: 1, Pre: goap.Conds{"to": "right"}, Effects: goap.Effects{"at": "right", "arrived": true}},
		},
		Goals: []goap.Goal{{Name: "Arrive", Desired: goap.Conds{"arrived": true}}},
	})
	commander, _ := goap.NewDomain(goap.Spec{
		Actions: []goap.Action{{Name: "Pincer", Cost: 1, Effects: goap.Effects{"flanked": true}}},
		Goals:   []goap.Goal{{Name: "Flank", Priority: 1, Desired: goap.Conds{"flanked": true}}},
	})
	s := &squad.Squad{Name: "blue"}
	for _, name := range []string{"b1", "b2"} {
		arrive, _ := units.Goal("Arrive")
		g := agent.NewGoal(arrive)
		g.Relevancy = func(*agent.Blackboard) float64 { return 0 } // on orders only
		u, _ := agent.New(agent.Config{Name: name, Domain: units, Goals: []agent.Goal{g},
			Default: agent.Behavior{Perform: func(*agent.Call) agent.Outcome { return agent.Success }}})
		s.Members = append(s.Members, squad.Member{Unit: u})
	}
	side := []string{"left", "right"}
	target := func(unit int, b *agent.Blackboard) { _ = b.SetValue("to", side[unit]) }
	flank, _ := commander.Goal("Flank")
	cmd, _ := agent.New(agent.Config{Name: "cmd", Domain: commander, Goals: []agent.Goal{agent.NewGoal(flank)},
		Behaviors: map[string]agent.Behavior{
			"Pincer": s.Behavior(
				squad.Order{Goal: "Arrive", Bias: 1, Units: []int{0}, Target: target},
				squad.Order{Goal: "Arrive", Bias: 1, Units: []int{1}, Target: target, Timeout: 10},
			),
		}})
	for tick := 1; tick <= 2; tick++ {
		cmd.Update(1)
		for i, m := range s.Members {
			m.Unit.Update(1)
			at, _ := m.Unit.Blackboard().Value("at")
			fmt.Printf("tick %d: %s at %v, %s\n", tick, m.Unit.Name(), at, s.Status(i))
		}
	}
	fmt.Println("commander finished:", cmd.Stats().Finished)
	// Output:
	// tick 1: b1 at left, completed
	// tick 1: b2 at right, completed
	// tick 2: b1 at left, completed
	// tick 2: b2 at right, completed
	// commander finished: 1
}

// A player's order: the squad's commander does not plan it, a player
// gives it (a game's command ring), and it stands until the next. The
// unit weighs it against its own goals and reports.
func ExampleSquad_Command() {
	units, _ := goap.NewDomain(goap.Spec{
		Facts:   []goap.Fact{goap.Enum("to", "none", "left", "right")},
		Actions: []goap.Action{{Name: "Move", Cost: 1, Pre: goap.Conds{"to": "left"}, Effects: goap.Effects{"arrived": true}}},
		Goals:   []goap.Goal{{Name: "Arrive", Desired: goap.Conds{"arrived": true}}},
	})
	arrive, _ := units.Goal("Arrive")
	g := agent.NewGoal(arrive)
	g.Relevancy = func(*agent.Blackboard) float64 { return 0 } // on orders only
	u, _ := agent.New(agent.Config{Name: "b1", Domain: units, Goals: []agent.Goal{g},
		Default: agent.Behavior{Perform: func(*agent.Call) agent.Outcome { return agent.Success }}})
	// The commander only names who orders here: it never updates.
	cmd, _ := agent.New(agent.Config{Name: "player", Domain: units, Goals: []agent.Goal{g}})
	s := &squad.Squad{Name: "blue", Members: []squad.Member{{Unit: u}}}
	err := s.Command(cmd, squad.Order{Goal: "Arrive", Bias: 10,
		Target: func(_ int, b *agent.Blackboard) { _ = b.SetValue("to", "left") }})
	fmt.Println("order:", err)
	u.Update(1)
	goal, report := s.Standing(0)
	fmt.Println(goal, report)
	// Output:
	// order: <nil>
	// Arrive completed
}
