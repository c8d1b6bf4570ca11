package game

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/goap-go/goap/agent"
	"github.com/goap-go/goap/agent/squad"
	"github.com/goap-go/goap/examples/shooter/scenes"
	"github.com/goap-go/goap/space"
)

// skirmish starts the built-in scene with seed.
func skirmish(t *testing.T, seed uint64) *Game {
	t.Helper()
	g, err := Parse("skirmish.yaml", scenes.Skirmish, seed)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// unitNamed returns the named unit as drawn.
func unitNamed(t *testing.T, g *Game, name string) Unit {
	t.Helper()
	for _, u := range g.Units() {
		if u.Name == name {
			return u
		}
	}
	t.Fatalf("no unit %s", name)
	return Unit{}
}

// TestSkirmish: the built-in scene has three units a side (blue's
// commander has no body and is not drawn); red hunts on its own, blue
// waits for orders until it sees red.
func TestSkirmish(t *testing.T) {
	g := skirmish(t, 1)
	us := g.Units()
	var names []string
	for _, u := range us {
		names = append(names, u.Side+":"+u.Name)
		if u.HP != MaxHP || u.Ammo != Magazine || u.Dead {
			t.Errorf("%s starts with %d HP, %d rounds, dead %v", u.Name, u.HP, u.Ammo, u.Dead)
		}
	}
	if got := strings.Join(names, " "); got != "blue:b1 blue:b2 blue:b3 red:r1 red:r2 red:r3" {
		t.Fatalf("units %s", got)
	}
	g.Step()
	for _, u := range g.Units() {
		want := ""
		if u.Side == "red" {
			want = "Hunt"
		}
		if u.Goal != want {
			t.Errorf("%s pursues %q at tick 1, want %q", u.Name, u.Goal, want)
		}
	}
	if g.Winner() != "" || g.Over() {
		t.Errorf("the match is over at tick 1: %q", g.Winner())
	}
}

// TestMoveTo: a scripted order moves the squad: each unit ordered to a
// cell plans its way there through its commander's order, arrives, and
// reports completion; bad orders are refused.
func TestMoveTo(t *testing.T) {
	g := skirmish(t, 1)
	to := map[string]space.Cell{"b1": {X: 4, Y: 1}, "b2": {X: 3, Y: 3}}
	for name, c := range to {
		if err := g.MoveTo(name, c); err != nil {
			t.Fatal(err)
		}
	}
	for range 6 {
		g.Step()
	}
	for name, c := range to {
		u := unitNamed(t, g, name)
		if u.At != c || u.Order != "Move" || u.Report != "completed" {
			t.Errorf("%s at %v, order %q %q; want %v, Move completed", name, u.At, u.Order, u.Report, c)
		}
	}
	if u := unitNamed(t, g, "b3"); u.At != (space.Cell{X: 1, Y: 5}) || u.Order != "" {
		t.Errorf("b3, not ordered, is at %v with order %q", u.At, u.Order)
	}
	for _, bad := range []struct{ unit string }{{"b9"}, {"r1"}} {
		if err := g.MoveTo(bad.unit, space.Cell{X: 2, Y: 2}); err == nil {
			t.Errorf("an order to %s was taken", bad.unit)
		}
	}
	if err := g.MoveTo("b1", space.Cell{X: 0, Y: 0}); err == nil {
		t.Error("an order into a wall was taken")
	}
	if err := g.Attack("b1", "b2"); err == nil {
		t.Error("an order to attack a friend was taken")
	}
}

// TestHurtDeclines: units weigh orders against their health. Hurt and
// out of cover with red in sight, b1 declines an order into the open
// (TakeCover scores 30, the order 10) and takes cover; b2, unhurt, takes
// the same order.
func TestHurtDeclines(t *testing.T) {
	g := skirmish(t, 1)
	for g.Tick() < 40 && unitNamed(t, g, "b1").Goal != "Fight" {
		g.Step()
	}
	if unitNamed(t, g, "b1").Goal != "Fight" {
		t.Fatal("b1 never saw red")
	}
	b1 := g.find("b1")
	b1.hp = HurtHP
	open := space.Cell{X: 7, Y: 3}
	for _, name := range []string{"b1", "b2"} {
		if err := g.MoveTo(name, open); err != nil {
			t.Fatal(err)
		}
	}
	declined := false
	for range 4 {
		g.Step()
		if unitNamed(t, g, "b1").Report == "declined" {
			declined = true
		}
	}
	u := unitNamed(t, g, "b1")
	if !declined || u.Goal != "TakeCover" && !u.InCover {
		t.Errorf("hurt b1 reported %q, pursues %q, in cover %v: want declined, taking cover", u.Report, u.Goal, u.InCover)
	}
	if u.At == open {
		t.Error("hurt b1 walked into the open")
	}
	if r := unitNamed(t, g, "b2").Report; r != "picked" && r != "completed" {
		t.Errorf("b2 reported %q, want picked", r)
	}
}

// TestAttack: a unit ordered to attack an enemy goes until it sees it
// and shoots it; when the enemy is down the order is complete.
func TestAttack(t *testing.T) {
	g := skirmish(t, 3)
	if err := g.Attack("b2", "r2"); err != nil {
		t.Fatal(err)
	}
	shot := false
	for g.Tick() < 200 && !g.find("r2").dead && !g.find("b2").dead {
		g.Step()
		for _, s := range g.Shots() {
			if s.By == "b2" && s.At == "r2" {
				shot = true
			}
		}
	}
	if !shot {
		t.Fatal("b2 never shot at r2")
	}
	if u := unitNamed(t, g, "b2"); !u.Dead && u.Report != "completed" {
		t.Errorf("r2 dead %v; b2 reports %q on its order", g.find("r2").dead, u.Report)
	}
}

// TestTakeCoverHold: ordered into cover, an unhurt unit goes where red
// cannot shoot it; ordered to hold, it stays.
func TestTakeCoverHold(t *testing.T) {
	g := skirmish(t, 1)
	for g.Tick() < 40 && unitNamed(t, g, "b2").Goal != "Fight" {
		g.Step()
	}
	if err := g.TakeCover("b2"); err != nil {
		t.Fatal(err)
	}
	for range 8 {
		g.Step()
		if u := unitNamed(t, g, "b2"); u.InCover && u.Report == "completed" || u.Dead {
			break
		}
	}
	if u := unitNamed(t, g, "b2"); !u.Dead && (!u.InCover || u.Order != "TakeCover") {
		t.Errorf("b2 ordered into cover: in cover %v, order %q %q", u.InCover, u.Order, u.Report)
	}
	if err := g.Hold("b3"); err != nil {
		t.Fatal(err)
	}
	at := unitNamed(t, g, "b3").At
	for range 3 {
		g.Step()
	}
	if u := unitNamed(t, g, "b3"); !u.Dead && (u.At != at || u.Order != "Hold") {
		t.Errorf("b3 holding: at %v (was %v), order %q", u.At, at, u.Order)
	}
}

// play runs a whole match with a scripted player: every 10 ticks, each
// blue unit without an order standing (or whose order is done) is sent
// after the first red unit standing. It returns the match's trace: the
// deaths by tick, and the winner.
func play(t *testing.T, g *Game, limit int) []string {
	t.Helper()
	var trace []string
	dead := map[string]bool{}
	for g.Tick() < limit && !g.Over() {
		if g.Tick()%10 == 0 {
			for _, u := range g.Units() {
				if u.Side != "blue" || u.Dead || u.Order != "" && u.Report != "completed" && u.Report != "failed" {
					continue
				}
				for _, e := range g.Units() {
					if e.Side == "red" && !e.Dead {
						if err := g.Attack(u.Name, e.Name); err != nil {
							t.Fatal(err)
						}
						break
					}
				}
			}
		}
		g.Step()
		for _, u := range g.Units() {
			if u.Dead && !dead[u.Name] {
				dead[u.Name] = true
				trace = append(trace, fmt.Sprintf("tick %d: %s down", g.Tick(), u.Name))
			}
		}
	}
	return append(trace, fmt.Sprintf("tick %d: %q wins", g.Tick(), g.Winner()))
}

// TestPlaythrough: a scripted match plays to its end, where one side is
// down and the game is over, and the same seed plays the same match.
func TestPlaythrough(t *testing.T) {
	for _, seed := range []uint64{1, 2, 3} {
		g := skirmish(t, seed)
		trace := play(t, g, 600)
		if !g.Over() {
			t.Fatalf("seed %d: no winner after %d ticks: %v", seed, g.Tick(), trace)
		}
		w := g.Winner()
		loser := "red"
		if w == "red" {
			loser = "blue"
		}
		if g.Alive(loser) != 0 || g.Alive(w) == 0 {
			t.Errorf("seed %d: %s wins with %d standing, %s has %d", seed, w, g.Alive(w), loser, g.Alive(loser))
		}
		t.Logf("seed %d: %s", seed, strings.Join(trace, "; "))
		again := play(t, skirmish(t, seed), 600)
		if !slices.Equal(trace, again) {
			t.Errorf("seed %d played twice:\n%v\n%v", seed, trace, again)
		}
		// Over, the game stands still: nobody is left to shoot at.
		g.Step()
		if g.Winner() != w || len(g.Shots()) != 0 {
			t.Errorf("seed %d: after the end, winner %q and %d shots", seed, g.Winner(), len(g.Shots()))
		}
	}
	// One match pinned down: the naive script sends the whole squad
	// after r1 across the open, and red, in cover, wins.
	want := "tick 15: b1 down; tick 36: b3 down; tick 46: b2 down; tick 46: \"red\" wins"
	if got := strings.Join(play(t, skirmish(t, 1), 600), "; "); got != want {
		t.Errorf("seed 1:\n%s\nwant\n%s", got, want)
	}
}

// TestStress: the stress scene, 50 against 50, plans through the
// scheduler within its budget and fights to an end, both sides fighting:
// blue's commander leads (Lead), keeping its squad hunting (Sweep
// orders), so blue does not stand still while red hunts it down. Each
// side loses at least a fifth of its units in every match, and over ten
// seeds each side wins some.
func TestStress(t *testing.T) {
	seeds := uint64(10)
	if testing.Short() {
		seeds = 2
	}
	wins := map[string]int{}
	for seed := uint64(1); seed <= seeds; seed++ {
		g, err := Parse("stress.yaml", scenes.Stress(50), seed)
		if err != nil {
			t.Fatal(err)
		}
		if n := len(g.Units()); n != 100 {
			t.Fatalf("%d units", n)
		}
		g.Step()
		for _, u := range g.Units() {
			if u.Side == "blue" && (u.Order != "Sweep" || u.Goal != "Sweep") {
				t.Fatalf("seed %d: %s at tick 1: order %q, goal %q; want Sweep", seed, u.Name, u.Order, u.Goal)
			}
		}
		for g.Tick() < 400 && !g.Over() {
			g.Step()
		}
		if !g.Over() {
			t.Errorf("seed %d: no side down after %d ticks: blue %d, red %d", seed, g.Tick(), g.Alive("blue"), g.Alive("red"))
		}
		if g.Alive("blue") > 40 || g.Alive("red") > 40 {
			t.Errorf("seed %d: a side barely fought: blue %d standing, red %d", seed, g.Alive("blue"), g.Alive("red"))
		}
		wins[g.Winner()]++
		mean, p99, n := g.Times()
		t.Logf("seed %d: %d ticks, %s wins with %d standing; AI per tick: mean %v, p99 %v over %d ticks", seed, g.Tick(), g.Winner(), g.Alive(g.Winner()), mean, p99, n)
	}
	t.Logf("wins over %d seeds: %v", seeds, wins)
	if !testing.Short() && (wins["blue"] == 0 || wins["red"] == 0) {
		t.Errorf("one side wins every match: %v", wins)
	}
}

// TestKnowledge: blue's squad shares what its units see (squad.Knowledge):
// a unit seeing red reports it; a unit sweeping that sees no enemy goes
// to where a squad-mate last saw one (not to where the enemy is now),
// and forgets the sighting once it sees the place empty.
func TestKnowledge(t *testing.T) {
	g := skirmish(t, 1)
	for g.Tick() < 40 && len(g.LastSeen()) == 0 {
		g.Step()
	}
	seen := g.LastSeen()
	if len(seen) == 0 {
		t.Fatal("blue saw nobody in 40 ticks")
	}
	for _, s := range seen {
		e, by := g.find(s.Subject), g.find(s.By)
		if e == nil || e.side != "red" || by == nil || by.side != "blue" || s.At != float64(g.Tick()) {
			t.Errorf("sighting %+v at tick %d", s, g.Tick())
		}
	}

	// A fresh match: b2 reports r2 on a cell b1 cannot see, far from r2
	// and from every red unit.
	g = skirmish(t, 1)
	g.Step()
	spot := space.Cell{X: 12, Y: 6}
	b1 := g.find("b1")
	if g.sees(b1, g.find("r2")) || g.grid.Visible(b1.at, spot) && distance(b1.at, spot) <= b1.sight {
		t.Fatal("b1 sees r2 or the spot at the start")
	}
	g.know.Saw(squadSighting("r2", "b2", spot, g.Tick()))
	if err := g.Sweep("b1"); err != nil {
		t.Fatal(err)
	}
	g.Step()
	g.Step()
	if u := unitNamed(t, g, "b1"); u.Goal != "Sweep" || len(u.Path) == 0 || u.Path[len(u.Path)-1] != spot {
		t.Fatalf("b1 sweeping: goal %q, path %v; want a path to %v, where b2 saw r2", u.Goal, u.Path, spot)
	}
	// b1 goes until it sees the spot (or an enemy); the sighting is then
	// forgotten when nobody stands there.
	for g.Tick() < 40 && !g.sees(b1, g.find("r2")) && g.nearestEnemy(b1, true) == nil {
		if _, ok := g.know.Known("r2", float64(g.Tick())); !ok {
			break
		}
		g.Step()
	}
	if _, ok := g.know.Known("r2", float64(g.Tick())); ok && g.nearestEnemy(b1, true) == nil {
		t.Errorf("tick %d: b1 at %v, the sighting of r2 at %v still known", g.Tick(), b1.at, spot)
	}
}

// TestTimes: the mean and the 99th percentile of the AI times kept.
func TestTimes(t *testing.T) {
	g := &Game{}
	if m, p, n := g.Times(); m != 0 || p != 0 || n != 0 {
		t.Fatal("times before any step")
	}
	for i := 1; i <= 100; i++ {
		g.times = append(g.times, time.Duration(i)*time.Millisecond)
	}
	if m, p, n := g.Times(); m != 50500*time.Microsecond || p != 99*time.Millisecond || n != 100 {
		t.Errorf("mean %v p99 %v n %d, want 50.5ms 99ms 100", m, p, n)
	}
}

// TestReload: saving the scene's file starts it anew from the new text; a
// save with a mistake keeps the scene running and says where the mistake
// is.
func TestReload(t *testing.T) {
	path := filepath.Join(t.TempDir(), "scene.yaml")
	if err := os.WriteFile(path, scenes.Skirmish, 0o644); err != nil {
		t.Fatal(err)
	}
	g, err := Load(path, 1)
	if err != nil {
		t.Fatal(err)
	}
	g.Step()
	if g.Changed() {
		t.Fatal("changed before any save")
	}
	later := time.Now().Add(time.Second)
	edit := strings.Replace(string(scenes.Skirmish), "{name: r1, extends: red, at: red1}", "{name: r1, extends: red, at: red1, speed: 2}", 1)
	if err := os.WriteFile(path, []byte(edit), 0o644); err != nil {
		t.Fatal(err)
	}
	_ = os.Chtimes(path, later, later)
	if !g.Changed() {
		t.Fatal("the save was not seen")
	}
	if err := g.Reload(); err != nil || g.Tick() != 0 || g.Changed() {
		t.Fatalf("reload: %v, tick %d, changed %v", err, g.Tick(), g.Changed())
	}
	g.Step()
	g.Step() // a tick to plan, one to walk
	if at := unitNamed(t, g, "r1").At; space.Octile(at, space.Cell{X: 20, Y: 1}) < 1.9 {
		t.Errorf("r1 at %v after a tick at speed 2", at)
	}
	broken := strings.Replace(edit, "speed: 2", "speed: fast", 1)
	if err := os.WriteFile(path, []byte(broken), 0o644); err != nil {
		t.Fatal(err)
	}
	_ = os.Chtimes(path, later.Add(time.Second), later.Add(time.Second))
	err = g.Reload()
	if err == nil || !strings.Contains(err.Error(), "scene.yaml:") || g.Tick() != 2 {
		t.Fatalf("a broken save: %v, tick %d (want the scene running on at tick 2)", err, g.Tick())
	}
}

// TestNeedsMap: a file without a map, or without the facts the game
// writes, or whose leading commander cannot order Sweep, is refused
// with a reason.
func TestNeedsMap(t *testing.T) {
	if _, err := Load("../../guard.yaml", 1); err == nil || !strings.Contains(err.Error(), "map") {
		t.Errorf("guard.yaml: %v", err)
	}
	if _, err := Load("../../crates_sim.yaml", 1); err == nil || !strings.Contains(err.Error(), "the game needs the fact") {
		t.Errorf("crates_sim.yaml: %v", err)
	}
	// A commander that leads needs members it can order to Sweep.
	text := strings.Replace(string(scenes.Skirmish), "{name: blue_cmd, goals: [Command]", "{name: blue_cmd, goals: [Lead]", 1)
	if _, err := Parse("lead.yaml", []byte(text), 1); err != nil {
		t.Errorf("a leading commander: %v", err)
	}
	text = strings.Replace(text, "goals: [TakeCover, Fight, Reload, Move, Attack, Hold, Sweep]", "goals: [TakeCover, Fight, Reload, Move, Attack, Hold]", 1)
	text = strings.Replace(text, "on_orders: [Move, Attack, Hold, Sweep]", "on_orders: [Move, Attack, Hold]", 1)
	if _, err := Parse("lead.yaml", []byte(text), 1); err == nil || !strings.Contains(err.Error(), "no goal Sweep") {
		t.Errorf("a leading commander whose units cannot sweep: %v", err)
	}
}

// TestEvents: a unit's latest events, written out, newest last.
func TestEvents(t *testing.T) {
	g := skirmish(t, 1)
	for range 12 {
		g.Step()
	}
	ev := g.Events("r1")
	if len(ev) == 0 || len(ev) > 8 || !strings.HasPrefix(ev[len(ev)-1], "tick ") || !strings.Contains(strings.Join(ev, "\n"), "r1 ") {
		t.Errorf("r1's events: %q", ev)
	}
	if g.Events("nobody") != nil {
		t.Error("events of nobody")
	}
}

// TestMatchProperties: over many seeds, every tick of a scripted match
// keeps the game's rules: health and rounds within bounds, a unit dead
// exactly when its health is gone, the dead never move, the living
// stand on floor, each on a cell of its own (blocked while it stands),
// only the living shoot and are shot at. Every match
// ends within 600 ticks: hurt units fight on from cover (they duck into
// firing positions, approach and hunt from cover to cover) instead of
// peeking out and ducking back before they fire, which stalled 3 of 40
// matches for good. Both sides win some.
func TestMatchProperties(t *testing.T) {
	seeds := uint64(40)
	if testing.Short() {
		seeds = 8
	}
	ended, longest := 0, 0
	wins := map[string]int{}
	for seed := uint64(1); seed <= seeds; seed++ {
		g := skirmish(t, seed)
		deadAt := map[string]space.Cell{}
		check := func() {
			taken := map[space.Cell]string{} // units block each other
			for _, u := range g.Units() {
				switch {
				case u.HP < 0 || u.HP > MaxHP || u.Ammo < 0 || u.Ammo > Magazine:
					t.Fatalf("seed %d tick %d: %s has %d HP, %d rounds", seed, g.Tick(), u.Name, u.HP, u.Ammo)
				case u.Dead != (u.HP == 0):
					t.Fatalf("seed %d tick %d: %s dead %v with %d HP", seed, g.Tick(), u.Name, u.Dead, u.HP)
				case !u.Dead && !g.Map().Blocked(u.At) || u.Dead && !g.Map().Walkable(u.At) && !g.Map().Blocked(u.At):
					t.Fatalf("seed %d tick %d: %s stands on %v, not floor (or not blocked while alive)", seed, g.Tick(), u.Name, u.At)
				}
				if !u.Dead {
					if other, ok := taken[u.At]; ok {
						t.Fatalf("seed %d tick %d: %s and %s both stand on %v", seed, g.Tick(), other, u.Name, u.At)
					}
					taken[u.At] = u.Name
				}
				if u.Dead {
					if at, ok := deadAt[u.Name]; ok && at != u.At {
						t.Fatalf("seed %d tick %d: dead %s moved from %v to %v", seed, g.Tick(), u.Name, at, u.At)
					}
				}
			}
			for _, s := range g.Shots() {
				if _, ok := deadAt[s.By]; ok {
					t.Fatalf("seed %d tick %d: %s shot, dead since an earlier tick", seed, g.Tick(), s.By)
				}
				if _, ok := deadAt[s.At]; ok {
					t.Fatalf("seed %d tick %d: %s shot at %s, dead since an earlier tick", seed, g.Tick(), s.By, s.At)
				}
			}
			for _, u := range g.Units() {
				if u.Dead {
					deadAt[u.Name] = u.At
				}
			}
		}
		for g.Tick() < 600 && !g.Over() {
			if g.Tick()%10 == 0 {
				for _, u := range g.Units() {
					if u.Side == "blue" && !u.Dead {
						for _, e := range g.Units() {
							if e.Side == "red" && !e.Dead {
								_ = g.Attack(u.Name, e.Name)
								break
							}
						}
					}
				}
			}
			g.Step()
			check()
		}
		if g.Over() {
			ended++
			longest = max(longest, g.Tick())
			wins[g.Winner()]++
		} else {
			t.Errorf("seed %d: a stalemate, no side down after %d ticks: blue %d, red %d", seed, g.Tick(), g.Alive("blue"), g.Alive("red"))
		}
	}
	t.Logf("%d of %d matches ended, the longest at tick %d; wins %v", ended, seeds, longest, wins)
	if !testing.Short() && (wins["blue"] == 0 || wins["red"] == 0) {
		t.Errorf("one side wins every match: %v", wins)
	}
}

// TestHurtFightOn: when every unit is hurt from the start (the end of a
// long fight, when stalemates happened), hurt units still fight: with
// the player giving no orders, red's hurt units hunt from cover to
// cover; ordered to attack, blue's push to firing positions. Every match
// ends, and shots are fired from cover.
func TestHurtFightOn(t *testing.T) {
	for _, orders := range []bool{false, true} {
		fromCover := 0
		for seed := uint64(1); seed <= 10; seed++ {
			g := skirmish(t, seed)
			for _, u := range g.units {
				u.hp = HurtHP
			}
			for g.Tick() < 600 && !g.Over() {
				if orders && g.Tick()%10 == 0 {
					for _, u := range g.Units() {
						if u.Side == "blue" && !u.Dead {
							for _, e := range g.Units() {
								if e.Side == "red" && !e.Dead {
									_ = g.Attack(u.Name, e.Name)
									break
								}
							}
						}
					}
				}
				g.Step()
				for _, s := range g.Shots() {
					if g.inCover(g.find(s.By)) {
						fromCover++
					}
				}
			}
			if !g.Over() {
				t.Errorf("orders %v, seed %d: no side down after %d ticks: blue %d, red %d", orders, seed, g.Tick(), g.Alive("blue"), g.Alive("red"))
			}
		}
		if fromCover == 0 {
			t.Errorf("orders %v: no shot fired from cover", orders)
		}
		t.Logf("orders %v: %d shots from cover", orders, fromCover)
	}
}

// squadSighting is a sighting of subject by unit by on cell c at tick.
func squadSighting(subject, by string, c space.Cell, tick int) squad.Sighting {
	return squad.Sighting{Subject: subject, By: by, X: c.X, Y: c.Y, At: float64(tick)}
}

// TestNear: the units nearest the point of interest plan first
// (Scheduler.Near): with a budget too small for everyone's first plan,
// those that have one after the first ticks are the ones nearest the
// unit the player focuses on, and without a focus nearest the centre of
// blue's squad; in the file's order (Near unset) they would be b1, r1,
// b2, r2...
func TestNear(t *testing.T) {
	for _, focus := range []string{"r25", "b40", ""} {
		g, err := Parse("stress.yaml", scenes.Stress(50), 1)
		if err != nil {
			t.Fatal(err)
		}
		g.Focus(focus)
		g.sched.Budget = 30
		made := map[string]bool{}
		g.OnEvent(func(e agent.Event) {
			if e.Type == agent.EventPlanMade {
				made[e.Agent] = true
			}
		})
		poi := g.pointOfInterest()
		start := map[string]space.Cell{}
		for _, u := range g.units {
			start[u.name] = u.at
		}
		g.Step()
		g.Step()
		var planned, waiting []string
		far, near := 0.0, math.Inf(1)
		for _, u := range g.units {
			if u.a == g.cmd {
				continue
			}
			d := distance(start[u.name], poi)
			if made[u.name] {
				planned = append(planned, u.name)
				far = max(far, d)
			} else {
				waiting = append(waiting, u.name)
				near = min(near, d)
			}
		}
		if len(planned) == 0 || len(waiting) == 0 || far > near {
			t.Errorf("focus %q (%v): planned first %v (the farthest %.1f away), waiting %d (the nearest %.1f away)", focus, poi, planned, far, len(waiting), near)
		}
		t.Logf("focus %q at %v: %v planned first", focus, poi, planned)
	}
}

// TestBlocking: units block each other. b1, ordered past b2 standing in
// its way, walks around it and arrives, never on b2's cell; in the
// stress scene, no two living units ever stand on one cell, and each
// living unit's cell is blocked on the grid (a dead one's is not).
func TestBlocking(t *testing.T) {
	g := skirmish(t, 1)
	b2 := unitNamed(t, g, "b2").At
	to := space.Cell{X: 1, Y: 4}
	if err := g.MoveTo("b1", to); err != nil {
		t.Fatal(err)
	}
	for range 8 {
		g.Step()
		if at := unitNamed(t, g, "b1").At; at == b2 {
			t.Fatalf("tick %d: b1 on b2's cell %v", g.Tick(), at)
		}
	}
	if u := unitNamed(t, g, "b1"); u.At != to || u.Report != "completed" || unitNamed(t, g, "b2").At != b2 {
		t.Errorf("b1 at %v (%s), b2 at %v; want b1 at %v, b2 still at %v", u.At, u.Report, unitNamed(t, g, "b2").At, to, b2)
	}
	if err := g.MoveTo("b3", b2); err != nil {
		t.Errorf("an order to a squad-mate's cell: %v", err)
	}

	g, err := Parse("stress.yaml", scenes.Stress(50), 2)
	if err != nil {
		t.Fatal(err)
	}
	for g.Tick() < 400 && !g.Over() {
		g.Step()
		taken := map[space.Cell]string{}
		for _, u := range g.Units() {
			if u.Dead {
				continue
			}
			if other, ok := taken[u.At]; ok {
				t.Fatalf("tick %d: %s and %s on %v", g.Tick(), other, u.Name, u.At)
			}
			taken[u.At] = u.Name
			if !g.Map().Blocked(u.At) {
				t.Fatalf("tick %d: %s's cell %v is not blocked", g.Tick(), u.Name, u.At)
			}
		}
		for _, u := range g.Units() {
			if _, ok := taken[u.At]; u.Dead && !ok && g.Map().Blocked(u.At) {
				t.Fatalf("tick %d: dead %s's cell %v still blocked", g.Tick(), u.Name, u.At)
			}
		}
	}
	if !g.Over() {
		t.Errorf("no side down after %d ticks", g.Tick())
	}
}
