package goapfile

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/goap-go/goap/agent/simspec"
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
		{"a memory that is not a number of ticks", "squads:\n  - {name: alpha, commander: leader, members: [u1], memory: 2.5}\n  - {name: beta, commander: leader, members: [u2], memory: -1}\n",
			[]string{
				`t.yaml:19:61: memory must be a whole number of ticks (0 keeps a sighting until the agent seen dies); got 2.5`,
				`t.yaml:20:60: memory must be at least 0, got -1`,
			}},
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

// pincerBase is a commander with one ordering action and a squad of three;
// the cases fill in the action's ORDERS and more SQUADS.
var pincerBase = readTestdata("testdata/fragments/pincer_base.yaml")

// pincerFile returns pincerBase with orders (lines after the first are
// indented as items of the action) and squads.
func pincerFile(orders, squads string) string {
	return strings.NewReplacer("ORDERS", orders, "SQUADS", squads).Replace(pincerBase)
}

// TestOrdersFileErrors: every mistake in an action's orders: (and in
// squads that command each other) is reported at its place, with a
// suggestion where one fits.
func TestOrdersFileErrors(t *testing.T) {
	pincer := "orders:\n      - {squad: blue, member: b1, goal: Flank, set: {to: left}}\n      - {squad: blue, member: b2, goal: Flank, set: {to: right}}"
	cases := []struct {
		name, orders, squads string
		want                 []string
	}{
		{"the pincer", pincer, "", nil},
		{"a discouragement beside it", pincer + "\n      - {squad: blue, member: b1, goal: Heal, bias: -20}", "", nil},
		{"unknown member", "orders:\n      - {squad: blue, member: b9, goal: Flank}", "",
			[]string{`t.yaml:9:31: b9 is not a member of squad blue (did you mean "b1"?)`}},
		{"unknown goal", "orders:\n      - {squad: blue, member: b1, goal: Flnak}", "",
			[]string{`t.yaml:9:41: unknown goal "Flnak" in order (did you mean "Flank"?)`}},
		{"a goal the member does not have", "orders:\n      - {squad: blue, members: [b1, b2], goal: FlankLeft}", "",
			[]string{`t.yaml:9:33: b1 has no goal FlankLeft: an order biases a goal the member has (did you mean "Flank"?); its goals: Flank, Heal`}},
		{"a goal some members lack, all members", "order: {squad: blue, goal: FlankLeft}", "",
			[]string{
				`t.yaml:8:32: b1 has no goal FlankLeft: an order biases a goal the member has (did you mean "Flank"?); its goals: Flank, Heal`,
				`t.yaml:8:32: b3 has no goal FlankLeft: an order biases a goal the member has (did you mean "Flank"?); its goals: Flank`,
			}},
		{"duplicate member", pincer + "\n      - {squad: blue, members: [b3, b2], goal: Flank}", "",
			[]string{`t.yaml:11:37: b2 is ordered Flank twice in Pincer (first at line 10): each member once per goal`}},
		{"duplicate member in one order", "order: {squad: blue, members: [b1, b1], goal: Flank}", "",
			[]string{`t.yaml:8:40: b1 is ordered Flank twice in Pincer (first at line 8): each member once per goal`}},
		{"member and members", "orders:\n      - {squad: blue, member: b1, members: [b2], goal: Flank}", "",
			[]string{`t.yaml:9:9: order has both member: and members:; name one member, or list them`}},
		{"order and orders", "order: {squad: blue, goal: Flank}\n    " + pincer, "",
			[]string{`t.yaml:9:5: action Pincer has both order: and orders:; list every order it issues in orders:`}},
		{"no orders", "orders: []", "",
			[]string{`t.yaml:8:13: orders must list at least one order, such as {squad: alpha, member: u1, goal: StackUp, bias: 1}`}},
		{"two squads", pincer + "\n      - {squad: red, member: b3, goal: Flank}", "- {name: red, commander: cmd, members: [b3]}",
			[]string{`t.yaml:11:17: the orders of Pincer go to squad blue and red: an action orders one squad`}},
		{"a timeout on a discouragement", pincer + "\n      - {squad: blue, member: b1, goal: Heal, bias: -1, timeout: 5}", "",
			[]string{`t.yaml:11:66: a negative bias discourages Heal and the action does not wait for it: timeout has nothing to time`}},
		{"discouragements only", "order: {squad: blue, member: b1, goal: Heal, bias: -20}", "",
			[]string{`t.yaml:8:12: every order of Pincer has a negative bias: a discouragement holds while its action waits for others, and this one would end at once; add the order it accompanies`}},
		{"squads that command each other", pincer, "- {name: up, commander: b2, members: [cmd]}",
			[]string{`t.yaml:26:5: squads command each other: cmd commands b2 (squad blue), b2 commands cmd (squad up); a commander's orders would wait on itself`}},
		{"a longer loop", pincer, "- {name: up, commander: b2, members: [b3]}\n  - {name: top, commander: b3, members: [cmd]}",
			[]string{`t.yaml:27:5: squads command each other: cmd commands b2 (squad blue), b2 commands b3 (squad up), b3 commands cmd (squad top); a commander's orders would wait on itself`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Parse("t.yaml", []byte(pincerFile(c.orders, c.squads)))
			var got []string
			var list ErrorList
			if errors.As(err, &list) {
				for _, e := range list {
					got = append(got, e.Error())
				}
			} else if err != nil {
				t.Fatalf("error %v", err)
			}
			if !reflect.DeepEqual(got, c.want) {
				t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(c.want, "\n"))
			}
		})
	}
}

// TestOrdersFile: orders: gives an action its orders in file order, with
// a member and a target each, and a negative bias.
func TestOrdersFile(t *testing.T) {
	src := pincerFile("orders:\n      - {squad: blue, member: b1, goal: Flank, bias: 1, timeout: 4, set: {to: left}}\n"+
		"      - {squad: blue, members: [b2], goal: Flank, set: {to: right}}\n      - {squad: blue, member: b1, goal: Heal, bias: -20.5}", "")
	f, err := Parse("t.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	want := []simspec.OrderSpec{
		{Squad: "blue", Goal: "Flank", Bias: 1, Timeout: 4, Members: []string{"b1"}, Set: map[string]any{"to": "left"}},
		{Squad: "blue", Goal: "Flank", Members: []string{"b2"}, Set: map[string]any{"to": "right"}},
		{Squad: "blue", Goal: "Heal", Bias: -20.5, Members: []string{"b1"}},
	}
	if got := f.Orders["Pincer"]; !reflect.DeepEqual(got, want) {
		t.Errorf("orders\n%+v\nwant\n%+v", got, want)
	}
}
