package goap

import (
	"math"
	"math/bits"
)

// openList is the open list of searches with estimates. Small, it is one
// binary heap of 16-byte entries (f, the tie of openTie, index in the
// tie's low bits). Past openSpillAt entries it moves them into buckets: a
// node's entry is then its 4-byte index, in the bucket of its key (f and
// the tie without the index); a bucket is a binary min-heap of indices,
// so it pops the oldest node first, and the keys of the buckets are in a
// binary heap of their own. The 16-byte entries were up to 15 bytes per
// stored state of a forward LM-cut search, and their array's growth by
// copying added its old copy to the peak; but a small search, whose keys
// are mostly new, paid a map insert and delete per key (the guard's
// forward LM-cut search took 7 % more instructions in buckets), and a
// bucket costs about 100 bytes beside its entries. So the heap moves into
// buckets only where its keys are few: at most one per 16 entries, which
// unit costs give (f and h small integers), and where costs vary
// (elevators) it stays a heap and looks again at twice the entries.
// Most pushes into buckets find theirs in a one-entry cache: the children
// of one expansion mostly share their key. Both forms pop in the same
// order.
type openList struct {
	small   minHeap[struct{}] // the entries, until they spill
	spilled bool              // the entries are in buckets
	// spillAt is the number of entries at which the heap looks at its
	// keys (0: openSpillAt).
	spillAt int
	keys    minHeap[int32] // the buckets in use, by key
	byKey   map[openKey]int32
	buckets []openBucket
	free    []int32 // buckets not in use, whose memory is reused
	// last and lastAt: the key and bucket + 1 of the latest push (lastAt
	// 0: none)
	last   openKey
	lastAt int32
}

// openSpillAt is the number of entries past which the open list first
// looks at its keys (32 KiB of 16-byte entries), and openKeysPerEntry
// the share of distinct keys under which it moves into buckets.
const (
	openSpillAt      = 1 << 11
	openKeysPerEntry = 16
	openKeyBits      = 1 << 12
)

// openIdxBits covers the node's index in a tie (see openTie).
const openIdxBits = 1<<31 - 1

// openKey is a bucket's key: f and the tie without the node's index.
type openKey struct {
	f   float64
	tie uint64
}

// openBucket holds the entries of one key, a binary min-heap of node
// indices.
type openBucket struct {
	key   openKey
	items []int32
}

// reset empties the list, keeping its memory.
func (o *openList) reset() {
	o.small, o.spillAt = o.small[:0], openSpillAt
	if !o.spilled {
		return
	}
	o.spilled = false
	o.keys = o.keys[:0]
	clear(o.byKey)
	o.free = o.free[:0]
	for i := len(o.buckets) - 1; i >= 0; i-- {
		o.buckets[i].items = o.buckets[i].items[:0]
		o.free = append(o.free, int32(i))
	}
	o.lastAt = 0
}

// push adds node n with key f and tie (openTie, with n's index).
func (o *openList) push(f float64, tie uint64, n int32) {
	if !o.spilled {
		o.small.push(f, tie, struct{}{})
		if len(o.small) > o.spillAt {
			o.spillIfFewKeys()
		}
		return
	}
	o.pushBucket(f, tie&^openIdxBits, n)
}

// spillIfFewKeys moves the entries into buckets when their distinct keys
// are at most one per openKeysPerEntry entries; otherwise it looks again
// at twice the entries. The keys are counted by linear counting, hashed
// into a bitmap of openKeyBits: no memory to allocate or keep, and exact
// enough to choose (at 2,048 entries the bar is 128 keys).
func (o *openList) spillIfFewKeys() {
	o.spillAt = max(o.spillAt, openSpillAt) * 2
	var seen [openKeyBits / 64]uint64
	for i := range o.small {
		e := &o.small[i]
		h := mix64(math.Float64bits(e.key)*0x9E3779B97F4A7C15 ^ e.tie&^openIdxBits)
		seen[h>>58&(openKeyBits/64-1)] |= 1 << (h & 63)
	}
	zeros := 0
	for _, w := range seen {
		zeros += 64 - bits.OnesCount64(w)
	}
	if zeros == 0 {
		return // more keys than the bitmap counts
	}
	keys := -openKeyBits * math.Log(float64(zeros)/openKeyBits)
	if keys*openKeysPerEntry <= float64(len(o.small)) {
		o.spill()
	}
}

// spill moves the entries of the small heap into buckets.
func (o *openList) spill() {
	o.spilled = true
	for i := range o.small {
		e := &o.small[i]
		o.pushBucket(e.key, e.tie&^openIdxBits, int32(e.tie&openIdxBits))
	}
	o.small = o.small[:0]
}

// pushBucket adds node n to the bucket of key (f, tie), tie without the
// node's index.
func (o *openList) pushBucket(f float64, tie uint64, n int32) {
	k := openKey{f, tie}
	id := o.lastAt - 1
	if id < 0 || o.last != k {
		var ok bool
		if id, ok = o.byKey[k]; !ok {
			id = o.newBucket(k)
		}
		o.last, o.lastAt = k, id+1
	}
	b := &o.buckets[id]
	b.items = append(b.items, n)
	siftUp32(b.items)
}

// newBucket puts a bucket for key k in use and returns it.
func (o *openList) newBucket(k openKey) int32 {
	var id int32
	if n := len(o.free); n > 0 {
		id, o.free = o.free[n-1], o.free[:n-1]
	} else {
		id = int32(len(o.buckets))
		o.buckets = append(o.buckets, openBucket{})
	}
	o.buckets[id].key = k
	if o.byKey == nil {
		o.byKey = make(map[openKey]int32)
	}
	o.byKey[k] = id
	o.keys.push(k.f, k.tie, id)
	return id
}

// pop removes the entry of least (f, tie, index) and returns its node
// and f; ok is false when the list is empty.
func (o *openList) pop() (n int32, f float64, ok bool) {
	if !o.spilled {
		if len(o.small) == 0 {
			return 0, 0, false
		}
		e := o.small.pop()
		return int32(e.tie & openIdxBits), e.key, true
	}
	for len(o.keys) > 0 {
		id := o.keys[0].val
		b := &o.buckets[id]
		if len(b.items) == 0 {
			// emptied: its key leaves the heap and the map
			o.keys.pop()
			delete(o.byKey, b.key)
			o.free = append(o.free, id)
			if o.lastAt == id+1 {
				o.lastAt = 0
			}
			continue
		}
		n = b.items[0]
		last := len(b.items) - 1
		b.items[0] = b.items[last]
		b.items = b.items[:last]
		siftDown32(b.items)
		return n, b.key.f, true
	}
	return 0, 0, false
}

// best returns the node of the least entry for which current(node, f)
// holds, without popping it, or -1.
func (o *openList) best(current func(n int32, f float64) bool) int32 {
	n, bestKey := int32(-1), openKey{}
	for i := range o.small {
		e := &o.small[i]
		m := int32(e.tie & openIdxBits)
		if current(m, e.key) && (n < 0 || e.key < bestKey.f || e.key == bestKey.f && e.tie < bestKey.tie) {
			n, bestKey = m, openKey{e.key, e.tie}
		}
	}
	for _, e := range o.keys {
		b := &o.buckets[e.val]
		k := b.key
		for _, m := range b.items {
			if !current(m, k.f) {
				continue
			}
			if n < 0 || k.f < bestKey.f || k.f == bestKey.f && (k.tie < bestKey.tie || k.tie == bestKey.tie && m < n) {
				n, bestKey = m, k
			}
		}
	}
	return n
}

// siftUp32 restores the min-heap h after an append.
func siftUp32(h []int32) {
	i := len(h) - 1
	x := h[i]
	for i > 0 {
		p := (i - 1) / 2
		if h[p] <= x {
			break
		}
		h[i] = h[p]
		i = p
	}
	h[i] = x
}

// siftDown32 restores the min-heap h after its root was replaced.
func siftDown32(h []int32) {
	n := len(h)
	if n == 0 {
		return
	}
	x := h[0]
	i := 0
	for {
		l := 2*i + 1
		if l >= n {
			break
		}
		m := l
		if r := l + 1; r < n && h[r] < h[l] {
			m = r
		}
		if x <= h[m] {
			break
		}
		h[i] = h[m]
		i = m
	}
	h[i] = x
}

// bytes returns the memory the list holds, by capacity (the map at
// about 40 bytes a key).
func (o *openList) bytes() int64 {
	n := int64(cap(o.small))*16 + int64(cap(o.keys))*24 + int64(cap(o.buckets))*40 + int64(cap(o.free))*4 + int64(len(o.byKey))*40
	for i := range o.buckets {
		n += int64(cap(o.buckets[i].items)) * 4
	}
	return n
}

// nextGrowth returns what the list's next growth may allocate: a
// quarter more than its largest bucket.
func (o *openList) nextGrowth() int64 {
	if !o.spilled {
		return int64(cap(o.small)) * 16 * 5 / 4
	}
	m := 0
	for i := range o.buckets {
		m = max(m, cap(o.buckets[i].items))
	}
	return int64(m) * 4 * 5 / 4
}
