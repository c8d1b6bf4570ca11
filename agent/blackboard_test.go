package agent_test

import (
	"math"
	"strings"
	"testing"

	"github.com/goap-go/goap"
	"github.com/goap-go/goap/agent"
)

func TestBlackboard(t *testing.T) {
	d := mustDomain(t, goap.Spec{Name: "bb",
		Facts:   []goap.Fact{goap.Int("ammo", 0, 9, 3), goap.Enum("at", "home", "shop")},
		Actions: []goap.Action{{Name: "A", Effects: goap.Effects{"armed": true}}},
		Goals:   []goap.Goal{{Name: "G", Desired: goap.Conds{"armed": true}}},
	})
	sensorTime := -1.0
	var b *agent.Blackboard
	a, err := agent.New(agent.Config{Domain: d, Goals: goals(t, d, "G"), Belief: mustState(t, d, map[string]any{"at": "shop"}),
		Sensors: []agent.Sensor{{Interval: 10, Sense: func(bb *agent.Blackboard) bool {
			sensorTime = bb.Now()
			_ = bb.Write(fact(t, d, "ammo"), 5, 0.25)
			return false
		}}},
		Default: agent.Behavior{Perform: func(*agent.Call) agent.Outcome { return agent.Continue }}})
	if err != nil {
		t.Fatal(err)
	}
	b = a.Blackboard()
	ammo, at, armed := fact(t, d, "ammo"), fact(t, d, "at"), fact(t, d, "armed")

	// The initial belief was never written by anyone.
	if v, ok := b.Value("at"); !ok || v != "shop" || b.Get(ammo) != 3 || b.Domain() != d {
		t.Errorf("initial belief: at %v, ammo %d", v, b.Get(ammo))
	}
	if _, ok := b.WrittenAt(ammo); ok || !math.IsInf(b.Age(ammo), 1) || b.Confidence(ammo) != 1 {
		t.Error("an unwritten fact has a time or a confidence below 1")
	}
	a.Update(0.5)
	if sensorTime != 0.5 || b.Now() != 0.5 {
		t.Fatalf("sensor ran at %v, now %v", sensorTime, b.Now())
	}
	if at, ok := b.WrittenAt(ammo); !ok || at != 0.5 || b.Get(ammo) != 5 || b.Confidence(ammo) != 0.25 {
		t.Errorf("after the sensor: written at %v, ammo %d, confidence %v", at, b.Get(ammo), b.Confidence(ammo))
	}
	a.Update(2)
	if b.Age(ammo) != 2 {
		t.Errorf("age %v", b.Age(ammo))
	}

	// Writing the same value again refreshes the time but changes
	// nothing.
	n := b.Changes()
	if err := b.Write(ammo, 5, 3); err != nil || b.Changes() != n || b.Confidence(ammo) != 1 {
		t.Errorf("rewrite: err %v, changes %d -> %d, confidence %v", err, n, b.Changes(), b.Confidence(ammo))
	}
	if err := b.Set(ammo, 6); err != nil || b.Changes() != n+1 {
		t.Errorf("set: err %v, changes %d", err, b.Changes())
	}
	if err := b.Set(ammo, 10); err == nil || b.Get(ammo) != 6 || b.Changes() != n+1 {
		t.Errorf("out of bounds: err %v, ammo %d", err, b.Get(ammo))
	}
	if err := b.SetValue("at", "home"); err != nil || b.Get(at) != 0 {
		t.Errorf("enum: err %v, at %d", err, b.Get(at))
	}
	if err := b.SetValue("at", "moon"); err == nil {
		t.Error("an unknown enum value was accepted")
	}
	if err := b.SetValue("nope", true); err == nil || !strings.Contains(err.Error(), `unknown fact "nope"`) {
		t.Errorf("unknown fact: %v", err)
	}
	b.SetBool(armed, true)
	if !b.Bool(armed) || !b.State().Satisfies(a.Goal()) {
		t.Error("armed is not believed")
	}
	if err := b.Write(ammo, 4, math.NaN()); err != nil || b.Confidence(ammo) != 0 {
		t.Errorf("NaN confidence became %v", b.Confidence(ammo))
	}
}

// TestNewErrors: New reports every mistake in a Config at once.
func TestNewErrors(t *testing.T) {
	d := mustDomain(t, fightSpec)
	other := mustDomain(t, patrolSpec)
	otherGoal, _ := other.Goal("GoPatrol")
	if _, err := agent.New(agent.Config{}); err == nil || err.Error() != "agent: Config.Domain is nil" {
		t.Errorf("no domain: %v", err)
	}
	g := goals(t, d, "Eliminate")[0]
	cases := []struct {
		name string
		cfg  agent.Config
		want string
	}{
		{"no goals", agent.Config{}, "agent: x: no goals"},
		{"nil target", agent.Config{Goals: []agent.Goal{{}}}, "goal #1 has no Target"},
		{"other domain", agent.Config{Goals: []agent.Goal{agent.NewGoal(otherGoal)}}, `goal "GoPatrol" belongs to another domain`},
		{"twice", agent.Config{Goals: []agent.Goal{g, g}}, `two goals are named "Eliminate"`},
		{"fallback twice", agent.Config{Goals: []agent.Goal{g}, FallbackGoal: g}, `two goals are named "Eliminate"`},
		{"bad priority", agent.Config{Goals: []agent.Goal{{Target: g.Target, Priority: math.Inf(1)}}}, "priority must be finite"},
		{"unknown action", agent.Config{Goals: []agent.Goal{g}, Actions: []string{"Shot"}}, `unknown action "Shot" in Actions (did you mean "Shoot"?)`},
		{"unknown behavior", agent.Config{Goals: []agent.Goal{g}, Behaviors: map[string]agent.Behavior{"Lot": {}}}, `unknown action "Lot" in Behaviors (did you mean "Loot"?)`},
		{"unknown fallback", agent.Config{Goals: []agent.Goal{g}, Fallback: "Sleep"}, `unknown action "Sleep" in Fallback`},
		{"bad exclude", agent.Config{Goals: []agent.Goal{g}, Options: goap.Options{Exclude: []goap.ActionID{99}}}, "Options.Exclude holds action 99"},
		{"bad interval", agent.Config{Goals: []agent.Goal{g}, Sensors: []agent.Sensor{{Name: "s", Interval: -1}}}, `sensor "s": interval must be a finite number >= 0`},
		{"bad margin", agent.Config{Goals: []agent.Goal{g}, Margin: math.NaN()}, "Margin must be a finite number >= 0"},
		{"bad backoff", agent.Config{Goals: []agent.Goal{g}, Backoff: 4, MaxBackoff: 2}, "MaxBackoff 2 is less than Backoff 4"},
		{"bad budget", agent.Config{Goals: []agent.Goal{g}, Budget: -1}, "Budget must be >= 0"},
		{"other belief", agent.Config{Goals: []agent.Goal{g}, Belief: other.NewState()}, "Belief belongs to another domain"},
	}
	for _, c := range cases {
		c.cfg.Name, c.cfg.Domain = "x", d
		_, err := agent.New(c.cfg)
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.HasPrefix(err.Error(), "agent: x: ") || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: got %v, want %q on one line after \"agent: x: \"", c.name, err, c.want)
		}
	}
}

// TestAccessors covers what an agent tells about itself.
func TestAccessors(t *testing.T) {
	d := mustDomain(t, pirateSpec)
	a, err := agent.New(agent.Config{Name: "p", Domain: d, Goals: goals(t, d, "GetDrunk"),
		Belief:    mustState(t, d, map[string]any{"bottle_available": true}),
		Behaviors: map[string]agent.Behavior{"StealRum": {MoveTo: takes(2), Perform: takes(2)}}})
	if err != nil {
		t.Fatal(err)
	}
	if a.Name() != "p" || a.Domain() != d || a.Phase() != agent.Planning || a.Tick() != 0 {
		t.Errorf("new agent: %s %v %d", a.Name(), a.Phase(), a.Tick())
	}
	if _, ok := a.Action(); ok {
		t.Error("a new agent has an action")
	}
	// Arrival ends MoveTo; Perform starts in the next update.
	phases := []agent.Phase{agent.MovingTo, agent.Performing, agent.Performing, agent.Performing, agent.Idle, agent.Idle}
	for i, want := range phases {
		a.Update(0.5)
		if a.Phase() != want {
			t.Errorf("update %d: phase %v, want %v", i+1, a.Phase(), want)
		}
	}
	if a.Tick() != 6 || a.Time() != 3 || a.Goal() != nil || a.Plan() != nil {
		t.Errorf("tick %d, time %v, goal %v, plan %v", a.Tick(), a.Time(), a.Goal(), a.Plan())
	}
	for p, s := range map[agent.Phase]string{agent.Idle: "idle", agent.FallingBack: "falling back", agent.Phase(9): "Phase(9)"} {
		if p.String() != s {
			t.Errorf("%d: %q", p, p.String())
		}
	}
	for st, s := range map[agent.Outcome]string{agent.Continue: "continue", agent.Success: "success", agent.Failure: "failure", agent.Outcome(7): "Outcome(7)"} {
		if st.String() != s {
			t.Errorf("%d: %q", st, st.String())
		}
	}
}
