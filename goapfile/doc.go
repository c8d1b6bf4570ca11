// Package goapfile loads planning domains from designer files: YAML, or
// JSON (which is YAML too). A file describes the facts, actions and goals
// of a goap domain, a start state, a goal, and tests that state what the
// planner must find:
//
//	name: guard
//	facts:                       # optional; undeclared facts are booleans
//	  ammo: {type: int, min: 0, max: 10, default: 0}
//	  at: {type: enum, values: [home, shop, mine], default: home}
//	  armed: {type: bool}        # default false
//	actions:
//	  - name: DrawWeapon
//	    cost: 1                  # default 1
//	    preconditions: {weapon_holstered: true}
//	    effects: {weapon_holstered: false, armed: true}
//	    duration: 3              # ticks, for simulators; default 1
//	start: {weapon_holstered: true, enemy_visible: true}
//	goal: {threat_removed: true} # or the name of one of goals
//	goals:
//	  - {name: KillEnemy, priority: 10, desired: {threat_removed: true}}
//	tests:
//	  - name: default plan       # optional; default "test N"
//	    start: {...}             # optional; default: the file's start
//	    set: {...}               # optional; applied on top of start
//	    goal: ...                # optional; default: the file's goal
//	    remove: [FindAmmo]       # actions the planner may not use
//	    cost: 9                  # expected optimal cost
//	    plan: [DrawWeapon, Approach, FindAmmo, LoadWeapon, Attack]
//	    steps: 5                 # expected plan length
//	    no_plan: true            # expects that no plan exists
//	    already_satisfied: true  # expects an empty plan
//
// A test with no expectation expects that some plan exists.
//
// # Values
//
// Preconditions, `desired:` conditions of goals and `goal:` conditions
// take, per kind of fact:
//
//   - bool: true or false.
//   - int: a number (3) for equality, or a quoted comparison: ">= 1",
//     "> 0", "< 5", "<= 5", "!= 2", "== 3" or "= 3". Quote them: YAML
//     reads a leading ">" as a folded text block and "!" as a tag.
//   - enum: a value name (shop) or "!= shop"; "= shop" means shop.
//
// They become goap.Conds values: bool, int, string or goap.Compare.
//
// Effects take true or false for booleans, a value name for enums, and
// for ints a number to set (3, "3" or "= 3") or a signed number to add or
// subtract ("+1", "-1", "+= 2", "-= 2", goap.Delta). A leading sign always
// means add or subtract, quoted or not, so write "= -1" to set -1.
//
// Start states and `set:` take plain values: true or false, a number
// (quoted or not) or a value name.
//
// Undeclared facts are booleans: giving one a number, a comparison or a
// name is an error that says to declare the fact. Start states, `set:`
// and the goals of `goal:` and tests may only name facts that the domain
// has (declared, or named by an action or a goal of `goals:`).
//
// # Errors
//
// Parse reports every problem it can find at once, as an ErrorList of
// *Error, each with the file, line and column, and the offending line:
//
//	guard.yaml:12:5: unknown key "preconditon" in action (did you mean "preconditions"?)
//	   12 |     preconditon: {armed: true}
//	      |     ^
//
// Unknown keys, values of the wrong type, duplicate keys and names,
// unknown facts, actions and goals, YAML aliases and tags, multiple
// documents and tabs in indentation are all errors; so are the problems
// goap.NewDomain finds, placed at the action, goal or fact concerned.
package goapfile
