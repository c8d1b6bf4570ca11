package service_test

import (
	"strings"
	"testing"
	"time"

	"github.com/goap-go/goap/service"
)

// TestPDDL: a pddl request plans the problem's goal from its :init, with
// IPC plan lines, inline or by hash (the domain and the problem each in
// the store), one compiled task per domain and problem; what a PDDL
// request cannot take is refused with bad_request, and a task over its
// grounding limit gets a limit error.
func TestPDDL(t *testing.T) {
	_, w, c := setup(t)
	ctx := ctxFor(t, 30*time.Second)
	domain := readFile(t, "../cmd/goap/testdata/pddl/gripper-domain.pddl")
	problem := readFile(t, "../cmd/goap/testdata/pddl/gripper-task01.pddl")
	dh, err := c.PutDomain(ctx, []byte(domain))
	if err != nil {
		t.Fatal(err)
	}
	ph, err := c.PutDomain(ctx, []byte(problem))
	if err != nil {
		t.Fatal(err)
	}
	var first service.Reply
	for i, r := range []service.Request{
		{Format: service.FormatPDDL, DomainText: domain, ProblemText: problem},
		{Format: service.FormatPDDL, Domain: dh, Problem: ph},
		{Format: service.FormatPDDL, Domain: dh, ProblemText: problem},
	} {
		got, err := c.Plan(ctx, r)
		if err != nil || got.Status != service.StatusFound || len(got.Plan) == 0 || !strings.HasPrefix(got.Plan[0], "(") {
			t.Fatalf("request %d: %+v %v", i, got, err)
		}
		if i == 0 {
			first = got
		} else if strings.Join(got.Plan, " ") != strings.Join(first.Plan, " ") || got.Expanded != first.Expanded {
			t.Errorf("request %d: %v (%d expanded), first %v (%d)", i, got.Plan, got.Expanded, first.Plan, first.Expanded)
		}
	}
	if st := w.Stats(); st.Domains != 1 {
		t.Errorf("%d compiled tasks, want 1 (one domain and problem, three ways)", st.Domains)
	}
	for _, c2 := range []struct {
		name string
		r    service.Request
		code string
	}{
		{"goal", service.Request{Format: service.FormatPDDL, DomainText: domain, ProblemText: problem, Goal: "x"}, service.CodeBadRequest},
		{"state", service.Request{Format: service.FormatPDDL, DomainText: domain, ProblemText: problem, State: map[string]any{"x": true}}, service.CodeBadRequest},
		{"no problem", service.Request{Format: service.FormatPDDL, DomainText: domain}, service.CodeBadRequest},
		{"format", service.Request{Format: "strips", DomainText: domain}, service.CodeBadRequest},
		{"broken", service.Request{Format: service.FormatPDDL, DomainText: "(define", ProblemText: problem}, service.CodeDomain},
		{"limit", service.Request{Format: service.FormatPDDL, DomainText: domain, ProblemText: problem, Options: service.Options{MaxGroundActions: 3}}, service.CodeLimit},
	} {
		got, err := c.Plan(ctx, c2.r)
		if err != nil || got.Status != service.StatusError || got.Error == nil || got.Error.Code != c2.code {
			t.Errorf("%s: %+v %v, want code %s", c2.name, got, err, c2.code)
		}
	}
}
