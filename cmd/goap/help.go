package main

import (
	"context"
	_ "embed"
	"fmt"
	"io"

	"github.com/goap-go/goap/goapfile"
	"github.com/goap-go/goap/internal/echo"
	"github.com/goap-go/goap/internal/suggest"
)

// HelpCommand runs `goap help [COMMAND]`.
type HelpCommand struct {
	Stdout, Stderr io.Writer
}

// Run prints the overview, or the help of the command named in args.
func (c *HelpCommand) Run(ctx context.Context, args []string) error {
	switch {
	case len(args) == 0:
		fmt.Fprint(c.Stdout, mainUsage)
		return nil
	case len(args) > 1:
		return usageError("help", "want at most one COMMAND, got %d arguments", len(args))
	}
	if text, ok := helpText[args[0]]; ok {
		fmt.Fprint(c.Stdout, text)
		return nil
	}
	switch args[0] {
	case "format":
		fmt.Fprint(c.Stdout, goapfile.FormatReference())
		return nil
	case "examples":
		c.tour()
		return nil
	}
	msg := echo.Sprintf("goap help: unknown command or topic %q", args[0])
	if s := suggest.Closest(args[0], append(commandNames(), "format", "examples")); s != "" {
		msg += " (did you mean " + echo.Quote(s) + "?)"
	}
	return &exitError{code: exitUsage, msg: msg + "\nRun 'goap help' for a list of commands."}
}

// tour prints goap help examples: each example file, what it shows and
// how to run it.
func (c *HelpCommand) tour() {
	fmt.Fprint(c.Stdout, "The examples, each with its tests inside (run them from a clone of the\nrepository; goap help format describes the file format):\n")
	fmt.Fprint(c.Stdout, tourText)
}

// tourText is the tour of the example files, one paragraph each: its
// path, its leading comment and the commands that show it off. The
// files cannot be embedded from here (they live in ../../examples), so
// TestTourText checks that the text is current and rewrites it with
// -update.
//
//go:embed tour.txt
var tourText string

const mainUsage = `goap plans with Goal-Oriented Action Planning: given a designer file that
lists facts, actions (preconditions, effects, cost), a start state and a
goal, it finds the cheapest sequence of actions that reaches the goal.

Usage:

	goap COMMAND [arguments]

Commands:

	plan     find the cheapest plan from a file's start to its goal
	check    validate files and warn about likely mistakes
	test     run the tests written in files
	sim      simulate a file's agents tick by tick
	debug    serve the debugger page for a recording (goap sim --record)
	dot      draw the actions of a file, or a search, for Graphviz
	bench    measure how fast a file plans
	pddl     plan for a PDDL domain and problem, or export them
	serve    serve plans on NATS (runs goap-serve, module service)
	help     show help for goap or one of its commands; goap help format
	         prints the file format, goap help examples the examples
	version  print goap's version

Examples:

	goap plan examples/guard.yaml
	goap plan examples/guard.yaml --set enemy_visible=false
	goap check examples/*.yaml
	goap test examples/*.yaml
	goap sim examples/pirate_sim.yaml
	goap dot examples/guard.yaml | dot -Tsvg > guard.svg

Results go to standard output; errors, warnings and usage messages to
standard error (with --json, an error is also one JSON object on
standard output).

Exit status: 0 on success, 1 when the answer is "no" (no plan, failing
tests, warnings with check --strict) or a limit stopped the work, 2 on
bad input or usage, or when an output cannot be written. Every command
that reads files refuses one larger than --max-file-size SIZE (default
64MiB; 0: no limit).

Run 'goap help COMMAND' for the details of a command. The file format is
described in the documentation of package
github.com/goap-go/goap/goapfile.
`

// helpText holds each command's help, as `goap help COMMAND` and
// `goap COMMAND -h` print it.
var helpText = map[string]string{
	"pddl": `Usage: goap pddl DOMAIN PROBLEM [flags]

Pddl reads a PDDL domain and problem (STRIPS with typing, equality,
negative preconditions, constants and action costs), grounds them, finds
a cheapest plan and prints it in IPC format, one action a line, then its
cost and the search figures as ; comments:

	(pick ball1 rooma left)
	...
	; cost = 11

Its plan lines are IPC plan lines, and stay so: an action schema's name
and its arguments, space-separated in parentheses. goap's own names for
the same ground action are pick(ball1,rooma,left): that is what goap plan
prints for the exported file, and what --json's steps give as
{"action": "pick", "args": ["ball1", "rooma", "left"]}.

With --export FILE.yaml it writes the task as a designer file for goap
plan instead of planning, keeping its parameters: objects (PDDL's
objects and constants), static: (the initial atoms no action changes),
actions with params: whose preconditions and effects name fluent atoms
as booleans (at(?obj,?room): true; a negative precondition is false;
equality is =(?a,?b)), cost: "travel-slow(?f1,?f2)" with the values of
:init under numbers:, start and goal. The domain's types keep their
hierarchy (types: {airport: place, location: place}): a parameter of a
type takes its subtypes' objects. A domain with (either ...) parameter
types is written with flat types instead: the types one parameter ranges
over are merged into their common supertype, and a parameter of a
narrower type is guarded by a static relation of that type's objects
(slow-elevator(?lift): true). PDDL deletes first and adds
after; where an action's add and delete meet (gripper's move ?a ?a), the
action is split: move keeps the bindings where they differ, and
move[from=to] the others, when some binding can use them. An action whose
adds and deletes meet in more than 4 ways is not split: the task is then
written ground, and the reason printed.

With --export-ground FILE.yaml it writes the grounded task instead, one
action per reachable ground action ("pick ball1 rooma left"), as goap
pddl did before: a flat file that needs no grounding to load.

When grounding leaves no action, or a goal that holds (or fails) for
good, either file gets a stand-in (an action that never runs, a goal
fact), so that goap plan loads it and gives the same answer.

Flags:

	--search DIR        search direction: auto, forward or backward
	--heuristic H       estimate: auto (here: forward search with lmcut),
	                    lmcut, hmax, blind, hadd-not-optimal or
	                    goalcount-not-optimal
	--weight W          weighted A*: plans cost at most W times the optimum
	--no-symmetry       search the twin states of interchangeable objects
	                    too (as planners without symmetry detection do)
	--max-expansions N  stop after N expansions (0: no limit)
	--max-memory SIZE   stop before the process holds SIZE of memory
	                    (default 1GiB; 0: no limit), e.g. 512MiB, 4GiB
	--memory-bounded    search with IDA*: memory for the plan's length,
	                    not the states searched; slower, still optimal
	--timeout DUR       stop after DUR, e.g. 10s (0: no limit); the time
	                    counts from the start: grounding included
	--json              print one JSON object
	--export FILE       write the task as YAML, lifted, and do not plan
	--export-ground FILE
	                    write the grounded task as YAML and do not plan
	--max-ground-actions N
	                    stop grounding past N reachable ground actions
	                    (default 1000000)
	--max-atoms N       stop grounding past N reachable atoms (default 2000000)
	--max-bindings N    stop grounding after trying N candidate bindings
	                    (default 10000000)
	--no-mutex          a boolean fact per atom: do not pack the atoms of
	                    a mutex group (at most one holds: "block b1 is on
	                    one block, on the table or held") into one enum
	                    fact; "; facts" counts the atoms, the groups and
	                    the booleans
	--remote URL        plan through the planning service at URL (goap
	                    serve, or workers on a NATS cluster): the files
	                    are read and grounded here, to check them, then
	                    grounded and planned by a worker; the output is
	                    the same. Needs goap-serve (see goap help serve)

Examples:

	goap pddl domain.pddl task01.pddl
	goap pddl domain.pddl p01.pddl --timeout 30s --search forward --heuristic hmax
	goap pddl domain.pddl task01.pddl --export task01.yaml && goap plan task01.yaml
	goap pddl domain.pddl task01.pddl --export-ground task01-ground.yaml

Exit status: 0 when a plan is found, 1 when there is none or a limit
stopped the grounding or the search, 2 on bad input (with a
file:line:col message).
`,
	"plan": `Usage: goap plan FILE [flags]

Plan finds the cheapest sequence of actions from the file's start state to
its goal and prints it as a table: step, action, cost and running total,
then the total cost and how much searching it took.

Flags may come before or after FILE.

	--goal NAME          plan for one of the file's goals: instead of goal:
	--set fact=value     change the start state; repeat for several facts.
	                     Values are written as in the file: true, false,
	                     a number, or an enum value's name.
	--search DIR         auto (default), forward or backward
	--heuristic H        auto (default: the planner picks), hmax, blind or
	                     lmcut (all find the cheapest plan), or
	                     hadd-not-optimal or goalcount-not-optimal (often
	                     faster; plans may cost more than the cheapest)
	--weight W           weighted A*: plans cost at most W times the
	                     cheapest, usually found faster (default 0: optimal)
	--no-symmetry        search the twin states of interchangeable objects
	                     too (the same cost; slower where objects are twins)
	--max-expansions N   give up after expanding N states
	--max-memory SIZE    give up before the process holds SIZE of memory
	                     (default 1GiB; 0: no limit), e.g. 512MiB, 4GiB
	--memory-bounded     search with IDA*: memory for the plan's length,
	                     not the states searched; slower, still optimal
	--timeout DUR        give up after DUR, e.g. 50ms or 2s
	--json               print one JSON object instead of the table:
	                     {"found", "plan", "cost", "steps", "status",
	                     "expanded", "generated", "direction", "goal",
	                     "why", "elapsed_ns", ...}
	--remote URL         plan through the planning service at URL (goap
	                     serve, or workers on a NATS cluster): the file is
	                     read and checked here, planned by a worker; the
	                     output is the same. Needs goap-serve (see goap
	                     help serve); credentials come from the URL or
	                     $GOAP_NATS_* (see goap help serve)

When no plan exists, plan explains why: the goal conditions no action can
ever meet, and the closest state the search reached.

Exit status: 0 when a plan is found (or the start already meets the
goal), 1 when no plan exists or a limit stopped the search first (the
best progress so far is printed), 2 on bad input.

Examples:

	goap plan examples/guard.yaml
	goap plan examples/guard.yaml --set enemy_visible=false
	goap plan examples/guard.yaml --set has_ammo=true --set enemy_visible=true
	goap plan examples/miner.yaml --goal Retire --json
	goap plan big.yaml --heuristic hadd-not-optimal --timeout 100ms
`,
	"check": `Usage: goap check [--strict] FILE...

Check loads each file and reports every error in it (a typo in a key, a
fact used with the wrong type, an unknown action in a test, ...) with its
line, column and the offending line. For files that load, it then warns
about likely mistakes:

  - actions that can never run from the start state, because no sequence
    of actions meets their preconditions;
  - preconditions on facts that no action sets and the start does not
    meet;
  - goals that no sequence of actions can reach;
  - facts that no action reads or sets and no goal names;
  - files whose actions all cost 0 (every plan is then a cheapest one).

Warnings are certain (the analysis over-approximates what is reachable),
but they may be intended: a fact set only by a test's set:, say.

Errors and warnings are printed on standard error, each with its
position and the offending line. Standard output gets one line per file
that could be read: "FILE: ok (N actions, M facts, K goals)",
"FILE: 2 warnings (...)" or "FILE: 3 errors".

	--strict   exit with status 1 when there are warnings

Exit status: 0 when every file loads (warnings allowed), 1 with --strict
when there are warnings, 2 when a file cannot be read or has errors.

Examples:

	goap check examples/guard.yaml
	goap check --strict examples/*.yaml
`,
	"test": `Usage: goap test [--run REGEXP] [--search DIR] FILE...

Test runs the tests: written in each file. A test plans from the file's
start (or its own start:, with set: applied) to the file's goal (or its
own goal:), optionally without some actions (remove:), and checks what
the planner finds: cost:, plan:, steps:, no_plan: or already_satisfied:.

It prints "PASS name" or "FAIL file:line:col name: why" for each test and
a line per file on standard output (a failing cost: or steps: test shows
the plan found, one that found no plan says why, and a failing sim test
quotes its agents' last no_plan events); the errors of a file that does
not load go to standard error, and its line says "FAIL FILE (cannot
load)".

	--run REGEXP        run only the tests whose names match REGEXP
	--search DIR        plan with auto (default), forward or backward search
	--max-expansions N  a test's plan call stops after N expansions
	--max-memory SIZE   a test's plan call stops when its search holds SIZE
	                    of memory (default 1GiB; 0: no limit)
	--memory-bounded    plan with IDA* (see goap help plan)
	--timeout DUR       stop the whole run after DUR, e.g. 30s

Exit status: 0 when every test passes, 1 when one fails (a limit that
stops a test fails it), 2 when a file cannot be read or has errors.

Examples:

	goap test examples/guard.yaml
	goap test --run 'ammo' examples/*.yaml
`,
	"sim": `Usage: goap sim FILE [--ticks N] [--set fact=value ...] [--json] [--record FILE] [--debug HOST:PORT] [--seed N] [--runs N]

Sim runs the agents of the file's agents: list in a small built-in world
and prints every decision they make, tick by tick: the goal chosen, the
plan made, actions started, finished or failed, plans invalidated, goals
without a plan, and the file's scripted events: changing the world.

The world starts from the file's start: (with --set applied). In each
tick, the events due change the world first; then every agent, in file
order, senses (every fact, or the facts listed under its senses:),
reconsiders its goal and plan, replans when it must, and works on its
current action. An action first takes its travel: ticks to reach its
target (0 by default); on arrival the agent sees the facts the action
reads and checks its preconditions again. Then it takes its duration:
ticks (at least 1); at the end its effects change the world if its
preconditions hold there, and it fails otherwise.

The run stops after --ticks ticks, or earlier when every agent is idle
(its goals met or invalid) and no event is ahead.

	--ticks N            run at most N ticks (default 100)
	--set fact=value     change the world's start (repeatable)
	--json               print one JSON object per event and line:
	                     {"tick", "agent", "type", "goal", "action",
	                     "plan", "reason"} (empty fields left out)
	--record FILE        write every decision of every agent to FILE as
	                     the run goes (belief changes, goal scores and
	                     their parts, goal, plan and step, events), a
	                     recording that package debugger loads and
	                     rewinds; gzip-compressed when FILE ends in .gz
	--record-max SIZE    stop recording before the recording passes SIZE
	                     (counted uncompressed, e.g. 100MiB): it ends
	                     with the last whole tick that fits, a message
	                     says so, and the run goes on (default: no limit)
	--record-ring N      snapshots kept in memory per agent for the
	                     --debug page (default 4096; --record's file
	                     gets them all)
	--debug HOST:PORT    serve the debugger page (see goap help debug)
	                     live: the run starts paused; the page's step
	                     runs one tick, run runs 10 ticks a second,
	                     pause pauses; set changes a world fact at the
	                     next tick (recorded as a scripted change); the
	                     page stays up after the run
	--seed N             seed the actions' chances (chance: in the file)
	                     with N (default 0): the same seed gives the same
	                     run (with --runs: the first seed, default 1)
	--runs N             balancing: play N runs, seeds S to S+N-1 (S is
	                     the --seed), each until one side (agents' side:)
	                     is left or --ticks run out, and print each run's
	                     winner and a summary instead of the events; with
	                     --json one line per run, {"type":"run","seed":S,
	                     "ticks":T,"winner":W} (W a side, or "draw" when
	                     both or neither have agents alive), then
	                     {"type":"summary","runs":N,"wins":{...},
	                     "draws":D}

The keys agents:, events: and travel:, and tests with sim:, are described
in the documentation of package github.com/goap-go/goap/goapfile.

The timeline and the end state go to standard output (the events only,
with --json); errors go to standard error.

Exit status: 0 when the simulation ran, 1 when it was interrupted, 2 on
bad input (including a file without agents:) or a --record FILE that
cannot be written.

Examples:

	goap sim examples/pirate_sim.yaml
	goap sim examples/zombie_sim.yaml --ticks 40
	goap sim examples/guard_sim.yaml --json | jq -c 'select(.agent == "guard")'
	goap sim examples/duel_sim.yaml --runs 200
`,
	"serve": `Usage: goap serve [flags]

Serve runs the planning service: a stateless worker that plans requests
sent over NATS (JSON, schema version 1; see the service package). By
default it starts a NATS server inside the process on loopback, with
JetStream, and serves on it; --nats joins an existing NATS instead.
Workers share a queue group: start more to add capacity. The first line
on standard output is the URL served, nats://HOST:PORT, alone; log lines
go to standard error. Credentials are never printed: the password and
token come from $GOAP_NATS_PASSWORD and $GOAP_NATS_TOKEN.

The service is the program goap-serve, from the module in service/ (it
needs Go 1.26 for its NATS libraries; the library stays at Go 1.24 and
dependency-free): goap serve runs it from beside goap or from PATH.

	--listen HOST:PORT   the embedded server's address (default 127.0.0.1,
	                     a free port); another host needs credentials
	--websocket HOST:PORT also serve NATS over WebSocket (no TLS)
	--store DIR          the embedded server's JetStream directory
	--nats URL           join the NATS at URL instead
	--user NAME          credentials: user (password in $GOAP_NATS_PASSWORD)
	--creds FILE         credentials: a NATS creds file (--nats only)
	--nkey FILE          credentials: an NKey seed file (--nats only)
	--tls-ca FILE        TLS to --nats: the servers' CA certificate
	--tls-cert FILE      TLS to --nats: a client certificate (with --tls-key)
	--tls-key FILE       TLS to --nats: the client key
	--prefix P           subject prefix (default goap)
	--max-concurrent N   requests planned at once (default GOMAXPROCS)
	--max-domains N      compiled domains kept (default 64)
	--max-request-memory BYTES  most memory one search takes (default 256 MiB)
	--max-request-time D most time one request takes (default 10s)
	--memory-limit BYTES soft memory limit of the process
	--ack-wait D         how long a batch job may go unacknowledged before
	                     another worker gets it (default 30s)

goap plan FILE --remote URL and goap pddl DOMAIN PROBLEM --remote URL
plan through the service with goap-serve as their client (goap-serve
request). The credentials of --remote come from the URL
(nats://USER:PASSWORD@HOST:PORT, nats://TOKEN@HOST:PORT) or from
$GOAP_NATS_USER with $GOAP_NATS_PASSWORD, $GOAP_NATS_TOKEN,
$GOAP_NATS_CREDS and $GOAP_NATS_NKEY (files); TLS from a tls:// URL with
$GOAP_NATS_TLS_CA, $GOAP_NATS_TLS_CERT and $GOAP_NATS_TLS_KEY; NATS over
WebSocket from a ws:// or wss:// URL.

Exit status: 0 when interrupted, 2 on bad flags, when goap-serve is not
installed, or when it cannot listen or connect.

Examples:

	goap serve
	goap serve --listen 127.0.0.1:4222
	GOAP_NATS_PASSWORD=... goap serve --nats nats://nats.example:4222 --user planner
	goap plan examples/guard.yaml --remote nats://127.0.0.1:4222
`,
	"debug": `Usage: goap debug RECORDING [--addr HOST:PORT] [--max-file-size SIZE]

Debug serves a web page for a recording made with goap sim FILE --record
RECORDING: a timeline over the recorded ticks (space plays and pauses,
the arrow keys step), the agents, and for the agent selected its goals
as bars with what their scores are made of (priority or relevancy, bias,
validity, back-off), its plan with the current step, its belief with the
facts that changed highlighted, the events of the tick (orders and
reports of squads among them), and the search tree of its plan when the
recording keeps trees. A recording of a world with a map (a file's map:)
also shows the map: walls, doors as they are at the tick, objects, the
agents by side with their paths ahead and trails behind, whom each sees,
and commanders' orders. The page is self-contained: it loads nothing from
elsewhere. Go programs mount the same page with debugger.Handler.

A recording cut short (its run killed while recording) is served up to
its last whole tick; a warning on stderr and on the page names the line
and the tick left out. A gzip-compressed recording (goap sim --record
FILE.gz) is read as it is, known by its first bytes, whatever its name;
one cut short is read as any recording cut there.

	--addr HOST:PORT     where to serve (default 127.0.0.1:8080; port 0
	                     picks a free one). The page answers requests
	                     that name the server by an IP address, localhost
	                     or HOST: to use it across a LAN, listen on
	                     0.0.0.0 or name the host (mybox.lan:8080)
	--max-file-size SIZE refuse a recording larger than SIZE, counted
	                     decompressed (default 1GiB; 0: no limit)

Exit status: 0 when interrupted, 1 when the recording is larger than
--max-file-size, 2 on bad input (an unreadable or damaged recording, an
address that cannot be listened on).

Examples:

	goap sim examples/room_clearing.yaml --record room.rec
	goap debug room.rec
`,
	"dot": `Usage: goap dot FILE [--search-tree] [--goal NAME] [--set fact=value ...]

Dot prints a Graphviz graph of the file on standard output. Render it with
Graphviz's dot tool, e.g. "goap dot guard.yaml | dot -Tsvg > guard.svg".

By default it draws the action graph: facts as ellipses (shaded when the
start state sets them), actions as boxes with their cost, and goals as
octagons. An edge from a fact to an action is a precondition, from an
action to a fact an effect, from a fact to a goal a desired condition.
Edges are labelled with the value when it is not plain true, and dashed
when they require or set false, or require a value to differ.

	--search-tree      draw the states a search visits instead: a
	                   cheapest-first exploration of the first 500 states
	                   from the start, with the plan the planner finds in
	                   bold red and goal states in green
	--goal NAME        the goal to highlight or plan for (default: goal:)
	--set fact=value   change the start state (repeatable)
	--search DIR       the search direction of --search-tree: auto,
	                   forward or backward
	--heuristic H      the estimate of --search-tree (see goap help plan)

Exit status: 0 on success, 2 on bad input.

Examples:

	goap dot examples/guard.yaml | dot -Tpng > guard.png
	goap dot --search-tree examples/guard.yaml --set has_ammo=true | dot -Tsvg > tree.svg
`,
	"bench": `Usage: goap bench FILE [flags]

Bench plans from the file's start to its goal over and over with one warm
planner and prints what one plan call costs: time (ns/plan), heap
allocations (allocs/plan, bytes/plan), states expanded (expanded/plan)
and expansion speed (nodes/s).

	--goal NAME          benchmark one of the file's goals: instead
	--set fact=value     change the start state (repeatable)
	--count N            plan exactly N times
	--time DUR           plan for about DUR (default 1s; ignored with --count)
	--search DIR         auto (default), forward or backward
	--heuristic H        auto, hmax, blind, lmcut, hadd-not-optimal, goalcount-not-optimal
	--weight W           weighted A* (see goap help plan)
	--no-symmetry        see goap help plan
	--max-expansions N   each plan call stops after N expansions
	--max-memory SIZE    each plan call stops when its search holds SIZE
	                     of memory (default 1GiB; 0: no limit)
	--memory-bounded     plan with IDA* (see goap help plan)
	--json               print one JSON object

Exit status: 0 on success, 2 on bad input. A goal without a plan is
benchmarked too (proving that none exists takes time as well), and so is
a plan call a limit stops (its status says "limit reached").

Examples:

	goap bench examples/guard.yaml
	goap bench examples/miner.yaml --search forward --time 3s
	goap bench examples/guard.yaml --count 100000 --json
`,
	"help": `Usage: goap help [COMMAND]

Help prints an overview of goap, or the help of COMMAND. "goap COMMAND -h"
does the same. Two topics are not commands: goap help format prints the
file format, goap help examples the example files and how to run them.

Examples:

	goap help plan
	goap help format
`,
	"version": `Usage: goap version

Version prints the version of the goap module the command was built from.
`,
}
