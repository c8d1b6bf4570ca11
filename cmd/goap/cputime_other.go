//go:build !unix

package main

import "time"

// processCPU is not measured here: only unix systems report it.
func processCPU() (time.Duration, bool) { return 0, false }
