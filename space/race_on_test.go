//go:build race

package space

// raceEnabled: the race detector allocates on its own, so allocation
// checks (testing.AllocsPerRun) are skipped under it, as the standard
// library's are.
const raceEnabled = true
