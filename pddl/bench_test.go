package pddl

import "testing"

func BenchmarkGround(b *testing.B) {
	for _, in := range []instance{{domain: "gripper", task: "task07"}, {domain: "logistics", task: "task16"}, {domain: "elevators-opt08-strips", task: "p06"}} {
		d, pr := load(b, in)
		b.Run(in.String(), func(b *testing.B) {
			for b.Loop() {
				if _, err := Ground(d, pr); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
