package goapfile

import (
	"errors"
	"strings"
	"testing"

	"github.com/goap-go/goap"
)

// TestSpecErrorPositions checks that errors of the core (which the
// loader's own checks normally pre-empt) are placed at the action, goal
// or fact they name.
func TestSpecErrorPositions(t *testing.T) {
	src := `facts:
  n: {type: int, min: 0, max: 3}
actions:
  - name: A
    preconditions: {n: 1, b: true}
    effects: {n: 2, c: true}
goals:
  - {name: G, desired: {b: true}}
goal: {c: true}
`
	p := newParser("t.yaml", []byte(src))
	p.parseFile(p.document([]byte(src)))
	if len(p.errs) > 0 {
		t.Fatal(p.errs)
	}
	p.specErrors(errors.Join(
		&goap.SpecError{Domain: "t", Action: "A", Fact: "n", Part: "preconditions", Msg: "condition wrong"},
		&goap.SpecError{Domain: "t", Action: "A", Fact: "n", Part: "effects", Msg: "effect wrong"},
		&goap.SpecError{Domain: "t", Action: "A", Fact: "c", Part: "effects", Msg: "c wrong"},
		&goap.SpecError{Domain: "t", Action: "A", Part: "name", Msg: "action wrong"},
		&goap.SpecError{Domain: "t", Action: "A", Fact: "n", Part: "cost", Msg: "cost wrong"},
		&goap.SpecError{Domain: "t", Action: "A", Fact: "c", Msg: "no part"},
		&goap.SpecError{Domain: "t", Action: "A", Fact: "b", Part: "effects", Msg: "not an effect"},
		&goap.SpecError{Domain: "t", Goal: "G", Fact: "b", Part: "desired", Msg: "desired wrong"},
		&goap.SpecError{Domain: "t", Goal: "G", Part: "priority", Msg: "goal wrong"},
		&goap.SpecError{Domain: "t", Fact: "n", Part: "facts", Msg: "declaration wrong"},
		&goap.SpecError{Domain: "t", Fact: "b", Part: "facts", Msg: "mention wrong"},
		&goap.SpecError{Domain: "t", Msg: "domain wrong"},
		errors.New("plain error"),
	), nil)
	p.specErrors(&goap.SpecError{Domain: "t", Goal: "goal", Fact: "c", Part: "desired", Msg: "target wrong"}, p.fileGoal)
	want := []string{
		`t.yaml: domain wrong`,
		`t.yaml: plain error`,
		`t.yaml:2:3: fact "n": declaration wrong`,
		`t.yaml:4:5: action "A": action wrong`,
		`t.yaml:4:5: action "A": fact "n": cost wrong`,
		`t.yaml:4:5: action "A": fact "b": not an effect`,
		`t.yaml:5:21: action "A": fact "n": condition wrong`,
		`t.yaml:5:27: fact "b": mention wrong`,
		`t.yaml:6:15: action "A": fact "n": effect wrong`,
		`t.yaml:6:21: action "A": fact "c": c wrong`,
		`t.yaml:6:21: action "A": fact "c": no part`,
		`t.yaml:8:5: goal "G": goal wrong`,
		`t.yaml:8:25: goal "G": fact "b": desired wrong`,
		`t.yaml:9:8: fact "c": target wrong`,
	}
	p.errs.sort()
	if len(p.errs) != len(want) {
		t.Fatalf("%d errors, want %d:\n%v", len(p.errs), len(want), p.errs)
	}
	for i, e := range p.errs {
		if e.Error() != want[i] {
			t.Errorf("got  %s\nwant %s", e.Error(), want[i])
		}
		// The core's error stays behind the positioned one.
		var se *goap.SpecError
		if errors.As(e, &se) != (e.Msg != "plain error") || e.Err == nil {
			t.Errorf("%s: behind it %#v", e, e.Err)
		}
	}
}

func TestSplitLines(t *testing.T) {
	cases := []struct {
		in   string
		want []string
	}{
		{"", []string{""}},
		{"a\nb\n", []string{"a", "b", ""}},
		{"a\r\nb", []string{"a", "b"}},
		{"a\rb\r\rc", []string{"a", "b", "", "c"}},
		{"a\u2028b\u0085c\u2029d", []string{"a", "b", "c", "d"}},
		{"\xff\xfea\x00\n\x00b\x00", []string{"a", "b"}}, // UTF-16 LE
		{"\xfe\xff\x00a\x00\n\x00b", []string{"a", "b"}}, // UTF-16 BE
	}
	for _, c := range cases {
		got := splitLines([]byte(c.in))
		if len(got) != len(c.want) {
			t.Errorf("%q: got %q, want %q", c.in, got, c.want)
			continue
		}
		for i := range got {
			if got[i] != c.want[i] {
				t.Errorf("%q: got %q, want %q", c.in, got, c.want)
				break
			}
		}
	}
}

// TestLineBreaks checks that positions agree with the YAML decoder for
// files with other line breaks than LF.
func TestLineBreaks(t *testing.T) {
	for _, brk := range []string{"\r", "\r\n", "\u2028"} {
		src := "actions:" + brk + "  - name: A" + brk + "    cots: 1" + brk
		_, err := Parse("t.yaml", []byte(src))
		want := `t.yaml:3:5: unknown key "cots" in action (did you mean "cost"?)
    3 |     cots: 1
      |     ^`
		if err == nil || positioned(err) != want {
			t.Errorf("%q: got\n%v\nwant\n%s", brk, err, want)
		}
	}
}

func TestErrorRendering(t *testing.T) {
	cases := []struct {
		e    Error
		want string
	}{
		{Error{File: "f.yaml", Msg: "m"}, "f.yaml: m"},
		{Error{File: "f.yaml", Line: 2, Msg: "m", Source: "ab"}, "f.yaml:2: m\n    2 | ab"},
		{Error{File: "f.yaml", Line: 2, Col: 3, Msg: "m", Source: "ab"}, "f.yaml:2:3: m\n    2 | ab\n      |   ^"},
		{Error{File: "f.yaml", Line: 2, Col: 3, Msg: "m", Source: "\tb"}, "f.yaml:2:3: m\n    2 | \tb\n      | \t ^"},
		{Error{File: "f.yaml", Line: 1234567, Col: 2, Msg: "m", Source: "é"}, "f.yaml:1234567:2: m\n1234567 | é\n        |  ^"},
	}
	for _, c := range cases {
		if got := c.e.ErrorWithPosition(); got != c.want {
			t.Errorf("got\n%q\nwant\n%q", got, c.want)
		}
		if got, want, _ := strings.Cut(c.want, "\n"); c.e.Error() != got {
			t.Errorf("Error() = %q, want %q", c.e.Error(), want)
		}
		if c.e.Pos() != (Position{c.e.Line, c.e.Col}) {
			t.Errorf("Pos() = %v", c.e.Pos())
		}
	}
	list := ErrorList{{File: "a", Msg: "one"}, {File: "a", Msg: "two"}}
	if got := list.ErrorWithPosition(); got != "a: one\na: two" {
		t.Errorf("list: %q", got)
	}
	for _, c := range []struct {
		list ErrorList
		want string
	}{
		{nil, "no errors"},
		{list[:1], "a: one"},
		{list, "a: one (and 1 more error)"},
		{append(list, list[0]), "a: one (and 2 more errors)"},
	} {
		if got := c.list.Error(); got != c.want {
			t.Errorf("Error() of %d errors = %q, want %q", len(c.list), got, c.want)
		}
	}
}

// positioned renders err as goap prints it: every error of an ErrorList
// with its excerpt.
func positioned(err error) string {
	var list ErrorList
	if errors.As(err, &list) {
		return list.ErrorWithPosition()
	}
	return err.Error()
}

// TestErrorCauses: an error that another package found is wrapped, so
// that errors.Is and errors.As find it through the ErrorList.
func TestErrorCauses(t *testing.T) {
	var list ErrorList
	_, err := Parse("t.yaml", []byte("actions: [{name: A, effects: {x: true}}]\ngoals: [{name: G, desired: {x: true}}]\nagents: [{name: p}]\ntests:\n  - {sim: {ticks: 3}, expect_events: [p goal_chosn]}\n"))
	if !errors.As(err, &list) || len(list) != 1 || list[0].Unwrap() == nil {
		t.Errorf("the expectation's error is not wrapped: %#v", err)
	}
}
