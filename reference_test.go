package goap_test

import (
	"container/heap"
	"fmt"
	"math"
	"strings"

	"github.com/goap-go/goap"
)

// This file holds an exhaustive reference planner written only for the
// tests: plain Dijkstra over fully explicit states, reading the Spec (not
// the compiled Domain), so it shares no code with the planner it checks.

type refState []int // one value per fact, in refDomain.names order

type refDomain struct {
	spec  goap.Spec
	names []string
	index map[string]int
	decl  map[string]goap.Fact
}

func newRefDomain(spec goap.Spec) *refDomain {
	r := &refDomain{spec: spec, index: map[string]int{}, decl: map[string]goap.Fact{}}
	add := func(n string) {
		if _, ok := r.index[n]; !ok {
			r.index[n] = len(r.names)
			r.names = append(r.names, n)
		}
	}
	for _, f := range spec.Facts {
		r.decl[f.Name] = f
		add(f.Name)
	}
	for _, a := range spec.Actions {
		for k := range a.Pre {
			add(k)
		}
		for k := range a.Effects {
			add(k)
		}
	}
	for _, g := range spec.Goals {
		for k := range g.Desired {
			add(k)
		}
	}
	return r
}

func (r *refDomain) bounds(name string) (int, int) {
	f, ok := r.decl[name]
	switch {
	case !ok || f.Kind == goap.BoolFact:
		return 0, 1
	case f.Kind == goap.EnumFact:
		return 0, len(f.Values) - 1
	}
	return f.Min, f.Max
}

// toInt maps a spec value to the reference's integer encoding.
func (r *refDomain) toInt(name string, v any) int {
	switch x := v.(type) {
	case bool:
		if x {
			return 1
		}
		return 0
	case int:
		return x
	case string:
		for i, s := range r.decl[name].Values {
			if s == x {
				return i
			}
		}
	}
	panic(fmt.Sprintf("reference: bad value %v for %s", v, name))
}

func (r *refDomain) initial(values map[string]any) refState {
	s := make(refState, len(r.names))
	for i, n := range r.names {
		if f, ok := r.decl[n]; ok {
			switch f.Kind {
			case goap.IntFact:
				s[i] = f.Default
			case goap.EnumFact:
				for j, v := range f.Values {
					if v == f.DefaultValue {
						s[i] = j
					}
				}
			}
		}
	}
	for k, v := range values {
		s[r.index[k]] = r.toInt(k, v)
	}
	return s
}

func (r *refDomain) holds(s refState, c goap.Conds) bool {
	for k, v := range c {
		op := goap.OpEq
		if cmp, ok := v.(goap.Compare); ok {
			op, v = cmp.Op, cmp.Value
		}
		x, want := s[r.index[k]], r.toInt(k, v)
		ok := false
		switch op {
		case goap.OpEq:
			ok = x == want
		case goap.OpNe:
			ok = x != want
		case goap.OpLt:
			ok = x < want
		case goap.OpLe:
			ok = x <= want
		case goap.OpGt:
			ok = x > want
		case goap.OpGe:
			ok = x >= want
		}
		if !ok {
			return false
		}
	}
	return true
}

// apply returns the successor, or nil when the action does not apply.
func (r *refDomain) apply(s refState, a goap.Action) refState {
	if !r.holds(s, a.Pre) {
		return nil
	}
	out := append(refState(nil), s...)
	for k, v := range a.Effects {
		i := r.index[k]
		if d, ok := v.(goap.Delta); ok {
			lo, hi := r.bounds(k)
			nv := s[i] + d.N
			if nv < lo || nv > hi {
				return nil
			}
			out[i] = nv
			continue
		}
		out[i] = r.toInt(k, v)
	}
	return out
}

func (s refState) key() string {
	var b strings.Builder
	for _, v := range s {
		fmt.Fprintf(&b, "%d,", v)
	}
	return b.String()
}

// costItem is an entry of costHeap: a state and the cost it was reached at.
type costItem[S any] struct {
	g     float64
	state S
}

// costHeap is a container/heap of states by cost, for the plain
// reference searches of the tests and the peer benchmark.
type costHeap[S any] []costItem[S]

func (h costHeap[S]) Len() int           { return len(h) }
func (h costHeap[S]) Less(i, j int) bool { return h[i].g < h[j].g }
func (h costHeap[S]) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *costHeap[S]) Push(x any)        { *h = append(*h, x.(costItem[S])) }
func (h *costHeap[S]) Pop() any {
	old := *h
	it := old[len(old)-1]
	*h = old[:len(old)-1]
	return it
}

// optimalCost returns the cheapest plan cost from start to goal, or +Inf,
// and the number of reachable states it visited.
func (r *refDomain) optimalCost(start refState, goal goap.Conds) (float64, int) {
	best := map[string]float64{start.key(): 0}
	done := map[string]bool{}
	h := &costHeap[refState]{{0, start}}
	for h.Len() > 0 {
		it := heap.Pop(h).(costItem[refState])
		k := it.state.key()
		if done[k] {
			continue
		}
		done[k] = true
		if r.holds(it.state, goal) {
			return it.g, len(done)
		}
		for _, a := range r.spec.Actions {
			next := r.apply(it.state, a)
			if next == nil {
				continue
			}
			g := it.g + a.Cost
			nk := next.key()
			if old, ok := best[nk]; ok && old <= g {
				continue
			}
			best[nk] = g
			heap.Push(h, costItem[refState]{g, next})
		}
	}
	return math.Inf(1), len(done)
}

// replay checks a plan under the reference semantics and returns its cost.
func (r *refDomain) replay(start refState, goal goap.Conds, plan []string) (float64, error) {
	byName := map[string]goap.Action{}
	for _, a := range r.spec.Actions {
		byName[a.Name] = a
	}
	s := start
	cost := 0.0
	for i, n := range plan {
		a, ok := byName[n]
		if !ok {
			return 0, fmt.Errorf("step %d: unknown action %q", i, n)
		}
		next := r.apply(s, a)
		if next == nil {
			return 0, fmt.Errorf("step %d: %s is not applicable in %v", i, n, s)
		}
		s = next
		cost += a.Cost
	}
	if !r.holds(s, goal) {
		return 0, fmt.Errorf("plan %v ends in %v, which misses the goal", plan, s)
	}
	return cost, nil
}
