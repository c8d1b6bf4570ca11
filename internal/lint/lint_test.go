package lint

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/goap-go/goap"
	"github.com/goap-go/goap/goapfile"
)

func parse(t *testing.T, src string) *goapfile.File {
	t.Helper()
	f, err := goapfile.Parse("t.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func TestCheck(t *testing.T) {
	src := `facts:
  mana: {type: int, min: 0, max: 10}
  weather: {type: enum, values: [sun, rain]}
actions:
  - name: Eat
    effects: {fed: true}
  - name: Fly
    preconditions: {has_wings: true}
    effects: {airborne: true}
  - name: Land
    preconditions: {airborne: true}
    effects: {airborne: false, landed: true}
  - name: Rest
    preconditions: {fed: true, mana: "< 5"}
    effects: {mana: "+1"}
  - name: Cast
    preconditions: {mana: ">= 3", fed: true}
    effects: {spell_cast: true}
  - name: Overcast
    preconditions: {mana: ">= 9", weather: rain}
    effects: {spell_cast: true}
goals:
  - {name: Landed, desired: {landed: true}}
  - {name: Sleep, desired: {asleep: true, fed: true}}
  - {name: Magic, desired: {spell_cast: true}}
goal: {landed: true, mana: ">= 1"}
`
	f := parse(t, src)
	got := Check(f, []byte(src))
	want := []string{
		"7:5 unset-precondition: action \"Fly\" can never run: it needs has_wings, which no action sets and the start does not meet",
		"10:5 dead-action: action \"Land\" can never run: no sequence of actions from the start meets airborne",
		"19:5 unset-precondition: action \"Overcast\" can never run: it needs weather=rain, which no action sets and the start does not meet",
		// Mana only grows by +1 below 5: the core's reachability follows
		// add/subtract effects value by value, so 9 is out of reach.
		"19:5 dead-action: action \"Overcast\" can never run: no sequence of actions from the start meets mana>=9",
		"23:5 unreachable-goal: goal \"Landed\" can never be reached: no sequence of actions from the start meets landed",
		"24:5 unreachable-goal: goal \"Sleep\" can never be reached: no action sets asleep",
		"26:1 unreachable-goal: the file's goal can never be reached: no sequence of actions from the start meets landed",
	}
	var lines []string
	for _, w := range got {
		lines = append(lines, fmt.Sprintf("%v %s: %s", w.Pos, w.Check, w.Msg))
	}
	if strings.Join(lines, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(lines, "\n"), strings.Join(want, "\n"))
	}
}

func TestUnusedFact(t *testing.T) {
	f := parse(t, `facts:
  spare: {type: bool}
  used_by_test: {type: bool}
actions: [{name: A, effects: {x: true}}]
goal: {x: true}
tests:
  - {goal: {used_by_test: true}, no_plan: true}
`)
	got := Check(f, nil)
	if len(got) != 1 || got[0].Check != "unused-fact" || !strings.Contains(got[0].Msg, `"spare"`) || got[0].Pos.Line != 2 {
		t.Errorf("%+v", got)
	}
}

// TestTestStarts checks that the starts of tests count: an action that
// only a test's set: enables is not reported.
func TestTestStarts(t *testing.T) {
	src := `actions:
  - {name: UseKey, preconditions: {key: true}, effects: {open: true}}
goal: {open: true}
tests:
  - {set: {key: true}, plan: [UseKey]}
`
	if got := Check(parse(t, src), nil); len(got) != 0 {
		t.Errorf("%+v", got)
	}
	src = strings.Replace(src, "tests:\n  - {set: {key: true}, plan: [UseKey]}\n", "", 1)
	if got := Check(parse(t, src), nil); len(got) != 2 {
		t.Errorf("without the test: %+v", got)
	}
}

// TestDeadByOperator checks each comparison at the edge of what the
// actions reach: a precondition or goal condition that no reachable value
// meets is reported, one that a value meets is not. Reachable: n in {0,3},
// k in {0}, h in {5}, at in {home, shop}, b false.
func TestDeadByOperator(t *testing.T) {
	head := `facts:
  n: {type: int, min: 0, max: 5}
  k: {type: int, min: 0, max: 5}
  h: {type: int, min: 0, max: 5, default: 5}
  at: {type: enum, values: [home, shop, mine]}
  b: {type: bool}
actions:
  - {name: Set, effects: {n: 3, k: 0, h: 5, at: shop, b: false}}
`
	cases := []struct {
		cond string
		dead string // the condition as reported; "" when it is reachable
		goal string // the goal's condition as reported
	}{
		{"n: 3", "", ""},
		{"n: 2", "n=2", "n=2"},
		{"n: \"!= 0\"", "", ""},
		{"k: \"!= 0\"", "k!=0", "k>=1"},
		{"k: \"!= 1\"", "", ""},
		{"n: \">= 3\"", "", ""},
		{"n: \">= 4\"", "n>=4", "n>=4"},
		{"n: \"> 2\"", "", ""},
		{"n: \"> 3\"", "n>3", "n>=4"},
		{"n: \"<= 0\"", "", ""},
		{"n: \"< 1\"", "", ""},
		{"h: \"< 5\"", "h<5", "h<=4"},
		{"h: \"<= 4\"", "h<=4", "h<=4"},
		{"h: \"<= 5\"", "", ""},
		{"at: shop", "", ""},
		{"at: mine", "at=mine", "at=mine"},
		{"at: \"!= home\"", "", ""},
		{"b: false", "", ""},
		{"b: true", "b", "b"},
	}
	for _, tc := range cases {
		src := head + "  - {name: Probe, preconditions: {" + tc.cond + "}, effects: {done: true}}\n" +
			"goals:\n  - {name: G, desired: {" + tc.cond + "}}\n  - {name: Done, desired: {done: true}}\n"
		var got []string
		for _, w := range Check(parse(t, src), []byte(src)) {
			got = append(got, w.Check+": "+w.Msg)
		}
		var want []string
		if tc.dead != "" {
			want = []string{
				`dead-action: action "Probe" can never run: no sequence of actions from the start meets ` + tc.dead,
				`unreachable-goal: goal "G" can never be reached: no sequence of actions from the start meets ` + tc.goal,
				`unreachable-goal: goal "Done" can never be reached: no sequence of actions from the start meets done`,
			}
		}
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("%s: got\n%s\nwant\n%s", tc.cond, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	}
}

func TestCondText(t *testing.T) {
	b, i, e := goap.Bool("b"), goap.Int("n", 0, 5, 0), goap.Enum("at", "home", "shop")
	cases := []struct {
		f    goap.Fact
		c    any
		want string
	}{
		{b, true, "b"}, {b, false, "!b"}, {b, goap.Ne(true), "!b"}, {b, goap.Eq(false), "!b"},
		{i, 3, "n=3"}, {i, goap.Ge(2), "n>=2"}, {i, goap.Lt(1), "n<1"},
		{e, "shop", "at=shop"}, {e, goap.Ne("home"), "at!=home"},
	}
	for _, c := range cases {
		if got := CondText(c.f, c.c); got != c.want {
			t.Errorf("CondText(%v, %v) = %q, want %q", c.f.Name, c.c, got, c.want)
		}
	}
}

// TestReachSound checks Reach against exhaustive search on random
// domains: every value that a reachable state holds is marked
// reachable, and every action that applies in a reachable state is
// marked as able to run.
func TestReachSound(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for n := 0; n < 300; n++ {
		spec := randomSpec(rng)
		d, err := goap.NewDomain(spec)
		if err != nil {
			t.Fatalf("spec %d: %v", n, err)
		}
		start := d.NewState()
		for id := 0; id < d.NumFacts(); id++ {
			f := d.Fact(goap.FactID(id))
			_ = start.Set(goap.FactID(id), f.Min+rng.Intn(f.Max-f.Min+1))
		}
		r := NewReach(d, start)
		seen := map[string]bool{start.String(): true}
		queue := []goap.State{start}
		for len(queue) > 0 {
			s := queue[0]
			queue = queue[1:]
			for id := 0; id < d.NumFacts(); id++ {
				if !r.Value(goap.FactID(id), s.Get(goap.FactID(id))) {
					t.Fatalf("spec %d: state %v reached, but Reach misses %s", n, s, d.Fact(goap.FactID(id)).Name)
				}
			}
			for a := 0; a < d.NumActions(); a++ {
				if !d.Applicable(s, goap.ActionID(a)) {
					continue
				}
				if !r.CanRun(goap.ActionID(a)) {
					t.Fatalf("spec %d: %s applies in %v, but Reach says it never runs", n, d.ActionName(goap.ActionID(a)), s)
				}
				c := s.Clone()
				d.Apply(c, goap.ActionID(a))
				if k := c.String(); !seen[k] {
					seen[k] = true
					queue = append(queue, c)
				}
			}
		}
	}
}

// randomSpec builds a small domain with bool, int and enum facts.
func randomSpec(rng *rand.Rand) goap.Spec {
	spec := goap.Spec{Facts: []goap.Fact{
		goap.Bool("a"), goap.Bool("b"), goap.Bool("c"),
		goap.Int("n", 0, 4, 0), goap.Enum("at", "x", "y", "z"),
	}}
	cond := func(f string) any {
		switch f {
		case "n":
			ops := []goap.Compare{goap.Eq(rng.Intn(5)), goap.Ne(rng.Intn(5)), goap.Ge(rng.Intn(5)), goap.Le(rng.Intn(5)), goap.Gt(rng.Intn(4)), goap.Lt(1 + rng.Intn(4))}
			return ops[rng.Intn(len(ops))]
		case "at":
			v := []string{"x", "y", "z"}[rng.Intn(3)]
			if rng.Intn(2) == 0 {
				return goap.Ne(v)
			}
			return v
		}
		return rng.Intn(2) == 0
	}
	effect := func(f string) any {
		switch f {
		case "n":
			if rng.Intn(2) == 0 {
				return goap.Add([]int{-2, -1, 1, 2}[rng.Intn(4)])
			}
			return rng.Intn(5)
		case "at":
			return []string{"x", "y", "z"}[rng.Intn(3)]
		}
		return rng.Intn(2) == 0
	}
	names := []string{"a", "b", "c", "n", "at"}
	for i := 0; i < 2+rng.Intn(5); i++ {
		a := goap.Action{Name: fmt.Sprintf("A%d", i), Cost: 1, Pre: goap.Conds{}, Effects: goap.Effects{}}
		for _, f := range names {
			if rng.Intn(3) == 0 {
				a.Pre[f] = cond(f)
			}
			if rng.Intn(3) == 0 {
				a.Effects[f] = effect(f)
			}
		}
		spec.Actions = append(spec.Actions, a)
	}
	return spec
}

// TestSimSources: facts that a simulation's scripted events or agents'
// beliefs set can hold, and goals the tests expect to have no plan are
// not warned about.
func TestSimSources(t *testing.T) {
	src := `actions:
  - {name: Shoot, preconditions: {zombie: true}, effects: {zombie: false}}
  - {name: Eat, preconditions: {hungry: true}, effects: {hungry: false}}
goals:
  - {name: Fly, desired: {flying: true}}
facts:
  flying: {type: bool}
agents:
  - {name: a, start: {hungry: true}}
events:
  - {tick: 3, set: {zombie: true}}
tests:
  - {goal: Fly, no_plan: true}
  - {goal: Fly, no_plan: true}
`
	f, err := goapfile.Parse("t.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if ws := Check(f, []byte(src)); len(ws) != 0 {
		t.Errorf("warnings: %+v", ws)
	}
	// Without the events, the agent's belief and the tests, all three
	// are reported.
	plain := strings.Split(src, "agents:")[0]
	f, err = goapfile.Parse("t.yaml", []byte(plain))
	if err != nil {
		t.Fatal(err)
	}
	if ws := Check(f, []byte(plain)); len(ws) != 3 {
		t.Errorf("want 3 warnings, got %+v", ws)
	}
}

// TestZeroCost: a file whose actions all cost 0 gets a warning at the
// first action; one free action among costed ones is a design choice.
func TestZeroCost(t *testing.T) {
	cases := []struct {
		name, src string
		want      bool
	}{
		{"all free", "actions:\n  - {name: A, cost: 0, effects: {x: true}}\n  - {name: B, cost: 0, preconditions: {x: true}, effects: {y: true}}\ngoal: {y: true}\n", true},
		{"one free", "actions:\n  - {name: A, cost: 0, effects: {x: true}}\n  - {name: B, preconditions: {x: true}, effects: {y: true}}\ngoal: {y: true}\n", false},
		{"default costs", "actions:\n  - {name: A, effects: {x: true}}\n  - {name: B, preconditions: {x: true}, effects: {y: true}}\ngoal: {y: true}\n", false},
		{"a single free action", "actions:\n  - {name: A, cost: 0, effects: {x: true}}\ngoal: {x: true}\n", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var got []Warning
			for _, w := range Check(parse(t, c.src), []byte(c.src)) {
				if w.Check == "zero-cost" {
					got = append(got, w)
				}
			}
			if c.want != (len(got) == 1) || len(got) > 1 {
				t.Fatalf("zero-cost warnings %+v, want %v", got, c.want)
			}
			if c.want && (got[0].Pos.Line != 2 || !strings.Contains(got[0].Msg, "every action costs 0")) {
				t.Errorf("warning %+v, want it at line 2 saying every action costs 0", got[0])
			}
		})
	}
}

// TestOrderTargets: a fact that only an order's target (set:) gives the
// members can hold: the action that needs it can run.
func TestOrderTargets(t *testing.T) {
	src := `actions:
  - {name: Send, effects: {sent: true}, order: {squad: s, goal: Arrive, bias: 1, set: {to_left: true}}}
  - {name: MoveLeft, preconditions: {to_left: true}, effects: {arrived: true}}
goals:
  - {name: Won, desired: {sent: true}}
  - {name: Arrive, desired: {arrived: true}}
agents:
  - {name: cmd, goals: [Won]}
  - {name: u, goals: [Arrive]}
squads:
  - {name: s, commander: cmd, members: [u]}
`
	for _, c := range []struct {
		src  string
		want int
	}{{src, 0}, {strings.Replace(src, ", set: {to_left: true}", "", 1), 2}} { // MoveLeft and Arrive
		f, err := goapfile.Parse("t.yaml", []byte(c.src))
		if err != nil {
			t.Fatal(err)
		}
		if ws := Check(f, []byte(c.src)); len(ws) != c.want {
			t.Errorf("want %d warnings, got %+v", c.want, ws)
		}
	}
}

// TestSightFactsAreUsed: what the simulator writes for an agent with
// sight (what it sees, what its squad knows) is not called unused; other
// facts still are.
func TestSightFactsAreUsed(t *testing.T) {
	f := parse(t, `map:
  rows: |
    #####
    #...#
    #####
facts:
  spare: {type: bool}
  enemy_in_sight: {type: bool, scope: agent}
  enemy_known: {type: bool, scope: agent}
  known(b): {type: bool, scope: agent}
  seen_ago(b): {type: int, min: 0, max: 9, scope: agent}
  sees(b): {type: bool, scope: agent}
actions: [{name: A, effects: {x: true}}]
goals: [{name: G, desired: {x: true}}]
agents:
  - {name: a, at: [1, 1], sight: 5, goals: [G]}
  - {name: b, at: [3, 1], goals: [G]}
`)
	got := Check(f, nil)
	if len(got) != 1 || got[0].Check != "unused-fact" || !strings.Contains(got[0].Msg, `"spare"`) {
		t.Errorf("%+v", got)
	}
}

// TestSightMakesActionsRunnable: an action that needs what an agent sees
// (sees(NAME), clear(NAME)) can run once it sees it, and a fact that only
// a goal's relevancy or validity reads is used.
func TestSightMakesActionsRunnable(t *testing.T) {
	src := `map:
  rows: |
    #####
    #...#
    #####
facts:
  sees(b): {type: bool, scope: agent}
  clear(b): {type: bool, scope: agent}
  angry: {type: bool, scope: agent}
  calm: {type: bool, scope: agent}
actions: [{name: Shoot, preconditions: {sees(b): true, clear(b): true}, effects: {shot: true}}]
goals:
  - {name: G, desired: {shot: true}, relevancy: [{when: {angry: true}, score: 5}], valid_when: {calm: false}}
agents:
  - {name: a, at: [1, 1], sight: 5, goals: [G]}
  - {name: b, at: [3, 1], goals: [G]}
`
	if got := Check(parse(t, src), nil); len(got) != 0 {
		t.Errorf("%+v", got)
	}
	// Without sight, nothing writes sees(b): Shoot can never run.
	got := Check(parse(t, strings.Replace(src, "sight: 5, ", "", 1)), nil)
	if len(got) == 0 || got[0].Check != "unset-precondition" {
		t.Errorf("without sight: %+v", got)
	}
}
