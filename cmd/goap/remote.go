package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os/exec"
	"strings"
	"time"

	"github.com/goap-go/goap"
	"github.com/goap-go/goap/internal/echo"
)

// --remote URL plans through the planning service (goap serve) instead
// of in this process. The goap command is in the library's module (Go
// 1.24, no dependencies) and cannot link the NATS client, so it runs
// `goap-serve request` (module service, the binary goap serve runs) with
// the request it checked on stdin, and reads the reply on stdout: one
// implementation of the protocol, with nats.go's credentials, TLS,
// WebSocket and the domain store that carries domains larger than a NATS
// message. The file is read, checked and its --set and --goal resolved
// here, so its errors keep their positions and exit status; the output
// is the local command's, from the service's plan.

// remoteRequest is the part of the service's Request (schema v1, package
// github.com/goap-go/goap/service) that goap sends.
type remoteRequest struct {
	V           int            `json:"v"`
	Format      string         `json:"format,omitempty"`
	DomainText  string         `json:"domain_text"`
	ProblemText string         `json:"problem_text,omitempty"`
	Goal        string         `json:"goal,omitempty"`
	State       map[string]any `json:"state,omitempty"`
	Options     remoteOptions  `json:"options"`
}

type remoteOptions struct {
	Heuristic        string  `json:"heuristic,omitempty"`
	Direction        string  `json:"direction,omitempty"`
	Weight           float64 `json:"weight,omitempty"`
	MaxExpansions    int     `json:"max_expansions,omitempty"`
	MaxMemory        int64   `json:"max_memory,omitempty"`
	TimeoutMS        int64   `json:"timeout_ms,omitempty"`
	MemoryBounded    bool    `json:"memory_bounded,omitempty"`
	MaxGroundActions int     `json:"max_ground_actions,omitempty"`
	MaxAtoms         int     `json:"max_atoms,omitempty"`
	MaxBindings      int     `json:"max_bindings,omitempty"`
}

// remoteReply is the part of the service's Reply that goap reads.
type remoteReply struct {
	Status      string   `json:"status"`
	Plan        []string `json:"plan"`
	Cost        float64  `json:"cost"`
	Expanded    int      `json:"expanded"`
	Generated   int      `json:"generated"`
	Direction   string   `json:"direction"`
	Partial     []string `json:"partial"`
	Explanation *whyJSON `json:"explanation"`
	Limit       string   `json:"limit"`
	Error       *struct {
		Code    string `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
	ElapsedNS int64 `json:"elapsed_ns"`
}

// lookServe finds goap-serve (tests replace it).
var lookServe = findServe

// remoteOptionsOf turns the search flags into the request's options;
// the time left of ctx (--timeout counts from the start, loading
// included) becomes the request's time limit.
func remoteOptionsOf(ctx context.Context, s *searchFlags) remoteOptions {
	o := remoteOptions{
		Weight: s.opts.SuboptimalWeight, MaxExpansions: s.opts.MaxExpansions,
		MaxMemory: s.opts.MaxMemory, MemoryBounded: s.opts.MemoryBounded,
	}
	if s.opts.Heuristic != goap.AutoHeuristic {
		o.Heuristic = s.opts.Heuristic.String()
	}
	if s.opts.Direction != goap.Auto {
		o.Direction = s.opts.Direction.String()
	}
	if d, ok := ctx.Deadline(); ok {
		o.TimeoutMS = max(time.Until(d).Milliseconds(), 1)
	}
	return o
}

// planRemote sends req to the service at url through goap-serve request
// and returns its reply. A reply with status "error" is returned as an
// error (exit status 1 for a limit, 2 otherwise), but for a bad_request:
// the command checked the request, so that is the search refusing it,
// which result turns into a Failed result as the local search gives.
func planRemote(ctx context.Context, cmd, url string, req remoteRequest) (remoteReply, error) {
	var out remoteReply
	bin, err := lookServe()
	if err != nil {
		return out, &exitError{code: exitUsage, msg: "goap " + cmd + ": --remote needs goap-serve, the client of the planning service.\n" + strings.TrimPrefix(serveInstall, "goap serve: ")}
	}
	req.V = 1
	data, err := json.Marshal(req)
	if err != nil {
		return out, inputError(cmd, "--remote: %w", err)
	}
	// The worker stops the search at its own time limit (and
	// timeout_ms): the client waits a little longer, for the reply.
	wait := 10 * time.Minute
	if req.Options.TimeoutMS > 0 {
		wait = time.Duration(req.Options.TimeoutMS)*time.Millisecond + 30*time.Second
	}
	// --timeout is the worker's to keep (timeout_ms): its reply, with
	// the best progress, comes at the deadline, and the client must not
	// be killed first. An interrupt stops the client at once.
	cctx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	defer cancel()
	defer context.AfterFunc(ctx, func() {
		if !errors.Is(context.Cause(ctx), context.DeadlineExceeded) {
			cancel()
		}
	})()
	var stdout, stderr bytes.Buffer
	c := exec.CommandContext(cctx, bin, "request", "--nats", url, "--wait", wait.String())
	c.Stdin, c.Stdout, c.Stderr = bytes.NewReader(data), &stdout, &stderr
	if err := c.Run(); err != nil {
		if cctx.Err() != nil {
			return out, limitError(cmd, "--remote %s: %v", redactURL(url), context.Cause(ctx))
		}
		msg := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(stderr.String()), "goap serve:"))
		if msg == "" {
			msg = err.Error()
		}
		return out, inputError(cmd, "--remote %s: %s", redactURL(url), msg)
	}
	if err := json.Unmarshal(stdout.Bytes(), &out); err != nil {
		return out, inputError(cmd, "--remote %s: a reply that is not JSON: %v", redactURL(url), err)
	}
	if out.Status == "error" {
		code, msg := "internal", "no message"
		if out.Error != nil {
			code, msg = out.Error.Code, out.Error.Message
		}
		switch code {
		case "bad_request":
			// The request was checked here: what the worker refuses is
			// the search (a backward search on numbers...), reported as
			// the local command reports a failed search (result).
		case "limit", "deadline":
			return out, limitError(cmd, "the planning service: %s", msg)
		default:
			return out, inputError(cmd, "the planning service: %s: %s", code, msg)
		}
	}
	return out, nil
}

// result turns a reply into the core's Result on d, the domain the
// command loaded: the plan's names back into its actions. ids turns
// names into ActionIDs.
func (r remoteReply) result(s *searchFlags, ids func(string) (goap.ActionID, bool)) (goap.Result, error) {
	var res goap.Result
	switch r.Status {
	case "found":
		res.Status = goap.Found
	case "already_satisfied":
		res.Status = goap.AlreadySatisfied
	case "no_plan":
		res.Status = goap.NoPlan
	case "limit_reached":
		res.Status = goap.LimitReached
	case "error":
		res.Status = goap.Failed
		res.Err = errors.New(r.Error.Message)
	default:
		return res, fmt.Errorf("status %q", r.Status)
	}
	res.Cost, res.Expanded, res.Generated = r.Cost, r.Expanded, r.Generated
	for _, d := range choices[goap.Direction]() {
		if d.String() == r.Direction {
			res.Direction = d
		}
	}
	var err error
	if res.Plan, err = actionIDs(r.Plan, ids); err != nil {
		return res, err
	}
	if res.Partial, err = actionIDs(r.Partial, ids); err != nil {
		return res, err
	}
	if res.Status == goap.LimitReached {
		switch {
		case r.Limit == "memory":
			res.Err = goap.ErrMemoryLimit
		case r.Limit == "time" && s.timeout > 0:
			res.Err = context.DeadlineExceeded
		case r.Limit == "time":
			// The worker's own time limit, not --timeout.
			res.Err = errors.New("the planning service's time limit was reached")
		}
	}
	return res, nil
}

func actionIDs(names []string, ids func(string) (goap.ActionID, bool)) ([]goap.ActionID, error) {
	if len(names) == 0 {
		return nil, nil
	}
	out := make([]goap.ActionID, len(names))
	for i, n := range names {
		id, ok := ids(n)
		if !ok {
			return nil, fmt.Errorf("the service's plan has action %s, which the file has not", echo.Quote(n))
		}
		out[i] = id
	}
	return out, nil
}

// redactURL drops credentials from a URL (nats://user:pass@host:port).
func redactURL(url string) string {
	scheme, rest, ok := strings.Cut(url, "://")
	if !ok {
		return url
	}
	if _, host, ok := strings.Cut(rest, "@"); ok {
		return scheme + "://" + host
	}
	return url
}
