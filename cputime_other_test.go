//go:build !unix

package goap_test

import "time"

// cpuTime is not available here: benchmarks report wall-clock time only.
func cpuTime() (time.Duration, bool) { return 0, false }
