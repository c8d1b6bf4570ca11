package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"sync"
	"time"

	"github.com/goap-go/goap/agent/simspec"
	"github.com/goap-go/goap/debugger"
)

// simControl is the pause, step and run of goap sim --debug (a
// debugger.Pauser: the sim loop waits in Wait while paused, and the
// debugger page's buttons call Control), and the page's changes of the
// world.
type simControl struct {
	*debugger.Pauser
	mu sync.Mutex
	// The page's changes of the world, for the sim loop to schedule at
	// its next tick (the world is not the handler's to touch), and
	// check, which reads a fact's value as a designer file writes it.
	pending []simspec.WorldChange
	check   func(fact, value string) (any, error)
}

// SetWorld implements debugger.WorldSetter: the change happens at the
// run's next tick, recorded as a scripted change.
func (c *simControl) SetWorld(fact, value string) error {
	if c.check == nil {
		return errors.New("this run's world cannot be changed")
	}
	v, err := c.check(fact, value)
	if err != nil {
		return err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.pending = append(c.pending, simspec.WorldChange{Set: map[string]any{fact: v}})
	return nil
}

// take returns the page's changes made since the last call.
func (c *simControl) take() []simspec.WorldChange {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := c.pending
	c.pending = nil
	return out
}

func newSimControl() *simControl {
	return &simControl{Pauser: debugger.NewPauser(true)}
}

// debugRate is how many ticks per second goap sim --debug runs while
// running, so that the page can follow.
const debugRate = 10

// serveDebug starts the debugger page for rec and ctl on addr and returns
// a function that stops it.
func (c *SimCommand) serveDebug(addr string, rec *debugger.Recorder, ctl *simControl) (func(), error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, inputError("sim", "--debug %s: %v", addr, err)
	}
	srv := debugServer(debugger.Handler(rec, ctl, addrHost(addr)))
	fmt.Fprintf(c.Stderr, "debugger on http://%s/ (paused: press run or step; interrupt to stop)\n", ln.Addr())
	if c.Ready != nil {
		c.Ready(ln.Addr().String())
	}
	go func() {
		if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			fmt.Fprintf(c.Stderr, "goap sim: --debug: %v\n", err)
		}
	}()
	return func() {
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		defer cancel()
		_ = srv.Shutdown(ctx)
	}, nil
}

// The debugger server's timeouts: a client slow to send its request or
// to read the answer is cut off, and an idle keep-alive connection is
// closed (browsers keep them open as long as the page is). A variable so
// that tests can shorten the idle one.
var (
	debugReadTimeout  = 30 * time.Second
	debugWriteTimeout = time.Minute // a tick's state of a big recording
	debugIdleTimeout  = time.Minute
)

// debugServer returns the server of goap debug and goap sim --debug for
// h, with timeouts.
func debugServer(h http.Handler) *http.Server {
	return &http.Server{
		Handler:           h,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       debugReadTimeout,
		WriteTimeout:      debugWriteTimeout,
		IdleTimeout:       debugIdleTimeout,
	}
}

// addrHost returns the host of a --addr HOST:PORT, the name the debugger
// page is reached by besides loopback names and IP addresses.
func addrHost(addr string) string {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return addr
	}
	return host
}
