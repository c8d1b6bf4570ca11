package goapfile

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/goap-go/goap"
)

// TestBenchFiles loads the core's benchmark domains (JSON) and checks the
// optimal costs they are known for.
func TestBenchFiles(t *testing.T) {
	want := map[string]struct {
		cost  float64
		steps int // -1: any
	}{
		"guard":       {9, 5},
		"trap":        {2, -1},
		"restore":     {4, -1},
		"synth_small": {18, -1},
		"synth_large": {21, -1},
	}
	paths, err := filepath.Glob("../testdata/bench/*.json")
	if err != nil || len(paths) < 8 {
		t.Fatalf("found %d bench files (%v)", len(paths), err)
	}
	for _, path := range paths {
		name := strings.TrimSuffix(filepath.Base(path), ".json")
		t.Run(name, func(t *testing.T) {
			f, err := Load(path)
			if err != nil {
				t.Fatal(err)
			}
			if f.Name != name || f.Goal == nil {
				t.Fatalf("name %q, goal %v", f.Name, f.Goal)
			}
			res := goap.NewPlanner(f.Domain).Plan(context.Background(), f.Start, f.Goal)
			if strings.HasSuffix(name, "_unsolvable") {
				if res.Status != goap.NoPlan {
					t.Errorf("got %v, want no plan", res.Status)
				}
				return
			}
			w, ok := want[name]
			if !ok {
				t.Fatalf("no expectation for %s", name)
			}
			if res.Status != goap.Found || res.Cost != w.cost || w.steps >= 0 && len(res.Plan) != w.steps {
				t.Errorf("got %v cost %v in %d steps, want cost %v (%d steps)", res.Status, res.Cost, len(res.Plan), w.cost, w.steps)
			}
		})
	}
}
