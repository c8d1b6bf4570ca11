//go:build unix

package pddl

import (
	"syscall"
	"time"
)

// cpuTime returns the CPU time the process has used, so benchmarks can
// report rates that a busy machine does not distort as much as wall time.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
