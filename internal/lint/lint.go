// Package lint finds problems in a designer file that do not stop it
// loading but are probably mistakes: actions that can never run, goals
// that can never be reached, facts nothing uses, preconditions on facts
// that nothing sets, and files whose actions all cost 0.
//
// The analysis is relaxed reachability over (fact, value) pairs (see
// Reach), so every warning is certain: an action it reports can never run
// from the file's start state, nor from the start of any of its tests.
package lint

import (
	"fmt"
	"maps"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/goap-go/goap"
	"github.com/goap-go/goap/agent/simspec"
	"github.com/goap-go/goap/goapfile"
	"github.com/goap-go/goap/internal/echo"
	"github.com/goap-go/goap/space"
)

// Warning is one problem found by Check, at the place in the file it
// concerns (the zero Position when that is unknown).
type Warning struct {
	Pos goapfile.Position
	// Check names the check that found it: "unused-fact",
	// "unset-precondition", "dead-action", "unreachable-goal" or
	// "zero-cost".
	Check string
	Msg   string
}

// Check lints a loaded file. src, the file's text, helps place warnings
// about the file's `goal:`; it may be nil. Warnings come sorted by
// position, then message.
func Check(f *goapfile.File, src []byte) []Warning {
	d := f.Domain
	starts := []goap.State{f.Start}
	for _, sc := range f.Tests {
		starts = append(starts, sc.Start)
		if sc.Sim != nil {
			starts = append(starts, eventStates(sc.Start, sc.Sim.Events)...)
		}
	}
	// A simulation's scripted events and agents' beliefs put facts in
	// states no action reaches: a zombie appears, a unit is hit.
	starts = append(starts, eventStates(f.Start, f.Events)...)
	// So do orders' targets, written into their members' beliefs.
	var sets []map[string]any
	for _, a := range f.Agents {
		sets = append(sets, a.Start, a.Own)
	}
	for _, action := range slices.Sorted(maps.Keys(f.Orders)) {
		for _, o := range f.Orders[action] {
			sets = append(sets, o.Set)
		}
	}
	starts = append(starts, setStates(f.Start, sets)...)
	// What agents see and know is the simulator's to write: with sight,
	// every such boolean may come true.
	for _, a := range f.Agents {
		if a.Sight == 0 {
			continue
		}
		seen := map[string]any{}
		for _, n := range d.FactNames() {
			if id, _ := d.FactID(n); sightFact(n) && d.Fact(id).Kind == goap.BoolFact {
				seen[n] = true
			}
		}
		starts = append(starts, setStates(f.Start, []map[string]any{seen})...)
		break
	}
	r := NewReach(d, starts...)
	// Goals the file's tests expect to have no plan are meant to be out
	// of reach (the miner of the seeds has two): no warning for them.
	expected := map[*goap.Target]bool{}
	for _, sc := range f.Tests {
		if sc.NoPlan && sc.Goal != nil {
			expected[sc.Goal] = true
		}
	}
	var out []Warning
	add := func(pos goapfile.Position, check, format string, args ...any) {
		out = append(out, Warning{Pos: pos, Check: check, Msg: echo.Sprintf(format, args...)})
	}

	// Which facts are read, written and wanted.
	written := make([]bool, d.NumFacts())
	used := make([]bool, d.NumFacts())
	for a := 0; a < d.NumActions(); a++ {
		for _, id := range d.ActionWrites(goap.ActionID(a)) {
			written[id], used[id] = true, true
		}
		for _, id := range d.ActionReads(goap.ActionID(a)) {
			used[id] = true
		}
	}
	targets := d.Goals()
	if f.Goal != nil {
		targets = append(targets, f.Goal)
	}
	for _, sc := range f.Tests {
		if sc.Goal != nil {
			targets = append(targets, sc.Goal)
		}
	}
	for _, t := range targets {
		for _, id := range t.Facts() {
			used[id] = true
		}
	}
	// Goals' validity and relevancy rules read facts too.
	for _, rule := range f.GoalRules {
		if rule.ValidWhen != nil {
			for _, id := range rule.ValidWhen.Facts() {
				used[id] = true
			}
		}
		for _, sr := range rule.Relevancy {
			if sr.When != nil {
				for _, id := range sr.When.Facts() {
					used[id] = true
				}
			}
		}
	}
	// What an agent's sight writes is the simulator's to write, used or
	// not.
	for _, a := range f.Agents {
		if a.Sight == 0 {
			continue
		}
		for id := range used {
			if n := d.Fact(goap.FactID(id)).Name; sightFact(n) {
				used[id] = true
			}
		}
	}
	// Whether an object is in use is the simulator's to write.
	for _, obj := range f.Uses {
		if id, ok := d.FactID("in_use(" + obj + ")"); ok {
			used[id] = true
		}
	}
	// A door's facts are the map's: they hold its state for the
	// simulator, used or not.
	for _, door := range f.Doors {
		for _, name := range []string{"open(" + door + ")", "locked(" + door + ")"} {
			if id, ok := d.FactID(name); ok {
				used[id] = true
			}
		}
	}
	for id, u := range used {
		if !u {
			name := d.Fact(goap.FactID(id)).Name
			add(f.Pos(goapfile.KindFact, name), "unused-fact",
				"fact %q is never used: no action reads or sets it and no goal names it", name)
		}
	}

	// Actions that can never run.
	for i := range f.Spec.Actions {
		a := &f.Spec.Actions[i]
		id, ok := d.ActionID(a.Name)
		if !ok || r.CanRun(id) {
			continue
		}
		pos := f.Pos(goapfile.KindAction, a.Name)
		var blocked []string
		for _, c := range d.ActionPre(id) { // in the order of the facts' names
			if r.CondReachable(c) {
				continue
			}
			fid := c.Fact()
			fact := d.Fact(fid)
			text := CondText(fact, a.Pre[fact.Name])
			if !written[fid] {
				add(pos, "unset-precondition",
					"action %q can never run: it needs %s, which no action sets and the start does not meet", a.Name, text)
				continue
			}
			blocked = append(blocked, text)
		}
		if len(blocked) > 0 {
			add(pos, "dead-action",
				"action %q can never run: no sequence of actions from the start meets %s", a.Name, strings.Join(blocked, ", "))
		}
	}

	// Costs that make "cheapest" meaningless: with every action free,
	// every plan is a cheapest one, and the planner may return a long
	// detour. Free actions among costed ones are a design choice.
	if acts := f.Spec.Actions; len(acts) > 1 {
		free := true
		for _, a := range acts {
			free = free && a.Cost == 0 && a.CostFunc == nil
		}
		if free {
			add(f.Pos(goapfile.KindAction, acts[0].Name), "zero-cost",
				"every action costs 0, so every plan is a cheapest one and the planner may return a needless detour; give the actions costs (an action without cost: costs 1)")
		}
	}

	// Goals that can never be reached.
	// why explains unreachable goal conditions: facts no action sets,
	// then the others.
	why := func(bad []goap.Cond) string {
		var unset, blocked []string
		for _, c := range bad {
			if written[c.Fact()] {
				blocked = append(blocked, c.String())
			} else {
				unset = append(unset, d.Fact(c.Fact()).Name)
			}
		}
		var parts []string
		if len(unset) > 0 {
			parts = append(parts, "no action sets "+strings.Join(unset, ", "))
		}
		if len(blocked) > 0 {
			parts = append(parts, "no sequence of actions from the start meets "+strings.Join(blocked, ", "))
		}
		return strings.Join(parts, "; ")
	}
	named := map[*goap.Target]bool{}
	for _, t := range d.Goals() {
		named[t] = true
		if expected[t] {
			continue
		}
		if bad := r.UnreachableConds(t); len(bad) > 0 {
			add(f.Pos(goapfile.KindGoal, t.Name()), "unreachable-goal", "goal %q can never be reached: %s", t.Name(), why(bad))
		}
	}
	if f.Goal != nil && !named[f.Goal] && !expected[f.Goal] {
		if bad := r.UnreachableConds(f.Goal); len(bad) > 0 {
			add(goalKey(src), "unreachable-goal", "the file's goal can never be reached: %s", why(bad))
		}
	}

	unreachablePlaces(f, add)

	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i].Pos, out[j].Pos
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		if a.Col != b.Col {
			return a.Col < b.Col
		}
		return out[i].Msg < out[j].Msg
	})
	return out
}

// goalLine matches the top-level `goal:` key of a YAML file, or a
// `"goal":` key of a JSON one.
var goalLine = []*regexp.Regexp{regexp.MustCompile(`^goal\s*:`), regexp.MustCompile(`^\s*"goal"\s*:`)}

// goalKey finds the file's `goal:` key in src. The loader does not record
// its position, so this reads the text: a best effort.
func goalKey(src []byte) goapfile.Position {
	lines := strings.Split(string(src), "\n")
	for _, re := range goalLine {
		for i, line := range lines {
			if loc := re.FindStringIndex(line); loc != nil {
				col := strings.Index(line, strings.TrimLeft(line, " \t")) + 1
				return goapfile.Position{Line: i + 1, Col: col}
			}
		}
	}
	return goapfile.Position{}
}

// CondText describes a goap.Conds value on fact f as the file wrote it,
// in the notation of the core's descriptions: "armed", "!armed",
// "ammo<3", "at=shop", "at!=shop". (goap.Cond.String describes the
// values that meet it instead: "ammo<=2".)
func CondText(f goap.Fact, c any) string {
	op, v := goap.OpEq, c
	if cmp, ok := c.(goap.Compare); ok {
		op, v = cmp.Op, cmp.Value
	}
	if b, ok := v.(bool); ok && f.Kind == goap.BoolFact && (op == goap.OpEq || op == goap.OpNe) {
		if b == (op == goap.OpEq) {
			return f.Name
		}
		return "!" + f.Name
	}
	return fmt.Sprintf("%s%v%v", f.Name, op, v)
}

// eventStates returns the states scripted events lead to from start: after
// each event, with the earlier ones applied too.
func eventStates(start goap.State, events []simspec.WorldChange) []goap.State {
	var out []goap.State
	s := start.Clone()
	for _, e := range events {
		for name, v := range e.Set {
			_ = s.SetValue(name, v) // checked by the loader
		}
		out = append(out, s.Clone())
	}
	return out
}

// setStates returns start with each of sets applied (an order's target).
func setStates(start goap.State, sets []map[string]any) []goap.State {
	var out []goap.State
	for _, m := range sets {
		if len(m) == 0 {
			continue
		}
		s := start.Clone()
		for name, v := range m {
			_ = s.SetValue(name, v) // checked by the loader
		}
		out = append(out, s)
	}
	return out
}

// unreachablePlaces warns about the map's objects and points that no
// agent on the map can walk to, every door open.
func unreachablePlaces(f *goapfile.File, add func(goapfile.Position, string, string, ...any)) {
	if f.Map == nil {
		return
	}
	g := f.Map.Clone()
	for _, d := range f.Doors {
		_ = g.SetDoor(d, space.DoorOpen) // a door of the map
	}
	var starts []space.Cell
	for _, a := range f.Agents {
		if a.At != nil {
			starts = append(starts, space.Cell{X: a.At[0], Y: a.At[1]})
		}
	}
	if len(starts) == 0 {
		return
	}
	pf := space.NewPathfinder(g)
	for _, o := range f.Objects {
		if o.At == nil {
			continue
		}
		to := space.Cell{X: o.At[0], Y: o.At[1]}
		reached := false
		for _, s := range starts {
			if _, ok := pf.Distance(s, to); ok || s == to {
				reached = true
				break
			}
			if near(g, pf, s, to) {
				reached = true
				break
			}
		}
		if !reached {
			add(f.Pos(goapfile.KindObject, o.Name), "unreachable-place",
				"no agent can reach %s (%s at %d,%d), even with every door open", o.Name, o.Type, o.At[0], o.At[1])
		}
	}
}

// near reports whether an agent from s can stand next to to: cover, a
// wall-mounted object or a door is used from a neighbouring cell.
func near(g *space.Grid, pf *space.Pathfinder, s, to space.Cell) bool {
	for dx := -1; dx <= 1; dx++ {
		for dy := -1; dy <= 1; dy++ {
			c := space.Cell{X: to.X + dx, Y: to.Y + dy}
			if (dx != 0 || dy != 0) && g.Walkable(c) {
				if _, ok := pf.Distance(s, c); ok {
					return true
				}
			}
		}
	}
	return false
}

// sightFact reports whether the simulator writes the named fact for an
// agent with sight: what it sees, and what its squad knows.
func sightFact(n string) bool {
	switch n {
	case "enemy_in_sight", "in_cover", "enemy_known":
		return true
	}
	return strings.HasPrefix(n, "sees(") || strings.HasPrefix(n, "clear(") || strings.HasPrefix(n, "known(") || strings.HasPrefix(n, "seen_ago(")
}
