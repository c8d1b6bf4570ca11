package space

import (
	"fmt"
	"math"
	"slices"
	"strconv"

	"github.com/goap-go/goap/internal/suggest"
)

// Cell is a position on a grid: column X from the left, row Y from the
// top, both from 0.
type Cell struct{ X, Y int }

// String returns the cell as designer files write it: "[x, y]".
func (c Cell) String() string {
	return "[" + strconv.Itoa(c.X) + ", " + strconv.Itoa(c.Y) + "]"
}

// DoorState is the state of a door. Only an open door lets anyone through
// or lets sight pass; a closed door can be opened by an action, a locked
// one needs whatever the game says unlocks it. Which is which is the
// game's business: the grid only keeps the state.
type DoorState uint8

// The states of a door.
const (
	DoorOpen DoorState = iota
	DoorClosed
	DoorLocked
)

var doorStateNames = [...]string{"open", "closed", "locked"}

// String returns "open", "closed" or "locked".
func (s DoorState) String() string {
	if int(s) < len(doorStateNames) {
		return doorStateNames[s]
	}
	return "DoorState(" + strconv.Itoa(int(s)) + ")"
}

// ParseDoorState reads "open", "closed" or "locked".
func ParseDoorState(s string) (DoorState, bool) {
	i := slices.Index(doorStateNames[:], s)
	return DoorState(max(i, 0)), i >= 0
}

// Object is a thing on the map, in the shape of a designer file's
// `objects:` entry (goapfile.Object): a name, a type, its cell, and the
// actions it offers (a smart object). Every door is an object too, of type
// "door" unless its legend says otherwise.
type Object struct {
	Name, Type string
	At         Cell
	Offers     []string
}

// The bits of a cell's flags.
const (
	fWall  uint8 = 1 << iota // blocks moves and sight
	fCover                   // blocks moves, not sight; covers what is behind it
	fDoor                    // a door stands here
	fShut                    // the door is closed or locked: blocks moves and sight
)

// maxCells bounds a grid's size, so that cell indices fit the
// pathfinder's int32 parents with room to spare.
const maxCells = 1 << 26

// Grid is a map of square cells, 8-connected. A cell is walkable unless it
// holds a wall, cover, a door that is not open, or a dynamic blocker;
// moving into a cell costs its cost (1 unless set) times the step's
// length (1 straight, √2 diagonal), and a diagonal step needs both cells
// beside it walkable (no cutting corners).
//
// Walls, cover and costs are the map's fixed shape. Doors keep their
// state in a table that the game updates (SetDoor) when the world fact
// behind a door changes, rather than a callback the grid would call while
// searching: the table tells the grid when a path may have changed, which
// is what lets a Pathfinder reuse paths until then, and a search never
// calls back into game code. Blockers (Block, Unblock) are a separate
// layer for agents that stand in a cell.
//
// Every edit that can change a path increments Version.
type Grid struct {
	w, h, pw int       // size; pw = w+2, the row stride of the padded arrays
	flags    []uint8   // per padded cell: fWall, fCover, fDoor, fShut
	cost     []float64 // per padded cell: the cost of entering it
	blockers []uint16  // per padded cell: Block calls not yet undone
	walk     []bool    // per padded cell: walkable now (false on the border)
	heavy    int       // cells whose cost is not 1 (jump point search needs 0)
	version  uint64

	doors   map[string]int // name -> padded index
	doorAt  map[int]string // padded index -> name
	points  map[string]Cell
	pointNs []string // in the order added
	regions map[string][]Cell
	regionN []string // in the order added
	objects []placed
	objIdx  map[string]int // name -> index in objects
}

// NewGrid returns a w x h grid of walkable floor that costs 1 a cell. It
// panics when w or h is below 1 or the grid has more than 2^26 cells.
func NewGrid(w, h int) *Grid {
	if w < 1 || h < 1 || w > maxCells/h {
		panic(fmt.Sprintf("space: NewGrid(%d, %d): a grid is 1x1 to 2^26 cells", w, h))
	}
	pw := w + 2
	n := pw * (h + 2)
	g := &Grid{
		w: w, h: h, pw: pw,
		flags:    make([]uint8, n),
		cost:     make([]float64, n),
		blockers: make([]uint16, n),
		walk:     make([]bool, n),
		doors:    map[string]int{},
		doorAt:   map[int]string{},
		points:   map[string]Cell{},
		regions:  map[string][]Cell{},
		objIdx:   map[string]int{},
	}
	for y := range h {
		for x := range w {
			i := g.index(Cell{x, y})
			g.cost[i] = 1
			g.walk[i] = true
		}
	}
	return g
}

// Width returns the number of columns.
func (g *Grid) Width() int { return g.w }

// Height returns the number of rows.
func (g *Grid) Height() int { return g.h }

// In reports whether c lies on the grid.
func (g *Grid) In(c Cell) bool { return c.X >= 0 && c.Y >= 0 && c.X < g.w && c.Y < g.h }

// Version returns a number that changes whenever an edit may have changed
// a path: walls, cover, costs, a door opening or shutting, a cell blocked
// or freed. Paths computed at one version stay right until it changes.
func (g *Grid) Version() uint64 { return g.version }

// index returns c's index in the padded arrays; c must be on the grid.
func (g *Grid) index(c Cell) int { return (c.Y+1)*g.pw + c.X + 1 }

// cellOf is index's inverse.
func (g *Grid) cellOf(i int) Cell { return Cell{i%g.pw - 1, i/g.pw - 1} }

// must returns c's index, and panics when c is off the grid: an edit
// outside the map is a bug in the caller, like an index out of range.
func (g *Grid) must(c Cell, what string) int {
	if !g.In(c) {
		panic(fmt.Sprintf("space: %s %v: outside the %dx%d grid", what, c, g.w, g.h))
	}
	return g.index(c)
}

// update recomputes whether cell i is walkable, and bumps the version when
// that changed.
func (g *Grid) update(i int) {
	w := g.flags[i]&(fWall|fCover|fShut) == 0 && g.blockers[i] == 0
	if w != g.walk[i] {
		g.walk[i] = w
		g.version++
	}
}

// setFlag sets or clears bit f of cell i.
func (g *Grid) setFlag(i int, f uint8, on bool) {
	if on {
		g.flags[i] |= f
	} else {
		g.flags[i] &^= f
	}
	g.update(i)
}

// SetWall puts a wall on c (on true) or takes it away. Walls block moves
// and sight. It panics when c is off the grid.
func (g *Grid) SetWall(c Cell, on bool) {
	i := g.must(c, "SetWall")
	was := g.flags[i] & fWall
	g.setFlag(i, fWall, on)
	if was != g.flags[i]&fWall {
		g.version++ // sight changed even when walkability did not
	}
}

// Wall reports whether c holds a wall; a cell off the grid counts as one.
func (g *Grid) Wall(c Cell) bool { return !g.In(c) || g.flags[g.index(c)]&fWall != 0 }

// SetCover marks c as cover (a crate, a low wall): it blocks moves but not
// sight, and a cell whose line to a threat crosses it is in cover from
// that threat. It panics when c is off the grid.
func (g *Grid) SetCover(c Cell, on bool) {
	i := g.must(c, "SetCover")
	was := g.flags[i] & fCover
	g.setFlag(i, fCover, on)
	if was != g.flags[i]&fCover {
		g.version++ // cover queries changed even when walkability did not
	}
}

// Cover reports whether c is marked as cover.
func (g *Grid) Cover(c Cell) bool { return g.In(c) && g.flags[g.index(c)]&fCover != 0 }

// SetCost sets the cost of entering c: 1 for plain floor, more for mud or
// a crowded corridor. Costs below 1 are refused because they would make
// the octile distance overestimate, and A* return paths that are not the
// cheapest.
func (g *Grid) SetCost(c Cell, cost float64) error {
	if !g.In(c) {
		return fmt.Errorf("space: SetCost %v: outside the %dx%d grid", c, g.w, g.h)
	}
	if !(cost >= 1) || math.IsInf(cost, 1) {
		return fmt.Errorf("space: SetCost %v: cost %v, want a finite number of at least 1", c, cost)
	}
	i := g.index(c)
	if old := g.cost[i]; old != cost {
		if old == 1 {
			g.heavy++
		} else if cost == 1 {
			g.heavy--
		}
		g.cost[i] = cost
		g.version++
	}
	return nil
}

// Cost returns the cost of entering c (1 unless set; +Inf off the grid).
func (g *Grid) Cost(c Cell) float64 {
	if !g.In(c) {
		return math.Inf(1)
	}
	return g.cost[g.index(c)]
}

// Uniform reports whether every cell costs 1, which lets a Pathfinder use
// jump point search.
func (g *Grid) Uniform() bool { return g.heavy == 0 }

// Block puts a dynamic blocker on c (an agent standing there): c is not
// walkable until as many Unblock calls as Block calls. It panics when c is
// off the grid.
func (g *Grid) Block(c Cell) {
	i := g.must(c, "Block")
	if g.blockers[i] == math.MaxUint16 {
		panic(fmt.Sprintf("space: Block %v: 65535 blockers on one cell", c))
	}
	g.blockers[i]++
	g.update(i)
}

// Unblock takes a blocker off c. It panics when c has none: a blocker
// taken away twice is a bug in the caller.
func (g *Grid) Unblock(c Cell) {
	i := g.must(c, "Unblock")
	if g.blockers[i] == 0 {
		panic(fmt.Sprintf("space: Unblock %v: the cell has no blocker", c))
	}
	g.blockers[i]--
	g.update(i)
}

// Blocked reports whether c holds a dynamic blocker.
func (g *Grid) Blocked(c Cell) bool { return g.In(c) && g.blockers[g.index(c)] != 0 }

// Walkable reports whether a unit may stand on c now: on the grid, no
// wall, no cover, no door that is not open, no blocker.
func (g *Grid) Walkable(c Cell) bool { return g.In(c) && g.walk[g.index(c)] }

// opaque reports whether padded cell i blocks sight.
func (g *Grid) opaque(i int) bool { return g.flags[i]&(fWall|fShut) != 0 }

// AddDoor puts a door named name on c in the given state, and lists it
// among the objects with type "door". The name must be new among the
// objects.
func (g *Grid) AddDoor(name string, c Cell, state DoorState) error {
	return g.addDoor(Object{Name: name, Type: "door", At: c}, state)
}

// addDoor adds a door with its object, whose type may be other than
// "door" and which may offer actions.
func (g *Grid) addDoor(o Object, state DoorState) error {
	if state > DoorLocked {
		return fmt.Errorf("space: door %q: unknown state %v", o.Name, state)
	}
	if g.In(o.At) && g.flags[g.index(o.At)]&fDoor != 0 {
		return fmt.Errorf("space: door %q at %v: %s stands there already", o.Name, o.At, g.doorAt[g.index(o.At)])
	}
	if err := g.AddObject(o); err != nil {
		return err
	}
	i := g.index(o.At)
	g.doors[o.Name] = i
	g.doorAt[i] = o.Name
	g.objects[len(g.objects)-1].state = state
	g.flags[i] |= fDoor
	g.setFlag(i, fShut, state != DoorOpen)
	g.version++ // sight may have changed even when walkability did not
	return nil
}

// placed is an object with, for a door, its state.
type placed struct {
	Object
	state DoorState
}

// SetDoor changes a door's state, as the game does when the world fact
// behind it changes. Opening or shutting it bumps Version; closed to
// locked and back does not, since no path changes.
func (g *Grid) SetDoor(name string, s DoorState) error {
	i, ok := g.doors[name]
	if !ok {
		return fmt.Errorf("space: SetDoor: no door %q%s", name, suggest.Hint(name, g.doorNames()))
	}
	if s > DoorLocked {
		return fmt.Errorf("space: SetDoor %q: unknown state %v", name, s)
	}
	g.objects[g.objIdx[name]].state = s
	was := g.flags[i] & fShut
	g.setFlag(i, fShut, s != DoorOpen)
	if was != g.flags[i]&fShut {
		g.version++ // sight changed even when walkability did not (a blocker stands in the door)
	}
	return nil
}

// Door returns the state of the door named name, and whether there is
// one.
func (g *Grid) Door(name string) (DoorState, bool) {
	if _, ok := g.doors[name]; !ok {
		return 0, false
	}
	return g.objects[g.objIdx[name]].state, true
}

// DoorAt returns the name of the door on c, if one stands there.
func (g *Grid) DoorAt(c Cell) (string, bool) {
	if !g.In(c) {
		return "", false
	}
	name, ok := g.doorAt[g.index(c)]
	return name, ok
}

// doorNames returns the doors' names in the order added.
func (g *Grid) doorNames() []string {
	var names []string
	for _, o := range g.objects {
		if _, ok := g.doors[o.Name]; ok {
			names = append(names, o.Name)
		}
	}
	return names
}

// AddObject puts an object on the map. Its name must be new and its cell
// on the grid; an object does not change what is walkable (give its cell
// a wall or cover for that).
func (g *Grid) AddObject(o Object) error {
	if o.Name == "" {
		return fmt.Errorf("space: an object at %v has no name", o.At)
	}
	if _, dup := g.objIdx[o.Name]; dup {
		return fmt.Errorf("space: object %q added twice", o.Name)
	}
	if !g.In(o.At) {
		return fmt.Errorf("space: object %q at %v: outside the %dx%d grid", o.Name, o.At, g.w, g.h)
	}
	o.Offers = slices.Clone(o.Offers)
	g.objIdx[o.Name] = len(g.objects)
	g.objects = append(g.objects, placed{Object: o})
	return nil
}

// Object returns the object named name.
func (g *Grid) Object(name string) (Object, bool) {
	i, ok := g.objIdx[name]
	if !ok {
		return Object{}, false
	}
	o := g.objects[i].Object
	o.Offers = slices.Clone(o.Offers)
	return o, true
}

// Objects returns the map's objects (doors included) in the order added;
// the slice is the caller's.
func (g *Grid) Objects() []Object {
	out := make([]Object, len(g.objects))
	for i, p := range g.objects {
		out[i] = p.Object
		out[i].Offers = slices.Clone(p.Offers)
	}
	return out
}

// AddPoint names a cell (a spawn point, a spot to stand at). The name must
// be new among the points.
func (g *Grid) AddPoint(name string, c Cell) error {
	if name == "" {
		return fmt.Errorf("space: a point at %v has no name", c)
	}
	if _, dup := g.points[name]; dup {
		return fmt.Errorf("space: point %q added twice", name)
	}
	if !g.In(c) {
		return fmt.Errorf("space: point %q at %v: outside the %dx%d grid", name, c, g.w, g.h)
	}
	g.points[name] = c
	g.pointNs = append(g.pointNs, name)
	return nil
}

// Point returns the cell named name.
func (g *Grid) Point(name string) (Cell, bool) {
	c, ok := g.points[name]
	return c, ok
}

// Points returns the points' names in the order added.
func (g *Grid) Points() []string { return slices.Clone(g.pointNs) }

// AddRegion adds cells to the region named name (a room, a spawn area),
// making the region when it is new. Cells already in it are not added
// twice.
func (g *Grid) AddRegion(name string, cells ...Cell) error {
	if name == "" {
		return fmt.Errorf("space: a region has no name")
	}
	for _, c := range cells {
		if !g.In(c) {
			return fmt.Errorf("space: region %q: cell %v outside the %dx%d grid", name, c, g.w, g.h)
		}
	}
	r, ok := g.regions[name]
	if !ok {
		g.regionN = append(g.regionN, name)
	}
	for _, c := range cells {
		if !slices.Contains(r, c) {
			r = append(r, c)
		}
	}
	g.regions[name] = r
	return nil
}

// Region returns the cells of the region named name, in the order added
// (nil when there is no such region); the slice is the caller's.
func (g *Grid) Region(name string) []Cell { return slices.Clone(g.regions[name]) }

// InRegion reports whether c belongs to the region named name.
func (g *Grid) InRegion(name string, c Cell) bool { return slices.Contains(g.regions[name], c) }

// Regions returns the regions' names in the order added.
func (g *Grid) Regions() []string { return slices.Clone(g.regionN) }
