package sim

import (
	"maps"
	"math/rand/v2"

	"github.com/goap-go/goap/agent/simspec"
)

// Fairness for fights between sides: which side starts where, and who
// acts first within a tick, need not favour a side.
//
//   - Config.SwapSpawns names pairs of the map's points; on even seeds
//     the points of each pair trade places in the agents' specs: an agent
//     placed at one starts at the other, and its Own and Start values that
//     name one name the other. Over consecutive seeds each side starts
//     from each spawn area as often.
//   - Config.ShuffleTurns makes the agents update each tick in an order
//     drawn from the seed, instead of Config.Agents' order.

// swapSpawns returns the agents of cfg with the pairs of SwapSpawns
// traded, on even seeds (cfg.Agents itself otherwise).
func (w *World) swapSpawns(cfg Config, bad func(string, ...any)) []simspec.Agent {
	if len(cfg.SwapSpawns) == 0 {
		return cfg.Agents
	}
	if w.space.grid == nil {
		bad("SwapSpawns needs a Map")
		return cfg.Agents
	}
	other := map[string]string{}
	cells := map[[2]int][2]int{}
	for _, p := range cfg.SwapSpawns {
		a, okA := w.space.grid.Point(p[0])
		b, okB := w.space.grid.Point(p[1])
		switch {
		case !okA:
			bad("SwapSpawns: %q is not a point of the map", p[0])
		case !okB:
			bad("SwapSpawns: %q is not a point of the map", p[1])
		case other[p[0]] != "" || other[p[1]] != "" || p[0] == p[1]:
			bad("SwapSpawns: %s and %s: a point may be in one pair only", p[0], p[1])
		default:
			other[p[0]], other[p[1]] = p[1], p[0]
			cells[[2]int{a.X, a.Y}] = [2]int{b.X, b.Y}
			cells[[2]int{b.X, b.Y}] = [2]int{a.X, a.Y}
		}
	}
	if cfg.Seed%2 == 1 {
		return cfg.Agents
	}
	out := make([]simspec.Agent, len(cfg.Agents))
	for i, a := range cfg.Agents {
		if a.At != nil {
			if c, ok := cells[*a.At]; ok {
				a.At = &c
			}
		}
		a.Own, a.Start = traded(a.Own, other), traded(a.Start, other)
		out[i] = a
	}
	return out
}

// traded returns m with each value that names a key of other replaced by
// its partner (m itself when none does).
func traded(m map[string]any, other map[string]string) map[string]any {
	var out map[string]any
	for k, v := range m {
		s, ok := v.(string)
		if !ok || other[s] == "" {
			continue
		}
		if out == nil {
			out = maps.Clone(m)
		}
		out[k] = other[s]
	}
	if out == nil {
		return m
	}
	return out
}

// turns returns the order in which the agents update this tick: file
// order, or with ShuffleTurns a fresh shuffle from the run's stream.
func (w *World) turns() []int {
	if w.order == nil {
		w.order = make([]int, len(w.agents))
		if w.cfg.ShuffleTurns {
			w.turnRng = rand.New(rand.NewPCG(w.cfg.Seed, turnStream))
		}
	}
	for i := range w.order {
		w.order[i] = i
	}
	if w.turnRng != nil {
		w.turnRng.Shuffle(len(w.order), func(i, j int) { w.order[i], w.order[j] = w.order[j], w.order[i] })
	}
	return w.order
}

// turnStream tells the turn order's stream apart from the agents' (whose
// stream numbers are their indexes).
const turnStream = 1 << 62
