package agent_test

import (
	"strings"
	"testing"

	"github.com/goap-go/goap"
	"github.com/goap-go/goap/agent"
)

// pirateAgent makes a pirate that wants to get drunk, with a bottle at
// hand, and returns it with its event log.
func pirateAgent(t *testing.T, d *goap.Domain, cfg agent.Config) (*agent.Agent, *agent.Log) {
	t.Helper()
	goal, _ := d.Goal("GetDrunk")
	log := &agent.Log{}
	cfg.Name, cfg.Domain, cfg.OnEvent = "pirate", d, log.Add
	if cfg.Goals == nil {
		cfg.Goals = []agent.Goal{agent.NewGoal(goal)}
	}
	cfg.Belief = mustState(t, d, map[string]any{"bottle_available": true})
	a, err := agent.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return a, log
}

// find returns the first event of type typ whose reason contains text.
func find(log *agent.Log, typ agent.EventType, text string) (agent.Event, bool) {
	for _, e := range log.Events {
		if e.Type == typ && strings.Contains(e.Reason, text) {
			return e, true
		}
	}
	return agent.Event{}, false
}

// TestRecoverPanics checks each kind of callback that may panic: with
// RecoverPanics the agent reports it and goes on; without, the panic
// propagates out of Update.
func TestRecoverPanics(t *testing.T) {
	boom := func() { panic("boom") }
	d := mustDomain(t, pirateSpec)
	drunk, _ := d.Goal("GetDrunk")
	cases := []struct {
		name  string
		cfg   agent.Config
		typ   agent.EventType
		about string
	}{
		{"handler", agent.Config{Behaviors: map[string]agent.Behavior{
			"StealRum": {Perform: func(*agent.Call) agent.Outcome { boom(); return agent.Success }}}},
			agent.EventActionFailed, "the Perform handler panicked: boom"},
		{"MoveTo handler", agent.Config{Behaviors: map[string]agent.Behavior{
			"StealRum": {MoveTo: func(*agent.Call) agent.Outcome { boom(); return agent.Success }}}},
			agent.EventActionFailed, "the MoveTo handler panicked: boom"},
		{"sensor", agent.Config{Sensors: []agent.Sensor{{Name: "eyes", Sense: func(*agent.Blackboard) bool { boom(); return false }}}},
			agent.EventCallbackPanicked, `sensor "eyes" panicked: boom`},
		{"Valid", agent.Config{Goals: []agent.Goal{{Target: drunk, Priority: 1, Valid: func(*agent.Blackboard) bool { boom(); return true }}}},
			agent.EventCallbackPanicked, "the goal's Valid or Relevancy panicked: boom"},
		{"Relevancy", agent.Config{Goals: []agent.Goal{{Target: drunk, Relevancy: func(*agent.Blackboard) float64 { boom(); return 1 }}}},
			agent.EventCallbackPanicked, "the goal's Valid or Relevancy panicked: boom"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cfg := c.cfg
			cfg.RecoverPanics = true
			a, log := pirateAgent(t, d, cfg)
			for range 5 {
				a.Update(1)
			}
			if _, ok := find(log, c.typ, c.about); !ok {
				t.Errorf("no %v event saying %q:\n%s", c.typ, c.about, strings.Join(log.Strings(), "\n"))
			}
			if c.typ == agent.EventActionFailed {
				// The pirate brews instead, as after any failure.
				if _, ok := find(log, agent.EventPlanMade, ""); !ok || a.Stats().Failed != 1 {
					t.Errorf("failed %d:\n%s", a.Stats().Failed, strings.Join(log.Strings(), "\n"))
				}
			}

			cfg.RecoverPanics = false
			a, _ = pirateAgent(t, d, cfg)
			func() {
				defer func() {
					if r := recover(); r != "boom" {
						t.Errorf("without RecoverPanics: recovered %v, want the panic to propagate", r)
					}
				}()
				for range 5 {
					a.Update(1)
				}
			}()
		})
	}
}

// TestRecoverAbortPanic: an Abort that panics is reported and the plan
// is dropped all the same.
func TestRecoverAbortPanic(t *testing.T) {
	drunkNow := false
	a, log := pirateAgent(t, mustDomain(t, pirateSpec), agent.Config{RecoverPanics: true,
		Sensors: []agent.Sensor{{Name: "mirror", Sense: func(b *agent.Blackboard) bool {
			if drunkNow {
				_ = b.SetValue("drunk", true)
			}
			return false
		}}},
		Behaviors: map[string]agent.Behavior{"StealRum": {
			Perform: func(*agent.Call) agent.Outcome { return agent.Continue },
			Abort:   func(*agent.Call) { panic("abort boom") },
		}}})
	a.Update(1)
	drunkNow = true // the goal is met while StealRum runs: it is aborted
	a.Update(1)
	if e, ok := find(log, agent.EventCallbackPanicked, "Abort panicked: abort boom"); !ok || e.Action != "StealRum" {
		t.Errorf("no callback_panicked event for the Abort:\n%s", strings.Join(log.Strings(), "\n"))
	}
	if _, ok := find(log, agent.EventGoalReached, ""); !ok {
		t.Errorf("the goal was not reached:\n%s", strings.Join(log.Strings(), "\n"))
	}
}

// TestBehaviorTimeout: a handler that keeps returning Continue fails its
// action once Timeout has passed in its state; the agent replans.
func TestBehaviorTimeout(t *testing.T) {
	a, log := pirateAgent(t, mustDomain(t, pirateSpec), agent.Config{Behaviors: map[string]agent.Behavior{
		"StealRum": {Perform: func(*agent.Call) agent.Outcome { return agent.Continue }, Timeout: 3},
	}})
	for range 2 {
		a.Update(1)
	}
	if _, ok := find(log, agent.EventActionFailed, ""); ok {
		t.Fatalf("failed before its timeout:\n%s", strings.Join(log.Strings(), "\n"))
	}
	a.Update(1)
	e, ok := find(log, agent.EventActionFailed, "Perform still running after 3 (Behavior.Timeout 3)")
	if !ok || e.Action != "StealRum" || e.Tick != 3 {
		t.Fatalf("want StealRum to fail at tick 3 (its third update):\n%s", strings.Join(log.Strings(), "\n"))
	}
}
