// Command goap plans with Goal-Oriented Action Planning domains written as
// designer files (YAML or JSON, see package goapfile).
//
// Usage:
//
//	goap plan FILE [--goal NAME] [--set fact=value ...] [--json]
//	goap check FILE...
//	goap test FILE...
//	goap sim FILE [--ticks N] [--set fact=value ...] [--json] [--record REC] [--debug ADDR]
//	goap debug REC [--addr HOST:PORT]
//	goap dot FILE [--search-tree]
//	goap bench FILE [--count N] [--time DUR] [--json]
//	goap pddl DOMAIN PROBLEM [--json] [--export FILE.yaml | --export-ground FILE.yaml] [--timeout DUR]
//	goap help [COMMAND]
//
// Exit status: 0 on success (a plan was found or the goal is already met;
// files check or test clean), 1 when the answer is "no" (no plan exists or
// the search hit a limit; tests failed; lint warnings under --strict), 2
// on bad input or usage (unknown command or flag, unreadable or invalid
// file, unknown fact or goal) or an output that cannot be written.
// Results go to standard output, errors and warnings to standard error.
//
// Run "goap help" for more.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime/debug"
	"strings"

	"github.com/goap-go/goap/internal/echo"
	"github.com/goap-go/goap/internal/suggest"
)

// Exit statuses.
const (
	exitOK    = 0 // success
	exitNo    = 1 // no plan, failing tests, warnings under --strict
	exitUsage = 2 // bad input or usage
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	m := &Main{Stdout: os.Stdout, Stderr: os.Stderr, HideTimings: os.Getenv("GOAP_HIDE_TIMINGS") == "1"}
	code := m.Exec(ctx, os.Args[1:])
	stop()
	os.Exit(code)
}

// Main dispatches a command line to the subcommands.
type Main struct {
	// Stdout receives results, Stderr errors and usage messages.
	Stdout, Stderr io.Writer
	// HideTimings leaves measured times and memory figures out of the
	// output so that it is the same on every run (for golden tests and
	// documentation). The environment variable GOAP_HIDE_TIMINGS=1 sets
	// it.
	HideTimings bool
}

// Command is a subcommand: it parses its own flags from args and writes
// to the Stdout and Stderr it was built with.
type Command interface {
	Run(ctx context.Context, args []string) error
}

// commands lists the subcommands in the order help shows them.
var commands = []struct {
	name, summary string
	new           func(m *Main) Command
}{
	{"plan", "find the cheapest plan from a file's start to its goal", func(m *Main) Command {
		return &PlanCommand{Stdout: m.Stdout, Stderr: m.Stderr, HideTimings: m.HideTimings}
	}},
	{"check", "validate files and warn about likely mistakes", func(m *Main) Command {
		return &CheckCommand{Stdout: m.Stdout, Stderr: m.Stderr}
	}},
	{"test", "run the tests written in files", func(m *Main) Command {
		return &TestCommand{Stdout: m.Stdout, Stderr: m.Stderr}
	}},
	{"sim", "simulate a file's agents tick by tick", func(m *Main) Command {
		return &SimCommand{Stdout: m.Stdout, Stderr: m.Stderr}
	}},
	{"debug", "serve the debugger page for a recording (goap sim --record)", func(m *Main) Command {
		return &DebugCommand{Stdout: m.Stdout, Stderr: m.Stderr}
	}},
	{"dot", "draw the actions of a file, or a search, for Graphviz", func(m *Main) Command {
		return &DotCommand{Stdout: m.Stdout, Stderr: m.Stderr}
	}},
	{"bench", "measure how fast a file plans", func(m *Main) Command {
		return &BenchCommand{Stdout: m.Stdout, Stderr: m.Stderr, HideTimings: m.HideTimings}
	}},
	{"pddl", "plan for a PDDL domain and problem, or export them", func(m *Main) Command {
		return &PddlCommand{Stdout: m.Stdout, Stderr: m.Stderr, HideTimings: m.HideTimings}
	}},
	{"serve", "serve plans on NATS (runs goap-serve, module service)", func(m *Main) Command {
		return &ServeCommand{Stdout: m.Stdout, Stderr: m.Stderr}
	}},
	{"help", "show help for goap or one of its commands", func(m *Main) Command {
		return &HelpCommand{Stdout: m.Stdout, Stderr: m.Stderr}
	}},
	{"version", "print goap's version", func(m *Main) Command {
		return &VersionCommand{Stdout: m.Stdout}
	}},
}

func commandNames() []string {
	names := make([]string, len(commands))
	for i, c := range commands {
		names[i] = c.name
	}
	return names
}

// Run runs the command line args (without the program name) and returns
// its error; ExitCode turns that into the exit status.
func (m *Main) Run(ctx context.Context, args []string) error {
	if len(args) == 0 {
		fmt.Fprint(m.Stderr, mainUsage)
		return &exitError{code: exitUsage}
	}
	name := args[0]
	switch name {
	case "-h", "-help", "--help":
		fmt.Fprint(m.Stdout, mainUsage)
		return nil
	case "-v", "-version", "--version":
		name = "version"
	}
	for _, c := range commands {
		if c.name == name {
			return c.new(m).Run(ctx, args[1:])
		}
	}
	msg := echo.Sprintf("goap: unknown command %q", name)
	if s := suggest.Closest(name, commandNames()); s != "" {
		msg += " (did you mean " + echo.Quote(s) + "?)"
	}
	return &exitError{code: exitUsage, msg: msg + "\nRun 'goap help' for a list of commands."}
}

// Exec runs args, reports its error on Stderr and returns the exit
// status.
func (m *Main) Exec(ctx context.Context, args []string) int {
	// A result that never reached stdout (a full disk, a closed file)
	// must not pass for a success: keep the first write error.
	out := &errWriter{w: m.Stdout}
	mm := *m
	mm.Stdout = out
	err := mm.Run(ctx, args)
	if out.err != nil && (ExitCode(err) != exitUsage || errors.Is(err, out.err)) {
		err = &exitError{code: exitUsage, msg: fmt.Sprintf("goap: writing the output: %v", out.err), wrapped: out.err}
	}
	var e *exitError
	switch {
	case err == nil:
	case !errors.As(err, &e):
		fmt.Fprintf(m.Stderr, "goap: %v\n", err)
	case e.msg != "":
		fmt.Fprintln(m.Stderr, e.msg)
	}
	return ExitCode(err)
}

// ExitCode returns the exit status that err stands for.
func ExitCode(err error) int {
	var e *exitError
	switch {
	case err == nil:
		return exitOK
	case errors.As(err, &e):
		return e.code
	}
	return exitUsage
}

// exitError ends a command with an exit status. msg, when not empty, has
// not been printed yet: Exec prints it on stderr.
type exitError struct {
	code int
	msg  string
	// cause is the error msg renders, when it has positions that
	// --json reports field by field (goapfile.ErrorList, *pddl.Error).
	cause error
	// wrapped is the error msg reports, when it has a cause of its own
	// (a format with %w): errors.Is and errors.As see through it.
	wrapped error
	// inJSON is set when the command's --json object already carries
	// the error, so that stdout holds one JSON object, not two.
	inJSON bool
}

// reportedInJSON marks err, an *exitError, as already part of the
// command's --json output when asJSON is set, and returns it.
func reportedInJSON(err error, asJSON bool) error {
	if e, ok := err.(*exitError); ok && asJSON {
		e.inJSON = true
	}
	return err
}

// Unwrap returns the cause and the wrapped error, those that are set.
func (e *exitError) Unwrap() []error {
	var out []error
	for _, err := range []error{e.cause, e.wrapped} {
		if err != nil {
			out = append(out, err)
		}
	}
	return out
}

// Error returns the message, or the exit status when it was printed.
func (e *exitError) Error() string {
	if e.msg == "" {
		return fmt.Sprintf("exit status %d", e.code)
	}
	return e.msg
}

// usageError reports a mistake on the command line of command cmd.
func usageError(cmd, format string, args ...any) error {
	err := echo.Errorf(format, args...)
	return &exitError{code: exitUsage, msg: fmt.Sprintf("goap %s: %v\nRun 'goap help %s' for usage.", cmd, err, cmd), wrapped: wrapping(err)}
}

// inputError reports bad input (a file, a fact or goal name) to command
// cmd.
func inputError(cmd, format string, args ...any) error {
	err := echo.Errorf(format, args...)
	return &exitError{code: exitUsage, msg: fmt.Sprintf("goap %s: %v", cmd, err), wrapped: wrapping(err)}
}

// limitError reports that a limit stopped command cmd before it could
// finish: exit status 1, never 2, since the input is not at fault. The
// message names the limit and how to raise it.
func limitError(cmd, format string, args ...any) error {
	err := echo.Errorf(format, args...)
	return &exitError{code: exitNo, msg: fmt.Sprintf("goap %s: %v", cmd, err), wrapped: wrapping(err)}
}

// wrapping returns err when it wraps another error (its format had %w),
// nil otherwise.
func wrapping(err error) error {
	if errors.Unwrap(err) == nil {
		if _, ok := err.(interface{ Unwrap() []error }); !ok {
			return nil
		}
	}
	return err
}

// errWriter passes writes on to w and keeps the first error, so that a
// command that prints with fmt.Fprintf still fails when its output is
// lost. After an error it writes nothing more.
type errWriter struct {
	w   io.Writer
	err error
}

// Write writes p to w unless an earlier write failed.
func (e *errWriter) Write(p []byte) (int, error) {
	if e.err != nil {
		return 0, e.err
	}
	n, err := e.w.Write(p)
	e.err = err
	return n, err
}

// silentExit ends a command with a status after it printed everything.
func silentExit(code int) error {
	if code == exitOK {
		return nil
	}
	return &exitError{code: code}
}

// VersionCommand runs `goap version`.
type VersionCommand struct {
	Stdout io.Writer
}

// Run prints the module version goap was built from.
func (c *VersionCommand) Run(ctx context.Context, args []string) error {
	if len(args) > 0 {
		if args[0] == "-h" || args[0] == "--help" || args[0] == "-help" {
			fmt.Fprint(c.Stdout, helpText["version"])
			return nil
		}
		return usageError("version", "unexpected argument %q", args[0])
	}
	version := "(devel)"
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" {
		version = bi.Main.Version
	}
	fmt.Fprintf(c.Stdout, "goap %s\n", version)
	return nil
}

// plural renders "1 step", "2 steps".
func plural(n int, word string) string {
	if n == 1 {
		return fmt.Sprintf("1 %s", word)
	}
	return fmt.Sprintf("%d %ss", n, word)
}

// quoteList renders names as "a", "b" and "c" for messages.
func quoteList(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = echo.Quote(n)
	}
	return strings.Join(q, ", ")
}
