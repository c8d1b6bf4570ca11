package goap_test

import (
	"math/rand"
	"os"
	"path/filepath"
	"testing"

	"github.com/goap-go/goap/pddl"
)

// TestLMCutReferencePDDL compares LM-cut with the from-scratch reference
// on random walks through a few IPC instances (integer costs, zero-cost
// actions in elevators).
func TestLMCutReferencePDDL(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for _, in := range [][2]string{
		{"logistics", "task02"},
		{"blocks", "task06"},
		{"gripper", "task02"},
		{"miconic", "task05"},
		{"elevators-opt08-strips", "p01"},
	} {
		dir := filepath.Join("pddl", "testdata", in[0])
		read := func(name string) []byte {
			b, err := os.ReadFile(filepath.Join(dir, name))
			if err != nil {
				t.Fatal(err)
			}
			return b
		}
		dd, err := pddl.ParseDomain("domain.pddl", read("domain.pddl"))
		if err != nil {
			t.Fatal(err)
		}
		pr, err := pddl.ParseProblem(in[1], read(in[1]+".pddl"), dd)
		if err != nil {
			t.Fatal(err)
		}
		task, err := pddl.Ground(dd, pr)
		if err != nil {
			t.Fatal(err)
		}
		d, start, goal, err := task.Compile()
		if err != nil {
			t.Fatal(err)
		}
		lmcutWalk(t, rng, d, start, goal, 40, in[0]+"/"+in[1])
	}
}
