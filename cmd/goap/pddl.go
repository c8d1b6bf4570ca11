package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"time"

	"go.yaml.in/yaml/v3"

	"github.com/goap-go/goap"
	"github.com/goap-go/goap/pddl"
)

// PddlCommand runs `goap pddl DOMAIN PROBLEM`: it parses and grounds a
// PDDL task, plans, and prints the plan in IPC format.
//
// Exit status: 0 when a plan is found (or the goal holds at the start);
// 1 when no plan exists or a limit stops the search; 2 on bad input.
type PddlCommand struct {
	Stdout, Stderr io.Writer
	// HideTimings leaves times out of the output.
	HideTimings bool
}

// Run runs the command with args (after "pddl").
func (c *PddlCommand) Run(ctx context.Context, args []string) (err error) {
	fs := newFlagSet("pddl")
	maxFile := addMaxFileSize(fs)
	var (
		search               searchFlags
		asJSON               bool
		export, exportGround string
		remote               string
		noMutex              bool
	)
	search.add(fs, true)
	fs.BoolVar(&asJSON, "json", false, "print one JSON object")
	fs.StringVar(&export, "export", "", "write the task as a designer `FILE` (YAML) with objects and lifted actions, and do not plan")
	fs.StringVar(&exportGround, "export-ground", "", "write the grounded task as a designer `FILE` (YAML), one action per ground action, and do not plan")
	fs.StringVar(&remote, "remote", "", "plan through the planning service at `URL` (goap serve)")
	fs.BoolVar(&noMutex, "no-mutex", false, "encode each atom as a boolean fact, not mutex groups as enum facts")
	var lim pddl.Limits
	fs.IntVar(&lim.MaxGroundActions, "max-ground-actions", pddl.DefaultMaxGroundActions, "stop grounding past `N` reachable ground actions")
	fs.IntVar(&lim.MaxAtoms, "max-atoms", pddl.DefaultMaxAtoms, "stop grounding past `N` reachable atoms")
	fs.IntVar(&lim.MaxBindings, "max-bindings", pddl.DefaultMaxBindings, "stop grounding after trying `N` candidate bindings")
	files, help, err := parse(fs, "pddl", args, c.Stdout)
	if help || err != nil {
		return err
	}
	if asJSON {
		defer func() { err = writeJSONError(c.Stdout, err) }()
	}
	if err := search.check("pddl"); err != nil {
		return err
	}
	ctx, cancel := search.startProcess(ctx)
	defer cancel()
	if len(files) != 2 {
		return usageError("pddl", "want DOMAIN and PROBLEM files, got %d arguments", len(files))
	}
	for _, l := range []struct {
		name string
		n    int
	}{{"max-ground-actions", lim.MaxGroundActions}, {"max-atoms", lim.MaxAtoms}, {"max-bindings", lim.MaxBindings}} {
		if l.n < 1 {
			return usageError("pddl", "--%s must be >= 1, got %d", l.name, l.n)
		}
	}
	t0 := time.Now()
	if export != "" && exportGround != "" {
		return usageError("pddl", "--export and --export-ground each write the task: give one")
	}
	if noMutex && remote != "" {
		// The service grounds the files itself, always with the groups.
		return usageError("pddl", "--no-mutex is not sent to the service: plan locally, or drop --no-mutex with --remote")
	}
	d, pr, task, err := loadPDDL(ctx, files[0], files[1], *maxFile, lim, &search)
	if err != nil {
		return err
	}
	if noMutex {
		task.Groups = nil
	}
	if export != "" {
		return c.exportLifted(d, pr, task, export)
	}
	if exportGround != "" {
		data, err := exportYAML(task)
		if err != nil {
			return inputError("pddl", "%w", err)
		}
		if err := os.WriteFile(exportGround, data, 0o666); err != nil {
			return inputError("pddl", "%w", err)
		}
		fmt.Fprintf(c.Stdout, "; wrote %s: %d facts, %d actions\n", exportGround, len(task.Spec.Facts), len(task.Spec.Actions))
		return nil
	}
	var (
		res                    goap.Result
		plan                   []string
		groundTime, searchTime time.Duration
		// searchCPU is the process's CPU time during a local search (0
		// when not measured): on a shared machine the wall time is not
		// the search's own, and Fast Downward reports CPU time.
		searchCPU time.Duration
	)
	if remote != "" {
		// Grounded here to check the files (positioned errors, limits)
		// and for the figures printed; the service grounds them again.
		groundTime = time.Since(t0)
		if res, plan, searchTime, err = planPDDLRemote(ctx, remote, files, *maxFile, lim, task, &search); err != nil {
			return err
		}
	} else {
		dom, start, goal, err := task.CompileContext(ctx)
		if stop := search.stopped(ctx, "pddl", "compiling the grounded task", err); stop != nil {
			return stop
		}
		if err != nil {
			return inputError("pddl", "grounded task does not compile: %w", err)
		}
		groundTime = time.Since(t0)

		pl := goap.NewPlanner(dom)
		pl.Options = search.opts
		if pl.Options.Direction == goap.Auto && pl.Options.Heuristic == goap.AutoHeuristic {
			// Classical benchmarks need the strongest admissible estimate:
			// forward LM-cut expands close to Fast Downward's LM-cut there.
			// (The service does the same for a pddl request.)
			pl.Options.Direction, pl.Options.Heuristic = goap.Forward, goap.LMCut
		}
		cpu0, measured := processCPU()
		res, searchTime = search.plan(ctx, pl, start, goal)
		if cpu1, ok := processCPU(); ok && measured {
			searchCPU = cpu1 - cpu0
		}
		plan = make([]string, len(res.Plan))
		for i, a := range res.Plan {
			plan[i] = task.Ground[a].IPC()
		}
	}
	if c.HideTimings {
		groundTime, searchTime, searchCPU = 0, 0, 0
	}
	found := res.Status == goap.Found || res.Status == goap.AlreadySatisfied
	if asJSON {
		out := struct {
			Status        string   `json:"status"`
			Plan          []string `json:"plan"`
			Cost          *float64 `json:"cost,omitempty"`
			Facts         int      `json:"facts"`
			MutexGroups   int      `json:"mutex_groups"`
			GroundActions int      `json:"ground_actions"`
			Expanded      int      `json:"expanded"`
			Generated     int      `json:"generated"`
			Direction     string   `json:"direction"`
			GroundMS      float64  `json:"ground_ms,omitempty"`
			SearchMS      float64  `json:"search_ms,omitempty"`
			SearchCPUMS   float64  `json:"search_cpu_ms,omitempty"`
			Error         string   `json:"error,omitempty"`
		}{Status: res.Status.String(), Plan: plan, Facts: len(task.Spec.Facts), MutexGroups: len(task.Groups), GroundActions: len(task.Spec.Actions),
			Expanded: res.Expanded, Generated: res.Generated, Direction: res.Direction.String(),
			GroundMS: ms(groundTime), SearchMS: ms(searchTime), SearchCPUMS: ms(searchCPU)}
		if found {
			out.Cost = &res.Cost
		}
		if res.Err != nil {
			out.Error = res.Err.Error()
		}
		enc := json.NewEncoder(c.Stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(out); err != nil {
			return err
		}
	} else {
		w := c.Stdout
		for _, p := range plan {
			fmt.Fprintln(w, p)
		}
		switch {
		case found:
			fmt.Fprintf(w, "; cost = %s\n", strconv.FormatFloat(res.Cost, 'g', -1, 64))
		case res.Status == goap.NoPlan:
			fmt.Fprintln(w, "; no plan exists")
		case res.Status == goap.LimitReached:
			why := search.limitWhy(res)
			fmt.Fprintf(w, "; no plan yet: %s\n", why)
		}
		grouped := 0
		for _, g := range task.Groups {
			grouped += len(g.Atoms)
		}
		groups := "groups"
		if len(task.Groups) == 1 {
			groups = "group"
		}
		fmt.Fprintf(w, "; facts %d (%d mutex %s of %d, %d booleans), ground actions %d, static atoms compiled away %d",
			len(task.Spec.Facts), len(task.Groups), groups, grouped, len(task.Spec.Facts)-grouped, len(task.Spec.Actions), task.StaticAtoms)
		if groundTime > 0 {
			fmt.Fprintf(w, ", grounded in %v", groundTime.Round(time.Microsecond))
		}
		fmt.Fprintf(w, "\n; search: %s, %d expanded, %d generated", res.Direction, res.Expanded, res.Generated)
		if searchTime > 0 {
			fmt.Fprintf(w, ", %v", searchTime.Round(time.Microsecond))
		}
		if searchCPU > 0 {
			fmt.Fprintf(w, ", cpu %v", searchCPU.Round(time.Microsecond))
		}
		fmt.Fprintln(w)
	}
	switch res.Status {
	case goap.Found, goap.AlreadySatisfied:
		return nil
	case goap.Failed:
		return reportedInJSON(inputError("pddl", "planning failed: %v", res.Err), asJSON)
	}
	return silentExit(exitNo)
}

// planPDDLRemote plans a task through the service at url (see
// remote.go): the two files' texts, with the grounding limits, and the
// plan back as IPC lines.
func planPDDLRemote(ctx context.Context, url string, files []string, maxFile int64, lim pddl.Limits, task *pddl.Task, search *searchFlags) (goap.Result, []string, time.Duration, error) {
	search.watch.stop()
	texts := make([]string, 2)
	for i, name := range files {
		data, err := readInput("pddl", name, maxFile)
		if err != nil {
			return goap.Result{}, nil, 0, err
		}
		texts[i] = string(data)
	}
	o := remoteOptionsOf(ctx, search)
	o.MaxGroundActions, o.MaxAtoms, o.MaxBindings = lim.MaxGroundActions, lim.MaxAtoms, lim.MaxBindings
	reply, err := planRemote(ctx, "pddl", url, remoteRequest{Format: "pddl", DomainText: texts[0], ProblemText: texts[1], Options: o})
	if err != nil {
		return goap.Result{}, nil, 0, err
	}
	ipc := make(map[string]goap.ActionID, len(task.Ground))
	for i, g := range task.Ground {
		ipc[g.IPC()] = goap.ActionID(i)
	}
	res, err := reply.result(search, func(name string) (goap.ActionID, bool) { id, ok := ipc[name]; return id, ok })
	if err != nil {
		return res, nil, 0, inputError("pddl", "--remote %s: %v", redactURL(url), err)
	}
	return res, append([]string{}, reply.Plan...), time.Duration(reply.ElapsedNS), nil
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// loadPDDL parses and grounds a domain and a problem file (each at most
// maxFile bytes) within lim and ctx (whose deadline is --timeout, and
// which startProcess's watchdog cancels at --max-memory).
func loadPDDL(ctx context.Context, domainFile, problemFile string, maxFile int64, lim pddl.Limits, search *searchFlags) (*pddl.Domain, *pddl.Problem, *pddl.Task, error) {
	ds, err := readInput("pddl", domainFile, maxFile)
	if err != nil {
		return nil, nil, nil, err
	}
	ps, err := readInput("pddl", problemFile, maxFile)
	if err != nil {
		return nil, nil, nil, err
	}
	d, err := pddl.ParseDomainContext(ctx, domainFile, ds)
	if stop := search.stopped(ctx, "pddl", "reading "+domainFile, err); stop != nil {
		return nil, nil, nil, stop
	}
	if err != nil {
		return nil, nil, nil, &exitError{code: exitUsage, msg: err.Error(), cause: err}
	}
	pr, err := pddl.ParseProblemContext(ctx, problemFile, ps, d)
	if stop := search.stopped(ctx, "pddl", "reading "+problemFile, err); stop != nil {
		return nil, nil, nil, stop
	}
	if err != nil {
		return nil, nil, nil, &exitError{code: exitUsage, msg: err.Error(), cause: err}
	}
	task, err := pddl.GroundContext(ctx, d, pr, lim)
	var le *pddl.LimitError
	switch stop := search.stopped(ctx, "pddl", "grounding", err); {
	case err == nil:
		return d, pr, task, nil
	case stop != nil:
		return nil, nil, nil, stop
	case errors.As(err, &le):
		flag := map[string]string{"bindings": "--max-bindings", "ground actions": "--max-ground-actions", "atoms": "--max-atoms"}[le.Limit]
		e := limitError("pddl", "%v (the limit is %s %d; raise it to ground this task)", err, flag, le.Max)
		e.(*exitError).cause = le.Err
		return nil, nil, nil, e
	}
	return nil, nil, nil, &exitError{code: exitUsage, msg: err.Error(), cause: err}
}

// exportYAML renders a grounded task as a designer file that goap plan
// loads: name, the facts no action mentions (a designer file declares the
// others by using them), actions, start and goal. The YAML encoder quotes
// the names, which contain spaces.
// The stand-ins of an export whose grounding left no action, or a goal
// that holds for good.
const (
	exportNoAction  = "no ground action"
	exportGoalHolds = "(the goal holds for good)"
)

func exportYAML(t *pddl.Task) ([]byte, error) {
	type fact struct {
		Type string `yaml:"type"`
	}
	type action struct {
		Name          string          `yaml:"name"`
		Cost          float64         `yaml:"cost"`
		Preconditions map[string]bool `yaml:"preconditions,omitempty"`
		Effects       map[string]bool `yaml:"effects,omitempty"`
	}
	out := struct {
		Name    string          `yaml:"name"`
		Facts   map[string]fact `yaml:"facts,omitempty"`
		Actions []action        `yaml:"actions"`
		Start   map[string]bool `yaml:"start"`
		Goal    map[string]bool `yaml:"goal"`
	}{Name: t.Spec.Name, Facts: map[string]fact{}, Start: map[string]bool{}, Goal: map[string]bool{}}
	used := map[string]bool{}
	for _, a := range t.Spec.Actions {
		for k := range a.Pre {
			used[k] = true
		}
		for k := range a.Effects {
			used[k] = true
		}
	}
	for _, f := range t.Spec.Facts {
		if !used[f.Name] {
			out.Facts[f.Name] = fact{Type: "bool"}
		}
	}
	for _, a := range t.Spec.Actions {
		x := action{Name: a.Name, Cost: a.Cost, Preconditions: map[string]bool{}, Effects: map[string]bool{}}
		for k, v := range a.Pre {
			x.Preconditions[k] = v.(bool)
		}
		for k, v := range a.Effects {
			x.Effects[k] = v.(bool)
		}
		out.Actions = append(out.Actions, x)
	}
	for _, f := range t.Init {
		out.Start[f] = true
	}
	for k, v := range t.Spec.Goals[0].Desired {
		out.Goal[k] = v.(bool)
	}
	// A designer file needs an action and a goal condition, which
	// grounding may leave none of (nothing reachable; every goal literal
	// true for good). Stand-ins keep the file loadable and its answer
	// the task's: an action that can never run, a goal condition the
	// start meets and nothing changes. Their names, in parentheses,
	// cannot be a ground atom's.
	if len(out.Actions) == 0 {
		out.Actions = append(out.Actions, action{Name: exportNoAction, Cost: 1,
			Preconditions: map[string]bool{exportNoAction: true}, Effects: map[string]bool{exportNoAction: false}})
	}
	if len(out.Goal) == 0 {
		out.Goal[exportGoalHolds] = true
		out.Start[exportGoalHolds] = true
		out.Facts[exportGoalHolds] = fact{Type: "bool"}
	}
	return yaml.Marshal(out)
}
