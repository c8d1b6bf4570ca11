package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/goap-go/goap"
)

// newFlagSet returns a flag set for command cmd that reports errors to
// its caller instead of printing them.
func newFlagSet(cmd string) *flag.FlagSet {
	fs := flag.NewFlagSet("goap "+cmd, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	return fs
}

// parseFlags parses args with fs, allowing flags after the positional
// arguments too ("goap plan FILE --json"), and returns the positional
// arguments. Everything after "--" is positional.
func parseFlags(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return pos, nil
		}
		if used := len(args) - len(rest); used > 0 && args[used-1] == "--" {
			return append(pos, rest...), nil
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
}

// parse parses args for command cmd. It returns help=true after printing
// the command's help for -h, and a usage error for bad flags.
func parse(fs *flag.FlagSet, cmd string, args []string, stdout io.Writer) (pos []string, help bool, err error) {
	pos, err = parseFlags(fs, args)
	switch {
	case errors.Is(err, flag.ErrHelp):
		fmt.Fprint(stdout, helpText[cmd])
		return nil, true, nil
	case err != nil:
		return nil, false, usageError(cmd, "%v", err)
	}
	return pos, false, nil
}

// setList collects repeated --set fact=value flags.
type setList []string

// String implements flag.Value.
func (s *setList) String() string { return strings.Join(*s, " ") }

// Set implements flag.Value: each --set adds one override.
func (s *setList) Set(v string) error {
	*s = append(*s, v)
	return nil
}

// directionFlag is --search: auto, forward or backward.
type directionFlag struct{ d *goap.Direction }

// directions lists the core's search directions by the names their
// String methods give.
func directions() []goap.Direction {
	var out []goap.Direction
	for d := goap.Direction(0); d < 32 && !strings.Contains(d.String(), "("); d++ {
		out = append(out, d)
	}
	return out
}

// String implements flag.Value.
func (f directionFlag) String() string {
	if f.d == nil {
		return goap.Direction(0).String()
	}
	return f.d.String()
}

// Set implements flag.Value, with a did-you-mean for typos.
func (f directionFlag) Set(v string) error {
	var names []string
	for _, d := range directions() {
		if v == d.String() {
			*f.d = d
			return nil
		}
		names = append(names, d.String())
	}
	return choiceError(v, names)
}

// heuristicFlag is --heuristic.
type heuristicFlag struct{ h *goap.Heuristic }

// heuristics lists the core's heuristics by the names their String
// methods give.
func heuristics() []goap.Heuristic {
	var out []goap.Heuristic
	for h := goap.Heuristic(0); h < 32 && !strings.Contains(h.String(), "("); h++ {
		out = append(out, h)
	}
	return out
}

// String implements flag.Value.
func (f heuristicFlag) String() string {
	if f.h == nil {
		return goap.Heuristic(0).String()
	}
	return f.h.String()
}

// Set implements flag.Value, with a did-you-mean for typos.
func (f heuristicFlag) Set(v string) error {
	var names []string
	for _, h := range heuristics() {
		if v == h.String() {
			*f.h = h
			return nil
		}
		names = append(names, h.String())
	}
	return choiceError(v, names)
}

func heuristicNames() []string {
	var names []string
	for _, h := range heuristics() {
		names = append(names, h.String())
	}
	return names
}

// choiceError says that v is not one of choices.
func choiceError(v string, choices []string) error {
	msg := "want " + strings.Join(choices[:len(choices)-1], ", ") + " or " + choices[len(choices)-1]
	if s := goap.Closest(v, choices); s != "" {
		msg += fmt.Sprintf(" (did you mean %q?)", s)
	}
	return errors.New(msg)
}

// searchFlags are the flags that tune the planner.
type searchFlags struct {
	opts    goap.Options
	timeout time.Duration
}

// addSearchFlags registers --search, --heuristic, --weight,
// --max-expansions and, with timeout set, --timeout.
func (s *searchFlags) add(fs *flag.FlagSet, timeout bool) {
	fs.Var(directionFlag{&s.opts.Direction}, "search", "search `direction`: auto, forward or backward")
	fs.Var(heuristicFlag{&s.opts.Heuristic}, "heuristic", "`estimate`: "+strings.Join(heuristicNames(), ", "))
	fs.Float64Var(&s.opts.SuboptimalWeight, "weight", 0, "weighted A*: plans cost at most `W` times the optimum (0 or 1: optimal)")
	fs.IntVar(&s.opts.MaxExpansions, "max-expansions", 0, "stop after `N` expansions (0: no limit)")
	if timeout {
		fs.DurationVar(&s.timeout, "timeout", 0, "stop after `DUR`, e.g. 100ms (0: no limit)")
	}
}

// check validates the values given.
func (s *searchFlags) check(cmd string) error {
	if w := s.opts.SuboptimalWeight; math.IsNaN(w) || math.IsInf(w, 0) || w < 0 {
		return usageError(cmd, "--weight must be a finite number >= 0, got %v", w)
	}
	if s.opts.MaxExpansions < 0 {
		return usageError(cmd, "--max-expansions must be >= 0, got %d", s.opts.MaxExpansions)
	}
	if s.timeout < 0 {
		return usageError(cmd, "--timeout must be >= 0, got %v", s.timeout)
	}
	return nil
}

// parseSetValue reads the value of --set fact=value for fact f like the
// file's start values: true or false, a whole number, or an enum value's
// name (checked when the state is set).
func parseSetValue(f goap.Fact, text string) (any, error) {
	switch f.Kind {
	case goap.BoolFact:
		switch text {
		case "true", "True", "TRUE":
			return true, nil
		case "false", "False", "FALSE":
			return false, nil
		}
		return nil, fmt.Errorf("fact %q is a bool: want true or false, got %q", f.Name, text)
	case goap.IntFact:
		n, err := strconv.Atoi(strings.TrimSpace(text))
		if err != nil {
			return nil, fmt.Errorf("fact %q is an int: want a whole number, got %q", f.Name, text)
		}
		return n, nil
	}
	return strings.TrimSpace(text), nil
}
