package game

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/goap-go/goap/space"
)

// TestCrates: the soldier of examples/crates_sim.yaml walks from its start
// to the near crate, cell by cell, and the model shows where it is, what
// it pursues and what is left of its plan.
func TestCrates(t *testing.T) {
	g, err := Load("../../crates_sim.yaml", 1)
	if err != nil {
		t.Fatal(err)
	}
	start := g.Units()[0].At
	g.Step()
	u := g.Units()[0]
	if u.Name != "soldier" || u.Goal != "Arm" || len(u.Plan) != 2 || u.Plan[0] != "Walk(crate1)" {
		t.Fatalf("after a tick: %+v", u)
	}
	if u.At == start {
		t.Fatalf("the soldier did not move from %v", start)
	}
	for g.Tick() < 10 {
		g.Step()
	}
	if at := g.Units()[0].At; at.X != 10 || at.Y != 1 {
		t.Fatalf("the soldier ends at %v, want the near crate (10,1)", at)
	}
	if g.Map() == nil || g.Map().Width() != 12 {
		t.Fatal("no map")
	}
}

// TestSkirmish: the built-in scene loads; red walks to its post on its
// own, and blue's units wait for orders.
func TestSkirmish(t *testing.T) {
	data, err := os.ReadFile("../scenes/skirmish.yaml")
	if err != nil {
		t.Fatal(err)
	}
	g, err := Parse("skirmish.yaml", data, 1)
	if err != nil {
		t.Fatal(err)
	}
	for g.Tick() < 20 {
		g.Step()
	}
	for _, u := range g.Units() {
		if u.Goal != "" || len(u.Plan) != 0 {
			t.Errorf("%s still pursues %q with %v", u.Name, u.Goal, u.Plan)
		}
	}
	us := g.Units()
	if len(us) != 3 || us[0].Side != "blue" || us[1].Side != "blue" || us[2].Side != "red" {
		t.Fatalf("units %+v", us)
	}
	if post, _ := g.Map().Point("red_post"); us[2].At != post || us[0].At != (space.Cell{X: 1, Y: 1}) {
		t.Fatalf("red at %v (its post %v), b1 at %v (it had no order)", us[2].At, post, us[0].At)
	}
}

// TestReload: saving the scene's file starts it anew from the new text; a
// save with a mistake keeps the scene running and says where the mistake
// is.
func TestReload(t *testing.T) {
	data, err := os.ReadFile("../scenes/skirmish.yaml")
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "scene.yaml")
	if err := os.WriteFile(path, data, 0o644); err != nil {
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
	edit := strings.Replace(string(data), "speed: 1.5", "speed: 3", 1)
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
	broken := strings.Replace(edit, "speed: 3", "speed: fast", 1)
	if err := os.WriteFile(path, []byte(broken), 0o644); err != nil {
		t.Fatal(err)
	}
	_ = os.Chtimes(path, later.Add(time.Second), later.Add(time.Second))
	err = g.Reload()
	if err == nil || !strings.Contains(err.Error(), "scene.yaml:") || g.Tick() != 1 {
		t.Fatalf("a broken save: %v, tick %d (want the scene running on at tick 1)", err, g.Tick())
	}
}

// TestPathShown: a unit on its way shows the cells it still walks.
func TestPathShown(t *testing.T) {
	g, err := Load("../../crates_sim.yaml", 1)
	if err != nil {
		t.Fatal(err)
	}
	g.Step()
	u := g.Units()[0]
	if len(u.Path) == 0 || u.Path[len(u.Path)-1] != (space.Cell{X: 10, Y: 1}) {
		t.Fatalf("path %v, want one ending at the crate (10,1)", u.Path)
	}
}

// TestMoveTo: a unit ordered to a post plans its way there and arrives;
// held, it takes no new order's way.
func TestMoveTo(t *testing.T) {
	data, err := os.ReadFile("../scenes/skirmish.yaml")
	if err != nil {
		t.Fatal(err)
	}
	g, err := Parse("skirmish.yaml", data, 1)
	if err != nil {
		t.Fatal(err)
	}
	g.Step()
	b1 := func() Unit { return g.Units()[0] }
	if b1().Goal != "" {
		t.Fatalf("b1 pursues %q unordered", b1().Goal)
	}
	post, ok := g.Nearest(space.Cell{X: 4, Y: 5})
	if !ok || post.Name != "post4" {
		t.Fatalf("nearest post %+v", post)
	}
	if err := g.MoveTo("b1", post.Name); err != nil {
		t.Fatal(err)
	}
	for g.Tick() < 15 && b1().At != post.At {
		g.Step()
	}
	if b1().At != post.At {
		t.Fatalf("b1 at %v, want the post at %v", b1().At, post.At)
	}
	if err := g.MoveTo("b9", post.Name); err == nil {
		t.Fatal("an order to no unit was taken")
	}
}
