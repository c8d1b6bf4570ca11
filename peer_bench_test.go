package goap_test

import (
	"container/heap"
	"testing"

	"github.com/goap-go/goap"
)

// plainDijkstra is the peer the benchmarks compare with: the uniform-cost
// search a Go programmer writes in an afternoon over boolean facts packed
// in a uint64 (up to 64 facts), with container/heap and a map of best
// costs. It keeps nothing between calls. It exists only for measurement.
type plainDijkstra struct {
	acts      []plainAction
	start, gm uint64
	gv        uint64
	// limit stops plan after that many expansions (0: none); expanded
	// counts the last plan's.
	limit, expanded int
}

type plainAction struct {
	pm, pv, em, ev uint64
	cost           float64
}

// newPlainDijkstra packs a boolean spec; ok is false when it has more
// than 64 facts or a non-boolean value.
func newPlainDijkstra(spec goap.Spec, start map[string]any) (*plainDijkstra, bool) {
	bit := map[string]uint64{}
	mask := func(m map[string]any) (uint64, uint64, bool) {
		var mk, v uint64
		for name, x := range m {
			b, ok := x.(bool)
			if !ok {
				return 0, 0, false
			}
			if _, seen := bit[name]; !seen {
				if len(bit) == 64 {
					return 0, 0, false
				}
				bit[name] = 1 << uint(len(bit))
			}
			mk |= bit[name]
			if b {
				v |= bit[name]
			}
		}
		return mk, v, true
	}
	p := &plainDijkstra{}
	for _, a := range spec.Actions {
		pm, pv, ok1 := mask(a.Pre)
		em, ev, ok2 := mask(a.Effects)
		if !ok1 || !ok2 {
			return nil, false
		}
		p.acts = append(p.acts, plainAction{pm, pv, em, ev, a.Cost})
	}
	gm, gv, ok := mask(spec.Goals[0].Desired)
	_, sv, ok2 := mask(start)
	p.gm, p.gv, p.start = gm, gv, sv
	return p, ok && ok2
}

// plan returns the cheapest cost to the goal, -1 when none exists, or -2
// when the search stopped at p.limit expansions.
func (p *plainDijkstra) plan() float64 {
	best := map[uint64]float64{p.start: 0}
	q := &costHeap[uint64]{{0, p.start}}
	p.expanded = 0
	for q.Len() > 0 {
		it := heap.Pop(q).(costItem[uint64])
		if it.g > best[it.state] {
			continue
		}
		if p.expanded++; p.limit > 0 && p.expanded > p.limit {
			return -2
		}
		if it.state&p.gm == p.gv {
			return it.g
		}
		for _, a := range p.acts {
			if it.state&a.pm != a.pv {
				continue
			}
			n := it.state&^a.em | a.ev
			g := it.g + a.cost
			if old, seen := best[n]; !seen || g < old {
				best[n] = g
				heap.Push(q, costItem[uint64]{g, n})
			}
		}
	}
	return -1
}

// BenchmarkPlainDijkstra is the peer of BenchmarkBenchDomains.
func BenchmarkPlainDijkstra(b *testing.B) {
	for _, name := range []string{"guard", "guard_unsolvable", "synth_small", "synth_small_unsolvable"} {
		b.Run(name, func(b *testing.B) {
			_, start, goal, spec := loadBench(b, name)
			p, ok := newPlainDijkstra(spec, start.Values())
			if !ok {
				b.Fatal("not a boolean domain of up to 64 facts")
			}
			res := goap.NewPlanner(goal.Domain()).Plan(b.Context(), start, goal)
			if got := p.plan(); (got < 0) != (res.Status == goap.NoPlan) || got >= 0 && got != res.Cost {
				b.Fatalf("peer finds %v, goap %v cost %v", got, res.Status, res.Cost)
			}
			b.ReportAllocs()
			for b.Loop() {
				p.plan()
			}
		})
	}
}
