package main

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/goap-go/goap"
	"github.com/goap-go/goap/goapfile"
)

func TestDotID(t *testing.T) {
	cases := map[string]string{
		"plain":        `"plain"`,
		`say "hi"`:     `"say \"hi\""`,
		`back\slash`:   `"back\\slash"`,
		"two\nlines":   `"two\nlines"`,
		"cr\r\nlf":     `"cr\nlf"`,
		`end\`:         `"end\\"`,
		"ünïcødé -> x": `"ünïcødé -> x"`,
	}
	for in, want := range cases {
		if got := dotID(in); got != want {
			t.Errorf("dotID(%q) = %s, want %s", in, got, want)
		}
	}
}

// checkDot makes sure a graph is balanced: quotes close, braces match,
// and every statement line ends with ; (a light syntax check, as
// Graphviz itself may not be installed).
func checkDot(t *testing.T, out string) {
	t.Helper()
	if !strings.HasPrefix(out, "digraph ") || !strings.HasSuffix(out, "}\n") {
		t.Fatalf("not a digraph:\n%s", out)
	}
	for _, line := range strings.Split(strings.TrimSuffix(out, "\n"), "\n")[1:] {
		line = strings.TrimSpace(line)
		if line == "}" || strings.HasPrefix(line, "//") {
			continue
		}
		inQuote := false
		for i := 0; i < len(line); i++ {
			switch {
			case line[i] == '\\' && inQuote:
				i++
			case line[i] == '"':
				inQuote = !inQuote
			}
		}
		if inQuote || !strings.HasSuffix(line, ";") {
			t.Errorf("bad DOT line: %s", line)
		}
	}
}

// TestDotGraphs checks the graphs of every example file.
func TestDotGraphs(t *testing.T) {
	for _, file := range []string{"testdata/guard.yaml", "testdata/miner.yaml", "testdata/quoted.yaml", "testdata/lint.yaml", "../../testdata/bench/synth_small.json"} {
		for _, args := range [][]string{{"dot", file}, {"dot", "--search-tree", file}} {
			out, stderr, code := runGoap(t, args...)
			if code != 0 {
				t.Errorf("%v: exit %d: %s", args, code, stderr)
				continue
			}
			checkDot(t, out)
			again, _, _ := runGoap(t, args...)
			if again != out {
				t.Errorf("%v: output differs between runs", args)
			}
		}
	}
}

// TestSearchTree checks the nodes drawn against the search itself: one
// node per expansion plus the goal node, each with its parent drawn, and
// the nodes marked as the plan's forming the plan's path.
func TestSearchTree(t *testing.T) {
	for _, file := range []string{"testdata/guard.yaml", "testdata/miner.yaml", "../../testdata/bench/synth_small.json", "../../testdata/bench/trap.json"} {
		for _, dir := range []goap.Direction{goap.Forward, goap.Backward} {
			f, err := goapfile.Load(file)
			if err != nil {
				t.Fatal(err)
			}
			pl := goap.NewPlanner(f.Domain)
			pl.Options.Direction = dir
			want := pl.Plan(context.Background(), f.Start, f.Goal)
			if want.Status == goap.Failed {
				continue // backward search on an int domain
			}
			wantPlan := strings.Join(f.Domain.ActionNames(want.Plan), " ")
			nodes, onPlan, res := searchTree(context.Background(), pl, f.Start, f.Goal, 1<<20)
			if res.Status != want.Status || res.Expanded != want.Expanded {
				t.Errorf("%s %v: traced %v/%d, planned %v/%d", file, dir, res.Status, res.Expanded, want.Status, want.Expanded)
			}
			if res.Status != goap.Found {
				continue
			}
			if len(nodes) != res.Expanded+1 {
				t.Errorf("%s %v: %d nodes for %d expansions", file, dir, len(nodes), res.Expanded)
			}
			byID := map[int]goap.TreeNode{}
			for _, n := range nodes {
				byID[n.ID] = n
			}
			for _, n := range nodes {
				if _, ok := byID[n.Parent]; !ok && n.ID != 0 {
					t.Errorf("%s %v: node %d is drawn, its parent %d is not", file, dir, n.ID, n.Parent)
				}
			}
			// The plan is the path from the goal node up to the root.
			var path []goap.ActionID
			for id, n := range byID {
				if onPlan[id] && !n.Expanded {
					for n.ID != 0 {
						path = append(path, n.Action)
						n = byID[n.Parent]
					}
				}
			}
			if dir == goap.Forward {
				slices.Reverse(path)
			}
			if got := strings.Join(f.Domain.ActionNames(path), " "); got != wantPlan || len(onPlan) != len(want.Plan)+1 {
				t.Errorf("%s %v: plan nodes give %q (%d nodes), plan %q", file, dir, got, len(onPlan), wantPlan)
			}
		}
	}
}

// TestSearchTreeLimit checks that a big search is cut at treeLimit
// states and says so.
func TestSearchTreeLimit(t *testing.T) {
	out, _, code := runGoap(t, "dot", "--search-tree", "--search", "forward", "--heuristic", "blind", "../../testdata/bench/synth_large.json")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	checkDot(t, out)
	if n := strings.Count(out, " [label=\"#"); n != treeLimit {
		t.Errorf("%d nodes, want %d", n, treeLimit)
	}
	if !strings.Contains(out, "drawing stopped at 500") {
		t.Errorf("no note about the limit:\n%.300s", out)
	}
}
