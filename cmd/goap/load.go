package main

import (
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/goap-go/goap"
	"github.com/goap-go/goap/goapfile"
)

// loadFile reads and parses a designer file for command cmd. Problems in
// the file come back as an error that prints them all, positioned; a file
// that cannot be read as "goap cmd: open ...".
func loadFile(cmd, path string) (*goapfile.File, []byte, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, nil, inputError(cmd, "%v", err)
	}
	f, err := goapfile.Parse(path, data)
	if err != nil {
		var list goapfile.ErrorList
		if errors.As(err, &list) {
			return nil, data, &exitError{code: exitUsage, msg: list.Error()}
		}
		return nil, data, inputError(cmd, "%s: %v", path, err)
	}
	return f, data, nil
}

// loadOne reads and parses the one FILE that command cmd takes, given as
// its positional arguments files.
func loadOne(cmd string, files []string) (*goapfile.File, error) {
	if len(files) != 1 {
		return nil, usageError(cmd, "want one FILE, got %d arguments", len(files))
	}
	f, _, err := loadFile(cmd, files[0])
	return f, err
}

// applySets returns a copy of the file's start state with the --set
// overrides applied.
func applySets(cmd string, f *goapfile.File, sets []string) (goap.State, error) {
	s := f.Start.Clone()
	d := f.Domain
	for _, kv := range sets {
		name, text, ok := strings.Cut(kv, "=")
		name = strings.TrimSpace(name)
		if !ok || name == "" {
			return goap.State{}, usageError(cmd, "--set %q: want fact=value, e.g. --set enemy_visible=false", kv)
		}
		id, known := d.FactID(name)
		if !known {
			msg := fmt.Sprintf("--set %s: unknown fact %q", kv, name)
			if c := goap.Closest(name, d.FactNames()); c != "" {
				msg += fmt.Sprintf(" (did you mean %q?)", c)
			}
			return goap.State{}, inputError(cmd, "%s", msg)
		}
		v, err := parseSetValue(d.Fact(id), text)
		if err == nil {
			err = s.SetValue(name, v)
		}
		if err != nil {
			return goap.State{}, inputError(cmd, "--set %s: %v", kv, err)
		}
	}
	return s, nil
}

// pickGoal returns the goal named by --goal, or the file's goal.
func pickGoal(cmd string, f *goapfile.File, name string) (*goap.Target, error) {
	goals := f.Domain.Goals()
	names := make([]string, len(goals))
	for i, g := range goals {
		names[i] = g.Name()
	}
	if name != "" {
		if t, ok := f.Domain.Goal(name); ok {
			return t, nil
		}
		if len(names) == 0 {
			return nil, inputError(cmd, "unknown goal %q: %s has no goals: list", name, f.Path)
		}
		msg := fmt.Sprintf("unknown goal %q", name)
		if c := goap.Closest(name, names); c != "" {
			msg += fmt.Sprintf(" (did you mean %q?)", c)
		}
		return nil, inputError(cmd, "%s; the goals of %s are %s", msg, f.Path, quoteList(names))
	}
	if f.Goal != nil {
		return f.Goal, nil
	}
	if len(names) == 0 {
		return nil, inputError(cmd, "%s has no goal: add a goal: to the file", f.Path)
	}
	return nil, inputError(cmd, "%s has no goal: add a goal: to the file or pick one with --goal NAME (%s)", f.Path, quoteList(names))
}

// describeGoal renders a target for headers: `KillEnemy {threat_removed}`,
// or the conditions alone for the file's own `goal:` conditions.
func describeGoal(f *goapfile.File, t *goap.Target) string {
	if g, ok := f.Domain.Goal(t.Name()); ok && g == t {
		return t.Name() + " " + t.String()
	}
	return t.String()
}
