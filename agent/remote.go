package agent

import "github.com/goap-go/goap"

// RemotePlanner runs an agent's searches outside its Update: on a
// planning service on other machines (package
// github.com/goap-go/goap/service/client provides one on NATS), or any
// other place that plans the agent's domain. Set it as Config.Remote.
// The agent starts a search when it needs a plan, as it would locally,
// and picks the result up in a later Update once it is there; it waits
// meanwhile (Phase Planning) exactly as for a local search that needs
// more updates. Config.Budget does not apply, and an agent with a
// RemotePlanner does not join a Scheduler: the planner decides how many
// searches run at once.
type RemotePlanner interface {
	// Start starts a search from start to t with opts (opts.Exclude
	// holds the actions the agent may not use now) and returns without
	// waiting for it. start and opts belong to the agent: read them
	// before Start returns, never after.
	Start(start goap.State, t *goap.Target, opts goap.Options) RemoteSearch
}

// RemoteSearch is a search a RemotePlanner started.
type RemoteSearch interface {
	// Result returns the search's result and true once the search has
	// ended, or false while it goes on. It must not block: the agent
	// asks on each Update. The result's Plan and Partial hold actions of
	// the agent's domain (the agent copies what it keeps); a result that
	// could not be had (the service was unreachable) has Status Failed
	// and Err saying why, and the agent treats it as a search that found
	// no plan. An agent that no longer needs the search (its goal
	// changed) stops asking, and lets it go.
	Result() (goap.Result, bool)
}

// search is the agent's search under way: a local one, stepped by the
// agent or its scheduler, or a remote one (at most one is set).
type search struct {
	local  goap.Search
	remote RemoteSearch
}

// Valid reports whether a search is under way.
func (s search) Valid() bool { return s.local.Valid() || s.remote != nil }
