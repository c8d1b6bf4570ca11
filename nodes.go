package goap

// nodePageShift sets the size of a page of nodes: 4,096 nodes (128 KiB).
const (
	nodePageShift = 12
	nodePageLen   = 1 << nodePageShift
	nodePageMask  = nodePageLen - 1
)

// nodeArena holds a search's nodes, addressed by index. The first
// nodePageLen nodes are a slice that grows by append, so that the many
// small searches of a game stay small; the nodes after them live in pages
// of nodePageLen that are never copied. A flat array grown by append
// copies every node it holds, and the old array stays alive until the
// collector's next cycle: at the peak of a large search the old and the
// new array were both in memory. Pages are kept from search to search.
type nodeArena struct {
	first []node               // nodes 0 to nodePageLen-1, as many as in use
	more  []*[nodePageLen]node // the pages after the first, allocated ones
	paged int                  // nodes in use in the pages after the first
}

// len returns the number of nodes in use.
func (a *nodeArena) len() int { return len(a.first) + a.paged }

// at returns the address of node i (0 <= i < a.len()). Nodes of the
// first page cost what a flat slice costs: the test against its length
// is the bounds check.
func (a *nodeArena) at(i int32) *node {
	if j := int(i); uint(j) < uint(len(a.first)) {
		return &a.first[j]
	}
	return &a.more[i>>nodePageShift-1][i&nodePageMask]
}

// add appends a zero node and returns its index and address. (Nothing
// here is a call, so that add is inlined in the loops.)
func (a *nodeArena) add() (int32, *node) {
	if i := len(a.first); i < nodePageLen {
		a.first = append(a.first, node{})
		return int32(i), &a.first[i]
	}
	i := a.paged
	a.paged++
	if i == len(a.more)<<nodePageShift { // a page no earlier search left
		a.more = append(a.more, new([nodePageLen]node))
	}
	nd := &a.more[i>>nodePageShift][i&nodePageMask]
	*nd = node{}
	return int32(nodePageLen + i), nd
}

// reset empties the arena and keeps its memory for the next search.
func (a *nodeArena) reset() {
	a.first, a.paged = a.first[:0], 0
}

// free drops the arena's memory.
func (a *nodeArena) free() {
	*a = nodeArena{}
}

// bytes returns the memory the arena holds, by capacity.
func (a *nodeArena) bytes() int64 {
	return (int64(cap(a.first))+int64(len(a.more))*nodePageLen)*nodeBytes + int64(cap(a.more))*8
}

// nextGrowth returns what the arena's next growth allocates: the first
// page's next array (while the one it replaces is still alive), or past
// it one page, which copies nothing.
func (a *nodeArena) nextGrowth() int64 {
	if cap(a.first) < nodePageLen {
		return int64(cap(a.first)) * nodeBytes * 5 / 4
	}
	return nodePageLen * nodeBytes
}
