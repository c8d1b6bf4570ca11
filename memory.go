package goap

import (
	"errors"
	"fmt"
	"unsafe"
)

// ErrMemoryLimit is what Result.Err wraps (test it with errors.Is) when
// Options.MaxMemory stopped a search.
var ErrMemoryLimit = errors.New("goap: the search reached its memory limit")

// MemoryLimitError is Result.Err when Options.MaxMemory stopped a search.
type MemoryLimitError struct {
	Limit int64 // Options.MaxMemory, in bytes
	Used  int64 // the search memory in use when the search stopped
	// Next is what the next growth of the search's largest array would
	// have allocated: Used + Next passes Limit.
	Next int64
}

func (e *MemoryLimitError) Error() string {
	return fmt.Sprintf("goap: the search reached its memory limit (Options.MaxMemory = %d bytes; %d in use, and growing would take %d more)", e.Limit, e.Used, e.Next)
}

// Is makes errors.Is(err, ErrMemoryLimit) true.
func (e *MemoryLimitError) Is(target error) bool { return target == ErrMemoryLimit }

// Bytes per element of the slices that grow with a search.
const (
	nodeBytes = int64(unsafe.Sizeof(node{}))
	slotBytes = 5 // a control byte and a node index (table.go)
	wordBytes = 8
)

// memory returns the bytes s holds in memory that grows with the search:
// nodes, states, table and open list, by capacity (what was allocated).
func (s *search) memory() int64 {
	nodes, states, table, open := s.memoryParts()
	return nodes + states + table + open
}

// memoryParts splits memory: nodes, states (flat, pages and the pages'
// headers), table, and open list (heap or buckets, and bucket queue).
func (s *search) memoryParts() (nodes, states, table, open int64) {
	return s.nodes.bytes(), (int64(cap(s.states))+s.pagedWords)*wordBytes + int64(cap(s.pages))*24,
		int64(cap(s.ctrl)) + int64(cap(s.ids))*4, s.open.bytes() + s.bq.bytes()
}

// bytes returns the memory the bucket queue holds, by capacity.
func (q *bucketQueue) bytes() int64 {
	var n int64
	for i := range q.ring {
		n += int64(cap(q.ring[i].items)) * 4
	}
	return n
}

// memory returns the search memory of p: its searches (the members of an
// Auto search included) and the successor buffers of multi-word search.
func (p *Planner) memory() int64 {
	mw := &p.prep.mw
	n := p.s.memory() + p.twin.memory() + p.lmcs.memory() +
		int64(cap(mw.kids)+cap(mw.kidHash))*wordBytes
	if p.sub != nil {
		n += p.sub.memory()
	}
	return n
}

// checkMemory stops the running call when its search memory, with the
// next growth of its largest array, would exceed Options.MaxMemory, and reports whether the call must stop. Searches
// call it when they grow their table (every doubling of the nodes), Plan
// and Step after every slice of expansions: the memory is checked in
// bounded steps, never per node.
func (p *Planner) checkMemory() bool {
	limit := p.Options.MaxMemory
	if limit <= 0 || p.meter.hit {
		return p.meter.hit
	}
	// The members of an Auto search grow their arrays too, whichever
	// turn it is.
	next := max(p.s.nextGrowth(), p.twin.nextGrowth(), p.lmcs.nextGrowth())
	if p.sub != nil {
		next = max(next, p.sub.s.nextGrowth())
	}
	if used := p.memory(); used+next > limit {
		p.meter.hit = true
		p.meter.err = &MemoryLimitError{Limit: limit, Used: used, Next: next}
	}
	return p.meter.hit
}

// nextGrowth estimates the bytes the next growth of s's largest array
// allocates while the old one is still alive: a new table twice as long,
// or an append's new array for nodes, states or the open list (a quarter
// larger, the runtime's rule for large slices). Stopping before it keeps
// the process's peak near the cap rather than well past it.
func (s *search) nextGrowth() int64 {
	g := 2 * int64(len(s.ctrl)) * slotBytes
	g = max(g, s.nodes.nextGrowth(), s.open.nextGrowth())
	if len(s.states) < flatWords {
		g = max(g, int64(cap(s.states))*wordBytes*5/4)
	} // else a page at a time: no copy, nothing to foresee
	return g
}
