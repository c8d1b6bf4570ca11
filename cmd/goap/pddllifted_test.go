package main

import (
	"bufio"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/goap-go/goap"
	"github.com/goap-go/goap/goapfile"
	"github.com/goap-go/goap/pddl"
)

// ipcInstance is one line of pddl/testdata/optimal.tsv.
type ipcInstance struct {
	domain, task string
	optimal      string
	lmcutExp     int // Fast Downward's LM-cut expansions; -1 when it timed out
}

func ipcInstances(t *testing.T) []ipcInstance {
	f, err := os.Open("../../pddl/testdata/optimal.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []ipcInstance
	sc := bufio.NewScanner(f)
	sc.Scan() // header
	for sc.Scan() {
		c := strings.Split(sc.Text(), "\t")
		in := ipcInstance{domain: c[0], task: c[1], optimal: c[2], lmcutExp: -1}
		if c[5] != "-" {
			in.lmcutExp, _ = strconv.Atoi(c[5])
		}
		out = append(out, in)
	}
	return out
}

// TestPddlLiftedExportInstances exports every shipped IPC instance as a
// lifted designer file and checks it against the PDDL task:
//   - goapfile loads it;
//   - along random walks from the start, the two domains agree: every
//     ground action PDDL can apply the export can apply too (by name:
//     pick(ball1,rooma,left) for (pick ball1 rooma left); a case of an
//     equality split, move[from=to](...), counts as its action), with the
//     same cost and the same successor, or it changes nothing (a no-op
//     the export leaves out); the export applies no other action; both
//     agree on whether the goal holds; atoms PDDL cannot reach stay false;
//   - goap plan finds the optimal cost on the instances Fast Downward's
//     LM-cut solves within 2,000 expansions (all, without -short).
func TestPddlLiftedExportInstances(t *testing.T) {
	dir := t.TempDir()
	for _, in := range ipcInstances(t) {
		t.Run(in.domain+"/"+in.task, func(t *testing.T) {
			ddir := filepath.Join("../../pddl/testdata", in.domain)
			dfile, pfile := filepath.Join(ddir, "domain.pddl"), filepath.Join(ddir, in.task+".pddl")
			out := filepath.Join(dir, in.domain+"-"+in.task+".yaml")
			if stdout, stderr, code := runGoap(t, "pddl", dfile, pfile, "--export", out); code != 0 || !strings.Contains(stdout, "lifted actions") {
				t.Fatalf("--export: exit %d\n%s%s", code, stdout, stderr)
			}
			f, err := goapfile.Load(out)
			if err != nil {
				t.Fatal(err)
			}
			task := groundIPC(t, dfile, pfile)
			walkBoth(t, task, f)
			if len(task.Groups) == 0 {
				t.Error("no mutex groups found")
			}
			task.Groups = nil // and the plain encoding, a boolean per atom
			walkBoth(t, task, f)
			if in.lmcutExp < 0 || in.lmcutExp > 2000 || testing.Short() && in.lmcutExp > 200 {
				return
			}
			stdout, stderr, code := runGoap(t, "plan", out, "--search", "forward", "--heuristic", "lmcut")
			if code != 0 || !strings.Contains(stdout, "total cost "+in.optimal+" ") {
				t.Fatalf("goap plan: exit %d, want cost %s\n%s%s", code, in.optimal, stdout, stderr)
			}
		})
	}
}

// groundIPC parses and grounds a PDDL task.
func groundIPC(t *testing.T, dfile, pfile string) *pddl.Task {
	t.Helper()
	ds, _ := os.ReadFile(dfile)
	ps, _ := os.ReadFile(pfile)
	d, err := pddl.ParseDomain(dfile, ds)
	if err != nil {
		t.Fatal(err)
	}
	pr, err := pddl.ParseProblem(pfile, ps, d)
	if err != nil {
		t.Fatal(err)
	}
	task, err := pddl.Ground(d, pr)
	if err != nil {
		t.Fatal(err)
	}
	return task
}

// walkBoth walks the PDDL task and the export side by side at random.
func walkBoth(t *testing.T, task *pddl.Task, f *goapfile.File) {
	t.Helper()
	pd, ps, pgoal, err := task.Compile()
	if err != nil {
		t.Fatal(err)
	}
	ed, es := f.Domain, f.Start.Clone()
	// The export's fact for each PDDL atom ("at ball1 rooma" ->
	// at(ball1,rooma)). An atom of a mutex group holds when its group's
	// enum fact has it as its value; another is a boolean fact.
	atoms := make([]string, len(task.Spec.Facts))
	factOf := make([]goap.FactID, len(atoms))
	mapped := map[goap.FactID]bool{}
	group := map[string]string{}
	for _, g := range task.Groups {
		for _, a := range g.Atoms {
			group[a] = g.Name
		}
	}
	for i, f := range task.Spec.Facts {
		atoms[i] = f.Name
		fs := strings.Fields(f.Name)
		id, ok := ed.FactID(atomKey(fs[0], fs[1:]))
		factOf[i] = -1
		if ok {
			factOf[i] = id
			mapped[id] = true
		}
	}
	holds := func(p goap.State, atom string) bool {
		if g, ok := group[atom]; ok {
			v, _ := p.Value(g)
			return v == atom
		}
		v, _ := p.Value(atom)
		return v == true
	}
	byName := map[string]goap.ActionID{}
	for i := 0; i < ed.NumActions(); i++ {
		name, args := ed.Binding(goap.ActionID(i))
		if cut := strings.IndexByte(name, '['); cut >= 0 {
			name = name[:cut]
		}
		byName[atomKey(name, args)] = goap.ActionID(i)
	}
	same := func(p, e goap.State) string {
		for i, atom := range atoms {
			want := holds(p, atom)
			if factOf[i] < 0 {
				if want {
					return atom + " holds, and the export has no such fact"
				}
				continue
			}
			if e.Bool(factOf[i]) != want {
				return atom + " differs"
			}
		}
		for i, name := range ed.FactNames() {
			if !mapped[goap.FactID(i)] && e.Bool(goap.FactID(i)) && !strings.HasPrefix(name, "(") {
				return name + " holds in the export, and PDDL cannot reach it"
			}
		}
		return ""
	}
	r := rand.New(rand.NewSource(int64(len(task.Ground))))
	start, estart := ps.Clone(), es.Clone()
	if why := same(ps, es); why != "" {
		t.Fatalf("start: %s", why)
	}
	for step := 0; step < 300; step++ {
		var moves []goap.ActionID
		seen := map[goap.ActionID]bool{}
		for i, g := range task.Ground {
			a := goap.ActionID(i)
			if !pd.Applicable(ps, a) {
				continue
			}
			name := atomKey(g.Schema.Name, g.Args)
			next := ps.Clone()
			pd.Apply(next, a)
			ea, ok := byName[name]
			if !ok {
				if !next.Equal(ps) {
					t.Fatalf("step %d: %s applies in PDDL and changes the state; the export has no such action", step, name)
				}
				continue
			}
			seen[ea] = true
			if !ed.Applicable(es, ea) {
				t.Fatalf("step %d: %s applies in PDDL, not in the export", step, name)
			}
			if pd.ActionCost(a) != ed.ActionCost(ea) {
				t.Fatalf("%s costs %v in PDDL, %v in the export", name, pd.ActionCost(a), ed.ActionCost(ea))
			}
			enext := es.Clone()
			ed.Apply(enext, ea)
			if why := same(next, enext); why != "" {
				t.Fatalf("step %d: after %s: %s", step, name, why)
			}
			moves = append(moves, a)
		}
		for i := 0; i < ed.NumActions(); i++ {
			if a := goap.ActionID(i); !seen[a] && ed.Applicable(es, a) {
				t.Fatalf("step %d: %s applies in the export, and PDDL has no such action", step, ed.ActionName(a))
			}
		}
		if ps.Satisfies(pgoal) != es.Satisfies(f.Goal) {
			t.Fatalf("step %d: the goal holds in one, not in the other", step)
		}
		if len(moves) == 0 || r.Intn(40) == 0 {
			ps, es = start.Clone(), estart.Clone()
			continue
		}
		a := moves[r.Intn(len(moves))]
		g := task.Ground[a]
		pd.Apply(ps, a)
		ed.Apply(es, byName[atomKey(g.Schema.Name, g.Args)])
	}
}

// TestPddlLiftedExportRandom checks the lifted export on random typed
// tasks with what the IPC instances use little: a type hierarchy with
// parameters of a supertype and of either types, two parameters whose
// add and delete can meet (with or without an equality precondition),
// constants, static relations, and action costs from :init. goap plan on
// the export must give the answer goap pddl gives.
func TestPddlLiftedExportRandom(t *testing.T) {
	r := rand.New(rand.NewSource(29))
	dir := t.TempDir()
	domain, problem, out := filepath.Join(dir, "d.pddl"), filepath.Join(dir, "p.pddl"), filepath.Join(dir, "task.yaml")
	kinds := map[string]int{}
	for i := range 150 {
		ds, ps := randomTypedPDDL(r)
		if err := os.WriteFile(domain, []byte(ds), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(problem, []byte(ps), 0o644); err != nil {
			t.Fatal(err)
		}
		stdout, stderr, code := runGoap(t, "pddl", domain, problem)
		if code == exitUsage && strings.Contains(stderr, "has no value in :init") {
			kinds["refused"]++ // a reachable action without a cost
			continue
		}
		if code == exitUsage {
			t.Fatalf("task %d: exit %d: %s\n%s%s", i, code, stderr, ds, ps)
		}
		want := "no plan"
		if code == 0 {
			want = "total cost " + pddlCost(t, stdout) + " "
		}
		stdout, stderr, code = runGoap(t, "pddl", domain, problem, "--export", out)
		if code != 0 || !strings.Contains(stdout, "lifted actions") {
			t.Fatalf("task %d: --export: exit %d: %s%s\n%s%s", i, code, stdout, stderr, ds, ps)
		}
		data, _ := os.ReadFile(out)
		for _, k := range []string{"[", "has-", "numbers:", "=(?", "\ntypes:"} {
			if strings.Contains(string(data), k) {
				kinds[k]++
			}
		}
		stdout, stderr, code = runGoap(t, "plan", out)
		if code == exitUsage || !strings.Contains(stdout, want) {
			t.Fatalf("task %d: goap plan on the export: exit %d, want %q\n%s%s\n%s%s\n%s", i, code, want, stdout, stderr, ds, ps, data)
		}
		kinds[want[:7]]++
	}
	t.Logf("%v", kinds)
	// has- guards are rare here (the elevators instances need them).
	for _, k := range []string{"[", "numbers:", "=(?", "no plan", "total c", "\ntypes:"} {
		if kinds[k] < 5 {
			t.Errorf("only %d tasks with %q: the generator should make more", kinds[k], k)
		}
	}
}

// randomTypedPDDL makes a small random typed task with action costs:
// types a and b under t, objects of each (and a constant), a static
// relation link, fluents p (on t) and q (on t, t), and two-parameter
// actions whose parameters are of type a, b, t or (either a b).
func randomTypedPDDL(r *rand.Rand) (domain, problem string) {
	types := []string{"a", "b", "t", "(either a b)"}
	pick := func(l []string) string { return l[r.Intn(len(l))] }
	var acts []string
	for i, n := 0, 1+r.Intn(3); i < n; i++ {
		var pre, eff []string
		lit := func(neg bool, s string) string {
			if neg {
				return "(not " + s + ")"
			}
			return s
		}
		atom := func() string {
			if r.Intn(2) == 0 {
				return "(p " + pick([]string{"?x", "?y", "c0"}) + ")"
			}
			return "(q " + pick([]string{"?x", "?y"}) + " " + pick([]string{"?x", "?y", "c0"}) + ")"
		}
		for j, m := 0, r.Intn(3); j < m; j++ {
			pre = append(pre, lit(r.Intn(3) == 0, atom()))
		}
		switch r.Intn(4) {
		case 0:
			pre = append(pre, "(link ?x ?y)")
		case 1:
			pre = append(pre, lit(r.Intn(2) == 0, "(= ?x ?y)"))
		}
		// An add and a delete that meet when ?x and ?y are one object.
		if r.Intn(2) == 0 {
			eff = append(eff, "(p ?y)", "(not (p ?x))")
		}
		for j, m := 0, 1+r.Intn(2); j < m; j++ {
			eff = append(eff, lit(r.Intn(3) == 0, atom()))
		}
		cost := "(increase (total-cost) 1)"
		if r.Intn(2) == 0 {
			cost = "(increase (total-cost) (dist ?x ?y))"
		}
		acts = append(acts, fmt.Sprintf("(:action act%d :parameters (?x - %s ?y - %s) :precondition (and %s) :effect (and %s %s))",
			i, pick(types), pick(types), strings.Join(pre, " "), strings.Join(eff, " "), cost))
	}
	domain = fmt.Sprintf(`(define (domain typed) (:requirements :strips :typing :equality :negative-preconditions :action-costs)
 (:types a b - t t - object)
 (:constants c0 - a)
 (:predicates (p ?x - t) (q ?x ?y - t) (link ?x ?y - t))
 (:functions (total-cost) - number (dist ?x ?y - t) - number)
 %s)
`, strings.Join(acts, "\n "))
	objs := []string{"c0", "a1", "b1", "b2"}
	var init, goal []string
	for i, n := 0, r.Intn(4); i < n; i++ {
		if r.Intn(2) == 0 {
			init = append(init, "(p "+pick(objs)+")")
		} else {
			init = append(init, "(link "+pick(objs)+" "+pick(objs)+")")
		}
	}
	// dist is given for most pairs: a binding without a value must be
	// one PDDL cannot reach (or the task is refused on both sides).
	for _, x := range objs {
		for _, y := range objs {
			if r.Intn(4) != 0 {
				init = append(init, fmt.Sprintf("(= (dist %s %s) %d)", x, y, r.Intn(4)))
			}
		}
	}
	for i, n := 0, 1+r.Intn(2); i < n; i++ {
		if r.Intn(2) == 0 {
			goal = append(goal, "(p "+pick(objs)+")")
		} else {
			goal = append(goal, "(q "+pick(objs)+" "+pick(objs)+")")
		}
	}
	problem = fmt.Sprintf("(define (problem p) (:domain typed) (:objects a1 - a b1 b2 - b)\n (:init %s)\n (:goal (and %s)) (:metric minimize (total-cost)))\n",
		strings.Join(init, " "), strings.Join(goal, " "))
	return domain, problem
}
