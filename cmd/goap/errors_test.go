package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"io"
	"io/fs"
	"slices"
	"strings"
	"testing"

	"github.com/goap-go/goap"
	"github.com/goap-go/goap/goapfile"
)

// TestErrors runs every error path: each must exit with the right status
// and say what is wrong on stderr, printing nothing on stdout.
func TestErrors(t *testing.T) {
	cases := []struct {
		name string
		args []string
		code int
		want []string // substrings of stderr
	}{
		{"no arguments", nil, 2, []string{"Usage:", "goap COMMAND"}},
		{"unknown command", []string{"plna"}, 2, []string{`goap: unknown command "plna" (did you mean "plan"?)`, "Run 'goap help'"}},
		{"unknown command far off", []string{"frobnicate"}, 2, []string{`goap: unknown command "frobnicate"` + "\n"}},
		{"help for unknown command", []string{"help", "tset"}, 2, []string{`unknown command or topic "tset" (did you mean "test"?)`}},
		{"help with two commands", []string{"help", "plan", "test"}, 2, []string{"want at most one COMMAND"}},
		{"version with argument", []string{"version", "x"}, 2, []string{`unexpected argument "x"`}},

		{"unknown flag", []string{"plan", "testdata/guard.yaml", "--bogus"}, 2, []string{"goap plan: unknown flag --bogus", "Run 'goap help plan' for usage."}},
		{"flag typo", []string{"plan", "testdata/guard.yaml", "--jsn"}, 2, []string{"goap plan: unknown flag --jsn (did you mean --json?)"}},
		{"duration without unit", []string{"plan", "testdata/guard.yaml", "--timeout", "5"}, 2, []string{`goap plan: --timeout: got "5"; write a duration such as 5s, 50ms or 1m30s`}},
		{"unknown flag before file", []string{"check", "--fast", "testdata/guard.yaml"}, 2, []string{"goap check: unknown flag --fast"}},
		{"unknown flag for test", []string{"test", "-x", "testdata/guard.yaml"}, 2, []string{"goap test: unknown flag --x"}},
		{"flag without value", []string{"plan", "testdata/guard.yaml", "--goal"}, 2, []string{"goap plan: --goal needs a value"}},
		{"missing file", []string{"plan", "testdata/nope.yaml"}, 2, []string{"goap plan: open testdata/nope.yaml: no such file or directory"}},
		{"missing file for dot", []string{"dot", "testdata/nope.yaml"}, 2, []string{"goap dot: open testdata/nope.yaml"}},
		{"missing file for bench", []string{"bench", "testdata/nope.yaml"}, 2, []string{"goap bench: open testdata/nope.yaml"}},
		{"no file", []string{"plan"}, 2, []string{"want one FILE, got 0 arguments"}},
		{"two files", []string{"plan", "testdata/guard.yaml", "testdata/miner.yaml"}, 2, []string{"want one FILE, got 2 arguments"}},
		{"check without files", []string{"check"}, 2, []string{"want at least one FILE"}},
		{"test without files", []string{"test"}, 2, []string{"want at least one FILE"}},
		{"file with errors", []string{"plan", "testdata/broken.yaml"}, 2, []string{"testdata/broken.yaml:7:5: unknown key \"cots\"", "    7 |     cots: 1\n      |     ^"}},

		{"--set without =", []string{"plan", "testdata/guard.yaml", "--set", "ammo"}, 2, []string{`goap plan: --set "ammo": want fact=value`}},
		{"--set without fact", []string{"plan", "testdata/guard.yaml", "--set", "=true"}, 2, []string{`--set "=true": want fact=value`}},
		{"--set unknown fact", []string{"plan", "testdata/guard.yaml", "--set", "enemy_visibel=false"}, 2, []string{`unknown fact "enemy_visibel" (did you mean "enemy_visible"?)`}},
		{"--set unknown fact far off", []string{"plan", "testdata/guard.yaml", "--set", "zzz=1"}, 2, []string{`unknown fact "zzz"` + "\n"}},
		{"--set bad bool", []string{"plan", "testdata/guard.yaml", "--set", "armed=yes"}, 2, []string{`fact "armed" is a bool: want true or false, got "yes"`}},
		{"--set bad int", []string{"plan", "testdata/miner.yaml", "--set", "gold=lots"}, 2, []string{`fact "gold" is an int: want a whole number, got "lots"`}},
		{"--set int out of range", []string{"plan", "testdata/miner.yaml", "--set", "gold=9"}, 2, []string{`value 9 is outside 0..5`}},
		{"--set bad enum", []string{"plan", "testdata/miner.yaml", "--set", "at=shp"}, 2, []string{`"shp" is not one of home, shop, mine (did you mean "shop"?)`}},
		{"--set for dot", []string{"dot", "testdata/guard.yaml", "--set", "x"}, 2, []string{`goap dot: --set "x"`}},
		{"--set for bench", []string{"bench", "testdata/guard.yaml", "--set", "armd=true"}, 2, []string{`(did you mean "armed"?)`}},

		{"unknown goal", []string{"plan", "testdata/guard.yaml", "--goal", "KilEnemy"}, 2, []string{`unknown goal "KilEnemy" (did you mean "KillEnemy"?); the goals of testdata/guard.yaml are "KillEnemy", "BeReady"`}},
		{"unknown goal without goals", []string{"plan", "testdata/miner.yaml", "--goal", "Rich"}, 2, []string{`unknown goal "Rich": testdata/miner.yaml has no goals: list`}},
		{"no goal at all", []string{"plan", "testdata/nogoal.yaml"}, 2, []string{`testdata/nogoal.yaml has no goal: add a goal: to the file or pick one with --goal NAME ("Rested", "Fed")`}},
		{"no goal for the search tree", []string{"dot", "--search-tree", "testdata/nogoal.yaml"}, 2, []string{"has no goal"}},
		{"unknown goal for bench", []string{"bench", "testdata/guard.yaml", "--goal", "BeRaedy"}, 2, []string{`(did you mean "BeReady"?)`}},

		{"bad --search", []string{"plan", "testdata/guard.yaml", "--search", "sideways"}, 2, []string{`--search: got "sideways": want auto, forward or backward`}},
		{"misspelt --search", []string{"plan", "testdata/guard.yaml", "--search", "backwards"}, 2, []string{`(did you mean "backward"?)`}},
		{"bad --search for test", []string{"test", "--search", "up", "testdata/guard.yaml"}, 2, []string{`--search: got "up"`}},
		{"bad --heuristic", []string{"plan", "testdata/guard.yaml", "--heuristic", "hmx"}, 2, []string{`--heuristic: got "hmx"`, `(did you mean "hmax"?)`}},
		{"bad --weight", []string{"plan", "testdata/guard.yaml", "--weight", "heavy"}, 2, []string{`--weight: got "heavy"; write a number such as 0.5`}},
		{"negative --weight", []string{"plan", "testdata/guard.yaml", "--weight", "-2"}, 2, []string{"--weight must be a finite number >= 0, got -2"}},
		{"negative --max-expansions", []string{"plan", "testdata/guard.yaml", "--max-expansions", "-1"}, 2, []string{"--max-expansions must be >= 0"}},
		{"negative --timeout", []string{"plan", "testdata/guard.yaml", "--timeout", "-1s"}, 2, []string{"--timeout must be >= 0"}},
		{"bad --timeout", []string{"plan", "testdata/guard.yaml", "--timeout", "soon"}, 2, []string{`--timeout: got "soon"; write a duration such as 5s, 50ms or 1m30s`}},
		{"backward search on an int domain", []string{"plan", "testdata/miner.yaml", "--search", "backward"}, 2, []string{"goap plan: planning failed:", "backward search"}},
		{"bad --run", []string{"test", "--run", "(", "testdata/guard.yaml"}, 2, []string{"goap test: --run: error parsing regexp"}},
		{"negative --count", []string{"bench", "testdata/guard.yaml", "--count", "-1"}, 2, []string{"--count must be >= 0"}},
		{"zero --time", []string{"bench", "testdata/guard.yaml", "--time", "0s"}, 2, []string{"--time must be > 0"}},
		{"dot with two files", []string{"dot", "testdata/guard.yaml", "testdata/miner.yaml"}, 2, []string{"want one FILE, got 2 arguments"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			stdout, stderr := runExpect(t, c.args, c.code, c.want)
			if stdout != "" && c.args != nil && c.args[0] == "plan" {
				t.Errorf("stdout should be empty, got:\n%s", stdout)
			}
			if strings.Contains(stderr, "panic") {
				t.Errorf("panic: %s", stderr)
			}
		})
	}
}

// TestExitCodes checks the exit status of each kind of outcome.
func TestExitCodes(t *testing.T) {
	cases := []struct {
		args []string
		code int
	}{
		{[]string{"plan", "testdata/guard.yaml"}, 0}, // found
		{[]string{"plan", "testdata/guard.yaml", "--goal", "BeReady", "--set", "armed=true", "--set", "loaded=true"}, 0}, // already met
		{[]string{"plan", "testdata/guard_no_findammo.yaml"}, 1},                                                         // no plan
		{[]string{"plan", "testdata/guard_no_findammo.yaml", "--json"}, 1},                                               // no plan, JSON
		{[]string{"plan", "testdata/guard_no_findammo.yaml", "--set", "has_ammo=true"}, 0},                               // ammo at hand
		{[]string{"plan", "testdata/guard.yaml", "--max-expansions", "1", "--search", "forward"}, 1},                     // limit
		{[]string{"plan", "testdata/guard.yaml", "--weight", "2", "--heuristic", "hadd-not-optimal"}, 0},
		{[]string{"check", "testdata/guard.yaml"}, 0},
		{[]string{"check", "testdata/lint.yaml"}, 0},             // warnings only
		{[]string{"check", "--strict", "testdata/lint.yaml"}, 1}, // warnings, strict
		{[]string{"check", "--strict", "testdata/guard.yaml"}, 0},
		{[]string{"check", "--strict", "testdata/lint.yaml", "testdata/broken.yaml"}, 2}, // errors win
		{[]string{"test", "testdata/guard.yaml"}, 0},
		{[]string{"test", "testdata/failing.yaml"}, 1},
		{[]string{"test", "testdata/failing.yaml", "testdata/broken.yaml"}, 2},
		{[]string{"test", "testdata/guard_no_findammo.yaml"}, 0}, // no tests
		{[]string{"dot", "testdata/guard.yaml"}, 0},
		{[]string{"bench", "testdata/guard.yaml", "--count", "1"}, 0},
		{[]string{"bench", "testdata/guard_no_findammo.yaml", "--count", "1"}, 0}, // benchmarks no plan too
		{[]string{"help"}, 0},
		{[]string{"--help"}, 0},
		{[]string{"version"}, 0},
	}
	for _, c := range cases {
		_, stderr, code := runGoap(t, c.args...)
		if code != c.code {
			t.Errorf("goap %s: exit status %d, want %d\n%s", strings.Join(c.args, " "), code, c.code, stderr)
		}
	}
}

// TestHelp checks that "goap help CMD" and "goap CMD -h" print the same
// help, with examples, and exit 0.
func TestHelp(t *testing.T) {
	for _, c := range commands {
		help, _, code := runGoap(t, "help", c.name)
		if code != 0 || help == "" || help != helpText[c.name] {
			t.Errorf("goap help %s: exit %d, %q", c.name, code, help)
		}
		for _, flag := range []string{"-h", "--help"} {
			if c.name == "help" {
				continue
			}
			out, stderr, code := runGoap(t, c.name, flag)
			if code != 0 || out != help || stderr != "" {
				t.Errorf("goap %s %s: exit %d, stdout %q, stderr %q", c.name, flag, code, out, stderr)
			}
		}
		if c.name != "help" && c.name != "version" && !strings.Contains(help, "Example") {
			t.Errorf("goap help %s has no examples", c.name)
		}
		if !strings.Contains(mainUsage, "\t"+c.name+" ") {
			t.Errorf("the overview does not list %s", c.name)
		}
	}
}

// TestInterrupt checks that a cancelled context stops a command while it
// loads its file (exit status 1, the message says what stopped it), and
// that a search it stops says so.
func TestInterrupt(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, stderr, code := goapCtx(t, ctx, true, "plan", "../../testdata/bench/synth_large.json", "--search", "forward", "--heuristic", "blind")
	if code != 1 || !strings.Contains(stderr, "interrupted while loading") {
		t.Errorf("exit %d:\n%s", code, stderr)
	}
	_, stderr, code = runGoap(t, "plan", "../../testdata/bench/synth_large.json", "--search", "forward", "--heuristic", "blind", "--timeout", "1ns")
	if code != 1 || !strings.Contains(stderr, "the time limit (--timeout 1ns) was reached while loading") {
		t.Errorf("exit %d:\n%s", code, stderr)
	}
	// The search, with a context cancelled once the file is loaded:
	// synth_large needs more than 256 expansions, the interval at which
	// the planner looks at its context.
	f, _, err := loadFile("plan", "../../testdata/bench/synth_large.json", 0)
	if err != nil {
		t.Fatal(err)
	}
	search := searchFlags{opts: goap.Options{Direction: goap.Forward, Heuristic: goap.Blind}}
	pl := goap.NewPlanner(f.Domain)
	pl.Options = search.opts
	res, _ := search.plan(ctx, pl, f.Start, f.Goal)
	if why := search.limitWhy(res); res.Status != goap.LimitReached || why != "the search was interrupted" {
		t.Errorf("search under a cancelled context: %v, %q", res.Status, why)
	}
}

func TestParseFlags(t *testing.T) {
	cases := []struct {
		args []string
		pos  string
		set  string
		json bool
	}{
		{[]string{"a.yaml"}, "a.yaml", "", false},
		{[]string{"a.yaml", "--json"}, "a.yaml", "", true},
		{[]string{"--json", "a.yaml", "--set", "x=1", "b.yaml", "-set=y=2"}, "a.yaml b.yaml", "x=1 y=2", true},
		{[]string{"a.yaml", "--", "--json"}, "a.yaml --json", "", false},
	}
	for _, c := range cases {
		fs := newFlagSet("t")
		var sets setList
		fs.Var(&sets, "set", "")
		asJSON := fs.Bool("json", false, "")
		pos, err := parseFlags(fs, c.args)
		if err != nil || strings.Join(pos, " ") != c.pos || sets.String() != c.set || *asJSON != c.json {
			t.Errorf("%q: got %q %q %v %v", c.args, pos, sets.String(), *asJSON, err)
		}
	}
}

// TestHelpTopics: goap help format prints the format reference (the
// goapfile package documentation) and goap help examples the tour.
func TestHelpTopics(t *testing.T) {
	out, _, code := runGoap(t, "help", "format")
	if code != 0 || out != goapfile.FormatReference() || !strings.Contains(out, "scope: agent") {
		t.Errorf("help format: exit %d, %d bytes", code, len(out))
	}
	out, _, code = runGoap(t, "help", "examples")
	if code != 0 || !strings.Contains(out, "examples/room_clearing.yaml") || !strings.Contains(out, "$ goap sim examples/squad_shooter.yaml") {
		t.Errorf("help examples: exit %d:\n%s", code, out)
	}
}

// TestJSONOneObject checks that --json prints exactly one JSON object on
// stdout whatever the outcome, the error named once inside it, and the
// message still on stderr: a planning error used to print the result and
// then a second {"exit": ...} object.
func TestJSONOneObject(t *testing.T) {
	cases := []struct {
		args    []string
		code    int
		errText string // in the object's "error" or "errors"
	}{
		{[]string{"plan", "testdata/miner.yaml", "--search", "backward", "--json"}, 2, "backward search"},
		{[]string{"plan", "testdata/broken.yaml", "--json"}, 2, "broken.yaml"},
		{[]string{"plan", "testdata/guard_no_findammo.yaml", "--json"}, 1, ""},
		{[]string{"plan", "testdata/guard.yaml", "--json"}, 0, ""},
	}
	for _, c := range cases {
		stdout, stderr, code := runGoap(t, c.args...)
		name := strings.Join(c.args, " ")
		if code != c.code {
			t.Errorf("goap %s: exit %d, want %d", name, code, c.code)
		}
		dec := json.NewDecoder(strings.NewReader(stdout))
		var objects []map[string]any
		for {
			var v map[string]any
			if err := dec.Decode(&v); err == io.EOF {
				break
			} else if err != nil {
				t.Fatalf("goap %s: stdout is not JSON objects: %v\n%s", name, err, stdout)
			}
			objects = append(objects, v)
		}
		if len(objects) != 1 {
			t.Errorf("goap %s: %d JSON objects on stdout, want 1\n%s", name, len(objects), stdout)
			continue
		}
		if c.errText != "" {
			if !strings.Contains(stdout, c.errText) || !strings.Contains(stderr, c.errText) {
				t.Errorf("goap %s: %q not in both stdout and stderr\nstdout: %s\nstderr: %s", name, c.errText, stdout, stderr)
			}
		}
	}
}

// TestErrorsWrapCauses: a command's error wraps the error behind its
// message, so that errors.Is sees a missing file through it.
func TestErrorsWrapCauses(t *testing.T) {
	var out, errOut strings.Builder
	for _, args := range [][]string{{"missing.yaml"}} {
		err := (&PlanCommand{Stdout: &out, Stderr: &errOut}).Run(context.Background(), args)
		if !errors.Is(err, fs.ErrNotExist) || ExitCode(err) != exitUsage {
			t.Errorf("plan %v: %v (exit %d) does not wrap fs.ErrNotExist", args, err, ExitCode(err))
		}
	}
	err := (&DebugCommand{Stdout: &out, Stderr: &errOut}).Run(context.Background(), []string{"missing.rec"})
	if !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("debug: %v does not wrap fs.ErrNotExist", err)
	}
}

// TestHelpListsFlags holds each command's help to what the command
// takes: every flag it registers is in its help (or, for the flag every
// command has, the overview), and every flag its help's flag table lists
// is registered. goap check's help also said that everything went to
// standard output; TestHelpSaysWhereOutputGoes pins that.
func TestHelpListsFlags(t *testing.T) {
	seen := map[string][]string{}
	parsing = func(cmd string, fs *flag.FlagSet) {
		fs.VisitAll(func(f *flag.Flag) { seen[cmd] = append(seen[cmd], f.Name) })
	}
	defer func() { parsing = nil }()
	for _, c := range commands {
		if c.name == "help" || c.name == "version" {
			continue
		}
		runGoap(t, c.name, "-h")
		names := seen[c.name]
		if len(names) == 0 {
			t.Errorf("goap %s registered no flags", c.name)
		}
		help := helpText[c.name]
		for _, name := range names {
			if name == "max-file-size" {
				if !strings.Contains(mainUsage, "--max-file-size") {
					t.Errorf("the overview does not describe --max-file-size")
				}
				continue
			}
			if !strings.Contains(help, "--"+name+" ") && !strings.Contains(help, "--"+name+"\n") && !strings.Contains(help, "--"+name+"]") {
				t.Errorf("goap help %s does not describe --%s", c.name, name)
			}
		}
		for _, line := range strings.Split(help, "\n") {
			field := strings.Fields(line)
			if len(field) == 0 || !strings.HasPrefix(field[0], "--") || !strings.HasPrefix(line, "\t") && !strings.HasPrefix(line, "  ") {
				continue
			}
			if name := strings.TrimPrefix(field[0], "--"); !slices.Contains(names, name) {
				t.Errorf("goap help %s describes --%s, which goap %s does not take", c.name, name, c.name)
			}
		}
	}
}

// TestHelpSaysWhereOutputGoes checks the help's word on where output
// goes against what the commands do: results on standard output,
// errors and warnings on standard error.
func TestHelpSaysWhereOutputGoes(t *testing.T) {
	stdout, stderr, _ := runGoap(t, "check", "testdata/lint.yaml", "testdata/broken.yaml")
	if !strings.Contains(stderr, "warning:") || !strings.Contains(stderr, "unknown key") || strings.Contains(stdout, "warning:") || !strings.Contains(stdout, "testdata/lint.yaml: 5 warnings") {
		t.Fatalf("goap check no longer splits its output as its help says:\nstdout:\n%s\nstderr:\n%s", stdout, stderr)
	}
	if h := helpText["check"]; !strings.Contains(h, "on standard error") || strings.Contains(h, "Everything check finds is printed on standard output") {
		t.Errorf("goap help check does not say that errors and warnings go to standard error:\n%s", h)
	}
	if !strings.Contains(mainUsage, "standard error") {
		t.Error("the overview does not say where errors go")
	}
}
