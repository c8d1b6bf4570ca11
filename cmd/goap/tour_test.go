package main

import (
	"io/fs"
	"os"
	"path"
	"slices"
	"strings"
	"testing"
)

// tourExample is one example file in the tour: its path in the
// repository, what its leading comment says, and the commands that show
// it off.
type tourExample struct {
	path     string
	summary  string
	commands []string
}

// readTour reads the tour from the example files in fsys, in name order.
func readTour(t *testing.T, fsys fs.FS) []tourExample {
	t.Helper()
	names, err := fs.Glob(fsys, "*.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var out []tourExample
	for _, name := range names {
		data, err := fs.ReadFile(fsys, name)
		if err != nil {
			t.Fatal(err)
		}
		text := string(data)
		ex := tourExample{path: path.Join("examples", name)}
		var summary []string
		for _, line := range strings.Split(text, "\n") {
			if !strings.HasPrefix(line, "#") {
				break
			}
			summary = append(summary, strings.TrimPrefix(strings.TrimPrefix(line, "#"), " "))
		}
		ex.summary = strings.TrimSpace(strings.Join(summary, "\n"))
		hasTop := func(key string) bool {
			return strings.HasPrefix(text, key) || strings.Contains(text, "\n"+key)
		}
		if hasTop("goal:") {
			ex.commands = append(ex.commands, "goap plan "+ex.path)
		}
		if hasTop("agents:") {
			ex.commands = append(ex.commands, "goap sim "+ex.path)
		}
		ex.commands = append(ex.commands, "goap test "+ex.path)
		out = append(out, ex)
	}
	slices.SortFunc(out, func(a, b tourExample) int { return strings.Compare(a.path, b.path) })
	return out
}

// TestTourText checks that tour.txt, which goap help examples prints, is
// the tour of the files in examples/ (with -update, it rewrites it), and
// that every example is in it, with a summary from its leading comment
// and the commands that run it.
func TestTourText(t *testing.T) {
	tour := readTour(t, os.DirFS("../../examples"))
	paths, _ := fs.Glob(os.DirFS("../../examples"), "*.yaml")
	if len(tour) != len(paths) || len(tour) < 10 {
		t.Fatalf("%d examples in the tour, %d files", len(tour), len(paths))
	}
	var b strings.Builder
	for _, e := range tour {
		if len(e.summary) < 40 || !strings.HasSuffix(e.commands[len(e.commands)-1], "goap test "+e.path) {
			t.Errorf("%s: summary %q, commands %v", e.path, e.summary, e.commands)
		}
		b.WriteString("\n" + e.path + "\n")
		for _, line := range strings.Split(e.summary, "\n") {
			b.WriteString("    " + line + "\n")
		}
		for _, cmd := range e.commands {
			b.WriteString("  $ " + cmd + "\n")
		}
	}
	if *update {
		if err := os.WriteFile("tour.txt", []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if b.String() != tourText {
		t.Errorf("tour.txt is not the tour of examples/*.yaml: run go test ./cmd/goap -run TestTourText -update")
	}
}

// TestReadmeInstall keeps the README's install instructions to what
// works: the module is not published, so "go install
// github.com/goap-go/goap/cmd/goap@latest" failed for every reader; the
// way is go install ./cmd/goap in a clone.
func TestReadmeInstall(t *testing.T) {
	data, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	readme := string(data)
	if !strings.Contains(readme, "`go install ./cmd/goap`") {
		t.Error("README.md does not say to install with go install ./cmd/goap from a clone")
	}
	for _, remote := range []string{"go install github.com/", "cmd/goap@"} {
		if strings.Contains(readme, remote) {
			t.Errorf("README.md installs from the unpublished module (%q)", remote)
		}
	}
}
