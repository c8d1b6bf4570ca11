package sim

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/goap-go/goap"
	"github.com/goap-go/goap/agent"
	"github.com/goap-go/goap/agent/simspec"
)

// Combat's generic mechanics: actions whose effects apply by chance (a
// shot that may miss), drawn from a seeded generator so that a seed gives
// one run; agents that die when their dies-when conditions hold (a dead
// agent stops, and its commanders hear of it through the failed reports
// of the goals it was ordered); and sides, which say who won.

// combat holds the mechanics' state.
type combat struct {
	chance []float64      // per action: the probability its effects apply
	rng    []*rand.Rand   // per agent: its own stream, so agents do not disturb each other's draws
	dies   []*goap.Target // per agent: when it dies; nil: never
	dead   []bool
	side   []string
	// dirty says the world changed since deaths were last looked at.
	dirty bool
}

// setupCombat checks and compiles Config.Chance.
func (w *World) setupCombat(cfg Config, bad func(string, ...any)) {
	n := w.d.NumActions()
	w.combat.chance = make([]float64, n)
	for i := range w.combat.chance {
		w.combat.chance[i] = 1
	}
	for _, name := range slices.Sorted(maps.Keys(cfg.Chance)) {
		p := cfg.Chance[name]
		ids := w.d.ActionsNamed(name)
		switch {
		case ids == nil:
			bad("Chance: unknown action %q", name)
		case !(p > 0 && p <= 1):
			bad("Chance of %s must be above 0 and at most 1, got %v", name, p)
		}
		for _, id := range ids {
			w.combat.chance[id] = p
		}
	}
}

// agentCombat sets up agent i's side, random stream and death.
func (w *World) agentCombat(i int, spec simspec.Agent, seed uint64) error {
	c := &w.combat
	c.rng = append(c.rng, rand.New(rand.NewPCG(seed, uint64(i))))
	c.side = append(c.side, spec.Side)
	c.dead = append(c.dead, false)
	var dies *goap.Target
	if len(spec.DiesWhen) > 0 {
		t, err := w.d.Target(spec.Name+" dies_when", spec.DiesWhen)
		if err != nil {
			return fmt.Errorf("dies_when: %w", err)
		}
		dies = t
	}
	c.dies = append(c.dies, dies)
	return nil
}

// missed draws whether agent i's action a misses: its effects do not
// apply. Actions that always work draw nothing, so a run without chances
// does not depend on the seed.
func (w *World) missed(i int, a goap.ActionID) bool {
	p := w.combat.chance[a]
	return p < 1 && w.combat.rng[i].Float64() >= p
}

// checkDeaths stops the agents whose dies-when conditions hold in the
// world as they find it, once the world has changed.
func (w *World) checkDeaths() {
	c := &w.combat
	if !c.dirty {
		return
	}
	c.dirty = false
	for i, t := range c.dies {
		if t == nil || c.dead[i] || !w.viewOf(i).Satisfies(t) {
			continue
		}
		c.dead[i] = true
		w.vacate(i)
		w.releaseAll(i)
		why := strings.Join(condTexts(t), ", ")
		w.record(agent.Event{Time: float64(w.tick), Agent: w.names[i], Type: agent.EventDied, Reason: why})
		w.agents[i].Stop("died: " + why)
	}
}

// condTexts lists a target's conditions as text.
func condTexts(t *goap.Target) []string {
	var out []string
	for _, c := range t.Conds() {
		out = append(out, c.String())
	}
	return out
}

// Dead reports whether the named agent has died.
func (w *World) Dead(name string) bool {
	i := slices.Index(w.names, name)
	return i >= 0 && i < len(w.combat.dead) && w.combat.dead[i]
}

// Alive counts the living agents of each side (agents without a side
// are left out).
func (w *World) Alive() map[string]int {
	out := map[string]int{}
	for i, s := range w.combat.side {
		if s == "" {
			continue
		}
		if _, ok := out[s]; !ok {
			out[s] = 0
		}
		if !w.combat.dead[i] {
			out[s]++
		}
	}
	return out
}

// Winner names the only side with living agents, or returns "" when
// both or neither have (a draw), or when no agent has a side.
func (w *World) Winner() string {
	winner := ""
	alive := w.Alive()
	for _, s := range slices.Sorted(maps.Keys(alive)) {
		if alive[s] > 0 {
			if winner != "" {
				return ""
			}
			winner = s
		}
	}
	return winner
}
