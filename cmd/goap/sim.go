package main

import (
	"compress/gzip"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
	"unsafe"

	"github.com/goap-go/goap"
	"github.com/goap-go/goap/agent"
	"github.com/goap-go/goap/agent/sim"
	"github.com/goap-go/goap/debugger"
	"github.com/goap-go/goap/goapfile"
	"github.com/goap-go/goap/goapfile/filetest"
	"github.com/goap-go/goap/internal/echo"
)

// SimCommand runs `goap sim FILE`: it simulates the agents of the file's
// `agents:` in the built-in world of package agent/sim and prints what
// they decide, tick by tick.
//
// Exit status: 0 when the simulation ran, 1 when it was interrupted, 2 on
// bad input or a --record file that cannot be written.
type SimCommand struct {
	Stdout, Stderr io.Writer
	// Ready, when set, is called with the address of the --debug page
	// once it is served (tests use it).
	Ready func(addr string)

	who int // the width of the timeline's "who" column
}

// defaultTicks is how many ticks goap sim runs at most without --ticks.
const defaultTicks = 100

// Run runs the command with args (after "sim").
func (c *SimCommand) Run(ctx context.Context, args []string) (err error) {
	fs := newFlagSet("sim")
	maxFile := addMaxFileSize(fs)
	var (
		ticks  int
		sets   setList
		asJSON bool
		record string
		ring   int
		debug  string
		seed   uint64
		runs   int
	)
	fs.IntVar(&ticks, "ticks", defaultTicks, "run at most `N` ticks")
	fs.StringVar(&record, "record", "", "write a recording of every decision to `FILE` as the run goes, for goap debug (gzip-compressed when FILE ends in .gz)")
	var recordMax int64
	fs.Var(sizeFlag{&recordMax}, "record-max", "stop recording (the run goes on) before the recording passes `SIZE`, counted uncompressed, e.g. 100MiB (0: no limit)")
	fs.StringVar(&debug, "debug", "", "serve the debugger page live on `HOST:PORT`, the run paused until run or step is pressed")
	fs.IntVar(&ring, "record-ring", 4096, "snapshots kept in memory per agent for the --debug page (`N`; --record's file gets them all)")
	fs.Var(&sets, "set", "override a value of the world's start: `fact=value` (repeatable)")
	fs.BoolVar(&asJSON, "json", false, "print one JSON object per event (with --runs: per run, then a summary)")
	fs.Uint64Var(&seed, "seed", 0, "seed the chances of actions (chance:) with `N`: the same seed gives the same run (with --runs: the first seed, 1 by default)")
	fs.IntVar(&runs, "runs", 0, "balancing: run `N` seeds (--seed on) and print each run's winner and a summary, not the events")
	files, help, err := parse(fs, "sim", args, c.Stdout)
	if help || err != nil {
		return err
	}
	if asJSON {
		defer func() { err = writeJSONError(c.Stdout, err) }()
	}
	if ticks < 1 {
		return usageError("sim", "--ticks must be >= 1, got %d", ticks)
	}
	if ring < 1 {
		return usageError("sim", "--record-ring must be >= 1, got %d", ring)
	}
	if runs < 0 || runs > maxRuns {
		return usageError("sim", "--runs must be between 1 and %d, got %d", maxRuns, runs)
	}
	if runs > 0 && (record != "" || debug != "") {
		return usageError("sim", "--runs prints outcomes only: it cannot be combined with --record or --debug")
	}
	f, err := loadOne("sim", files, *maxFile)
	if err != nil {
		return err
	}
	if f.Agents == nil {
		return inputError("sim", "%s has no agents: add an agents: list to simulate (see goap help sim)", f.Path)
	}
	start, err := applySets("sim", f, sets)
	if err != nil {
		return err
	}
	cfg := filetest.SimConfig(f)
	cfg.Seed = seed
	if runs > 0 {
		cfg.Start = start
		if !seedGiven(fs) {
			cfg.Seed = 1
		}
		return c.runs(ctx, cfg, runs, ticks, asJSON)
	}
	if record != "" || debug != "" {
		if err := checkRing(ring, ticks, len(cfg.Agents)); err != nil {
			return err
		}
	}
	cfg.Start = start
	// Each agent keeps its planner's memory from search to search: the
	// agents' searches share simSearchMemory (3,000 agents planning over
	// 8,000 actions took 24 GB).
	cfg.Options.MaxMemory = simSearchMemory / int64(max(len(cfg.Agents), 1))
	cfg.DiscardLog = true // the events are printed as they happen
	var enc *json.Encoder
	if asJSON {
		enc = json.NewEncoder(c.Stdout)
		cfg.OnEvent = func(e agent.Event) { _ = enc.Encode(simEventJSON(e)) }
	} else {
		c.header(f, cfg)
		cfg.OnEvent = c.writeEvent
	}
	var rec *debugger.Recorder
	if record != "" || debug != "" {
		// Only the --debug page reads the rings: --record alone streams
		// each snapshot as it is taken and keeps one per agent, which
		// it reuses (the rings of 4,096 took the colony of BENCHMARKS.md
		// from 33 to 170 MB and doubled its run time).
		if debug == "" {
			ring = 1
		}
		rec = debugger.NewRecorder(ring)
		rec.Trees = true
		show := cfg.OnEvent
		cfg.OnEvent = func(e agent.Event) {
			rec.OnEvent(e)
			show(e)
		}
		cfg.OnChange = func(c sim.Change) {
			rec.World(debugger.WorldChange{Tick: c.Tick, By: c.By, Action: c.Action, Text: c.Text, Owner: c.Owner,
				Facts: debugger.WorldFacts(cfg.Domain, c.Facts, c.Values)})
		}
	}
	w, err := sim.New(cfg)
	if err != nil {
		return inputError("sim", "%s: %v", f.Path, err)
	}
	if rec != nil {
		for _, s := range cfg.Squads {
			rec.Squad(debugger.SquadInfo{Name: s.Name, Commander: s.Commander, Members: s.Members})
		}
		if m := w.Map(); m != nil {
			// The map view: the map once, the agents' cells and paths as
			// they change (a version-3 recording).
			sides := map[string]string{}
			for _, a := range cfg.Agents {
				sides[a.Name] = a.Side
			}
			rec.WatchMap(debugger.MapOf(m, sides), w)
		}
	}
	var ctl *simControl
	if debug != "" {
		rec.Watch(w.Agents()...)
		ctl = newSimControl()
		ctl.check = worldValue(cfg.Domain, cfg.AgentFacts)
		stopServer, err := c.serveDebug(debug, rec, ctl)
		if err != nil {
			return err
		}
		defer stopServer()
		go func() {
			<-ctx.Done()
			ctl.Stop()
		}()
	}
	capped := false // --record-max was reached, and said
	noteCap := func() {
		if last, full := rec.Full(); full && !capped {
			capped = true
			fmt.Fprintf(c.Stderr, "goap sim: --record-max %s reached at tick %d: %s holds ticks up to %d, whole; the run goes on unrecorded\n", formatSize(recordMax), w.Tick(), record, last)
		}
	}
	if record != "" {
		// out and cerr, not err: a := here would shadow the named result,
		// and the deferred checks below would set a copy nobody returns.
		out, cerr := os.Create(record)
		if cerr != nil {
			return inputError("sim", "--record: %w", cerr)
		}
		var zw *gzip.Writer
		if strings.HasSuffix(record, ".gz") {
			// The fastest level: on the colony of BENCHMARKS.md, 1.42 MB
			// for 0.05 s of CPU; the default level's 0.88 MB took 0.3 s.
			zw, _ = gzip.NewWriterLevel(out, gzip.BestSpeed)
		}
		defer func() {
			if ferr := rec.Flush(); ferr != nil && err == nil {
				err = inputError("sim", "--record %s: %w", record, ferr)
			}
			noteCap()
			if zw != nil {
				if zerr := zw.Close(); zerr != nil && err == nil {
					err = inputError("sim", "--record %s: %w", record, zerr)
				}
			}
			if cerr := out.Close(); cerr != nil && err == nil {
				err = inputError("sim", "--record %s: %w", record, cerr)
			}
		}()
		if ctl == nil {
			rec.Watch(w.Agents()...)
		}
		rec.MaxBytes = recordMax
		if zw != nil {
			rec.Stream(zw)
		} else {
			rec.Stream(out)
		}
	}
	for w.Tick() < ticks && !w.Quiet() {
		if err := ctx.Err(); err != nil {
			if !asJSON {
				fmt.Fprintf(c.Stdout, "\ninterrupted at tick %d\n", w.Tick())
			}
			return silentExit(exitNo)
		}
		if ctl != nil {
			if !ctl.Wait() {
				continue // interrupted: reported at the loop's top
			}
			if !ctl.Paused() {
				time.Sleep(time.Second / debugRate)
			}
		}
		if ctl != nil {
			for _, ch := range ctl.take() {
				ch.Tick = w.Tick() + 1
				if serr := w.Schedule(ch); serr != nil {
					fmt.Fprintf(c.Stderr, "goap sim: the page's change is refused: %v\n", serr)
				}
			}
		}
		w.Step()
		if rec != nil {
			rec.Capture()
			if rerr := rec.Err(); rerr != nil && record != "" {
				// The file is lost: running on would only hide it.
				return inputError("sim", "--record %s: %w", record, rerr)
			}
			noteCap()
		}
	}
	if !asJSON {
		c.footer(w, ticks)
	}
	if ctl != nil {
		fmt.Fprintf(c.Stderr, "the run is over; the debugger still serves it (interrupt to stop)\n")
		<-ctx.Done()
	}
	return nil
}

// header prints the world before the timeline.
func (c *SimCommand) header(f *goapfile.File, cfg sim.Config) {
	w := c.Stdout
	names := make([]string, len(cfg.Agents))
	for i, a := range cfg.Agents {
		names[i] = a.Name
	}
	fmt.Fprintf(w, "world: %s: %s, %s\n", f.Name, plural(len(names), "agent")+" ("+strings.Join(names, ", ")+")", plural(len(cfg.Changes), "scripted event"))
	fmt.Fprintf(w, "start: %s\n\n", cfg.Start)
	c.who = nameWidth(names)
	fmt.Fprintf(w, "%4s  %s  %-16s  %s\n", "tick", pad("who", c.who, false), "event", "what")
}

// nameWidth is the width of the "who" column.
func nameWidth(names []string) int {
	n := len("world")
	for _, s := range names {
		n = max(n, utf8.RuneCountInString(s))
	}
	return min(n, maxColumn)
}

// writeEvent prints one line of the timeline.
func (c *SimCommand) writeEvent(e agent.Event) {
	fmt.Fprintf(c.Stdout, "%4d  %s  %-16s  %s\n", e.Tick, pad(e.Agent, c.who, false), e.Type, describeEvent(e))
}

// describeEvent renders the "what" column of an event.
func describeEvent(e agent.Event) string {
	with := func(s string) string {
		if e.Reason == "" {
			return s
		}
		if s == "" {
			return e.Reason
		}
		return s + ": " + e.Reason
	}
	switch e.Type {
	case agent.EventPlanMade:
		return fmt.Sprintf("%s: %s (%s)", e.Goal, strings.Join(e.Plan, ", "), e.Reason)
	case agent.EventActionStarted, agent.EventArrived, agent.EventActionFinished, agent.EventActionFailed:
		return with(e.Action)
	case agent.EventPlanInvalidated:
		s := e.Goal
		if e.Action != "" {
			if s != "" {
				s += ", "
			}
			s += "at " + e.Action
		}
		return with(s)
	case agent.EventFallback:
		if e.Action == "" {
			return with("waiting")
		}
		return with(e.Action)
	case agent.EventWorldChanged:
		return e.Reason
	}
	return with(e.Goal)
}

// footer prints how the run ended and what each agent did.
func (c *SimCommand) footer(w *sim.World, ticks int) {
	out := c.Stdout
	fmt.Fprintln(out)
	if w.Quiet() {
		fmt.Fprintf(out, "quiet after %s: every agent is idle\n", plural(w.Tick(), "tick"))
	} else {
		fmt.Fprintf(out, "stopped after %s (--ticks %d)\n", plural(w.Tick(), "tick"), ticks)
	}
	fmt.Fprintf(out, "end:   %s\n", w.State())
	for _, a := range w.Agents() {
		st := a.Stats()
		fmt.Fprintf(out, "%s: %s, %s (%s), %s finished, %d failed\n", a.Name(), a.Phase(),
			plural(st.Plans, "plan"), plural(st.Replans, "replan"), plural(st.Finished, "action"), st.Failed)
	}
}

// eventJSON is one line of `goap sim --json`.
type eventJSON struct {
	Tick   int      `json:"tick"`
	Agent  string   `json:"agent"`
	Type   string   `json:"type"`
	Goal   string   `json:"goal,omitempty"`
	Action string   `json:"action,omitempty"`
	Plan   []string `json:"plan,omitempty"`
	Reason string   `json:"reason,omitempty"`
}

// simEventJSON converts an event for --json.
func simEventJSON(e agent.Event) eventJSON {
	return eventJSON{Tick: e.Tick, Agent: e.Agent, Type: e.Type.String(), Goal: e.Goal, Action: e.Action, Plan: e.Plan, Reason: e.Reason}
}

// simSearchMemory is what the searches of all the agents of goap sim may
// hold together.
const simSearchMemory = 1 << 30

// maxRingMemory bounds what the recorder's rings may take: --record-ring
// snapshots per agent, or --ticks when fewer (a ring grows with the run,
// one snapshot per tick).
const maxRingMemory = 1 << 30

// snapshotBytes is the least a kept snapshot takes: its struct, before
// the plan, goals, changes and search tree it holds.
const snapshotBytes = int64(unsafe.Sizeof(debugger.Snapshot{}))

// checkRing refuses a --record-ring whose rings could not fit in
// maxRingMemory for agents agents over ticks ticks, saying how many would.
func checkRing(ring, ticks, agents int) error {
	kept := int64(min(ring, ticks))
	if need := kept * int64(max(agents, 1)) * snapshotBytes; need > maxRingMemory {
		most := maxRingMemory / (int64(max(agents, 1)) * snapshotBytes)
		flags := fmt.Sprintf("--record-ring %d", ring)
		if ticks < ring {
			flags += fmt.Sprintf(" over --ticks %d", ticks)
		}
		return usageError("sim", "%s: keeping %d snapshots for each of %s takes %s or more, over the %s the recorder may take; give --record-ring %d or less", flags, kept, plural(agents, "agent"), approxSize(need), formatSize(maxRingMemory), most)
	}
	return nil
}

// worldValue returns the check of a world fact's value typed on the
// debugger page, written as designer files write it: true or false, a
// number, an enum's value. Agent facts are refused: they are each
// agent's own.
func worldValue(d *goap.Domain, agentFacts []string) func(fact, value string) (any, error) {
	return func(fact, value string) (any, error) {
		id, ok := d.FactID(fact)
		if !ok {
			return nil, echo.Errorf("unknown fact %q", fact)
		}
		if slices.Contains(agentFacts, fact) {
			return nil, echo.Errorf("%q is an agent fact: each agent has its own", fact)
		}
		var v any = value
		switch f := d.Fact(id); f.Kind {
		case goap.BoolFact:
			b, err := strconv.ParseBool(value)
			if err != nil {
				return nil, echo.Errorf("fact %q is true or false, not %q", fact, value)
			}
			v = b
		case goap.IntFact:
			n, err := strconv.Atoi(value)
			if err != nil {
				return nil, echo.Errorf("fact %q is a number, not %q", fact, value)
			}
			v = n
		}
		if err := d.NewState().SetValue(fact, v); err != nil {
			return nil, err
		}
		return v, nil
	}
}
