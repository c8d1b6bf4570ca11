package client_test

import (
	"context"
	"reflect"
	"testing"
	"time"

	"github.com/goap-go/goap"
	"github.com/goap-go/goap/agent"
	"github.com/goap-go/goap/goapfile"
	"github.com/goap-go/goap/service"
	"github.com/goap-go/goap/service/client"
	"github.com/goap-go/goap/service/embedded"
	"github.com/nats-io/nats.go"
)

// TestRemoteAgent: agents planning through the service carry out the
// plans they would have planned locally, for a goal of the file and for
// conditions compiled on the side (>=, !=, enum values).
func TestRemoteAgent(t *testing.T) {
	s, err := embedded.Start(embedded.Config{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Shutdown()
	wnc, err := s.Connect()
	if err != nil {
		t.Fatal(err)
	}
	defer wnc.Close()
	ready := make(chan struct{})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() { _ = service.NewWorker(service.Config{Ready: func() { close(ready) }}).Serve(ctx, wnc) }()
	<-ready

	text := []byte(`
facts:
  ammo: {type: int, min: 0, max: 5}
  at: {type: enum, values: [home, shop, range]}
actions:
  - {name: GoShop, cost: 2, preconditions: {at: home}, effects: {at: shop}}
  - {name: Buy, cost: 1, preconditions: {at: shop}, effects: {ammo: "+= 2"}}
  - {name: GoRange, cost: 2, preconditions: {at: "!= range"}, effects: {at: range}}
goals:
  - {name: Stocked, priority: 1, desired: {ammo: ">= 3"}}
`)
	f, err := goapfile.Parse("shop.yaml", text)
	if err != nil {
		t.Fatal(err)
	}
	nc, err := nats.Connect(s.URL())
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	remote, err := client.New(nc, "").NewRemote(ctx, f.Domain, text, 4)
	if err != nil {
		t.Fatal(err)
	}
	away, err := f.Domain.Target("away", goap.Conds{"at": goap.Ne("home"), "ammo": goap.Ge(2)})
	if err != nil {
		t.Fatal(err)
	}
	stocked, _ := f.Domain.Goal("Stocked")
	for _, target := range []*goap.Target{stocked, away} {
		plans := map[bool][]goap.ActionID{}
		for _, useRemote := range []bool{false, true} {
			cfg := agent.Config{Name: "a", Domain: f.Domain, Goals: []agent.Goal{{Target: target, Priority: 1}},
				Default: agent.Behavior{Perform: func(*agent.Call) agent.Outcome { return agent.Continue }}}
			if useRemote {
				cfg.Remote = remote
			}
			a, err := agent.New(cfg)
			if err != nil {
				t.Fatal(err)
			}
			deadline := time.Now().Add(10 * time.Second)
			for a.Plan() == nil && time.Now().Before(deadline) {
				a.Update(1)
				time.Sleep(time.Millisecond)
			}
			plans[useRemote] = a.Plan()
		}
		if plans[false] == nil || !reflect.DeepEqual(plans[false], plans[true]) {
			t.Errorf("%s: remote plan %v, local %v", target.Name(), f.Domain.ActionNames(plans[true]), f.Domain.ActionNames(plans[false]))
		}
	}
}
