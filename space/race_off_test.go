//go:build !race

package space

// raceEnabled: see race_on_test.go.
const raceEnabled = false
