package service

import (
	"context"
	"errors"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/goap-go/goap"
)

// heuristics maps the names of Options.Heuristic to the core's.
var heuristics = func() map[string]goap.Heuristic {
	m := map[string]goap.Heuristic{"": goap.AutoHeuristic}
	for h := goap.AutoHeuristic; h < 32; h++ {
		if s := h.String(); !strings.HasPrefix(s, "Heuristic(") {
			m[s] = h
		}
	}
	return m
}()

var directions = map[string]goap.Direction{"": goap.Auto, "auto": goap.Auto, "forward": goap.Forward, "backward": goap.Backward}

// searchOptions turns a request's options and exclusions into the core's,
// within the worker's limits.
func (w *Worker) searchOptions(c *compiled, r *Request) (goap.Options, *Error) {
	var o goap.Options
	h, ok := heuristics[r.Options.Heuristic]
	if !ok {
		return o, badRequest("unknown heuristic %q", r.Options.Heuristic)
	}
	dir, ok := directions[r.Options.Direction]
	if !ok {
		return o, badRequest("unknown direction %q (auto, forward or backward)", r.Options.Direction)
	}
	if r.Options.Weight < 0 || r.Options.Weight > goap.MaxWeight || r.Options.MaxExpansions < 0 || r.Options.MaxMemory < 0 || r.Options.TimeoutMS < 0 {
		return o, badRequest("options out of range: weight %v (0 to %v), max_expansions %d, max_memory %d and timeout_ms %d must not be negative", r.Options.Weight, goap.MaxWeight, r.Options.MaxExpansions, r.Options.MaxMemory, r.Options.TimeoutMS)
	}
	o.Heuristic, o.Direction = h, dir
	o.SuboptimalWeight = r.Options.Weight
	o.MaxExpansions = r.Options.MaxExpansions
	o.MaxMemory = w.cfg.MaxRequestMemory
	if m := r.Options.MaxMemory; m > 0 && (o.MaxMemory == 0 || m < o.MaxMemory) {
		o.MaxMemory = m
	}
	o.MemoryBounded = r.Options.MemoryBounded
	if c.task != nil && r.Options.Direction == "" && r.Options.Heuristic == "" {
		// As goap pddl: classical tasks need the strongest admissible
		// estimate.
		o.Direction, o.Heuristic = goap.Forward, goap.LMCut
	}
	d := c.domain
	for _, name := range r.Exclude {
		ids := d.ActionsNamed(name)
		if len(ids) == 0 {
			if id, ok := d.ActionID(name); ok {
				ids = []goap.ActionID{id}
			}
		}
		if len(ids) == 0 {
			return o, badRequest("exclude: the domain has no action %q", name)
		}
		o.Exclude = append(o.Exclude, ids...)
	}
	return o, nil
}

// timeout is the time a request may take: its own limit, capped by the
// worker's.
func (w *Worker) timeout(r *Request) time.Duration {
	t := w.cfg.MaxRequestTime
	if ms := r.Options.TimeoutMS; ms > 0 {
		if d := time.Duration(ms) * time.Millisecond; t <= 0 || d < t {
			t = d
		}
	}
	return t
}

// plan plans r on c. Bad input gets an Error reply, never a panic.
func (w *Worker) plan(ctx context.Context, c *compiled, r *Request) Reply {
	d := c.domain
	start := c.start.Clone()
	for _, name := range sortedKeys(r.State) {
		if err := setValue(start, name, r.State[name]); err != nil {
			return errorReply(r, badRequest("state: %v", err))
		}
	}
	var t *goap.Target
	switch {
	case len(r.Conds) > 0:
		conds, err := parseConds(r.Conds)
		if err != nil {
			return errorReply(r, badRequest("conds: %v", err))
		}
		if t, err = d.Target("goal", conds); err != nil {
			return errorReply(r, badRequest("conds: %v", err))
		}
	case r.Goal != "":
		var ok bool
		if t, ok = d.Goal(r.Goal); !ok {
			return errorReply(r, badRequest("the domain has no goal %q", r.Goal))
		}
	default:
		if t = c.goal; t == nil {
			return errorReply(r, badRequest("no goal: the domain has no goal: and the request names none (goal or conds)"))
		}
	}
	opts, e := w.searchOptions(c, r)
	if e != nil {
		return errorReply(r, e)
	}
	p := c.planner()
	p.Options = opts
	res := p.Plan(ctx, start, t)
	out := Reply{V: Version, ID: r.ID, Cost: res.Cost, Expanded: res.Expanded, Generated: res.Generated, Direction: res.Direction.String()}
	switch res.Status {
	case goap.Found:
		out.Status = StatusFound
		out.Plan = c.names(res.Plan)
	case goap.AlreadySatisfied:
		out.Status = StatusAlreadySatisfied
	case goap.NoPlan:
		out.Status = StatusNoPlan
		if why := res.Why(); why != nil {
			out.Why = why.Summary()
			out.Explanation = explanation(c, why)
		}
	case goap.LimitReached:
		out.Status = StatusLimitReached
		out.Partial = c.names(res.Partial)
		out.Limit = limitOf(res)
		out.Why = limitWhy(res)
	default:
		out.Status = StatusError
		out.Error = &Error{Code: CodeBadRequest, Message: fmt.Sprint(res.Err)}
	}
	if math.IsInf(out.Cost, 0) || math.IsNaN(out.Cost) {
		out.Cost = 0 // JSON has no infinity; only a found plan has a cost
	}
	p.Options = goap.Options{}
	c.planners.Put(p)
	return out
}

// explanation is e in the schema's terms.
func explanation(c *compiled, e *goap.Explanation) *Explanation {
	out := &Explanation{Unreachable: []Unreachable{}, ClosestPlan: c.names(e.ClosestPlan), Unmet: e.Unmet, Text: e.String()}
	if out.Unmet == nil {
		out.Unmet = []string{}
	}
	for _, u := range e.Unreachable {
		out.Unreachable = append(out.Unreachable, Unreachable{Condition: u.Condition, Reason: u.Reason})
	}
	if !e.Closest.IsZero() {
		out.Closest = e.Closest.String()
	}
	return out
}

// limitOf names the limit that stopped a search.
func limitOf(res goap.Result) string {
	switch {
	case errors.Is(res.Err, goap.ErrMemoryLimit):
		return LimitMemory
	case errors.Is(res.Err, context.DeadlineExceeded), errors.Is(res.Err, context.Canceled):
		return LimitTime
	}
	return LimitExpansions
}

// limitWhy says which limit stopped a search.
func limitWhy(res goap.Result) string {
	switch {
	case errors.Is(res.Err, goap.ErrMemoryLimit):
		return "the memory limit was reached"
	case errors.Is(res.Err, context.DeadlineExceeded):
		return "the time limit was reached"
	case res.Err != nil:
		return res.Err.Error()
	}
	return "the expansion limit was reached"
}

// setValue sets one fact of s from a JSON value: a bool, a number (a
// whole one) or an enum value's name.
func setValue(s goap.State, name string, v any) error {
	if n, ok := v.(float64); ok {
		if n != float64(int(n)) {
			return fmt.Errorf("%s: %v is not a whole number", name, n)
		}
		v = int(n)
	}
	return s.SetValue(name, v)
}

// parseConds turns the designer file's syntax of conditions into the
// core's: true/false, a whole number, an enum value, or a comparison
// "OP VALUE" with OP one of =, !=, <, <=, >, >=.
func parseConds(in map[string]any) (goap.Conds, error) {
	out := goap.Conds{}
	for name, v := range in {
		switch x := v.(type) {
		case bool:
			out[name] = x
		case float64:
			if x != float64(int(x)) {
				return nil, fmt.Errorf("%s: %v is not a whole number", name, x)
			}
			out[name] = int(x)
		case string:
			c, err := parseCompare(x)
			if err != nil {
				return nil, fmt.Errorf("%s: %v", name, err)
			}
			out[name] = c
		default:
			return nil, fmt.Errorf("%s: a condition is a bool, a number or a string, not %T", name, v)
		}
	}
	return out, nil
}

// parseCompare reads "OP VALUE", or a plain enum value (equality).
func parseCompare(s string) (any, error) {
	s = strings.TrimSpace(s)
	ops := []struct {
		op   string
		make func(any) (goap.Compare, error)
	}{
		{"!=", func(v any) (goap.Compare, error) { return goap.Ne(v), nil }},
		{"<=", intCompare(goap.Le)}, {">=", intCompare(goap.Ge)},
		{"<", intCompare(goap.Lt)}, {">", intCompare(goap.Gt)},
		{"=", func(v any) (goap.Compare, error) { return goap.Eq(v), nil }},
	}
	for _, o := range ops {
		rest, ok := strings.CutPrefix(s, o.op)
		if !ok {
			continue
		}
		rest = strings.TrimSpace(rest)
		if rest == "" {
			return nil, fmt.Errorf("%q has no value after %s", s, o.op)
		}
		var v any = rest
		if n, err := strconv.Atoi(rest); err == nil {
			v = n
		} else if b, err := strconv.ParseBool(rest); err == nil && (rest == "true" || rest == "false") {
			v = b
		}
		return o.make(v)
	}
	return s, nil // an enum value
}

func intCompare(f func(int) goap.Compare) func(any) (goap.Compare, error) {
	return func(v any) (goap.Compare, error) {
		n, ok := v.(int)
		if !ok {
			return goap.Compare{}, fmt.Errorf("%v is not a whole number", v)
		}
		return f(n), nil
	}
}

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

func badRequest(format string, args ...any) *Error {
	return &Error{Code: CodeBadRequest, Message: fmt.Sprintf(format, args...)}
}

func errorReply(r *Request, e *Error) Reply {
	return Reply{V: Version, ID: r.ID, Status: StatusError, Error: e}
}
