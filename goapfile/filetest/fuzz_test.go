package filetest

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/goap-go/goap"
	"github.com/goap-go/goap/agent/sim"
	"github.com/goap-go/goap/goapfile"
	"github.com/goap-go/goap/internal/fuzzwatch"
)

// FuzzRun checks that the simulation of every file that loads builds
// (sim.New finds nothing the loader missed), and that running its tests
// does not panic and explains every failure.
func FuzzRun(f *testing.F) {
	for _, pattern := range []string{"../testdata/*.yaml", "../../testdata/bench/*.json", "../../examples/*.yaml"} {
		paths, _ := filepath.Glob(pattern)
		for _, path := range paths {
			data, err := os.ReadFile(path)
			if err != nil {
				f.Fatal(err)
			}
			f.Add(data)
		}
	}
	f.Add([]byte(squadBase + "squads:\n  - {name: alpha, commander: leader, members: [u1, u2], interrupt: true}\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		defer fuzzwatch.Start(data)()
		file, err := goapfile.Parse("fuzz.yaml", data)
		if err != nil {
			return
		}
		if file.Agents != nil {
			if _, err := sim.New(SimConfig(file)); err != nil {
				t.Fatalf("the file loads, but its simulation does not build: %v", err)
			}
		}
		opts := goap.Options{MaxExpansions: 500}
		for _, r := range Run(context.Background(), file, opts) {
			if !r.Pass && r.Msg == "" {
				t.Fatalf("failed test %q without a message", r.Name)
			}
		}
	})
}
