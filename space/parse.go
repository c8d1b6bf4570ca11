package space

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Terrain is what a cell is made of.
type Terrain uint8

// The terrains: Floor is walked on; a Wall blocks moves and sight; Cover
// (a crate, a low wall) blocks moves but not sight, and covers the cells
// next to it; a Door lets units and sight through while open (its state
// is the Symbol's Door).
const (
	Floor Terrain = iota
	Wall
	Cover
	Door
)

var terrainNames = [...]string{"floor", "wall", "cover", "door"}

// String returns "floor", "wall", "cover" or "door", as files write them.
func (t Terrain) String() string {
	if int(t) < len(terrainNames) {
		return terrainNames[t]
	}
	return "Terrain(" + strconv.Itoa(int(t)) + ")"
}

// ParseTerrain reads "floor", "wall", "cover" or "door".
func ParseTerrain(s string) (Terrain, bool) {
	i := slices.Index(terrainNames[:], s)
	return Terrain(max(i, 0)), i >= 0
}

// Symbol is what one character of an ASCII map stands for. Its Name, Type
// and Offers are those of a designer file's `objects:` entry (the map
// gives the entry's `at:`): when a symbol has a Type or is a door, each
// cell drawn with it holds an object.
type Symbol struct {
	// Terrain is what the cell is made of (Floor when unset).
	Terrain Terrain
	// Door is the door's state when Terrain is Door.
	Door DoorState
	// Cost is the cost of entering the cell; 0 means 1.
	Cost float64
	// Name names the object; a symbol used on several cells leaves it
	// empty, and its objects are named after their type and a number in
	// reading order (crate1, crate2).
	Name string
	// Type is the object's type ("door" for a door without one).
	Type string
	// Offers lists the actions the object offers.
	Offers []string
	// Point names the cell; the symbol may then appear only once.
	Point string
	// Region adds every cell drawn with the symbol to this region.
	Region string
}

// Legend says what each character of an ASCII map stands for.
type Legend map[rune]Symbol

// BasicLegend returns a new legend with the usual characters: '.' floor,
// '#' wall, '%' cover, '+' a closed door and '/' an open one. Add your own
// (points, objects, regions) to it.
func BasicLegend() Legend {
	return Legend{
		'.': {},
		'#': {Terrain: Wall},
		'%': {Terrain: Cover},
		'+': {Terrain: Door, Door: DoorClosed},
		'/': {Terrain: Door, Door: DoorOpen},
	}
}

// ParseError is a mistake in an ASCII map, at a line and column of the
// text given to Parse (both from 1; the column counts characters, a tab
// as one).
type ParseError struct {
	Line, Col int
	Msg       string
}

// Error returns "line:col: msg".
func (e *ParseError) Error() string { return fmt.Sprintf("%d:%d: %s", e.Line, e.Col, e.Msg) }

// maxParseErrors is how many mistakes Parse reports before it stops.
const maxParseErrors = 10

// Parse builds a grid from ASCII art: one row per line, one cell per
// character, each character looked up in legend. Blank lines before and
// after the map are skipped (line numbers still count them), and a "\r"
// ending a line is dropped. Rows must all be as long as the first.
//
// Objects, points and regions are added in reading order (row by row,
// left to right). The error, when there is one, joins up to ten
// *ParseError, each with its position; unknown characters come with a
// "did you mean" when the legend has a look-alike.
func Parse(text string, legend Legend) (*Grid, error) {
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimSuffix(l, "\r")
	}
	first := 0
	for first < len(lines) && strings.TrimSpace(lines[first]) == "" {
		first++
	}
	last := len(lines)
	for last > first && strings.TrimSpace(lines[last-1]) == "" {
		last--
	}
	if first == last {
		return nil, &ParseError{Line: 1, Col: 1, Msg: "the map is empty"}
	}
	rows := lines[first:last]
	w := utf8.RuneCountInString(rows[0])
	if w > maxCells/len(rows) {
		return nil, &ParseError{Line: first + 1, Col: 1, Msg: fmt.Sprintf("the map is %dx%d: at most 2^26 cells", w, len(rows))}
	}
	p := mapParser{legend: legend, first: first, uses: map[rune]Cell{}, counts: map[string]int{}}
	for y, row := range rows {
		if n := utf8.RuneCountInString(row); n != w {
			p.errorf(Cell{min(n, w), y}, "this row has %d characters, the first row %d: every row must be as long", n, w)
		}
	}
	if len(p.errs) > 0 {
		return nil, errors.Join(p.errs...)
	}
	g := NewGrid(w, len(rows))
	p.g = g
	for y, row := range rows {
		x := 0
		for _, r := range row {
			p.cell(Cell{x, y}, r)
			x++
			if len(p.errs) >= maxParseErrors {
				return nil, errors.Join(p.errs...)
			}
		}
	}
	if len(p.errs) > 0 {
		return nil, errors.Join(p.errs...)
	}
	return g, nil
}

// mapParser is Parse's state.
type mapParser struct {
	g      *Grid
	legend Legend
	first  int            // the index of the map's first line in the text
	uses   map[rune]Cell  // character -> its first cell
	counts map[string]int // type -> objects of it numbered so far
	errs   []error
}

// errorf records a mistake at cell c (whose line and column it reports).
func (p *mapParser) errorf(c Cell, format string, args ...any) {
	p.errs = append(p.errs, &ParseError{Line: p.first + c.Y + 1, Col: c.X + 1, Msg: fmt.Sprintf(format, args...)})
}

// pos returns c's position in the text as "line:col".
func (p *mapParser) pos(c Cell) string { return fmt.Sprintf("%d:%d", p.first+c.Y+1, c.X+1) }

// cell applies character r's symbol to c.
func (p *mapParser) cell(c Cell, r rune) {
	sym, ok := p.legend[r]
	if !ok {
		p.errorf(c, "%q is not in the legend%s", r, p.lookalike(r))
		return
	}
	firstUse, seen := p.uses[r]
	if !seen {
		p.uses[r] = c
		if !p.validSymbol(c, r, sym) {
			return
		}
	}
	g := p.g
	switch sym.Terrain {
	case Wall:
		g.SetWall(c, true)
	case Cover:
		g.SetCover(c, true)
	}
	if sym.Cost != 0 {
		if err := g.SetCost(c, sym.Cost); err != nil {
			return // reported by validSymbol at the first use
		}
	}
	if sym.Point != "" {
		if seen {
			p.errorf(c, "%q names the point %q, already at %s: a point is one cell (use Region for an area)", r, sym.Point, p.pos(firstUse))
			return
		}
		if err := g.AddPoint(sym.Point, c); err != nil {
			p.errorf(c, "%q: %v", r, strings.TrimPrefix(err.Error(), "space: "))
		}
	}
	if sym.Region != "" {
		_ = g.AddRegion(sym.Region, c) // the cell is on the grid and the name not empty
	}
	if sym.Type == "" && sym.Terrain != Door {
		return
	}
	o := Object{Name: sym.Name, Type: sym.Type, At: c, Offers: sym.Offers}
	if o.Type == "" {
		o.Type = "door"
	}
	if o.Name == "" {
		p.counts[o.Type]++
		o.Name = o.Type + strconv.Itoa(p.counts[o.Type])
	} else if seen {
		p.errorf(c, "%q names the object %q, already at %s: leave the name out of a symbol used more than once, and its objects are numbered (%s1, %s2)", r, sym.Name, p.pos(firstUse), o.Type, o.Type)
		return
	}
	var err error
	if sym.Terrain == Door {
		err = g.addDoor(o, sym.Door)
	} else {
		err = g.AddObject(o)
	}
	if err != nil {
		p.errorf(c, "%q: %v", r, strings.TrimPrefix(err.Error(), "space: "))
	}
}

// validSymbol checks a symbol at its first use, and reports its mistakes
// there.
func (p *mapParser) validSymbol(c Cell, r rune, s Symbol) bool {
	ok := true
	if s.Terrain > Door {
		p.errorf(c, "%q: unknown terrain %v", r, s.Terrain)
		ok = false
	}
	if s.Terrain == Door && s.Door > DoorLocked {
		p.errorf(c, "%q: unknown door state %v", r, s.Door)
		ok = false
	}
	if s.Cost != 0 && (!(s.Cost >= 1) || s.Cost > 1e300) {
		p.errorf(c, "%q: cost %v: a cell costs at least 1 (0 means 1)", r, s.Cost)
		ok = false
	}
	return ok
}

// lookalikes are groups of characters easily typed for one another.
var lookalikes = []string{"0Oo", "1lI|!i", "5S", "8B", "2Z", "-_~", ".,'`:", "#H", "+tT", "%&"}

// lookalike returns ` (did you mean 'x'?)` for a legend character that
// looks like r (the same letter in the other case, or a look-alike), and
// otherwise lists the legend's characters.
func (p *mapParser) lookalike(r rune) string {
	var cands []rune
	for _, c := range []rune{unicode.ToLower(r), unicode.ToUpper(r)} {
		if _, ok := p.legend[c]; ok && c != r {
			cands = append(cands, c)
		}
	}
	for _, group := range lookalikes {
		if !strings.ContainsRune(group, r) {
			continue
		}
		for _, c := range group {
			if _, ok := p.legend[c]; ok && c != r && !slices.Contains(cands, c) {
				cands = append(cands, c)
			}
		}
	}
	if len(cands) > 0 {
		return fmt.Sprintf(" (did you mean %q?)", cands[0])
	}
	keys := make([]rune, 0, len(p.legend))
	for k := range p.legend {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	if len(keys) > 24 {
		keys = keys[:24]
	}
	var b strings.Builder
	for i, k := range keys {
		if i > 0 {
			b.WriteString(" ")
		}
		b.WriteString(strconv.QuoteRune(k))
	}
	return " (the legend has " + b.String() + ")"
}
