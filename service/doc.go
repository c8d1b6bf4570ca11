// Package service is the goap planning service: a stateless worker that
// plans requests arriving over NATS, so that a game server moves its
// planning off its own cores, an engine that is not Go plans without
// linking Go, and batches of thousands of problems spread over machines.
//
// # Layout
//
// The service is a module of its own, github.com/goap-go/goap/service,
// with `replace github.com/goap-go/goap => ../`: its NATS libraries
// (nats-server v2.15.2, nats.go v1.55.0) declare go 1.26, while the
// library's go.mod stays at go 1.24 with no dependencies, so that
// `go get github.com/goap-go/goap` pulls in nothing. The command is
// cmd/goap-serve in this module (`cd service && go run ./cmd/goap-serve`);
// `goap serve` of the main command runs that binary when it is installed
// beside goap or on PATH, and `goap-serve request` is the client of
// `goap plan --remote` and `goap pddl --remote` (a request on stdin, the
// reply on stdout: the goap command's module cannot link nats.go).
// Package embedded runs a NATS server in the
// process (the default of goap-serve, and the tests'); package client is
// the Go client, with client.Remote for agent.Config.Remote; node/ holds
// a Node.js client.
//
// # Messages (schema version 1)
//
// JSON on these subjects (PREFIX is "goap" by default):
//
//	PREFIX.v1.plan           Request -> Reply (request/reply, queue group goap-workers)
//	PREFIX.v1.batch          Batch -> BatchReply (many problems in one message)
//	PREFIX.v1.jobs.BATCH     Job, in the work-queue stream GOAP_JOBS
//	PREFIX.v1.results.BATCH  Reply of each Job, in the stream GOAP_RESULTS
//
// A domain is designer-file text (YAML or JSON, package goapfile), sent
// inline (domain_text) or by its hash ("sha256:HEX", HashDomain) after
// it was put in the object store goap_domains, where chunking lets a
// domain larger than NATS's 1 MB message limit travel. A worker compiles
// each domain once and keeps the last MaxDomains compiled.
//
//	{"v":1, "id":"p1", "domain":"sha256:…", "goal":"KillEnemy",
//	 "state":{"has_ammo":true}, "exclude":["FindAmmo"],
//	 "options":{"heuristic":"lmcut","max_expansions":100000,"timeout_ms":50}}
//	{"v":1, "id":"p1", "status":"found", "plan":["DrawWeapon","Approach","LoadWeapon","Attack"],
//	 "cost":6, "expanded":5, "generated":9, "direction":"forward", "worker":"host-42", "elapsed_ns":31000}
//
// A PDDL task travels the same way with "format":"pddl": the domain in
// domain or domain_text, the problem in problem or problem_text; the
// worker grounds and plans it (forward with lmcut unless the options say
// otherwise, as goap pddl) and names the plan's actions by their IPC
// lines, "(pick ball1 rooma left)". A no_plan reply carries the whole
// explanation (explanation: the goal conditions no action can meet, the
// closest state), a limit_reached one the limit that stopped it (limit:
// expansions, memory or time).
//
// A request that cannot be planned gets status "error" and an Error with
// a code (bad_request, version, unknown_domain, domain, too_large,
// deadline, limit, internal) and a message; the worker goes on serving
// (a panic in a request is recovered and reported as internal).
//
// # Limits
//
// Each search runs under goap.Options.MaxMemory (the request's, capped
// by Config.MaxRequestMemory) and a time limit (the request's timeout_ms
// or deadline, capped by Config.MaxRequestTime); a worker plans at most
// Config.MaxConcurrent requests at once, and goap-serve --memory-limit
// sets the process's soft memory limit.
//
// # Batches
//
// Jobs published to PREFIX.v1.jobs.BATCH (client.Submit) wait in the
// work-queue stream GOAP_JOBS; each worker takes them through the shared
// durable consumer, publishes the reply to GOAP_RESULTS with the message
// id BATCH/ID, and only then acknowledges the job. A worker that dies
// before acknowledging leaves its jobs to be delivered again (after
// Config.AckWait); the results stream drops a reply whose id it holds
// already, so delivery is at least once and each problem has exactly one
// result (client.Results reads them).
//
// # Security
//
// The embedded server listens on loopback unless told otherwise, and
// refuses another address (for clients or WebSocket) without
// credentials. goap-serve --nats joins a deployment with a user and
// password, a token, an NKey seed or a creds file, and TLS (--tls-ca,
// --tls-cert, --tls-key); secrets come from the environment and are
// never printed.
package service
