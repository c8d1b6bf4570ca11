package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/goap-go/goap"

	"github.com/goap-go/goap/agent"
	"github.com/goap-go/goap/debugger"
)

// simGoldenCases are the goap sim command lines (and goap test on
// simulations) whose whole output is kept in testdata/NAME.golden. Run
// "go test ./cmd/goap -update" to rewrite them.
var simGoldenCases = []goldenCase{
	{"sim", []string{"sim", "testdata/pirate_sim.yaml"}, 0},
	{"sim_json", []string{"sim", "testdata/pirate_sim.yaml", "--json"}, 0},
	{"sim_set", []string{"sim", "testdata/pirate_sim.yaml", "--set", "lawful=true"}, 0},
	{"sim_ticks", []string{"sim", "--ticks", "30", "testdata/guard_sim.yaml"}, 0},
	{"sim_duel_seed", []string{"sim", "--seed", "1", "../../examples/duel_sim.yaml"}, 0},
	{"sim_runs", []string{"sim", "--runs", "10", "../../examples/duel_sim.yaml"}, 0},
	{"sim_runs_json", []string{"sim", "--runs", "5", "--seed", "7", "--json", "../../examples/duel_sim.yaml"}, 0},
	{"sim_runs_record", []string{"sim", "--runs", "5", "--record", "x.rec", "../../examples/duel_sim.yaml"}, 2},
	{"sim_room_hit", []string{"sim", "testdata/room_hit.yaml"}, 0},
	{"sim_broken", []string{"sim", "testdata/sim_broken.yaml"}, 2},
	{"sim_no_agents", []string{"sim", "testdata/guard.yaml"}, 2},
	{"test_sim", []string{"test", "testdata/pirate_sim.yaml", "testdata/guard_sim.yaml"}, 0},
	{"test_sim_failing", []string{"test", "testdata/sim_failing.yaml"}, 1},
	{"help_sim", []string{"help", "sim"}, 0},
}

func TestSimGolden(t *testing.T) {
	for _, c := range simGoldenCases {
		t.Run(c.name, func(t *testing.T) { checkGolden(t, c) })
	}
}

// TestSimJSONLines checks the contract of goap sim --json: one JSON
// object per line, with tick, agent and type always, goal, action and
// plan when they apply, and nothing else but reason.
func TestSimJSONLines(t *testing.T) {
	for _, file := range []string{"testdata/pirate_sim.yaml", "testdata/guard_sim.yaml", "../../examples/zombie_sim.yaml"} {
		stdout, stderr, code := runGoap(t, "sim", file, "--json")
		if code != 0 || stderr != "" {
			t.Fatalf("%s: exit %d: %s", file, code, stderr)
		}
		lines := strings.Split(strings.TrimSuffix(stdout, "\n"), "\n")
		if len(lines) < 5 {
			t.Fatalf("%s: %d lines", file, len(lines))
		}
		allowed := map[string]bool{"tick": true, "agent": true, "type": true, "goal": true, "action": true, "plan": true, "reason": true}
		lastTick := 0
		for i, line := range lines {
			var obj map[string]any
			if err := json.Unmarshal([]byte(line), &obj); err != nil {
				t.Fatalf("%s line %d is not a JSON object: %v\n%s", file, i+1, err, line)
			}
			for k := range obj {
				if !allowed[k] {
					t.Errorf("%s line %d: unexpected key %q", file, i+1, k)
				}
			}
			tick, ok1 := obj["tick"].(float64)
			who, ok2 := obj["agent"].(string)
			typ, ok3 := obj["type"].(string)
			if !ok1 || !ok2 || !ok3 || who == "" {
				t.Fatalf("%s line %d lacks tick, agent or type: %s", file, i+1, line)
			}
			if int(tick) < lastTick || tick < 1 {
				t.Errorf("%s line %d: tick %v after %d", file, i+1, tick, lastTick)
			}
			lastTick = int(tick)
			et, known := agent.ParseEventType(typ)
			if !known {
				t.Errorf("%s line %d: unknown type %q", file, i+1, typ)
			}
			_, hasGoal := obj["goal"]
			_, hasAction := obj["action"]
			_, hasPlan := obj["plan"]
			switch et {
			case agent.EventPlanMade:
				plan, ok := obj["plan"].([]any)
				if !hasGoal || !ok || len(plan) == 0 {
					t.Errorf("%s line %d: plan_made without goal or plan: %s", file, i+1, line)
				}
			case agent.EventGoalChosen, agent.EventNoPlan, agent.EventGoalReached:
				if !hasGoal || hasAction || hasPlan {
					t.Errorf("%s line %d: %s", file, i+1, line)
				}
			case agent.EventActionStarted, agent.EventArrived, agent.EventActionFinished, agent.EventActionFailed:
				if !hasAction || hasPlan {
					t.Errorf("%s line %d: %s", file, i+1, line)
				}
			case agent.EventWorldChanged:
				if who != "world" || obj["reason"] == nil {
					t.Errorf("%s line %d: %s", file, i+1, line)
				}
			}
			if hasPlan && et != agent.EventPlanMade {
				t.Errorf("%s line %d: a plan outside plan_made: %s", file, i+1, line)
			}
		}
	}
	// The exact rendering of a line.
	stdout, _, _ := runGoap(t, "sim", "testdata/pirate_sim.yaml", "--json")
	first := strings.SplitN(stdout, "\n", 3)
	want := []string{
		`{"tick":1,"agent":"pirate","type":"goal_chosen","goal":"GetDrunk","reason":"score 1"}`,
		`{"tick":1,"agent":"pirate","type":"plan_made","goal":"GetDrunk","plan":["StealRum","DrinkRum"],"reason":"cost 2"}`,
	}
	if !reflect.DeepEqual(first[:2], want) {
		t.Errorf("first lines\n%s\nwant\n%s", strings.Join(first[:2], "\n"), strings.Join(want, "\n"))
	}
}

// TestSimErrors runs the error paths of goap sim.
func TestSimErrors(t *testing.T) {
	cases := []struct {
		name string
		args []string
		code int
		want []string
	}{
		{"no file", []string{"sim"}, 2, []string{"goap sim: want one FILE, got 0 arguments", "Run 'goap help sim' for usage."}},
		{"two files", []string{"sim", "testdata/pirate_sim.yaml", "testdata/guard_sim.yaml"}, 2, []string{"want one FILE, got 2 arguments"}},
		{"missing file", []string{"sim", "testdata/nope.yaml"}, 2, []string{"goap sim: open testdata/nope.yaml: no such file or directory"}},
		{"zero ticks", []string{"sim", "testdata/pirate_sim.yaml", "--ticks", "0"}, 2, []string{"goap sim: --ticks must be >= 1, got 0"}},
		{"bad ticks", []string{"sim", "testdata/pirate_sim.yaml", "--ticks", "many"}, 2, []string{`--ticks: got "many"; write a whole number such as 10`}},
		{"unknown flag", []string{"sim", "testdata/pirate_sim.yaml", "--tick", "3"}, 2, []string{"unknown flag --tick (did you mean --ticks?)"}},
		{"bad --set", []string{"sim", "testdata/pirate_sim.yaml", "--set", "lawfull=true"}, 2, []string{`unknown fact "lawfull" (did you mean "lawful"?)`}},
		{"no agents", []string{"sim", "testdata/guard.yaml"}, 2, []string{"goap sim: testdata/guard.yaml has no agents: add an agents: list to simulate"}},
		{"bad sim keys", []string{"sim", "testdata/sim_broken.yaml"}, 2, []string{
			`testdata/sim_broken.yaml:12:5: unknown key "sense" in agent (did you mean "senses"?)`,
			`testdata/sim_broken.yaml:6:13: travel must be at least 0, got -2`,
			`testdata/sim_broken.yaml:14:12: tick must be at least 1 (the first tick), got 0`,
			`testdata/sim_broken.yaml:18:5: plan does not apply to a sim test`,
			`unknown agent "wroker" (did you mean "worker"?)`,
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			stdout, _ := runExpect(t, c.args, c.code, c.want)
			if stdout != "" {
				t.Errorf("stdout: %s", stdout)
			}
		})
	}
}

// TestSimRecord: goap sim --record writes a recording that the debugger
// loads, with the run's decisions in it; a path that cannot be written is
// bad input.
func TestSimRecord(t *testing.T) {
	path := filepath.Join(t.TempDir(), "pirate.rec")
	stdout, stderr, code := runGoap(t, "sim", "testdata/pirate_sim.yaml", "--record", path)
	if code != 0 || stderr != "" {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	rc, err := debugger.ReadRecording(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	st, ok := rc.At("pirate", 8)
	if !ok || st.Goal != "GetDrunk" {
		t.Fatalf("at tick 8: %+v %v", st, ok)
	}
	// Every event the timeline printed is in the recording.
	printed := strings.Count(stdout, "\n  ") + strings.Count(stdout, "\n ")
	recorded := 0
	for _, s := range rc.Snapshots(0) {
		recorded += len(s.Events)
	}
	if recorded == 0 || recorded > printed {
		t.Errorf("%d events recorded, timeline of %d lines", recorded, printed)
	}
	if _, stderr, code := runGoap(t, "sim", "testdata/pirate_sim.yaml", "--record", filepath.Join(t.TempDir(), "no", "such", "dir", "x.rec")); code != 2 || !strings.Contains(stderr, "--record") {
		t.Errorf("unwritable path: exit %d: %s", code, stderr)
	}
}

// TestSimControlSetWorld: goap sim --debug's page sets a world fact as a
// designer file writes its value; the change waits for the sim loop
// (take), and bad values, unknown facts and agent facts are refused.
func TestSimControlSetWorld(t *testing.T) {
	d, err := goap.NewDomain(goap.Spec{Name: "w",
		Facts:   []goap.Fact{goap.Int("ammo", 0, 9, 0), goap.Enum("at", "home", "shop")},
		Actions: []goap.Action{{Name: "A", Cost: 1, Effects: goap.Effects{"ammo": 9, "lit": true, "mine": true}}},
	})
	if err != nil {
		t.Fatal(err)
	}
	c := newSimControl()
	c.check = worldValue(d, []string{"mine"})
	for _, bad := range []struct{ fact, value, want string }{
		{"lit", "maybe", `fact "lit" is true or false, not "maybe"`},
		{"ammo", "ten", `fact "ammo" is a number, not "ten"`},
		{"ammo", "10", `value 10 is outside 0..9`},
		{"at", "moon", `"moon" is not one of home, shop`},
		{"nope", "1", `unknown fact "nope"`},
		{"mine", "true", `"mine" is an agent fact`},
	} {
		if err := c.SetWorld(bad.fact, bad.value); err == nil || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("%s=%s: %v, want %q", bad.fact, bad.value, err, bad.want)
		}
	}
	for _, ok := range [][2]string{{"lit", "true"}, {"ammo", "3"}, {"at", "shop"}} {
		if err := c.SetWorld(ok[0], ok[1]); err != nil {
			t.Errorf("%s=%s: %v", ok[0], ok[1], err)
		}
	}
	got := c.take()
	if len(got) != 3 || got[0].Set["lit"] != true || got[1].Set["ammo"] != 3 || got[2].Set["at"] != "shop" || len(c.take()) != 0 {
		t.Errorf("taken %+v", got)
	}
}
