package agent_test

import (
	"encoding/json"
	"testing"

	"github.com/goap-go/goap/agent"
)

// TestEventTypes: every type has a name that parses back, and events
// render as JSON with the type's name.
func TestEventTypes(t *testing.T) {
	names := agent.EventTypeNames()
	if len(names) != 18 {
		t.Errorf("%d types: %v", len(names), names)
	}
	for _, n := range names {
		typ, ok := agent.ParseEventType(n)
		if !ok || typ.String() != n {
			t.Errorf("%q parses as %v", n, typ)
		}
		var back agent.EventType
		if err := back.UnmarshalText([]byte(n)); err != nil || back != typ {
			t.Errorf("%q: %v", n, err)
		}
	}
	if _, ok := agent.ParseEventType("planned"); ok {
		t.Error("an unknown name parses")
	}
	var typ agent.EventType
	if err := typ.UnmarshalText([]byte("planned")); err == nil {
		t.Error("an unknown name unmarshals")
	}
	if s := agent.EventType(0).String(); s != "EventType(0)" {
		t.Errorf("zero type: %q", s)
	}
	e := agent.Event{Tick: 3, Time: 1.5, Agent: "p", Type: agent.EventPlanMade, Goal: "G", Plan: []string{"A", "B"}, Reason: "cost 2"}
	b, err := json.Marshal(e)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"tick":3,"time":1.5,"agent":"p","type":"plan_made","goal":"G","plan":["A","B"],"reason":"cost 2"}`
	if string(b) != want {
		t.Errorf("JSON %s\nwant %s", b, want)
	}
	var back agent.Event
	if err := json.Unmarshal(b, &back); err != nil || back.Type != agent.EventPlanMade || back.String() != e.String() {
		t.Errorf("round trip: %v %v", back, err)
	}
	if s := e.String(); s != "tick 3 p plan_made G [A B]: cost 2" {
		t.Errorf("String %q", s)
	}
}
