package goap_test

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/goap-go/goap"
)

var allDirections = []goap.Options{
	{},
	{Direction: goap.Forward, Heuristic: goap.HMax},
	{Direction: goap.Forward, Heuristic: goap.Blind},
	{Direction: goap.Backward},
	{Direction: goap.Backward, Heuristic: goap.Blind},
	{Direction: goap.Forward, Heuristic: goap.LMCut},
}

func TestBenchDomains(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		cost  float64 // -1: no plan
		steps int
	}{
		{"guard", 9, 5},
		{"guard_unsolvable", -1, 0},
		{"trap", 2, 2},
		{"restore", 4, 4},
		{"synth_small", 18, 0},
		{"synth_large", 21, 0},
		{"synth_small_unsolvable", -1, 0},
		{"synth_large_unsolvable", -1, 0},
	}
	for _, tc := range tests {
		d, start, goal, spec := loadBench(t, tc.name)
		ref := newRefDomain(spec)
		for _, opts := range allDirections {
			t.Run(fmt.Sprintf("%s/%v-%v", tc.name, opts.Direction, opts.Heuristic), func(t *testing.T) {
				p := goap.NewPlanner(d)
				p.Options = opts
				res := p.Plan(context.Background(), start, goal)
				if tc.cost < 0 {
					if res.Status != goap.NoPlan || res.Why() == nil {
						t.Fatalf("got %v %v, want no plan with a reason", res.Status, d.ActionNames(res.Plan))
					}
					return
				}
				if res.Status != goap.Found || res.Cost != tc.cost {
					t.Fatalf("got %v cost %v, want cost %v", res.Status, res.Cost, tc.cost)
				}
				if tc.steps > 0 && len(res.Plan) != tc.steps {
					t.Fatalf("plan %v has %d steps, want %d", d.ActionNames(res.Plan), len(res.Plan), tc.steps)
				}
				startVals := start.Values()
				if _, err := ref.replay(ref.initial(startVals), spec.Goals[0].Desired, d.ActionNames(res.Plan)); err != nil {
					t.Fatal(err)
				}
			})
		}
	}
}

func TestGuardWithoutFindAmmoExplains(t *testing.T) {
	t.Parallel()
	d, start, goal, _ := loadBench(t, "guard_unsolvable")
	res := goap.NewPlanner(d).Plan(context.Background(), start, goal)
	if res.Status != goap.NoPlan {
		t.Fatalf("status %v", res.Status)
	}
	why := res.Why().String()
	for _, want := range []string{"threat_removed", "Attack needs loaded", "searched"} {
		if !strings.Contains(why, want) {
			t.Errorf("explanation lacks %q:\n%s", want, why)
		}
	}
	if len(res.Why().Unreachable) != 1 || res.Why().Unreachable[0].Condition != "threat_removed" {
		t.Errorf("unreachable = %+v", res.Why().Unreachable)
	}
}

// The miner of seed 000: goals that no action reaches.
func TestMinerNoPlanWithReason(t *testing.T) {
	t.Parallel()
	d, err := goap.NewDomain(goap.Spec{
		Name: "miner",
		Actions: []goap.Action{{Name: "Mine Ore", Cost: 1,
			Pre:     goap.Conds{"Has Pick": true, "Not Tired": true, "Inventory not Full": true},
			Effects: goap.Effects{"Adds 1 Ore to Inventory": true}}},
		Goals: []goap.Goal{
			{Name: "Has a Sword", Desired: goap.Conds{"Has a Sword": true}},
			{Name: "Not Hungry", Desired: goap.Conds{"Not Hungry": true}},
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	start, _ := d.State(map[string]any{"Has Pick": true, "Not Tired": true, "Inventory not Full": true})
	for _, g := range d.Goals() {
		for _, opts := range allDirections {
			p := goap.NewPlanner(d)
			p.Options = opts
			res := p.Plan(context.Background(), start, g)
			if res.Status != goap.NoPlan {
				t.Fatalf("%s: status %v", g.Name(), res.Status)
			}
			want := "no action sets " + g.Name()
			if len(res.Why().Unreachable) != 1 || !strings.Contains(res.Why().Unreachable[0].Reason, want) {
				t.Fatalf("%s: reason %+v, want %q", g.Name(), res.Why().Unreachable, want)
			}
			// Relaxed reachability answers within the first few dozen
			// expansions (at once, in backward search).
			if res.Expanded > 32 || opts.Direction == goap.Backward && res.Expanded != 0 {
				t.Errorf("%s: expanded %d states before proving the goal unreachable", g.Name(), res.Expanded)
			}
		}
	}
}

// One cheap action sets three goal facts: the optimum is 2, while the
// unmet-goal count heuristic misleads the search into 3.
func TestTrapCountHeuristicIsNotOptimal(t *testing.T) {
	t.Parallel()
	d, start, goal, _ := loadBench(t, "trap")
	p := goap.NewPlanner(d)
	res := p.Plan(context.Background(), start, goal)
	if res.Cost != 2 || fmt.Sprint(d.ActionNames(res.Plan)) != "[Prep Big]" {
		t.Fatalf("optimal: %v %v", res.Cost, d.ActionNames(res.Plan))
	}
	p.Options = goap.Options{Direction: goap.Forward, Heuristic: goap.GoalCountNotOptimal}
	res = p.Plan(context.Background(), start, goal)
	if res.Status != goap.Found || res.Cost != 3 {
		t.Fatalf("goal count: %v cost %v (the test documents that it is not optimal here)", res.Status, res.Cost)
	}
}

func TestAlreadySatisfied(t *testing.T) {
	t.Parallel()
	d, _, goal, _ := loadBench(t, "guard")
	start, _ := d.State(map[string]any{"threat_removed": true})
	for _, opts := range allDirections {
		p := goap.NewPlanner(d)
		p.Options = opts
		res := p.Plan(context.Background(), start, goal)
		if res.Status != goap.AlreadySatisfied || len(res.Plan) != 0 || res.Cost != 0 {
			t.Fatalf("%+v: %v %v", opts, res.Status, res.Plan)
		}
	}
}

// More than 64 facts: states span several words.
func TestManyFacts(t *testing.T) {
	t.Parallel()
	const n = 150
	spec := goap.Spec{Name: "chain"}
	for i := 1; i < n; i++ {
		spec.Actions = append(spec.Actions, goap.Action{
			Name: fmt.Sprintf("step%d", i), Cost: 1,
			Pre:     goap.Conds{fmt.Sprintf("f%d", i-1): true, "blocked": false},
			Effects: goap.Effects{fmt.Sprintf("f%d", i): true, fmt.Sprintf("f%d", i-1): false}})
	}
	spec.Goals = []goap.Goal{{Name: "top", Desired: goap.Conds{fmt.Sprintf("f%d", n-1): true, "f0": false}}}
	d, err := goap.NewDomain(spec)
	if err != nil {
		t.Fatal(err)
	}
	if d.Words() < 3 {
		t.Fatalf("%d facts in %d words", d.NumFacts(), d.Words())
	}
	start, _ := d.State(map[string]any{"f0": true})
	goal, _ := d.Goal("top")
	for _, opts := range allDirections {
		p := goap.NewPlanner(d)
		p.Options = opts
		res := p.Plan(context.Background(), start, goal)
		if res.Status != goap.Found || len(res.Plan) != n-1 || res.Cost != n-1 {
			t.Fatalf("%+v: %v, %d steps, cost %v", opts, res.Status, len(res.Plan), res.Cost)
		}
	}
	blocked, _ := d.State(map[string]any{"f0": true, "blocked": true})
	if res := goap.NewPlanner(d).Plan(context.Background(), blocked, goal); res.Status != goap.NoPlan {
		t.Fatalf("blocked: %v", res.Status)
	}
}

// shooterSpec is a small domain of integer and enum facts: fetch ammo,
// reload a two-round clip, shoot an enemy with 3 hit points.
func shooterSpec() goap.Spec {
	return goap.Spec{
		Name: "shooter",
		Facts: []goap.Fact{
			goap.Int("ammo", 0, 6, 0),
			goap.Int("clip", 0, 2, 0),
			goap.Enum("at", "cover", "open", "armory"),
			goap.Int("enemy_hp", 0, 3, 3),
		},
		Actions: []goap.Action{
			{Name: "GoArmory", Cost: 3, Pre: goap.Conds{"at": goap.Ne("armory")}, Effects: goap.Effects{"at": "armory"}},
			{Name: "TakeAmmo", Cost: 1, Pre: goap.Conds{"at": "armory", "ammo": goap.Le(3)}, Effects: goap.Effects{"ammo": goap.Add(3)}},
			{Name: "Reload", Cost: 1, Pre: goap.Conds{"ammo": goap.Ge(1), "clip": 0}, Effects: goap.Effects{"ammo": goap.Sub(1), "clip": 2}},
			{Name: "GoOpen", Cost: 1, Effects: goap.Effects{"at": "open"}},
			{Name: "Shoot", Cost: 1, Pre: goap.Conds{"clip": goap.Gt(0), "at": "open"}, Effects: goap.Effects{"clip": goap.Sub(1), "enemy_hp": goap.Sub(1)}},
		},
		Goals: []goap.Goal{{Name: "Kill", Desired: goap.Conds{"enemy_hp": 0}}},
	}
}

func TestIntegerAndEnumFacts(t *testing.T) {
	t.Parallel()
	spec := shooterSpec()
	d, err := goap.NewDomain(spec)
	if err != nil {
		t.Fatal(err)
	}
	start := d.NewState()
	goal, _ := d.Goal("Kill")
	ref := newRefDomain(spec)
	want, _ := ref.optimalCost(ref.initial(nil), goal0(spec))
	for _, opts := range []goap.Options{{}, {Heuristic: goap.Blind}} {
		p := goap.NewPlanner(d)
		p.Options = opts
		res := p.Plan(context.Background(), start, goal)
		if res.Status != goap.Found || res.Direction != goap.Forward || res.Cost != want {
			t.Fatalf("%+v: %v %v cost %v, want %v", opts, res.Status, res.Direction, res.Cost, want)
		}
		if _, err := ref.replay(ref.initial(nil), goal0(spec), d.ActionNames(res.Plan)); err != nil {
			t.Fatal(err)
		}
	}
	// Bounds: an effect that would leave them makes the action inapplicable.
	full, _ := d.State(map[string]any{"ammo": 6, "at": "armory"})
	take, _ := d.ActionID("TakeAmmo")
	if d.Applicable(full, take) {
		t.Fatal("TakeAmmo applies at ammo=6 (its precondition says <= 3)")
	}
	five, _ := d.State(map[string]any{"ammo": 3, "at": "armory"})
	if !d.Apply(five, take) || five.Get(mustFact(t, d, "ammo")) != 6 {
		t.Fatalf("TakeAmmo from 3: %v", five)
	}
	if d.Apply(five, take) {
		t.Fatal("TakeAmmo applied past the bound")
	}
	// Backward search refuses integer arithmetic and says why.
	p := goap.NewPlanner(d)
	p.Options.Direction = goap.Backward
	if res := p.Plan(context.Background(), start, goal); res.Status != goap.Failed || res.Err == nil {
		t.Fatalf("backward on numeric: %v", res.Status)
	}
}

func goal0(spec goap.Spec) goap.Conds { return spec.Goals[0].Desired }

func mustFact(t *testing.T, d *goap.Domain, name string) goap.FactID {
	t.Helper()
	id, ok := d.FactID(name)
	if !ok {
		t.Fatalf("no fact %q", name)
	}
	return id
}

// Stepping with any budget gives the same result as Plan.
func TestStepAndResume(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"synth_small", "synth_large", "synth_small_unsolvable", "guard"} {
		d, start, goal, _ := loadBench(t, name)
		for _, opts := range allDirections {
			whole := goap.NewPlanner(d)
			whole.Options = opts
			want := whole.Plan(context.Background(), start, goal)
			for _, budget := range []int{1, 3, 50} {
				p := goap.NewPlanner(d)
				p.Options = opts
				s := p.Start(start, goal)
				frames := 0
				for s.Step(budget) == goap.Running {
					frames++
					if r := s.Result(); r.Expanded != frames*budget {
						t.Fatalf("%s: after %d frames of %d: expanded %d", name, frames, budget, r.Expanded)
					}
				}
				got := s.Result()
				if got.Status != want.Status || got.Cost != want.Cost || fmt.Sprint(got.Plan) != fmt.Sprint(want.Plan) || got.Expanded != want.Expanded {
					t.Fatalf("%s %+v budget %d: %v %v %v, want %v %v %v", name, opts, budget, got.Status, got.Cost, got.Expanded, want.Status, want.Cost, want.Expanded)
				}
			}
		}
	}
}

func TestLimitReached(t *testing.T) {
	t.Parallel()
	d, start, goal, _ := loadBench(t, "synth_large")
	for _, opts := range allDirections {
		p := goap.NewPlanner(d)
		p.Options = opts
		p.Options.MaxExpansions = 5
		res := p.Plan(context.Background(), start, goal)
		if res.Status != goap.LimitReached || res.Expanded != 5 {
			t.Fatalf("%+v: %v after %d", opts, res.Status, res.Expanded)
		}
		if len(res.Partial) == 0 {
			t.Fatalf("%+v: no partial progress", opts)
		}
	}
	ctx, cancel := context.WithDeadline(context.Background(), time.Now().Add(-time.Second))
	defer cancel()
	p := goap.NewPlanner(d)
	p.Options.Heuristic = goap.Blind
	p.Options.NoPruning = true
	res := p.Plan(ctx, start, goal)
	if res.Status != goap.LimitReached || !errors.Is(res.Err, context.DeadlineExceeded) {
		t.Fatalf("expired context: %v %v", res.Status, res.Err)
	}
}

func TestProceduralHooks(t *testing.T) {
	t.Parallel()
	var costCalls, checkCalls int
	spec := goap.Spec{
		Name: "hooks",
		Actions: []goap.Action{
			{Name: "GrabMedkit", Cost: 1,
				CostFunc: func(s goap.State) float64 { costCalls++; return 10 }, // far away
				Effects:  goap.Effects{"healed": true}},
			{Name: "UseBandage", Cost: 4, Effects: goap.Effects{"healed": true},
				Check: func(s goap.State) bool { checkCalls++; v, _ := s.Value("has_bandage"); return v == true }},
			{Name: "Rest", Cost: 6, Pre: goap.Conds{"safe": true}, Effects: goap.Effects{"healed": true}},
		},
		Facts: []goap.Fact{goap.Bool("has_bandage")},
		Goals: []goap.Goal{{Name: "Heal", Desired: goap.Conds{"healed": true}}},
	}
	d, err := goap.NewDomain(spec)
	if err != nil {
		t.Fatal(err)
	}
	goal, _ := d.Goal("Heal")
	p := goap.NewPlanner(d)
	for _, tc := range []struct {
		bandage, safe bool
		want          string
	}{
		{true, true, "[UseBandage]"},
		{false, true, "[Rest]"},
		{false, false, "[GrabMedkit]"},
	} {
		for _, opts := range allDirections {
			costCalls, checkCalls = 0, 0
			p.Options = opts
			start, _ := d.State(map[string]any{"has_bandage": tc.bandage, "safe": tc.safe})
			res := p.Plan(context.Background(), start, goal)
			if got := fmt.Sprint(d.ActionNames(res.Plan)); got != tc.want {
				t.Fatalf("bandage=%v safe=%v %+v: %v, want %v", tc.bandage, tc.safe, opts, got, tc.want)
			}
			if costCalls != 1 || checkCalls != 1 {
				t.Fatalf("hooks called %d and %d times per plan call, want once each", costCalls, checkCalls)
			}
		}
	}
	bad := spec
	bad.Actions = append([]goap.Action(nil), spec.Actions...)
	bad.Actions[0].CostFunc = func(goap.State) float64 { return math.NaN() }
	d2, _ := goap.NewDomain(bad)
	g2, _ := d2.Goal("Heal")
	res := goap.NewPlanner(d2).Plan(context.Background(), d2.NewState(), g2)
	if res.Status != goap.Failed || !strings.Contains(res.Err.Error(), "GrabMedkit") {
		t.Fatalf("NaN cost: %v %v", res.Status, res.Err)
	}
}

func TestCompileErrors(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		spec goap.Spec
		want []string
	}{
		{"negative cost", goap.Spec{Actions: []goap.Action{{Name: "A", Cost: -1, Effects: goap.Effects{"x": true}}}},
			[]string{`action "A": cost must be a number from 0 to 1e+15, got -1`}},
		{"NaN cost", goap.Spec{Actions: []goap.Action{{Name: "A", Cost: math.NaN(), Effects: goap.Effects{"x": true}}}},
			[]string{`action "A": cost must be a number from 0 to 1e+15, got NaN`}},
		{"Inf cost", goap.Spec{Actions: []goap.Action{{Name: "A", Cost: math.Inf(1), Effects: goap.Effects{"x": true}}}},
			[]string{`action "A": cost must be a number from 0 to 1e+15, got +Inf`}},
		{"duplicate action", goap.Spec{Actions: []goap.Action{{Name: "A"}, {Name: "A"}}},
			[]string{`action "A": duplicate action name`}},
		{"duplicate fact", goap.Spec{Facts: []goap.Fact{goap.Bool("x"), goap.Int("x", 0, 1, 0)}},
			[]string{`fact "x": declared twice`}},
		{"type mismatch", goap.Spec{Facts: []goap.Fact{goap.Int("ammo", 0, 5, 0)},
			Actions: []goap.Action{{Name: "A", Pre: goap.Conds{"ammo": true}}}},
			[]string{`action "A": fact "ammo": condition wants an integer for an int fact, got true (bool)`}},
		{"out of bounds", goap.Spec{Facts: []goap.Fact{goap.Int("ammo", 0, 5, 0)},
			Actions: []goap.Action{{Name: "A", Effects: goap.Effects{"ammo": 9}}}},
			[]string{`action "A": fact "ammo": effect value 9 is outside 0..5`}},
		{"never holds", goap.Spec{Facts: []goap.Fact{goap.Int("ammo", 0, 5, 0)},
			Actions: []goap.Action{{Name: "A", Pre: goap.Conds{"ammo": goap.Gt(5)}}}},
			[]string{`action "A": fact "ammo": condition > 5 can never hold (bounds 0..5)`}},
		{"comparison on bool", goap.Spec{Actions: []goap.Action{{Name: "A", Pre: goap.Conds{"armed": goap.Ge(1)}}}},
			[]string{`action "A": fact "armed": >= needs an int fact, this one is bool`}},
		{"add on bool", goap.Spec{Actions: []goap.Action{{Name: "A", Effects: goap.Effects{"armed": goap.Add(1)}}}},
			[]string{`action "A": fact "armed": add/subtract needs an int fact, this one is bool`}},
		{"unknown enum value", goap.Spec{Facts: []goap.Fact{goap.Enum("at", "home", "shop")},
			Goals: []goap.Goal{{Name: "G", Desired: goap.Conds{"at": "shp"}}}},
			[]string{`goal "G": fact "at": condition "shp" is not one of home, shop (did you mean "shop"?)`}},
		{"bad int declaration", goap.Spec{Facts: []goap.Fact{goap.Int("hp", 5, 1, 0), goap.Int("ammo", 0, 3, 7)}},
			[]string{`fact "hp": min 5 is greater than max 1`, `fact "ammo": default 7 is outside 0..3`}},
		{"several at once", goap.Spec{Actions: []goap.Action{{Name: "A", Cost: -2}, {Name: "", Cost: 1}}},
			[]string{`action "A": cost must be`, `action #2 has no name`}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := goap.NewDomain(tc.spec)
			if err == nil {
				t.Fatal("no error")
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q\nlacks %q", err, w)
				}
			}
			var se *goap.SpecError
			if !errors.As(err, &se) {
				t.Errorf("not a *SpecError: %T", err)
			}
		})
	}
}

func TestTargetErrors(t *testing.T) {
	t.Parallel()
	d, _, _, _ := loadBench(t, "guard")
	if _, err := d.Target("t", goap.Conds{"armd": true}); err == nil || !strings.Contains(err.Error(), `unknown fact (did you mean "armed"?)`) {
		t.Fatalf("got %v", err)
	}
	if _, err := d.State(map[string]any{"loadd": true}); err == nil || !strings.Contains(err.Error(), `did you mean "loaded"`) {
		t.Fatalf("got %v", err)
	}
}

// A compiled domain is shared by many goroutines, each with its planner.
func TestConcurrentPlanners(t *testing.T) {
	t.Parallel()
	d, start, goal, _ := loadBench(t, "synth_small")
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			p := goap.NewPlanner(d)
			p.Options = allDirections[g%len(allDirections)]
			for i := 0; i < 20; i++ {
				if res := p.Plan(context.Background(), start, goal); res.Cost != 18 {
					errs <- fmt.Errorf("goroutine %d: cost %v", g, res.Cost)
					return
				}
			}
		}(g)
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
}

// A warm planner allocates nothing on boolean domains.
func TestWarmPlannerAllocatesNothing(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation counts do not hold under the race detector")
	}
	// The unsolvable ones too: an agent that retries an impossible goal
	// every frame must not allocate (Result.Why is built when asked).
	for _, name := range []string{"guard", "synth_small", "trap", "restore", "guard_unsolvable", "synth_small_unsolvable", "synth_large_unsolvable"} {
		d, start, goal, _ := loadBench(t, name)
		for _, opts := range allDirections[:4] {
			p := goap.NewPlanner(d)
			p.Options = opts
			ctx := context.Background()
			p.Plan(ctx, start, goal)
			allocs := testing.AllocsPerRun(50, func() { p.Plan(ctx, start, goal) })
			if allocs != 0 {
				t.Errorf("%s %v/%v: %v allocations per plan", name, opts.Direction, opts.Heuristic, allocs)
			}
		}
	}
}

// Multi-word states too, also when a cost function makes every call
// prepare its actions (and the successor index) again.
func TestWarmPlannerAllocatesNothingMultiWord(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation counts do not hold under the race detector")
	}
	ladder, ladderStart, _ := ladderSpec(3, 5, 72, 151, false)
	chain := goap.Spec{Name: "chain"}
	for i := 1; i < 100; i++ {
		chain.Actions = append(chain.Actions, goap.Action{Name: fmt.Sprintf("step%d", i), Cost: 1,
			Pre:     goap.Conds{fmt.Sprintf("f%d", i-1): true},
			Effects: goap.Effects{fmt.Sprintf("f%d", i): true, fmt.Sprintf("f%d", i-1): false}})
	}
	chain.Goals = []goap.Goal{{Name: "goal", Desired: goap.Conds{"f99": true}}}
	cases := []struct {
		spec  goap.Spec
		start map[string]any
		opts  []goap.Options
	}{
		{ladder, ladderStart, allDirections[:3]},
		{chain, map[string]any{"f0": true}, []goap.Options{{Direction: goap.Forward, Heuristic: goap.Blind, NoPruning: true}}},
	}
	for _, c := range cases {
		for _, hook := range []bool{false, true} {
			spec := c.spec
			if hook {
				spec.Actions = slices.Clone(spec.Actions)
				spec.Actions[0].CostFunc = func(goap.State) float64 { return 1.5 }
			}
			d, err := goap.NewDomain(spec)
			if err != nil {
				t.Fatal(err)
			}
			if d.Words() < 2 {
				t.Fatalf("%s: %d facts in %d words", spec.Name, d.NumFacts(), d.Words())
			}
			start, _ := d.State(c.start)
			goal, _ := d.Goal("goal")
			for _, opts := range c.opts {
				p := goap.NewPlanner(d)
				p.Options = opts
				ctx := context.Background()
				if res := p.Plan(ctx, start, goal); res.Status != goap.Found {
					t.Fatalf("%s %+v: %v", spec.Name, opts, res.Status)
				}
				allocs := testing.AllocsPerRun(20, func() { p.Plan(ctx, start, goal) })
				if allocs != 0 {
					t.Errorf("%s, hook %v, %+v: %v allocations per plan", spec.Name, hook, opts, allocs)
				}
			}
		}
	}
}

func TestLadderAgainstReference(t *testing.T) {
	t.Parallel()
	spec, startVals, goal := ladderSpec(3, 4, 3, 5, false)
	d, err := goap.NewDomain(spec)
	if err != nil {
		t.Fatal(err)
	}
	ref := newRefDomain(spec)
	want, _ := ref.optimalCost(ref.initial(startVals), goal)
	g, _ := d.Goal("goal")
	start, _ := d.State(startVals)
	for _, opts := range append(allDirections, goap.Options{Direction: goap.Forward, NoPruning: true}) {
		p := goap.NewPlanner(d)
		p.Options = opts
		res := p.Plan(context.Background(), start, g)
		if res.Status != goap.Found || math.Abs(res.Cost-want) > 1e-9 {
			t.Fatalf("%+v: %v %v, want %v", opts, res.Status, res.Cost, want)
		}
	}
}

// Exclude removes actions per planner: the guard without FindAmmo.
func TestExclude(t *testing.T) {
	t.Parallel()
	d, start, goal, _ := loadBench(t, "guard")
	find, _ := d.ActionID("FindAmmo")
	for _, opts := range allDirections {
		p := goap.NewPlanner(d)
		p.Options = opts
		p.Options.Exclude = []goap.ActionID{find}
		res := p.Plan(context.Background(), start, goal)
		if res.Status != goap.NoPlan || !strings.Contains(res.Why().String(), "Attack needs loaded") {
			t.Fatalf("%+v: %v %v", opts, res.Status, res.Why())
		}
		p.Options.Exclude = nil
		if res := p.Plan(context.Background(), start, goal); res.Cost != 9 {
			t.Fatalf("%+v: after clearing Exclude: %v %v", opts, res.Status, res.Cost)
		}
	}
}

// The search tree is visible for debuggers: the plan is a path in it.
func TestSearchTree(t *testing.T) {
	t.Parallel()
	d, start, goal, _ := loadBench(t, "guard")
	for _, opts := range allDirections {
		p := goap.NewPlanner(d)
		p.Options = opts
		s := p.Start(start, goal)
		for s.Step(1) == goap.Running {
		}
		res := s.Result()
		tree := s.Tree()
		if len(tree) == 0 || tree[0].Parent != -1 || tree[0].Action != -1 {
			t.Fatalf("%+v: bad root %+v", opts, tree)
		}
		expanded := 0
		for _, n := range tree {
			if n.Expanded {
				expanded++
			}
			if n.Parent >= n.ID {
				t.Fatalf("%+v: node %d has parent %d", opts, n.ID, n.Parent)
			}
		}
		if expanded != res.Expanded {
			t.Fatalf("%+v: %d expanded nodes in the tree, result says %d", opts, expanded, res.Expanded)
		}
		// Walk from the node whose path is the plan back to the root.
		var leaf *goap.TreeNode
		for i := range tree {
			n := &tree[i]
			if s.Direction() == goap.Forward && !n.State.IsZero() && n.State.Satisfies(goal) && n.G == res.Cost {
				leaf = n
				break
			}
			if s.Direction() == goap.Backward && n.G == res.Cost && n.Subgoal != "" && len(res.Plan) > 0 && n.Action == res.Plan[0] {
				leaf = n
				break
			}
		}
		if leaf == nil {
			t.Fatalf("%+v: no node ends the plan", opts)
		}
		steps := 0
		for n := leaf; n.Parent >= 0; n = &tree[n.Parent] {
			steps++
		}
		if steps != len(res.Plan) {
			t.Fatalf("%+v: path of %d steps, plan of %d", opts, steps, len(res.Plan))
		}
	}
}

// TreeInto gives the nodes Tree gives, in the memory it is given back:
// from a bigger tree to a smaller one and back, across domains and
// directions, and without allocating once warm (forward search).
func TestSearchTreeInto(t *testing.T) {
	var buf []goap.TreeNode
	for _, name := range []string{"guard", "synth_small", "guard", "trap", "synth_large", "synth_small"} {
		d, start, goal, _ := loadBench(t, name)
		for _, opts := range allDirections {
			p := goap.NewPlanner(d)
			p.Options = opts
			s := p.Start(start, goal)
			for s.Step(1) == goap.Running {
			}
			want := s.Tree()
			buf = s.TreeInto(buf)
			if !reflect.DeepEqual(buf, want) {
				t.Fatalf("%s %+v: TreeInto differs from Tree (%d nodes, %d)", name, opts, len(buf), len(want))
			}
			if s.Direction() != goap.Forward || raceEnabled {
				continue
			}
			if n := testing.AllocsPerRun(10, func() { buf = s.TreeInto(buf) }); n != 0 {
				t.Errorf("%s %+v: TreeInto allocates %v times warm", name, opts, n)
			}
			if !reflect.DeepEqual(buf, want) {
				t.Fatalf("%s %+v: TreeInto differs from Tree when warm", name, opts)
			}
		}
	}
}

// The state table is emptied between calls by an 8-bit generation
// counter; planning well past its wrap-around must stay correct.
// (TestWrapAfterLargeSearch checks the clearing after a large search.)
func TestManyCallsOnOnePlanner(t *testing.T) {
	t.Parallel()
	d, start, goal, _ := loadBench(t, "guard")
	other, _ := d.State(map[string]any{"weapon_holstered": true, "enemy_visible": true, "has_ammo": true})
	p := goap.NewPlanner(d)
	ctx := context.Background()
	for i := 0; i < 70000; i++ {
		s, want := start, 9.0
		if i%3 == 0 {
			s, want = other, 6
		}
		if res := p.Plan(ctx, s, goal); res.Status != goap.Found || res.Cost != want {
			t.Fatalf("call %d: %v cost %v, want %v", i, res.Status, res.Cost, want)
		}
	}
}

// TestWrapAfterLargeSearch alternates large searches (a table of tens of
// thousands of slots) with hundreds of small ones on the same planner, and
// checks every result against a fresh planner's, and the large searches'
// tables slot by slot (CheckSlots): a table that keeps its memory from
// search to search clears only the slots it uses, and must leave no
// stale ones, whether it shrinks for a small search or grows back into
// memory a large one wrote.
func TestWrapAfterLargeSearch(t *testing.T) {
	t.Parallel()
	d, start, goal, _ := loadBench(t, "synth_large")
	ctx := context.Background()
	large := goap.Options{Direction: goap.Forward, Heuristic: goap.Blind, NoPruning: true}
	ref := goap.NewPlanner(d)
	ref.Options = large
	want := ref.Plan(ctx, start, goal)
	if want.Status != goap.Found || want.Expanded < 5000 {
		t.Fatalf("large search: %v after %d expansions", want.Status, want.Expanded)
	}
	// Small searches start two actions before the goal.
	near := start.Clone()
	for _, a := range want.Plan[:len(want.Plan)-2] {
		if !d.Apply(near, a) {
			t.Fatal("the plan does not apply")
		}
	}
	ref.Options = goap.Options{}
	wantNear := ref.Plan(ctx, near, goal)
	p := goap.NewPlanner(d)
	// Runs of 240 to 271 small searches between the large ones.
	for round := 0; round < 32; round++ {
		p.Options = large
		if res := p.Plan(ctx, start, goal); res.Status != goap.Found || res.Cost != want.Cost || res.Expanded != want.Expanded {
			t.Fatalf("round %d, large: %v cost %v after %d expansions, want cost %v after %d", round, res.Status, res.Cost, res.Expanded, want.Cost, want.Expanded)
		}
		// The large search grew its table back into the memory the
		// previous one wrote: every slot must be one of its own nodes.
		if _, err := goap.CheckSlots(p); err != nil {
			t.Fatalf("round %d, large: %v", round, err)
		}
		p.Options = goap.Options{}
		for i := 0; i < 240+round; i++ {
			if res := p.Plan(ctx, near, goal); res.Status != goap.Found || res.Cost != wantNear.Cost || res.Expanded != wantNear.Expanded {
				t.Fatalf("round %d, small search %d: %v cost %v after %d expansions, want cost %v after %d", round, i, res.Status, res.Cost, res.Expanded, wantNear.Cost, wantNear.Expanded)
			}
		}
	}
}

// TestTieRuleDecides checks the open list's tie rule through Plan, on
// domains where it decides what the search does: between open nodes of
// equal f, the one of smaller h goes first, then the older one. Blind
// search runs on both open lists (integer costs: the bucket queue;
// fractional: the binary heap); TestOpenListTieRule checks the rule
// itself on random interleavings.
func TestTieRuleDecides(t *testing.T) {
	t.Parallel()
	// Two one-step plans of equal cost reach different states (no
	// pruning keeps x and y apart): the older node, made by the earlier
	// action, is popped first and is the plan.
	twins := func(cost float64) goap.Spec {
		return goap.Spec{Name: "twins", Actions: []goap.Action{
			{Name: "A", Cost: cost, Effects: goap.Effects{"g": true, "x": true}},
			{Name: "B", Cost: cost, Effects: goap.Effects{"g": true, "y": true}},
		}, Goals: []goap.Goal{{Name: "goal", Desired: goap.Conds{"g": true}}}}
	}
	// From the start, A reaches {a} at g=1 (h_max 1) and B the goal at
	// g=2 (h 0): f = 2 for both. The smaller h goes first, so the goal is
	// popped before A's node is expanded.
	deeper := goap.Spec{Name: "deeper", Actions: []goap.Action{
		{Name: "A", Cost: 1, Effects: goap.Effects{"a": true}},
		{Name: "B", Cost: 2, Effects: goap.Effects{"g": true}},
		{Name: "C", Cost: 1, Pre: goap.Conds{"a": true}, Effects: goap.Effects{"g": true}},
	}, Goals: []goap.Goal{{Name: "goal", Desired: goap.Conds{"g": true}}}}
	blind := goap.Options{Direction: goap.Forward, Heuristic: goap.Blind, NoPruning: true}
	for _, c := range []struct {
		name     string
		spec     goap.Spec
		opts     goap.Options
		plan     []string
		expanded int
	}{
		{"older first, bucket queue", twins(1), blind, []string{"A"}, 1},
		{"older first, binary heap", twins(1.5), blind, []string{"A"}, 1},
		{"smaller h first", deeper, goap.Options{Direction: goap.Forward, Heuristic: goap.HMax}, []string{"B"}, 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			d, start, goal := compileSpec(t, c.spec, nil)
			p := goap.NewPlanner(d)
			p.Options = c.opts
			res := p.Plan(context.Background(), start, goal)
			if res.Status != goap.Found || !slices.Equal(d.ActionNames(res.Plan), c.plan) || res.Expanded != c.expanded {
				t.Fatalf("got %v %v after %d expansions, want %v after %d", res.Status, d.ActionNames(res.Plan), res.Expanded, c.plan, c.expanded)
			}
		})
	}
}

// TestNewPlannerNilDomain: a nil Domain panics at once with a message
// that names the mistake, not at the first call with a nil dereference.
func TestNewPlannerNilDomain(t *testing.T) {
	t.Parallel()
	defer func() {
		msg, _ := recover().(string)
		if !strings.Contains(msg, "NewPlanner(nil)") {
			t.Errorf("recovered %q, want the NewPlanner(nil) panic", msg)
		}
	}()
	goap.NewPlanner(nil)
}

// AppendChanged lists the facts whose values differ between two states,
// in FactID order, as comparing every fact's value does: booleans, ints
// with negative bounds and enums over several words, and nothing
// allocated when the slice has room.
func TestAppendChanged(t *testing.T) {
	var spec goap.Spec
	for i := range 90 {
		switch i % 3 {
		case 0:
			spec.Facts = append(spec.Facts, goap.Bool(fmt.Sprintf("b%d", i)))
		case 1:
			spec.Facts = append(spec.Facts, goap.Int(fmt.Sprintf("n%d", i), -5, 40, 0))
		default:
			spec.Facts = append(spec.Facts, goap.Enum(fmt.Sprintf("e%d", i), "a", "b", "c", "d", "e"))
		}
	}
	spec.Actions = []goap.Action{{Name: "a", Cost: 1, Effects: goap.Effects{"b0": true}}}
	d, err := goap.NewDomain(spec)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	set := func(s goap.State, id goap.FactID) {
		f := d.Fact(id)
		v := rng.IntN(2)
		switch f.Kind {
		case goap.IntFact:
			v = f.Min + rng.IntN(f.Max-f.Min+1)
		case goap.EnumFact:
			v = rng.IntN(len(f.Values))
		}
		if err := s.Set(id, v); err != nil {
			t.Fatal(err)
		}
	}
	var got []goap.FactID
	for trial := range 300 {
		s := d.NewState()
		for id := range d.NumFacts() {
			set(s, goap.FactID(id))
		}
		o := s.Clone()
		for range trial % 7 {
			set(o, goap.FactID(rng.IntN(d.NumFacts())))
		}
		var want []goap.FactID
		for id := range d.NumFacts() {
			if s.Get(goap.FactID(id)) != o.Get(goap.FactID(id)) {
				want = append(want, goap.FactID(id))
			}
		}
		got = s.AppendChanged(got[:0], o)
		if !slices.Equal(got, want) {
			t.Fatalf("trial %d: changed %v, want %v", trial, got, want)
		}
	}
	s, o := d.NewState(), d.NewState()
	o.SetBool(0, true)
	if n := testing.AllocsPerRun(100, func() { got = s.AppendChanged(got[:0], o) }); n != 0 && !raceEnabled {
		t.Errorf("AppendChanged allocates %v times with room", n)
	}
}
