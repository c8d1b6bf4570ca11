package goapfile

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

// squadBase is a small squad file; the cases append to it.
// (testdata/fragments, shared with the other package's tests).
var squadBase = readTestdata("testdata/fragments/squad_base.yaml")

// TestSquadFileErrors: every mistake in squads and orders is reported at
// its place.
func TestSquadFileErrors(t *testing.T) {
	cases := []struct {
		name, in string
		want     []string
	}{
		{"unknown squad in an order", "",
			[]string{`t.yaml:7:20: unknown squad "alpha" in order`}},
		{"squad mistakes", "squads:\n  - {name: alpha, commander: leadr, members: [u1, u3, u1]}\n  - {name: alpha, commander: leader, members: [u2]}\n",
			[]string{
				`t.yaml:19:30: unknown agent "leadr" in commander (did you mean "leader"?)`,
				`t.yaml:19:51: unknown agent "u3" in members (did you mean "u1"?)`,
				`t.yaml:19:55: u1 is listed twice in members`,
				`t.yaml:20:5: duplicate squad name "alpha" (first at line 19)`,
			}},
		{"members outside the squad, events, expectations",
			"squads:\n  - {name: alpha, commander: leader, members: [u2]}\n" +
				"events:\n  - {tick: 1, agent: u9, set: {at: door}}\n" +
				"tests:\n  - {sim: {ticks: 3}, expect_agents: {u1: {stacked: true}, u7: {at: door}}, expect_world: {at: door}}\n",
			[]string{
				`t.yaml:7:75: u1 is not a member of squad alpha (did you mean "u2"?)`,
				`t.yaml:21:22: unknown agent "u9" (did you mean "u1"?)`,
				`t.yaml:23:44: stacked is a world fact: check it with expect_world`,
				`t.yaml:23:60: unknown agent "u7" in expect_agents (did you mean "u1"?)`,
				`t.yaml:23:92: at is an agent fact: each agent has its own; check it with expect_agents: {AGENT: {at: ...}}`,
			}},
		{"agents' keys and scope", "  - {name: u3, goals: [StackUp], on_orders: [Secure], own: {stacked: true}}\n" +
			"squads:\n  - {name: alpha, commander: leader, members: [u2]}\n",
			[]string{
				`t.yaml:7:75: u1 is not a member of squad alpha (did you mean "u2"?)`,
				`t.yaml:18:45: on_orders names Secure, which is not one of the agent's goals: StackUp`,
				`t.yaml:18:61: stacked is a world fact: own sets an agent's own values of facts declared with scope: agent`,
			}},
	}
	// A scope other than world or agent.
	_, err := Parse("t.yaml", []byte("facts:\n  hp: {type: int, min: 0, max: 3, scope: agents}\nactions:\n  - {name: A, effects: {hp: 1}}\n"))
	if err == nil || !strings.Contains(err.Error(), `t.yaml:2:42: unknown scope "agents" (did you mean "agent"?)`) {
		t.Errorf("scope: %v", err)
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Parse("t.yaml", []byte(squadBase+c.in))
			var list ErrorList
			if !errors.As(err, &list) {
				t.Fatalf("error %v", err)
			}
			var got []string
			for _, e := range list {
				got = append(got, e.Error())
			}
			if !reflect.DeepEqual(got, c.want) {
				t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(c.want, "\n"))
			}
		})
	}
}
