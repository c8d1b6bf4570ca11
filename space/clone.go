package space

import (
	"maps"
	"slices"
)

// Clone returns a copy of g that changes apart from it: its doors and
// blockers, for one run of a simulation while another starts from the
// same map. Its Version starts where g's is.
func (g *Grid) Clone() *Grid {
	c := *g
	c.flags = slices.Clone(g.flags)
	c.cost = slices.Clone(g.cost)
	c.blockers = slices.Clone(g.blockers)
	c.walk = slices.Clone(g.walk)
	c.doors = maps.Clone(g.doors)
	c.doorAt = maps.Clone(g.doorAt)
	c.points = maps.Clone(g.points)
	c.pointNs = slices.Clone(g.pointNs)
	c.regions = make(map[string][]Cell, len(g.regions))
	for k, v := range g.regions {
		c.regions[k] = slices.Clone(v)
	}
	c.regionN = slices.Clone(g.regionN)
	c.objects = slices.Clone(g.objects)
	c.objIdx = maps.Clone(g.objIdx)
	return &c
}
