// Package examples_test checks the example designer files in this
// directory: each must load without errors, hold at least two tests, and
// pass all of them with the real planner.
package examples_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/goap-go/goap"
	"github.com/goap-go/goap/goapfile"
)

// minTests is the fewest tests an example may have.
const minTests = 2

func TestExamples(t *testing.T) {
	paths, err := filepath.Glob("*.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if len(paths) == 0 {
		t.Fatal("no example files (*.yaml) found")
	}
	for _, path := range paths {
		t.Run(strings.TrimSuffix(path, ".yaml"), func(t *testing.T) {
			t.Parallel()
			f, err := goapfile.Load(path)
			if err != nil {
				t.Fatalf("load errors:\n%v", err)
			}
			if want := strings.TrimSuffix(filepath.Base(path), ".yaml"); f.Name != want {
				t.Errorf("name: is %q; name the file %s.yaml or the domain %q", f.Name, f.Name, want)
			}
			if len(f.Tests) < minTests {
				t.Errorf("has %d tests, want at least %d", len(f.Tests), minTests)
			}
			for _, r := range f.RunTests(t.Context(), goap.Options{}) {
				if !r.Pass {
					t.Errorf("%s:%s: %s", path, r.Pos, r)
					continue
				}
				t.Logf("PASS %s: %s cost %g %v", r.Name, r.Result.Status, r.Result.Cost, r.Plan)
			}
		})
	}
}
