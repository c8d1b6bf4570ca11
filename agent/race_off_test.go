//go:build !race

package agent_test

// raceEnabled: see race_on_test.go.
const raceEnabled = false
