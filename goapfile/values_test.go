package goapfile

import (
	"fmt"
	"reflect"
	"testing"

	"github.com/goap-go/goap"
)

// valuesFile declares one fact of each kind; %s is replaced by the
// condition or effect under test.
const valuesFile = `
facts:
  n: {type: int, min: -5, max: 10}
  at: {type: enum, values: [home, shop, mine]}
  armed: {type: bool}
actions:
  - name: A
    %s: {%s: %s}
`

func TestConditionSyntax(t *testing.T) {
	cases := []struct {
		fact, value string
		want        any
	}{
		{"armed", "true", true},
		{"armed", "false", false},
		{"flag", "true", true}, // undeclared: a boolean
		{"n", "3", 3},
		{"n", "-2", -2},
		{"n", `"-2"`, -2}, // a negative number, not "subtract 2"
		{"n", "3.0", 3},
		{"n", `"3"`, 3},
		{"n", `"= 3"`, 3},
		{"n", `"== 3"`, 3},
		{"n", `"!= 2"`, goap.Ne(2)},
		{"n", `">= 1"`, goap.Ge(1)},
		{"n", `">=1"`, goap.Ge(1)},
		{"n", `"> 0"`, goap.Gt(0)},
		{"n", `"< 5"`, goap.Lt(5)},
		{"n", `"<= 5"`, goap.Le(5)},
		{"n", "<= 5", goap.Le(5)}, // "<" needs no quotes in YAML
		{"n", `"> -5"`, goap.Gt(-5)},
		{"at", "shop", "shop"},
		{"at", `"shop"`, "shop"},
		{"at", `"!= shop"`, goap.Ne("shop")},
		{"at", `"= mine"`, "mine"},
		{"at", `"== home"`, "home"},
	}
	for _, c := range cases {
		t.Run(c.fact+" "+c.value, func(t *testing.T) {
			f, err := Parse("v.yaml", []byte(fmt.Sprintf(valuesFile, "preconditions", c.fact, c.value)))
			if err != nil {
				t.Fatal(err)
			}
			if got := f.Spec.Actions[0].Pre[c.fact]; !reflect.DeepEqual(got, c.want) {
				t.Errorf("got %#v, want %#v", got, c.want)
			}
		})
	}
}

func TestEffectSyntax(t *testing.T) {
	cases := []struct {
		fact, value string
		want        any
	}{
		{"armed", "true", true},
		{"armed", "false", false},
		{"flag", "false", false},
		{"n", "3", 3},
		{"n", `"3"`, 3},
		{"n", "0", 0},
		{"n", `"= 3"`, 3},
		{"n", `"== 4"`, 4},
		{"n", `"= -3"`, -3},
		{"n", `"+1"`, goap.Add(1)},
		{"n", `"-1"`, goap.Sub(1)},
		{"n", "+1", goap.Add(1)}, // a sign means add, quoted or not
		{"n", "-1", goap.Sub(1)},
		{"n", `"+= 2"`, goap.Add(2)},
		{"n", `"-= 2"`, goap.Sub(2)},
		{"n", `"-=2"`, goap.Sub(2)},
		{"at", "mine", "mine"},
		{"at", `"= shop"`, "shop"},
	}
	for _, c := range cases {
		t.Run(c.fact+" "+c.value, func(t *testing.T) {
			f, err := Parse("v.yaml", []byte(fmt.Sprintf(valuesFile, "effects", c.fact, c.value)))
			if err != nil {
				t.Fatal(err)
			}
			if got := f.Spec.Actions[0].Effects[c.fact]; !reflect.DeepEqual(got, c.want) {
				t.Errorf("got %#v, want %#v", got, c.want)
			}
		})
	}
}

// TestStateSyntax checks start values: plain values only, numbers quoted
// or not.
func TestStateSyntax(t *testing.T) {
	src := fmt.Sprintf(valuesFile, "effects", "armed", "true") +
		"start: {n: \"-4\", at: shop, armed: true}\n" +
		"tests:\n  - {set: {n: 7, at: mine}, goal: {armed: true}, already_satisfied: true}\n"
	f, err := Parse("v.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]any{"n": -4, "at": "shop", "armed": true}
	for name, v := range want {
		if got, _ := f.Start.Value(name); got != v {
			t.Errorf("start %s = %v, want %v", name, got, v)
		}
	}
	want = map[string]any{"n": 7, "at": "mine", "armed": true}
	for name, v := range want {
		if got, _ := f.Tests[0].Start.Value(name); got != v {
			t.Errorf("test start %s = %v, want %v", name, got, v)
		}
	}
}

func TestDefaults(t *testing.T) {
	src := `
facts:
  n: {type: int, min: -5, max: 10}
  m: {type: int, min: 2, max: 4}
  k: {type: int, min: 0, max: 4, default: 3}
  at: {type: enum, values: [home, shop]}
  to: {type: enum, values: [home, shop], default: shop}
  lit: {type: bool, default: true}
actions:
  - name: A
    effects: {flag: true}
  - name: B
    cost: 0
    duration: 0
    effects: {flag: false}
`
	f, err := Load(writeTemp(t, "defaults.yaml", src))
	if err != nil {
		t.Fatal(err)
	}
	if f.Name != "defaults" || f.Spec.Name != "defaults" || f.Domain.Name() != "defaults" {
		t.Errorf("name %q / %q / %q, want the file name without extension", f.Name, f.Spec.Name, f.Domain.Name())
	}
	if a, b := f.Spec.Actions[0], f.Spec.Actions[1]; a.Cost != 1 || b.Cost != 0 {
		t.Errorf("costs %v and %v, want 1 (the default) and 0", a.Cost, b.Cost)
	}
	if f.Durations["A"] != 1 || f.Durations["B"] != 0 {
		t.Errorf("durations %v, want A:1 B:0", f.Durations)
	}
	want := map[string]any{"n": 0, "m": 2, "k": 3, "at": "home", "to": "shop", "lit": true, "flag": false}
	for name, v := range want {
		if got, _ := f.Start.Value(name); got != v {
			t.Errorf("default %s = %v, want %v", name, got, v)
		}
	}
	if f.Goal != nil || len(f.Tests) != 0 {
		t.Errorf("goal %v and %d tests, want none", f.Goal, len(f.Tests))
	}
}

func TestPositions(t *testing.T) {
	f, err := Load("testdata/miner.yaml")
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		kind Kind
		name string
		want Position
	}{
		{KindFact, "at", Position{4, 3}},        // declared
		{KindFact, "retired", Position{32, 15}}, // first mentioned by an effect
		{KindAction, "GoShop", Position{8, 5}},
		{KindAction, "Retire", Position{30, 5}},
		{KindAction, "Nope", Position{}},
		{KindGoal, "Nope", Position{}},
	}
	for _, c := range cases {
		if got := f.Pos(c.kind, c.name); got != c.want {
			t.Errorf("Pos(%v, %s) = %v, want %v", c.kind, c.name, got, c.want)
		}
	}
	g, err := Load("testdata/guard.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if got := g.Pos(KindGoal, "BeReady"); got != (Position{29, 5}) {
		t.Errorf("Pos(goal, BeReady) = %v, want 29:5", got)
	}
	if got := g.Tests[0].Pos; got != (Position{33, 5}) {
		t.Errorf("first test at %v, want 33:5", got)
	}
}

func TestPositionString(t *testing.T) {
	for _, c := range []struct {
		p    Position
		want string
	}{{Position{}, "-"}, {Position{3, 0}, "3"}, {Position{3, 7}, "3:7"}} {
		if got := c.p.String(); got != c.want || c.p.IsValid() != (c.p.Line > 0) {
			t.Errorf("%#v: %q, want %q", c.p, got, c.want)
		}
	}
}

// TestStartOnlyFacts: a boolean only the start names is a fact of the
// world that nothing uses yet: accepted (goap check warns about it).
func TestStartOnlyFacts(t *testing.T) {
	f, err := Parse("t.yaml", []byte("actions:\n  - {name: A, effects: {done: true}}\nstart: {weather: true}\ngoal: {done: true}\n"))
	if err != nil {
		t.Fatal(err)
	}
	if v, ok := f.Start.Value("weather"); !ok || v != true {
		t.Errorf("weather = %v, %v", v, ok)
	}
}

// TestUnsetNotTypos: a boolean only preconditions read is a typo only
// when its name is very close to a fact something sets, it requires
// true, and the file names it nowhere else; otherwise it loads (goap
// check warns that the action can never run).
func TestUnsetNotTypos(t *testing.T) {
	for _, src := range []string{
		// Two doors, not a typo; short names apart by one letter.
		"actions:\n  - {name: A, effects: {door_a_open: true}}\n  - {name: B, preconditions: {door_b_open: true}, effects: {x: true}}\n",
		"actions:\n  - {name: A, effects: {a1: true}}\n  - {name: B, preconditions: {d1: true}, effects: {x: true}}\n",
		"actions:\n  - {name: A, effects: {a10: true}}\n  - {name: B, preconditions: {d10: true}, effects: {x: true}}\n",
		// Requiring false holds for a fact nothing sets.
		"actions:\n  - {name: A, effects: {forge_lit: true}}\n  - {name: B, preconditions: {forge_lti: false}, effects: {x: true}}\n",
		// Declared: the game sets it.
		"facts: {forge_lti: {type: bool}}\nactions:\n  - {name: A, effects: {forge_lit: true}}\n  - {name: B, preconditions: {forge_lti: true}, effects: {x: true}}\n",
		// A test sets it.
		"actions:\n  - {name: A, effects: {forge_lit: true}}\n  - {name: B, preconditions: {forge_lti: true}, effects: {x: true}}\ngoal: {x: true}\ntests:\n  - {name: t, set: {forge_lti: true}, plan: [B]}\n",
		// A goal wants it.
		"actions:\n  - {name: A, effects: {forge_lit: true}}\n  - {name: B, preconditions: {forge_lti: true}, effects: {x: true}}\ngoals:\n  - {name: G, desired: {forge_lti: true}}\n",
	} {
		if _, err := Parse("t.yaml", []byte(src)); err != nil {
			t.Errorf("%s\nrefused: %v", src, err)
		}
	}
}
