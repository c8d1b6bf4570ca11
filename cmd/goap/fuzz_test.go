package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/goap-go/goap/internal/fuzzwatch"
)

// fuzzSeedMax is the largest testdata file FuzzCommands takes as a seed.
// blowup.yaml (23 KB, 300 actions) took about 100 ms an input, and the
// fuzzer spent its minutes minimizing mutants of it: 24 inputs in 3
// minutes.
const fuzzSeedMax = 8 << 10

// fuzzCommands are the command lines FuzzCommands runs on each input,
// with FILE replaced by the input's path. The limits keep an input to
// milliseconds: the search is capped by expansions, so --max-memory
// only adds a garbage collection per plan call (0 turns it off).
var fuzzCommands = [][]string{
	{"plan", "FILE", "--max-expansions", "300", "--max-memory", "0"},
	{"plan", "FILE", "--max-expansions", "300", "--max-memory", "0", "--json"},
	{"check", "FILE"},
	{"test", "FILE", "--max-expansions", "300", "--max-memory", "0"},
	{"dot", "FILE"},
	{"dot", "--search-tree", "FILE"},
}

// FuzzCommands runs every command on arbitrary files, in this process
// (Main.Exec, as main runs it): whatever the input, the commands must not
// panic and must exit with 0, 1 or 2.
func FuzzCommands(f *testing.F) {
	seeds, _ := filepath.Glob("testdata/*.yaml")
	for _, s := range seeds {
		data, err := os.ReadFile(s)
		if err != nil {
			f.Fatal(err)
		}
		if len(data) <= fuzzSeedMax {
			f.Add(data)
		}
	}
	f.Add([]byte("actions: [{name: A, preconditions: {n: \">= 2\"}, effects: {n: \"+1\"}}]\nfacts: {n: {type: int, min: 0, max: 300}}\ngoal: {n: 9}\n"))
	// One file per worker process, rewritten for each input: a
	// directory made and removed per input cost more than the
	// commands.
	dir := f.TempDir()
	path := filepath.Join(dir, "f.yaml")
	f.Fuzz(func(t *testing.T, data []byte) {
		defer fuzzwatch.Start(data)()
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		for _, line := range fuzzCommands {
			args := make([]string, len(line))
			for i, a := range line {
				if a == "FILE" {
					a = path
				}
				args[i] = a
			}
			_, stderr, code := runGoap(t, args...)
			// A panic crashes the process, which the fuzzer reports; a
			// recovered one would print "panic: " at a line's start.
			// ("panic" alone matched the event type callback_panicked
			// that a message lists.)
			if code < 0 || code > 2 || strings.HasPrefix(stderr, "panic: ") || strings.Contains(stderr, "\npanic: ") {
				t.Fatalf("goap %v: exit %d\n%s", args, code, stderr)
			}
		}
	})
}
