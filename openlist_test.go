package goap

import (
	"fmt"
	"math/rand"
	"slices"
	"testing"
)

// TestOpenListTieRule pins the open list's order (openlist.go) on both
// implementations, the heap in both its forms (openbuckets.go: moved into
// buckets at the start, midway, or never): next pops the open node of least f = g + w*h, ties to
// the smaller h, then to the older node (smaller index), and skips the
// entries of nodes closed or improved since they were pushed. Nodes are
// pushed, improved, closed and popped in a random interleaving, with few
// distinct costs and estimates so that most pops break a tie; an oracle
// that applies the rule to the open nodes must agree with every pop.
func TestOpenListTieRule(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		buckets bool
		weight  float64
		spillAt int // the step at which the heap moves into buckets, -1: never
	}{{false, 1, -1}, {false, 2, -1}, {false, 1, 0}, {false, 2, 150}, {true, 1, -1}} {
		for seed := int64(1); seed <= 20; seed++ {
			t.Run(fmt.Sprintf("buckets=%v/w=%v/spill=%d/seed=%d", c.buckets, c.weight, c.spillAt, seed), func(t *testing.T) {
				checkTieRule(t, rand.New(rand.NewSource(seed)), c.buckets, c.weight, c.spillAt)
			})
		}
	}
}

// checkTieRule runs one random interleaving (see TestOpenListTieRule).
// Costs stay integers, as the bucket queue needs, and so do the f values
// (exact in float64 and as float32 ties). The bucket queue holds blind
// nodes (h = 0), pushed at most maxCost above the f last popped.
func checkTieRule(t *testing.T, rng *rand.Rand, buckets bool, weight float64, spillAt int) {
	const maxCost = 4
	s := &search{}
	s.weight, s.buckets = weight, buckets
	if buckets {
		s.bq.reset(maxCost)
	}
	less := func(a, b int32) bool { // the documented rule
		na, nb := s.nodes.at(a), s.nodes.at(b)
		fa, fb := na.cost()+weight*na.est(), nb.cost()+weight*nb.est()
		if fa != fb {
			return fa < fb
		}
		if na.est() != nb.est() {
			return na.est() < nb.est()
		}
		return a < b
	}
	var open []int32 // the open nodes, in index order
	closeNode := func(n int32) {
		s.nodes.at(n).act |= nodeClosed
		open = slices.DeleteFunc(open, func(x int32) bool { return x == n })
	}
	best := func() int32 {
		want := int32(-1)
		for _, n := range open {
			if want < 0 || less(n, want) {
				want = n
			}
		}
		return want
	}
	lastG := 0.0 // g of the node popped last: nothing is pushed below it
	pops, ties := 0, 0
	for step := 0; step < 400; step++ {
		if step == spillAt {
			s.open.spill() // as past openSpillAt entries
		}
		switch k := rng.Intn(10); {
		case k < 5 || len(open) == 0: // a new node
			h := 0.0
			if !buckets {
				h = float64(rng.Intn(3))
			}
			idx, nd := s.nodes.add()
			nd.setCost(lastG + float64(rng.Intn(maxCost+1)))
			nd.setEst(h)
			s.push(idx)
			open = append(open, idx)
		case k < 7: // a cheaper path to an open node
			n := open[rng.Intn(len(open))]
			if nd := s.nodes.at(n); nd.cost() > lastG {
				nd.setCost(nd.cost() - float64(1+rng.Intn(int(nd.cost()-lastG))))
				s.push(n)
			}
		case k < 8: // closed without being popped (a dead end)
			closeNode(open[rng.Intn(len(open))])
		default:
			want, tie := best(), false
			for _, n := range open { // does the rule break a tie of f?
				nw, nn := s.nodes.at(want), s.nodes.at(n)
				tie = tie || n != want && nn.cost()+weight*nn.est() == nw.cost()+weight*nw.est()
			}
			if b := s.bestOpen(); b != want {
				t.Fatalf("step %d: bestOpen gives node %d, the rule %d (open: %s)", step, b, want, describeOpen(s, open))
			}
			got := s.next()
			if got != want {
				t.Fatalf("step %d: popped node %d, the rule gives %d (open: %s)", step, got, want, describeOpen(s, open))
			}
			closeNode(got)
			lastG = s.nodes.at(got).cost()
			pops++
			if tie {
				ties++
			}
		}
	}
	// The open list drains in the rule's order too, then reports empty.
	for len(open) > 0 {
		want := best()
		if got := s.next(); got != want {
			t.Fatalf("draining: popped node %d, the rule gives %d (open: %s)", got, want, describeOpen(s, open))
		}
		closeNode(want)
	}
	if got := s.next(); got != -1 {
		t.Fatalf("empty open list popped node %d", got)
	}
	if pops < 20 || ties < pops/4 {
		t.Fatalf("%d pops, %d of them breaking a tie: the test checks too little", pops, ties)
	}
}

// describeOpen lists the open nodes with their g and h.
func describeOpen(s *search, open []int32) string {
	out := ""
	for _, n := range open {
		out += fmt.Sprintf(" %d(g=%v h=%v)", n, s.nodes.at(n).cost(), s.nodes.at(n).est())
	}
	return out
}
