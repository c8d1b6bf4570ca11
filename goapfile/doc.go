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
//	    travel: 2                # ticks to reach the action's target first; default 0
//	    timeout: 10              # ticks after which it fails if still under way
//	    backoff: 5               # ticks it is left out of plans after failing
//	                             # (instead of the agent's backoff)
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
// # Objects and lifted actions
//
// Actions may take objects, as PDDL's do: an action with params: stands
// for one action per binding of objects to its parameters, named
// Shoot(r2) or Move(hall,yard). Its conditions, effects and values refer
// to a parameter as ?name. Objects are typed; a type no object has yet is
// listed under types:. Facts with arguments (alive(r2), at(b2)) are
// booleans like any other, or a family declared with args: (one int or
// enum fact per object); an enum takes its values from a type with
// values_of:. Static relations (a map's roads, which places hold a crate)
// are listed under static: and choose the bindings that exist: only those
// whose static preconditions hold are made, as are only those that could
// change something. The precondition "=(?a,?b)": false keeps bindings of
// two different objects.
//
// Types may have parents: with types: as a mapping of type -> parent
// (types: {blue: unit, red: unit}), an object of type blue is a unit too,
// so a parameter, a family's argument or values_of of type unit takes
// the objects of blue and red (in file order), and a parameter of type
// blue only blue's. A type with nothing after it (crate:) has no parent
// and may have no objects yet. A parent that only one type names must be
// listed itself or be an object's type (a parent named once is taken for
// a typo), and no type may be its own ancestor. In Go: goap.Spec.Types,
// goap.Type{Name, Parent}.
//
//	objects:
//	  r1: enemy                  # name: type
//	  yard: {type: place, at: [4, 2], offers: [TakeAmmo]} # a cell; the
//	                             # lifted actions a unit uses it through
//	types: [door]                # types that may have no objects yet
//	static: ["road(hall,yard)", crate(yard)]
//	facts:
//	  hp: {type: int, min: 0, max: 2, default: 2, args: [enemy]} # hp(r1), ...
//	  at: {type: enum, values: [nowhere], values_of: place}
//	actions:
//	  - name: Move
//	    params: {from: place, to: place}  # in this order: Move(hall,yard)
//	    preconditions:
//	      road(?from,?to): true  # static: only roads are grounded
//	      at: ?from
//	    effects: {at: "?to"}
//	  - name: Shoot
//	    params: {t: enemy}
//	    preconditions:
//	      hp(?t): ">= 1"
//	    effects:
//	      hp(?t): -1
//	start: {hp(r2): 1}
//	goal: {hp(r1): 0}
//	tests:
//	  - plan: ["Move(hall,yard)", Shoot(r1), Shoot(r1)]
//
// Inside { } and [ ], YAML reads ? and , as its own: quote a name or
// value holding them ("road(a,b)", "?to"), or write the mapping one key
// per line. Plans, tests, an agent's actions: and costs:, and remove:
// name a bound action (Shoot(r2)) or a lifted one (Shoot: all its
// bindings); a plain action's name may not contain '(', ')' or ','. A
// lifted action's duration:, travel:, timeout: and backoff: hold for each
// of its bindings. goap plan --json lists each step's action and objects
// ({"action": "Shoot", "args": ["r2"]}).
//
// # Maps
//
// A file may draw its world (package space): rows: is the map, one line
// per row, one character per cell; legend: says what characters stand
// for, over the basic ones ('.' floor, '#' wall, '%' cover, '+' a closed
// door, '/' an open one). A legend entry may give a terrain (floor, wall,
// cover, door), a door state (open, closed, locked), a cost of entering
// the cell (at least 1), a point (one cell, named), a region (the cells
// drawn with it), and an object: a type, a name (a symbol drawn more than
// once numbers its objects: crate1, crate2) and the actions it offers.
//
//	map:
//	  legend:
//	    "A": {point: start}        # a point without a type is an object of type point
//	    "c": {type: crate, offers: [TakeAmmo]}
//	    "~": {cost: 3}             # mud: slow to cross
//	  rows: |
//	    ##########
//	    #A...%..c#
//	    #.~~~+...#
//	    #c.......#
//	    ##########
//	  agents_block: true           # agents stand in each other's way (default false)
//	actions:
//	  - name: Walk
//	    params: {c: crate}
//	    at: ?c                     # performed at the crate: agents walk there first
//	    cost: "distance(start,?c)" # the path's cost, from the map
//	    effects: {at: "?c"}
//	agents:
//	  - {name: u1, at: start, speed: 2} # a point, an object or [x, y]; cells per tick
//	  - {name: b1, at: [3, 4], side: blue, sight: 8} # sees 8 cells far
//
// The map's objects and points join objects:. Each door has the world
// facts open(NAME) and locked(NAME), started as drawn: a simulated door
// follows them, so an action or an event that opens or locks it reroutes
// the agents walking. With agents_block: true no two agents stand on one
// cell: paths go around the living agents, found again whenever one
// moves, and an agent whose place is taken walks as near as it can and
// its action fails there ("[7, 1] is taken by s"). The table entries
// distance(a,b) hold the cost of the cheapest path between every two named
// places (points and objects), for actions' cost:. An action's at: (a point, an object, or one of its
// object parameters) is where it is performed: a simulated agent walks
// there along the map's paths at its speed before performing it, instead
// of taking travel: ticks, and the action fails where no path leads.
//
// Smart objects (Orkin): objects on the map offer actions (offers:), and
// an action's uses: (an object parameter, ?c, or an object's name) makes
// the object one agent's at a time, from the action's start (its walk
// there included) to its end, however it ends. Another agent's action on
// the object then fails at its start ("crate1 is in use by a") and the
// agent plans again; the agent fact in_use(OBJECT), when declared
// (scope: agent), is true for every agent but the holder, so that plans
// can pass objects in use by. An object used up or switched is an
// ordinary world fact that effects set (empty(?c), on(?c)); see
// examples/smart_objects_sim.yaml.
//
//	facts:
//	  in_use: {type: bool, args: [crate], scope: agent}
//	actions:
//	  - name: TakeAmmo
//	    params: {c: crate}
//	    at: ?c
//	    uses: ?c
//	    preconditions: {"in_use(?c)": false, "empty(?c)": false}
//	    effects: {ammo: true, "empty(?c)": true}
//
// An agent with sight: sees the living agents within that many cells that
// a clear line joins to it (cover does not block sight, walls and shut
// doors do). Each tick the simulator writes, into the agent facts the file
// declares (scope: agent), sees(NAME) for each other agent, clear(NAME)
// (NAME is in sight and no cover next to it is in the way: a clear
// shot, as when flanked), enemy_in_sight
// (an agent of another side is in sight) and in_cover (every enemy within
// range is one the agent is in cover from: it cannot see the agent, or
// cover next to the agent is in the way). A sensor that names
// enemy_in_sight with interrupt: true makes an agent react when an enemy
// comes into sight.
//
// What an agent sees, its squad knows (Pittman's shared knowledge): a
// squad's commander and members share one picture of the other agents,
// where and when each was last seen; an agent with sight in no squad keeps
// its own. Before an agent acts, the simulator writes its picture into
// the agent facts the file declares: known(NAME) (seen alive, within the
// squad's memory: ticks, and not dead since), seen_ago(NAME), an integer
// (the ticks since the sighting, clamped to its bounds) and enemy_known
// (some agent of another side is known). A commander without sight thus
// plans on what its units see.
//
// # Templates
//
// Units that share most of their settings are written once, under
// templates:, and an agent (or a template) extends one. An agent's keys
// replace its template's, except start:, own: and costs:, which merge key
// by key (the agent's entries win). YAML anchors stay refused: they lose
// error positions, and a template's mistakes are reported at its lines.
// In an agent and in what it takes from its template, ?self is the
// agent's name: dies_when: {"hp(?self)": 0} is each unit's own.
//
//	templates:
//	  - {name: rifleman, goals: [Attack, TakeCover], actions: [Shoot, Move],
//	     own: {ammo: 6}, margin: 2}
//	agents:
//	  - {name: b1, extends: rifleman, own: {at: a1}}
//	  - {name: b2, extends: rifleman, own: {at: a2, ammo: 3}}
//
// # Simulations
//
// A file may describe agents that pursue its goals in a simulated world
// (package agent/sim; `goap sim FILE` prints what they do, tick by tick):
//
//	agents:
//	  - name: pirate             # "world" is reserved
//	    goals: [GetDrunk]        # goals of goals:; default: all of them
//	    actions: [StealRum, ...] # the actions it may plan with; default: all
//	    senses: [drunk, lawful]  # facts it sees every tick; default: all; [] for none
//	    start: {lawful: false}   # its initial belief, on top of the file's start
//	    fallback: Idle           # an action to run when no goal has a plan
//	    fallback_goal: Flee      # a goal to pursue when no other goal has a plan
//	    margin: 10               # hysteresis between goals' priorities; default 0
//	    validity_grace: 2        # ticks a plan survives its goal being invalid; default 0
//	    backoff: 10              # ticks before a goal without a plan is retried
//	                             # (doubling, up to 16 times); default 10
//	    budget: 100              # states the planner may expand per tick; default: no limit
//	    stand_in: true           # run fallback while a search spans ticks (goals without their own stand_in:); default false
//	    own: {at: door}          # its own values of agent facts (see below)
//	    on_orders: [StackUp]     # goals it pursues only when ordered (see Squads)
//	    obedient: true           # pursue the most recommended goal; default false
//	    sensors:                 # more sensors: facts seen every N ticks, and
//	      - {facts: [noise], every: 5, interrupt: true} # a change interrupts
//	                             # (with sensors: and no senses:, only these see)
//	    costs: {Attack: 10}      # this agent's costs of actions (a coward)
//	events:                      # scripted changes of the world
//	  - {tick: 5, set: {bottle_available: false}}
//	  - {tick: 6, agent: u3, set: {hit: true}} # u3's own agent facts
//
// Facts are world facts, one value shared by every agent, unless declared
// with `scope: agent`: then each agent has its own value (its position,
// health, ammo, current order), starting from the file's start or the
// agent's own:. An agent senses the world's facts and its own agent facts;
// its actions' effects on agent facts change its own values only:
//
//	facts:
//	  at: {type: enum, values: [post, door, room], scope: agent}
//	  door_open: {type: bool}    # scope: world, the default
//
// Goals can say, for simulated agents, when they make sense and how much
// they matter, from what the agent believes (as agent.Goal's Valid and
// Relevancy do in Go):
//
//	goals:
//	  - name: Eat
//	    desired: {hungry: false}
//	    relevancy:               # the first rule that holds scores the goal;
//	      - {when: {starving: true}, score: 150}   # none: not relevant (0)
//	      - {when: {hungry: true}, score: 20}
//	      - {score: 1}           # a rule without when: always holds
//	  - name: Attack
//	    priority: 50
//	    desired: {enemy_dead: true}
//	    valid_when: {armed: true} # never pursued otherwise
//	    stand_in: Aim            # runs while Attack's plan is made
//
// A goal's stand_in: names an action that runs, without a plan, while a
// search for the goal spans ticks (an agent's budget:, or a scheduler),
// in place of the agent's fallback (stand_in: true) or of idling; the
// plan aborts it when it comes.
//
// The world starts from the file's start. Each tick (the first is 1), the
// events due change the world; then each agent, in file order, senses,
// reconsiders its goal and plan (see package agent), and works on its
// action. An action takes travel ticks to reach its target; on arrival
// the agent sees the facts the action reads and checks its preconditions
// again. Then it takes duration ticks (at least one); at the end its
// effects change the world if its preconditions hold there, and it fails
// otherwise (the agent then sees the facts the action reads).
//
// # Combat
//
// A few mechanics make fights: an action's chance: is the probability
// that its effects apply when it is done (a shot that may miss: otherwise
// it fails, "missed", and is left out of plans for its back-off, 1 tick
// unless backoff: says otherwise), drawn from a generator per agent that
// the run's seed starts (goap sim --seed N, or seed: in a sim test), so a
// seed gives one run; an agent dies when its dies_when: conditions hold
// in the world as it finds it: it stops for good (a died event), and a
// commander waiting for it hears its order failed; side: names an agent's
// side, and a run is won by the only side with agents alive (goap sim
// --runs N plays N seeds and counts the wins; see examples/duel_sim.yaml).
//
// A fair fight also needs the sides to start from each side's spawn as
// often, and no side to act first because of its place in the file:
// swap_spawns: lists pairs of the map's points that trade places on even
// seeds (an agent placed at one starts at the other, and its own: and
// start: values naming one name the other), and turns: shuffled makes
// the agents act each tick in an order drawn from the seed (turns: file,
// the default, keeps file order). See examples/squad_shooter.yaml.
//
//	swap_spawns: [[west1, east1], [west2, east2]]
//	turns: shuffled
//
//	actions:
//	  - {name: Shoot, params: {me: gunman, foe: gunman}, chance: 0.5, ...}
//	agents:
//	  - {name: blue, side: blue, dies_when: {down(blue): true}, ...}
//
// # Squads
//
// Pittman's command hierarchy: a commander (an agent, with or without a
// body) plans with actions whose effects are orders to a squad. An
// ordering action recommends a goal that the members already have, with a
// bias added to its score, writes the order's target (set:) into their
// beliefs, and waits for their reports: it succeeds when every ordered
// member has completed the goal or found it already met (its effects then
// apply), and fails when one fails it or when the timeout passes. An
// autonomous member weighs the recommendation against its own goals and
// may decline; an obedient one takes the most recommended goal. A member
// may command a squad of its own, to any depth. With interrupt: true,
// aborting an ordering action (the commander was interrupted or dropped
// its plan) interrupts the members it ordered.
//
//	squads:
//	  - {name: alpha, commander: leader, members: [u1, u2, u3, u4], interrupt: true, memory: 20}
//	actions:
//	  - name: OrderStackUp
//	    effects: {stacked: true}
//	    order: {squad: alpha, goal: StackUp, bias: 0.5, timeout: 10,
//	            members: [u1, u2], set: {target: door}}  # members, set: optional
//
// An action with orders: instead issues several orders at once, to one
// squad, each written as order: is (member: u1 is members: [u1]): a goal
// and a target per member, as in Pittman's pincer:
//
//	actions:
//	  - name: OrderPincer
//	    effects: {flanked: true}
//	    orders:
//	      - {squad: alpha, member: u1, goal: Flank, bias: 1, timeout: 10, set: {to: left}}
//	      - {squad: alpha, member: u2, goal: Flank, bias: 1, timeout: 10, set: {to: right}}
//	      - {squad: alpha, member: u3, goal: Charge, bias: -10} # hold until they are there
//
// The action succeeds when every member it waits for has completed its
// goal or found it met, and fails when one of them fails its goal or one
// order's timeout passes. A member may be ordered several goals, each
// once. A negative bias discourages the goal (Pittman, section 3.3): the
// member's score for it drops by that much, so goals it used to beat now
// win. A goal scored by relevancy: (or on_orders:) is out of the choice
// while its score is 0 or less; a goal with a priority is still chosen
// when no other goal is (discouraged, not forbidden); obedient members
// never take it. A discouragement holds while its action runs and the
// action does not wait for it, so it takes no timeout:, and an action
// needs at least one order it waits for.
//
// Orders go down and reports come up: squads that command each other (a
// commands b in one squad, b commands a in another, or a longer loop) are
// an error, as an order would wait on the agent that gave it; so is an
// order for a goal that a member does not have, as the member could only
// refuse it.
//
// Members report picked, completed, already_satisfied, failed or
// declined (report events); the commander's side logs order_issued,
// order_timed_out and interrupt_propagated. examples/room_clearing.yaml
// is a complete squad.
//
// A test with `sim:` simulates the agents instead of planning; it takes
// start: and set: (for the world's start) and these expectations:
//
//	tests:
//	  - name: the bottle vanishes
//	    sim: {ticks: 60}         # at most 60 ticks; the run ends earlier when
//	                             # every agent is idle and no event is ahead
//	    # sim: {ticks: 60, events: [...]} replaces the file's events
//	    expect_actions: [CollectMolasses, BrewRum, DrinkRum]
//	    expect_events:           # in this order, others may come between
//	      - tick 8 pirate plan_invalidated StealRum
//	      - pirate goal_reached
//	    expect_world: {drunk: true}
//	    expect_agents: {u1: {at: room}} # an agent's own agent facts
//	    expect_winner: blue      # the only side left alive, or draw
//	  - sim: {ticks: 60, seed: 3} # seeds the actions' chances; default 0
//
// expect_actions is the exact sequence of actions that succeeded, over
// all agents. An expected event reads "[tick N] AGENT TYPE [NAME]": the
// agent (or "world" for a scripted event), an event type of package agent
// (goal_chosen, plan_made, no_plan, action_started, arrived,
// action_finished, action_failed, plan_invalidated, goal_reached,
// fallback, world_changed, order_issued, report, order_timed_out,
// interrupt_propagated, died, object_removed), and optionally the tick
// and the goal or action concerned. expect_world holds conditions, as
// goal: does, that the world's facts must meet at the end, and
// expect_agents the same for
// agents' own agent facts.
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
// means add or subtract, quoted or not, so write "= -1" to set -1. An
// add or subtract that would take the fact outside its declared min..max
// makes the action unusable in that state; it never clamps. Declare the
// range wide enough for the largest step (e.g. health -4..9 when a blow
// removes up to 4).
//
// Start states and `set:` take plain values: true or false, a number
// (quoted or not) or a value name.
//
// Undeclared facts are booleans: giving one a number, a comparison or a
// name is an error that says to declare the fact. Start states, `set:`
// and the goals of `goal:` and tests may only name facts that the domain
// has (declared, or named by an action or a goal of `goals:`), with one
// exception: a boolean that only the file's start names is a fact of the
// world that nothing uses yet (goap check warns about it). When such a
// name is close to a boolean that only preconditions read (no action sets
// it), those preconditions can never hold: the error is reported at them
// and names the start's spelling.
//
// # Costs from a table
//
// `numbers:` holds static values, one per name or name(obj,...), each a
// number of at least 0. An action's `cost:` may add them up instead of
// giving a number: "road-length(?from,?to)", "2 + toll(?to)". A lifted
// action's entries may name its parameters, so each binding costs its own
// (goap.Action.ArgCost); entries without parameters are added once, when
// the file is read:
//
//	objects: {a: place, b: place, c: place}
//	static: ["road(a,b)", "road(b,c)"]
//	numbers:
//	  road-length(a,b): 7
//	  road-length(b,c): 2
//	actions:
//	  - name: Drive
//	    params: {from: place, to: place}
//	    preconditions: {"road(?from,?to)": true, at: "?from"}
//	    effects: {at: "?to"}
//	    cost: "road-length(?from,?to)"  # Drive(a,b) costs 7
//
// An entry the table lacks is an error at the cost: when a binding the
// grounder keeps needs it ("numbers has no entry road-length(b,a), which
// Drive(b,a) needs"): guard the action with a static relation listing the
// pairs that have one, as goap pddl --export does (has-road-length). So
// are unknown names (with a suggestion), parameters and objects, a wrong
// number of arguments, and values that are not numbers or are negative.
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
// unknown facts, actions, goals and agents, YAML aliases and tags,
// multiple documents and tabs in indentation are all errors; so are the
// problems goap.NewDomain finds, placed at the action, goal or fact
// concerned, and tests that mix planner expectations (cost:, plan:, ...)
// with a simulation.
package goapfile
