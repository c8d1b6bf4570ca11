//go:build unix

package goap_test

import (
	"syscall"
	"time"
)

// cpuTime returns the CPU time the process has used so far (user and
// system). Benchmarks report it per plan next to the wall-clock ns/op: on
// a shared machine it is the steadier of the two.
func cpuTime() (time.Duration, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
