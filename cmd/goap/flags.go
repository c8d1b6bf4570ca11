package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"runtime"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/goap-go/goap/goapfile"
	"github.com/goap-go/goap/internal/echo"
	"github.com/goap-go/goap/internal/suggest"
	"github.com/goap-go/goap/pddl"

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

// parsing, when set, sees each command's flag set before it parses: the
// tests hold every command's help to the flags it takes.
var parsing func(cmd string, fs *flag.FlagSet)

// parse parses args for command cmd. It returns help=true after printing
// the command's help for -h, and a usage error for bad flags.
func parse(fs *flag.FlagSet, cmd string, args []string, stdout io.Writer) (pos []string, help bool, err error) {
	if parsing != nil {
		parsing(cmd, fs)
	}
	pos, err = parseFlags(fs, args)
	switch {
	case errors.Is(err, flag.ErrHelp):
		fmt.Fprint(stdout, helpText[cmd])
		return nil, true, nil
	case err != nil:
		return nil, false, usageError(cmd, "%s", flagError(fs, err))
	}
	return pos, false, nil
}

// flagError rewrites the flag package's errors for people: double dashes,
// a did-you-mean for unknown flags, and what a value should look like.
func flagError(fs *flag.FlagSet, err error) string {
	msg := err.Error()
	var names []string
	fs.VisitAll(func(f *flag.Flag) { names = append(names, f.Name) })
	if name, ok := strings.CutPrefix(msg, "flag provided but not defined: -"); ok {
		name = strings.TrimLeft(name, "-")
		hint := ""
		if c := suggest.Closest(name, names); c != "" {
			hint = " (did you mean --" + c + "?)"
		}
		return "unknown flag --" + echo.Cut(name) + hint
	}
	if name, ok := strings.CutPrefix(msg, "flag needs an argument: -"); ok {
		name = strings.TrimLeft(name, "-")
		return "--" + name + " needs a value" + valueHint(fs.Lookup(name))
	}
	// invalid value "5" for flag -timeout: parse error
	if rest, ok := strings.CutPrefix(msg, "invalid value "); ok {
		if i := strings.Index(rest, " for flag -"); i >= 0 {
			value := rest[:i]
			if v, err := strconv.Unquote(value); err == nil {
				value = echo.Quote(v) // the flag package quotes it whole
			}
			name := rest[i+len(" for flag -"):]
			why := ""
			if j := strings.Index(name, ": "); j >= 0 {
				name, why = name[:j], name[j+2:]
			}
			f := fs.Lookup(name)
			if hint := valueHint(f); hint != "" {
				return fmt.Sprintf("--%s: got %s%s", name, value, hint)
			}
			if strings.Contains(why, value) {
				return fmt.Sprintf("--%s: %s", name, why)
			}
			return fmt.Sprintf("--%s: got %s: %s", name, value, why)
		}
	}
	return strings.ReplaceAll(msg, " -", " --")
}

// valueHint says what a flag's value should look like, for the kinds of
// flag whose own errors do not.
func valueHint(f *flag.Flag) string {
	if f == nil {
		return ""
	}
	switch fmt.Sprintf("%T", f.Value) {
	case "*flag.durationValue":
		return "; write a duration such as 5s, 50ms or 1m30s"
	case "*flag.intValue", "*flag.int64Value", "*flag.uintValue", "*flag.uint64Value":
		return "; write a whole number such as 10"
	case "*flag.float64Value":
		return "; write a number such as 0.5"
	case "*flag.boolValue":
		return "; write true or false"
	}
	return ""
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
type directionFlag = choiceFlag[goap.Direction]

// heuristicFlag is --heuristic.
type heuristicFlag = choiceFlag[goap.Heuristic]

// choiceFlag is a flag that takes one of the values of an enumeration of
// the core, such as goap.Direction, by the names their String methods
// give.
type choiceFlag[T interface {
	~uint8
	fmt.Stringer
}] struct{ v *T }

// choices lists the values of an enumeration of the core, from 0 up to
// the first whose String method gives no name (such as "Direction(3)").
func choices[T interface {
	~uint8
	fmt.Stringer
}]() []T {
	var out []T
	for v := T(0); v < 32 && !strings.Contains(v.String(), "("); v++ {
		out = append(out, v)
	}
	return out
}

// String implements flag.Value.
func (f choiceFlag[T]) String() string {
	if f.v == nil {
		return T(0).String()
	}
	return (*f.v).String()
}

// Set implements flag.Value, with a did-you-mean for typos.
func (f choiceFlag[T]) Set(v string) error {
	var names []string
	for _, c := range choices[T]() {
		if v == c.String() {
			*f.v = c
			return nil
		}
		names = append(names, c.String())
	}
	return choiceError(v, names)
}

func heuristicNames() []string {
	var names []string
	for _, h := range choices[goap.Heuristic]() {
		names = append(names, h.String())
	}
	return names
}

// choiceError says that v is not one of choices.
func choiceError(v string, choices []string) error {
	msg := "want " + strings.Join(choices[:len(choices)-1], ", ") + " or " + choices[len(choices)-1]
	if s := suggest.Closest(v, choices); s != "" {
		msg += " (did you mean " + echo.Quote(s) + "?)"
	}
	return errors.New(msg)
}

// searchFlags are the flags that tune the planner.
type searchFlags struct {
	opts    goap.Options
	timeout time.Duration
	// watch is startProcess's memory watchdog, which plan stops;
	// capHit records that it had cancelled the context first.
	watch  *watchdog
	capHit bool
}

// start applies the limits that cover a whole command, as soon as its
// flags are read: it returns ctx limited by --timeout (loading,
// grounding and compiling the goal count as well as the search), and it
// sets the Go runtime's soft memory limit a little above --max-memory
// (unless GOMEMLIMIT is set), so that the garbage of the search's growing
// arrays is collected before it doubles the process's memory.
func (s *searchFlags) start(ctx context.Context) (context.Context, context.CancelFunc) {
	if m := s.opts.MaxMemory; m > 0 && os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(m + m/4 + 128<<20)
	}
	if s.timeout > 0 {
		return context.WithTimeout(ctx, s.timeout)
	}
	return context.WithCancel(ctx)
}

// plan runs pl from start to t under ctx (see deadline), and returns the
// result and the time the search took.
//
// --max-memory bounds the process here, not only the search. The search
// gets S = 3/5 of the limit (less what the executable and the loaded
// domain take) and the runtime's soft limit is L = limit - 2S/3: the
// collector keeps the heap under L, and the largest piece the search
// allocates at once, a doubled array, is at most 2S/3 (its old copy is
// still held, and both fit in S), so the peak stays under the limit
// even when that piece lands on garbage not yet collected. (With only
// the search bounded, a 1 GiB run reached 1.3 GB.)
//
// The watchdog of startProcess stops here: it looks every few
// milliseconds, the search checks its own memory as it grows.
func (s *searchFlags) plan(ctx context.Context, pl *goap.Planner, start goap.State, t *goap.Target) (goap.Result, time.Duration) {
	s.watch.stop()
	s.capHit = errors.Is(context.Cause(ctx), errMemoryCap)
	if m := pl.Options.MaxMemory; m > 0 && os.Getenv("GOMEMLIMIT") == "" {
		runtime.GC()
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		// The executable's code and data count in the resident memory
		// but not in the runtime's: about binaryBytes.
		m = max(m-binaryBytes, m/2)
		base := int64(ms.HeapAlloc + ms.StackInuse + ms.GCSys)
		search := max(m*3/5-base, 1<<20)
		pl.Options.MaxMemory = search
		defer debug.SetMemoryLimit(debug.SetMemoryLimit(m - search*2/3))
	}
	t0 := time.Now()
	res := pl.Plan(ctx, start, t)
	if res.Status == goap.LimitReached && res.Err == nil {
		// A search its deadline stopped may come back without the
		// context's error (weighted A* under Auto did): without it, the
		// stop would be blamed on --max-expansions, set or not.
		res.Err = contextErr(ctx)
	}
	return res, time.Since(t0)
}

// contextErr returns ctx's error, or context.DeadlineExceeded once its
// deadline has passed: the planner reads the deadline on the clock,
// and may stop a little before the context's own timer says so.
func contextErr(ctx context.Context) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if d, ok := ctx.Deadline(); ok && !time.Now().Before(d) {
		return context.DeadlineExceeded
	}
	return nil
}

// binaryBytes is about what the goap executable's code and data add to
// the resident memory outside the Go runtime's accounting.
const binaryBytes = 16 << 20

// defaultMaxMemory is --max-memory's default: a search that would grow
// past it on a big domain stops with exit status 1 instead of taking the
// machine's memory.
const defaultMaxMemory = 1 << 30

// add registers --search, --heuristic, --weight, --no-symmetry,
// --max-expansions, --max-memory and, with timeout set, --timeout.
func (s *searchFlags) add(fs *flag.FlagSet, timeout bool) {
	fs.Var(heuristicFlag{&s.opts.Heuristic}, "heuristic", "`estimate`: "+strings.Join(heuristicNames(), ", "))
	fs.Float64Var(&s.opts.SuboptimalWeight, "weight", 0, "weighted A*: plans cost at most `W` times the optimum (0 or 1: optimal)")
	fs.BoolVar(&s.opts.NoSymmetry, "no-symmetry", false, "search the twin states of interchangeable objects too (the same cost)")
	s.addDirectionAndMemory(fs)
	if timeout {
		fs.DurationVar(&s.timeout, "timeout", 0, "stop after `DUR`, e.g. 100ms (0: no limit)")
	}
}

// addLimits registers what goap test takes: --search, --max-expansions,
// --max-memory (per plan call) and --timeout (for the whole run).
func (s *searchFlags) addLimits(fs *flag.FlagSet) {
	s.addDirectionAndMemory(fs)
	fs.DurationVar(&s.timeout, "timeout", 0, "stop after `DUR`, e.g. 10s (0: no limit)")
}

// addDirectionAndMemory registers --search, --max-expansions and
// --max-memory.
func (s *searchFlags) addDirectionAndMemory(fs *flag.FlagSet) {
	fs.Var(directionFlag{&s.opts.Direction}, "search", "search `direction`: auto, forward or backward")
	fs.IntVar(&s.opts.MaxExpansions, "max-expansions", 0, "stop after `N` expansions (0: no limit)")
	s.opts.MaxMemory = defaultMaxMemory
	fs.Var(sizeFlag{&s.opts.MaxMemory}, "max-memory", "stop when the search holds `SIZE` of memory, e.g. 512MiB or 4GiB (0: no limit)")
	fs.BoolVar(&s.opts.MemoryBounded, "memory-bounded", false, "search with IDA*: memory for the plan's length, not the states searched (slower; still the cheapest plan)")
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

// errorJSON is one problem in the JSON object that a command run with
// --json prints on stdout when it fails on its input or a limit.
type errorJSON struct {
	File    string `json:"file,omitempty"`
	Line    int    `json:"line,omitempty"`
	Column  int    `json:"column,omitempty"`
	Message string `json:"message"`
}

// writeJSONError prints err, when it is a failure with a message (bad
// input, usage, a limit), as {"exit": N, "errors": [...]} on w, one entry
// per problem with its position where known; the message still goes to
// stderr. It returns err.
func writeJSONError(w io.Writer, err error) error {
	var e *exitError
	if !errors.As(err, &e) || e.msg == "" || e.inJSON {
		return err
	}
	var out []errorJSON
	var list goapfile.ErrorList
	var pe *pddl.Error
	// Only the cause has positions to report: an error the message
	// merely wraps (%w) is reported as the message.
	switch {
	case errors.As(e.cause, &list):
		for _, x := range list {
			out = append(out, errorJSON{File: x.File, Line: x.Line, Column: x.Col, Message: x.Msg})
		}
	case errors.As(e.cause, &pe):
		out = append(out, errorJSON{File: pe.File, Line: pe.Line, Column: pe.Col, Message: pe.Msg})
	default:
		out = append(out, errorJSON{Message: e.msg})
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	_ = enc.Encode(struct {
		Exit   int         `json:"exit"`
		Errors []errorJSON `json:"errors"`
	}{e.code, out})
	return err
}

// limitWhy says which limit stopped a search that ended LimitReached
// (plan gives it the context's error when the search left Err nil).
func (s *searchFlags) limitWhy(res goap.Result) string {
	cause := res.Err
	switch {
	case errors.Is(cause, context.DeadlineExceeded):
		return fmt.Sprintf("the time limit (--timeout %v) was reached", s.timeout)
	case errors.Is(cause, context.Canceled) && !s.capHit:
		return "the search was interrupted"
	case errors.Is(cause, goap.ErrMemoryLimit), s.capHit:
		return fmt.Sprintf("the memory limit (--max-memory %s) was reached", formatSize(s.opts.MaxMemory))
	case cause == nil && s.opts.MaxExpansions > 0:
		return fmt.Sprintf("the expansion limit (--max-expansions %d) was reached", s.opts.MaxExpansions)
	}
	return "the search was stopped"
}

// sizeFlag is a byte count written as a number with an optional unit:
// B, kB, MB, GB, TB (powers of 1000) or KiB, MiB, GiB, TiB (of 1024).
type sizeFlag struct{ n *int64 }

var sizeUnits = []struct {
	name string
	n    int64
}{
	{"KiB", 1 << 10}, {"MiB", 1 << 20}, {"GiB", 1 << 30}, {"TiB", 1 << 40},
	{"kB", 1e3}, {"KB", 1e3}, {"MB", 1e6}, {"GB", 1e9}, {"TB", 1e12}, {"B", 1},
}

func (f sizeFlag) String() string {
	if f.n == nil {
		return ""
	}
	return formatSize(*f.n)
}

func (f sizeFlag) Set(text string) error {
	n, err := parseSize(text)
	if err != nil {
		return err
	}
	*f.n = n
	return nil
}

// parseSize reads a sizeFlag's text.
func parseSize(text string) (int64, error) {
	t := strings.TrimSpace(text)
	unit := int64(1)
	for _, u := range sizeUnits {
		if strings.HasSuffix(t, u.name) {
			t, unit = strings.TrimSpace(strings.TrimSuffix(t, u.name)), u.n
			break
		}
	}
	v, err := strconv.ParseFloat(t, 64)
	if err != nil || v < 0 || math.IsNaN(v) || v*float64(unit) >= 1<<62 {
		return 0, echo.Errorf("want a size such as 512MiB, 2GiB or 0 (no limit), got %q", text)
	}
	return int64(v * float64(unit)), nil
}

// formatSize writes n bytes in the largest binary unit that divides it.
func formatSize(n int64) string {
	for _, u := range []struct {
		name string
		n    int64
	}{{"TiB", 1 << 40}, {"GiB", 1 << 30}, {"MiB", 1 << 20}, {"KiB", 1 << 10}} {
		if n >= u.n && n%u.n == 0 {
			return fmt.Sprintf("%d%s", n/u.n, u.name)
		}
	}
	return fmt.Sprintf("%dB", n)
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
		return nil, echo.Errorf("fact %q is a bool: want true or false, got %q", f.Name, text)
	case goap.IntFact:
		n, err := strconv.Atoi(strings.TrimSpace(text))
		if err != nil {
			return nil, echo.Errorf("fact %q is an int: want a whole number, got %q", f.Name, text)
		}
		return n, nil
	}
	v := strings.TrimSpace(text)
	if !slices.Contains(f.Values, v) {
		// Said here rather than by State.SetValue, whose message would
		// echo a value of any length.
		return nil, echo.Errorf("fact %q: %q is not one of %s%s", f.Name, v, strings.Join(f.Values, ", "), suggest.Hint(v, f.Values))
	}
	return v, nil
}
