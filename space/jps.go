package space

import "math"

// Jump point search (Harabor and Grastien, 2011), in its form for grids
// where a diagonal step needs both straight steps beside it open. On a
// grid where every cell costs 1, many shortest paths tie; JPS keeps one
// canonical shape (diagonal steps first, then straight) and, instead of
// putting every cell of a straight run on the open list, scans along it
// until a cell where the shape must turn: a jump point. Paths cost the
// same as A*'s; far fewer cells go through the heap.
//
// The rules for this form (a diagonal step needs both sides open):
//   - Going straight, a cell is a jump point when a cell beside it is open
//     while the one beside the previous cell is not: the side cell and the
//     diagonal past it can then be reached best through this cell.
//   - Going diagonally there are no forced neighbours (both sides of every
//     step are open), but a diagonal cell is a jump point when a straight
//     scan from it along either of its two components finds one.

// noDir is the direction code of the start: expand all eight ways.
const noDir = 4

// jps runs jump point search from s to t and reports whether it reached
// it; the cells must be walkable or the start, and the grid uniform.
func (p *Pathfinder) jps(s, t int32, goal Cell) bool {
	g := p.g
	p.begin()
	closed := 2*p.gen + 1
	pw := int32(g.pw)
	walk := g.walk
	gx, gy := goal.X+1, goal.Y+1
	p.nodes[s] = node{g: 0, parent: -1, stamp: 2 * p.gen}
	p.dirs[s] = noDir
	h0 := octile(int(s%pw)-gx, int(s/pw)-gy)
	p.open.push(openEntry{f: h0, h: float32(h0), i: s})
	for len(p.open) > 0 || len(p.now) > 0 {
		e := p.take()
		i := e.i
		n := &p.nodes[i]
		if n.stamp == closed {
			continue
		}
		n.stamp = closed
		p.expanded++
		if i == t {
			return true
		}
		x, y := int(i%pw), int(i/pw)
		d := p.dirs[i]
		dx, dy := int32(d/3)-1, int32(d%3)-1
		switch {
		case d == noDir:
			for ddx := int32(-1); ddx <= 1; ddx++ {
				for ddy := int32(-1); ddy <= 1; ddy++ {
					if ddx != 0 || ddy != 0 {
						p.jumpFrom(i, x, y, ddx, ddy, t, gx, gy)
					}
				}
			}
		case dy == 0:
			p.jumpFrom(i, x, y, dx, 0, t, gx, gy)
			for _, s := range [2]int32{-1, 1} {
				if !walk[i-dx+s*pw] && walk[i+s*pw] {
					p.jumpFrom(i, x, y, 0, s, t, gx, gy)
					p.jumpFrom(i, x, y, dx, s, t, gx, gy)
				}
			}
		case dx == 0:
			p.jumpFrom(i, x, y, 0, dy, t, gx, gy)
			for _, s := range [2]int32{-1, 1} {
				if !walk[i-dy*pw+s] && walk[i+s] {
					p.jumpFrom(i, x, y, s, 0, t, gx, gy)
					p.jumpFrom(i, x, y, s, dy, t, gx, gy)
				}
			}
		default:
			p.jumpFrom(i, x, y, dx, 0, t, gx, gy)
			p.jumpFrom(i, x, y, 0, dy, t, gx, gy)
			p.jumpFrom(i, x, y, dx, dy, t, gx, gy)
		}
	}
	return false
}

// jumpFrom scans from cell i (padded coordinates x, y) in direction
// (dx, dy) and offers the jump point it finds.
func (p *Pathfinder) jumpFrom(i int32, x, y int, dx, dy, t int32, gx, gy int) {
	var j, k int32
	var step float64
	pw := int32(p.g.pw)
	if dx != 0 && dy != 0 {
		j, k = p.jumpDiag(i, dx, dy*pw, t)
		step = math.Sqrt2
	} else if dy == 0 {
		j, k = p.jumpStraight(i, dx, pw, t)
		step = 1
	} else {
		j, k = p.jumpStraight(i, dy*pw, 1, t)
		step = 1
	}
	if j < 0 {
		return
	}
	jx, jy := x+int(k*dx), y+int(k*dy)
	if p.relax(i, j, p.nodes[i].g+float64(k)*step, jx-gx, jy-gy) {
		p.dirs[j] = uint8((dx+1)*3 + dy + 1)
	}
}

// jumpStraight scans from i by st (±1 across, ±stride down) and returns
// the first jump point and how many steps away it is, or -1 when a wall
// ends the run first. side is the offset to the cells beside the run.
func (p *Pathfinder) jumpStraight(i, st, side, t int32) (int32, int32) {
	walk := p.g.walk
	for k := int32(1); ; k++ {
		i += st
		if !walk[i] {
			return -1, 0
		}
		if i == t ||
			!walk[i-st-side] && walk[i-side] ||
			!walk[i-st+side] && walk[i+side] {
			return i, k
		}
	}
}

// jumpDiag scans from i diagonally by sx across and sy down (sy is ±the
// row stride) and returns the first jump point and how many steps away it
// is, or -1.
func (p *Pathfinder) jumpDiag(i, sx, sy, t int32) (int32, int32) {
	walk := p.g.walk
	pw := int32(p.g.pw)
	for k := int32(1); ; k++ {
		if !walk[i+sx] || !walk[i+sy] || !walk[i+sx+sy] {
			return -1, 0
		}
		i += sx + sy
		if i == t {
			return i, k
		}
		if j, _ := p.jumpStraight(i, sx, pw, t); j >= 0 {
			return i, k
		}
		if j, _ := p.jumpStraight(i, sy, 1, t); j >= 0 {
			return i, k
		}
	}
}

// jpsPath appends the path from s to t, filling in the straight and
// diagonal runs between jump points.
func (p *Pathfinder) jpsPath(s, t int32, buf []Cell) []Cell {
	start := len(buf)
	g := p.g
	for j := t; j != s; {
		q := p.nodes[j].parent
		a, b := g.cellOf(int(j)), g.cellOf(int(q))
		dx, dy := sign(b.X-a.X), sign(b.Y-a.Y)
		for c := a; c != b; c = (Cell{c.X + dx, c.Y + dy}) {
			buf = append(buf, c)
		}
		j = q
	}
	buf = append(buf, g.cellOf(int(s)))
	for l, r := start, len(buf)-1; l < r; l, r = l+1, r-1 {
		buf[l], buf[r] = buf[r], buf[l]
	}
	return buf
}

// sign returns -1, 0 or 1.
func sign(v int) int {
	switch {
	case v < 0:
		return -1
	case v > 0:
		return 1
	}
	return 0
}
