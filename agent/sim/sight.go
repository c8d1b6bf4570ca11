package sim

import (
	"fmt"

	"github.com/goap-go/goap"
	"github.com/goap-go/goap/agent/simspec"
	"github.com/goap-go/goap/space"
)

// Sight: an agent with a sight range (simspec.Agent.Sight) sees, each tick
// before it updates, the living agents within range that a clear line
// joins to it on the map, and the world writes what it sees into its own
// agent facts, which its senses then copy into its belief:
//
//   - sees(NAME), for each other agent NAME: it is in sight;
//   - clear(NAME): NAME is in sight and not in cover from this agent (a
//     clear shot: no cover next to NAME is in the way, as when flanked);
//   - enemy_in_sight: some agent of another side is in sight;
//   - in_cover: every agent of another side within range is one it is in
//     cover from (the enemy cannot see it, or cover next to it is in the
//     way).
//
// Each fact is written when the domain has it as an agent fact.

// eyesight is an agent's sight: its range, and the facts it writes.
type eyesight struct {
	rng            float64
	sees           []goap.FactID // per agent: sees(NAME), or -1
	clear          []goap.FactID // per agent: clear(NAME), or -1
	saw            []bool        // per agent: in sight at the last look
	enemy, covered goap.FactID   // -1 when the domain lacks them
}

// setupSight checks agent i's sight.
func (w *World) setupSight(i int, spec simspec.Agent, all []simspec.Agent) error {
	if spec.Sight == 0 {
		w.space.sight = append(w.space.sight, nil)
		return nil
	}
	if w.space.grid == nil {
		return fmt.Errorf("sim: agent %s: Sight needs a Map", spec.Name)
	}
	if !(spec.Sight > 0) {
		return fmt.Errorf("sim: agent %s: Sight must be above 0, got %v", spec.Name, spec.Sight)
	}
	e := &eyesight{rng: spec.Sight, saw: make([]bool, len(all))}
	fact := func(name string) (goap.FactID, error) {
		id, ok := w.d.FactID(name)
		if !ok {
			return -1, nil
		}
		if !w.agentFact[id] {
			return -1, fmt.Errorf("sim: agent %s: its sight writes %s, which must be an agent fact (scope: agent)", spec.Name, name)
		}
		return id, nil
	}
	var err error
	if e.enemy, err = fact("enemy_in_sight"); err != nil {
		return err
	}
	if e.covered, err = fact("in_cover"); err != nil {
		return err
	}
	for _, o := range all {
		id, err := fact("sees(" + o.Name + ")")
		if err != nil {
			return err
		}
		e.sees = append(e.sees, id)
		if id, err = fact("clear(" + o.Name + ")"); err != nil {
			return err
		}
		e.clear = append(e.clear, id)
	}
	w.space.sight = append(w.space.sight, e)
	return nil
}

// look around: agent i's sight facts, written into its own values.
func (w *World) see(i int) {
	if i >= len(w.space.sight) {
		return
	}
	e := w.space.sight[i]
	if e == nil || w.combat.dead[i] || !w.space.placed[i] {
		return
	}
	g, me := w.space.grid, w.space.pos[i]
	enemy, covered := false, true
	for j, other := range w.space.pos {
		if j == i {
			continue
		}
		near := !w.combat.dead[j] && w.space.placed[j] && space.Octile(me, other) <= e.rng
		seen := near && g.Visible(me, other)
		e.saw[j] = seen
		if e.sees[j] >= 0 {
			_ = w.own[i].Set(e.sees[j], b2i(seen))
		}
		if e.clear[j] >= 0 {
			_ = w.own[i].Set(e.clear[j], b2i(seen && !g.InCover(other, me)))
		}
		foe := w.combat.side[j] != "" && w.combat.side[j] != w.combat.side[i]
		if foe && seen {
			enemy = true
		}
		if foe && near && !g.InCover(me, other) {
			covered = false
		}
	}
	if e.enemy >= 0 {
		_ = w.own[i].Set(e.enemy, b2i(enemy))
	}
	if e.covered >= 0 {
		_ = w.own[i].Set(e.covered, b2i(covered))
	}
}

// b2i is a boolean fact's value.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
