package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/goap-go/goap/internal/fuzzwatch"
)

// FuzzCommands runs every command on arbitrary files: whatever the input,
// the commands must not panic and must exit with 0, 1 or 2.
func FuzzCommands(f *testing.F) {
	seeds, _ := filepath.Glob("testdata/*.yaml")
	for _, s := range seeds {
		data, err := os.ReadFile(s)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte("actions: [{name: A, preconditions: {n: \">= 2\"}, effects: {n: \"+1\"}}]\nfacts: {n: {type: int, min: 0, max: 300}}\ngoal: {n: 9}\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		defer fuzzwatch.Start(data)()
		path := filepath.Join(t.TempDir(), "f.yaml")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		for _, args := range [][]string{
			{"plan", path, "--max-expansions", "2000"},
			{"plan", path, "--max-expansions", "2000", "--json"},
			{"check", path},
			{"test", path, "--max-expansions", "2000"},
			{"dot", path},
			{"dot", "--search-tree", path},
		} {
			_, stderr, code := runGoap(t, args...)
			if code < 0 || code > 2 || strings.Contains(stderr, "panic") {
				t.Fatalf("goap %v: exit %d\n%s", args, code, stderr)
			}
		}
	})
}
