package agent_test

import (
	"context"
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/goap-go/goap"
	"github.com/goap-go/goap/agent"
)

// heldPlanner is a RemotePlanner that plans at once, in its own planner,
// but hands results over only when the test releases them: a service
// whose answers take a few frames.
type heldPlanner struct {
	p       *goap.Planner
	started int
	held    []*heldSearch
	fail    error // when set, every search fails with it
}

type heldSearch struct {
	res      goap.Result
	released bool
}

func (h *heldPlanner) Start(start goap.State, t *goap.Target, opts goap.Options) agent.RemoteSearch {
	h.started++
	h.p.Options = opts
	res := h.p.Plan(context.Background(), start, t)
	res.Plan = slices.Clone(res.Plan) // the planner's memory is reused
	if h.fail != nil {
		res = goap.Result{Status: goap.Failed, Err: h.fail}
	}
	s := &heldSearch{res: res}
	h.held = append(h.held, s)
	return s
}

func (s *heldSearch) Result() (goap.Result, bool) { return s.res, s.released }

// TestRemotePlanner: an agent with Config.Remote waits in Planning
// until the remote search is done, then carries out the same plan as a
// local one; its options reach the planner; a remote
// failure is a search without a plan; such an agent joins no scheduler.
func TestRemotePlanner(t *testing.T) {
	d := mustDomain(t, choresSpec)
	// The local agent plans with the remote one's options, so both
	// searches expand the same states.
	local, err := agent.New(agent.Config{Name: "local", Domain: d, Goals: goals(t, d, "Done"),
		Options: goap.Options{Heuristic: goap.Blind}, Default: agent.Behavior{Perform: takes(100)}})
	if err != nil {
		t.Fatal(err)
	}
	local.Update(1)

	rp := &heldPlanner{p: goap.NewPlanner(d)}
	a, err := agent.New(agent.Config{Name: "a", Domain: d, Goals: goals(t, d, "Done"), Remote: rp,
		Options: goap.Options{Heuristic: goap.Blind}, Default: agent.Behavior{Perform: takes(100)}})
	if err != nil {
		t.Fatal(err)
	}
	for tick := 1; tick <= 3; tick++ {
		a.Update(1)
		if a.Phase() != agent.Planning || a.Plan() != nil || rp.started != 1 {
			t.Fatalf("tick %d: phase %v, plan %v, %d searches started", tick, a.Phase(), a.Plan(), rp.started)
		}
	}
	rp.held[0].released = true
	a.Update(1)
	if a.Phase() != agent.Performing || !reflect.DeepEqual(a.Plan(), local.Plan()) {
		t.Fatalf("phase %v, plan %v, want the local plan %v", a.Phase(), a.Plan(), local.Plan())
	}
	if got, want := a.Stats().Expanded, local.Stats().Expanded; got != want {
		t.Errorf("%d expansions counted, want %d", got, want)
	}
	if rp.p.Options.Heuristic != goap.Blind {
		t.Errorf("the remote planner got heuristic %v, want the agent's blind", rp.p.Options.Heuristic)
	}

	s := &agent.Scheduler{Budget: 100}
	if err := s.Add(a); err == nil {
		t.Errorf("a scheduler took an agent that plans remotely")
	}

	failing := &heldPlanner{p: goap.NewPlanner(d), fail: errors.New("service unreachable")}
	log := &agent.Log{}
	b, err := agent.New(agent.Config{Name: "b", Domain: d, Goals: goals(t, d, "Done"), Remote: failing, OnEvent: log.Add,
		Default: agent.Behavior{Perform: takes(100)}})
	if err != nil {
		t.Fatal(err)
	}
	b.Update(1)
	failing.held[0].released = true
	b.Update(1)
	if b.Plan() != nil || b.Stats().NoPlans != 1 {
		t.Errorf("after a failed remote search: plan %v, %d searches without a plan", b.Plan(), b.Stats().NoPlans)
	}
	found := false
	for _, e := range log.Strings() {
		found = found || strings.Contains(e, "service unreachable")
	}
	if !found {
		t.Errorf("no event says why: %q", log.Strings())
	}
}
