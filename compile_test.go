package goap_test

import (
	"runtime"
	"testing"

	"github.com/goap-go/goap"
)

// compileBytes returns the bytes NewDomain allocates for spec.
func compileBytes(t *testing.T, spec goap.Spec) uint64 {
	t.Helper()
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	d, err := goap.NewDomain(spec)
	runtime.ReadMemStats(&after)
	if err != nil {
		t.Fatal(err)
	}
	runtime.KeepAlive(d)
	return after.TotalAlloc - before.TotalAlloc
}

// TestCompileMemoryProportional checks that compiling a domain takes
// memory proportional to what the spec says, not actions times facts: a
// chain of 16,000 actions (16,001 facts, 251 words a state) costs at most
// a little more per action than a chain of 1,000.
func TestCompileMemoryProportional(t *testing.T) {
	small := compileBytes(t, chainSpec(1000, nil))
	big := compileBytes(t, chainSpec(16000, nil))
	perSmall, perBig := float64(small)/1000, float64(big)/16000
	t.Logf("bytes per action: %.0f at 1,000 actions, %.0f at 16,000", perSmall, perBig)
	if perBig > 1.5*perSmall {
		t.Errorf("bytes per action grow with the domain: %.0f at 1,000 actions, %.0f at 16,000", perSmall, perBig)
	}
}
