package goap

import "testing"

// TestNodeArena fills an arena past several pages, twice (the second time
// in the memory the first left), and checks that every node keeps what
// was written to it, that new nodes are zero, that the first page holds
// exactly nodePageLen nodes and that the second fill allocates nothing.
func TestNodeArena(t *testing.T) {
	var a nodeArena
	fill := func(n int, salt float64) {
		for i := range n {
			idx, nd := a.add()
			if int(idx) != i {
				t.Fatalf("add returned index %d, want %d", idx, i)
			}
			if *nd != (node{}) {
				t.Fatalf("node %d not zero when added: %+v", i, *nd)
			}
			nd.setCost(float64(i) + salt)
			nd.parent = int32(i)
		}
		if a.len() != n {
			t.Fatalf("len %d, want %d", a.len(), n)
		}
		for i := range int32(n) {
			if nd := a.at(i); nd.cost() != float64(i)+salt || nd.parent != i {
				t.Fatalf("node %d holds g=%v parent=%d", i, nd.cost(), nd.parent)
			}
		}
	}
	for _, n := range []int{1, 100, nodePageLen - 1, nodePageLen, nodePageLen + 1, 3*nodePageLen + 17} {
		a.reset()
		fill(n, 0.5)
		if len(a.first) > nodePageLen {
			t.Fatalf("%d nodes: the first page holds %d", n, len(a.first))
		}
	}
	want := (3*nodePageLen+17)>>nodePageShift + 1 // pages in use
	if got := 1 + len(a.more); got != want {
		t.Errorf("%d pages allocated, want %d", got, want)
	}
	before := a.bytes()
	if allocs := testing.AllocsPerRun(3, func() { a.reset(); fill(3*nodePageLen+17, 0.25) }); allocs != 0 {
		t.Errorf("refilling the arena: %v allocations, want 0", allocs)
	}
	if a.bytes() != before {
		t.Errorf("bytes %d after refilling, %d before", a.bytes(), before)
	}
	if min := int64(3*nodePageLen+17) * nodeBytes; before < min {
		t.Errorf("bytes %d for %d nodes of %d bytes", before, 3*nodePageLen+17, nodeBytes)
	}
	a.free()
	if a.len() != 0 || a.bytes() != 0 {
		t.Errorf("after free: len %d, bytes %d", a.len(), a.bytes())
	}
}
