package goap

// minHeap is the one binary min-heap of the package: A*'s open list
// (openlist.go) and the relaxed explorations' queue of atoms (hmax.go,
// lmcut.go). Entries are ordered by (key, tie). The order is read from the
// entry's own fields rather than from a method of a type parameter: Go
// calls such a method through the instantiation's dictionary, without
// inlining it, which would slow every push and pop of the open list.
type minHeap[V any] []heapEntry[V]

// heapEntry is an entry of a minHeap: a value, its key, and a tie to
// break equal keys (entries equal in both pop in no defined order). The
// value comes first: a zero-size one (the open list's) at the end would
// be padded to a word, and the open list's entries would take 24 bytes
// instead of 16.
type heapEntry[V any] struct {
	val V
	key float64
	tie uint64
}

// before reports whether a pops before b.
func (a *heapEntry[V]) before(b *heapEntry[V]) bool {
	return a.key < b.key || a.key == b.key && a.tie < b.tie
}

// push adds an entry.
func (h *minHeap[V]) push(key float64, tie uint64, val V) {
	*h = append(*h, heapEntry[V]{val: val, key: key, tie: tie})
	q := *h
	i := len(q) - 1
	for i > 0 {
		p := (i - 1) / 2
		if !q[i].before(&q[p]) {
			break
		}
		q[i], q[p] = q[p], q[i]
		i = p
	}
}

// pop removes and returns the least entry; the heap must not be empty.
func (h *minHeap[V]) pop() heapEntry[V] {
	q := *h
	top := q[0]
	n := len(q) - 1
	q[0] = q[n]
	q = q[:n]
	i := 0
	for {
		l := 2*i + 1
		if l >= n {
			break
		}
		m := l
		if r := l + 1; r < n && q[r].before(&q[l]) {
			m = r
		}
		if !q[m].before(&q[i]) {
			break
		}
		q[i], q[m] = q[m], q[i]
		i = m
	}
	*h = q
	return top
}
