package goap

import (
	"math"
	"slices"
)

// The open list. A* pops the open node of least f = g + w*h; ties go to the
// smaller h (the deeper node), then to the older node (smaller index),
// which makes the search deterministic. Two implementations keep exactly
// that order:
//
//   - a binary heap of (f, h, node) entries, for any costs and estimates,
//     which moves into buckets of 4-byte node indices by (f, h) when it
//     grows large with few keys (openbuckets.go);
//   - a bucket queue (Dial's algorithm) when h is 0 everywhere (blind
//     search) and every action cost is a small integer, the common case in
//     game domains: pushing and popping cost O(1) instead of O(log n).
//
// Entries are never removed when a node is improved or closed: an entry
// that no longer matches its node is stale and skipped when popped.

// openTie is the tie of an open node of estimate h after its f: h (as
// float32 bits, which order like the numbers since h >= 0), then bit 31,
// set for nodes not preferred, so that among equal h preferred nodes go
// first (lazyLMCut), then in its low bits the node's index (never
// negative), so ties go to the deeper, then the older node. The open
// list's buckets hold the tie without the index, and order their nodes
// by index.
func openTie(h float64, n int32, preferred bool) uint64 {
	t := uint64(math.Float32bits(float32(h)))<<32 | uint64(uint32(n))
	if !preferred {
		t |= 1 << 31
	}
	return t
}

// maxBucketCost is the largest action cost for which blind search uses the
// bucket queue; its ring has a bucket for every f from the current one to
// the current one plus the largest cost.
const maxBucketCost = 1 << 12

// bucketQueue is the open list of blind search with integer costs. Bucket
// f mod len(ring) holds the nodes pushed with f, in push order; fresh nodes
// arrive in increasing index order, so a bucket only needs sorting when an
// improved (older) node was appended after newer ones.
type bucketQueue struct {
	ring  []bucket
	cur   int64 // the f of the bucket being popped
	mask  int64 // len(ring) - 1
	count int   // entries not popped yet, stale ones included
	// hi is the largest f pushed since the last reset: the buckets from
	// cur to hi are the only ones that can hold entries, so reset empties
	// those and not the whole ring, which is long when a cost is large.
	hi int64
	// maxCost is the largest cost the ring was last sized for.
	maxCost int64
}

type bucket struct {
	items    []int32
	head     int32 // next entry to pop
	unsorted bool  // items[head:] may be out of order
}

// reset empties the queue and sizes its ring for costs up to maxCost.
func (q *bucketQueue) reset(maxCost int64) {
	for f := q.cur; f <= q.hi && f <= q.cur+q.mask && q.ring != nil; f++ {
		b := &q.ring[f&q.mask]
		b.items, b.head, b.unsorted = b.items[:0], 0, false
	}
	q.cur, q.count, q.hi = 0, 0, -1
	if maxCost == q.maxCost && q.ring != nil {
		return // the ring is sized already
	}
	n := 1
	for int64(n) <= maxCost {
		n *= 2
	}
	for len(q.ring) < n {
		q.ring = append(q.ring, bucket{})
	}
	q.mask, q.maxCost = int64(n-1), maxCost
}

// push adds node n with priority f. A* pushes children of the node just
// popped, so q.cur <= f <= q.cur + the largest cost < q.cur + len(ring).
func (q *bucketQueue) push(n int32, f int64) {
	b := &q.ring[f&q.mask]
	if len(b.items) > int(b.head) && b.items[len(b.items)-1] > n {
		b.unsorted = true
	}
	b.items = append(b.items, n)
	q.count++
	q.hi = max(q.hi, f)
}

// pushNew is push for a node just added to the search: its index is the
// largest yet, so it cannot put its bucket out of order.
func (q *bucketQueue) pushNew(n int32, f int64) {
	b := &q.ring[f&q.mask]
	b.items = append(b.items, n)
	q.count++
	q.hi = max(q.hi, f)
}

// pop removes and returns the node of least (f, index) with its f; ok is
// false when the queue is empty.
func (q *bucketQueue) pop() (n int32, f int64, ok bool) {
	if q.count == 0 {
		return 0, 0, false
	}
	for {
		b := &q.ring[q.cur&q.mask]
		if h := b.head; int(h) < len(b.items) {
			if b.unsorted {
				slices.Sort(b.items[h:])
				b.unsorted = false
			}
			b.head = h + 1
			q.count--
			return b.items[h], q.cur, true
		}
		b.items, b.head = b.items[:0], 0
		q.cur++
	}
}

// best returns the least entry that is still current for its node
// without popping it, or -1.
func (q *bucketQueue) best(nodes *nodeArena) int32 {
	left := q.count
	for f := q.cur; left > 0; f++ {
		b := &q.ring[f&q.mask]
		items := b.items[b.head:]
		left -= len(items)
		best := int32(-1)
		for _, n := range items {
			nd := nodes.at(n)
			if !nd.closed() && float64(f) == nd.cost() && (best < 0 || n < best) {
				best = n
			}
		}
		if best >= 0 {
			return best
		}
	}
	return -1
}

// useBuckets reports whether this search can use the bucket queue: every
// pushed node has h = 0 and every usable action a small integer cost.
func (s *search) useBuckets() bool {
	return s.heur == Blind && s.p.prep.intCosts && !s.p.tune.noBuckets
}

// integerCosts reports whether every cost in costs of the actions in acts
// is an integer no larger than maxBucketCost, and returns the largest.
func integerCosts(acts []ActionID, costs []float64) (int64, bool) {
	m := 0.0
	for _, id := range acts {
		c := costs[id]
		if c != math.Trunc(c) || c > maxBucketCost {
			return 0, false
		}
		m = max(m, c)
	}
	return int64(m), true
}

// push adds node n to the open list with its current g and h.
func (s *search) push(n int32) {
	nd := s.nodes.at(n)
	if s.buckets {
		s.bq.push(n, int64(nd.cost()))
		return
	}
	s.open.push(nd.cost()+s.weight*nd.est(), openTie(nd.est(), n, nd.preferred()), n)
}

// next pops the best open node that is still current, or returns -1 when
// the open list is empty.
func (s *search) next() int32 {
	if s.buckets {
		for {
			n, f, ok := s.bq.pop()
			if !ok {
				return -1
			}
			nd := s.nodes.at(n)
			if nd.closed() || float64(f) != nd.cost() {
				continue // stale entry: the node was closed or improved
			}
			return n
		}
	}
	for {
		n, f, ok := s.open.pop()
		if !ok {
			return -1
		}
		nd := s.nodes.at(n)
		if nd.closed() || f != nd.cost()+s.weight*nd.est() {
			continue // stale entry: the node was closed or improved
		}
		if nd.deferred() && !s.evaluate(n) {
			continue // its estimate raised f: pushed again, or a dead end
		}
		return n
	}
}

// bestOpen returns the open node the search would expand next, without
// popping it, or -1 when there is none.
func (s *search) bestOpen() int32 {
	if s.buckets {
		return s.bq.best(&s.nodes)
	}
	return s.open.best(func(n int32, f float64) bool {
		nd := s.nodes.at(n)
		return !nd.closed() && f == nd.cost()+s.weight*nd.est()
	})
}
