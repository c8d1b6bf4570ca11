//go:build !race

package goap_test

// raceEnabled: see race_on_test.go.
const raceEnabled = false
