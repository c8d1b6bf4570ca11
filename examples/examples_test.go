// Package examples_test checks the example designer files in this
// directory: each must load without errors, hold at least two tests, and
// pass all of them with the real planner.
package examples_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/goap-go/goap"
	"github.com/goap-go/goap/goapfile"
	"github.com/goap-go/goap/goapfile/filetest"
	"github.com/goap-go/goap/internal/lint"
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
			// goap check --strict examples/*.yaml passes: no warning.
			src, _ := os.ReadFile(path)
			for _, w := range lint.Check(f, src) {
				t.Errorf("%s:%d:%d: warning: %s", path, w.Pos.Line, w.Pos.Col, w.Msg)
			}
			for _, r := range filetest.Run(t.Context(), f, goap.Options{}) {
				if !r.Pass {
					t.Errorf("%s:%s: %s", path, r.Pos, r)
					continue
				}
				t.Logf("PASS %s: %s cost %g %v", r.Name, r.Result.Status, r.Result.Cost, r.Plan)
			}
		})
	}
}

// TestReadmeYAML checks the designer file shown in the README as goap
// check --strict and goap test would: it loads, draws no warning, and its
// tests pass.
func TestReadmeYAML(t *testing.T) {
	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	var blocks []string
	var cur []string
	in := false
	for _, line := range strings.Split(string(readme), "\n") {
		switch {
		case !in && line == "```yaml":
			in, cur = true, cur[:0]
		case in && line == "```":
			in = false
			blocks = append(blocks, strings.Join(cur, "\n"))
		case in:
			cur = append(cur, line)
		}
	}
	if len(blocks) == 0 {
		t.Fatal("README.md has no ```yaml block")
	}
	for i, b := range blocks {
		f, err := goapfile.Parse("README.md", []byte(b))
		if err != nil {
			t.Fatalf("README.md's yaml block %d does not load:\n%v", i+1, err)
		}
		for _, w := range lint.Check(f, []byte(b)) {
			t.Errorf("README.md's yaml block %d: %s: %s", i+1, w.Pos, w.Msg)
		}
		if len(f.Tests) == 0 {
			t.Errorf("README.md's yaml block %d has no tests", i+1)
		}
		for _, r := range filetest.Run(t.Context(), f, goap.Options{}) {
			if !r.Pass {
				t.Errorf("README.md's yaml block %d:%s: %s", i+1, r.Pos, r)
			}
		}
	}
}

// TestSquadShooterWithoutCommander: squad_shooter_nocommander.yaml is
// squad_shooter.yaml with the commander's lines taken out (from a
// "commander:" comment to the next "end commander", or to the tests for
// the squads), so that the balance runs compare the same units.
func TestSquadShooterWithoutCommander(t *testing.T) {
	with, err := os.ReadFile("squad_shooter.yaml")
	if err != nil {
		t.Fatal(err)
	}
	without, err := os.ReadFile("squad_shooter_nocommander.yaml")
	if err != nil {
		t.Fatal(err)
	}
	// body drops the header comment (up to name:) and the tests.
	body := func(lines []string) []string {
		start := slices.IndexFunc(lines, func(l string) bool { return strings.HasPrefix(l, "name: ") })
		end := slices.Index(lines, "tests:")
		if start < 0 || end < start {
			t.Fatalf("no name: or tests: in %q...", lines[:min(3, len(lines))])
		}
		return lines[start+1 : end]
	}
	var stripped []string
	cut := false
	for _, l := range strings.Split(string(with), "\n") {
		switch trimmed := strings.TrimSpace(l); {
		case trimmed == "# commander:":
			cut = true
		case trimmed == "# end commander":
			cut = false
		case cut && trimmed == "tests:":
			cut = false
			stripped = append(stripped, l)
		case !cut:
			stripped = append(stripped, l)
		}
	}
	got, want := body(strings.Split(string(without), "\n")), body(stripped)
	if !slices.Equal(got, want) {
		for i := range min(len(got), len(want)) {
			if got[i] != want[i] {
				t.Fatalf("line %d after name: is\n%s\nwant (squad_shooter.yaml without its commander)\n%s", i+1, got[i], want[i])
			}
		}
		t.Fatalf("%d lines after name:, want %d", len(got), len(want))
	}
}
