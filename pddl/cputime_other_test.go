//go:build !unix

package pddl

import "time"

// cpuTime is not measured here: benchmarks report wall-time rates only.
func cpuTime() time.Duration { return 0 }
