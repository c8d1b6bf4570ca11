package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"maps"
	"slices"

	"github.com/goap-go/goap/agent/sim"
)

// Balancing runs: `goap sim FILE --runs N [--seed S]` plays seeds S to
// S+N-1 and says who won each, then how often each side did.

// maxRuns bounds --runs: each run is a whole simulation.
const maxRuns = 100000

// runJSON and summaryJSON are the lines `goap sim --runs --json` prints.
type runJSON struct {
	Type   string `json:"type"` // "run"
	Seed   uint64 `json:"seed"`
	Ticks  int    `json:"ticks"`
	Winner string `json:"winner"` // a side, or "draw"
}

type summaryJSON struct {
	Type  string         `json:"type"` // "summary"
	Runs  int            `json:"runs"`
	Wins  map[string]int `json:"wins"`
	Draws int            `json:"draws"`
}

// seedGiven reports whether --seed was on the command line.
func seedGiven(fs *flag.FlagSet) bool {
	given := false
	fs.Visit(func(f *flag.Flag) { given = given || f.Name == "seed" })
	return given
}

// runs plays n seeds from cfg.Seed on, each for at most ticks ticks.
func (c *SimCommand) runs(ctx context.Context, cfg sim.Config, n, ticks int, asJSON bool) error {
	cfg.DiscardLog = true
	cfg.OnEvent, cfg.OnChange = nil, nil
	sum := summaryJSON{Type: "summary", Runs: n, Wins: map[string]int{}}
	enc := json.NewEncoder(c.Stdout)
	first := cfg.Seed
	for k := range n {
		cfg.Seed = first + uint64(k)
		w, err := sim.New(cfg)
		if err != nil {
			return inputError("sim", "%v", err)
		}
		if k == 0 {
			for side := range w.Alive() {
				sum.Wins[side] = 0
			}
			if len(sum.Wins) == 0 && !asJSON {
				fmt.Fprintln(c.Stderr, "goap sim: no agent has a side: every run is a draw (give agents side:)")
			}
		}
		for w.Tick() < ticks && !w.Quiet() && w.Winner() == "" {
			if err := ctx.Err(); err != nil {
				if !asJSON {
					fmt.Fprintf(c.Stdout, "\ninterrupted in the run of seed %d\n", cfg.Seed)
				}
				return silentExit(exitNo)
			}
			w.Step()
		}
		winner := w.Winner()
		if winner == "" {
			winner = "draw"
			sum.Draws++
		} else {
			sum.Wins[winner]++
		}
		if asJSON {
			_ = enc.Encode(runJSON{Type: "run", Seed: cfg.Seed, Ticks: w.Tick(), Winner: winner})
		} else {
			fmt.Fprintf(c.Stdout, "seed %d: %s at tick %d\n", cfg.Seed, winText(winner), w.Tick())
		}
	}
	if asJSON {
		return enc.Encode(sum)
	}
	fmt.Fprintf(c.Stdout, "\n%d runs:", n)
	for _, side := range slices.Sorted(maps.Keys(sum.Wins)) {
		fmt.Fprintf(c.Stdout, " %s %d (%.0f%%),", side, sum.Wins[side], 100*float64(sum.Wins[side])/float64(n))
	}
	fmt.Fprintf(c.Stdout, " draws %d (%.0f%%)\n", sum.Draws, 100*float64(sum.Draws)/float64(n))
	return nil
}

// winText says a run's outcome.
func winText(winner string) string {
	if winner == "draw" {
		return "draw"
	}
	return winner + " wins"
}
