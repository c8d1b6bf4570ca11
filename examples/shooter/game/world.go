package game

import (
	"math"

	"github.com/goap-go/goap/agent"
	"github.com/goap-go/goap/agent/squad"
	"github.com/goap-go/goap/space"
)

// The game's side of the agents: what they sense, how their actions are
// carried out. The file names the actions; the game binds them by name.

// sense writes what unit i perceives into its belief, and asks for an
// interrupt when it was just hurt (a hit changes what it should do).
func (g *Game) sense(i int, b *agent.Blackboard) bool {
	u := g.units[i]
	if u.dead || u.a == g.cmd {
		return false
	}
	f := &g.facts
	wasHurt := b.Bool(f.hurt)
	hurt := u.hp <= HurtHP
	b.SetBool(f.enemyInSight, g.nearestEnemy(u, true) != nil)
	if u.squadIndex >= 0 {
		g.report(u)
	}
	b.SetBool(f.enemyDown, false) // a shot done is not the fight won: the next one is planned
	b.SetBool(f.inCover, g.inCover(u))
	b.SetBool(f.hurt, hurt)
	b.SetBool(f.loaded, u.ammo > 0)
	b.SetBool(f.arrived, u.at == u.dest)
	t := g.target(u)
	b.SetBool(f.targetVisible, t != nil && g.sees(u, t))
	b.SetBool(f.targetDown, t == nil)
	b.SetBool(f.held, u.at == u.hold)
	return hurt && !wasHurt
}

// report tells blue's squad what u sees: each enemy in sight, where.
func (g *Game) report(u *unit) {
	for _, e := range g.units {
		if !e.dead && enemies(u, e) && g.sees(u, e) {
			g.know.Saw(squad.Sighting{Subject: e.name, By: u.name, X: e.at.X, Y: e.at.Y, At: float64(g.tick)})
		}
	}
}

// lastSeen returns the nearest to u of the enemies blue's squad knows
// of, with the cell it was last seen on. A sighting whose cell u sees
// with nobody in sight there is out of date: the squad forgets it.
func (g *Game) lastSeen(u *unit) (e *unit, at space.Cell, ok bool) {
	now := float64(g.tick)
	for _, o := range g.units {
		if o.dead || !enemies(u, o) {
			continue
		}
		s, known := g.know.Known(o.name, now)
		if !known {
			continue
		}
		c := space.Cell{X: s.X, Y: s.Y}
		if within(u.at, c, u.sight) && g.grid.Visible(u.at, c) {
			g.know.Forget(o.name) // looked there: gone
			continue
		}
		if !ok || dist2(u.at, c) < dist2(u.at, at) {
			e, at, ok = o, c, true
		}
	}
	return e, at, ok
}

// target returns u's ordered enemy while it stands, else nil.
func (g *Game) target(u *unit) *unit {
	if u.target < 0 || g.units[u.target].dead {
		return nil
	}
	return g.units[u.target]
}

// enemies reports whether a and b fight each other.
func enemies(a, b *unit) bool { return a.side != "" && b.side != "" && a.side != b.side }

// within reports whether cells a and b are at most r apart (straight
// distance): squares compared, no square root, for the checks every unit
// makes against every enemy each tick.
func within(a, b space.Cell, r float64) bool {
	return float64(dist2(a, b)) <= r*r
}

// dist2 is the square of the straight distance between two cells.
func dist2(a, b space.Cell) int {
	dx, dy := a.X-b.X, a.Y-b.Y
	return dx*dx + dy*dy
}

// distance is the straight distance between two cells.
func distance(a, b space.Cell) float64 {
	return math.Hypot(float64(a.X-b.X), float64(a.Y-b.Y))
}

// sees reports whether u sees e: within its sight, no wall between.
func (g *Game) sees(u, e *unit) bool {
	return within(u.at, e.at, u.sight) && g.grid.Visible(u.at, e.at)
}

// nearestEnemy returns the living enemy of u nearest to it (only among
// those it sees, with seen), or nil.
func (g *Game) nearestEnemy(u *unit, seen bool) *unit {
	var best *unit
	for _, e := range g.units {
		if e.dead || !enemies(u, e) || seen && !g.sees(u, e) {
			continue
		}
		if best == nil || dist2(u.at, e.at) < dist2(u.at, best.at) {
			best = e
		}
	}
	return best
}

// inCover reports whether no living enemy that could see u gets a clear
// shot: each within its sight is one u is in cover from.
func (g *Game) inCover(u *unit) bool { return g.coveredAt(u, u.at) }

// coveredAt reports whether u would be in cover on cell c.
func (g *Game) coveredAt(u *unit, c space.Cell) bool {
	for _, e := range g.units {
		if e.dead || !enemies(u, e) || !within(c, e.at, e.sight) {
			continue
		}
		if !g.grid.InCover(c, e.at) {
			return false
		}
	}
	return true
}

// walk takes u a tick's way towards cell to, along a path it keeps while
// to does not change and its next cell is free. Units block each other
// (each stands on a blocked cell of the grid), so paths go around them;
// when to is taken (an enemy stands there) or cut off, u goes as near as
// it gets. It reports whether u is there (at the end of the tick: the
// step is taken when every unit has acted, see Step), and false for ok
// when it can get no nearer.
//
// A path is found again when its next cell is taken, not whenever the
// grid's Version changes: with units moving, that is every tick, and a
// hundred units searching every tick cost more than the rest of the AI.
func (g *Game) walk(u *unit, to space.Cell) (there, ok bool) {
	if u.at == to {
		u.path, u.walked = nil, 0
		return true, true
	}
	// A path towards a moving target (an enemy's cell) is kept while
	// the target stays within 2 cells of its end and 3 cells or more are
	// left to walk: searching again each tick the target steps cost the
	// most of the AI's time when a hundred units hunt.
	moved := u.pathTo != to && (len(u.path) < 3 || space.Octile(u.pathTo, to) > 2)
	if len(u.path) == 0 || moved || g.grid.Blocked(u.path[0]) {
		p, _ := g.pf.Path(u.at, g.beside(u, to), g.buf)
		g.buf = p
		if len(p) < 2 {
			u.path = nil
			return false, false
		}
		u.path, u.pathTo = append(u.path[:0], p[1:]...), to
	}
	u.walked += u.speed
	for u.walked >= 1 && len(u.path) > 0 {
		u.next, u.path = u.path[0], u.path[1:]
		u.walked--
	}
	if len(u.path) == 0 {
		u.path, u.walked = nil, 0
	}
	return u.next == to, true
}

// beside returns to when it is free, else the free cell next to it
// nearest u (to when none is): a unit going to an enemy's cell goes next
// to it. A search for a taken cell, which it cannot reach, would search
// every cell it can reach before it settled for the nearest.
func (g *Game) beside(u *unit, to space.Cell) space.Cell {
	if !g.grid.Blocked(to) {
		return to
	}
	best, found := to, false
	for dy := -1; dy <= 1; dy++ {
		for dx := -1; dx <= 1; dx++ {
			c := space.Cell{X: to.X + dx, Y: to.Y + dy}
			if c == u.at {
				return c
			}
			if g.grid.Walkable(c) && (!found || space.Octile(u.at, c) < space.Octile(u.at, best)) {
				best, found = c, true
			}
		}
	}
	return best
}

// behaviors returns how unit i carries out the file's actions, by name.
func (g *Game) behaviors(i int) map[string]agent.Behavior {
	u := g.units[i]
	stop := func(*agent.Call) { u.path = nil } // an interrupted walk leaves no path drawn
	walking := func(step func(c *agent.Call) agent.Outcome) agent.Behavior {
		return agent.Behavior{Perform: step, Abort: stop}
	}
	moved := func(there, ok bool, c *agent.Call, why string) agent.Outcome {
		switch {
		case !ok:
			c.Reason = why
			return agent.Failure
		case there:
			return agent.Success
		}
		return agent.Continue
	}
	return map[string]agent.Behavior{
		"Go": walking(func(c *agent.Call) agent.Outcome {
			there, ok := g.walk(u, u.dest)
			return moved(there, ok, c, "no way there")
		}),
		"Stand": walking(func(c *agent.Call) agent.Outcome {
			there, ok := g.walk(u, u.hold)
			return moved(there, ok, c, "no way back")
		}),
		"Hunt": walking(func(c *agent.Call) agent.Outcome {
			if g.nearestEnemy(u, true) != nil {
				u.path = nil
				return agent.Success
			}
			if u.squadIndex >= 0 {
				// Blue hunts on what its squad knows: the last sighting
				// of an enemy out of sight, the nearest enemy (the
				// commander's intel) when nothing is known.
				if _, at, ok := g.lastSeen(u); ok {
					_, ok := g.walk(u, g.toward(u, at))
					return moved(false, ok, c, "no way to the last sighting")
				}
			}
			e := g.nearestEnemy(u, false)
			if e == nil {
				c.Reason = "no enemy left"
				return agent.Failure
			}
			_, ok := g.walk(u, g.toward(u, e.at))
			return moved(false, ok, c, "no way to the enemy")
		}),
		"Approach": walking(func(c *agent.Call) agent.Outcome {
			t := g.target(u)
			switch {
			case t == nil:
				c.Reason = "the target is down"
				return agent.Failure
			case g.sees(u, t):
				u.path = nil
				return agent.Success
			}
			_, ok := g.walk(u, g.toward(u, t.at))
			return moved(false, ok, c, "no way to the target")
		}),
		"Duck": walking(func(c *agent.Call) agent.Outcome {
			if c.Frame == 0 {
				e := g.nearestEnemy(u, false)
				if e == nil {
					return agent.Success // nobody to hide from
				}
				if t := g.target(u); t != nil {
					e = t // cover from which it may still shoot its target
				}
				spot, ok := g.coverSpot(u, e)
				if !ok {
					c.Reason = "no cover near"
					return agent.Failure
				}
				u.dest = spot // where it goes; a Move order sets it anew
			}
			there, ok := g.walk(u, u.dest)
			return moved(there, ok, c, "no way to cover")
		}),
		"Reload": {Perform: func(c *agent.Call) agent.Outcome {
			if c.Frame+1 < g.duration(c.Name) {
				return agent.Continue
			}
			u.ammo = Magazine
			return agent.Success
		}},
		"Shoot": {Perform: func(c *agent.Call) agent.Outcome {
			return g.shoot(u, g.nearestEnemy(u, true), c)
		}},
		"ShootTarget": {Perform: func(c *agent.Call) agent.Outcome {
			t := g.target(u)
			if t != nil && !g.sees(u, t) {
				t = nil
			}
			return g.shoot(u, t, c)
		}},
	}
}

// coverRadius is how far (path distance) a unit looks for cover.
const coverRadius = 12

// coverSpot returns the nearest walkable cell in cover from e that no
// other living unit stands on, best first: a firing position (in cover
// from every enemy in range, e in sight: a hurt unit fights on from
// there instead of hiding out of reach, which stalled matches), then one
// in cover from every enemy in range, then one in cover from e.
func (g *Game) coverSpot(u, e *unit) (space.Cell, bool) {
	// Cover lists walkable cells only, and u's own cell is blocked (u
	// stands there): it is tried first.
	g.buf = g.pf.Cover(u.at, e.at, coverRadius, g.buf)
	for pass := range 3 {
		if g.grid.InCover(u.at, e.at) && (pass == 2 || g.coveredAt(u, u.at) && (pass == 1 || g.seesFrom(u, u.at, e))) {
			return u.at, true // where it stands is as good as it gets
		}
		for _, c := range g.buf {
			if !g.free(u, c) || pass < 2 && !g.coveredAt(u, c) || pass == 0 && !g.seesFrom(u, c, e) {
				continue
			}
			return c, true
		}
	}
	return space.Cell{}, false
}

// free reports whether no living unit but u stands on c.
func (g *Game) free(u *unit, c space.Cell) bool {
	for _, o := range g.units {
		if o != u && !o.dead && o.at == c {
			return false
		}
	}
	return true
}

// seesFrom reports whether u would see e from cell c.
func (g *Game) seesFrom(u *unit, c space.Cell, e *unit) bool {
	return within(c, e.at, u.sight) && g.grid.Visible(c, e.at)
}

// toward returns where u goes to get at an enemy standing on cell at:
// straight there, or, when u is hurt, to a firing position near it (in
// cover, the enemy in sight) when one is within reach. Hurt units still
// push, from cover to cover, instead of stepping into the open, where
// they would duck back before they fire (a stall when both sides' last
// units are hurt).
func (g *Game) toward(u *unit, at space.Cell) space.Cell {
	if u.hp > HurtHP {
		return at
	}
	e := g.enemyOn(at)
	if e == nil {
		return at
	}
	if g.coveredAt(u, u.at) && g.seesFrom(u, u.at, e) {
		return u.at // where it stands serves
	}
	if len(u.path) > 0 && g.coveredAt(u, u.path[len(u.path)-1]) && g.seesFrom(u, u.path[len(u.path)-1], e) {
		return u.path[len(u.path)-1] // the spot chosen before still serves
	}
	g.buf = g.pf.Cover(u.at, at, coverRadius, g.buf)
	for _, c := range g.buf {
		if g.free(u, c) && g.coveredAt(u, c) && g.seesFrom(u, c, e) {
			return c
		}
	}
	return at
}

// enemyOn returns the living unit on cell c, or nil.
func (g *Game) enemyOn(c space.Cell) *unit {
	for _, o := range g.units {
		if !o.dead && o.at == c {
			return o
		}
	}
	return nil
}

// duration returns the ticks the file gives action name (at least 1).
func (g *Game) duration(name string) int {
	return max(g.file.Durations[name], 1)
}

// shoot aims at e for the action's duration, then fires a round: it hits
// with the action's chance (half that when e is in cover from u); a unit
// hit to 0 falls.
func (g *Game) shoot(u, e *unit, c *agent.Call) agent.Outcome {
	switch {
	case e == nil:
		c.Reason = "nobody in sight"
		return agent.Failure
	case u.ammo == 0:
		c.Reason = "no rounds left"
		return agent.Failure
	case c.Frame+1 < g.duration(c.Name):
		return agent.Continue // aiming
	}
	u.ammo--
	p, ok := g.file.Chance[c.Name]
	if !ok {
		p = 1
	}
	if g.grid.InCover(e.at, u.at) {
		p /= 2
	}
	hit := u.rng.Float64() < p
	g.shots = append(g.shots, Shot{By: u.name, At: e.name, From: u.at, To: e.at, Hit: hit})
	if hit {
		e.hp--
		if e.hp <= 0 {
			e.dead, e.path = true, nil
			g.grid.Unblock(e.at) // the fallen do not stand in the way
			g.know.Forget(e.name)
			e.a.Stop("died: shot by " + u.name)
		}
	}
	return agent.Success
}
