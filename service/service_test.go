package service_test

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/goap-go/goap"
	"github.com/goap-go/goap/goapfile"
	"github.com/goap-go/goap/service"
	"github.com/goap-go/goap/service/client"
	"github.com/goap-go/goap/service/embedded"
	"github.com/nats-io/nats.go"
)

// TestPlan: request/reply with an inline domain gives the plan the
// library gives in-process, and the options and goal forms of the
// schema reach the planner.
func TestPlan(t *testing.T) {
	_, _, c := setup(t)
	guard := readFile(t, "../examples/guard.yaml")
	f, err := goapfile.Parse("guard.yaml", []byte(guard))
	if err != nil {
		t.Fatal(err)
	}
	local := goap.NewPlanner(f.Domain).Plan(context.Background(), f.Start, f.Goal)

	ctx := ctxFor(t, 20*time.Second)
	tests := []struct {
		name    string
		req     service.Request
		status  string
		plan    []string
		cost    float64
		errCode string
	}{
		{name: "the file's goal", req: service.Request{ID: "a", DomainText: guard},
			status: service.StatusFound, plan: f.Domain.ActionNames(local.Plan), cost: local.Cost},
		{name: "conds and state", req: service.Request{DomainText: guard, Conds: map[string]any{"armed": true}, State: map[string]any{"weapon_holstered": true}},
			status: service.StatusFound, plan: []string{"DrawWeapon"}, cost: 1},
		{name: "already", req: service.Request{DomainText: guard, Conds: map[string]any{"armed": true}, State: map[string]any{"armed": true}},
			status: service.StatusAlreadySatisfied},
		{name: "exclude", req: service.Request{DomainText: guard, Exclude: []string{"FindAmmo"}},
			status: service.StatusNoPlan},
		{name: "expansion limit", req: service.Request{DomainText: guard, Options: service.Options{MaxExpansions: 1, Heuristic: "blind", Direction: "forward"}},
			status: service.StatusLimitReached},
		{name: "unknown goal", req: service.Request{DomainText: guard, Goal: "Dance"}, status: service.StatusError, errCode: service.CodeBadRequest},
		{name: "bad heuristic", req: service.Request{DomainText: guard, Options: service.Options{Heuristic: "magic"}}, status: service.StatusError, errCode: service.CodeBadRequest},
		{name: "bad state", req: service.Request{DomainText: guard, State: map[string]any{"armed": 3.5}}, status: service.StatusError, errCode: service.CodeBadRequest},
		{name: "domain error", req: service.Request{DomainText: "actions: [{name: A, effects: 3}]"}, status: service.StatusError, errCode: service.CodeDomain},
		{name: "no domain", req: service.Request{Goal: "x"}, status: service.StatusError, errCode: service.CodeBadRequest},
		{name: "past deadline", req: service.Request{DomainText: guard, Options: service.Options{Deadline: &time.Time{}}}, status: service.StatusError, errCode: service.CodeDeadline},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r, err := c.Plan(ctx, tc.req)
			if err != nil {
				t.Fatal(err)
			}
			if r.Status != tc.status || r.V != service.Version || r.ID != tc.req.ID || r.Worker == "" {
				t.Fatalf("reply %+v, want status %s", r, tc.status)
			}
			if tc.errCode != "" {
				if r.Error == nil || r.Error.Code != tc.errCode || r.Error.Message == "" {
					t.Fatalf("error %+v, want code %s", r.Error, tc.errCode)
				}
				return
			}
			if r.Error != nil || !reflect.DeepEqual(r.Plan, tc.plan) || r.Cost != tc.cost {
				t.Errorf("plan %v cost %v (error %v), want %v cost %v", r.Plan, r.Cost, r.Error, tc.plan, tc.cost)
			}
		})
	}
}

// TestMalformed: messages that are no request get structured errors and
// the worker goes on serving.
func TestMalformed(t *testing.T) {
	s, w, c := setup(t)
	nc := connect(t, s.URL())
	for _, msg := range []string{"", "{", "[1,2]", `{"v":1,"domain_text":5}`, `{"v":99,"domain_text":"x"}`, `{"v":1,"domain":"sha256:nothex"}`, "\x00\xff"} {
		m, err := nc.Request("goap."+service.PlanSubject, []byte(msg), 10*time.Second)
		if err != nil {
			t.Fatalf("%q: %v", msg, err)
		}
		var r service.Reply
		if err := service.Decode(m.Data, &r); err != nil || r.Status != service.StatusError || r.Error == nil || r.Error.Code == "" {
			t.Errorf("%q: reply %s", msg, m.Data)
		}
	}
	m, err := nc.Request("goap."+service.BatchSubject, []byte("nope"), 10*time.Second)
	if err != nil || !strings.Contains(string(m.Data), service.CodeBadRequest) {
		t.Errorf("batch: %v %s", err, m.Data)
	}
	r, err := c.Plan(ctxFor(t, 10*time.Second), service.Request{DomainText: readFile(t, "../testdata/bench/guard.json")})
	if err != nil || r.Status != service.StatusFound || r.Cost != 9 {
		t.Errorf("after the bad requests: %+v %v", r, err)
	}
	if st := w.Stats(); st.Errors < 7 || st.Panics != 0 {
		t.Errorf("stats %+v", st)
	}
}

// TestDomainByHash: a domain put in the store once is planned by hash,
// compiled once per worker; an unknown hash is an error.
func TestDomainByHash(t *testing.T) {
	_, w, c := setup(t)
	ctx := ctxFor(t, 20*time.Second)
	text := readFile(t, "../testdata/bench/synth_small.json")
	hash, err := c.PutDomain(ctx, []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	if hash != service.HashDomain([]byte(text)) || !strings.HasPrefix(hash, "sha256:") {
		t.Fatalf("hash %s", hash)
	}
	for i := range 3 {
		r, err := c.Plan(ctx, service.Request{Domain: hash})
		if err != nil || r.Status != service.StatusFound || r.Cost != 18 {
			t.Fatalf("request %d: %+v %v", i, r, err)
		}
	}
	if st := w.Stats(); st.Domains != 1 {
		t.Errorf("%d domains compiled, want 1", st.Domains)
	}
	r, err := c.Plan(ctx, service.Request{Domain: service.HashDomain([]byte("other"))})
	if err != nil || r.Error == nil || r.Error.Code != service.CodeUnknownDomain {
		t.Errorf("unknown hash: %+v %v", r, err)
	}
	r, err = c.Plan(ctx, service.Request{Domain: service.HashDomain([]byte("other")), DomainText: text})
	if err != nil || r.Error == nil || r.Error.Code != service.CodeBadRequest {
		t.Errorf("text and hash that differ: %+v %v", r, err)
	}
}

// bigDomain is a designer file of more than n bytes: a chain of actions
// with long names, whose plan is the whole chain.
func bigDomain(n int) (string, int) {
	var b strings.Builder
	b.WriteString("name: big\nactions:\n")
	pad := strings.Repeat("x", 200)
	i := 0
	for ; b.Len() < n; i++ {
		pre := ""
		if i > 0 {
			pre = fmt.Sprintf("preconditions: {f%d_%s: true}, ", i-1, pad)
		}
		fmt.Fprintf(&b, "  - {name: A%d, %seffects: {f%d_%s: true}}\n", i, pre, i, pad)
	}
	fmt.Fprintf(&b, "goal: {f%d_%s: true}\n", i-1, pad)
	return b.String(), i
}

// TestOversizedDomain: a domain larger than a NATS message (1 MiB)
// cannot go inline but travels through the store; a domain over the
// worker's limit gets CodeTooLarge, and the worker goes on serving.
func TestOversizedDomain(t *testing.T) {
	s, _, c := setup(t)
	ctx := ctxFor(t, 60*time.Second)
	text, n := bigDomain(1<<20 + 1<<18)
	if _, err := c.Plan(ctx, service.Request{DomainText: text}); !errors.Is(err, nats.ErrMaxPayload) {
		t.Errorf("inline %d bytes: %v, want the payload limit", len(text), err)
	}
	// Fit puts it in the store and sends it by hash.
	fitted := service.Request{DomainText: text, Options: service.Options{Direction: "backward"}}
	if err := c.Fit(ctx, &fitted); err != nil || fitted.DomainText != "" || fitted.Domain != service.HashDomain([]byte(text)) {
		t.Fatalf("Fit: %v, domain %q, %d bytes of text left", err, fitted.Domain, len(fitted.DomainText))
	}
	guard := service.Request{DomainText: readFile(t, "../testdata/bench/guard.json")}
	if want := guard.DomainText; c.Fit(ctx, &guard) != nil || guard.DomainText != want || guard.Domain != "" {
		t.Errorf("Fit changed a small request: %+v", guard)
	}
	hash, err := c.PutDomain(ctx, []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	r, err := c.Plan(ctx, fitted)
	if err != nil || r.Status != service.StatusFound || len(r.Plan) != n {
		t.Fatalf("%d bytes by hash: %v, %d steps (want %d), error %+v", len(text), err, len(r.Plan), n, r.Error)
	}

	_, _, stop := startWorker(t, s.URL(), service.Config{MaxDomainBytes: 1 << 20, Prefix: "small"})
	defer stop()
	small := client.New(connect(t, s.URL()), "small")
	r, err = small.Plan(ctx, service.Request{Domain: hash})
	if err != nil || r.Error == nil || r.Error.Code != service.CodeTooLarge {
		t.Errorf("over the worker's limit: %+v %v", r, err)
	}
	r, err = small.Plan(ctx, service.Request{DomainText: readFile(t, "../testdata/bench/guard.json")})
	if err != nil || r.Status != service.StatusFound {
		t.Errorf("afterwards: %+v %v", r, err)
	}
}

// TestPlanBatch: many problems in one message, one reply each, in order.
func TestPlanBatch(t *testing.T) {
	_, _, c := setup(t)
	guard := readFile(t, "../testdata/bench/guard.json")
	problems := []service.Request{
		{ID: "1", DomainText: guard},
		{ID: "2", DomainText: guard, State: map[string]any{"has_ammo": true}},
		{ID: "3", DomainText: guard, Goal: "nope"},
	}
	rs, err := c.PlanBatch(ctxFor(t, 10*time.Second), problems)
	if err != nil {
		t.Fatal(err)
	}
	got := []string{}
	for _, r := range rs {
		got = append(got, fmt.Sprintf("%s %s %v", r.ID, r.Status, r.Cost))
	}
	if want := []string{"1 found 9", "2 found 6", "3 error 0"}; !reflect.DeepEqual(got, want) {
		t.Errorf("replies %q, want %q", got, want)
	}
}

// TestAuth: with credentials set, a client without them is refused; the
// embedded server refuses to listen beyond loopback without credentials.
func TestAuth(t *testing.T) {
	s := startServer(t, embedded.Config{User: "planner", Password: "s3cret"})
	if nc, err := nats.Connect(s.URL()); err == nil {
		nc.Close()
		t.Fatal("a client without credentials connected")
	} else if !errors.Is(err, nats.ErrAuthorization) && !strings.Contains(strings.ToLower(err.Error()), "authorization") {
		t.Errorf("refused with %v", err)
	}
	if nc, err := nats.Connect(s.URL(), nats.UserInfo("planner", "wrong")); err == nil {
		nc.Close()
		t.Fatal("a client with a wrong password connected")
	}
	_, _, _ = startWorker(t, s.URL(), service.Config{}, nats.UserInfo("planner", "s3cret"))
	c := client.New(connect(t, s.URL(), nats.UserInfo("planner", "s3cret")), "")
	r, err := c.Plan(ctxFor(t, 10*time.Second), service.Request{DomainText: readFile(t, "../testdata/bench/guard.json")})
	if err != nil || r.Status != service.StatusFound {
		t.Errorf("with credentials: %+v %v", r, err)
	}

	for _, listen := range []string{"0.0.0.0:0", "[::]:0", "192.0.2.1:4222"} {
		if _, err := embedded.Start(embedded.Config{Listen: listen}); !errors.Is(err, embedded.ErrNoCredentials) {
			t.Errorf("listen %s without credentials: %v", listen, err)
		}
		if _, err := embedded.Start(embedded.Config{WebSocket: listen}); !errors.Is(err, embedded.ErrNoCredentials) {
			t.Errorf("websocket %s without credentials: %v", listen, err)
		}
	}
	for _, h := range []string{"127.0.0.1", "::1", "localhost", "127.0.0.2"} {
		if !embedded.Loopback(h) {
			t.Errorf("%s is loopback", h)
		}
	}
}
