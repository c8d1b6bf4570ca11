package filetest_test

import (
	"context"
	"fmt"

	"github.com/goap-go/goap"
	"github.com/goap-go/goap/goapfile"
	"github.com/goap-go/goap/goapfile/filetest"
)

// Int and enum facts, and the tests a designer writes next to the domain.
func ExampleRun() {
	src := `
facts:
  at: {type: enum, values: [home, mine]}
  gold: {type: int, min: 0, max: 5}
actions:
  - {name: GoMine, cost: 3, preconditions: {at: home}, effects: {at: mine}}
  - {name: GoHome, cost: 3, preconditions: {at: mine}, effects: {at: home}}
  - {name: Dig, preconditions: {at: mine, gold: "< 5"}, effects: {gold: "+2"}}
goal: {at: home, gold: ">= 3"}
tests:
  - name: dig twice
    plan: [GoMine, Dig, Dig, GoHome]
    cost: 8
  - name: one dig is enough
    set: {gold: 1}
    plan: [GoMine, Dig, GoHome]
    cost: 7
  - name: wrong guess
    steps: 3
`
	f, err := goapfile.Parse("miner.yaml", []byte(src))
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, r := range filetest.Run(context.Background(), f, goap.Options{}) {
		fmt.Println(r)
	}
	// Output:
	// PASS dig twice
	// PASS one dig is enough
	// FAIL wrong guess: expected steps 3, got 4 with plan [GoMine Dig Dig GoHome]
}
