package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"regexp"

	"github.com/goap-go/goap"
	"github.com/goap-go/goap/goapfile"
	"github.com/goap-go/goap/goapfile/filetest"
)

// TestCommand runs `goap test FILE...`: the tests of each file's
// `tests:` (filetest.Run).
//
// Exit status: 2 when a file cannot be read or has errors; otherwise 1
// when a test fails, and 0.
type TestCommand struct {
	Stdout, Stderr io.Writer
}

// Run runs the command with args (after "test").
func (c *TestCommand) Run(ctx context.Context, args []string) error {
	fs := newFlagSet("test")
	maxFile := addMaxFileSize(fs)
	var (
		run    string
		search searchFlags
	)
	fs.StringVar(&run, "run", "", "run only the tests whose names match `REGEXP`")
	search.addLimits(fs)
	files, help, err := parse(fs, "test", args, c.Stdout)
	if help || err != nil {
		return err
	}
	var match *regexp.Regexp
	if run != "" {
		if match, err = regexp.Compile(run); err != nil {
			return usageError("test", "--run: %w", err)
		}
	}
	if len(files) == 0 {
		return usageError("test", "want at least one FILE")
	}
	if err := search.check("test"); err != nil {
		return err
	}
	ctx, cancel := search.start(ctx)
	defer cancel()
	code := exitOK
	var total, failed int
	unloaded := false
	for _, path := range files {
		f, _, err := loadFile("test", path, *maxFile)
		if err != nil {
			var e *exitError
			if errors.As(err, &e) {
				fmt.Fprintln(c.Stderr, e.msg)
			}
			fmt.Fprintf(c.Stdout, "FAIL %s (cannot load)\n", path)
			// Bad input outranks a limit (a file over --max-file-size).
			if ExitCode(err) == exitUsage || code == exitOK {
				code = ExitCode(err)
			}
			unloaded = true
			continue
		}
		n, bad := c.runFile(ctx, f, match, search.opts)
		total += n
		failed += bad
		if bad > 0 && code == exitOK {
			code = exitNo
		}
	}
	if len(files) > 1 {
		switch {
		case failed > 0:
			fmt.Fprintf(c.Stdout, "FAIL: %d of %s failed\n", failed, plural(total, "test"))
		case unloaded:
			fmt.Fprintf(c.Stdout, "FAIL: %s passed, but some files did not load\n", plural(total, "test"))
		default:
			fmt.Fprintf(c.Stdout, "ok: %s passed\n", plural(total, "test"))
		}
	}
	return silentExit(code)
}

// runFile runs the tests of one file and returns how many ran and
// failed.
func (c *TestCommand) runFile(ctx context.Context, f *goapfile.File, match *regexp.Regexp, opts goap.Options) (total, failed int) {
	w := c.Stdout
	for _, sc := range f.Tests {
		if match != nil && !match.MatchString(sc.Name) {
			continue
		}
		total++
		r := filetest.RunTest(ctx, f, sc, opts)
		if r.Pass {
			fmt.Fprintf(w, "PASS %s\n", r.Name)
			continue
		}
		failed++
		where := f.Path
		if r.Pos.IsValid() {
			where += ":" + r.Pos.String()
		}
		fmt.Fprintf(w, "FAIL %s %s: %s\n", where, r.Name, r.Msg)
	}
	switch {
	case len(f.Tests) == 0:
		fmt.Fprintf(w, "ok   %s (no tests)\n", f.Path)
	case total == 0:
		fmt.Fprintf(w, "ok   %s (no test matches --run)\n", f.Path)
	case failed > 0:
		fmt.Fprintf(w, "FAIL %s (%d of %s failed)\n", f.Path, failed, plural(total, "test"))
	default:
		fmt.Fprintf(w, "ok   %s (%s)\n", f.Path, plural(total, "test"))
	}
	return total, failed
}
