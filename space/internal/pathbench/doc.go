// Package pathbench times package space's Pathfinder side by side with
// other Go pathfinders on the same map and pairs: a plain grid A*
// (container/heap and maps), an array-based A*, and gonum's graph/path
// AStar. It is a module of its own so that gonum never becomes a
// dependency of goap; run it with
//
//	cd space/internal/pathbench && go test -run '^$' -bench Path -benchmem
//
// It has no code outside its tests.
package pathbench
