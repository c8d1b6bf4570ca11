package goap_test

import (
	"fmt"
	"math/rand"
	"slices"
	"testing"

	"github.com/goap-go/goap"
)

// TestCondHolds checks each operator at and around its bound, on every
// kind of fact, against the values State.Satisfies accepts.
func TestCondHolds(t *testing.T) {
	facts := []goap.Fact{goap.Bool("b"), goap.Int("n", -1, 4, 0), goap.Enum("at", "home", "shop", "mine")}
	cases := []struct {
		fact string
		c    any
		want []int // the values that meet it
		text string
	}{
		{"b", true, []int{1}, "b"},
		{"b", false, []int{0}, "!b"},
		{"b", goap.Ne(true), []int{0}, "!b"},
		{"n", 2, []int{2}, "n=2"},
		{"n", goap.Ne(2), []int{-1, 0, 1, 3, 4}, "n!=2"},
		{"n", goap.Lt(2), []int{-1, 0, 1}, "n<=1"},
		{"n", goap.Le(2), []int{-1, 0, 1, 2}, "n<=2"},
		{"n", goap.Gt(2), []int{3, 4}, "n>=3"},
		{"n", goap.Ge(2), []int{2, 3, 4}, "n>=2"},
		{"n", goap.Ge(-5), []int{-1, 0, 1, 2, 3, 4}, "n<=4"},
		{"at", "shop", []int{1}, "at=shop"},
		{"at", goap.Ne("shop"), []int{0, 2}, "at!=shop"},
	}
	for _, tc := range cases {
		name := fmt.Sprintf("%s %v", tc.fact, tc.c)
		d, err := goap.NewDomain(goap.Spec{Facts: facts,
			Actions: []goap.Action{{Name: "A", Cost: 1, Pre: goap.Conds{tc.fact: tc.c}}}})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		target, err := d.Target("t", goap.Conds{tc.fact: tc.c})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		id, _ := d.FactID(tc.fact)
		f := d.Fact(id)
		for _, conds := range [][]goap.Cond{d.ActionPre(0), target.Conds()} {
			if len(conds) != 1 || conds[0].Fact() != id || conds[0].String() != tc.text {
				t.Fatalf("%s: conds %v", name, conds)
			}
			c := conds[0]
			var got []int
			for v := f.Min - 2; v <= f.Max+2; v++ {
				if c.Holds(v) {
					got = append(got, v)
				}
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("%s: holds for %v, want %v", name, got, tc.want)
			}
			// The planner agrees.
			s := d.NewState()
			for v := f.Min; v <= f.Max; v++ {
				_ = s.Set(id, v)
				if c.Holds(v) != s.Satisfies(target) || c.Holds(v) != d.Applicable(s, 0) {
					t.Errorf("%s: value %d: Holds %v, Satisfies %v, Applicable %v", name, v, c.Holds(v), s.Satisfies(target), d.Applicable(s, 0))
				}
			}
		}
	}
	var zero goap.Cond
	if zero.Holds(0) || zero.String() != "" {
		t.Errorf("the zero Cond holds or has a text")
	}
}

// TestCondsAgree checks, on random domains and states, that a target
// holds exactly when each of its Conds holds for the state's value, that
// Unmet lists the Conds that do not, and that an action applies only when
// its preconditions' Conds hold (exactly so without add/subtract effects,
// whose bounds also stop it).
func TestCondsAgree(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	for n := 0; n < 300; n++ {
		spec, _, goal := randomSpec(rng, true)
		d, err := goap.NewDomain(spec)
		if err != nil {
			t.Fatalf("spec %d: %v", n, err)
		}
		target, err := d.Target("goal", goal)
		if err != nil {
			t.Fatalf("spec %d: %v", n, err)
		}
		if len(target.Conds()) != len(goal) {
			t.Fatalf("spec %d: %d conds for %d conditions", n, len(target.Conds()), len(goal))
		}
		for k := 0; k < 20; k++ {
			s := d.NewState()
			for id := 0; id < d.NumFacts(); id++ {
				f := d.Fact(goap.FactID(id))
				_ = s.Set(goap.FactID(id), f.Min+rng.Intn(f.Max-f.Min+1))
			}
			all := true
			var unmet []string
			for _, c := range target.Conds() {
				if !c.Holds(s.Get(c.Fact())) {
					all = false
					unmet = append(unmet, c.String())
				}
			}
			if all != s.Satisfies(target) || !slices.Equal(unmet, target.Unmet(s)) {
				t.Fatalf("spec %d, %v: conds say %v (unmet %v), the target %v (unmet %v)", n, s, all, unmet, s.Satisfies(target), target.Unmet(s))
			}
			for a := range spec.Actions {
				id := goap.ActionID(a)
				pre := d.ActionPre(id)
				if len(pre) != len(spec.Actions[a].Pre) {
					t.Fatalf("spec %d: action %d: %d conds for %d preconditions", n, a, len(pre), len(spec.Actions[a].Pre))
				}
				holds := true
				for _, c := range pre {
					holds = holds && c.Holds(s.Get(c.Fact()))
				}
				deltas := false
				for _, e := range spec.Actions[a].Effects {
					if _, ok := e.(goap.Delta); ok {
						deltas = true
					}
				}
				if app := d.Applicable(s, id); app && !holds || !deltas && app != holds {
					t.Fatalf("spec %d, %v: action %s applies %v, its conds hold %v", n, s, d.ActionName(id), app, holds)
				}
			}
		}
	}
}
