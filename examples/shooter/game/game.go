// Package game is the squad shooter's model, apart from any engine: it
// loads a designer file with a map and agents on it, builds the agents
// and squads with package agent/roster, bound to the game's own actions
// (how Go walks, how Shoot aims and hits) and senses (what a unit sees,
// whether it is hurt or in cover), plans through an agent.Scheduler
// within a budget of expansions per tick, and says what to draw: the
// map, each unit's cell, side, health, goal, plan and path, the shots of
// the tick. The Ebitengine front end (package main) draws it; tests read
// it.
//
// The player commands blue's squad through its commander (MoveTo,
// Attack, TakeCover, Hold): each order is a standing order of the squad
// (squad.Squad.Command), a goal recommended with Bias, so that a unit
// still weighs it against its own goals: hurt and out of cover, it takes
// cover first (the file's TakeCover scores 30).
package game

import (
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"sort"
	"time"

	"github.com/goap-go/goap"
	"github.com/goap-go/goap/agent"
	"github.com/goap-go/goap/agent/roster"
	"github.com/goap-go/goap/agent/squad"
	"github.com/goap-go/goap/goapfile"
	"github.com/goap-go/goap/space"
)

// Rules of the game that the file does not give.
const (
	// MaxHP is a unit's health at the start; a hit takes one point, and
	// a unit at HurtHP or less is hurt.
	MaxHP  = 4
	HurtHP = 2
	// Magazine is the rounds a unit fires before it reloads.
	Magazine = 4
	// Bias is how much an order raises its goal over the unit's own:
	// units follow orders, not to the detriment of goals that score
	// higher (TakeCover when hurt).
	Bias = 10
	// Budget is how many states the scheduler expands per tick for all
	// the agents together; Slice how many one agent expands per turn.
	Budget = 4000
	Slice  = 200
)

// Game is a running scene.
type Game struct {
	file *goapfile.File
	seed uint64
	// path and mod are the file's, for Reload (path "" for a built-in
	// scene).
	path string
	mod  time.Time

	grid    *space.Grid
	pf      *space.Pathfinder
	units   []*unit
	cmd     *agent.Agent // blue's commander: the player's orders go through it
	squad   *squad.Squad // blue's squad
	members []*unit      // blue's squad's units, by index in the squad
	// lead is whether blue's commander leads on its own (its goal Lead):
	// it keeps the squad's members hunting (Sweep) unless they follow
	// another order; without it, only the player gives orders.
	lead bool
	idle []int // a buffer of member indices for lead's orders
	// know is blue's shared picture: its units report the enemies they
	// see, and hunt toward the last sightings of those out of sight.
	know squad.Knowledge
	// focus names the unit the player watches ("" for none), poi the
	// point of interest of this tick's planning (Scheduler.Near): the
	// focus unit, else the centre of blue's squad.
	focus   string
	poi     space.Cell
	byAgent map[*agent.Agent]*unit
	sched   *agent.Scheduler
	tick    int
	shots   []Shot // this tick's
	facts   facts
	buf     []space.Cell
	onEvent func(agent.Event)

	// AITime is how long the last Step's planning and acting took;
	// Times the last Steps' (up to 512), oldest first.
	AITime time.Duration
	times  []time.Duration
	ntimes int
}

// unit is an agent with a body.
type unit struct {
	name, side string
	a          *agent.Agent
	at         space.Cell
	next       space.Cell // where it stands at the end of the tick (walk)
	speed      float64    // cells per tick
	sight      float64
	walked     float64 // progress towards the next cell
	hp, ammo   int
	dead       bool
	path       []space.Cell // the cells it still walks
	pathTo     space.Cell   // where path was found to
	dest       space.Cell   // a Move order's cell
	hold       space.Cell   // a Hold order's cell
	target     int          // an Attack order's enemy, -1 for none
	rng        *rand.Rand
	events     [keptEvents]agent.Event // the latest, a ring, for the page's panel
	nevents    int                     // events so far
	squadIndex int                     // its index in blue's squad, -1 outside it
}

// facts are the fact ids the game writes.
type facts struct {
	enemyInSight, enemyDown, inCover, hurt, loaded, arrived, targetVisible, targetDown, held goap.FactID
}

// Shot is a shot fired in the last tick: by whom at whom, from where to
// where, and whether it hit.
type Shot struct {
	By, At   string
	From, To space.Cell
	Hit      bool
}

// Unit is an agent as drawn.
type Unit struct {
	Name, Side string
	At         space.Cell
	Dead       bool
	HP, Ammo   int
	InCover    bool
	Goal       string       // "" when it has none
	Plan       []string     // the actions left, the current one first
	Path       []space.Cell // the cells it still walks, nil when it stands
	// Order is its standing order's goal ("" for none) and Report the
	// unit's latest word on it ("picked", "declined", ...; "" for none).
	Order, Report string
}

// Load reads a designer file with a map and agents on it, and starts it
// with the given seed.
func Load(path string, seed uint64) (*Game, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	f, err := goapfile.Load(path)
	if err != nil {
		return nil, err
	}
	g := &Game{file: f, seed: seed}
	if err := g.Restart(); err != nil {
		return nil, err
	}
	g.path, g.mod = path, st.ModTime()
	return g, nil
}

// Parse is Load for a file's bytes (a scene built into the program).
func Parse(name string, data []byte, seed uint64) (*Game, error) {
	f, err := goapfile.Parse(name, data)
	if err != nil {
		return nil, err
	}
	g := &Game{file: f, seed: seed}
	return g, g.Restart()
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
	// The new file is tried on a game of its own first: a file the game
	// cannot start leaves the scene running as it was.
	if err := (&Game{file: f, seed: g.seed}).Restart(); err != nil {
		return err
	}
	g.file = f
	return g.Restart()
}

// OnEvent makes f receive every agent's and the squad's events from the
// next Restart or Reload on, as well as those of the scene running now.
func (g *Game) OnEvent(f func(agent.Event)) { g.onEvent = f }

// Restart starts the scene again.
func (g *Game) Restart() error {
	f := g.file
	if f.Map == nil || len(f.Agents) == 0 {
		return fmt.Errorf("%s: the game needs a map: and agents: on it", f.Path)
	}
	d := f.Domain
	var err error
	id := func(name string) goap.FactID {
		v, ok := d.FactID(name)
		if !ok && err == nil {
			err = fmt.Errorf("%s: the game needs the fact %s", f.Path, name)
		}
		return v
	}
	g.facts = facts{id("enemy_in_sight"), id("enemy_down"), id("in_cover"), id("hurt"), id("loaded"),
		id("arrived"), id("target_visible"), id("target_down"), id("held")}
	if err != nil {
		return err
	}
	g.grid = f.Map.Clone()
	g.pf = space.NewPathfinder(g.grid)
	g.tick, g.shots, g.units, g.times, g.ntimes, g.AITime = 0, nil, nil, nil, 0, 0
	for i, spec := range f.Agents {
		u := &unit{name: spec.Name, side: spec.Side, speed: spec.Speed, sight: spec.Sight, hp: MaxHP, ammo: Magazine,
			target: -1, squadIndex: -1, rng: rand.New(rand.NewPCG(g.seed, uint64(i)))}
		if u.speed == 0 {
			u.speed = 1
		}
		if spec.At != nil {
			u.at = space.Cell{X: spec.At[0], Y: spec.At[1]}
		}
		u.dest, u.hold, u.next = u.at, u.at, u.at
		g.units = append(g.units, u)
	}
	r, err := roster.Build(roster.Spec{Domain: d, Agents: f.Agents, GoalRules: f.GoalRules, Squads: f.Squads,
		Orders: f.Orders, Timeouts: f.Timeouts, Backoffs: f.Backoffs}, roster.Bindings{
		Behaviors: g.behaviors,
		Sense: func(i int, sensor string, _ []goap.FactID, _ bool) func(*agent.Blackboard) bool {
			return func(b *agent.Blackboard) bool { return g.sense(i, b) }
		},
		Backoff: 2,
		OnEvent: g.event,
	})
	if err != nil {
		return err
	}
	for i, a := range r.Agents {
		g.units[i].a = a
	}
	g.cmd, g.squad, g.members, g.lead, g.know = nil, nil, nil, false, squad.Knowledge{}
	for _, s := range r.Squads {
		if len(s.Members) > 0 && g.unitOf(s.Members[0].Unit).side == "blue" {
			g.squad = s
			g.cmd = r.Agent(f.Squads[slices.Index(r.Squads, s)].Commander)
			g.members = nil
			for k, m := range s.Members {
				u := g.unitOf(m.Unit)
				u.squadIndex = k
				g.members = append(g.members, u)
			}
			for _, spec := range f.Agents {
				if spec.Name == g.cmd.Name() {
					g.lead = slices.Contains(spec.Goals, "Lead")
				}
			}
			for _, m := range s.Members {
				if _, ok := m.Unit.Score("Sweep"); g.lead && !ok {
					return fmt.Errorf("%s: %s leads (goal Lead), and its squad's %s has no goal Sweep to be ordered", f.Path, g.cmd.Name(), m.Unit.Name())
				}
			}
		}
	}
	g.byAgent = make(map[*agent.Agent]*unit, len(g.units))
	for _, u := range g.units {
		g.byAgent[u.a] = u
		if u.a != g.cmd {
			if !g.grid.Walkable(u.at) {
				return fmt.Errorf("%s: %s cannot stand at %v", f.Path, u.name, u.at)
			}
			g.grid.Block(u.at) // units stand in each other's way
		}
	}
	// The units nearest the point of interest plan first: when the
	// budget runs out, those the player looks at are not the ones late.
	g.sched = &agent.Scheduler{Budget: Budget, Slice: Slice, Near: g.near}
	return g.sched.Add(r.Agents...)
}

// unitOf returns a's unit.
func (g *Game) unitOf(a *agent.Agent) *unit {
	for _, u := range g.units {
		if u.a == a {
			return u
		}
	}
	return nil
}

// keptEvents is how many of its latest events a unit keeps.
const keptEvents = 8

// event keeps an agent's event for its panel (as it is: written out only
// when asked for, so that a tick allocates nothing for it) and passes it
// on.
func (g *Game) event(e agent.Event) {
	e.Tick = g.tick
	for _, u := range g.units {
		if u.name == e.Agent {
			u.events[u.nevents%keptEvents] = e
			u.nevents++
		}
	}
	if g.onEvent != nil {
		g.onEvent(e)
	}
}

// Step runs one tick: every unit senses, plans within the scheduler's
// budget and acts; then the living take the steps they walked. It
// measures the time taken.
//
// Once the match is over, nothing happens: the winners, nobody left to
// hunt, would only fail to find a plan again and again.
func (g *Game) Step() {
	g.shots = g.shots[:0]
	if g.Over() {
		return
	}
	t0 := time.Now()
	g.tick++
	if g.lead {
		g.command()
	}
	g.poi = g.pointOfInterest()
	g.sched.Update(1)
	// Units move together: each walks from where it stood when the tick
	// began, seen there by every unit acting after it. Moving as it
	// acted, a unit walked into the sight of enemies that acted later
	// in the tick and saw it first: the side listed second won the
	// stress scene every time. Units block each other: a step onto a
	// cell taken meanwhile (two units chose it, or the one there stays)
	// is not taken, and the unit finds its way again.
	for _, u := range g.units {
		if !u.dead && u.next != u.at {
			if g.grid.Blocked(u.next) {
				u.path, u.walked = nil, 0
			} else {
				g.grid.Unblock(u.at)
				g.grid.Block(u.next)
				u.at = u.next
			}
		}
		u.next = u.at
	}
	g.AITime = time.Since(t0)
	if len(g.times) < 512 {
		g.times = append(g.times, g.AITime)
	} else {
		g.times[g.ntimes%512] = g.AITime
	}
	g.ntimes++
}

// Focus makes the named unit the point of interest of planning: the
// units nearest it plan first each tick (Scheduler.Near). "" (or a unit
// that is dead or unknown) puts it at the centre of blue's squad.
func (g *Game) Focus(name string) { g.focus = name }

// pointOfInterest returns the focus unit's cell, else the centre of
// blue's squad's living units (the map's centre when none is left).
func (g *Game) pointOfInterest() space.Cell {
	for _, u := range g.units {
		if u.name == g.focus && !u.dead && u.a != g.cmd {
			return u.at
		}
	}
	x, y, n := 0, 0, 0
	for _, u := range g.members {
		if !u.dead {
			x, y, n = x+u.at.X, y+u.at.Y, n+1
		}
	}
	if n == 0 {
		return space.Cell{X: g.grid.Width() / 2, Y: g.grid.Height() / 2}
	}
	return space.Cell{X: x / n, Y: y / n}
}

// near is the scheduler's Near: a unit's distance from the point of
// interest (blue's commander, which has no body, first: its plans are
// the squad's).
func (g *Game) near(a *agent.Agent) float64 {
	u := g.byAgent[a]
	if u == nil || u.a == g.cmd {
		return 0
	}
	return distance(u.at, g.poi)
}

// command is blue's commander leading (a commander with the goal Lead):
// each member without an order, or whose order is done (completed,
// already met, failed), is ordered to Sweep, to hunt on what the squad
// knows; the player's orders come first while they stand.
func (g *Game) command() {
	g.idle = g.idle[:0]
	for i, u := range g.members {
		goal, st := g.squad.Standing(i)
		if !u.dead && (goal == "" || goal != "Sweep" && (st == agent.Completed || st == agent.AlreadySatisfied || st == agent.Failed)) {
			g.idle = append(g.idle, i)
		}
	}
	if len(g.idle) > 0 {
		_ = g.squad.Command(g.cmd, squad.Order{Goal: "Sweep", Bias: Bias, Units: g.idle}) // members of the squad with the goal: Restart checked
	}
}

// Times returns the mean and the 99th percentile of the last Steps' AI
// times (up to 512), and how many Steps they are.
func (g *Game) Times() (mean, p99 time.Duration, n int) {
	if len(g.times) == 0 {
		return 0, 0, 0
	}
	s := slices.Clone(g.times)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	var sum time.Duration
	for _, t := range s {
		sum += t
	}
	return sum / time.Duration(len(s)), s[(len(s)*99+99)/100-1], len(s)
}

// Slowest returns the ticks (from 1) of the n slowest Steps among the
// first 512, slowest first, with their times.
func (g *Game) Slowest(n int) (ticks []int, times []time.Duration) {
	idx := make([]int, len(g.times))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return g.times[idx[a]] > g.times[idx[b]] })
	for _, i := range idx[:min(n, len(idx))] {
		ticks, times = append(ticks, i+1), append(times, g.times[i])
	}
	return ticks, times
}

// LastSeen returns what blue's squad knows of the enemy: the latest
// sighting of each red unit standing, by name, its tick in At (the age
// is Tick() - At).
func (g *Game) LastSeen() []squad.Sighting { return g.know.Sightings(float64(g.tick)) }

// Tick returns the ticks run.
func (g *Game) Tick() int { return g.tick }

// Map returns the map.
func (g *Game) Map() *space.Grid { return g.grid }

// Shots returns the shots fired in the last tick.
func (g *Game) Shots() []Shot { return g.shots }

// Alive counts the living units of side.
func (g *Game) Alive(side string) int {
	n := 0
	for _, u := range g.units {
		if u.side == side && !u.dead {
			n++
		}
	}
	return n
}

// Winner names the only side left, or "" while two fight (and in a
// scene with one side).
func (g *Game) Winner() string {
	first, sides := "", false // sides: the scene has two sides or more
	living, fighting := "", false
	for _, u := range g.units {
		if u.side == "" {
			continue
		}
		if first == "" {
			first = u.side
		} else if u.side != first {
			sides = true
		}
		if !u.dead {
			if living == "" {
				living = u.side
			} else if u.side != living {
				fighting = true
			}
		}
	}
	if !sides || fighting {
		return ""
	}
	return living
}

// Over reports whether the match is over: a side is down.
func (g *Game) Over() bool { return g.Winner() != "" }

// Units returns the units (blue's commander, which has no body, left
// out) as they are now, in the file's order.
func (g *Game) Units() []Unit {
	var out []Unit
	for _, u := range g.units {
		if u.a == g.cmd {
			continue
		}
		v := Unit{Name: u.name, Side: u.side, At: u.at, Dead: u.dead, HP: u.hp, Ammo: u.ammo,
			InCover: g.inCover(u), Path: slices.Clone(u.path)}
		if t := u.a.Goal(); t != nil && !u.dead {
			v.Goal = t.Name()
		}
		if !u.dead {
			d := u.a.Domain()
			for _, id := range u.a.Plan() {
				v.Plan = append(v.Plan, d.ActionName(id))
			}
		}
		if u.squadIndex >= 0 {
			goal, st := g.squad.Standing(u.squadIndex)
			v.Order = goal
			if st != 0 {
				v.Report = st.String()
			}
		}
		out = append(out, v)
	}
	return out
}

// Events returns the named unit's latest events (up to 8), newest last,
// written out: for a panel that shows one unit (Units leaves them out, so
// that drawing every frame makes no garbage of them).
func (g *Game) Events(name string) []string {
	u := g.find(name)
	if u == nil {
		return nil
	}
	var out []string
	for k := max(0, u.nevents-keptEvents); k < u.nevents; k++ {
		out = append(out, u.events[k%keptEvents].String())
	}
	return out
}

// Posts returns the map's objects of type post: places a designer marked
// for orders.
func (g *Game) Posts() []space.Object {
	var out []space.Object
	for _, o := range g.grid.Objects() {
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

// UnitAt returns the living unit standing on cell c.
func (g *Game) UnitAt(c space.Cell) (Unit, bool) {
	for _, u := range g.Units() {
		if u.At == c && !u.Dead {
			return u, true
		}
	}
	return Unit{}, false
}

// find returns the named unit, or nil.
func (g *Game) find(name string) *unit {
	for _, u := range g.units {
		if u.name == name {
			return u
		}
	}
	return nil
}

// Agents returns every agent of the scene, blue's commander included, in
// the file's order: for a debugger's recorder to watch.
func (g *Game) Agents() []*agent.Agent {
	out := make([]*agent.Agent, len(g.units))
	for i, u := range g.units {
		out[i] = u.a
	}
	return out
}

// Squad returns the player's squad's name, its commander's name and its
// members' names ("" and nil when the scene has none).
func (g *Game) Squad() (name, commander string, members []string) {
	if g.squad == nil {
		return "", "", nil
	}
	for _, m := range g.squad.Members {
		members = append(members, m.Unit.Name())
	}
	return g.squad.Name, g.cmd.Name(), members
}

// Sides gives each unit's side by name.
func (g *Game) Sides() map[string]string {
	out := map[string]string{}
	for _, u := range g.units {
		if u.side != "" {
			out[u.name] = u.side
		}
	}
	return out
}

// Position returns the named unit's cell (false for none, and for blue's
// commander, which has no body); with Path it is what a debugger's
// recorder reads for its map (debugger.Space).
func (g *Game) Position(name string) (space.Cell, bool) {
	u := g.find(name)
	if u == nil || u.a == g.cmd {
		return space.Cell{}, false
	}
	return u.at, true
}

// Path returns the cells the named unit still walks (nil when it
// stands).
func (g *Game) Path(name string) []space.Cell {
	if u := g.find(name); u != nil {
		return u.path
	}
	return nil
}
