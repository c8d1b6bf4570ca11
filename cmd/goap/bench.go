package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"runtime"
	"time"

	"github.com/goap-go/goap"
)

// BenchCommand runs `goap bench FILE`: it plans over and over with one
// warm planner and reports the cost of a plan call.
type BenchCommand struct {
	Stdout, Stderr io.Writer
	// HideTimings prints "-" for measured times and memory figures.
	HideTimings bool
}

// benchJSON is the object `goap bench --json` prints.
type benchJSON struct {
	File             string  `json:"file"`
	Goal             string  `json:"goal"`
	Status           string  `json:"status"`
	Cost             float64 `json:"cost"`
	Steps            int     `json:"steps"`
	Direction        string  `json:"direction"`
	Plans            int     `json:"plans"`
	NsPerPlan        float64 `json:"ns_per_plan"`
	AllocsPerPlan    float64 `json:"allocs_per_plan"`
	BytesPerPlan     float64 `json:"bytes_per_plan"`
	ExpandedPerPlan  int     `json:"expanded_per_plan"`
	GeneratedPerPlan int     `json:"generated_per_plan"`
	NodesPerSecond   float64 `json:"nodes_per_s"`
}

// Run runs the command with args (after "bench").
func (c *BenchCommand) Run(ctx context.Context, args []string) (err error) {
	fs := newFlagSet("bench")
	maxFile := addMaxFileSize(fs)
	var (
		goal   string
		sets   setList
		search searchFlags
		count  int
		dur    time.Duration
		asJSON bool
	)
	fs.StringVar(&goal, "goal", "", "benchmark the goal `NAME` of the file's goals: list")
	fs.Var(&sets, "set", "override a start value: `fact=value` (repeatable)")
	fs.IntVar(&count, "count", 0, "plan exactly `N` times")
	fs.DurationVar(&dur, "time", time.Second, "plan for about `DUR`")
	search.add(fs, false)
	fs.BoolVar(&asJSON, "json", false, "print one JSON object")
	files, help, err := parse(fs, "bench", args, c.Stdout)
	if help || err != nil {
		return err
	}
	if asJSON {
		defer func() { err = writeJSONError(c.Stdout, err) }()
	}
	if err := search.check("bench"); err != nil {
		return err
	}
	switch {
	case count < 0:
		return usageError("bench", "--count must be >= 0, got %d", count)
	case dur <= 0 && count == 0:
		return usageError("bench", "--time must be > 0, got %v", dur)
	}
	f, err := loadOne("bench", files, *maxFile)
	if err != nil {
		return err
	}
	start, err := applySets("bench", f, sets)
	if err != nil {
		return err
	}
	target, err := pickGoal("bench", f, goal)
	if err != nil {
		return err
	}

	pl := goap.NewPlanner(f.Domain)
	pl.Options = search.opts
	bg := context.Background()          // the loop checks ctx itself
	first := pl.Plan(bg, start, target) // warms the planner up
	if first.Status == goap.Failed {
		return inputError("bench", "planning failed: %v", first.Err)
	}
	out := benchJSON{
		File: f.Path, Goal: target.Name(), Status: first.Status.String(), Direction: first.Direction.String(),
		ExpandedPerPlan: first.Expanded, GeneratedPerPlan: first.Generated,
	}
	if first.Status == goap.Found || first.Status == goap.AlreadySatisfied {
		out.Cost, out.Steps = first.Cost, len(first.Plan)
	}

	// Batches of plan calls, doubling until --time is used up (or one
	// batch of --count).
	var (
		n       int
		elapsed time.Duration
		mallocs uint64
		bytes   uint64
	)
	batch := 1
	if count > 0 {
		batch = count
	}
	var ms runtime.MemStats
	for ctx.Err() == nil {
		runtime.ReadMemStats(&ms)
		m0, b0 := ms.Mallocs, ms.TotalAlloc
		t0 := time.Now()
		for i := 0; i < batch; i++ {
			pl.Plan(bg, start, target)
		}
		elapsed += time.Since(t0)
		runtime.ReadMemStats(&ms)
		mallocs += ms.Mallocs - m0
		bytes += ms.TotalAlloc - b0
		n += batch
		if count > 0 || elapsed >= dur {
			break
		}
		batch = min(batch*2, 1<<20)
	}
	out.Plans = n
	if n > 0 && !c.HideTimings {
		out.NsPerPlan = float64(elapsed.Nanoseconds()) / float64(n)
		out.AllocsPerPlan = float64(mallocs) / float64(n)
		out.BytesPerPlan = float64(bytes) / float64(n)
		if elapsed > 0 {
			out.NodesPerSecond = float64(first.Expanded) * float64(n) / elapsed.Seconds()
		}
	}
	if c.HideTimings && count == 0 {
		out.Plans = 0 // depends on the speed of the machine
	}

	if asJSON {
		enc := json.NewEncoder(c.Stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(out)
	}
	w := c.Stdout
	fmt.Fprintf(w, "goal:   %s\n", describeGoal(f, target))
	fmt.Fprintf(w, "result: %s", out.Status)
	if first.Status == goap.Found || first.Status == goap.AlreadySatisfied {
		fmt.Fprintf(w, ", cost %s in %s", formatCost(first.Cost), plural(len(first.Plan), "step"))
	}
	fmt.Fprintf(w, ", %s search\n\n", out.Direction)
	num := func(v float64, format string) string {
		if c.HideTimings {
			return "-"
		}
		return fmt.Sprintf(format, v)
	}
	rows := [][2]string{
		{"plans", fmt.Sprint(out.Plans)},
		{"ns/plan", num(out.NsPerPlan, "%.0f")},
		{"allocs/plan", num(out.AllocsPerPlan, "%.1f")},
		{"bytes/plan", num(out.BytesPerPlan, "%.0f")},
		{"expanded/plan", fmt.Sprint(out.ExpandedPerPlan)},
		{"generated/plan", fmt.Sprint(out.GeneratedPerPlan)},
		{"nodes/s", num(out.NodesPerSecond, "%.0f")},
	}
	if c.HideTimings && count == 0 {
		rows[0][1] = "-"
	}
	for _, r := range rows {
		fmt.Fprintf(w, "%-15s %12s\n", r[0], r[1])
	}
	return nil
}
