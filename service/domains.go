package service

import (
	"container/list"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"strings"
	"sync"

	"github.com/goap-go/goap"
	"github.com/goap-go/goap/goapfile"
	"github.com/goap-go/goap/pddl"
)

// HashDomain returns the content hash that names a domain's text:
// "sha256:" and the SHA-256 of text in 64 lower-case hex digits.
func HashDomain(text []byte) string {
	sum := sha256.Sum256(text)
	return "sha256:" + hex.EncodeToString(sum[:])
}

// objectName is the name of a domain in the DomainBucket: the hash's
// hex digits (object names may not hold ':').
func objectName(hash string) string { return strings.TrimPrefix(hash, "sha256:") }

// validHash reports whether h is "sha256:" and 64 lower-case hex digits.
func validHash(h string) bool {
	hexPart, ok := strings.CutPrefix(h, "sha256:")
	if !ok || len(hexPart) != 64 {
		return false
	}
	for _, c := range hexPart {
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return false
		}
	}
	return true
}

// compiled is a domain a worker compiled: the domain, its start state
// and default goal, and planners to reuse (a planner keeps its memory
// between searches; each request takes one for its search and gives it
// back).
type compiled struct {
	domain *goap.Domain
	start  goap.State
	goal   *goap.Target // nil when the file has no goal:
	// file is the designer file (nil for a PDDL task), task the PDDL
	// task (nil for a designer file).
	file     *goapfile.File
	task     *pddl.Task
	planners sync.Pool
}

// planner returns a planner of the domain, a reused one when there is.
func (c *compiled) planner() *goap.Planner {
	if p, ok := c.planners.Get().(*goap.Planner); ok {
		return p
	}
	return goap.NewPlanner(c.domain)
}

// names names the actions of a plan: the domain's names, or IPC plan
// lines for a PDDL task.
func (c *compiled) names(plan []goap.ActionID) []string {
	if c.task == nil {
		return c.domain.ActionNames(plan)
	}
	out := make([]string, len(plan))
	for i, a := range plan {
		out[i] = c.task.Ground[a].IPC()
	}
	return out
}

// entry is a cache slot: ready is closed once file or err is set, so
// that concurrent requests for a new domain compile it once.
type entry struct {
	hash  string
	ready chan struct{}
	c     *compiled
	err   *Error
	elem  *list.Element
}

// domainCache keeps the last compiled domains, least recently used out
// first. Compiling a domain takes from microseconds to seconds (a large
// lifted file), planning on it microseconds: the cache makes a hash as
// cheap as a name. Safe for concurrent use.
type domainCache struct {
	mu      sync.Mutex
	max     int
	entries map[string]*entry
	order   *list.List // front: most recently used
}

func newDomainCache(max int) *domainCache {
	return &domainCache{max: max, entries: map[string]*entry{}, order: list.New()}
}

// get returns the compiled domain of hash, compiling it with build if no
// request has. A failed compile is not kept: the next request tries
// again (the store may have the text by then).
func (dc *domainCache) get(ctx context.Context, hash string, build func(context.Context) (*compiled, *Error)) (*compiled, *Error) {
	dc.mu.Lock()
	e, ok := dc.entries[hash]
	if ok {
		dc.order.MoveToFront(e.elem)
		dc.mu.Unlock()
		select {
		case <-e.ready:
			return e.c, e.err
		case <-ctx.Done():
			return nil, &Error{Code: CodeLimit, Message: "the time limit was reached while another request compiled the domain"}
		}
	}
	e = &entry{hash: hash, ready: make(chan struct{})}
	e.elem = dc.order.PushFront(e)
	dc.entries[hash] = e
	for dc.order.Len() > dc.max {
		old := dc.order.Remove(dc.order.Back()).(*entry)
		delete(dc.entries, old.hash)
	}
	dc.mu.Unlock()

	e.c, e.err = build(ctx)
	close(e.ready)
	if e.err != nil {
		dc.mu.Lock()
		if dc.entries[hash] == e {
			delete(dc.entries, hash)
			dc.order.Remove(e.elem)
		}
		dc.mu.Unlock()
	}
	return e.c, e.err
}

// len returns the number of domains cached.
func (dc *domainCache) len() int {
	dc.mu.Lock()
	defer dc.mu.Unlock()
	return len(dc.entries)
}

// compile loads a designer file's text and compiles it under ctx.
func compile(ctx context.Context, load func(context.Context) ([]byte, *Error)) (*compiled, *Error) {
	text, e := load(ctx)
	if e != nil {
		return nil, e
	}
	f, err := goapfile.ParseContext(ctx, "domain", text)
	if err != nil {
		return nil, compileError(ctx, err)
	}
	return &compiled{domain: f.Domain, start: f.Start, goal: f.Goal, file: f}, nil
}

// compilePDDL loads a PDDL domain and problem, grounds them within lim
// and compiles the task under ctx.
func compilePDDL(ctx context.Context, loadDomain, loadProblem func(context.Context) ([]byte, *Error), lim pddl.Limits) (*compiled, *Error) {
	dt, e := loadDomain(ctx)
	if e != nil {
		return nil, e
	}
	pt, e := loadProblem(ctx)
	if e != nil {
		return nil, e
	}
	d, err := pddl.ParseDomainContext(ctx, "domain.pddl", dt)
	if err != nil {
		return nil, compileError(ctx, err)
	}
	pr, err := pddl.ParseProblemContext(ctx, "problem.pddl", pt, d)
	if err != nil {
		return nil, compileError(ctx, err)
	}
	task, err := pddl.GroundContext(ctx, d, pr, lim)
	if err != nil {
		var le *pddl.LimitError
		if errors.As(err, &le) {
			return nil, &Error{Code: CodeLimit, Message: err.Error()}
		}
		return nil, compileError(ctx, err)
	}
	dom, start, goal, err := task.CompileContext(ctx)
	if err != nil {
		return nil, compileError(ctx, err)
	}
	return &compiled{domain: dom, start: start, goal: goal, task: task}, nil
}

// compileError is the Error of a domain that did not compile: its
// positioned errors, or the time limit that stopped the compile.
func compileError(ctx context.Context, err error) *Error {
	if ctx.Err() != nil {
		return &Error{Code: CodeLimit, Message: "the time limit was reached while compiling the domain"}
	}
	return &Error{Code: CodeDomain, Message: errorText(err)}
}

// errorText is err's message with goapfile's positioned errors one per
// line.
func errorText(err error) string {
	var list goapfile.ErrorList
	if l, ok := err.(goapfile.ErrorList); ok {
		list = l
	}
	if len(list) == 0 {
		return err.Error()
	}
	lines := make([]string, len(list))
	for i, e := range list {
		lines[i] = e.Error()
	}
	return strings.Join(lines, "\n")
}
