package goapfile_test

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/goap-go/goap"
	"github.com/goap-go/goap/goapfile"
)

// Parse a designer file and plan from its start state to its goal.
func Example() {
	src := `
name: guard
actions:
  - name: DrawWeapon
    preconditions: {weapon_holstered: true}
    effects: {weapon_holstered: false, armed: true}
  - name: FindAmmo
    cost: 3
    effects: {has_ammo: true}
  - name: LoadWeapon
    cost: 2
    preconditions: {armed: true, has_ammo: true}
    effects: {loaded: true}
  - name: Approach
    cost: 2
    preconditions: {enemy_visible: true}
    effects: {in_range: true}
  - name: Attack
    preconditions: {armed: true, loaded: true, in_range: true}
    effects: {threat_removed: true}
start: {weapon_holstered: true, enemy_visible: true}
goal: {threat_removed: true}
`
	f, err := goapfile.Parse("guard.yaml", []byte(src))
	if err != nil {
		fmt.Println(err)
		return
	}
	res := goap.NewPlanner(f.Domain).Plan(context.Background(), f.Start, f.Goal)
	fmt.Println(res.Status, res.Cost, f.Domain.ActionNames(res.Plan))
	// Output: found 9 [DrawWeapon Approach FindAmmo LoadWeapon Attack]
}

// Parse reports every problem of a file at once, each with its position
// and the offending line.
func ExampleParse_errors() {
	src := `
actions:
  - name: Attack
    preconditon: {loaded: true}
    cost: -1
    effects: {armed: true}
start: {armd: false}
`
	_, err := goapfile.Parse("guard.yaml", []byte(src))
	fmt.Println(err) // one line
	var list goapfile.ErrorList
	if errors.As(err, &list) {
		fmt.Println(list.ErrorWithPosition()) // every error, with its line
	}
	// Output:
	// guard.yaml:4:5: unknown key "preconditon" in action (did you mean "preconditions"?) (and 2 more errors)
	// guard.yaml:4:5: unknown key "preconditon" in action (did you mean "preconditions"?)
	//     4 |     preconditon: {loaded: true}
	//       |     ^
	// guard.yaml:5:11: cost must be at least 0, got -1
	//     5 |     cost: -1
	//       |           ^
	// guard.yaml:7:9: unknown fact "armd" in start (did you mean "armed"?)
	//     7 | start: {armd: false}
	//       |         ^
}

// The format reference is the package documentation.
func ExampleFormatReference() {
	ref := goapfile.FormatReference()
	fmt.Println(strings.SplitN(ref, "\n", 2)[0])
	fmt.Println(strings.Contains(ref, "SQUADS"), strings.Contains(ref, "scope: agent"))
	// Output:
	// Package goapfile loads planning domains from designer files: YAML, or
	// true true
}
