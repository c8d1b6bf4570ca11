//go:build !race

package squad_test

// raceEnabled: see race_on_test.go.
const raceEnabled = false
