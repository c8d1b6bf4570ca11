package agent_test

import (
	"math"
	"reflect"
	"testing"

	"github.com/goap-go/goap/agent"
)

// TestSensorIntervals: each sensor runs on its own interval, in the
// first update and then whenever its interval has passed, rounding in
// sums of dt aside.
func TestSensorIntervals(t *testing.T) {
	d := mustDomain(t, patrolSpec)
	cases := []struct {
		interval, dt float64
		updates      int
		want         []float64 // the times the sensor ran
	}{
		{0, 1, 4, []float64{1, 2, 3, 4}},
		{2, 1, 7, []float64{1, 3, 5, 7}},
		{0.5, 0.2, 8, []float64{0.2, 0.8, 1.4}},
		// 0.1 added ten times is not exactly 1: still every update.
		{0.1, 0.1, 10, []float64{0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1}},
		{3, 2, 6, []float64{2, 6, 10}},
	}
	for _, c := range cases {
		var ran []float64
		s := agent.Sensor{Name: "s", Interval: c.interval, Sense: func(b *agent.Blackboard) bool {
			ran = append(ran, math.Round(b.Now()*1e6)/1e6)
			return false
		}}
		a, err := agent.New(agent.Config{Domain: d, Goals: goals(t, d, "GoPatrol"), Sensors: []agent.Sensor{s}})
		if err != nil {
			t.Fatal(err)
		}
		for range c.updates {
			a.Update(c.dt)
		}
		if !reflect.DeepEqual(ran, c.want) {
			t.Errorf("interval %v, dt %v: ran at %v, want %v", c.interval, c.dt, ran, c.want)
		}
	}
}

// TestSensorsWriteBeforeDeciding: sensors run first in an update, in
// order, so the goals and the plan see what they wrote.
func TestSensorsWriteBeforeDeciding(t *testing.T) {
	d := mustDomain(t, patrolSpec)
	patrolled := fact(t, d, "patrolled")
	var order []string
	first := agent.Sensor{Name: "first", Sense: func(b *agent.Blackboard) bool {
		order = append(order, "first")
		b.SetBool(patrolled, true)
		return false
	}}
	second := agent.Sensor{Name: "second", Sense: func(b *agent.Blackboard) bool {
		order = append(order, "second")
		return false
	}}
	g := goals(t, d, "GoPatrol")
	g[0].Valid = func(b *agent.Blackboard) bool {
		order = append(order, "goal")
		return true
	}
	var log agent.Log
	a, err := agent.New(agent.Config{Domain: d, Goals: g, Sensors: []agent.Sensor{first, second}, OnEvent: log.Add})
	if err != nil {
		t.Fatal(err)
	}
	a.Update(1)
	if want := []string{"first", "second", "goal"}; !reflect.DeepEqual(order[:3], want) {
		t.Errorf("order %v", order)
	}
	// The sensor met the goal before it was ever planned for.
	if len(log.Events) != 0 || a.Phase() != agent.Idle {
		t.Errorf("events %v, phase %v", log.Strings(), a.Phase())
	}
}

// TestSensorInterruptWhileIdle: an interrupt while idle only makes the
// agent look at its goals.
func TestSensorInterruptWhileIdle(t *testing.T) {
	d := mustDomain(t, patrolSpec)
	a, err := agent.New(agent.Config{Domain: d, Goals: goals(t, d, "GoPatrol"),
		Belief:  mustState(t, d, map[string]any{"patrolled": true}),
		Sensors: []agent.Sensor{{Name: "alarm", Sense: func(*agent.Blackboard) bool { return true }}}})
	if err != nil {
		t.Fatal(err)
	}
	for range 3 {
		a.Update(1)
	}
	if a.Phase() != agent.Idle || a.Stats().Plans != 0 {
		t.Errorf("phase %v, stats %+v", a.Phase(), a.Stats())
	}
}
