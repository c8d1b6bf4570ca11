package goap_test

import (
	"context"
	"strings"
	"testing"

	"github.com/goap-go/goap"
)

// Each shape of unreachable condition gets a reason with no empty
// clause: add/subtract effects that only move a fact away from a goal, or
// that could meet it but never start from a value the fact reaches, say
// so instead of "BuyCoal needs " with nothing after it.
func TestWhyReasons(t *testing.T) {
	t.Parallel()
	never := func(start goap.State) bool { return false }
	cases := []struct {
		name    string
		facts   []goap.Fact
		actions []goap.Action
		start   map[string]any // the default state when nil
		goal    goap.Conds
		want    string // the reason of the one unreachable condition
	}{{
		// The shape: the only effects on coins spend them.
		name:  "spenders only",
		facts: []goap.Fact{goap.Int("coins", 0, 30, 5)},
		actions: []goap.Action{
			{Name: "BuyCoal", Cost: 1, Pre: goap.Conds{"coins": goap.Ge(5)}, Effects: goap.Effects{"coins": goap.Sub(5), "coal": true}},
			{Name: "BuyAnvil", Cost: 1, Pre: goap.Conds{"coins": goap.Ge(20)}, Effects: goap.Effects{"coins": goap.Sub(20), "anvil": true}},
		},
		goal: goap.Conds{"anvil": true},
		want: "BuyAnvil needs coins>=20; coins>=20: no action sets coins to a value that meets it (BuyCoal subtracts 5 when coins>=5, BuyAnvil subtracts 20 when coins>=20)",
	}, {
		name:    "no effect can meet it",
		facts:   []goap.Fact{goap.Int("coins", 0, 30, 5)},
		actions: []goap.Action{{Name: "Spend", Cost: 1, Pre: goap.Conds{"coins": goap.Le(10)}, Effects: goap.Effects{"coins": goap.Sub(1)}}},
		goal:    goap.Conds{"coins": goap.Ge(20)},
		want:    "no action sets coins to a value that meets it (Spend subtracts 1 when coins<=10)",
	}, {
		name:    "adder stops short",
		facts:   []goap.Fact{goap.Int("coins", 0, 30, 0)},
		actions: []goap.Action{{Name: "Earn", Cost: 1, Pre: goap.Conds{"coins": goap.Le(10)}, Effects: goap.Effects{"coins": goap.Add(5)}}},
		goal:    goap.Conds{"coins": goap.Ge(20)},
		want:    "no action sets coins to a value that meets it (Earn adds 5 when coins<=10)",
	}, {
		// Earn could reach 20 from 18, but coins stays odd.
		name:    "adder never starts from the right value",
		facts:   []goap.Fact{goap.Int("coins", 0, 21, 1)},
		actions: []goap.Action{{Name: "Earn", Cost: 1, Effects: goap.Effects{"coins": goap.Add(2)}}},
		goal:    goap.Conds{"coins": 20},
		want:    "coins only reaches 1, 3, 5, 7, 9, 11, ... (Earn adds 2)",
	}, {
		name:  "a blocked setter and a bounded subtracter",
		facts: []goap.Fact{goap.Int("coins", 0, 12, 0)},
		actions: []goap.Action{
			{Name: "Up", Cost: 1, Pre: goap.Conds{"coins": goap.Le(4)}, Effects: goap.Effects{"coins": goap.Add(1)}},
			{Name: "Rob", Cost: 1, Pre: goap.Conds{"mask": true}, Effects: goap.Effects{"coins": 8}},
			{Name: "Down", Cost: 1, Effects: goap.Effects{"coins": goap.Sub(3)}},
		},
		goal: goap.Conds{"coins": 8},
		want: "Rob needs mask; coins only reaches 0..5 (Down subtracts 3); mask: no action sets mask",
	}, {
		name:    "nothing clears a flag",
		actions: []goap.Action{{Name: "Hide", Cost: 1, Pre: goap.Conds{"hit": false}, Effects: goap.Effects{"safe": true}}},
		start:   map[string]any{"hit": true},
		goal:    goap.Conds{"safe": true},
		want:    "Hide needs !hit; !hit: no action sets hit to false",
	}, {
		name:    "nothing sets the value",
		facts:   []goap.Fact{goap.Int("ammo", 0, 3, 0)},
		actions: []goap.Action{{Name: "Reload", Cost: 1, Effects: goap.Effects{"ammo": 3}}},
		goal:    goap.Conds{"ammo": 2},
		want:    "no action sets ammo to 2",
	}, {
		name:    "chain to a fact nothing sets",
		actions: []goap.Action{{Name: "Attack", Cost: 1, Pre: goap.Conds{"loaded": true}, Effects: goap.Effects{"threat_removed": true}}},
		goal:    goap.Conds{"threat_removed": true},
		want:    "Attack needs loaded; loaded: no action sets loaded",
	}, {
		name: "ruled out by a check",
		actions: []goap.Action{
			{Name: "Attack", Cost: 1, Check: never, Effects: goap.Effects{"threat_removed": true}},
		},
		goal: goap.Conds{"threat_removed": true},
		want: "the actions that set it (Attack) are excluded or ruled out by their context checks",
	}}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			d := mustDomain(goap.Spec{Facts: tc.facts, Actions: tc.actions, Goals: []goap.Goal{{Name: "G", Desired: tc.goal}}})
			g, _ := d.Goal("G")
			start := d.NewState()
			if tc.start != nil {
				var err error
				if start, err = d.State(tc.start); err != nil {
					t.Fatal(err)
				}
			}
			res := goap.NewPlanner(d).Plan(context.Background(), start, g)
			if res.Status != goap.NoPlan {
				t.Fatalf("status %v, want no plan", res.Status)
			}
			why := res.Why()
			if len(why.Unreachable) != 1 || why.Unreachable[0].Reason != tc.want {
				t.Fatalf("unreachable %+v\nwant reason %q", why.Unreachable, tc.want)
			}
			checkNoEmptyClause(t, why)
		})
	}
}

// checkNoEmptyClause fails when an explanation has a clause with nothing
// after its verb or colon.
func checkNoEmptyClause(t *testing.T, why *goap.Explanation) {
	t.Helper()
	for _, u := range why.Unreachable {
		r := u.Reason + ";"
		for _, bad := range []string{"needs ;", "needs ,", ": ;", "()", "; ;"} {
			if strings.Contains(r, bad) || u.Reason == "" {
				t.Errorf("%s: reason %q has an empty clause", u.Condition, u.Reason)
			}
		}
	}
}

// Summary puts an explanation on one line: the unreachable conditions
// with their reasons, or else what the closest state misses.
func TestWhySummary(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name    string
		actions []goap.Action
		goal    goap.Conds
		want    string
	}{{
		name: "two unreachable",
		actions: []goap.Action{
			// Attack ties both conditions into one search (the planner
			// explains the first failing part of independent ones).
			{Name: "Attack", Cost: 1, Pre: goap.Conds{"loaded": true}, Effects: goap.Effects{"threat_removed": true, "safe": false}},
		},
		goal: goap.Conds{"threat_removed": true, "safe": true},
		want: "safe is unreachable: no action sets safe; threat_removed is unreachable: Attack needs loaded; loaded: no action sets loaded",
	}, {
		name: "not together",
		actions: []goap.Action{
			{Name: "Sit", Cost: 1, Effects: goap.Effects{"sitting": true, "standing": false}},
			{Name: "Stand", Cost: 2, Effects: goap.Effects{"sitting": false, "standing": true}},
		},
		goal: goap.Conds{"sitting": true, "standing": true},
		want: "each goal condition is reachable alone, not all together; the closest state misses standing after Sit",
	}}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			d := mustDomain(goap.Spec{Actions: tc.actions, Goals: []goap.Goal{{Name: "G", Desired: tc.goal}}})
			g, _ := d.Goal("G")
			res := goap.NewPlanner(d).Plan(context.Background(), d.NewState(), g)
			if res.Status != goap.NoPlan {
				t.Fatalf("status %v, want no plan", res.Status)
			}
			if got := res.Why().Summary(); got != tc.want {
				t.Errorf("summary %q\nwant    %q", got, tc.want)
			}
			if strings.Contains(res.Why().Summary(), "\n") {
				t.Errorf("summary has several lines")
			}
		})
	}
}
