package roster_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/goap-go/goap"
	"github.com/goap-go/goap/agent"
	"github.com/goap-go/goap/agent/roster"
	"github.com/goap-go/goap/goapfile"
)

// squadFile is a leader who orders two units to their posts (each its
// own, through the order's target) and units that hear noises.
const squadFile = `
objects: {a: post, b: post}
facts:
  post: {type: enum, values: [none], values_of: post, scope: agent}
  at: {type: enum, values: [home], values_of: post, default: home, scope: agent}
  noise: {type: bool}
actions:
  - name: OrderPosts
    effects: {posted: true}
    orders:
      - {squad: s, member: u1, goal: Hold, bias: 1, set: {post: a}}
      - {squad: s, member: u2, goal: Hold, bias: 1, set: {post: b}}
  - name: Go
    params: {p: post}
    preconditions:
      post: ?p
    effects: {at: "?p"}
    timeout: 9
goals:
  - {name: Posted, priority: 1, desired: {posted: true}}
  - {name: Hold, desired: {at: "!= home"}}
templates:
  - {name: unit, goals: [Hold], on_orders: [Hold], actions: [Go], senses: [], sensors: [{name: ears, facts: [noise], interrupt: true}]}
agents:
  - {name: leader, goals: [Posted], actions: [OrderPosts], senses: []}
  - {name: u1, extends: unit}
  - {name: u2, extends: unit}
squads:
  - {name: s, commander: leader, members: [u1, u2]}
`

// TestBuildBindsTheGame: the file's agents run on the game's behaviors
// (by lifted action name, with Call.Args), its sensors (by name), its
// orders' targets and effects (Target, Ordered), and the file's timeout
// fills in the game's behavior.
func TestBuildBindsTheGame(t *testing.T) {
	f, err := goapfile.Parse("squad.yaml", []byte(squadFile))
	if err != nil {
		t.Fatal(err)
	}
	d := f.Domain
	var log []string
	goTo := agent.Behavior{Perform: func(c *agent.Call) agent.Outcome {
		log = append(log, fmt.Sprintf("%s %s %v", c.Agent.Name(), c.Lifted, c.Args))
		at, _ := d.FactID("at")
		post, _ := d.FactID("post")
		_ = c.Agent.Blackboard().Set(at, c.Agent.Blackboard().Get(post)) // the game moves the unit
		return agent.Success
	}}
	senses := map[string]int{}
	r, err := roster.Build(roster.Spec{Domain: d, Agents: f.Agents, GoalRules: f.GoalRules, Squads: f.Squads,
		Orders: f.Orders, Timeouts: f.Timeouts, Backoffs: f.Backoffs}, roster.Bindings{
		Behaviors: func(int) map[string]agent.Behavior { return map[string]agent.Behavior{"Go": goTo} },
		Sense: func(unit int, sensor string, facts []goap.FactID, interrupt bool) func(*agent.Blackboard) bool {
			senses[fmt.Sprintf("%d %s %d %v", unit, sensor, len(facts), interrupt)]++
			return func(*agent.Blackboard) bool { return false }
		},
		Target: func(unit int, facts []goap.FactID, values []int) {
			log = append(log, fmt.Sprintf("target %d %s=%d", unit, d.Fact(facts[0]).Name, values[0]))
		},
		Ordered: func(commander int, action goap.ActionID) {
			log = append(log, fmt.Sprintf("ordered %d %s", commander, d.ActionName(action)))
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Agents) != 3 || len(r.Squads) != 1 || r.Agent("u2") != r.Agents[2] || len(r.Squads[0].Members) != 2 {
		t.Fatalf("built %d agents, %d squads", len(r.Agents), len(r.Squads))
	}
	for range 6 {
		for _, a := range r.Agents {
			a.Update(1)
		}
	}
	want := []string{"target 1 post=1", "target 2 post=2", "u1 Go [a]", "u2 Go [b]", "ordered 0 OrderPosts"}
	if !slices.Equal(log, want) {
		t.Fatalf("the game saw\n%s\nwant\n%s", strings.Join(log, "\n"), strings.Join(want, "\n"))
	}
	// The leader senses nothing ("eyes" of no facts); each unit has its
	// eyes (senses: [] names none) and its ears, which interrupt.
	wantSenses := map[string]int{"0 eyes 0 false": 1, "1 eyes 0 false": 1, "1 ears 1 true": 1, "2 eyes 0 false": 1, "2 ears 1 true": 1}
	if fmt.Sprint(senses) != fmt.Sprint(wantSenses) {
		t.Fatalf("sensors %v, want %v", senses, wantSenses)
	}
}

// TestBuildErrors: every problem of the spec is reported, not the first.
func TestBuildErrors(t *testing.T) {
	f, err := goapfile.Parse("squad.yaml", []byte(squadFile))
	if err != nil {
		t.Fatal(err)
	}
	agents := slices.Clone(f.Agents)
	agents[1].Goals = []string{"Hide"}
	agents[2].Costs = map[string]float64{"Fly": 2}
	_, err = roster.Build(roster.Spec{Domain: f.Domain, Agents: agents}, roster.Bindings{})
	for _, want := range []string{`agent u1: unknown goal "Hide"`, `agent u2: costs: unknown action "Fly"`} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("error %v\nwant it to say %s", err, want)
		}
	}
}

// TestFileTimeout: the file's timeout: holds for the game's behavior of
// a lifted action, which sets none.
func TestFileTimeout(t *testing.T) {
	f, err := goapfile.Parse("squad.yaml", []byte(squadFile))
	if err != nil {
		t.Fatal(err)
	}
	var failed []string
	forever := agent.Behavior{Perform: func(*agent.Call) agent.Outcome { return agent.Continue }}
	r, err := roster.Build(roster.Spec{Domain: f.Domain, Agents: f.Agents[1:2], Timeouts: f.Timeouts}, roster.Bindings{
		Behaviors: func(int) map[string]agent.Behavior { return map[string]agent.Behavior{"Go": forever} },
		Belief: func(int) goap.State {
			s, _ := f.Domain.State(map[string]any{"post": "a"})
			return s
		},
		OnEvent: func(e agent.Event) {
			if e.Type == agent.EventActionFailed {
				failed = append(failed, fmt.Sprintf("%v %s", e.Tick, e.Reason))
			}
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	u1 := r.Agents[0]
	if err := u1.Recommend("Hold", 1, nil); err != nil {
		t.Fatal(err)
	}
	for range 12 {
		u1.Update(1)
	}
	if len(failed) != 1 || !strings.Contains(failed[0], "(Behavior.Timeout 9)") {
		t.Fatalf("failures %q, want one after the file's timeout of 9", failed)
	}
}
