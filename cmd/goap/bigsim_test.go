package main

import (
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"testing"
)

// writeColony writes a designer file of a colony of agents villagers
// busy for ticks ticks, the debugger's "any size" recording (issue 28):
// each chops wood in the field, sells it at the market, buys food there
// from a stock the villagers share (a world fact they all change) and
// eats when hungry; it sees the market's stock only there. The world's script refills the market every 20 ticks,
// makes it rain every 100 ticks for 30 (no chopping then), and makes
// each villager hungry every 120 ticks and takes its coins every 150
// (taxes), staggered by its index.
func writeColony(w io.Writer, agents, ticks int) error {
	var b strings.Builder
	b.WriteString(`name: colony
facts:
  at: {type: enum, values: [camp, field, market], scope: agent}
  wood: {type: int, min: 0, max: 3, scope: agent}
  coins: {type: int, min: 0, max: 5, scope: agent}
  food: {type: int, min: 0, max: 2, scope: agent}
  hungry: {type: bool, scope: agent}
  market_food: {type: int, min: 0, max: 40}
  rain: {type: bool}
actions:
  - {name: GoField, cost: 2, effects: {at: field}, duration: 8}
  - {name: GoMarket, cost: 2, effects: {at: market}, duration: 8}
  - {name: Chop, cost: 1, preconditions: {at: field, rain: false, wood: "<= 2"}, effects: {wood: "+1"}, duration: 12}
  - {name: Sell, cost: 1, preconditions: {at: market, wood: ">= 1", coins: "<= 4"}, effects: {wood: "-1", coins: "+1"}, duration: 1}
  - {name: Buy, cost: 1, preconditions: {at: market, coins: ">= 1", market_food: ">= 1", food: "<= 1"}, effects: {coins: "-1", market_food: "-1", food: "+1"}, duration: 1}
  - {name: Forage, cost: 8, preconditions: {at: field, food: "<= 1"}, effects: {food: "+1"}, duration: 12}
  - {name: Eat, cost: 1, preconditions: {food: ">= 1", hungry: true}, effects: {food: "-1", hungry: false}, duration: 2}
goals:
  - name: Eat
    desired: {hungry: false}
    relevancy: [{when: {hungry: true}, score: 100}]
  - name: Earn
    desired: {coins: ">= 4"}
    relevancy: [{score: 10}]
  - name: Stock
    desired: {food: ">= 1"}
    relevancy: [{when: {coins: ">= 2"}, score: 20}]
start: {market_food: 40}
agents:
`)
	for i := range agents {
		fmt.Fprintf(&b, "  - {name: v%d, margin: 5, senses: [at, wood, coins, food, hungry, rain]}\n", i)
	}
	b.WriteString("events:\n")
	for t := 1; t <= ticks; t++ {
		var set []string
		if t%20 == 0 {
			set = append(set, "market_food: 40")
		}
		switch t % 100 {
		case 50:
			set = append(set, "rain: true")
		case 80:
			set = append(set, "rain: false")
		}
		if len(set) > 0 {
			fmt.Fprintf(&b, "  - {tick: %d, set: {%s}}\n", t, strings.Join(set, ", "))
		}
		for i := range agents {
			var own []string
			if (t+i*7)%120 == 0 {
				own = append(own, "hungry: true")
			}
			if (t+i*11)%150 == 0 {
				own = append(own, "coins: 0")
			}
			if len(own) > 0 {
				fmt.Fprintf(&b, "  - {tick: %d, agent: v%d, set: {%s}}\n", t, i, strings.Join(own, ", "))
			}
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// TestWriteColony writes the colony's designer file to $GOAP_COLONY
// (with $GOAP_COLONY_AGENTS agents, default 200, and $GOAP_COLONY_TICKS
// ticks, default 2000) for measuring by hand (BENCHMARKS.md, the
// debugger's section). Without it, it runs a small colony and checks
// that it keeps busy to its last tick.
func TestWriteColony(t *testing.T) {
	path := os.Getenv("GOAP_COLONY")
	if path == "" {
		dir := t.TempDir()
		file := dir + "/colony.yaml"
		f, err := os.Create(file)
		if err != nil {
			t.Fatal(err)
		}
		if err := writeColony(f, 5, 200); err != nil {
			t.Fatal(err)
		}
		f.Close()
		var out strings.Builder
		c := &SimCommand{Stdout: &out, Stderr: io.Discard}
		if err := c.Run(t.Context(), []string{file, "--ticks", "200"}); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(out.String(), "after 200 ticks") {
			t.Fatalf("the colony went quiet before tick 200:\n%s", out.String()[max(0, out.Len()-2000):])
		}
		for _, want := range []string{"action_finished   Buy", "action_finished   Sell", "action_finished   Eat", "plan_invalidated"} {
			if !strings.Contains(out.String(), want) {
				t.Errorf("no %q in the colony's run", want)
			}
		}
		return
	}
	env := func(name string, def int) int {
		if n, err := strconv.Atoi(os.Getenv(name)); err == nil {
			return n
		}
		return def
	}
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := writeColony(f, env("GOAP_COLONY_AGENTS", 200), env("GOAP_COLONY_TICKS", 2000)); err != nil {
		t.Fatal(err)
	}
}

// BenchmarkColony runs the 200-agent colony for 2,000 ticks with and
// without --record (the recording's overhead; its size in MB/rec).
func BenchmarkColony(b *testing.B) {
	dir := b.TempDir()
	file := dir + "/colony.yaml"
	f, err := os.Create(file)
	if err != nil {
		b.Fatal(err)
	}
	if err := writeColony(f, 200, 2000); err != nil {
		b.Fatal(err)
	}
	f.Close()
	for _, rec := range []bool{false, true} {
		name := "plain"
		args := []string{file, "--ticks", "2000"}
		if rec {
			name = "record"
			args = append(args, "--record", dir+"/colony.rec")
		}
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				c := &SimCommand{Stdout: io.Discard, Stderr: io.Discard}
				if err := c.Run(b.Context(), args); err != nil {
					b.Fatal(err)
				}
			}
			if rec {
				st, err := os.Stat(dir + "/colony.rec")
				if err != nil {
					b.Fatal(err)
				}
				b.ReportMetric(float64(st.Size())/1e6, "MB/rec")
			}
		})
	}
}
