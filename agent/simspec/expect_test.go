package simspec_test

import (
	"strings"
	"testing"

	"github.com/goap-go/goap/agent"
	"github.com/goap-go/goap/agent/simspec"
)

func TestExpectations(t *testing.T) {
	events := []agent.Event{
		{Tick: 1, Agent: "p", Type: agent.EventGoalChosen, Goal: "GetDrunk"},
		{Tick: 1, Agent: "p", Type: agent.EventActionStarted, Goal: "GetDrunk", Action: "StealRum"},
		{Tick: 5, Agent: "world", Type: agent.EventWorldChanged},
		{Tick: 8, Agent: "p", Type: agent.EventPlanInvalidated, Goal: "GetDrunk", Action: "StealRum"},
	}
	parse := func(ss ...string) []simspec.Expectation {
		var out []simspec.Expectation
		for _, s := range ss {
			x, err := simspec.ParseExpectation(s)
			if err != nil {
				t.Fatal(err)
			}
			if x.String() != strings.Join(strings.Fields(s), " ") {
				t.Errorf("%q renders as %q", s, x)
			}
			out = append(out, x)
		}
		return out
	}
	for _, c := range []struct {
		want []string
		miss int
	}{
		{[]string{"p goal_chosen", "tick 5 world world_changed", "tick 8 p plan_invalidated StealRum"}, -1},
		{[]string{"p plan_invalidated GetDrunk"}, -1},
		{[]string{"tick 8 p plan_invalidated", "p goal_chosen"}, 1}, // order matters
		{[]string{"tick 2 p action_started"}, 0},                    // wrong tick
		{[]string{"p action_started BrewRum"}, 0},                   // wrong name
		{[]string{"q goal_chosen"}, 0},                              // wrong agent
		{[]string{"p goal_chosen", "p goal_chosen"}, 1},             // one event, one expectation
		{nil, -1},
	} {
		if got := simspec.Match(events, parse(c.want...)); got != c.miss {
			t.Errorf("%q: missed %d, want %d", c.want, got, c.miss)
		}
	}
	for s, want := range map[string]string{
		"tick x p goal_chosen":      `want a tick number from 1 after "tick"`,
		"tick 0 p goal_chosen":      `want a tick number from 1`,
		"p":                         `want "[tick N] AGENT TYPE [NAME]"`,
		"p goal_chosen A B":         `want "[tick N] AGENT TYPE [NAME]"`,
		"p goal_chosn":              `unknown event type "goal_chosn" (did you mean "goal_chosen"?); the types are goal_chosen, plan_made`,
		"tick 3 p action_finised X": `(did you mean "action_finished"?)`,
	} {
		if _, err := simspec.ParseExpectation(s); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want %q", s, err, want)
		}
	}
}

func TestCommandCycle(t *testing.T) {
	sq := func(name, commander string, members ...string) simspec.SquadSpec {
		return simspec.SquadSpec{Name: name, Commander: commander, Members: members}
	}
	cases := []struct {
		name   string
		squads []simspec.SquadSpec
		want   string
		at     int
	}{
		{"none", nil, "", -1},
		{"a tree", []simspec.SquadSpec{sq("top", "cmd", "a", "b"), sq("left", "a", "u1", "u2"), sq("right", "b", "u3")}, "", -1},
		{"two squads under one commander", []simspec.SquadSpec{sq("x", "cmd", "a"), sq("y", "cmd", "a", "b")}, "", -1},
		{"a commander among its members", []simspec.SquadSpec{sq("x", "cmd", "cmd", "a")}, "", -1}, // reported as such
		{"two", []simspec.SquadSpec{sq("x", "a", "b"), sq("y", "b", "a")}, "a commands b (squad x), b commands a (squad y)", 1},
		{"three, found from the first commander", []simspec.SquadSpec{sq("z", "c", "a"), sq("x", "a", "u", "b"), sq("y", "b", "c")},
			"c commands a (squad z), a commands b (squad x), b commands c (squad y)", 2},
		{"a loop below a tree", []simspec.SquadSpec{sq("top", "cmd", "a"), sq("x", "a", "b"), sq("y", "b", "a")},
			"a commands b (squad x), b commands a (squad y)", 2},
	}
	for _, c := range cases {
		got, at := simspec.CommandCycle(c.squads)
		if got != c.want || at != c.at {
			t.Errorf("%s: %q at %d, want %q at %d", c.name, got, at, c.want, c.at)
		}
	}
}
