package game

import (
	"testing"

	"github.com/goap-go/goap/examples/shooter/scenes"
)

// TestStepAllocs: a tick of the match allocates next to nothing (in the
// browser, garbage collected within a tick counts as AI time): its
// events are kept as they are, written out only when drawn (that took 4
// objects a tick). What is left, 2 a tick on average, is the
// pathfinder's cache of new paths and the agents adopting new plans.
func TestStepAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation counts do not hold under the race detector")
	}
	g, err := Parse("skirmish.yaml", scenes.Skirmish, 1)
	if err != nil {
		t.Fatal(err)
	}
	for range 5 {
		g.Step()
	}
	if n := testing.AllocsPerRun(100, g.Step); n > 3 {
		t.Errorf("a tick allocates %v objects on average, want at most 3", n)
	}
}
