package goapfile

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/goap-go/goap/internal/fuzzwatch"
)

// FuzzParse checks that no input makes Parse panic, that errors always
// come as a non-empty ErrorList with sane positions, and that parsing is
// deterministic. (filetest.FuzzRun runs the tests of what loads.)
func FuzzParse(f *testing.F) {
	for _, pattern := range []string{"testdata/*.yaml", "../testdata/bench/*.json", "../examples/room_clearing.yaml", "../examples/squad_orders.yaml"} {
		paths, _ := filepath.Glob(pattern)
		for _, path := range paths {
			data, err := os.ReadFile(path)
			if err != nil {
				f.Fatal(err)
			}
			f.Add(data)
		}
	}
	for _, c := range errorCases {
		f.Add([]byte(c.in))
	}
	f.Add([]byte(squadBase + "squads:\n  - {name: alpha, commander: leader, members: [u1, u2], interrupt: true}\n"))
	for _, s := range []string{
		"a: &a [*a, *a]\n",
		"a: &a [1,2]\nb: &b [*a,*a,*a,*a]\nc: &c [*b,*b,*b,*b]\nactions: *c\n",
		"actions:\n- name: A\n  effects: {x: true}\ngoal: {x: true}\ntests:\n- remove: [A]\n  no_plan: true\n- {}\n",
		"facts:\n  n: {type: int, min: -3, max: 3}\nactions:\n- {name: Up, effects: {n: \"+1\"}}\n- {name: Down, effects: {n: -1}}\n- {name: Set, effects: {n: \"= -3\"}}\nstart: {n: \"-2\"}\ngoal: {n: \">= 2\"}\ntests: [{cost: 4}]\n",
		"\xff\xfe\x00a",
		"[[[[[[[[[[[[[[[[[[[[",
		"{actions: [{name: A, cost: 1e999}]}",
		"actions:\n- name: A\n  duration: 99999999999999999999999\n",
		"%YAML 1.2\n---\nactions: [{name: A}]\n...\n",
		"actions: [{name: A}]\n...\n---\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		defer fuzzwatch.Start(data)()
		file, err := Parse("fuzz.yaml", data)
		if err != nil {
			var list ErrorList
			if !errors.As(err, &list) || len(list) == 0 {
				t.Fatalf("error %T %v is not a non-empty ErrorList", err, err)
			}
			lines := len(splitLines(data))
			for _, e := range list {
				if e.Msg == "" || e.Line < 0 || e.Line > lines || e.Col < 0 {
					t.Fatalf("bad error %+v", *e)
				}
			}
			_, again := Parse("fuzz.yaml", data)
			if again == nil || again.(ErrorList).ErrorWithPosition() != list.ErrorWithPosition() {
				t.Fatalf("errors differ between runs:\n%v\n----\n%v", err, again)
			}
			return
		}
		if file == nil || file.Domain == nil || file.Start.IsZero() {
			t.Fatalf("Parse returned %+v without an error", file)
		}
	})
}
