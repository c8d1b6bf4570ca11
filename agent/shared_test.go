package agent

import (
	"fmt"
	"runtime"
	"testing"

	"github.com/goap-go/goap"
)

// TestAgentsShareDomainTables checks that the agents of a domain share
// its tables (what each action reads and writes, the facts' names), and
// that an agent's own memory stays small per action: each agent used to
// copy them and hold a behavior per action, 150 bytes per action, which
// took goap check out of memory at 6,000 agents of 8,000 actions.
func TestAgentsShareDomainTables(t *testing.T) {
	const n = 4000
	spec := goap.Spec{Name: "chain", Goals: []goap.Goal{{Name: "end", Desired: goap.Conds{fmt.Sprintf("f%d", n): true}}}}
	for i := range n {
		spec.Actions = append(spec.Actions, goap.Action{Name: fmt.Sprintf("a%d", i), Cost: 1,
			Pre: goap.Conds{fmt.Sprintf("f%d", i): true}, Effects: goap.Effects{fmt.Sprintf("f%d", i+1): true}})
	}
	d, err := goap.NewDomain(spec)
	if err != nil {
		t.Fatal(err)
	}
	goal, _ := d.Goal("end")
	newAgent := func() *Agent {
		a, err := New(Config{Name: "u", Domain: d, Goals: []Goal{NewGoal(goal)}})
		if err != nil {
			t.Fatal(err)
		}
		return a
	}
	first := newAgent()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	const agents = 20
	for range agents {
		a := newAgent()
		if a.tables.domainTables != first.tables.domainTables {
			t.Fatal("two agents of one domain hold different tables")
		}
	}
	runtime.ReadMemStats(&after)
	perAction := float64(after.TotalAlloc-before.TotalAlloc) / agents / n
	// The planner's scratch (about 50 bytes per action, in the core) and
	// the belief's (24 per fact) remain.
	if perAction > 90 {
		t.Errorf("an agent allocates %.0f bytes per action of its domain", perAction)
	}
	t.Logf("%.0f bytes per agent and action", perAction)
}
