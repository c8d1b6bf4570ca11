package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/goap-go/goap"
	"github.com/goap-go/goap/goapfile"
	"github.com/goap-go/goap/internal/echo"
	"github.com/goap-go/goap/internal/suggest"
)

// defaultMaxFileSize is --max-file-size's default: designer and PDDL
// files are kilobytes, generated ones megabytes; a file past this is more
// likely a mistake than a domain, and would take its size many times over
// in memory once parsed.
const defaultMaxFileSize = 64 << 20

// addMaxFileSize registers --max-file-size on fs and returns its value.
func addMaxFileSize(fs *flag.FlagSet) *int64 {
	return addMaxFileSizeOf(fs, defaultMaxFileSize)
}

// addMaxFileSizeOf is addMaxFileSize with another default.
func addMaxFileSizeOf(fs *flag.FlagSet, def int64) *int64 {
	n := def
	fs.Var(sizeFlag{&n}, "max-file-size", "refuse input files larger than `SIZE`, e.g. 256MiB (0: no limit)")
	return &n
}

// fileTooLargeError is a file refused by --max-file-size.
type fileTooLargeError struct {
	path, size string
	limit      int64
}

func (e *fileTooLargeError) Error() string {
	return fmt.Sprintf("%s is %s, more than the limit of %s (--max-file-size raises it)", e.path, e.size, formatSize(e.limit))
}

// readLimited reads the file at path, refusing it with a
// *fileTooLargeError, before reading it whole, when it is larger than
// limit bytes (0: no limit). Other errors are os's.
func readLimited(path string, limit int64) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if st, err := f.Stat(); err == nil && limit > 0 && st.Mode().IsRegular() && st.Size() > limit {
		return nil, &fileTooLargeError{path, formatSize(st.Size()), limit}
	}
	r := io.Reader(f)
	if limit > 0 {
		r = io.LimitReader(f, limit+1) // a pipe has no size to check first
	}
	data, err := io.ReadAll(r)
	if err == nil && limit > 0 && int64(len(data)) > limit {
		return nil, &fileTooLargeError{path, "larger", limit}
	}
	return data, err
}

// readInput is readLimited for command cmd: a file too large is a limit
// (exit status 1) that names the flag raising it, a file that cannot be
// read is bad input.
func readInput(cmd, path string, limit int64) ([]byte, error) {
	data, err := readLimited(path, limit)
	var big *fileTooLargeError
	switch {
	case errors.As(err, &big):
		return nil, limitError(cmd, "%v", big)
	case err != nil:
		return nil, inputError(cmd, "%w", err)
	}
	return data, nil
}

// loadFile reads and parses a designer file for command cmd, refusing
// files over limit bytes. Problems in the file come back as an error that
// prints them all, positioned; a file that cannot be read as "goap cmd:
// open ...".
func loadFile(cmd, path string, limit int64) (*goapfile.File, []byte, error) {
	return loadFileContext(context.Background(), cmd, path, limit, nil)
}

// loadFileContext is loadFile stopping when ctx is done: with search
// set, a file too large to load within --max-memory is refused before it
// is read, and a stop is reported as the limit that made it (see
// searchFlags.stopped); without, as an interrupt.
func loadFileContext(ctx context.Context, cmd, path string, limit int64, search *searchFlags) (*goapfile.File, []byte, error) {
	if search == nil {
		search = &searchFlags{}
	}
	data, err := readInput(cmd, path, limit)
	if err != nil {
		return nil, nil, err
	}
	if err := search.refuseLoad(cmd, path, data); err != nil {
		return nil, data, err
	}
	f, err := goapfile.ParseContext(ctx, path, data)
	if stop := search.stopped(ctx, cmd, "loading "+path, err); stop != nil {
		return nil, data, stop
	}
	if err != nil {
		var list goapfile.ErrorList
		if errors.As(err, &list) {
			return nil, data, &exitError{code: exitUsage, msg: list.ErrorWithPosition(), cause: list}
		}
		return nil, data, inputError(cmd, "%s: %w", path, err)
	}
	return f, data, nil
}

// loadOne reads and parses the one FILE that command cmd takes, given as
// its positional arguments files, refusing files over limit bytes.
func loadOne(cmd string, files []string, limit int64) (*goapfile.File, error) {
	return loadOneContext(context.Background(), cmd, files, limit, nil)
}

// loadOneContext is loadOne under ctx and the limits of search (see
// loadFileContext).
func loadOneContext(ctx context.Context, cmd string, files []string, limit int64, search *searchFlags) (*goapfile.File, error) {
	if len(files) != 1 {
		return nil, usageError(cmd, "want one FILE, got %d arguments", len(files))
	}
	f, _, err := loadFileContext(ctx, cmd, files[0], limit, search)
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
			return goap.State{}, inputError(cmd, "--set %s: unknown fact %q%s", echo.Cut(kv), name, suggest.Hint(name, d.FactNames()))
		}
		v, err := parseSetValue(d.Fact(id), text)
		if err == nil {
			err = s.SetValue(name, v)
		}
		if err != nil {
			return goap.State{}, inputError(cmd, "--set %s: %v", echo.Cut(kv), err)
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
		return nil, inputError(cmd, "unknown goal %q%s; the goals of %s are %s", name, suggest.Hint(name, names), f.Path, quoteList(names))
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
