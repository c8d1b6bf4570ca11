package agent

import (
	"fmt"
	"math"

	"github.com/goap-go/goap"
)

// Blackboard is an agent's knowledge of the world: the state it believes,
// and for each fact the confidence in the belief (0 to 1) and the time it
// was last written. Sensors and handlers write to it; goals and the
// planner read it. Writing a fact's current value again refreshes its
// time and confidence but is not a change.
type Blackboard struct {
	d     *goap.Domain
	state goap.State
	conf  []float64
	at    []float64 // time of the last write; NaN when never written
	// seq[f] is the value of changes when fact f last changed.
	seq     []uint64
	changes uint64
	now     float64
}

// newBlackboard returns a blackboard believing start.
func newBlackboard(start goap.State) *Blackboard {
	d := start.Domain()
	n := d.NumFacts()
	b := &Blackboard{d: d, state: start.Clone(), conf: make([]float64, n), at: make([]float64, n), seq: make([]uint64, n)}
	for i := range b.conf {
		b.conf[i] = 1
		b.at[i] = math.NaN()
	}
	return b
}

// Domain returns the domain of the believed state.
func (b *Blackboard) Domain() *goap.Domain { return b.d }

// State returns the believed state. It shares memory with the blackboard:
// read it, but change it only through the blackboard's methods, which
// keep track of changes.
func (b *Blackboard) State() goap.State { return b.state }

// Now returns the agent's clock at the last Update.
func (b *Blackboard) Now() float64 { return b.now }

// Get returns fact id's believed value (see goap.State.Get).
func (b *Blackboard) Get(id goap.FactID) int { return b.state.Get(id) }

// Bool reports whether boolean fact id is believed true.
func (b *Blackboard) Bool(id goap.FactID) bool { return b.state.Bool(id) }

// Value returns the named fact's believed value (a bool, int or enum
// name).
func (b *Blackboard) Value(name string) (any, bool) { return b.state.Value(name) }

// Confidence returns the confidence in fact id's value: 1 unless a write
// said otherwise.
func (b *Blackboard) Confidence(id goap.FactID) float64 { return b.conf[id] }

// WrittenAt returns when fact id was last written; ok is false when it
// never was (the value is the agent's initial belief).
func (b *Blackboard) WrittenAt(id goap.FactID) (t float64, ok bool) {
	t = b.at[id]
	return t, !math.IsNaN(t)
}

// Age returns how long ago fact id was last written, or +Inf when it
// never was.
func (b *Blackboard) Age(id goap.FactID) float64 {
	if t, ok := b.WrittenAt(id); ok {
		return b.now - t
	}
	return math.Inf(1)
}

// Changes counts the changes of believed values so far: it grows when a
// write gives a fact a different value.
func (b *Blackboard) Changes() uint64 { return b.changes }

// Write sets fact id to v (0/1 for booleans, the index for enums, as in
// goap.State.Set) with the given confidence, clamped to 0..1, and records
// the time. It returns an error when v is outside the fact's bounds
// (wrapping goap.State.Set's).
func (b *Blackboard) Write(id goap.FactID, v int, confidence float64) error {
	if uint(id) >= uint(len(b.conf)) { // one compare: negative IDs wrap
		return fmt.Errorf("agent: blackboard: fact ID %d is not one of the domain's %d facts", id, len(b.conf))
	}
	old := b.state.Get(id)
	if old != v {
		if err := b.state.Set(id, v); err != nil {
			return fmt.Errorf("agent: blackboard: %w", err)
		}
		b.changes++
		b.seq[id] = b.changes
	}
	b.conf[id] = clamp01(confidence)
	b.at[id] = b.now
	return nil
}

// Set writes fact id with confidence 1. v is the fact's raw value, as
// in goap.State.Set: 0 or 1 for a boolean, the number for an integer, and
// for an enum the value's index in its declaration (Enum("at", "cover",
// "open"): 1 means "open"); SetValue takes the value's name instead.
func (b *Blackboard) Set(id goap.FactID, v int) error { return b.Write(id, v, 1) }

// SetBool writes boolean fact id with confidence 1.
func (b *Blackboard) SetBool(id goap.FactID, v bool) {
	n := 0
	if v {
		n = 1
	}
	_ = b.Write(id, n, 1) // 0 and 1 are always in a boolean's bounds
}

// SetValue writes the named fact (a bool, int or enum name) with
// confidence 1.
func (b *Blackboard) SetValue(name string, v any) error {
	id, ok := b.d.FactID(name)
	if !ok {
		return fmt.Errorf("agent: blackboard: unknown fact %q", name)
	}
	// Convert through a scratch state, which checks the value's type
	// and bounds the way the core does.
	s := b.state.Clone()
	if err := s.SetValue(name, v); err != nil {
		return fmt.Errorf("agent: blackboard: %w", err)
	}
	return b.Write(id, s.Get(id), 1)
}

// changedSince reports whether fact id changed after the change counter
// stood at mark.
func (b *Blackboard) changedSince(id goap.FactID, mark uint64) bool { return b.seq[id] > mark }

// clamp01 limits v to 0..1; NaN becomes 0.
func clamp01(v float64) float64 {
	switch {
	case v > 1:
		return 1
	case v >= 0:
		return v
	}
	return 0
}
