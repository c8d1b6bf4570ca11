package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"strings"

	"github.com/goap-go/goap/agent/sim"
	"github.com/goap-go/goap/goapfile"
	"github.com/goap-go/goap/goapfile/filetest"
	"github.com/goap-go/goap/internal/lint"
)

// CheckCommand runs `goap check FILE...`: it reports every error in each
// file and, for files that load, lint warnings (see package lint).
//
// Exit status: 2 when a file cannot be read or has errors; otherwise 1
// with --strict when there are warnings, and 0.
type CheckCommand struct {
	Stdout, Stderr io.Writer
}

// Run runs the command with args (after "check").
func (c *CheckCommand) Run(ctx context.Context, args []string) error {
	flags := newFlagSet("check")
	strict := flags.Bool("strict", false, "exit with status 1 when there are warnings")
	maxFile := addMaxFileSize(flags)
	files, help, err := parse(flags, "check", args, c.Stdout)
	if help || err != nil {
		return err
	}
	if len(files) == 0 {
		return usageError("check", "want at least one FILE")
	}
	code := exitOK
	for _, path := range files {
		switch c.checkFile(path, *maxFile) {
		case fileBroken:
			code = exitUsage
		case fileTooLarge:
			if code == exitOK {
				code = exitNo
			}
		case fileWarned:
			if *strict && code == exitOK {
				code = exitNo
			}
		}
	}
	return silentExit(code)
}

// fileState is what checking one file found.
type fileState int

const (
	fileClean fileState = iota
	fileWarned
	fileBroken
	fileTooLarge // refused by --max-file-size: a limit, not bad input
)

// checkFile checks one file (at most maxFile bytes) and prints what it
// found.
func (c *CheckCommand) checkFile(path string, maxFile int64) fileState {
	// Diagnostics go to stderr, as every command's errors do; the
	// per-file summary goes to stdout.
	w, diag := c.Stdout, c.Stderr
	data, err := readLimited(path, maxFile)
	var big *fileTooLargeError
	switch {
	case errors.As(err, &big):
		fmt.Fprintln(diag, big)
		return fileTooLarge
	case err != nil:
		fmt.Fprintf(diag, "%s: cannot read: %v\n", path, unwrapPathError(err))
		return fileBroken
	}
	f, err := goapfile.Parse(path, data)
	if err != nil {
		n := 1
		var list goapfile.ErrorList
		if errors.As(err, &list) {
			n = len(list)
			fmt.Fprintln(diag, list.ErrorWithPosition())
		} else {
			fmt.Fprintln(diag, err)
		}
		fmt.Fprintf(w, "%s: %s\n", path, plural(n, "error"))
		return fileBroken
	}
	if f.Agents != nil {
		// The loader checks what the simulator does (filetest.FuzzRun
		// holds it to that); this reports anything it missed.
		if _, err := sim.New(filetest.SimConfig(f)); err != nil {
			fmt.Fprintf(diag, "%s: %v\n", path, err)
			fmt.Fprintf(w, "%s: %s\n", path, plural(1, "error"))
			return fileBroken
		}
	}
	warnings := lint.Check(f, data)
	lines := strings.Split(string(data), "\n")
	// Rendered as one list, so that warnings quoting the same long line
	// (a one-line JSON file) index it once.
	list := make(goapfile.ErrorList, len(warnings))
	for i, wn := range warnings {
		e := &goapfile.Error{File: path, Line: wn.Pos.Line, Col: wn.Pos.Col, Msg: "warning: " + wn.Msg}
		if e.Line > 0 && e.Line <= len(lines) {
			e.Source = strings.TrimSuffix(lines[e.Line-1], "\r")
		} else {
			e.Line, e.Col = 0, 0
		}
		list[i] = e
	}
	if len(list) > 0 {
		fmt.Fprintln(diag, list.ErrorWithPosition())
	}
	counts := fmt.Sprintf("%s, %s, %s", plural(f.Domain.NumActions(), "action"), plural(f.Domain.NumFacts(), "fact"), plural(len(f.Domain.Goals()), "goal"))
	if len(warnings) == 0 {
		fmt.Fprintf(w, "%s: ok (%s)\n", path, counts)
		return fileClean
	}
	fmt.Fprintf(w, "%s: %s (%s)\n", path, plural(len(warnings), "warning"), counts)
	return fileWarned
}

// unwrapPathError drops the path from an *fs.PathError, which the caller
// already printed.
func unwrapPathError(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
