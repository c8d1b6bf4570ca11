package goap

import (
	"errors"
	"fmt"
	"strings"

	"github.com/goap-go/goap/internal/echo"

	"github.com/goap-go/goap/internal/suggest"
)

// State is a world state of one Domain: every fact packed into machine
// words. A State is a small handle on its words, like a slice: copying the
// handle shares the words; use Clone for an independent copy. The zero
// State belongs to no domain and must not be used.
type State struct {
	d *Domain
	w []uint64
}

// NewState returns a state with every fact at its default (booleans false).
func (d *Domain) NewState() State {
	return State{d: d, w: append([]uint64(nil), d.start...)}
}

// State returns a state with the given facts set and every other fact at
// its default. Values are bools, ints or enum names, as in Effects.
func (d *Domain) State(values map[string]any) (State, error) {
	s := d.NewState()
	var errs []string
	for _, name := range sortedKeys(values) {
		if msg := s.setValue(name, values[name]); msg != "" {
			errs = append(errs, msg)
		}
	}
	if len(errs) > 0 {
		return State{}, errors.New("goap: " + strings.Join(errs, "; "))
	}
	return s, nil
}

// Domain returns the domain the state belongs to.
func (s State) Domain() *Domain { return s.d }

// IsZero reports whether s is the zero State.
func (s State) IsZero() bool { return s.d == nil }

// Get returns the value of fact id: 0 or 1 for booleans, the integer for
// int facts, the value's index for enums.
func (s State) Get(id FactID) int {
	f := &s.d.facts[id]
	return int((s.w[f.word]&f.mask)>>f.shift) + f.Min
}

// Bool reports whether boolean fact id is true.
func (s State) Bool(id FactID) bool { return s.Get(id) != 0 }

// Set sets fact id to v (0/1 for booleans, the index for enums). It returns
// an error when v is outside the fact's bounds.
func (s State) Set(id FactID, v int) error {
	f := &s.d.facts[id]
	if v < f.Min || v > f.Max {
		return echo.Errorf("goap: fact %q: value %d is outside %d..%d", f.Name, v, f.Min, f.Max)
	}
	s.w[f.word] = s.w[f.word]&^f.mask | uint64(v-f.Min)<<f.shift
	return nil
}

// SetBool sets boolean fact id.
func (s State) SetBool(id FactID, v bool) {
	f := &s.d.facts[id]
	if v {
		s.w[f.word] |= f.mask
	} else {
		s.w[f.word] &^= f.mask
	}
}

// Value returns the named fact's value as a bool, int or enum name.
func (s State) Value(name string) (any, bool) {
	id, ok := s.d.byName[name]
	if !ok {
		return nil, false
	}
	return s.value(id), true
}

func (s State) value(id FactID) any {
	f := &s.d.facts[id]
	v := s.Get(id)
	switch f.Kind {
	case BoolFact:
		return v != 0
	case EnumFact:
		return f.Values[v]
	}
	return v
}

// SetValue sets the named fact to v (a bool, int or enum name).
func (s State) SetValue(name string, v any) error {
	if msg := s.setValue(name, v); msg != "" {
		return errors.New("goap: " + msg)
	}
	return nil
}

// setValue is SetValue, saying what is wrong without the package's
// prefix (State joins several such messages after one prefix).
func (s State) setValue(name string, v any) string {
	id, ok := s.d.byName[name]
	if !ok {
		return echo.Sprintf("unknown fact %q", name) + suggest.Hint(name, s.d.FactNames())
	}
	f := &s.d.facts[id]
	raw, msg := (&compiler{d: s.d}).rawValue(f, v)
	if msg != "" {
		return echo.Sprintf("fact %q: ", name) + msg
	}
	s.w[f.word] = s.w[f.word]&^f.mask | raw<<f.shift
	return ""
}

// Clone returns an independent copy of s.
func (s State) Clone() State { return State{d: s.d, w: append([]uint64(nil), s.w...)} }

// CopyFrom overwrites s with o's facts; both must belong to one domain.
func (s State) CopyFrom(o State) { copy(s.w, o.w) }

// Equal reports whether s and o hold the same facts.
func (s State) Equal(o State) bool {
	if s.d != o.d {
		return false
	}
	for i := range s.w {
		if s.w[i] != o.w[i] {
			return false
		}
	}
	return true
}

// AppendChanged appends to dst the facts whose values differ in s and o
// (states of one domain), in FactID order, and returns the extended
// slice: it allocates nothing when dst has room. O(facts).
func (s State) AppendChanged(dst []FactID, o State) []FactID {
	for id := range s.d.facts {
		if f := &s.d.facts[id]; (s.w[f.word]^o.w[f.word])&f.mask != 0 {
			dst = append(dst, FactID(id))
		}
	}
	return dst
}

// Satisfies reports whether s meets every condition of t.
func (s State) Satisfies(t *Target) bool { return t.cond.holds(s.w) }

// String lists the facts that differ from their defaults, in fact order:
// true booleans by name, others as name=value. A state with every fact at
// its default prints as "{}".
func (s State) String() string {
	if s.d == nil {
		return "{}" // the zero State
	}
	var parts []string
	for id := range s.d.facts {
		f := &s.d.facts[id]
		raw := (s.w[f.word] & f.mask) >> f.shift
		if raw == f.raw0 || f.gone {
			continue
		}
		switch f.Kind {
		case BoolFact:
			if raw == 1 {
				parts = append(parts, f.Name)
			} else {
				parts = append(parts, "!"+f.Name)
			}
		default:
			parts = append(parts, fmt.Sprintf("%s=%v", f.Name, s.value(FactID(id))))
		}
	}
	return "{" + strings.Join(parts, " ") + "}"
}

// Values returns every fact's value by name (bools, ints and enum names),
// but for facts of removed objects (Domain.WithObjects).
func (s State) Values() map[string]any {
	m := make(map[string]any, len(s.d.facts))
	for id := range s.d.facts {
		if !s.d.facts[id].gone {
			m[s.d.facts[id].Name] = s.value(FactID(id))
		}
	}
	return m
}

// Applicable reports whether action a's preconditions hold in s and its
// add/subtract effects stay within bounds. Context checks (Action.Check)
// are not consulted.
func (d *Domain) Applicable(s State, a ActionID) bool {
	act := &d.actions[a]
	if !holdsOps(act.preOps, s.w) || !act.pre.holds(s.w) {
		return false
	}
	for i := range act.effNum {
		e := &act.effNum[i]
		if _, ok := e.apply(s.w[e.word], 0); !ok {
			return false
		}
	}
	return true
}

// Apply applies action a to s in place. It returns false, leaving s
// unchanged, when the action is not applicable.
func (d *Domain) Apply(s State, a ActionID) bool {
	if !d.Applicable(s, a) {
		return false
	}
	act := &d.actions[a]
	for _, o := range act.effOps {
		s.w[o.i] = s.w[o.i]&^o.m | o.v
	}
	for i := range act.effNum {
		e := &act.effNum[i]
		s.w[e.word], _ = e.apply(s.w[e.word], s.w[e.word])
	}
	return true
}
