package goap

import "math/bits"

// The closed/open set is an open-addressing hash table of node indices,
// with linear probing, in two arrays of the same power-of-two length: a
// control byte per slot (0 when empty, else 0x80 and a 7-bit tag of the
// state's hash) and the slot's node index, with the node's closed flag in
// its top bit. A probe reads control bytes, 64 to a cache line, and
// compares the state itself (in the state arrays) when a tag matches, so
// two distinct states are never merged. Five bytes a slot instead of
// eight (index, tag, flags and a generation in one word) took the table
// at its usual load from 11-21 bytes per stored state to 7-13.

// ctrlTag is the control byte of a slot holding a state of hash h: the
// top 7 bits of the hash (the index takes the low ones), and 0x80, so
// that it is never an empty slot's 0. A probe compares a state that is
// not there one time in 128.
func ctrlTag(h uint64) uint8 { return uint8(h>>57) | 0x80 }

const (
	// idClosed is a slot's closed flag, in its node index's top bit: it
	// mirrors the node's, so that a successor that is already closed
	// (the common case late in a search) is dismissed without touching
	// the node arena. Blind searches with the bucket queue read the
	// node's cost instead and leave it alone.
	idClosed = uint32(1) << 31
	idMask   = idClosed - 1
)

// close marks node n expanded (or a dead end).
func (s *search) close(n int32) {
	s.nodes.at(n).act |= nodeClosed
	s.ids[s.slotOf(n)] |= idClosed
}

const minTable = 64

// full reports whether the table must grow: past a load of 3/4. Linear
// probing's runs stay short at that load over control bytes (64 to a
// cache line), and a table kept at most half full took twice the memory
// per stored state.
func (s *search) full() bool {
	return s.nodes.len() > len(s.ctrl)-len(s.ctrl)>>2
}

// mix64 hashes a state word for the table, which indexes by its low
// bits: every input bit reaches them (the first shift brings the high
// half down, the multiply spreads upwards, the last shift brings that
// down again). One multiply instead of the two of a full finalizer
// measured 4 % fewer instructions per plan on the guard.
func mix64(x uint64) uint64 {
	x ^= x >> 32
	x *= 0xFF51AFD7ED558CCD
	x ^= x >> 32
	return x
}

// hashWords hashes a multi-word state: a chain of mixes, small enough to
// be inlined where it is called. States of 8 words or more use hashWide
// (see hashState).
func hashWords(w []uint64) uint64 {
	h := uint64(0x9E3779B97F4A7C15)
	for _, x := range w {
		h = mix64(h ^ x)
	}
	return h
}

// hashState is the table's hash of a state of any width.
func hashState(w []uint64) uint64 {
	if len(w) >= 8 {
		return hashWide(w)
	}
	return hashWords(w)
}

// hashWide hashes a state of 8 words or more: the sum of a mix of each
// word that is not zero with its place, mixed once more. Terms are
// independent, so their multiplies overlap instead of waiting for each
// other, and zero words, eight at a time, cost a load and an or: the
// subgoals of backward search name a few facts of thousands (a chain of
// 8,000 actions: 250 words, two of them not zero), and a chained hash
// of every word was most of such a search's time.
func hashWide(w []uint64) uint64 {
	const step = 0x9E3779B97F4A7C15 // sets the places apart
	h := uint64(len(w))
	n := len(w) &^ 7
	for i := 0; i < n; i += 8 {
		q := w[i : i+8 : i+8]
		if q[0]|q[1]|q[2]|q[3]|q[4]|q[5]|q[6]|q[7] == 0 {
			continue
		}
		for k, x := range q {
			if x != 0 {
				h += mix64(x ^ uint64(i+k+1)*step)
			}
		}
	}
	for i := n; i < len(w); i++ {
		if x := w[i]; x != 0 {
			h += mix64(x ^ uint64(i+1)*step)
		}
	}
	return mix64(h)
}

// resetTable empties the table, sizing it for as many nodes as the
// previous search made (at least minTable slots) and keeping its memory.
// A small table keeps small searches in the cache, and clearing it costs
// a byte a slot; starting as large as the last search needed spares
// repeated large ones the growing.
func (s *search) resetTable() {
	n := minTable
	for s.lastNodes > n-n>>2 {
		n *= 2
	}
	if cap(s.ctrl) < n {
		s.ctrl, s.ids = make([]uint8, n), make([]uint32, n)
		return
	}
	s.ctrl, s.ids = s.ctrl[:n], s.ids[:n]
	clear(s.ctrl)
}

// insert1 finds or adds the one-word state x. It returns the node index,
// whether the node is new and whether it is closed.
func (s *search) insert1(x uint64) (int32, bool, bool) {
	return s.insert1h(x, mix64(x))
}

// insert1h is insert1 with the state's hash already computed.
func (s *search) insert1h(x, hash uint64) (int32, bool, bool) {
	ctrl := s.ctrl
	mask := uint64(len(ctrl) - 1)
	tag := ctrlTag(hash)
	for i := hash & mask; ; i = (i + 1) & mask {
		c := ctrl[i]
		if c == 0 {
			idx, _ := s.nodes.add()
			if len(s.states) < flatWords { // addState1, written out
				s.states = append(s.states, x)
			} else {
				s.pageState1(x)
			}
			ctrl[i], s.ids[i] = tag, uint32(idx)
			if s.full() {
				s.grow()
			}
			return idx, true, false
		}
		if c == tag {
			if e := s.ids[i]; s.state1(int32(e&idMask)) == x {
				return int32(e & idMask), false, e&idClosed != 0
			}
		}
	}
}

// insert finds or adds the state in x; it returns the node index,
// whether the node is new and whether it is closed.
func (s *search) insert(x []uint64) (int32, bool, bool) {
	switch {
	case s.sw == 1:
		return s.insert1(x[0])
	case s.sw >= 8:
		return s.insertHashed(x, hashWide(x))
	}
	return s.insertHashed(x, hashWords(x))
}

// insertHashed is insert for a multi-word state x whose hash is h.
func (s *search) insertHashed(x []uint64, h uint64) (int32, bool, bool) {
	ctrl := s.ctrl
	mask := uint64(len(ctrl) - 1)
	tag := ctrlTag(h)
	for i := h & mask; ; i = (i + 1) & mask {
		c := ctrl[i]
		if c == 0 {
			idx, _ := s.nodes.add()
			s.storeState(x, h)
			ctrl[i], s.ids[i] = tag, uint32(idx)
			if s.full() {
				s.grow()
			}
			return idx, true, false
		}
		if c == tag {
			if e := s.ids[i]; equalWords(s.state(int32(e&idMask)), x) {
				return int32(e & idMask), false, e&idClosed != 0
			}
		}
	}
}

// pageWords is the size of a page of wide states (see storeState): 64
// KiB, or one state when a state is larger.
const (
	pageWordsShift = 13
	pageWords      = 1 << pageWordsShift
)

// setPaging chooses how s keeps its states. A flat array that grows by a
// quarter copies every state it holds each time, and the old array lives
// while the new one fills: a backward search over a 32,000-action chain
// (1,000-word subgoals) held 261 MB of states when the next growth would
// have taken 323 MB more and passed the memory cap, and copying was 57 %
// of a 16,000-action chain's time; on gripper task06 (one word) the old
// copies were 21 MB of a 152 MB peak. So states of more than two words
// all go in pages, and one- and two-word states after the first
// flatWords words of them, which the game's small searches never pass
// and the loops of small tables (blindRun) index directly. Pages are
// never copied, and a search holds at most one page beyond its states.
// A state of 8 words or more is followed by its hash, which the table's
// slots do not hold: growing the table and finding a node's slot do not
// hash it again (on a chain's 250-word subgoals, rehashing was a tenth of
// a cold plan call). Narrower states are hashed again: a word more for
// blocks task19's three-word states was 4.8 MB of its 71 MB.
func (s *search) setPaging() {
	s.paged = s.sw > 2
	if !s.paged {
		// pages of pageWords, set without a loop: the game's many small
		// searches never reach them
		s.stride, s.pageShift = s.sw, uint8(pageWordsShift+1-s.sw) // 1 or 2 words
		return
	}
	s.stride = s.sw
	if s.sw >= 8 {
		s.stride++
	}
	// pages of the largest power of two of states that fits in
	// pageWords, one state at least
	s.pageShift = 0
	if n := pageWords / s.stride; n > 1 {
		s.pageShift = uint8(bits.Len(uint(n)) - 1)
	}
}

// flatWords is how many words of narrow states a search keeps flat
// before it starts pages (256 KiB; see setPaging).
const flatWords = 1 << 15

// storeState keeps x, of hash h, as the state of the node just added
// (and h with it, see setPaging).
func (s *search) storeState(x []uint64, h uint64) {
	if !s.paged && len(s.states) < flatWords { // never again once pages start
		s.states = append(s.states, x...)
		return
	}
	n := s.nodes.len() - 1
	if s.usedPages == 0 {
		s.flat = len(s.states) / s.sw // fixed from here on
	}
	m := n - s.flat
	pg := m >> s.pageShift
	if pg == s.usedPages {
		s.addPage()
	}
	i := (m & (1<<s.pageShift - 1)) * s.stride
	copy(s.pages[pg][i:i+s.sw], x)
	if s.stride > s.sw {
		s.pages[pg][i+s.sw] = h
	}
}

// addState1 is storeState for the one-word state x.
func (s *search) addState1(x uint64) {
	if len(s.states) < flatWords { // never again once pages start
		s.states = append(s.states, x)
		return
	}
	s.pageState1(x)
}

// pageState1 is addState1 past the flat states.
func (s *search) pageState1(x uint64) {
	w := [1]uint64{x}
	s.storeState(w[:], 0)
}

// nodeHash returns the table's hash of node n's state.
func (s *search) nodeHash(n int32) uint64 {
	switch {
	case s.sw == 1:
		return mix64(s.state1(n))
	case s.stride > s.sw:
		m := int(n) - s.flat
		i := (m&(1<<s.pageShift-1))*s.stride + s.sw
		return s.pages[m>>s.pageShift][i]
	}
	return hashState(s.state(n))
}

// addPage makes the next page of states ready, reusing the memory of an
// earlier search's page. A page is as long as its states: rounded up to
// pageWords, pages of three-word states were a quarter empty (2,048
// states in 8,192 words).
func (s *search) addPage() {
	if s.usedPages == len(s.pages) {
		s.pages = append(s.pages, nil)
	}
	if need := s.stride << s.pageShift; len(s.pages[s.usedPages]) < need {
		s.pagedWords -= int64(len(s.pages[s.usedPages]))
		s.pages[s.usedPages] = make([]uint64, need)
		s.pagedWords += int64(len(s.pages[s.usedPages]))
	}
	s.usedPages++
}

func equalWords(a, b []uint64) bool {
	for i := range b {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// grow doubles the table and re-inserts every node. The search memory
// has about doubled since the last growth: a good time to check it
// against Options.MaxMemory (the search stops at its next expansion).
func (s *search) grow() {
	s.p.checkMemory()
	n := len(s.ctrl) * 2
	if cap(s.ctrl) >= n {
		s.ctrl, s.ids = s.ctrl[:n], s.ids[:n]
		clear(s.ctrl)
	} else {
		s.ctrl, s.ids = make([]uint8, n), make([]uint32, n)
	}
	ctrl, ids := s.ctrl, s.ids[:n]
	mask := uint64(n - 1)
	for idx := range int32(s.nodes.len()) {
		h := s.nodeHash(idx)
		i := h & mask
		for ctrl[i] != 0 {
			i = (i + 1) & mask
		}
		e := uint32(idx)
		if s.nodes.at(idx).closed() {
			e |= idClosed
		}
		ctrl[i], ids[i] = ctrlTag(h), e
	}
}

// slotOf returns the table slot of node n, found from its state as
// insert finds it: nodes do not keep their slot (4 bytes less per node),
// and only closing or reopening a node needs it, once per expansion.
func (s *search) slotOf(n int32) int {
	h := s.nodeHash(n)
	mask := uint64(len(s.ctrl) - 1)
	tag := ctrlTag(h)
	for i := h & mask; ; i = (i + 1) & mask {
		if s.ctrl[i] == tag && s.ids[i]&idMask == uint32(n) {
			return int(i)
		}
	}
}
