package service

import (
	"encoding/json"
	"time"
)

// Version is the version of the message schema, carried as "v" in every
// request and reply. A worker answers a request of another version with
// the error code CodeVersion; fields may be added within a version, never
// removed or changed in meaning.
const Version = 1

// Subjects and JetStream names of schema version 1. Prefix is the first
// token of every subject ("goap" unless the worker is configured with
// another).
const (
	// PlanSubject (after the prefix: "goap.v1.plan") takes one Request
	// and replies one Reply (NATS request/reply).
	PlanSubject = "v1.plan"
	// BatchSubject ("goap.v1.batch") takes one Batch and replies one
	// BatchReply holding a Reply per problem, in order.
	BatchSubject = "v1.batch"
	// JobsSubject ("goap.v1.jobs.BATCH") is where Jobs are published; the
	// JobsStream holds them (a work queue: each job goes to one worker,
	// and back to another if it is not acknowledged in time).
	JobsSubject = "v1.jobs"
	// ResultsSubject ("goap.v1.results.BATCH") is where the Reply of each
	// Job goes; the ResultsStream keeps them, one per problem id.
	ResultsSubject = "v1.results"
	// QueueGroup is the queue group of the workers: a request goes to one
	// worker of the group.
	QueueGroup = "goap-workers"
	// DomainBucket is the JetStream object store that holds domains by
	// content hash (objects are chunked, so a domain larger than a NATS
	// message travels).
	DomainBucket = "goap_domains"
	// JobsStream and ResultsStream are the JetStream streams of batches.
	JobsStream    = "GOAP_JOBS"
	ResultsStream = "GOAP_RESULTS"
	// JobsConsumer is the durable consumer the workers share.
	JobsConsumer = "goap-workers"
)

// Request asks for one plan: from State in Domain to Goal (or Conds).
//
// The domain is designer-file text (YAML or JSON, see package goapfile),
// sent either inline (DomainText) or by the hash of its text (Domain,
// "sha256:" and 64 hex digits, after the text was put in the DomainBucket;
// see HashDomain). A worker compiles a domain once and keeps it, so
// after the first request a hash costs no more than a name.
type Request struct {
	V  int    `json:"v"`
	ID string `json:"id,omitempty"` // echoed in the Reply
	// Domain is the hash of the domain's text, "sha256:HEX".
	Domain string `json:"domain,omitempty"`
	// DomainText is the domain itself, when Domain is empty (or to
	// check: its hash must then equal Domain).
	DomainText string `json:"domain_text,omitempty"`
	// Goal names one of the domain's goals: (or "" for the file's
	// goal:); Conds, when set, are the desired conditions instead, in the
	// designer file's syntax: {"armed": true, "ammo": ">= 3", "at": "shop"}.
	Goal  string         `json:"goal,omitempty"`
	Conds map[string]any `json:"conds,omitempty"`
	// State overrides the file's start: values (a full state or a few
	// facts): {"ammo": 2, "at": "mine", "armed": false}.
	State map[string]any `json:"state,omitempty"`
	// Exclude lists actions the planner may not use, by name (a lifted
	// action's ground name, "Shoot(r2)", or its lifted name for all of
	// its bindings).
	Exclude []string `json:"exclude,omitempty"`
	Options Options  `json:"options,omitzero"`
	// Format is the language of the domain: "" or FormatGoap for a
	// designer file, FormatPDDL for a PDDL domain, with the problem in
	// Problem (its hash) or ProblemText. A PDDL request plans the
	// problem's goal from its :init (Goal, Conds, State and Exclude are
	// refused), forward with lmcut unless Options say otherwise (as goap
	// pddl), and its plan names are IPC lines, "(pick ball1 rooma left)".
	Format string `json:"format,omitempty"`
	// Problem and ProblemText are the PDDL problem, by hash or inline,
	// like Domain and DomainText.
	Problem     string `json:"problem,omitempty"`
	ProblemText string `json:"problem_text,omitempty"`
}

// Formats of Request.Format.
const (
	FormatGoap = "goap"
	FormatPDDL = "pddl"
)

// Options are the search options of a Request (see goap.Options). The
// worker caps MaxMemory and Timeout at its own limits, and uses its
// defaults for those left 0.
type Options struct {
	// Heuristic: auto, hmax, blind, lmcut, hadd-not-optimal,
	// goalcount-not-optimal ("" is auto).
	Heuristic string `json:"heuristic,omitempty"`
	// Direction: auto, forward, backward ("" is auto).
	Direction string `json:"direction,omitempty"`
	// Weight > 1 runs weighted A* (goap.Options.SuboptimalWeight).
	Weight float64 `json:"weight,omitempty"`
	// MaxExpansions stops the search after that many expansions.
	MaxExpansions int `json:"max_expansions,omitempty"`
	// MaxMemory bounds the search's memory, in bytes.
	MaxMemory int64 `json:"max_memory,omitempty"`
	// TimeoutMS bounds the request's time in the worker (compiling a new
	// domain included), in milliseconds.
	TimeoutMS int64 `json:"timeout_ms,omitempty"`
	// Deadline is an absolute deadline (RFC 3339); a request that
	// arrives after it is answered with CodeDeadline at once.
	Deadline *time.Time `json:"deadline,omitempty"`
	// MemoryBounded searches with IDA* (goap.Options.MemoryBounded).
	MemoryBounded bool `json:"memory_bounded,omitempty"`
	// MaxGroundActions, MaxAtoms and MaxBindings bound the grounding of
	// a PDDL request (pddl.Limits; 0 is the default).
	MaxGroundActions int `json:"max_ground_actions,omitempty"`
	MaxAtoms         int `json:"max_atoms,omitempty"`
	MaxBindings      int `json:"max_bindings,omitempty"`
}

// Status values of a Reply.
const (
	StatusFound            = "found"
	StatusAlreadySatisfied = "already_satisfied"
	StatusNoPlan           = "no_plan"
	StatusLimitReached     = "limit_reached"
	// StatusError: the request could not be planned; Error says why.
	StatusError = "error"
)

// Reply is the answer to one Request.
type Reply struct {
	V      int    `json:"v"`
	ID     string `json:"id,omitempty"`
	Status string `json:"status"`
	// Plan is the plan's actions by name (lifted ones with their
	// objects, "Shoot(r2)"); empty unless found.
	Plan []string `json:"plan,omitempty"`
	Cost float64  `json:"cost"`
	// Expanded and Generated count the search's states.
	Expanded  int    `json:"expanded"`
	Generated int    `json:"generated"`
	Direction string `json:"direction,omitempty"`
	// Partial is the best progress of a search stopped by a limit.
	Partial []string `json:"partial,omitempty"`
	// Why explains a no_plan or limit_reached in one line.
	Why string `json:"why,omitempty"`
	// Explanation is the whole explanation of a no_plan: what goap plan
	// prints (goap.Result.Why).
	Explanation *Explanation `json:"explanation,omitempty"`
	// Limit names the limit that stopped a limit_reached search:
	// LimitExpansions, LimitMemory or LimitTime.
	Limit string `json:"limit,omitempty"`
	Error *Error `json:"error,omitempty"`
	// Worker names the worker that answered; ElapsedNS is its time on
	// the request.
	Worker    string `json:"worker,omitempty"`
	ElapsedNS int64  `json:"elapsed_ns"`
}

// Limits of Reply.Limit.
const (
	LimitExpansions = "expansions"
	LimitMemory     = "memory"
	LimitTime       = "time"
)

// Explanation says why no plan exists (goap.Explanation): the goal
// conditions no action can ever meet, with their reasons, and the
// closest state the search reached.
type Explanation struct {
	Unreachable []Unreachable `json:"unreachable"`
	// Closest is the closest state reached, as goap.State prints it;
	// ClosestPlan the actions that reach it; Unmet the goal conditions
	// it still misses.
	Closest     string   `json:"closest"`
	ClosestPlan []string `json:"closest_plan"`
	Unmet       []string `json:"unmet"`
	// Text is the explanation as goap plan prints it, several lines.
	Text string `json:"text"`
}

// Unreachable is a goal condition no action can ever meet, and why.
type Unreachable struct {
	Condition string `json:"condition"`
	Reason    string `json:"reason"`
}

// Error is a structured error: a code a program can switch on, and a
// message for people.
type Error struct {
	Code    string `json:"code"`
	Message string `json:"message"`
}

// Error codes.
const (
	// CodeBadRequest: the message is not a valid request (JSON, fields).
	CodeBadRequest = "bad_request"
	// CodeVersion: the request's "v" is not one this worker speaks.
	CodeVersion = "version"
	// CodeUnknownDomain: Domain names a hash that no store holds.
	CodeUnknownDomain = "unknown_domain"
	// CodeDomain: the domain's text does not compile; Message has the
	// positioned errors.
	CodeDomain = "domain"
	// CodeTooLarge: the domain is larger than the worker accepts.
	CodeTooLarge = "too_large"
	// CodeDeadline: the request's deadline passed before it could run.
	CodeDeadline = "deadline"
	// CodeLimit: a limit stopped the request before the search (the
	// time limit while compiling a domain, for instance).
	CodeLimit = "limit"
	// CodeInternal: the worker failed (a bug); it goes on serving.
	CodeInternal = "internal"
)

func (e *Error) Error() string { return e.Code + ": " + e.Message }

// Batch is many problems in one message (BatchSubject). Problems that
// share a domain name it once each, by hash or text.
type Batch struct {
	V        int       `json:"v"`
	Problems []Request `json:"problems"`
}

// BatchReply holds the replies to a Batch, in the order of its problems.
type BatchReply struct {
	V       int     `json:"v"`
	Replies []Reply `json:"replies"`
	Error   *Error  `json:"error,omitempty"`
}

// Job is one problem of a batch run through JetStream (JobsSubject).
// Its reply goes to ResultSubject when set (a plain NATS subject), or
// otherwise to the ResultsStream under "PREFIX.v1.results.BATCH", once
// per Request.ID, whatever the redeliveries.
type Job struct {
	Request
	// Batch names the batch: letters, digits, '-' and '_'.
	Batch         string `json:"batch"`
	ResultSubject string `json:"result_subject,omitempty"`
}

// decode is json.Unmarshal of one message into v, strict about nothing
// but the syntax: unknown fields are ignored so that newer clients of
// the same version can add fields.
func decode(data []byte, v any) error { return json.Unmarshal(data, v) }

// Decode reads a message of the schema (a Reply, a Request...) into v.
func Decode(data []byte, v any) error { return decode(data, v) }
