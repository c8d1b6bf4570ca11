package goapfile

import (
	"errors"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/goap-go/goap"
	"github.com/goap-go/goap/internal/suggest"
	"github.com/goap-go/goap/space"
	"go.yaml.in/yaml/v3"
)

// `map:` draws the world as ASCII art with a legend (package space): walls,
// cover, doors, costs, named points, regions and objects; the map's
// objects join the file's objects:, its doors get world facts, and the
// travel between named places is priced in a `distance` table that costs
// may name.

// mapKeys are the keys of `map:`, symbolKeys those of a legend entry.
var (
	mapKeys    = []string{"legend", "rows", "agents_block"}
	symbolKeys = []string{"terrain", "door", "cost", "name", "type", "offers", "point", "region"}
)

// mapInfo is what the parser knows of the file's map.
type mapInfo struct {
	node  *yaml.Node // the rows
	place map[string]space.Cell
	names []string // the named places (points and objects on the map), in map order
}

// mapSection reads `map:`.
func (p *parser) mapSection(n *yaml.Node) {
	fields, ok := p.mapping(n, "in map", mapKeys)
	if !ok {
		return
	}
	legend := space.BasicLegend()
	var rows *yaml.Node
	for _, fd := range fields {
		switch fd.name {
		case "legend":
			p.legend(fd.val, legend)
		case "rows":
			rows = fd.val
		case "agents_block":
			p.out.AgentsBlock, _ = p.boolean(fd.val, "agents_block")
		}
	}
	if rows == nil {
		p.errorf(n, "map has no rows: draw it under rows: |, one line per row of cells")
		return
	}
	if rows.Kind != yaml.ScalarNode || rows.Style != yaml.LiteralStyle {
		p.errorf(rows, "rows is a block of text: write rows: | and the map's lines below it, indented")
		return
	}
	g, err := space.Parse(rows.Value, legend)
	if err != nil {
		for _, e := range joined(err) {
			var pe *space.ParseError
			if errors.As(e, &pe) {
				p.errorAt(p.rowPos(rows, pe.Line, pe.Col), pe.Msg)
			} else {
				p.errorf(rows, "%v", e)
			}
		}
		return
	}
	p.out.Map = g
	p.maps.node = rows
	p.maps.place = map[string]space.Cell{}
	for _, name := range g.Points() {
		c, _ := g.Point(name)
		p.maps.place[name] = c
		p.maps.names = append(p.maps.names, name)
	}
	for _, o := range g.Objects() {
		p.mapObject(rows, o)
		if _, dup := p.maps.place[o.Name]; !dup {
			p.maps.names = append(p.maps.names, o.Name)
		}
		p.maps.place[o.Name] = o.At
	}
	// A point that no object stands for is an object of type point, so
	// that actions and tables can name it (distance(start,?c)).
	for _, name := range g.Points() {
		if _, ok := g.Object(name); !ok {
			c, _ := g.Point(name)
			p.mapObject(rows, space.Object{Name: name, Type: "point", At: c})
		}
	}
}

// rowPos turns a line and column of the map's text into a position in
// the file: the rows of a block start on the line after rows:, indented.
func (p *parser) rowPos(rows *yaml.Node, line, col int) Position {
	at := Position{Line: rows.Line + line, Col: col}
	if at.Line-1 < len(p.lines) {
		text := p.lines[at.Line-1]
		at.Col += utf8.RuneCountInString(text) - utf8.RuneCountInString(strings.TrimLeft(text, " "))
	}
	return at
}

// legend reads the legend's entries into legend, over the basic ones.
func (p *parser) legend(n *yaml.Node, legend space.Legend) {
	fields, _ := p.mapping(n, "in legend", nil)
	for _, fd := range fields {
		if utf8.RuneCountInString(fd.name) != 1 {
			p.errorf(fd.key, "a legend's key is one character, got %q", fd.name)
			continue
		}
		r, _ := utf8.DecodeRuneInString(fd.name)
		sym, ok := p.symbol(fd.val)
		if ok {
			legend[r] = sym
		}
	}
}

// symbol reads one legend entry.
func (p *parser) symbol(n *yaml.Node) (space.Symbol, bool) {
	var s space.Symbol
	fields, ok := p.mapping(n, "in a legend entry", symbolKeys)
	if !ok {
		return s, false
	}
	for _, fd := range fields {
		switch fd.name {
		case "terrain":
			t, ok := p.str(fd.val, "terrain")
			if !ok {
				return s, false
			}
			if s.Terrain, ok = space.ParseTerrain(t); !ok {
				p.errorf(fd.val, "unknown terrain %q%s; want floor, wall, cover or door", t, suggest.Hint(t, []string{"floor", "wall", "cover", "door"}))
				return s, false
			}
		case "door":
			t, ok := p.str(fd.val, "door")
			if !ok {
				return s, false
			}
			if s.Door, ok = space.ParseDoorState(t); !ok {
				p.errorf(fd.val, "unknown door state %q%s; want open, closed or locked", t, suggest.Hint(t, []string{"open", "closed", "locked"}))
				return s, false
			}
			s.Terrain = space.Door
		case "cost":
			if c, ok := p.number(fd.val, "cost", 1); ok {
				s.Cost = c
			}
		case "name":
			s.Name, _ = p.str(fd.val, "name")
		case "type":
			s.Type, _ = p.str(fd.val, "type")
		case "offers":
			s.Offers, _ = p.actionNamesLater(fd.val)
		case "point":
			s.Point, _ = p.str(fd.val, "point")
		case "region":
			s.Region, _ = p.str(fd.val, "region")
		}
	}
	if s.Point != "" && s.Type != "" && s.Name == "" {
		s.Name = s.Point // a typed point is an object of that name
	}
	return s, true
}

// actionNamesLater reads a list of action names checked once the actions
// are known (an object's offers).
func (p *parser) actionNamesLater(n *yaml.Node) ([]string, bool) {
	items, ok := p.sequence(n, "offers")
	var out []string
	for _, it := range items {
		if s, good := p.str(it, "an action name"); good {
			out = append(out, s)
			p.mapOffers = append(p.mapOffers, it)
		}
	}
	return out, ok
}

// mapObject adds an object of the map to the file's objects.
func (p *parser) mapObject(rows *yaml.Node, o space.Object) {
	if _, dup := p.objs.typeOf[o.Name]; dup {
		p.errorf(p.objs.key[o.Name], "object %s is on the map too (at %d,%d): name it once", o.Name, o.At.X, o.At.Y)
		return
	}
	at := [2]int{o.At.X, o.At.Y}
	obj := Object{Name: o.Name, Type: o.Type, At: &at, Offers: o.Offers}
	o2 := &p.objs
	lead := len(rows.Value) - len(strings.TrimLeft(rows.Value, "\n"))
	p.out.pos[posKey{KindObject, o.Name}] = p.rowPos(rows, lead+o.At.Y+1, o.At.X+1)
	o2.typeOf[o.Name] = o.Type
	o2.key[o.Name] = rows
	o2.objects = append(o2.objects, o.Name)
	if len(o2.ofType[o.Type]) == 0 && !slices.Contains(o2.types, o.Type) {
		o2.types = append(o2.types, o.Type)
	}
	o2.ofType[o.Type] = append(o2.ofType[o.Type], o.Name)
	p.out.Objects = append(p.out.Objects, obj)
	p.spec.Objects = append(p.spec.Objects, goap.Object{Name: o.Name, Type: o.Type})
	if o.Type == "door" {
		// Its state is the world's: open(d) and locked(d), from the map.
		state, _ := p.out.Map.Door(o.Name)
		open, locked := goap.Bool("open("+o.Name+")"), goap.Bool("locked("+o.Name+")")
		if state == space.DoorOpen {
			open.Default = 1
		}
		if state == space.DoorLocked {
			locked.Default = 1
		}
		p.spec.Facts = append(p.spec.Facts, open, locked)
		p.mention(open.Name, rows)
		p.mention(locked.Name, rows)
		p.out.Doors = append(p.out.Doors, o.Name)
	}
}

// cellOf reads a place: a point or an object of the map by name, or a
// cell [x, y] on it. what names the place in messages.
func (p *parser) cellOf(n *yaml.Node, what string) (space.Cell, bool) {
	if p.out.Map == nil {
		p.errorf(n, "%s needs a map: the file has no map:", what)
		return space.Cell{}, false
	}
	var c space.Cell
	if n.Kind == yaml.SequenceNode {
		cc := p.cell(n)
		if cc == nil {
			return c, false
		}
		c = space.Cell{X: cc[0], Y: cc[1]}
	} else {
		name, ok := p.str(n, what)
		if !ok {
			return c, false
		}
		c, ok = p.maps.place[name]
		if !ok {
			p.errorf(n, "%s: %q is not a point or an object of the map%s", what, name, suggest.Hint(name, p.maps.names))
			return c, false
		}
		return c, true
	}
	g := p.out.Map
	switch {
	case !g.In(c):
		p.errorf(n, "%s: %v is outside the map (%dx%d)", what, c, g.Width(), g.Height())
		return c, false
	case g.Wall(c):
		p.errorf(n, "%s: %v is a wall", what, c)
		return c, false
	}
	return c, true
}

// distances adds the table entries distance(a,b): the cost of the
// cheapest path between every two named places of the map (points and
// objects), for costs such as cost: "distance(?from,?to)". Places no
// path joins get no entry. A file's own numbers: may not name distance.
func (p *parser) distances() {
	if p.out.Map == nil || len(p.maps.names) == 0 {
		return
	}
	tab := &p.numbers
	if tab.values == nil {
		tab.values, tab.arity = map[string]float64{}, map[string]int{}
	}
	if _, mine := tab.arity["distance"]; mine {
		p.errorf(p.maps.node, "numbers: names distance, which the map computes: give your table another name")
		return
	}
	pf := space.NewPathfinder(p.out.Map)
	for _, a := range p.maps.names {
		for _, b := range p.maps.names {
			d, ok := pf.Distance(p.maps.place[a], p.maps.place[b])
			if ok {
				tab.values[entryKey("distance", []string{a, b})] = d
			}
		}
	}
	tab.arity["distance"] = 2
	tab.names = append(tab.names, "distance")
	slices.Sort(tab.names)
}

// actionPlaces resolves the actions' at: into File.Places, by ground
// action name, once the domain is compiled: a lifted action's ?param
// takes the cell of the object each binding gives it.
func (p *parser) actionPlaces(d *goap.Domain) {
	for _, a := range p.actions {
		if a.at == nil {
			continue
		}
		ref := ""
		if a.at.Kind == yaml.ScalarNode {
			ref = a.at.Value
		}
		if !strings.HasPrefix(ref, "?") {
			c, ok := p.cellOf(a.at, "at")
			if ok {
				for _, id := range d.ActionsNamed(a.name) {
					p.setPlace(d.ActionName(id), c)
				}
			}
			continue
		}
		k := slices.IndexFunc(a.paramList, func(q goap.Param) bool { return "?"+q.Name == ref })
		if k < 0 {
			p.errorf(a.at, "at: %s is not a parameter of %s", ref, a.name)
			continue
		}
		for _, id := range d.ActionsNamed(a.name) {
			_, args := d.Binding(id)
			c, ok := p.maps.place[args[k]]
			if !ok {
				p.errorf(a.at, "at: %s is bound to %s, which is not on the map (%s)", ref, args[k], d.ActionName(id))
				break
			}
			p.setPlace(d.ActionName(id), c)
		}
	}
}

// setPlace records where action name is performed.
func (p *parser) setPlace(name string, c space.Cell) {
	if p.out.Places == nil {
		p.out.Places = map[string][2]int{}
	}
	p.out.Places[name] = [2]int{c.X, c.Y}
}

// agentCell reads an agent's at: (a point, an object of the map, or a
// cell [x, y]).
func (p *parser) agentCell(n *yaml.Node) *[2]int {
	c, ok := p.cellOf(n, "at")
	if !ok {
		return nil
	}
	if !p.out.Map.Walkable(c) {
		p.errorf(n, "at: %v is not a cell an agent can stand on (cover or a door that is not open)", c)
		return nil
	}
	return &[2]int{c.X, c.Y}
}
