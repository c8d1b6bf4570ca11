package squad_test

import (
	"fmt"
	"reflect"
	"testing"

	"github.com/goap-go/goap/agent/squad"
)

// TestKnowledge: the latest sighting of each subject wins whatever the
// order of the reports, Memory forgets the stale ones, Forget drops one,
// and Newest picks the freshest that passes the filter.
func TestKnowledge(t *testing.T) {
	k := squad.Knowledge{Memory: 5}
	k.Saw(squad.Sighting{Subject: "r1", By: "b1", X: 3, Y: 4, At: 10})
	k.Saw(squad.Sighting{Subject: "r1", By: "b2", X: 9, Y: 9, At: 8}) // older: ignored
	k.Saw(squad.Sighting{Subject: "r2", By: "b2", X: 1, Y: 1, At: 12})
	k.Saw(squad.Sighting{Subject: "r3", By: "b3", X: 7, Y: 0, At: 12})
	cases := []struct {
		now  float64
		want []string
	}{
		{12, []string{"r1 by b1 at 3,4 (10)", "r2 by b2 at 1,1 (12)", "r3 by b3 at 7,0 (12)"}},
		{15, []string{"r1 by b1 at 3,4 (10)", "r2 by b2 at 1,1 (12)", "r3 by b3 at 7,0 (12)"}},
		{16, []string{"r2 by b2 at 1,1 (12)", "r3 by b3 at 7,0 (12)"}}, // r1 is 6 old
		{18, nil},
	}
	for _, c := range cases {
		var got []string
		for _, s := range k.Sightings(c.now) {
			got = append(got, fmt.Sprintf("%s by %s at %d,%d (%v)", s.Subject, s.By, s.X, s.Y, s.At))
		}
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("at %v: %q, want %q", c.now, got, c.want)
		}
	}
	if s, ok := k.Newest(13, nil); !ok || s.Subject != "r2" {
		t.Errorf("Newest at 13: %+v %v, want r2 (r2 and r3 tie at 12: by name)", s, ok)
	}
	if s, ok := k.Newest(13, func(s squad.Sighting) bool { return s.Subject != "r2" }); !ok || s.Subject != "r3" {
		t.Errorf("Newest but r2: %+v %v, want r3", s, ok)
	}
	k.Forget("r2")
	if _, ok := k.Known("r2", 12); ok {
		t.Error("r2 still known after Forget")
	}
	if _, ok := k.Newest(20, nil); ok {
		t.Error("Newest found a sighting older than Memory")
	}
	var forever squad.Knowledge
	forever.Saw(squad.Sighting{Subject: "x", At: 1})
	if _, ok := forever.Known("x", 1e9); !ok {
		t.Error("the zero Knowledge forgot")
	}
}

// A scout reports what it sees; the commander, who sees nothing, plans
// on the squad's picture.
func ExampleKnowledge() {
	var picture squad.Knowledge
	picture.Memory = 10 // ticks
	picture.Saw(squad.Sighting{Subject: "sniper", By: "scout", X: 12, Y: 3, At: 40})
	if s, ok := picture.Known("sniper", 45); ok {
		fmt.Printf("%s at %d,%d, seen by %s %v ticks ago\n", s.Subject, s.X, s.Y, s.By, 45-s.At)
	}
	_, ok := picture.Known("sniper", 55)
	fmt.Println("known at tick 55:", ok)
	// Output:
	// sniper at 12,3, seen by scout 5 ticks ago
	// known at tick 55: false
}
