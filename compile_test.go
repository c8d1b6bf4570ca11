package goap_test

import (
	"context"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/goap-go/goap"
)

// compileBytes returns the bytes NewDomain allocates for spec.
func compileBytes(t *testing.T, spec goap.Spec) uint64 {
	t.Helper()
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	d, err := goap.NewDomain(spec)
	runtime.ReadMemStats(&after)
	if err != nil {
		t.Fatal(err)
	}
	runtime.KeepAlive(d)
	return after.TotalAlloc - before.TotalAlloc
}

// TestCompileMemoryProportional checks that compiling a domain takes
// memory proportional to what the spec says, not actions times facts: a
// chain of 16,000 actions (16,001 facts, 251 words a state) costs at most
// a little more per action than a chain of 1,000.
func TestCompileMemoryProportional(t *testing.T) {
	small := compileBytes(t, chainSpec(1000, nil))
	big := compileBytes(t, chainSpec(16000, nil))
	perSmall, perBig := float64(small)/1000, float64(big)/16000
	t.Logf("bytes per action: %.0f at 1,000 actions, %.0f at 16,000", perSmall, perBig)
	if perBig > 1.5*perSmall {
		t.Errorf("bytes per action grow with the domain: %.0f at 1,000 actions, %.0f at 16,000", perSmall, perBig)
	}
}

// TestBadNames checks that names with control characters or invalid
// UTF-8 are refused wherever a spec names something.
func TestBadNames(t *testing.T) {
	t.Parallel()
	esc, bad := "red\x1b[31m", "caf\xe9"
	for _, c := range []struct {
		name string
		spec goap.Spec
		want string
	}{
		{"fact", goap.Spec{Facts: []goap.Fact{goap.Bool(esc)}}, `fact "red\x1b[31m": the fact's name contains the control character U+001B (at byte 3)`},
		{"undeclared fact", goap.Spec{Actions: []goap.Action{{Name: "a", Effects: goap.Effects{bad: true}}}}, `fact "caf\xe9": the fact's name is not valid UTF-8 (byte 3 is 0xE9)`},
		{"enum value", goap.Spec{Facts: []goap.Fact{goap.Enum("at", "home", "x\ny")}}, `enum value "x\ny" contains the control character U+000A (at byte 1)`},
		{"action", goap.Spec{Actions: []goap.Action{{Name: "go\t", Effects: goap.Effects{"x": true}}}}, `the action's name contains the control character U+0009 (at byte 2)`},
		{"goal", goap.Spec{Goals: []goap.Goal{{Name: "g\x00", Desired: goap.Conds{"x": true}}}}, `the goal's name contains the control character U+0000 (at byte 1)`},
	} {
		_, err := goap.NewDomain(c.spec)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want %s", c.name, err, c.want)
		}
	}
	// Any other Unicode is fine, the replacement character included.
	if _, err := goap.NewDomain(goap.Spec{Actions: []goap.Action{{Name: "fëte \uFFFD 火", Effects: goap.Effects{"é": true}}}}); err != nil {
		t.Error(err)
	}
}

// An effect that sets a fact to the value the action's precondition
// requires changes nothing: it is dropped, and the action does not count
// as writing the fact, so relevance analysis is not fooled by it (PDDL's
// delete-then-add of a shared channel).
func TestNoOpEffectsDropped(t *testing.T) {
	t.Parallel()
	d, err := goap.NewDomain(goap.Spec{Name: "channel",
		Facts: []goap.Fact{goap.Bool("free")},
		Actions: []goap.Action{
			{Name: "Talk", Cost: 1, Pre: goap.Conds{"free": true}, Effects: goap.Effects{"free": true, "said": true}},
			{Name: "Chat", Cost: 1, Pre: goap.Conds{"free": true}, Effects: goap.Effects{"free": true, "chatted": true}},
			{Name: "Hold", Cost: 1, Pre: goap.Conds{"free": true}, Effects: goap.Effects{"free": false}},
		},
		Goals: []goap.Goal{{Name: "Say", Desired: goap.Conds{"said": true}}},
	})
	if err != nil {
		t.Fatal(err)
	}
	talk, _ := d.ActionID("Talk")
	hold, _ := d.ActionID("Hold")
	names := func(ids []goap.FactID) string {
		var s []string
		for _, id := range ids {
			s = append(s, d.Fact(id).Name)
		}
		return strings.Join(s, " ")
	}
	if got := names(d.ActionWrites(talk)); got != "said" {
		t.Errorf("Talk writes %q, want said", got)
	}
	if got := names(d.ActionWrites(hold)); got != "free" {
		t.Errorf("Hold writes %q, want free", got)
	}
	goal, _ := d.Goal("Say")
	// Hold is relevant (it changes free, which Talk needs); Chat is not.
	if got := d.ActionNames(goal.Relevant()); !slices.Equal(got, []string{"Talk", "Hold"}) {
		t.Errorf("relevant %v, want [Talk Hold]", got)
	}
}

// TestLongEnum checks the value lookup of enums long enough to be
// indexed by a map (a map's cells): values, defaults, conditions and
// effects name the right index, and a wrong name is still an error with
// a suggestion.
func TestLongEnum(t *testing.T) {
	t.Parallel()
	for _, n := range []int{5, 31, 32, 300} {
		var vals []string
		for i := range n {
			vals = append(vals, "v"+strconv.Itoa(i))
		}
		last := vals[n-1]
		f := goap.Enum("at", vals...)
		f.DefaultValue = vals[n/2]
		spec := goap.Spec{Facts: []goap.Fact{f}, Actions: []goap.Action{
			{Name: "go", Cost: 1, Pre: goap.Conds{"at": vals[n/2]}, Effects: goap.Effects{"at": last}},
		}, Goals: []goap.Goal{{Name: "g", Desired: goap.Conds{"at": last}}}}
		d, err := goap.NewDomain(spec)
		if err != nil {
			t.Fatalf("%d values: %v", n, err)
		}
		s, err := d.State(nil)
		if err != nil {
			t.Fatal(err)
		}
		if got, _ := s.Value("at"); got != vals[n/2] {
			t.Errorf("%d values: default %v, want %s", n, got, vals[n/2])
		}
		goal, _ := d.Goal("g")
		res := goap.NewPlanner(d).Plan(context.Background(), s, goal)
		if res.Status != goap.Found || len(res.Plan) != 1 || d.ActionName(res.Plan[0]) != "go" {
			t.Errorf("%d values: %v %v, want go", n, res.Status, res.Plan)
		}
		there, err := d.State(map[string]any{"at": last})
		if v, _ := there.Value("at"); err != nil || v != last {
			t.Errorf("%d values: state at %s reads %v (%v)", n, last, v, err)
		}
		if _, err := d.State(map[string]any{"at": "v" + strconv.Itoa(n) + "x"}); err == nil || !strings.Contains(err.Error(), "is not one of") {
			t.Errorf("%d values: a wrong value gives %v", n, err)
		}
		f.DefaultValue = "nowhere"
		spec.Facts[0] = f
		if _, err := goap.NewDomain(spec); err == nil || !strings.Contains(err.Error(), `default "nowhere" is not one of its values`) {
			t.Errorf("%d values: a wrong default gives %v", n, err)
		}
	}
}
