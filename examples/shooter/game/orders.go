package game

import (
	"fmt"
	"slices"

	"github.com/goap-go/goap/agent"
	"github.com/goap-go/goap/agent/squad"
	"github.com/goap-go/goap/space"
)

// The player's orders: each goes to blue's commander as a standing order
// (squad.Squad.Command) recommending one of the unit's goals with a bias,
// with the order's target written to the unit's belief.

// order gives unit, a member of blue's squad, a standing order through
// the squad's commander.
func (g *Game) order(name, goal string, set func(u *unit, b *agent.Blackboard)) error {
	u := g.find(name)
	switch {
	case u == nil:
		return fmt.Errorf("no unit %q", name)
	case g.squad == nil || u.squadIndex < 0:
		return fmt.Errorf("%s is not in the player's squad", name)
	case u.dead:
		return fmt.Errorf("%s is dead", name)
	}
	return g.squad.Command(g.cmd, squad.Order{Goal: goal, Bias: Bias, Units: []int{u.squadIndex},
		Target: func(_ int, b *agent.Blackboard) { set(u, b) }})
}

// MoveTo orders the named unit to walk to cell to (its Move goal).
func (g *Game) MoveTo(name string, to space.Cell) error {
	if !g.grid.Walkable(to) && !g.grid.Blocked(to) { // a unit's cell is floor
		return fmt.Errorf("%v is not a place to walk to", to)
	}
	return g.order(name, "Move", func(u *unit, b *agent.Blackboard) {
		u.dest, u.path = to, nil
		b.SetBool(g.facts.arrived, u.at == to) // the order's news, before the unit senses it
	})
}

// Attack orders the named unit to shoot enemy until it is down (its Attack goal):
// it approaches until it sees the enemy.
func (g *Game) Attack(name, enemy string) error {
	e := g.find(enemy)
	if e == nil || e.dead {
		return fmt.Errorf("no enemy %q standing", enemy)
	}
	if u := g.find(name); u != nil && u.side == e.side {
		return fmt.Errorf("%s and %s are on the same side", name, enemy)
	}
	k := slices.Index(g.units, e)
	return g.order(name, "Attack", func(u *unit, b *agent.Blackboard) {
		u.target, u.path = k, nil
		b.SetBool(g.facts.targetDown, false)
		b.SetBool(g.facts.targetVisible, g.sees(u, e))
	})
}

// TakeCover orders the named unit into cover from the enemy (its TakeCover goal,
// which it also pursues on its own when hurt).
func (g *Game) TakeCover(name string) error {
	return g.order(name, "TakeCover", func(u *unit, b *agent.Blackboard) {
		u.path = nil
		b.SetBool(g.facts.inCover, g.inCover(u))
	})
}

// Sweep orders the named unit to hunt (its Sweep goal): towards the
// nearest enemy the squad knows of (the last sighting, see LastSeen),
// else towards the nearest enemy, until it has one in sight.
func (g *Game) Sweep(name string) error {
	return g.order(name, "Sweep", func(u *unit, _ *agent.Blackboard) { u.path = nil })
}

// Hold orders the named unit to hold where it stands (its Hold goal): it stays, or
// comes back there once a goal of its own took it away.
func (g *Game) Hold(name string) error {
	return g.order(name, "Hold", func(u *unit, b *agent.Blackboard) {
		u.hold, u.path = u.at, nil
		b.SetBool(g.facts.held, true)
	})
}
