package space

import "math"

// Sight answers what sensors ask about seeing: whether one cell sees
// another, and whether a cell is in cover from a threat. A Grid implements
// it; a game with its own geometry (ray casts against its meshes) can too.
type Sight interface {
	Visible(a, b Cell) bool
	InCover(c, threat Cell) bool
}

var _ Sight = (*Grid)(nil)

// Visible reports whether a sees b: no wall and no door that is not open
// on the cells between them (cover does not block sight, blockers neither).
//
// The line runs between the cells' centres and every cell it touches
// counts, a supercover line: where it passes exactly through a corner,
// both cells beside the corner count too. That makes sight symmetric (a
// sees b exactly when b sees a, which Bresenham's line is not) and keeps a
// diagonal gap between two walls closed to sight as it is to moves. The
// ends themselves never block. O(|dx| + |dy|); no allocation.
func (g *Grid) Visible(a, b Cell) bool {
	if !g.In(a) || !g.In(b) {
		return false
	}
	return g.clear(a, b, fWall|fShut, b)
}

// InCover reports whether c is in cover from threat: the threat cannot see
// c, or the line between them crosses cover on a cell next to c (a crate
// far in front of c hides nothing). Cells off the grid are in cover of
// nothing.
func (g *Grid) InCover(c, threat Cell) bool {
	if !g.In(c) || !g.In(threat) {
		return false
	}
	if !g.clear(threat, c, fWall|fShut, c) {
		return true
	}
	return !g.clear(threat, c, fCover, c)
}

// clear walks the supercover line from a to b and reports whether no cell
// strictly between them has a flag of mask; for cover (fCover in mask)
// only the cells next to near count.
func (g *Grid) clear(a, b Cell, mask uint8, near Cell) bool {
	dx, dy := b.X-a.X, b.Y-a.Y
	sx, sy := sign(dx), sign(dy)
	dx, dy = dx*sx, dy*sy
	pw := g.pw
	i := g.index(a)
	end := g.index(b)
	nearOnly := mask&fCover != 0
	blocks := func(j int) bool {
		if j == end || g.flags[j]&mask == 0 {
			return false
		}
		if nearOnly {
			c := g.cellOf(j)
			return abs(c.X-near.X) <= 1 && abs(c.Y-near.Y) <= 1
		}
		return true
	}
	for nx, ny := 0, 0; nx < dx || ny < dy; {
		// Which grid line does the segment cross next: the vertical one at
		// (nx+½)/dx of the way, or the horizontal one at (ny+½)/dy?
		d := (1+2*nx)*dy - (1+2*ny)*dx
		switch {
		case d == 0: // through a corner: the two cells beside it count
			if blocks(i+sx) || blocks(i+sy*pw) {
				return false
			}
			i += sx + sy*pw
			nx++
			ny++
		case d < 0:
			i += sx
			nx++
		default:
			i += sy * pw
			ny++
		}
		if blocks(i) {
			return false
		}
	}
	return true
}

// abs returns |v|.
func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// Cover returns, appended to buf[:0], the cells within path distance
// radius of from that are walkable and in cover from threat (InCover),
// nearest first by path distance, ties in row order. from itself is
// included when it qualifies. The search is Dijkstra's, bounded by
// radius; no allocation once buf and the Pathfinder are warm.
func (p *Pathfinder) Cover(from, threat Cell, radius float64, buf []Cell) []Cell {
	buf = buf[:0]
	g := p.g
	if !g.In(from) || !g.In(threat) {
		return buf
	}
	p.begin()
	p.flat = true
	defer func() { p.flat = false }()
	closed := 2*p.gen + 1
	s := int32(g.index(from))
	p.nodes[s] = node{g: 0, parent: -1, stamp: 2 * p.gen}
	p.open.push(openEntry{i: s})
	for len(p.open) > 0 || len(p.now) > 0 {
		e := p.take()
		if e.f > radius {
			break
		}
		n := &p.nodes[e.i]
		if n.stamp == closed {
			continue
		}
		n.stamp = closed
		p.expanded++
		c := g.cellOf(int(e.i))
		if (e.i == s || g.walk[e.i]) && g.InCover(c, threat) {
			buf = append(buf, c)
		}
		p.expand(e.i, n.g, 0, 0)
	}
	return buf
}

// PathCost returns the cost of walking path on g now (each step into a
// cell costs the cell's cost, times √2 on a diagonal), and false when a
// step is not a move to a neighbour, enters a cell that is not walkable,
// or cuts a corner.
func (g *Grid) PathCost(path []Cell) (float64, bool) {
	total := 0.0
	for k := 1; k < len(path); k++ {
		a, b := path[k-1], path[k]
		dx, dy := b.X-a.X, b.Y-a.Y
		if abs(dx) > 1 || abs(dy) > 1 || dx == 0 && dy == 0 || !g.Walkable(b) {
			return 0, false
		}
		if dx != 0 && dy != 0 {
			if !g.Walkable(Cell{a.X + dx, a.Y}) || !g.Walkable(Cell{a.X, a.Y + dy}) {
				return 0, false
			}
			total += math.Sqrt2 * g.Cost(b)
		} else {
			total += g.Cost(b)
		}
	}
	return total, true
}
