package goapfile

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/goap-go/goap"
)

// roads is a lifted Drive whose cost comes from numbers:.
const roads = `name: roads
objects: {a: place, b: place, c: place}
static: ["road(a,b)", "road(b,c)", "road(a,c)"]
numbers:
  road-length(a,b): 2
  road-length(b, c): 3
  road-length(a,c): 7
  toll: 0.5
facts:
  at: {type: enum, values_of: place, default: a}
actions:
  - name: Drive
    params: {from: place, to: place}
    preconditions:
      road(?from,?to): true
      at: ?from
    effects: {at: "?to"}
    cost: "toll + road-length(?from,?to)"
  - name: Rest
    cost: "toll + road-length(a,c)"
    effects: {rested: true}
goal: {at: c}
tests:
  - {cost: 6, plan: ["Drive(a,b)", "Drive(b,c)"]}
`

// TestNumbersCost checks that each binding of a lifted action costs what
// its entries of numbers: add up to, that a cost naming no parameter is
// computed once, and that the planner uses the costs.
func TestNumbersCost(t *testing.T) {
	f, err := Parse("roads.yaml", []byte(roads))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		action string
		cost   float64
	}{{"Drive(a,b)", 2.5}, {"Drive(b,c)", 3.5}, {"Drive(a,c)", 7.5}, {"Rest", 7.5}} {
		id, ok := f.Domain.ActionID(c.action)
		if !ok {
			t.Fatalf("no action %s", c.action)
		}
		if got := f.Domain.ActionCost(id); got != c.cost {
			t.Errorf("%s costs %v, want %v", c.action, got, c.cost)
		}
	}
	res := goap.NewPlanner(f.Domain).Plan(context.Background(), f.Start, f.Goal)
	if res.Status != goap.Found || res.Cost != 6 || len(res.Plan) != 2 {
		t.Fatalf("plan %v cost %v (%v), want Drive(a,b), Drive(b,c) for 6", f.Domain.ActionNames(res.Plan), res.Cost, res.Status)
	}
}

// TestNumbersErrors checks the positioned errors of numbers: and of
// costs that use it.
func TestNumbersErrors(t *testing.T) {
	for _, c := range []struct{ name, old, new, want string }{
		{"unknown entry", `cost: "toll + road-length(?from,?to)"`, `cost: "toll + road-lenght(?from,?to)"`,
			`roads.yaml:18:11: cost: road-lenght is not in numbers: (did you mean "road-length"?)`},
		{"unknown parameter", `road-length(?from,?to)"`, `road-length(?from,?t)"`,
			`roads.yaml:18:11: cost: ?t is not a parameter of this action (did you mean "?to"?)`},
		{"wrong arity", `road-length(?from,?to)"`, `road-length(?from)"`,
			`roads.yaml:18:11: cost: road-length takes 2 arguments in numbers:, got 1`},
		{"unknown object", `road-length(a,c)"`, `road-length(a,d)"`,
			`roads.yaml:20:11: cost road-length(a,d): "d" is not an object (did you mean "a"?)`},
		{"missing entry of a plain cost", `cost: "toll + road-length(a,c)"`, `cost: "toll + road-length(c,a)"`,
			`roads.yaml:20:11: cost: numbers has no entry road-length(c,a)`},
		{"missing entry of a binding", "  road-length(b, c): 3\n", "",
			`roads.yaml:17:11: cost: numbers has no entry road-length(b,c), which Drive(b,c) needs`},
		{"not a number", "toll: 0.5", "toll: cheap",
			`roads.yaml:8:9: the value of toll must be a number, got "cheap"`},
		{"negative", "toll: 0.5", "toll: -1",
			`roads.yaml:8:9: the value of toll must be at least 0, got -1`},
		{"not an entry", "toll: 0.5", "toll x: 0.5",
			`roads.yaml:8:3: an entry of numbers is written name or name(obj,...), such as road-length(a,b); got "toll x"`},
		{"entry of an unknown object", "road-length(a,b): 2", "road-length(a,x): 2",
			`roads.yaml:5:3: numbers entry road-length(a,x): "x" is not an object (did you mean "a"?)`},
		{"arity differs", "toll: 0.5", "road-length(a): 1",
			`roads.yaml:8:3: road-length takes 2 arguments elsewhere in numbers:`},
		{"twice", "road-length(b, c): 3", "road-length(a, b): 3",
			`roads.yaml:6:3: numbers gives road-length(a,b) twice`},
		{"not a sum", `cost: "toll + road-length(?from,?to)"`, `cost: "toll * 2"`,
			`roads.yaml:18:11: cost must be a number, or a sum of numbers and entries of numbers: such as "road-length(?from,?to)"; got "toll * 2"`},
	} {
		t.Run(c.name, func(t *testing.T) {
			src := strings.Replace(roads, c.old, c.new, 1)
			if src == roads {
				t.Fatalf("%q is not in the file", c.old)
			}
			_, err := Parse("roads.yaml", []byte(src))
			var list ErrorList
			if !errors.As(err, &list) {
				t.Fatalf("got %v, want an ErrorList", err)
			}
			var got []string
			for _, e := range list {
				got = append(got, e.File+":"+strconv.Itoa(e.Line)+":"+strconv.Itoa(e.Col)+": "+e.Msg)
			}
			if got[0] != c.want {
				t.Errorf("got\n%s\nwant first\n%s", strings.Join(got, "\n"), c.want)
			}
		})
	}
}
