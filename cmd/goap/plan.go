package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/goap-go/goap"
	"github.com/goap-go/goap/goapfile"
)

// PlanCommand runs `goap plan FILE`: it plans from the file's start state
// (with --set overrides) to its goal (or --goal) and prints the plan.
//
// Exit status: 0 when a plan is found or the start already meets the
// goal; 1 when no plan exists, or when --max-expansions, --timeout or an
// interrupt stops the search first (the best progress is printed); 2 on
// bad input.
type PlanCommand struct {
	Stdout, Stderr io.Writer
	// HideTimings leaves the search time out of the output.
	HideTimings bool
}

// Run runs the command with args (after "plan").
func (c *PlanCommand) Run(ctx context.Context, args []string) (err error) {
	fs := newFlagSet("plan")
	maxFile := addMaxFileSize(fs)
	var (
		goal   string
		sets   setList
		search searchFlags
		asJSON bool
		remote string
	)
	fs.StringVar(&goal, "goal", "", "plan for the goal `NAME` of the file's goals: list")
	fs.StringVar(&remote, "remote", "", "plan through the planning service at `URL` (goap serve)")
	fs.Var(&sets, "set", "override a start value: `fact=value` (repeatable)")
	search.add(fs, true)
	fs.BoolVar(&asJSON, "json", false, "print one JSON object")
	files, help, err := parse(fs, "plan", args, c.Stdout)
	if help || err != nil {
		return err
	}
	if asJSON {
		defer func() { err = writeJSONError(c.Stdout, err) }()
	}
	if err := search.check("plan"); err != nil {
		return err
	}
	ctx, cancel := search.startProcess(ctx)
	defer cancel()
	if len(files) != 1 {
		return usageError("plan", "want one FILE, got %d arguments", len(files))
	}
	f, text, err := loadFileContext(ctx, "plan", files[0], *maxFile, &search)
	if err != nil {
		return err
	}
	start, err := applySets("plan", f, sets)
	if err != nil {
		return err
	}
	target, err := pickGoal("plan", f, goal)
	if err != nil {
		return err
	}

	var (
		res     goap.Result
		elapsed time.Duration
		why     *whyJSON
	)
	if remote != "" {
		if res, why, elapsed, err = c.planRemote(ctx, remote, f, text, start, target, &search); err != nil {
			return err
		}
	} else {
		pl := goap.NewPlanner(f.Domain)
		pl.Options = search.opts
		res, elapsed = search.plan(ctx, pl, start, target)
		why = whyOf(f.Domain, res)
	}
	if c.HideTimings {
		elapsed = 0
	}

	switch {
	case asJSON:
		if err := c.writeJSON(f, target, res, why, elapsed); err != nil {
			return err
		}
	case res.Status != goap.Failed:
		c.writeText(f, start, target, res, why, elapsed, search)
	}
	switch res.Status {
	case goap.Found, goap.AlreadySatisfied:
		return nil
	case goap.Failed:
		return reportedInJSON(inputError("plan", "planning failed: %v", res.Err), asJSON)
	}
	return silentExit(exitNo)
}

// writeText prints the plan as a table, or why there is none.
func (c *PlanCommand) writeText(f *goapfile.File, start goap.State, t *goap.Target, res goap.Result, why *whyJSON, elapsed time.Duration, search searchFlags) {
	w := c.Stdout
	d := f.Domain
	fmt.Fprintf(w, "goal:  %s\n", describeGoal(f, t))
	fmt.Fprintf(w, "start: %s\n", start)
	switch res.Status {
	case goap.Found, goap.AlreadySatisfied:
		if res.Status == goap.AlreadySatisfied {
			fmt.Fprintln(w, "\nthe start already meets the goal: nothing to do")
		} else {
			fmt.Fprintln(w)
			writePlanTable(w, d, res.Plan, stepCosts(d, res.Plan))
		}
		fmt.Fprintf(w, "\ntotal cost %s in %s\n", formatCost(res.Cost), plural(len(res.Plan), "step"))
	case goap.NoPlan:
		text := "<nil>" // as fmt prints a nil *goap.Explanation
		if why != nil {
			text = why.Text
		}
		fmt.Fprintf(w, "\n%s\n", text)
	case goap.LimitReached:
		why := search.limitWhy(res)
		fmt.Fprintf(w, "\nno plan yet: %s before the search finished\n", why)
		what := "first actions"
		if res.Direction == goap.Backward {
			what = "last actions"
		}
		if len(res.Partial) == 0 {
			fmt.Fprintln(w, "best progress: none yet")
		} else {
			fmt.Fprintf(w, "best progress (%s of the most promising plan): %s\n", what, strings.Join(d.ActionNames(res.Partial), ", "))
		}
	}
	if res.Status == goap.AlreadySatisfied {
		return // nothing was searched
	}
	fmt.Fprintf(w, "search: %s, %s expanded, %s generated", res.Direction, strconv.Itoa(res.Expanded), strconv.Itoa(res.Generated))
	if elapsed > 0 {
		fmt.Fprintf(w, ", %v", elapsed.Round(time.Microsecond))
	}
	fmt.Fprintln(w)
}

// whyOf is the explanation of a NoPlan result, nil for any other.
func whyOf(d *goap.Domain, res goap.Result) *whyJSON {
	e := res.Why()
	if e == nil {
		return nil
	}
	w := &whyJSON{Unreachable: []unreachableJSON{}, ClosestPlan: d.ActionNames(e.ClosestPlan), Unmet: e.Unmet, Text: e.String()}
	if w.Unmet == nil {
		w.Unmet = []string{}
	}
	for _, u := range e.Unreachable {
		w.Unreachable = append(w.Unreachable, unreachableJSON{u.Condition, u.Reason})
	}
	if !e.Closest.IsZero() {
		w.Closest = e.Closest.String()
	}
	return w
}

// planRemote plans through the service at url (see remote.go): the
// file's text, its goal by name (or the file's goal:) and the whole
// start state with --set applied.
func (c *PlanCommand) planRemote(ctx context.Context, url string, f *goapfile.File, text []byte, start goap.State, t *goap.Target, search *searchFlags) (goap.Result, *whyJSON, time.Duration, error) {
	search.watch.stop()
	req := remoteRequest{DomainText: string(text), State: start.Values(), Options: remoteOptionsOf(ctx, search)}
	if t != f.Goal {
		req.Goal = t.Name()
	}
	reply, err := planRemote(ctx, "plan", url, req)
	if err != nil {
		return goap.Result{}, nil, 0, err
	}
	res, err := reply.result(search, f.Domain.ActionID)
	if err != nil {
		return res, nil, 0, inputError("plan", "--remote %s: %v", redactURL(url), err)
	}
	return res, reply.Explanation, time.Duration(reply.ElapsedNS), nil
}

// stepCosts returns the cost of every step of plan.
func stepCosts(d *goap.Domain, plan []goap.ActionID) []float64 {
	costs := make([]float64, len(plan))
	for i, a := range plan {
		costs[i] = d.ActionCost(a)
	}
	return costs
}

// writePlanTable prints step, action, cost and running total.
func writePlanTable(w io.Writer, d *goap.Domain, plan []goap.ActionID, costs []float64) {
	rows := [][]string{{"step", "action", "cost", "total"}}
	total := 0.0
	for i, a := range plan {
		total += costs[i]
		rows = append(rows, []string{strconv.Itoa(i + 1), d.ActionName(a), formatCost(costs[i]), formatCost(total)})
	}
	widths := make([]int, 4)
	for _, r := range rows {
		for i, cell := range r {
			widths[i] = min(max(widths[i], utf8.RuneCountInString(cell)), maxColumn)
		}
	}
	for _, r := range rows {
		// Numbers right-aligned, names left-aligned.
		fmt.Fprintf(w, "%s  %s  %s  %s\n", pad(r[0], widths[0], true), pad(r[1], widths[1], false), pad(r[2], widths[2], true), pad(r[3], widths[3], true))
	}
}

// maxColumn is the widest a table column is padded to: a longer cell
// (a name of thousands of characters) runs past its column instead of
// pushing every other row that far.
const maxColumn = 60

// pad fills s with spaces to width characters, on the left when right
// is set (right-aligned), or returns s when it is that wide already.
func pad(s string, width int, right bool) string {
	n := width - utf8.RuneCountInString(s)
	if n <= 0 {
		return s
	}
	if right {
		return strings.Repeat(" ", n) + s
	}
	return s + strings.Repeat(" ", n)
}

// formatCost renders a cost briefly (9, 2.5), hiding the rounding noise
// of summed fractions.
func formatCost(c float64) string {
	r := math.Round(c*1e9) / 1e9
	return strconv.FormatFloat(r, 'f', -1, 64)
}

// stepJSON is one step of a plan, with its binding.
type stepJSON struct {
	Action string   `json:"action"`
	Args   []string `json:"args"`
}

// planJSON is the object `goap plan --json` prints.
type planJSON struct {
	File   string   `json:"file"`
	Goal   string   `json:"goal"`
	Status string   `json:"status"`
	Found  bool     `json:"found"`
	Plan   []string `json:"plan"`
	// Actions is the plan step by step with its bindings: the lifted
	// action and the objects bound ({"action":"Shoot","args":["r2"]});
	// a plain action has no args.
	Actions   []stepJSON `json:"actions"`
	Steps     int        `json:"steps"`
	Cost      float64    `json:"cost"`
	Expanded  int        `json:"expanded"`
	Generated int        `json:"generated"`
	Direction string     `json:"direction"`
	ElapsedNS int64      `json:"elapsed_ns"`
	// Partial is the best progress of a search stopped by a limit.
	Partial []string `json:"partial,omitempty"`
	Why     *whyJSON `json:"why"`
	Error   string   `json:"error,omitempty"`
}

// whyJSON is a goap.Explanation.
type whyJSON struct {
	Unreachable []unreachableJSON `json:"unreachable"`
	Closest     string            `json:"closest"`
	ClosestPlan []string          `json:"closest_plan"`
	Unmet       []string          `json:"unmet"`
	Text        string            `json:"text"`
}

type unreachableJSON struct {
	Condition string `json:"condition"`
	Reason    string `json:"reason"`
}

func (c *PlanCommand) writeJSON(f *goapfile.File, t *goap.Target, res goap.Result, why *whyJSON, elapsed time.Duration) error {
	d := f.Domain
	out := planJSON{
		File:      f.Path,
		Goal:      t.Name(),
		Status:    res.Status.String(),
		Found:     res.Status == goap.Found || res.Status == goap.AlreadySatisfied,
		Plan:      []string{},
		Actions:   []stepJSON{},
		Expanded:  res.Expanded,
		Generated: res.Generated,
		Direction: res.Direction.String(),
		ElapsedNS: elapsed.Nanoseconds(),
	}
	if out.Found {
		out.Plan = d.ActionNames(res.Plan)
		for _, id := range res.Plan {
			name, args := d.Binding(id)
			if args == nil {
				args = []string{}
			}
			out.Actions = append(out.Actions, stepJSON{name, args})
		}
		out.Steps = len(out.Plan)
		out.Cost, _ = strconv.ParseFloat(formatCost(res.Cost), 64)
	}
	if res.Status == goap.LimitReached {
		out.Partial = d.ActionNames(res.Partial)
	}
	if res.Err != nil {
		out.Error = res.Err.Error()
	}
	out.Why = why
	enc := json.NewEncoder(c.Stdout)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}
