package agent_test

import (
	"testing"

	"github.com/goap-go/goap/agent"
)

// TestStop: a stopped agent abandons its action (its Abort runs), reports
// Failed on the goal it was ordered to pursue, does nothing on Update, and
// fails a recommendation at once.
func TestStop(t *testing.T) {
	d := mustDomain(t, pirateSpec)
	aborted := 0
	var reports []agent.ReportKind
	a, err := agent.New(agent.Config{Name: "pirate", Domain: d, Goals: goals(t, d, "GetDrunk", "Sober"),
		Default: agent.Behavior{Perform: takes(5), Abort: func(*agent.Call) { aborted++ }}})
	if err != nil {
		t.Fatal(err)
	}
	if err := a.Recommend("GetDrunk", 1, func(r agent.Report) { reports = append(reports, r.Kind) }); err != nil {
		t.Fatal(err)
	}
	a.Update(1)
	a.Update(1)
	if a.Phase() != agent.Performing {
		t.Fatalf("phase %v before Stop, want performing", a.Phase())
	}
	a.Stop("died")
	if aborted != 1 || a.Phase() != agent.Stopped {
		t.Fatalf("after Stop: %d aborts, phase %v", aborted, a.Phase())
	}
	if len(reports) != 2 || reports[0] != agent.Picked || reports[1] != agent.Failed {
		t.Fatalf("reports %v, want [picked failed]", reports)
	}
	tick := a.Tick()
	a.Update(1)
	a.Stop("again") // a second Stop changes nothing
	if a.Tick() != tick || aborted != 1 {
		t.Fatalf("a stopped agent updated: tick %d -> %d, %d aborts", tick, a.Tick(), aborted)
	}
	reports = nil
	if err := a.Recommend("Sober", 1, func(r agent.Report) { reports = append(reports, r.Kind) }); err != nil {
		t.Fatal(err)
	}
	if len(reports) != 1 || reports[0] != agent.Failed {
		t.Fatalf("recommendation to a stopped agent: %v, want [failed]", reports)
	}
}
