package simspec

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/goap-go/goap/agent"
	"github.com/goap-go/goap/internal/echo"
	"github.com/goap-go/goap/internal/suggest"
)

// Expectation is an event a test expects, written
//
//	[tick N] AGENT TYPE [NAME]
//
// e.g. "tick 8 pirate plan_invalidated" or "pirate action_finished
// BrewRum". It matches an event of agent AGENT (or "world") and type TYPE,
// at tick N when given, whose goal or action is NAME when given.
type Expectation struct {
	// Tick is the tick of the event; 0 means any tick.
	Tick int
	// Agent names the agent, or "world" for a scripted change.
	Agent string
	// Type is the type of the event.
	Type agent.EventType
	// Name is the goal or action of the event; "" means any.
	Name string
}

// ParseExpectation reads an expectation.
func ParseExpectation(s string) (Expectation, error) {
	var x Expectation
	words := strings.Fields(s)
	if len(words) >= 2 && words[0] == "tick" {
		n, err := strconv.Atoi(words[1])
		if err != nil || n < 1 {
			return x, echo.Errorf("%q: want a tick number from 1 after \"tick\", got %q", s, words[1])
		}
		x.Tick = n
		words = words[2:]
	}
	if len(words) < 2 || len(words) > 3 {
		return x, echo.Errorf("%q: want \"[tick N] AGENT TYPE [NAME]\", e.g. \"tick 8 pirate plan_invalidated\"", s)
	}
	x.Agent = words[0]
	t, ok := agent.ParseEventType(words[1])
	if !ok {
		return x, echo.Errorf("%q: unknown event type %q%s; the types are %s", s, words[1], suggest.Hint(words[1], agent.EventTypeNames()), strings.Join(agent.EventTypeNames(), ", "))
	}
	x.Type = t
	if len(words) == 3 {
		x.Name = words[2]
	}
	return x, nil
}

// String renders the expectation as ParseExpectation reads it.
func (x Expectation) String() string {
	s := fmt.Sprintf("%s %s", x.Agent, x.Type)
	if x.Tick > 0 {
		s = fmt.Sprintf("tick %d %s", x.Tick, s)
	}
	if x.Name != "" {
		s += " " + x.Name
	}
	return s
}

// Matches reports whether e is the event x expects.
func (x Expectation) Matches(e agent.Event) bool {
	return (x.Tick == 0 || x.Tick == e.Tick) && x.Agent == e.Agent && x.Type == e.Type &&
		(x.Name == "" || x.Name == e.Goal || x.Name == e.Action)
}

// Match looks for the expectations in events, in order, other events
// allowed in between. It returns the index of the first expectation not
// found, or -1 when all are.
func Match(events []agent.Event, want []Expectation) int {
	i := 0
	for _, e := range events {
		if i < len(want) && want[i].Matches(e) {
			i++
		}
	}
	if i == len(want) {
		return -1
	}
	return i
}
