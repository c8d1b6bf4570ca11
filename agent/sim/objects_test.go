package sim_test

import (
	"strings"
	"testing"

	"github.com/goap-go/goap/agent/sim"
	"github.com/goap-go/goap/agent/simspec"
	"github.com/goap-go/goap/goapfile"
	"github.com/goap-go/goap/goapfile/filetest"
)

// crowdedCrates is two soldiers and two crates, the near one near both;
// DECL declares in_use or not, EVENTS are the scripted events.
const crowdedCrates = `
map:
  legend: {"a": {point: a_start}, "b": {point: b_start}, "c": {type: crate}}
  rows: |
    ###########
    #ab..c...c#
    ###########
facts:
  ammo: {type: bool, scope: agent}
  down(a): {type: bool}
DECL
actions:
  - name: TakeAmmo
    params: {c: crate}
    at: ?c
    uses: ?c
    duration: 4
    preconditions: PRE
    effects: {ammo: true, "empty(?c)": true}
    cost: "distance(a_start,?c)"
goals:
  - {name: Arm, priority: 1, desired: {ammo: true}}
agents:
  - {name: a, at: a_start, dies_when: {down(a): true}}
  - {name: b, at: b_start, backoff: 1}
`

func crateWorld(t *testing.T, decl, pre string) *sim.World {
	t.Helper()
	src := strings.NewReplacer("DECL", decl, "PRE", pre).Replace(crowdedCrates)
	f, err := goapfile.Parse("crates.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	w, err := sim.New(filetest.SimConfig(f))
	if err != nil {
		t.Fatal(err)
	}
	return w
}

// TestSmartObjectInUse: an object one agent uses is refused to another
// at its start, and given back when the user is done, dies, or drops
// the action.
func TestSmartObjectInUse(t *testing.T) {
	t.Run("refused while in use, taken once free", func(t *testing.T) {
		w := crateWorld(t, "", `{"empty(?c)": false}`)
		w.Run(40)
		log := events(w)
		for _, want := range []string{
			"tick 1 a action_started Arm TakeAmmo(crate1)",
			"tick 1 b action_failed Arm TakeAmmo(crate1): crate1 is in use by a",
			"b action_started Arm TakeAmmo(crate2)",
			"b goal_reached Arm",
		} {
			if !strings.Contains(log, want) {
				t.Errorf("want %q in\n%s", want, log)
			}
		}
	})
	t.Run("given back when its user dies", func(t *testing.T) {
		w := crateWorld(t, "", `{"empty(?c)": false}`)
		w.Run(2)
		if err := w.Schedule(simspecChange(3, "down(a)")); err != nil {
			t.Fatal(err)
		}
		w.Run(40)
		log := events(w)
		if !strings.Contains(log, "tick 3 a died") {
			t.Fatalf("a did not die:\n%s", log)
		}
		// b tried crate1 at tick 1 (refused), then chose crate1 again
		// once a was dead, or crate2: either way it is armed, and the
		// refusals stop with a's death.
		if strings.Contains(log[strings.Index(log, "tick 3 a died"):], "is in use by a") {
			t.Errorf("crate1 still in use by dead a:\n%s", log)
		}
		if !strings.Contains(log, "b goal_reached Arm") {
			t.Errorf("b never armed:\n%s", log)
		}
	})
	t.Run("in_use tells the others only", func(t *testing.T) {
		w := crateWorld(t, "  in_use: {type: bool, args: [crate], scope: agent}", `{"empty(?c)": false, "in_use(?c)": false}`)
		w.Run(2)
		for _, c := range []struct {
			agent, fact string
			want        bool
		}{
			{"a", "in_use(crate1)", false}, {"b", "in_use(crate1)", true},
			{"a", "in_use(crate2)", true}, {"b", "in_use(crate2)", false},
		} {
			own, _ := w.Own(c.agent)
			if v, _ := own.Value(c.fact); v != c.want {
				t.Errorf("tick 2: %s's %s is %v, want %v", c.agent, c.fact, v, c.want)
			}
		}
		w.Run(40)
		if log := events(w); strings.Contains(log, "in use by") {
			t.Errorf("a plan went to an object in use:\n%s", log)
		}
		for _, name := range []string{"a", "b"} {
			own, _ := w.Own(name)
			if v, _ := own.Value("in_use(crate1)"); v != false {
				t.Errorf("%s still sees crate1 in use at the end", name)
			}
		}
	})
}

// TestUsesErrors: Config.Uses names actions the domain has, and
// in_use(OBJECT) must be an agent fact.
func TestUsesErrors(t *testing.T) {
	src := strings.NewReplacer("DECL", "  in_use(crate1): {type: bool}", "PRE", `{"empty(?c)": false}`).Replace(crowdedCrates)
	f, err := goapfile.Parse("crates.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	cfg := filetest.SimConfig(f)
	cfg.Uses["Nope"] = "crate1"
	_, err = sim.New(cfg)
	for _, want := range []string{`Uses: unknown action "Nope"`, "in_use(crate1) must be an agent fact"} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("error %v, want %q", err, want)
		}
	}
}

// simspecChange sets boolean fact to true at tick.
func simspecChange(tick int, fact string) simspec.WorldChange {
	return simspec.WorldChange{Tick: tick, Set: map[string]any{fact: true}}
}
