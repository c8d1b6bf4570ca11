package goapfile

import (
	"errors"
	"strings"
	"testing"
	"unicode/utf8"
)

// errorCases maps small files to the exact rendering of their errors. The
// fuzz target also uses them as seeds.
var errorCases = []struct {
	name, in, want string
}{
	{"empty file",
		"",
		`t.yaml: the file is empty`},
	{"only comments",
		"# nothing here\n",
		`t.yaml: the file is empty`},
	{"document marker only",
		"---",
		`t.yaml: the file is empty`},
	{"null document",
		"~\n",
		`t.yaml:1:1: the file must be a mapping with keys such as name, actions, start and goal; got nothing
    1 | ~
      | ^`},
	{"not a mapping",
		"- a\n- b\n",
		`t.yaml:1:1: the file must be a mapping with keys such as name, actions, start and goal; got a list
    1 | - a
      | ^`},
	{"scalar document",
		"hello\n",
		`t.yaml:1:1: the file must be a mapping with keys such as name, actions, start and goal; got "hello"
    1 | hello
      | ^`},
	{"multiple documents",
		"actions: [{name: A}]\n---\nname: b\n",
		`t.yaml:2:1: the file holds more than one YAML document; remove the "---" separator
    2 | ---
      | ^`},
	{"no actions",
		"name: x\n",
		`t.yaml:1:1: the file has no actions: add an actions: list
    1 | name: x
      | ^`},
	{"empty actions",
		"name: x\nactions: []\n",
		`t.yaml:2:10: actions is empty: the domain needs at least one action
    2 | actions: []
      |          ^`},
	{"actions not a list",
		"actions: {name: A}\n",
		`t.yaml:1:10: actions must be a list, got a mapping
    1 | actions: {name: A}
      |          ^`},
	{"action not a mapping",
		"actions:\n  - A\n",
		`t.yaml:2:5: an action must be a mapping with name, cost, preconditions and effects; got "A"
    2 |   - A
      |     ^`},
	{"action without name",
		"actions:\n  - cost: 1\n",
		`t.yaml:2:5: action has no name
    2 |   - cost: 1
      |     ^`},
	{"action name not a string",
		"actions:\n  - name: 404\n",
		`t.yaml:2:11: action name must be a string, got 404
    2 |   - name: 404
      |           ^`},
	{"empty action name",
		"actions:\n  - name: \"\"\n",
		`t.yaml:2:11: action name must not be empty
    2 |   - name: ""
      |           ^`},
	{"unknown top-level key",
		"name: x\nacions: []\nactions: [{name: A}]\n",
		`t.yaml:2:1: unknown key "acions" at top level (did you mean "actions"?)
    2 | acions: []
      | ^`},
	{"unknown action key",
		"name: x\nactions:\n  - name: A\n    preconditon: {armed: true}\n",
		`t.yaml:4:5: unknown key "preconditon" in action (did you mean "preconditions"?)
    4 |     preconditon: {armed: true}
      |     ^`},
	{"unknown key without suggestion",
		"actions:\n  - name: A\n    colour: red\n",
		`t.yaml:3:5: unknown key "colour" in action
    3 |     colour: red
      |     ^`},
	{"duplicate key",
		"actions:\n  - name: A\n    cost: 1\n    cost: 2\n",
		`t.yaml:4:5: duplicate key "cost" in action (first at line 3)
    4 |     cost: 2
      |     ^`},
	{"duplicate top-level key",
		"name: a\nname: b\nactions: [{name: A}]\n",
		`t.yaml:2:1: duplicate key "name" at top level (first at line 1)
    2 | name: b
      | ^`},
	{"duplicate condition key",
		"actions:\n  - name: A\n    preconditions: {armed: true, armed: false}\n",
		`t.yaml:3:34: duplicate key "armed" in preconditions (first at line 3)
    3 |     preconditions: {armed: true, armed: false}
      |                                  ^`},
	{"duplicate action name",
		"actions:\n  - name: A\n  - name: A\n",
		`t.yaml:3:5: duplicate action name "A" (first at line 2)
    3 |   - name: A
      |     ^`},
	{"cost is a list",
		"actions:\n  - name: A\n    cost: [1]\n",
		`t.yaml:3:11: cost must be a number, got a list
    3 |     cost: [1]
      |           ^`},
	{"cost is a string",
		"actions:\n  - name: A\n    cost: \"3\"\n",
		`t.yaml:3:11: cost must be a number, got "3"
    3 |     cost: "3"
      |           ^`},
	{"cost is negative",
		"actions:\n  - name: A\n    cost: -1\n",
		`t.yaml:3:11: cost must be at least 0, got -1
    3 |     cost: -1
      |           ^`},
	{"cost is nan",
		"actions:\n  - name: A\n    cost: .nan\n",
		`t.yaml:3:11: cost must be a finite number, got .nan
    3 |     cost: .nan
      |           ^`},
	{"cost is inf",
		"actions:\n  - name: A\n    cost: .inf\n",
		`t.yaml:3:11: cost must be a finite number, got .inf
    3 |     cost: .inf
      |           ^`},
	{"cost is null",
		"actions:\n  - name: A\n    cost:\n",
		`t.yaml:3:10: cost must be a number, got nothing
    3 |     cost:
      |          ^`},
	{"duration not whole",
		"actions:\n  - name: A\n    duration: 1.5\n",
		`t.yaml:3:15: duration must be a whole number, got 1.5
    3 |     duration: 1.5
      |               ^`},
	{"duration negative",
		"actions:\n  - name: A\n    duration: -2\n",
		`t.yaml:3:15: duration must be at least 0, got -2
    3 |     duration: -2
      |               ^`},
	{"duration too large",
		"actions:\n  - name: A\n    duration: 1e30\n",
		`t.yaml:3:15: duration is too large, got 1e30
    3 |     duration: 1e30
      |               ^`},
	{"preconditions not a mapping",
		"actions:\n  - name: A\n    preconditions: [armed]\n",
		`t.yaml:3:20: preconditions must be a mapping, got a list
    3 |     preconditions: [armed]
      |                    ^`},
	{"key not a name",
		"actions:\n  - name: A\n    effects: {[a, b]: true}\n",
		`t.yaml:3:15: keys must be names, got a list
    3 |     effects: {[a, b]: true}
      |               ^`},
	{"null key",
		"actions:\n  - name: A\n    effects: {~: true}\n",
		`t.yaml:3:15: keys must be names, got nothing
    3 |     effects: {~: true}
      |               ^`},
	{"merge key",
		"base: &b {cost: 1}\nactions:\n  - name: A\n    <<: *b\n",
		`t.yaml:1:1: unknown key "base" at top level (did you mean "name"?)
    1 | base: &b {cost: 1}
      | ^
t.yaml:4:5: merge keys (<<) are not supported
    4 |     <<: *b
      |     ^
t.yaml:4:9: aliases (*b) are not supported; write the value out
    4 |     <<: *b
      |         ^`},
	{"alias",
		"actions:\n  - name: A\n    cost: &c 2\n  - name: B\n    cost: *c\n",
		`t.yaml:5:11: aliases (*c) are not supported; write the value out
    5 |     cost: *c
      |           ^`},
	{"alias bomb",
		"a: &a [1, 2]\nb: &b [*a, *a, *a, *a]\nc: &c [*b, *b, *b, *b]\nactions: [{name: A}]\n",
		`t.yaml:1:1: unknown key "a" at top level
    1 | a: &a [1, 2]
      | ^
t.yaml:2:1: unknown key "b" at top level
    2 | b: &b [*a, *a, *a, *a]
      | ^
t.yaml:2:8: aliases (*a) are not supported; write the value out
    2 | b: &b [*a, *a, *a, *a]
      |        ^
t.yaml:3:1: unknown key "c" at top level
    3 | c: &c [*b, *b, *b, *b]
      | ^`},
	{"unknown alias",
		"actions:\n  - name: A\n    cost: *nope\n",
		`t.yaml:3:11: aliases (*nope) are not supported; write the value out
    3 |     cost: *nope
      |           ^`},
	{"custom tag",
		"actions:\n  - name: A\n    cost: !price 2\n",
		`t.yaml:3:11: YAML tag !price is not supported
    3 |     cost: !price 2
      |           ^`},
	{"binary tag",
		"actions:\n  - name: A\n    cost: !!binary aGVsbG8=\n",
		`t.yaml:3:11: YAML tag !!binary is not supported
    3 |     cost: !!binary aGVsbG8=
      |           ^`},
	{"unquoted not-equal",
		"facts:\n  ammo: {type: int, min: 0, max: 3}\nactions:\n  - name: A\n    preconditions: {ammo: != 2}\n",
		`t.yaml:5:27: comparison != 2 must be quoted (YAML reads "!" as a tag): write "!= 2"
    5 |     preconditions: {ammo: != 2}
      |                           ^`},
	{"unquoted not-equal without space",
		"facts:\n  at: {type: enum, values: [a, b]}\nactions:\n  - name: A\n    preconditions: {at: !=a}\n",
		`t.yaml:5:25: comparison !=a must be quoted (YAML reads "!" as a tag): write "!=a"
    5 |     preconditions: {at: !=a}
      |                         ^`},
	{"unquoted greater-or-equal",
		"actions:\n  - name: A\n    preconditions:\n      ammo: >= 1\n",
		`t.yaml:4:13: comparison >= 1 must be quoted (YAML reads ">" as the start of a text block): write ">= 1"
    4 |       ammo: >= 1
      |             ^`},
	{"unquoted greater in flow",
		"actions:\n  - name: A\n    preconditions: {ammo: > 0}\n",
		`t.yaml:3:27: comparison > 0 must be quoted (YAML reads ">" as the start of a text block): write "> 0"
    3 |     preconditions: {ammo: > 0}
      |                           ^`},
	{"tab in indentation",
		"actions:\n  - name: A\n\tcost: 1\n",
		`t.yaml:3:1: tab character in indentation: YAML indents with spaces only
    3 | 	cost: 1
      | ^`},
	{"tab at line start",
		"\tactions: []\n",
		`t.yaml:1:1: tab character in indentation: YAML indents with spaces only
    1 | 	actions: []
      | ^`},
	{"invalid UTF-8",
		"name: t\nfacts:\n  \"caf\xe9\": {type: bool}\n",
		`t.yaml:3:7: the file is not valid UTF-8 here (byte 0xE9): save it as UTF-8
    3 |   "caf�": {type: bool}
      |       ^`},
	{"raw control character",
		"actions:\n  - {name: A\x1b[31m, effects: {x: true}}\n",
		`t.yaml:2:13: control character U+001B: YAML allows none in a file (write it as an escape such as "\u001B" in a double-quoted string)
    2 |   - {name: A�[31m, effects: {x: true}}
      |             ^`},
	{"escaped control character in a name",
		"actions:\n  - {name: \"A\\e[31m\", effects: {\"x\\u0007\": true}}\n",
		`t.yaml:2:5: action "A\x1b[31m": the action's name contains the control character U+001B (at byte 1)
    2 |   - {name: "A\e[31m", effects: {"x\u0007": true}}
      |     ^
t.yaml:2:33: fact "x\a": the fact's name contains the control character U+0007 (at byte 1)
    2 |   - {name: "A\e[31m", effects: {"x\u0007": true}}
      |                                 ^`},
	{"agent name with a control character",
		"actions: [{name: A, effects: {x: true}}]\ngoals: [{name: G, desired: {x: true}}]\nagents: [{name: \"cat\\t\"}]\n",
		`t.yaml:3:17: the agent's name contains the control character U+0009 (at byte 3)
    3 | agents: [{name: "cat\t"}]
      |                 ^`},
	{"too much simulation",
		"actions: [{name: A, effects: {x: true}}]\ngoals: [{name: G, desired: {x: true}}]\nagents: [{name: a}, {name: b}]\ntests:\n  - {sim: {ticks: 100000}}\n  - {sim: {ticks: 100000}}\n  - {sim: {ticks: 100000}}\n  - {sim: {ticks: 100000}}\n  - {sim: {ticks: 100000}}\n  - {sim: {ticks: 100000}}\n",
		`t.yaml:10:19: the sim tests up to here simulate 1200000 agent-ticks (ticks times agents), more than 1000000 for a file: shorten them or split the file
   10 |   - {sim: {ticks: 100000}}
      |                   ^`},
	{"syntax error",
		"actions: [{name: A}\n",
		`t.yaml:1:10: the [ opened here is not closed: add ] before the end of the line
    1 | actions: [{name: A}
      |          ^`},
	{"unclosed brace, blamed lines later by YAML",
		"actions:\n  - name: A\n    effects: {done: true\n  - name: B\n    effects: {x: true}\n",
		`t.yaml:3:14: the { opened here is not closed: add } before the end of the line
    3 |     effects: {done: true
      |              ^`},
	{"unclosed quote",
		"actions:\n  - name: \"A\n    effects: {done: true}\n",
		`t.yaml:2:11: the " opened here is not closed on its line: close the quote
    2 |   - name: "A
      |           ^`},
	{"key indented less than its siblings",
		"actions:\n  - name: A\n    cost: 1\n    preconditions: {x: true}\n   effects: {done: true}\n",
		`t.yaml:5:4: effects: is indented less than preconditions: above it (3 spaces against 4): keys of one mapping must line up
    5 |    effects: {done: true}
      |    ^`},
	{"key indented more than a key with a value",
		"actions:\n  - name: A\n    cost: 1\n      effects: {done: true}\n",
		`t.yaml:4:7: effects: is indented more than cost: above it (6 spaces against 4), which has a value on its line, so YAML reads this line as part of that value: line it up with cost:, or move cost:'s value onto lines of its own
    4 |       effects: {done: true}
      |       ^`},
	{"list item at a mapping's key column",
		"actions:\n  - name: A\n    cost: 1\n    - name: B\n",
		`t.yaml:4:5: this list item is at the column of the key cost: above (4 spaces): indent it more to make it that key's value, or line it up with the items of its list
    4 |     - name: B
      |     ^`},
	{"key at the column of list items",
		"actions:\n  - name: A\n    effects:\n      done: true\n  cost: 1\n",
		`t.yaml:5:3: cost: is at the column of the list items above (2 spaces), not of a mapping's keys: indent it under its item, or start it with "- " to make it an item
    5 |   cost: 1
      |   ^`},
	{"list item between columns",
		"actions:\n  - name: A\n    cost: 1\n   - name: B\n",
		`t.yaml:4:4: this list item is indented 3 spaces, which lines up with no list or key above it: items of one list must line up
    4 |    - name: B
      |    ^`},
	{"undeclared fact compared",
		"actions:\n  - name: A\n    preconditions: {ammo: \">= 1\"}\n",
		`t.yaml:3:27: fact "ammo" is not declared, so it is a boolean: want true or false, got ">= 1" (declare it under facts: with type: int)
    3 |     preconditions: {ammo: ">= 1"}
      |                           ^`},
	{"undeclared fact set to a number",
		"actions:\n  - name: A\n    effects: {ammo: 3}\n",
		`t.yaml:3:21: fact "ammo" is not declared, so it is a boolean: want true or false, got 3 (declare it under facts: with type: int)
    3 |     effects: {ammo: 3}
      |                     ^`},
	{"undeclared fact added to",
		"actions:\n  - name: A\n    effects: {ammo: \"+1\"}\n",
		`t.yaml:3:21: fact "ammo" is not declared, so it is a boolean: want true or false, got "+1" (declare it under facts: with type: int)
    3 |     effects: {ammo: "+1"}
      |                     ^`},
	{"undeclared fact given a name",
		"actions:\n  - name: A\n    effects: {at: shop}\n",
		`t.yaml:3:19: fact "at" is not declared, so it is a boolean, but the file gives it names: declare it under facts:, e.g. at: {type: enum, values: [shop]}
    3 |     effects: {at: shop}
      |                   ^`},
	{"undeclared fact given a list",
		"actions:\n  - name: A\n    effects: {at: [1]}\n",
		`t.yaml:3:19: fact "at" is not declared, so it is a boolean: want true or false, got a list
    3 |     effects: {at: [1]}
      |                   ^`},
	{"declared bool given a number",
		"facts:\n  armed: {type: bool}\nactions:\n  - name: A\n    preconditions: {armed: 1}\n",
		`t.yaml:5:28: fact "armed" is a bool: want true or false, got 1
    5 |     preconditions: {armed: 1}
      |                            ^`},
	{"bool given yes",
		"actions:\n  - name: A\n    preconditions: {armed: yes}\n",
		`t.yaml:3:28: fact "armed" is not declared, so it is a boolean: want true or false, got "yes" (YAML reads yes as text: write true or false)
    3 |     preconditions: {armed: yes}
      |                            ^`},
	{"int condition not a number",
		"facts:\n  n: {type: int, min: 0, max: 3}\nactions:\n  - name: A\n    preconditions: {n: lots}\n",
		`t.yaml:5:24: fact "n" is an int: want a number or a comparison such as ">= 1", got "lots"
    5 |     preconditions: {n: lots}
      |                        ^`},
	{"int condition is bool",
		"facts:\n  n: {type: int, min: 0, max: 3}\nactions:\n  - name: A\n    preconditions: {n: true}\n",
		`t.yaml:5:24: fact "n" is an int: want a number or a comparison such as ">= 1", got true
    5 |     preconditions: {n: true}
      |                        ^`},
	{"int condition out of range",
		"facts:\n  n: {type: int, min: 0, max: 3}\nactions:\n  - name: A\n    preconditions: {n: 4}\n",
		`t.yaml:5:24: value 4 is outside n's range 0..3
    5 |     preconditions: {n: 4}
      |                        ^`},
	{"int not-equal out of range",
		"facts:\n  n: {type: int, min: 0, max: 3}\nactions:\n  - name: A\n    preconditions: {n: \"!= -1\"}\n",
		`t.yaml:5:24: value -1 is outside n's range 0..3
    5 |     preconditions: {n: "!= -1"}
      |                        ^`},
	{"int less than min never holds",
		"facts:\n  n: {type: int, min: 0, max: 3}\nactions:\n  - name: A\n    preconditions: {n: \"< 0\"}\n",
		`t.yaml:5:24: n < 0 can never hold: n's range is 0..3
    5 |     preconditions: {n: "< 0"}
      |                        ^`},
	{"int greater than max never holds",
		"facts:\n  n: {type: int, min: 0, max: 3}\nactions:\n  - name: A\n    preconditions: {n: \"> 3\"}\n",
		`t.yaml:5:24: n > 3 can never hold: n's range is 0..3
    5 |     preconditions: {n: "> 3"}
      |                        ^`},
	{"int not-equal on single value",
		"facts:\n  n: {type: int, min: 2, max: 2}\nactions:\n  - name: A\n    preconditions: {n: \"!= 2\"}\n",
		`t.yaml:5:24: n != 2 can never hold: n's range is 2..2
    5 |     preconditions: {n: "!= 2"}
      |                        ^`},
	{"effect syntax in a precondition",
		"facts:\n  coins: {type: int, min: 0, max: 9}\nactions:\n  - name: A\n    preconditions: {coins: \"+3\"}\n",
		`t.yaml:5:28: fact "coins" is an int: "+3" is how an effect adds 3, but a condition compares: write 3 for coins == 3, or ">= 3" for at least 3
    5 |     preconditions: {coins: "+3"}
      |                            ^`},
	{"unquoted plus in a precondition",
		"facts:\n  coins: {type: int, min: 0, max: 9}\nactions:\n  - name: A\n    preconditions:\n      coins: +3\n",
		`t.yaml:6:14: fact "coins" is an int: +3 is how an effect adds 3, but a condition compares: write 3 for coins == 3, or ">= 3" for at least 3
    6 |       coins: +3
      |              ^`},
	{"effect syntax in a goal",
		"facts:\n  coins: {type: int, min: 0, max: 9}\nactions:\n  - {name: A, effects: {coins: \"+1\"}}\ngoal: {coins: \"-= 2\"}\n",
		`t.yaml:5:15: fact "coins" is an int: "-= 2" is how an effect subtracts 2, but a condition compares: write 2 for coins == 2, or ">= 2" for at least 2
    5 | goal: {coins: "-= 2"}
      |               ^`},
	{"int effect adds zero",
		"facts:\n  n: {type: int, min: 0, max: 3}\nactions:\n  - name: A\n    effects: {n: \"+0\"}\n",
		`t.yaml:5:18: adding 0 to n changes nothing
    5 |     effects: {n: "+0"}
      |                  ^`},
	{"int effect adds too much",
		"facts:\n  n: {type: int, min: 0, max: 3}\nactions:\n  - name: A\n    effects: {n: \"+= 9\"}\n",
		`t.yaml:5:18: adding 9 to n always leaves its range 0..3
    5 |     effects: {n: "+= 9"}
      |                  ^`},
	{"int effect sets out of range",
		"facts:\n  n: {type: int, min: 0, max: 3}\nactions:\n  - name: A\n    effects: {n: 7}\n",
		`t.yaml:5:18: value 7 is outside n's range 0..3
    5 |     effects: {n: 7}
      |                  ^`},
	{"int effect is bool",
		"facts:\n  n: {type: int, min: 0, max: 3}\nactions:\n  - name: A\n    effects: {n: true}\n",
		`t.yaml:5:18: fact "n" is an int: want a number to set, or "+1", "-= 2" to add or subtract, got true
    5 |     effects: {n: true}
      |                  ^`},
	{"int effect bad text",
		"facts:\n  n: {type: int, min: 0, max: 3}\nactions:\n  - name: A\n    effects: {n: \"+ 1\"}\n",
		`t.yaml:5:18: fact "n" is an int: want a number to set, or "+1", "-= 2" to add or subtract, got "+ 1"
    5 |     effects: {n: "+ 1"}
      |                  ^`},
	{"int effect double sign",
		"facts:\n  n: {type: int, min: 0, max: 3}\nactions:\n  - name: A\n    effects: {n: \"+= -1\"}\n",
		`t.yaml:5:18: fact "n" is an int: want a number to set, or "+1", "-= 2" to add or subtract, got "+= -1"
    5 |     effects: {n: "+= -1"}
      |                  ^`},
	{"int effect fraction",
		"facts:\n  n: {type: int, min: 0, max: 3}\nactions:\n  - name: A\n    effects: {n: 1.5}\n",
		`t.yaml:5:18: fact "n" is an int: want a number to set, or "+1", "-= 2" to add or subtract, got 1.5
    5 |     effects: {n: 1.5}
      |                  ^`},
	{"enum value unknown",
		"facts:\n  at: {type: enum, values: [home, shop, mine]}\nactions:\n  - name: A\n    preconditions: {at: shp}\n",
		`t.yaml:5:25: fact "at" has no value "shp" (did you mean "shop"?); its values are home, shop, mine
    5 |     preconditions: {at: shp}
      |                         ^`},
	{"enum not-equal unknown",
		"facts:\n  at: {type: enum, values: [home, shop, mine]}\nactions:\n  - name: A\n    preconditions: {at: \"!= hom\"}\n",
		`t.yaml:5:25: fact "at" has no value "hom" (did you mean "home"?); its values are home, shop, mine
    5 |     preconditions: {at: "!= hom"}
      |                         ^`},
	{"enum compared with less",
		"facts:\n  at: {type: enum, values: [home, shop, mine]}\nactions:\n  - name: A\n    preconditions: {at: \"< shop\"}\n",
		`t.yaml:5:25: fact "at" is an enum: < needs an int fact
    5 |     preconditions: {at: "< shop"}
      |                         ^`},
	{"enum condition is bool",
		"facts:\n  at: {type: enum, values: [home, shop, mine]}\nactions:\n  - name: A\n    preconditions: {at: true}\n",
		`t.yaml:5:25: fact "at" is an enum: want one of home, shop, mine, or "!= value", got true
    5 |     preconditions: {at: true}
      |                         ^`},
	{"enum not-equal on single value",
		"facts:\n  at: {type: enum, values: [home]}\nactions:\n  - name: A\n    preconditions: {at: \"!= home\"}\n",
		`t.yaml:5:25: at != home can never hold: home is at's only value
    5 |     preconditions: {at: "!= home"}
      |                         ^`},
	{"enum effect unknown",
		"facts:\n  at: {type: enum, values: [home, shop, mine]}\nactions:\n  - name: A\n    effects: {at: mines}\n",
		`t.yaml:5:19: fact "at" has no value "mines" (did you mean "mine"?); its values are home, shop, mine
    5 |     effects: {at: mines}
      |                   ^`},
	{"enum effect is a list",
		"facts:\n  at: {type: enum, values: [home, shop, mine]}\nactions:\n  - name: A\n    effects: {at: [home]}\n",
		`t.yaml:5:19: fact "at" is an enum: want one of home, shop, mine, got a list
    5 |     effects: {at: [home]}
      |                   ^`},
	{"facts not a mapping",
		"facts: [ammo]\nactions: [{name: A}]\n",
		`t.yaml:1:8: facts must be a mapping, got a list
    1 | facts: [ammo]
      |        ^`},
	{"fact declared with a scalar",
		"facts:\n  ammo: int\nactions: [{name: A}]\n",
		`t.yaml:2:9: fact "ammo" must be declared with a mapping such as {type: int, min: 0, max: 10}, got "int"
    2 |   ammo: int
      |         ^`},
	{"fact without type",
		"facts:\n  ammo: {min: 0, max: 3}\nactions: [{name: A}]\n",
		`t.yaml:2:9: fact "ammo" needs a type: bool, int or enum
    2 |   ammo: {min: 0, max: 3}
      |         ^`},
	{"fact type not a string",
		"facts:\n  ammo: {type: 3}\nactions: [{name: A}]\n",
		`t.yaml:2:16: type must be a string, got 3
    2 |   ammo: {type: 3}
      |                ^`},
	{"fact type unknown",
		"facts:\n  ammo: {type: integer, min: 0, max: 3}\nactions: [{name: A}]\n",
		`t.yaml:2:16: unknown fact type "integer" (did you mean "int"?); want bool, int or enum
    2 |   ammo: {type: integer, min: 0, max: 3}
      |                ^`},
	{"fact key unknown",
		"facts:\n  ammo: {type: int, min: 0, max: 3, dflt: 1}\nactions: [{name: A}]\n",
		`t.yaml:2:37: unknown key "dflt" in fact declaration
    2 |   ammo: {type: int, min: 0, max: 3, dflt: 1}
      |                                     ^`},
	{"fact key for another type",
		"facts:\n  armed: {type: bool, min: 0}\nactions: [{name: A}]\n",
		`t.yaml:2:23: min is not allowed for a bool fact
    2 |   armed: {type: bool, min: 0}
      |                       ^`},
	{"int fact without bounds",
		"facts:\n  ammo: {type: int, max: 3}\nactions: [{name: A}]\n",
		`t.yaml:2:9: int fact "ammo" needs min and max
    2 |   ammo: {type: int, max: 3}
      |         ^`},
	{"min greater than max",
		"facts:\n  ammo: {type: int, min: 5, max: 1}\nactions: [{name: A}]\n",
		`t.yaml:2:26: min 5 is greater than max 1
    2 |   ammo: {type: int, min: 5, max: 1}
      |                          ^`},
	{"range too large",
		"facts:\n  ammo: {type: int, min: 0, max: 100000}\nactions: [{name: A}]\n",
		`t.yaml:2:34: range 0..100000 has more than 65536 values
    2 |   ammo: {type: int, min: 0, max: 100000}
      |                                  ^`},
	{"broken declaration reported once",
		"facts:\n  ammo: {type: int, max: 3}\nactions:\n  - name: A\n    preconditions: {ammo: \">= 1\"}\nstart: {ammo: 2}\n",
		`t.yaml:2:9: int fact "ammo" needs min and max
    2 |   ammo: {type: int, max: 3}
      |         ^`},
	{"int default out of range",
		"facts:\n  ammo: {type: int, min: 0, max: 3, default: 9}\nactions: [{name: A}]\n",
		`t.yaml:2:46: default 9 is outside 0..3
    2 |   ammo: {type: int, min: 0, max: 3, default: 9}
      |                                              ^`},
	{"int default not a number",
		"facts:\n  ammo: {type: int, min: 0, max: 3, default: none}\nactions: [{name: A}]\n",
		`t.yaml:2:46: default must be a whole number, got "none"
    2 |   ammo: {type: int, min: 0, max: 3, default: none}
      |                                              ^`},
	{"min not a number",
		"facts:\n  ammo: {type: int, min: low, max: 3}\nactions: [{name: A}]\n",
		`t.yaml:2:26: min must be a whole number, got "low"
    2 |   ammo: {type: int, min: low, max: 3}
      |                          ^`},
	{"bool default not a bool",
		"facts:\n  armed: {type: bool, default: 1}\nactions: [{name: A}]\n",
		`t.yaml:2:32: default must be true or false, got 1
    2 |   armed: {type: bool, default: 1}
      |                                ^`},
	{"enum without values",
		"facts:\n  at: {type: enum}\nactions: [{name: A}]\n",
		`t.yaml:2:7: enum fact "at" needs values (or values_of: a type, whose objects are its values)
    2 |   at: {type: enum}
      |       ^`},
	{"enum with empty values",
		"facts:\n  at: {type: enum, values: []}\nactions: [{name: A}]\n",
		`t.yaml:2:28: enum fact "at" needs at least one value
    2 |   at: {type: enum, values: []}
      |                            ^`},
	{"enum values not a list",
		"facts:\n  at: {type: enum, values: home}\nactions: [{name: A}]\n",
		`t.yaml:2:28: values must be a list, got "home"
    2 |   at: {type: enum, values: home}
      |                            ^`},
	{"enum value not a name",
		"facts:\n  at: {type: enum, values: [home, [shop]]}\nactions: [{name: A}]\n",
		`t.yaml:2:35: an enum value must be a name, got a list
    2 |   at: {type: enum, values: [home, [shop]]}
      |                                   ^`},
	{"enum value with operator",
		"facts:\n  at: {type: enum, values: [home, \"<none>\"]}\nactions: [{name: A}]\n",
		`t.yaml:2:35: enum value "<none>" must not start with a comparison operator
    2 |   at: {type: enum, values: [home, "<none>"]}
      |                                   ^`},
	{"duplicate enum value",
		"facts:\n  at: {type: enum, values: [home, shop, home]}\nactions: [{name: A}]\n",
		`t.yaml:2:41: duplicate enum value "home" (first at line 2)
    2 |   at: {type: enum, values: [home, shop, home]}
      |                                         ^`},
	{"enum default not in values",
		"facts:\n  at: {type: enum, values: [home, shop], default: shops}\nactions: [{name: A}]\n",
		`t.yaml:2:51: fact "at" has no value "shops" (did you mean "shop"?); its values are home, shop
    2 |   at: {type: enum, values: [home, shop], default: shops}
      |                                                   ^`},
	{"enum default is a list",
		"facts:\n  at: {type: enum, values: [home, shop], default: [home]}\nactions: [{name: A}]\n",
		`t.yaml:2:51: default must be one of [home shop], got a list
    2 |   at: {type: enum, values: [home, shop], default: [home]}
      |                                                   ^`},
	{"duplicate fact declaration",
		"facts:\n  ammo: {type: bool}\n  ammo: {type: bool}\nactions: [{name: A}]\n",
		`t.yaml:3:3: duplicate key "ammo" in facts (first at line 2)
    3 |   ammo: {type: bool}
      |   ^`},
	{"unknown fact in start",
		"actions:\n  - name: A\n    effects: {enemy_visible: true}\nstart: {enemy_visble: true}\n",
		`t.yaml:4:9: unknown fact "enemy_visble" in start (did you mean "enemy_visible"?)
    4 | start: {enemy_visble: true}
      |         ^`},
	{"unknown fact in start without suggestion",
		"actions:\n  - name: A\n    effects: {enemy_visible: true}\nstart: {zzz: 3}\n",
		`t.yaml:4:9: unknown fact "zzz" in start
    4 | start: {zzz: 3}
      |         ^`},
	{"start not a mapping",
		"actions: [{name: A, effects: {b: true}}]\nstart: [b]\n",
		`t.yaml:2:8: start must be a mapping, got a list
    2 | start: [b]
      |        ^`},
	{"start int not a number",
		"facts:\n  n: {type: int, min: 0, max: 3}\nactions: [{name: A, effects: {n: 1}}]\nstart: {n: \">= 1\"}\n",
		`t.yaml:4:12: fact "n" is an int: want a number, got ">= 1"
    4 | start: {n: ">= 1"}
      |            ^`},
	{"start int out of range",
		"facts:\n  n: {type: int, min: 0, max: 3}\nactions: [{name: A, effects: {n: 1}}]\nstart: {n: \"9\"}\n",
		`t.yaml:4:12: value 9 is outside n's range 0..3
    4 | start: {n: "9"}
      |            ^`},
	{"start enum unknown",
		"facts:\n  at: {type: enum, values: [home, shop]}\nactions: [{name: A, effects: {at: shop}}]\nstart: {at: mine}\n",
		`t.yaml:4:13: fact "at" has no value "mine"; its values are home, shop
    4 | start: {at: mine}
      |             ^`},
	{"start enum is bool",
		"facts:\n  at: {type: enum, values: [home, shop]}\nactions: [{name: A, effects: {at: shop}}]\nstart: {at: false}\n",
		`t.yaml:4:13: fact "at" is an enum: want one of home, shop, got false
    4 | start: {at: false}
      |             ^`},
	{"unknown fact in goal",
		"actions: [{name: A, effects: {threat_removed: true}}]\ngoal: {threat_remove: true}\n",
		`t.yaml:2:8: unknown fact "threat_remove" in goal (did you mean "threat_removed"?)
    2 | goal: {threat_remove: true}
      |        ^`},
	{"unknown goal name",
		"actions: [{name: A, effects: {b: true}}]\ngoals: [{name: KillEnemy, desired: {b: true}}]\ngoal: KilEnemy\n",
		`t.yaml:3:7: unknown goal "KilEnemy" (did you mean "KillEnemy"?)
    3 | goal: KilEnemy
      |       ^`},
	{"unknown goal name without goals",
		"actions: [{name: A, effects: {b: true}}]\ngoal: KillEnemy\n",
		`t.yaml:2:7: unknown goal "KillEnemy": the file has no goals: list
    2 | goal: KillEnemy
      |       ^`},
	{"goal is a list",
		"actions: [{name: A, effects: {b: true}}]\ngoal: [b]\n",
		`t.yaml:2:7: goal must be the name of a goal or a mapping of conditions, got a list
    2 | goal: [b]
      |       ^`},
	{"goal is empty",
		"actions: [{name: A, effects: {b: true}}]\ngoal: {}\n",
		`t.yaml:2:7: goal must name at least one condition
    2 | goal: {}
      |       ^`},
	{"goals not a list",
		"actions: [{name: A, effects: {b: true}}]\ngoals: {name: G}\n",
		`t.yaml:2:8: goals must be a list, got a mapping
    2 | goals: {name: G}
      |        ^`},
	{"goal item not a mapping",
		"actions: [{name: A, effects: {b: true}}]\ngoals: [G]\n",
		`t.yaml:2:9: a goal must be a mapping with name, priority and desired; got "G"
    2 | goals: [G]
      |         ^`},
	{"goal without name",
		"actions: [{name: A, effects: {b: true}}]\ngoals:\n  - desired: {b: true}\n",
		`t.yaml:3:5: goal has no name
    3 |   - desired: {b: true}
      |     ^`},
	{"goal without desired",
		"actions: [{name: A, effects: {b: true}}]\ngoals:\n  - name: G\n",
		`t.yaml:3:5: goal has no desired conditions
    3 |   - name: G
      |     ^`},
	{"goal with empty desired",
		"actions: [{name: A, effects: {b: true}}]\ngoals:\n  - {name: G, desired: {}}\n",
		`t.yaml:3:24: desired must name at least one condition
    3 |   - {name: G, desired: {}}
      |                        ^`},
	{"goal priority not a number",
		"actions: [{name: A, effects: {b: true}}]\ngoals:\n  - {name: G, priority: high, desired: {b: true}}\n",
		`t.yaml:3:25: priority must be a number, got "high"
    3 |   - {name: G, priority: high, desired: {b: true}}
      |                         ^`},
	{"goal priority infinite",
		"actions: [{name: A, effects: {b: true}}]\ngoals:\n  - {name: G, priority: -.inf, desired: {b: true}}\n",
		`t.yaml:3:25: priority must be a finite number, got -.inf
    3 |   - {name: G, priority: -.inf, desired: {b: true}}
      |                         ^`},
	{"duplicate goal name",
		"actions: [{name: A, effects: {b: true}}]\ngoals:\n  - {name: G, desired: {b: true}}\n  - {name: G, desired: {b: false}}\n",
		`t.yaml:4:5: duplicate goal name "G" (first at line 3)
    4 |   - {name: G, desired: {b: false}}
      |     ^`},
	{"unknown goal key",
		"actions: [{name: A, effects: {b: true}}]\ngoals:\n  - {name: G, desire: {b: true}}\n",
		`t.yaml:3:5: goal has no desired conditions
    3 |   - {name: G, desire: {b: true}}
      |     ^
t.yaml:3:15: unknown key "desire" in goal (did you mean "desired"?)
    3 |   - {name: G, desire: {b: true}}
      |               ^`},
	{"tests not a list",
		"actions: [{name: A, effects: {b: true}}]\ngoal: {b: true}\ntests: {cost: 1}\n",
		`t.yaml:3:8: tests must be a list, got a mapping
    3 | tests: {cost: 1}
      |        ^`},
	{"test not a mapping",
		"actions: [{name: A, effects: {b: true}}]\ngoal: {b: true}\ntests: [1]\n",
		`t.yaml:3:9: a test must be a mapping with keys such as name, goal, cost and plan; got 1
    3 | tests: [1]
      |         ^`},
	{"unknown test key",
		"actions: [{name: A, effects: {b: true}}]\ngoal: {b: true}\ntests:\n  - name: t\n    no-plan: true\n",
		`t.yaml:5:5: unknown key "no-plan" in test (did you mean "no_plan"?)
    5 |     no-plan: true
      |     ^`},
	{"test without goal",
		"actions: [{name: A, effects: {b: true}}]\ntests:\n  - cost: 1\n",
		`t.yaml:3:5: test has no goal: add goal: to the test or to the file
    3 |   - cost: 1
      |     ^`},
	{"wrong file goal reported once",
		"actions: [{name: A, effects: {b: true}}]\ngoal: {c: true}\ntests:\n  - cost: 1\n",
		`t.yaml:2:8: unknown fact "c" in goal (did you mean "b"?)
    2 | goal: {c: true}
      |        ^`},
	{"unknown action in plan",
		"actions: [{name: FindAmmo, effects: {b: true}}]\ngoal: {b: true}\ntests:\n  - plan: [FindAmo]\n",
		`t.yaml:4:12: unknown action "FindAmo" in plan (did you mean "FindAmmo"?)
    4 |   - plan: [FindAmo]
      |            ^`},
	{"plan item not a string",
		"actions: [{name: A, effects: {b: true}}]\ngoal: {b: true}\ntests:\n  - plan: [[A]]\n",
		`t.yaml:4:12: an action name in plan must be a string, got a list
    4 |   - plan: [[A]]
      |            ^`},
	{"plan not a list",
		"actions: [{name: A, effects: {b: true}}]\ngoal: {b: true}\ntests:\n  - plan: A\n",
		`t.yaml:4:11: plan must be a list, got "A"
    4 |   - plan: A
      |           ^`},
	{"unknown action in remove",
		"actions: [{name: FindAmmo, effects: {b: true}}]\ngoal: {b: true}\ntests:\n  - remove: [FindAmmmo]\n    no_plan: true\n",
		`t.yaml:4:14: unknown action "FindAmmmo" in remove (did you mean "FindAmmo"?)
    4 |   - remove: [FindAmmmo]
      |              ^`},
	{"action removed twice",
		"actions: [{name: A, effects: {b: true}}]\ngoal: {b: true}\ntests:\n  - remove: [A, A]\n    no_plan: true\n",
		`t.yaml:4:17: A is removed twice
    4 |   - remove: [A, A]
      |                 ^`},
	{"plan uses removed action",
		"actions: [{name: A, effects: {b: true}}]\ngoal: {b: true}\ntests:\n  - remove: [A]\n    plan: [A]\n",
		`t.yaml:5:12: plan uses A, which the test removes
    5 |     plan: [A]
      |            ^`},
	{"no_plan with cost",
		"actions: [{name: A, effects: {b: true}}]\ngoal: {b: true}\ntests:\n  - no_plan: true\n    cost: 1\n",
		`t.yaml:5:5: cost contradicts no_plan: true
    5 |     cost: 1
      |     ^`},
	{"no_plan not a bool",
		"actions: [{name: A, effects: {b: true}}]\ngoal: {b: true}\ntests:\n  - no_plan: 1\n",
		`t.yaml:4:14: no_plan must be true or false, got 1
    4 |   - no_plan: 1
      |              ^`},
	{"already_satisfied with plan",
		"actions: [{name: A, effects: {b: true}}]\ngoal: {b: true}\ntests:\n  - already_satisfied: true\n    plan: [A]\n",
		`t.yaml:4:5: already_satisfied expects an empty plan, which contradicts the test's cost, plan or steps
    4 |   - already_satisfied: true
      |     ^`},
	{"steps disagree with plan",
		"actions: [{name: A, effects: {b: true}}]\ngoal: {b: true}\ntests:\n  - plan: [A]\n    steps: 2\n",
		`t.yaml:5:5: steps is 2, but the plan has 1
    5 |     steps: 2
      |     ^`},
	{"cost disagrees with plan",
		"actions: [{name: A, cost: 2, effects: {b: true}}]\ngoal: {b: true}\ntests:\n  - plan: [A]\n    cost: 3\n",
		`t.yaml:5:5: cost is 3, but the plan costs 2
    5 |     cost: 3
      |     ^`},
	{"negative steps",
		"actions: [{name: A, effects: {b: true}}]\ngoal: {b: true}\ntests:\n  - steps: -1\n",
		`t.yaml:4:12: steps must be at least 0, got -1
    4 |   - steps: -1
      |            ^`},
	{"test cost negative",
		"actions: [{name: A, effects: {b: true}}]\ngoal: {b: true}\ntests:\n  - cost: -.5\n",
		`t.yaml:4:11: cost must be at least 0, got -.5
    4 |   - cost: -.5
      |           ^`},
	{"duplicate test name",
		"actions: [{name: A, effects: {b: true}}]\ngoal: {b: true}\ntests:\n  - {name: t, cost: 1}\n  - {name: t, cost: 1}\n",
		`t.yaml:5:5: duplicate test name "t" (first at line 4)
    5 |   - {name: t, cost: 1}
      |     ^`},
	{"unknown fact in test set",
		"actions: [{name: A, effects: {b: true}}]\ngoal: {b: true}\ntests:\n  - set: {c: true}\n    cost: 1\n",
		`t.yaml:4:11: unknown fact "c" in set (did you mean "b"?)
    4 |   - set: {c: true}
      |           ^`},
	{"unknown fact in test goal",
		"actions: [{name: A, effects: {b: true}}]\ngoal: {b: true}\ntests:\n  - goal: {bb: true}\n    cost: 1\n",
		`t.yaml:4:12: unknown fact "bb" in goal (did you mean "b"?)
    4 |   - goal: {bb: true}
      |            ^`},
	{"unknown goal in test",
		"actions: [{name: A, effects: {b: true}}]\ngoals: [{name: G, desired: {b: true}}]\ngoal: G\ntests:\n  - goal: H\n    cost: 1\n",
		`t.yaml:5:11: unknown goal "H" (did you mean "G"?)
    5 |   - goal: H
      |           ^`},
	{"name not a string",
		"name: [x]\nactions: [{name: A}]\n",
		`t.yaml:1:7: name must be a string, got a list
    1 | name: [x]
      |       ^`},
	{"several errors sorted",
		"actions:\n  - name: A\n    cost: -1\n    colour: red\n  - name: A\nstart: {zz: 3}\n",
		`t.yaml:3:11: cost must be at least 0, got -1
    3 |     cost: -1
      |           ^
t.yaml:4:5: unknown key "colour" in action
    4 |     colour: red
      |     ^
t.yaml:5:5: duplicate action name "A" (first at line 2)
    5 |   - name: A
      |     ^
t.yaml:6:9: unknown fact "zz" in start
    6 | start: {zz: 3}
      |         ^`},
	{"json file",
		"{\n  \"name\": \"j\",\n  \"actions\": [{\"name\": \"A\", \"cost\": \"1\"}]\n}\n",
		`t.yaml:3:37: cost must be a number, got "1"
    3 |   "actions": [{"name": "A", "cost": "1"}]
      |                                     ^`},
	{"typo in a boolean only a precondition reads",
		"actions:\n  - {name: Investigate, preconditions: {heard_nosie: true}, effects: {investigated: true}}\nstart: {heard_noise: true}\n",
		`t.yaml:2:41: fact "heard_nosie" is set by no action and not by the start, so this precondition can never hold; the start sets "heard_noise": is one of the two misspelled?
    2 |   - {name: Investigate, preconditions: {heard_nosie: true}, effects: {investigated: true}}
      |                                         ^`},
	{"typo in a boolean no action sets",
		"actions:\n  - {name: LightForge, effects: {forge_lit: true}}\n  - {name: Smelt, preconditions: {forge_lti: true}, effects: {ingot: true}}\ngoal: {ingot: true}\n",
		`t.yaml:3:35: fact "forge_lti" is set by no action and not by the start, so this precondition can never hold; did you mean "forge_lit"? (declare forge_lti under facts: if the game sets it)
    3 |   - {name: Smelt, preconditions: {forge_lti: true}, effects: {ingot: true}}
      |                                   ^`},
	{"typo in a boolean the start sets, in two actions",
		"actions:\n  - {name: A, preconditions: {door_opne: true}, effects: {x: true}}\n  - {name: B, preconditions: {door_opne: true}, effects: {y: true}}\nstart: {door_open: true}\ngoal: {x: true}\n",
		`t.yaml:2:31: fact "door_opne" is set by no action and not by the start, so this precondition can never hold; the start sets "door_open": is one of the two misspelled?
    2 |   - {name: A, preconditions: {door_opne: true}, effects: {x: true}}
      |                               ^
t.yaml:3:31: fact "door_opne" is set by no action and not by the start, so this precondition can never hold; the start sets "door_open": is one of the two misspelled?
    3 |   - {name: B, preconditions: {door_opne: true}, effects: {y: true}}
      |                               ^`},
	{"names of an undeclared fact, one a typo",
		"actions:\n  - {name: Go, preconditions: {at: home}, effects: {at: shop}}\n  - {name: Back, preconditions: {at: shpo}, effects: {at: home}}\ngoal: {at: shop}\n",
		`t.yaml:2:36: fact "at" is not declared, so it is a boolean, but the file gives it names: declare it under facts:, e.g. at: {type: enum, values: [home, shop]}
    2 |   - {name: Go, preconditions: {at: home}, effects: {at: shop}}
      |                                    ^
t.yaml:3:38: "shpo" looks like a typo of "shop" (fact "at")
    3 |   - {name: Back, preconditions: {at: shpo}, effects: {at: home}}
      |                                      ^`},
	{"json with tabs",
		"{\n\t\"actions\": [{\"name\": \"A\"}],\n\t\"start\": {\"x\": 1}\n}\n",
		`t.yaml:3:12: unknown fact "x" in start
    3 | 	"start": {"x": 1}
      | 	          ^`},
	{"crlf line endings",
		"actions:\r\n  - name: A\r\n    cots: 1\r\n",
		`t.yaml:3:5: unknown key "cots" in action (did you mean "cost"?)
    3 |     cots: 1
      |     ^`},
	{"declared bool given on",
		"facts:\n  armed: {type: bool}\nactions:\n  - name: A\n    effects: {armed: on}\n",
		`t.yaml:5:22: fact "armed" is a bool: want true or false, got "on" (YAML reads on as text: write true or false)
    5 |     effects: {armed: on}
      |                      ^`},
	{"effects not a mapping",
		"actions:\n  - name: A\n    effects: armed\n",
		`t.yaml:3:14: effects must be a mapping, got "armed"
    3 |     effects: armed
      |              ^`},
	{"set not a mapping",
		"actions: [{name: A, effects: {b: true}}]\ngoal: {b: true}\ntests:\n  - set: b\n",
		`t.yaml:4:10: set must be a mapping, got "b"
    4 |   - set: b
      |          ^`},
	{"enum effect with equals",
		"facts:\n  at: {type: enum, values: [home, shop]}\nactions:\n  - name: A\n    effects: {at: \"= mall\"}\n",
		`t.yaml:5:19: fact "at" has no value "mall"; its values are home, shop
    5 |     effects: {at: "= mall"}
      |                   ^`},
	{"params unknown type",
		"objects: {r1: enemy}\nactions:\n  - name: Shoot\n    params: {t: enemmy}\n    effects:\n      dead(?t): true\n",
		`t.yaml:4:17: parameter t: unknown type "enemmy" (did you mean "enemy"?) (no object has it; list a type without objects under types:)
    4 |     params: {t: enemmy}
      |                 ^`},
	{"static unknown object",
		"objects: {c1: cover, r1: enemy}\nstatic: [near(c2)]\nactions: [{name: A, effects: {x: true}}]\n",
		`t.yaml:2:10: static atom near(c2): "c2" is not an object (did you mean "c1"?)
    2 | static: [near(c2)]
      |          ^`},
	{"unquoted comma in flow",
		"objects: {a: place, b: place}\nstatic: [road(a,b)]\nactions: [{name: A, effects: {x: true}}]\n",
		`t.yaml:2:10: "road(a" has unbalanced parentheses: inside { } or [ ], YAML splits a name at its commas; quote it, as in "road(a,b)"
    2 | static: [road(a,b)]
      |          ^
t.yaml:2:17: "b)" has unbalanced parentheses: inside { } or [ ], YAML splits a name at its commas; quote it, as in "road(a,b)"
    2 | static: [road(a,b)]
      |                 ^`},
	{"unquoted parameter in flow",
		"objects: {a: place}\nfacts:\n  at: {type: enum, values_of: place}\nactions:\n  - {name: Go, params: {p: place}, effects: {at: ?p}}\n",
		`t.yaml:5:50: inside { } or [ ], YAML reads ? and , as its own: quote a name or value that holds them, as in {"hp(?t)": -1, at: "?to"}, or write the mapping one key per line
    5 |   - {name: Go, params: {p: place}, effects: {at: ?p}}
      |                                                  ^`},
	{"unknown parameter value",
		"objects: {a: place}\nfacts:\n  at: {type: enum, values_of: place}\nactions:\n  - name: Go\n    params: {p: place}\n    effects:\n      at: ?q\n",
		`t.yaml:8:11: ?q is not a parameter of this action (did you mean "?p"?)
    8 |       at: ?q
      |           ^`},
	{"parameter of another type",
		"objects: {a: place, r1: enemy}\nfacts:\n  at: {type: enum, values_of: place}\nactions:\n  - name: Go\n    params: {e: enemy}\n    effects:\n      at: ?e\n",
		`t.yaml:8:11: ?e has type enemy, but the values of at are objects of type place
    8 |       at: ?e
      |           ^`},
	{"bound action of a wrong type",
		"objects: {r1: enemy, c1: cover}\nactions:\n  - name: Shoot\n    params: {t: enemy}\n    effects:\n      dead(?t): true\ngoal: {dead(r1): true}\ntests:\n  - plan: [Shoot(c1)]\n",
		`t.yaml:9:12: Shoot(c1): c1 has type cover, but ?t takes type enemy
    9 |   - plan: [Shoot(c1)]
      |            ^`},
	{"no binding",
		"objects: {c1: cover}\nstatic: [open(c1)]\nactions:\n  - name: Hide\n    params: {c: cover}\n    preconditions:\n      open(?c): false\n    effects:\n      hidden: true\n",
		`t.yaml:5:13: no binding of Hide's parameters satisfies its static preconditions and types: the action can never be used
    5 |     params: {c: cover}
      |             ^`},
	{"unknown parent type",
		"objects: {b1: blue, r1: red}\ntypes: {blue: unti, red: unit, green: unit}\nactions: [{name: A, effects: {x: true}}]\n",
		`t.yaml:2:15: type blue: unknown parent "unti" (did you mean "unit"?) (a parent that only one type names must be listed under types: itself, as unti: with nothing after it, or be an object's type)
    2 | types: {blue: unti, red: unit, green: unit}
      |               ^`},
	{"type cycle",
		"objects: {b1: blue}\ntypes: {blue: unit, unit: thing, thing: blue}\nactions: [{name: A, effects: {x: true}}]\n",
		`t.yaml:2:15: types are each other's parents in a cycle: blue -> unit -> thing -> blue
    2 | types: {blue: unit, unit: thing, thing: blue}
      |               ^`},
	{"object of a supertype where a subtype is wanted",
		"objects: {b1: blue, u1: unit}\ntypes: {blue: unit}\nactions:\n  - name: Shoot\n    params: {t: blue}\n    effects:\n      dead(?t): true\ngoal: {dead(b1): true}\ntests:\n  - plan: [Shoot(u1)]\n",
		`t.yaml:10:12: Shoot(u1): u1 has type unit, but ?t takes type blue
   10 |   - plan: [Shoot(u1)]
      |            ^`},
	{"unknown turns",
		"actions: [{name: A, effects: {x: true}}]\ngoals: [{name: G, desired: {x: true}}]\nagents: [{name: u}]\nturns: shufled\n",
		`t.yaml:4:8: turns is file (agents act in file order, the default) or shuffled (in an order drawn from the seed each tick), got "shufled" (did you mean "shuffled"?)
    4 | turns: shufled
      |        ^`},
	{"swap_spawns of an unknown point",
		"map:\n  legend: {\"W\": {point: west}, \"E\": {point: east}}\n  rows: |\n    #####\n    #W.E#\n    #####\nactions: [{name: A, effects: {x: true}}]\nswap_spawns: [[west, eats]]\n",
		`t.yaml:8:22: swap_spawns: "eats" is not a point of the map (did you mean "east"?)
    8 | swap_spawns: [[west, eats]]
      |                      ^`},
	{"unknown template",
		"actions: [{name: A, effects: {x: true}}]\ngoals: [{name: G, desired: {x: true}}]\ntemplates:\n  - {name: unit, goals: [G]}\nagents:\n  - {name: u1, extends: unti}\n",
		`t.yaml:6:25: unknown template "unti" (did you mean "unit"?)
    6 |   - {name: u1, extends: unti}
      |                         ^`},
	{"template cycle",
		"actions: [{name: A, effects: {x: true}}]\ngoals: [{name: G, desired: {x: true}}]\ntemplates:\n  - {name: a, extends: b}\n  - {name: b, extends: a}\nagents:\n  - {name: u1, extends: a}\n",
		`t.yaml:5:24: templates extend each other in a cycle: a -> b -> a
    5 |   - {name: b, extends: a}
      |                        ^`},
	{"family of an unknown type",
		"objects: {r1: enemy}\nfacts:\n  hp: {type: int, min: 0, max: 3, args: [enemies]}\nactions: [{name: A, effects: {x: true}}]\n",
		`t.yaml:3:42: fact hp's args: unknown type "enemies" (did you mean "enemy"?) (no object has it; list a type without objects under types:)
    3 |   hp: {type: int, min: 0, max: 3, args: [enemies]}
      |                                          ^`},
	{"object without a type",
		"objects:\n  r1: {at: [1, 2]}\nactions: [{name: A, effects: {x: true}}]\n",
		`t.yaml:2:7: object r1 needs a type, such as {type: enemy}
    2 |   r1: {at: [1, 2]}
      |       ^`},
	{"offers an unknown action",
		"objects:\n  crate1: {type: crate, offers: [Opne]}\nactions:\n  - name: Open\n    params: {c: crate}\n    effects:\n      open(?c): true\n",
		`t.yaml:2:34: object crate1 offers "Opne", which is not a lifted action (one with params:) (did you mean "Open"?)
    2 |   crate1: {type: crate, offers: [Opne]}
      |                                  ^`},
	{"map unknown character",
		"map:\n  legend:\n    \"A\": {point: start}\n  rows: |\n    #####\n    #A.c#\n    #####\nactions: [{name: W, effects: {x: true}}]\n",
		`t.yaml:6:8: 'c' is not in the legend (the legend has '#' '%' '+' '.' '/' 'A')
    6 |     #A.c#
      |        ^`},
	{"map ragged row",
		"map:\n  rows: |\n    #####\n    #..#\n    #####\nactions: [{name: W, effects: {x: true}}]\n",
		`t.yaml:4:9: this row has 4 characters, the first row 5: every row must be as long
    4 |     #..#
      |         ^`},
	{"map rows not a block",
		"map:\n  rows: \"#####\"\nactions: [{name: W, effects: {x: true}}]\n",
		`t.yaml:2:9: rows is a block of text: write rows: | and the map's lines below it, indented
    2 |   rows: "#####"
      |         ^`},
	{"legend key of two characters",
		"map:\n  legend:\n    \"AB\": {point: start}\n  rows: |\n    ###\nactions: [{name: W, effects: {x: true}}]\n",
		`t.yaml:3:5: a legend's key is one character, got "AB"
    3 |     "AB": {point: start}
      |     ^`},
	{"legend unknown terrain",
		"map:\n  legend:\n    \"~\": {terrain: watr}\n  rows: |\n    #~#\nactions: [{name: W, effects: {x: true}}]\n",
		`t.yaml:3:20: unknown terrain "watr" (did you mean "wall"?); want floor, wall, cover or door
    3 |     "~": {terrain: watr}
      |                    ^
t.yaml:5:6: '~' is not in the legend (the legend has '#' '%' '+' '.' '/')
    5 |     #~#
      |      ^`},
	{"agent on a wall",
		"map:\n  rows: |\n    ###\n    #.#\n    ###\nactions: [{name: W, effects: {x: true}}]\ngoals: [{name: G, desired: {x: true}}]\nagents:\n  - {name: u, at: [0, 0]}\n",
		`t.yaml:9:19: at: [0, 0] is a wall
    9 |   - {name: u, at: [0, 0]}
      |                   ^`},
	{"agent at an unknown point",
		"map:\n  legend:\n    \"A\": {point: start}\n  rows: |\n    ###\n    #A#\n    ###\nactions: [{name: W, effects: {x: true}}]\ngoals: [{name: G, desired: {x: true}}]\nagents:\n  - {name: u, at: strat}\n",
		`t.yaml:11:19: at: "strat" is not a point or an object of the map (did you mean "start"?)
   11 |   - {name: u, at: strat}
      |                   ^`},
	{"action at outside the map",
		"map:\n  rows: |\n    ###\n    #.#\n    ###\nactions: [{name: W, at: [7, 1], effects: {x: true}}]\ngoal: {x: true}\n",
		`t.yaml:6:25: at: [7, 1] is outside the map (3x3)
    6 | actions: [{name: W, at: [7, 1], effects: {x: true}}]
      |                         ^`},
	{"agent at without a map",
		"actions: [{name: W, effects: {x: true}}]\ngoals: [{name: G, desired: {x: true}}]\nagents:\n  - {name: u, at: [1, 1]}\n",
		`t.yaml:4:19: at needs a map: the file has no map:
    4 |   - {name: u, at: [1, 1]}
      |                   ^`},
	{"legend offers an unknown action",
		"map:\n  legend:\n    \"c\": {type: crate, offers: [Tkae]}\n  rows: |\n    ###\n    #c#\n    ###\nactions:\n  - name: Take\n    params: {c: crate}\n    effects:\n      has(?c): true\n",
		`t.yaml:3:33: the legend offers "Tkae", which is not a lifted action (one with params:) (did you mean "Take"?)
    3 |     "c": {type: crate, offers: [Tkae]}
      |                                 ^`},
	{"stand_in names an unknown or a lifted action",
		"objects: {a: thing, b: thing}\nactions: [{name: Aim, effects: {aimed: true}}, {name: Poke, params: {x: thing}, effects: {poked: true}}]\ngoals: [{name: G, desired: {aimed: true}, stand_in: Aimm}, {name: H, desired: {poked: true}, stand_in: Poke}]\n",
		`t.yaml:3:53: unknown action "Aimm" in stand_in (did you mean "Aim"?)
    3 | goals: [{name: G, desired: {aimed: true}, stand_in: Aimm}, {name: H, desired: {poked: true}, stand_in: Poke}]
      |                                                     ^
t.yaml:3:104: stand_in names the lifted action Poke, which stands for 2 actions: name one, such as "Poke(a)"
    3 | goals: [{name: G, desired: {aimed: true}, stand_in: Aimm}, {name: H, desired: {poked: true}, stand_in: Poke}]
      |                                                                                                        ^`},
	{"uses names an unknown parameter or object",
		"objects: {crate1: crate}\nactions: [{name: Take, params: {c: crate}, uses: \"?d\", effects: {ammo: true}}, {name: Look, uses: crate2, effects: {seen: true}}]\n",
		`t.yaml:2:50: uses: ?d is not a parameter of Take (did you mean "?c"?)
    2 | actions: [{name: Take, params: {c: crate}, uses: "?d", effects: {ammo: true}}, {name: Look, uses: crate2, effects: {seen: true}}]
      |                                                  ^
t.yaml:2:99: uses: unknown object "crate2" (did you mean "crate1"?)
    2 | actions: [{name: Take, params: {c: crate}, uses: "?d", effects: {ammo: true}}, {name: Look, uses: crate2, effects: {seen: true}}]
      |                                                                                                   ^`},
	{"a family's agent fact checked in expect_world, its world fact in expect_agents",
		"objects: {c1: crate}\nfacts:\n  in_use: {type: bool, args: [crate], scope: agent}\nactions: [{name: A, effects: {x: true}}]\ngoals: [{name: G, desired: {x: true}}]\nagents: [{name: u}]\ntests:\n  - {sim: {ticks: 1}, expect_world: {in_use(c1): false}, expect_agents: {u: {x: true, in_use(c1): false}}}\n",
		`t.yaml:8:38: in_use(c1) is an agent fact: each agent has its own; check it with expect_agents: {AGENT: {in_use(c1): ...}}
    8 |   - {sim: {ticks: 1}, expect_world: {in_use(c1): false}, expect_agents: {u: {x: true, in_use(c1): false}}}
      |                                      ^
t.yaml:8:78: x is a world fact: check it with expect_world
    8 |   - {sim: {ticks: 1}, expect_world: {in_use(c1): false}, expect_agents: {u: {x: true, in_use(c1): false}}}
      |                                                                              ^`},
}

func TestErrorMessages(t *testing.T) {
	for _, c := range errorCases {
		t.Run(c.name, func(t *testing.T) {
			f, err := Parse("t.yaml", []byte(c.in))
			if err == nil {
				t.Fatalf("no error; want\n%s", c.want)
			}
			if f != nil {
				t.Errorf("Parse returned a File with an error")
			}
			var list ErrorList
			if !errors.As(err, &list) || len(list) == 0 {
				t.Fatalf("error is %T, want a non-empty ErrorList", err)
			}
			if got := list.ErrorWithPosition(); got != c.want {
				t.Errorf("got\n%s\nwant\n%s", got, c.want)
			}
			if got := err.Error(); strings.Contains(got, "\n") || !strings.HasPrefix(got, list[0].Error()) {
				t.Errorf("Error() is not the first error on one line: %q", got)
			}
		})
	}
}

func TestTooManyErrors(t *testing.T) {
	src := "actions:\n"
	for i := 0; i < 60; i++ {
		src += "  - {name: A, cost: -1}\n"
	}
	_, err := Parse("t.yaml", []byte(src))
	var list ErrorList
	if !errors.As(err, &list) || len(list) != maxErrors+1 {
		t.Fatalf("got %d errors, want %d", len(list), maxErrors+1)
	}
	// 60 bad costs and 59 duplicate names.
	if last := list[maxErrors].Error(); last != "t.yaml: and 69 more errors" {
		t.Errorf("last error %q", last)
	}
}

// TestLongLineExcerpt checks that an error quotes at most about 200
// characters of a long line, around the mistake, with the caret on it.
func TestLongLineExcerpt(t *testing.T) {
	in := "actions:\n  - {name: " + strings.Repeat("A", 5000) + ", cots: 1, effects: {" + strings.Repeat("b", 1000) + ": true}}\n"
	_, err := Parse("t.yaml", []byte(in))
	var list ErrorList
	if !errors.As(err, &list) || len(list) != 1 {
		t.Fatalf("got %v", err)
	}
	lines := strings.Split(list[0].ErrorWithPosition(), "\n")
	if len(lines) != 3 || !strings.HasPrefix(lines[0], `t.yaml:2:5014: unknown key "cots" in action (did you mean "cost"?)`) {
		t.Fatalf("got %q", lines)
	}
	src, caret := []rune(lines[1]), []rune(lines[2])
	if len(src) > 220 || !strings.Contains(lines[1], "…AAAA") || !strings.HasSuffix(lines[1], "bbb…") {
		t.Errorf("quoted %d characters: %s", len(src), lines[1])
	}
	at := len(caret) - 1
	if caret[at] != '^' || !strings.HasPrefix(string(src[at:]), "cots") {
		t.Errorf("the caret does not point at cots:\n%s\n%s", lines[1], lines[2])
	}
}

// TestExcerptLongLine checks that the indexed path for long lines quotes
// exactly what decoding the whole line gives, on ASCII and multi-byte
// lines, at columns across the line, with control characters cleaned.
func TestExcerptLongLine(t *testing.T) {
	slow := func(line string, col int) (string, int) {
		runes := []rune(line)
		clean(runes)
		if len(runes) <= maxExcerpt {
			return string(runes), col
		}
		from, to, c := window(len(runes), col)
		return cutMarks(string(runes[from:to]), from, to, len(runes), c)
	}
	ascii := strings.Repeat(`{"name": "a", "cost": 1},`+"\x1b", 400)
	multi := strings.Repeat(`{"name": "é☃", "cost": 1},`, 400)
	// Lines of multi's length in bytes whose characters lie elsewhere.
	plain := strings.Repeat("a", len(multi))
	swapped := strings.ReplaceAll(multi, "é☃", "☃é")
	// One excerpter throughout: the line it remembers changes, comes
	// back, and is followed by an equal copy and by other lines of the
	// same length.
	var x excerpter
	for _, line := range []string{ascii, multi, ascii, multi, strings.Clone(multi), plain, multi, swapped} {
		if len(line) <= longLine {
			t.Fatalf("test line of %d bytes is not long", len(line))
		}
		n := utf8.RuneCountInString(line)
		for _, col := range []int{0, 1, 50, 101, 102, 5000, n - 150, n - 1, n, n + 3} {
			got, gc := x.excerpt(line, col)
			want, wc := slow(line, col)
			if got != want || gc != wc {
				t.Fatalf("col %d of a %d-character line: got %q col %d, want %q col %d", col, n, got, gc, want, wc)
			}
		}
	}
}
