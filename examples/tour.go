// Package examples holds the example designer files, each with its tests
// inside, and a guided tour of them (goap help examples).
package examples

import (
	"embed"
	"path"
	"slices"
	"strings"
)

//go:embed *.yaml
var files embed.FS

// Example is one example file: its path in the repository, what its
// leading comment says, and the commands that show it off.
type Example struct {
	Path     string
	Summary  string
	Commands []string
}

// Tour returns the examples in name order.
func Tour() []Example {
	entries, _ := files.ReadDir(".")
	var out []Example
	for _, e := range entries {
		data, _ := files.ReadFile(e.Name())
		text := string(data)
		ex := Example{Path: path.Join("examples", e.Name())}
		var summary []string
		for _, line := range strings.Split(text, "\n") {
			if !strings.HasPrefix(line, "#") {
				break
			}
			summary = append(summary, strings.TrimPrefix(strings.TrimPrefix(line, "#"), " "))
		}
		ex.Summary = strings.TrimSpace(strings.Join(summary, "\n"))
		hasTop := func(key string) bool {
			return strings.HasPrefix(text, key) || strings.Contains(text, "\n"+key)
		}
		if hasTop("goal:") {
			ex.Commands = append(ex.Commands, "goap plan "+ex.Path)
		}
		if hasTop("agents:") {
			ex.Commands = append(ex.Commands, "goap sim "+ex.Path)
		}
		ex.Commands = append(ex.Commands, "goap test "+ex.Path)
		out = append(out, ex)
	}
	slices.SortFunc(out, func(a, b Example) int { return strings.Compare(a.Path, b.Path) })
	return out
}
