// Package scenes holds the shooter's scenes, built into the program so
// that the WebAssembly build, which has no files, has them too.
package scenes

import (
	_ "embed"
	"fmt"
	"strings"
)

// Skirmish is the default scene: three against three on a map with cover.
//
//go:embed skirmish.yaml
var Skirmish []byte

// Stress returns the stress scene: n against n on a larger map with
// scattered cover and walls, the skirmish's goals and actions (its text
// with the map and the agents replaced), for the scheduler to plan for
// many agents within its budget. Blue's commander leads (goal Lead): its
// squad hunts on its shared knowledge, as red hunts. The map is the same
// for the same n.
func Stress(n int) []byte {
	text := string(Skirmish)
	head, rest, _ := strings.Cut(text, "\nmap:\n")
	_, rest, _ = strings.Cut(rest, "\nfacts:\n")
	domain, _, _ := strings.Cut(rest, "\nagents:\n")
	w, h := 64, max(24, n/2+8)
	rows := make([][]byte, h)
	for y := range rows {
		rows[y] = []byte(strings.Repeat(".", w))
		rows[y][0], rows[y][w-1] = '#', '#'
	}
	for x := range w {
		rows[0][x], rows[h-1][x] = '#', '#'
	}
	// Cover and short walls in the middle, from a fixed pattern: a
	// small linear congruential sequence, so every n gives one map.
	r := uint32(12345)
	next := func(k int) int { r = r*1664525 + 1013904223; return int(r>>16) % k }
	for range w * h / 40 {
		x, y := 6+next(w-12), 1+next(h-2)
		rows[y][x] = '%'
		if next(4) == 0 && y+2 < h-1 {
			rows[y+1][x], rows[y+2][x] = '#', '#'
		}
	}
	var b strings.Builder
	b.WriteString(head)
	fmt.Fprintf(&b, "\n# The stress scene: %d against %d (scenes.Stress).\nmap:\n  rows: |\n", n, n)
	for _, row := range rows {
		b.WriteString("    " + string(row) + "\n")
	}
	b.WriteString("\nfacts:\n" + domain + "\nagents:\n")
	var blue []string
	for i := range n {
		y := 1 + i%(h-2)
		x := 1 + i/(h-2)
		fmt.Fprintf(&b, "  - {name: b%d, extends: blue, at: [%d, %d]}\n", i+1, x, y)
		fmt.Fprintf(&b, "  - {name: r%d, extends: red, at: [%d, %d]}\n", i+1, w-2-i/(h-2), y)
		blue = append(blue, fmt.Sprintf("b%d", i+1))
	}
	// Blue's commander leads: its squad hunts too (the player may still
	// give orders).
	b.WriteString("  - {name: blue_cmd, goals: [Lead], actions: []}\n\nsquads:\n")
	fmt.Fprintf(&b, "  - {name: blue, commander: blue_cmd, members: [%s]}\n", strings.Join(blue, ", "))
	return []byte(b.String())
}
