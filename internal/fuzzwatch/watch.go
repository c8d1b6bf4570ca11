// Package fuzzwatch gives fuzz targets the per-input time limit that Go's
// fuzzer lacks: an input that runs too long crashes the fuzzing process,
// so the fuzzer reports it and saves it, instead of stalling and then
// reporting PASS.
package fuzzwatch

import (
	"fmt"
	"os"
	"time"
)

// DefaultLimit is how long one input may run. It is generous, so that a
// slow machine or the race detector does not trip it; GOAP_FUZZ_LIMIT
// (a duration such as 2s) sets another while hunting.
const DefaultLimit = 30 * time.Second

// Start arms the watchdog for one input and returns the function that
// disarms it; call it when the input is done (defer it).
func Start(input []byte) (stop func() bool) {
	limit := DefaultLimit
	if s := os.Getenv("GOAP_FUZZ_LIMIT"); s != "" {
		if d, err := time.ParseDuration(s); err == nil && d > 0 {
			limit = d
		}
	}
	t := time.AfterFunc(limit, func() {
		panic(fmt.Sprintf("fuzzwatch: one input ran over %v (%d bytes): %q", limit, len(input), clip(input)))
	})
	return t.Stop
}

// clip keeps the report readable for a large input.
func clip(b []byte) []byte {
	if len(b) > 2000 {
		return b[:2000]
	}
	return b
}
