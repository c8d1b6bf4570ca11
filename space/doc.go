// Package space gives agents a place to live: a grid map with walls,
// doors, per-cell costs, cover, named points, regions and objects; paths
// on it (A*, and jump point search where every cell costs the same); line
// of sight; distances; and cover queries.
//
// It imports only the standard library, so a game can use it without the
// rest of goap. The planner never sees coordinates: sensors turn what this
// package answers (who is visible, whether a cell is in cover, how far a
// place is) into facts, and a unit's move follows a Path.
//
// A Grid is the map. Its walls, cover and costs are fixed once built; its
// doors (whose state lives in world facts) and its dynamic blockers
// (agents standing in cells) change while a game runs, and each change
// that can alter a path bumps the grid's Version. A Pathfinder searches a
// Grid with memory it reuses: once warm, a path costs no allocation. It
// implements Navigator, the interface through which a game can plug in
// its own navigation (a navmesh) instead.
//
// A Grid is safe for concurrent reads; edits must not run concurrently
// with anything else. A Pathfinder is for one goroutine at a time.
//
// Sight is the interface sensors ask (Visible, InCover); a Grid
// implements it with supercover lines, which make sight symmetric.
//
// The files: grid.go (the map and its edits), parse.go (maps from ASCII
// art and a legend), heap.go (the open list), path.go (the Pathfinder,
// A*, its cache, Navigator), jps.go (jump point search), sight.go (line of
// sight, cover, Sight, PathCost). The benchmarks and their map are in
// bench_test.go and testdata; the peers they are compared with in the
// module internal/pathbench (BENCHMARKS.md, section Space).
package space
