package goap_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/goap-go/goap"
)

// chainFamily is the chain family (chainSpec, deadline_test.go): action
// i needs f_i and sets f_i+1, the goal is f_n, the start f_0.
func chainFamily(n int) (goap.Spec, map[string]any) {
	spec := chainSpec(n, nil)
	spec.Goals[0].Name = "goal"
	return spec, map[string]any{"f0": true}
}

// independentSpec is the independent-goals family: n actions, each sets
// one goal fact.
func independentSpec(n int) (goap.Spec, map[string]any) {
	spec := goap.Spec{Name: fmt.Sprintf("independent%d", n)}
	desired := goap.Conds{}
	for i := 0; i < n; i++ {
		g := fmt.Sprintf("g%d", i)
		spec.Actions = append(spec.Actions, goap.Action{Name: fmt.Sprintf("a%d", i), Cost: 1, Effects: goap.Effects{g: true}})
		desired[g] = true
	}
	spec.Goals = []goap.Goal{{Name: "goal", Desired: desired}}
	return spec, map[string]any{}
}

// resourcesFamily is a colony's stockpile: n resources (integers 0..4),
// each gathered one unit at a time with a tool every gather needs; the
// goal wants 3 of each.
func resourcesFamily(n int) (goap.Spec, map[string]any) {
	spec := goap.Spec{Name: fmt.Sprintf("resources%d", n), Facts: []goap.Fact{goap.Bool("tool")}}
	desired := goap.Conds{}
	for i := 0; i < n; i++ {
		r := fmt.Sprintf("r%d", i)
		spec.Facts = append(spec.Facts, goap.Int(r, 0, 4, 0))
		spec.Actions = append(spec.Actions, goap.Action{Name: "gather_" + r, Cost: float64(1 + i%3),
			Pre: goap.Conds{"tool": true}, Effects: goap.Effects{r: goap.Add(1)}})
		desired[r] = goap.Ge(3)
	}
	spec.Goals = []goap.Goal{{Name: "goal", Desired: desired}}
	return spec, map[string]any{"tool": true}
}

// gridFamily is an n x n grid walked one cell at a time: one enum fact
// (the agent's cell), four moves per cell, from one corner to the other.
func gridFamily(n int) (goap.Spec, map[string]any) {
	cell := func(x, y int) string { return fmt.Sprintf("c%d_%d", x, y) }
	var cells []string
	for y := range n {
		for x := range n {
			cells = append(cells, cell(x, y))
		}
	}
	spec := goap.Spec{Name: fmt.Sprintf("grid%d", n), Facts: []goap.Fact{goap.Enum("at", cells...)}}
	for y := range n {
		for x := range n {
			for _, d := range [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
				nx, ny := x+d[0], y+d[1]
				if nx < 0 || ny < 0 || nx >= n || ny >= n {
					continue
				}
				spec.Actions = append(spec.Actions, goap.Action{Name: cell(x, y) + ">" + cell(nx, ny), Cost: 1,
					Pre: goap.Conds{"at": cell(x, y)}, Effects: goap.Effects{"at": cell(nx, ny)}})
			}
		}
	}
	spec.Goals = []goap.Goal{{Name: "goal", Desired: goap.Conds{"at": cell(n-1, n-1)}}}
	return spec, map[string]any{"at": cell(0, 0)}
}

// craftFamily is deep crafting (issue 26): a binary tree of items of
// depth d, item k made from items 2k+1 and 2k+2, the leaves from nothing;
// the goal is the root, so every item is made: plans of 2^(d+1)-1 steps.
// Items are booleans (made stays made), or with stock counts 0..1 that
// making an item consumes from its parts. The same as gen.py's craft and
// craft-stock.
func craftFamily(d int, stock bool) (goap.Spec, map[string]any) {
	items := 1<<(d+1) - 1
	spec := goap.Spec{Name: fmt.Sprintf("craft%d", d)}
	item := func(k int) string { return fmt.Sprintf("item%d", k) }
	for k := range items {
		pre, eff := goap.Conds{}, goap.Effects{}
		if stock {
			spec.Facts = append(spec.Facts, goap.Int(item(k), 0, 1, 0))
			pre[item(k)], eff[item(k)] = goap.Lt(1), goap.Add(1)
		} else {
			spec.Facts = append(spec.Facts, goap.Bool(item(k)))
			eff[item(k)] = true
		}
		for _, c := range []int{2*k + 1, 2*k + 2} {
			if c >= items {
				continue
			}
			if stock {
				pre[item(c)], eff[item(c)] = goap.Ge(1), goap.Sub(1)
			} else {
				pre[item(c)] = true
			}
		}
		spec.Actions = append(spec.Actions, goap.Action{Name: fmt.Sprintf("make%d", k), Cost: 1, Pre: pre, Effects: eff})
	}
	var want any = true
	if stock {
		want = goap.Ge(1)
	}
	spec.Goals = []goap.Goal{{Name: "goal", Desired: goap.Conds{item(0): want}}}
	return spec, map[string]any{}
}

// BenchmarkScaling plans the generated families at growing sizes with the
// default options (run with -benchtime 1x: the big ones take a second).
func BenchmarkScaling(b *testing.B) {
	families := []struct {
		name  string
		spec  func(int) (goap.Spec, map[string]any)
		sizes []int
	}{
		{"chain", chainFamily, []int{500, 1000, 2000, 4000, 8000}},
		{"independent", independentSpec, []int{40, 80, 160, 320, 640}},
		{"resources", resourcesFamily, []int{10, 40, 160, 640}},
		{"grid", gridFamily, []int{8, 16, 32, 64}},
		{"carry", func(n int) (goap.Spec, map[string]any) { return carrySpec(n), nil }, []int{20, 40, 80, 160, 320}},
		{"craft", func(d int) (goap.Spec, map[string]any) { return craftFamily(d, false) }, []int{4, 5, 6, 7, 8, 9}},
		{"craftstock", func(d int) (goap.Spec, map[string]any) { return craftFamily(d, true) }, []int{4, 5, 6, 7, 8, 9}},
	}
	for _, f := range families {
		for _, n := range f.sizes {
			b.Run(fmt.Sprintf("%s/%d", f.name, n), func(b *testing.B) {
				spec, start := f.spec(n)
				d, s, goal := compileSpec(b, spec, start)
				benchPlan(b, d, s, goal, goap.Options{})
			})
		}
	}
}

// BenchmarkChainCold plans the chain family on a new planner each time, as
// a CLI call does: the search's arrays grow as it goes (issue 26's cold
// column). The CPU time per plan includes the garbage collector's.
func BenchmarkChainCold(b *testing.B) {
	for _, n := range []int{500, 1000, 2000, 4000, 8000, 16000, 32000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			spec, start := chainFamily(n)
			d, s, goal := compileSpec(b, spec, start)
			var res goap.Result
			cpu0, cpuOK := cpuTime()
			for b.Loop() {
				p := goap.NewPlanner(d)
				res = p.Plan(context.Background(), s, goal)
			}
			if res.Status != goap.Found {
				b.Fatalf("chain %d: %v", n, res.Status)
			}
			if cpu1, ok := cpuTime(); ok && cpuOK {
				b.ReportMetric(float64(cpu1-cpu0)/float64(b.N), "cpu-ns/op")
			}
			b.ReportMetric(float64(res.Expanded), "expanded/op")
		})
	}
}
