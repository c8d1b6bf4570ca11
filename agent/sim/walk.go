package sim

import (
	"fmt"
	"maps"
	"slices"

	"github.com/goap-go/goap"
	"github.com/goap-go/goap/agent"
	"github.com/goap-go/goap/space"
)

// Space: with a map (Config.Map), each agent stands on a cell, and an
// action performed somewhere (Config.Places) first takes the agent there
// along a path, at its speed (Orkin's MoveTo state): the travel time
// comes from the map. Doors follow the world's facts open(NAME) and
// locked(NAME), so a door closed by an action or an event reroutes the
// agents walking through it.

// walker is the world's space.
type walker struct {
	grid *space.Grid // the world's own copy of Config.Map
	pf   *space.Pathfinder
	pos  []space.Cell // per agent
	// placed is per agent: it stands on the map (At); one without a
	// place (a commander without a body) is not seen and sees nothing.
	placed []bool
	speed  []float64 // per agent: cells per tick
	// per agent: the path being walked, the cells walked from it, the
	// fraction of a cell walked toward the next, and the grid's version
	// when the path was found.
	path    [][]space.Cell
	walked  []int
	partial []float64
	version []uint64
	// place is per action: where it is performed; at says it has one.
	place []space.Cell
	at    []bool
	// doors: each door's name and its facts.
	doors []door
	// sight is per agent: what it sees (nil: it has no sight).
	sight []*eyesight
}

// door is a door of the map and the world facts that hold its state.
type door struct {
	name         string
	open, locked goap.FactID
	hasOpen      bool
	hasLocked    bool
}

// setupSpace checks the map and the places of cfg.
func (w *World) setupSpace(cfg Config, bad func(string, ...any)) {
	if cfg.Map == nil {
		if len(cfg.Places) > 0 {
			bad("Places need a Map")
		}
		return
	}
	s := &w.space
	s.grid = cfg.Map.Clone()
	s.pf = space.NewPathfinder(s.grid)
	n := w.d.NumActions()
	s.place, s.at = make([]space.Cell, n), make([]bool, n)
	for _, name := range sortedNames(cfg.Places) {
		c := space.Cell{X: cfg.Places[name][0], Y: cfg.Places[name][1]}
		ids := w.d.ActionsNamed(name)
		switch {
		case ids == nil:
			bad("Places: unknown action %q", name)
		case !s.grid.In(c):
			bad("Places: %s at %v is outside the map", name, c)
		}
		for _, id := range ids {
			s.place[id], s.at[id] = c, true
		}
	}
	for _, o := range s.grid.Objects() {
		if _, isDoor := s.grid.Door(o.Name); !isDoor {
			continue
		}
		d := door{name: o.Name}
		d.open, d.hasOpen = w.d.FactID("open(" + o.Name + ")")
		d.locked, d.hasLocked = w.d.FactID("locked(" + o.Name + ")")
		s.doors = append(s.doors, d)
	}
	w.syncDoors()
}

// sortedNames returns m's keys in order.
func sortedNames[V any](m map[string]V) []string {
	return slices.Sorted(maps.Keys(m))
}

// agentSpace places agent i at its cell.
func (w *World) agentSpace(i int, at *[2]int, speed float64, name string) error {
	s := &w.space
	if s.grid == nil {
		if at != nil {
			return fmt.Errorf("sim: agent %s: At needs a Map", name)
		}
		return nil
	}
	c := space.Cell{}
	if at != nil {
		c = space.Cell{X: at[0], Y: at[1]}
		if !s.grid.Walkable(c) {
			return fmt.Errorf("sim: agent %s: cannot stand at %v", name, c)
		}
	}
	if speed <= 0 {
		speed = 1
	}
	s.pos = append(s.pos, c)
	s.placed = append(s.placed, at != nil)
	s.speed = append(s.speed, speed)
	s.path = append(s.path, nil)
	s.walked = append(s.walked, 0)
	s.partial = append(s.partial, 0)
	s.version = append(s.version, 0)
	return nil
}

// occupy blocks the cells of the agents on the map (Config.AgentsBlock).
func (w *World) occupy() {
	s := &w.space
	if !w.cfg.AgentsBlock || s.grid == nil {
		return
	}
	for i, c := range s.pos {
		if s.placed[i] {
			s.grid.Block(c)
		}
	}
}

// vacate takes dead agent i off its cell (Config.AgentsBlock).
func (w *World) vacate(i int) {
	s := &w.space
	if w.cfg.AgentsBlock && s.grid != nil && s.placed[i] {
		s.grid.Unblock(s.pos[i])
	}
}

// step moves agent i one cell along its path; with AgentsBlock it stays
// when another agent stands there, and reports whether it moved.
func (w *World) step(i int) bool {
	s := &w.space
	next := s.path[i][s.walked[i]+1]
	if w.cfg.AgentsBlock && s.placed[i] {
		if s.grid.Blocked(next) {
			return false // a safeguard: paths are found around the agents, again whenever one moves
		}
		s.grid.Unblock(s.pos[i])
		s.grid.Block(next)
	}
	s.walked[i]++
	s.pos[i] = next
	return true
}

// takenBy names the living agent standing on c, or "".
func (w *World) takenBy(c space.Cell, except int) string {
	for j, p := range w.space.pos {
		if j != except && p == c && w.space.placed[j] && !w.combat.dead[j] {
			return w.names[j]
		}
	}
	return ""
}

// syncDoors sets the map's doors from the world's facts.
func (w *World) syncDoors() {
	for _, d := range w.space.doors {
		st := space.DoorClosed
		switch {
		case d.hasOpen && w.state.Get(d.open) != 0:
			st = space.DoorOpen
		case d.hasLocked && w.state.Get(d.locked) != 0:
			st = space.DoorLocked
		case !d.hasOpen && !d.hasLocked:
			continue // no fact holds it: it stays as drawn
		}
		if cur, _ := w.space.grid.Door(d.name); cur != st {
			_ = w.space.grid.SetDoor(d.name, st) // a door of the grid, a known state
		}
	}
}

// walk is the MoveTo handler of an action with a place: agent i walks
// its path at its speed, finding it again when the map changed (a door
// closed, with AgentsBlock an agent moved), and arrives, or fails when no
// path leads there (with AgentsBlock: once it is as near as it can get).
func (w *World) walk(i int, c *agent.Call) agent.Outcome {
	s := &w.space
	to := s.place[c.Action]
	if c.Frame == 0 || s.version[i] != s.pf.Version() || s.path[i] == nil {
		path, ok := s.pf.Path(s.pos[i], to, s.path[i])
		if !ok && (!w.cfg.AgentsBlock || len(path) < 2) {
			s.path[i] = path[:0]
			c.Reason = fmt.Sprintf("no path from %v to %v", s.pos[i], to)
			if who := w.takenBy(to, i); w.cfg.AgentsBlock && who != "" {
				c.Reason = fmt.Sprintf("%v is taken by %s", to, who)
			}
			return agent.Failure
		}
		s.path[i], s.walked[i], s.version[i] = path, 0, s.pf.Version()
		if c.Frame == 0 {
			s.partial[i] = 0
		}
	}
	s.partial[i] += s.speed[i]
	for s.partial[i] >= 1 && s.walked[i]+1 < len(s.path[i]) {
		if !w.step(i) {
			s.partial[i] = 0 // waits for the way to clear
			break
		}
		s.partial[i]--
	}
	if s.pos[i] != to {
		if s.walked[i]+1 >= len(s.path[i]) {
			s.path[i] = nil // as near as it gets: ask again next tick
		}
		return agent.Continue
	}
	s.path[i] = s.path[i][:0]
	w.look(i, c)
	return agent.Success
}

// Position returns the named agent's cell on the map, and false when the
// world has no map or no such agent, or the agent has no place on the map
// (no At: a commander without a body).
func (w *World) Position(name string) (space.Cell, bool) {
	i := slices.Index(w.names, name)
	if w.space.grid == nil || i < 0 || i >= len(w.space.pos) || !w.space.placed[i] {
		return space.Cell{}, false
	}
	return w.space.pos[i], true
}

// Map returns the world's map (its own copy of Config.Map, doors as the
// world has them), or nil.
func (w *World) Map() *space.Grid { return w.space.grid }

// Path returns the cells the named agent still has to walk on its way to
// its current action's place, the last one the place itself: nil when it
// is not walking along the map. The slice is the world's: read it before
// the next Step.
func (w *World) Path(name string) []space.Cell {
	i := slices.Index(w.names, name)
	s := &w.space
	if s.grid == nil || i < 0 || i >= len(s.path) || w.agents[i].Phase() != agent.MovingTo {
		return nil
	}
	act, ok := w.agents[i].Action()
	p := s.path[i]
	if !ok || !s.at[act] || s.walked[i]+1 >= len(p) || p[len(p)-1] != s.place[act] {
		return nil // not walking, or its path is one of an earlier walk
	}
	return p[s.walked[i]+1:]
}
