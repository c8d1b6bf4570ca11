package goap_test

import (
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

// BenchmarkScaling plans the generated families at growing sizes with the
// default options (run with -benchtime 1x: the big ones take a second).
func BenchmarkScaling(b *testing.B) {
	families := []struct {
		name  string
		spec  func(int) (goap.Spec, map[string]any)
		sizes []int
	}{
		{"chain", chainFamily, []int{500, 1000, 2000, 4000, 8000}},
		{"independent", independentSpec, []int{10, 20, 40}},
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
