package goap_test

import (
	"fmt"
	"testing"

	"github.com/goap-go/goap"
)

// arenaSpec is the compile benchmarks' domain: n objects, half places on
// a ring of roads and half enemies, each near one place. Move walks a
// road, Shoot takes a hit point off an enemy near the agent's place and
// Finish kills an enemy out of hit points: 2 actions per object, linear
// in n. With hand set, the same domain is written out action by action,
// as without parameters (plain names: Move_p1_p2, me_at_p1).
func arenaSpec(n int, hand bool) goap.Spec {
	places, enemies := (n+1)/2, n/2
	place := func(i int) string { return fmt.Sprintf("p%d", (i+places)%places) }
	enemy := func(i int) string { return fmt.Sprintf("e%d", i) }
	spec := goap.Spec{Name: "arena"}
	goal := goap.Conds{}
	if enemies > 0 {
		goal["alive("+enemy(0)+")"] = false
		if hand {
			goal = goap.Conds{"alive_" + enemy(0): false}
		}
	}
	spec.Goals = []goap.Goal{{Name: "Clear", Desired: goal}}
	if !hand {
		for i := 0; i < places; i++ {
			spec.Objects = append(spec.Objects, goap.Object{Name: place(i), Type: "place"})
			spec.Static = append(spec.Static, "road("+place(i)+","+place(i+1)+")", "road("+place(i+1)+","+place(i)+")")
		}
		for i := 0; i < enemies; i++ {
			spec.Objects = append(spec.Objects, goap.Object{Name: enemy(i), Type: "enemy"})
			spec.Static = append(spec.Static, "near("+enemy(i)+","+place(i)+")")
		}
		spec.Facts = []goap.Fact{{Name: "hp", Kind: goap.IntFact, Max: 3, Default: 3, Args: []string{"enemy"}}}
		spec.Actions = []goap.Action{
			{Name: "Move", Cost: 1, Params: []goap.Param{{Name: "a", Type: "place"}, {Name: "b", Type: "place"}},
				Pre:     goap.Conds{"road(?a,?b)": true, "me_at(?a)": true},
				Effects: goap.Effects{"me_at(?a)": false, "me_at(?b)": true}},
			{Name: "Shoot", Cost: 2, Params: []goap.Param{{Name: "e", Type: "enemy"}, {Name: "p", Type: "place"}},
				Pre:     goap.Conds{"near(?e,?p)": true, "me_at(?p)": true, "hp(?e)": goap.Gt(0)},
				Effects: goap.Effects{"hp(?e)": goap.Sub(1)}},
			{Name: "Finish", Cost: 1, Params: []goap.Param{{Name: "e", Type: "enemy"}},
				Pre:     goap.Conds{"hp(?e)": 0, "alive(?e)": true},
				Effects: goap.Effects{"alive(?e)": false}},
		}
		return spec
	}
	for i := 0; i < enemies; i++ {
		spec.Facts = append(spec.Facts, goap.Int("hp_"+enemy(i), 0, 3, 3))
	}
	for i := 0; i < places; i++ {
		for _, j := range []int{i + 1, i - 1} {
			if places < 3 && j != i+1 {
				continue // a ring of one or two places has one road each way
			}
			spec.Actions = append(spec.Actions, goap.Action{Name: "Move_" + place(i) + "_" + place(j), Cost: 1,
				Pre:     goap.Conds{"me_at_" + place(i): true},
				Effects: goap.Effects{"me_at_" + place(i): false, "me_at_" + place(j): true}})
		}
	}
	for i := 0; i < enemies; i++ {
		spec.Actions = append(spec.Actions, goap.Action{Name: "Shoot_" + enemy(i) + "_" + place(i), Cost: 2,
			Pre:     goap.Conds{"me_at_" + place(i): true, "hp_" + enemy(i): goap.Gt(0)},
			Effects: goap.Effects{"hp_" + enemy(i): goap.Sub(1)}})
	}
	for i := 0; i < enemies; i++ {
		spec.Actions = append(spec.Actions, goap.Action{Name: "Finish_" + enemy(i), Cost: 1,
			Pre:     goap.Conds{"hp_" + enemy(i): 0, "alive_" + enemy(i): true},
			Effects: goap.Effects{"alive_" + enemy(i): false}})
	}
	return spec
}

// BenchmarkCompile compiles the arena lifted and written out by hand.
func BenchmarkCompile(b *testing.B) {
	for _, n := range []int{100, 10000} {
		for _, hand := range []bool{false, true} {
			name := "lifted"
			if hand {
				name = "hand"
			}
			spec := arenaSpec(n, hand)
			b.Run(fmt.Sprintf("%s/%d", name, n), func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					if _, err := goap.NewDomain(spec); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// BenchmarkCompileAddObject adds one enemy (near a place) to the arena
// of n objects with WithObjects, and BenchmarkCompileRemoveObject
// removes one; compare with BenchmarkCompile/lifted/n, the full compile.
func BenchmarkCompileAddObject(b *testing.B) {
	for _, n := range []int{100, 10000} {
		d, err := goap.NewDomain(arenaSpec(n, false))
		if err != nil {
			b.Fatal(err)
		}
		ch := goap.ObjectChange{Add: []goap.Object{{Name: "spawned", Type: "enemy"}}, Static: []string{"near(spawned,p3)"}}
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := d.WithObjects(ch); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkCompileRemoveObject(b *testing.B) {
	for _, n := range []int{100, 10000} {
		d, err := goap.NewDomain(arenaSpec(n, false))
		if err != nil {
			b.Fatal(err)
		}
		ch := goap.ObjectChange{Remove: []string{"e3"}}
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := d.WithObjects(ch); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
