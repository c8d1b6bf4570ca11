// Package game is the squad shooter's model, apart from any engine: it
// loads a designer file with a map, runs its agents in the simulator
// (package agent/sim) a tick at a time, and says what to draw: the map's
// cells, each agent's cell, side, goal, plan and the path ahead. The
// Ebitengine front end (package main) draws it; tests read it.
package game

import (
	"fmt"
	"os"
	"time"

	"github.com/goap-go/goap/agent"
	"github.com/goap-go/goap/agent/sim"
	"github.com/goap-go/goap/agent/simspec"
	"github.com/goap-go/goap/goapfile"
	"github.com/goap-go/goap/goapfile/filetest"
	"github.com/goap-go/goap/space"
)

// Game is a running scene.
type Game struct {
	file  *goapfile.File
	world *sim.World
	seed  uint64
	// path and mod are the file's, for Reload (path "" for a built-in
	// scene).
	path string
	mod  time.Time
	// AITime is how long the last Step's planning and acting took.
	AITime time.Duration
}

// Unit is an agent as drawn.
type Unit struct {
	Name, Side string
	At         space.Cell
	Dead       bool
	Goal       string       // "" when it has none
	Plan       []string     // the actions left, the current one first
	Path       []space.Cell // the cells it still walks, nil when it stands
}

// Load reads a designer file with a map and agents on it, and starts its
// simulation with the given seed.
func Load(path string, seed uint64) (*Game, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	f, err := goapfile.Load(path)
	if err != nil {
		return nil, err
	}
	g, err := start(f, seed)
	if err != nil {
		return nil, err
	}
	g.path, g.mod = path, st.ModTime()
	return g, nil
}

// Changed reports whether the scene's file was saved since it was read
// (a built-in scene never changes).
func (g *Game) Changed() bool {
	if g.path == "" {
		return false
	}
	st, err := os.Stat(g.path)
	return err == nil && !st.ModTime().Equal(g.mod)
}

// Reload reads the scene's file again and starts it anew: a designer's
// loop, edit and see. When the file has a mistake, the scene runs on as
// it was and the error says what is wrong (file, line, column).
func (g *Game) Reload() error {
	if g.path == "" {
		return g.Restart()
	}
	st, err := os.Stat(g.path)
	if err != nil {
		return err
	}
	g.mod = st.ModTime() // a broken save is reported once, not every frame
	f, err := goapfile.Load(g.path)
	if err != nil {
		return err
	}
	n, err := start(f, g.seed)
	if err != nil {
		return err
	}
	g.file, g.world = n.file, n.world
	return nil
}

// Parse is Load for a file's bytes (a scene built into the program).
func Parse(name string, data []byte, seed uint64) (*Game, error) {
	f, err := goapfile.Parse(name, data)
	if err != nil {
		return nil, err
	}
	return start(f, seed)
}

// start starts the scene of file f.
func start(f *goapfile.File, seed uint64) (*Game, error) {
	if f.Map == nil || len(f.Agents) == 0 {
		return nil, fmt.Errorf("%s: the game needs a map: and agents: on it", f.Path)
	}
	g := &Game{file: f, seed: seed}
	return g, g.Restart()
}

// Restart starts the scene again.
func (g *Game) Restart() error {
	cfg := filetest.SimConfig(g.file)
	cfg.Seed = g.seed
	cfg.DiscardLog = true
	w, err := sim.New(cfg)
	if err != nil {
		return err
	}
	g.world = w
	return nil
}

// Step runs one tick of the simulation and measures it.
func (g *Game) Step() {
	t0 := time.Now()
	g.world.Step()
	g.AITime = time.Since(t0)
}

// Tick returns the ticks run.
func (g *Game) Tick() int { return g.world.Tick() }

// Map returns the map as the world has it (doors as they are now).
func (g *Game) Map() *space.Grid { return g.world.Map() }

// Winner names the only side left, or "" while both fight.
func (g *Game) Winner() string { return g.world.Winner() }

// Units returns the agents as they are now, in the file's order.
func (g *Game) Units() []Unit {
	var out []Unit
	for i, a := range g.world.Agents() {
		u := Unit{Name: a.Name(), Side: g.file.Agents[i].Side, Dead: a.Phase() == agent.Stopped}
		u.At, _ = g.world.Position(u.Name)
		if t := a.Goal(); t != nil {
			u.Goal = t.Name()
		}
		d := a.Domain()
		for _, id := range a.Plan() {
			u.Plan = append(u.Plan, d.ActionName(id))
		}
		u.Path = g.world.Path(u.Name)
		out = append(out, u)
	}
	return out
}

// Posts returns the places units can be ordered to: the map's objects of
// type post.
func (g *Game) Posts() []space.Object {
	var out []space.Object
	for _, o := range g.Map().Objects() {
		if o.Type == "post" {
			out = append(out, o)
		}
	}
	return out
}

// Nearest returns the post nearest to cell c, and false when the map has
// none.
func (g *Game) Nearest(c space.Cell) (space.Object, bool) {
	var best space.Object
	found := false
	for _, o := range g.Posts() {
		if !found || space.Octile(c, o.At) < space.Octile(c, best.At) {
			best, found = o, true
		}
	}
	return best, found
}

// Bias is how much an order raises its goal over the unit's own: units
// follow orders, not to the detriment of goals that score higher.
const Bias = 10

// MoveTo orders unit to the post: from the next tick the unit's target
// (its goto fact) is the post, and its Move goal is recommended with
// Bias, as a commander's order is (agent.Agent.Recommend). The unit plans
// how to get there.
func (g *Game) MoveTo(unit, post string) error {
	a := g.agent(unit)
	if a == nil {
		return fmt.Errorf("no unit %q", unit)
	}
	if err := g.world.Schedule(simspec.WorldChange{Tick: g.Tick() + 1, Agent: unit,
		Set: map[string]any{"goto": post, "arrived": false}}); err != nil {
		return err
	}
	return a.Recommend("Move", Bias, nil)
}

// Hold withdraws the unit's order: it stops where it is once its current
// step is done, unless a goal of its own takes over.
func (g *Game) Hold(unit string) error {
	a := g.agent(unit)
	if a == nil {
		return fmt.Errorf("no unit %q", unit)
	}
	a.Withdraw("Move")
	return nil
}

// agent returns the named unit's agent, or nil.
func (g *Game) agent(name string) *agent.Agent {
	for _, a := range g.world.Agents() {
		if a.Name() == name {
			return a
		}
	}
	return nil
}
