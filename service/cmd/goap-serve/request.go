package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/goap-go/goap/service"
	"github.com/goap-go/goap/service/client"
	"github.com/nats-io/nats.go"
)

// RequestCommand runs `goap-serve request`: it reads one Request (JSON)
// on stdin, sends it to the workers at --nats, and writes their Reply
// (JSON, one line) on stdout. It is the client half of `goap plan
// --remote` and `goap pddl --remote`: the goap command, whose module
// stays at Go 1.24 without dependencies, cannot link nats.go, so it runs
// this with the request it checked, and gets the credentials, TLS,
// WebSocket and the domain store (for domains over NATS's message limit)
// of nats.go without a second implementation of the protocol.
//
// Exit status: 0 when a reply was written (whatever its status), 2 on
// bad usage or input, 3 when the service could not be reached or did
// not answer in time.
type RequestCommand struct {
	Stdin          io.Reader
	Stdout, Stderr io.Writer
}

// transportError is a failure to reach the service (exit status 3).
type transportError struct{ err error }

func (e transportError) Error() string { return e.err.Error() }
func (e transportError) Unwrap() error { return e.err }

// Run parses args, sends the request and writes the reply.
func (c *RequestCommand) Run(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("request", flag.ContinueOnError)
	fs.SetOutput(c.Stderr)
	env := func(name string) string { return os.Getenv("GOAP_NATS_" + name) }
	var (
		natsURL = fs.String("nats", "", "the NATS `URL` of the workers (nats://, tls:// or ws://)")
		user    = fs.String("user", env("USER"), "credentials: user `name` (with the password in $GOAP_NATS_PASSWORD; default $GOAP_NATS_USER)")
		creds   = fs.String("creds", env("CREDS"), "credentials: a NATS `file` of JWT and NKey seed (default $GOAP_NATS_CREDS)")
		nkey    = fs.String("nkey", env("NKEY"), "credentials: an NKey seed `file` (default $GOAP_NATS_NKEY)")
		tlsCA   = fs.String("tls-ca", env("TLS_CA"), "TLS: the servers' CA certificate `file` (default $GOAP_NATS_TLS_CA)")
		tlsCert = fs.String("tls-cert", env("TLS_CERT"), "TLS: this client's certificate `file` (default $GOAP_NATS_TLS_CERT)")
		tlsKey  = fs.String("tls-key", env("TLS_KEY"), "TLS: this client's key `file` (default $GOAP_NATS_TLS_KEY)")
		prefix  = fs.String("prefix", "goap", "subject `prefix`")
		wait    = fs.Duration("wait", time.Minute, "how long to wait for the reply")
	)
	fs.Usage = func() {
		fmt.Fprintln(c.Stderr, "usage: goap-serve request --nats URL [flags] < request.json\n\nSends one request (schema v1, JSON on stdin) to the planning service and\nwrites its reply on stdout.\n\nflags:")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	if *natsURL == "" {
		return errors.New("request: --nats URL is required")
	}
	data, err := io.ReadAll(c.Stdin)
	if err != nil {
		return err
	}
	var r service.Request
	if err := service.Decode(data, &r); err != nil {
		return fmt.Errorf("request: stdin is not a request: %w", err)
	}
	password, token := os.Getenv("GOAP_NATS_PASSWORD"), os.Getenv("GOAP_NATS_TOKEN")
	cc := connFlags{user: *user, creds: *creds, nkey: *nkey, tlsCA: *tlsCA, tlsCert: *tlsCert, tlsKey: *tlsKey}
	opts, err := cc.options(password, token)
	if err != nil {
		return err
	}
	opts = append(opts, nats.Name("goap-serve request"), nats.Timeout(10*time.Second))
	nc, err := nats.Connect(*natsURL, opts...)
	if err != nil {
		return transportError{fmt.Errorf("connecting to %s: %w", redact(*natsURL), err)}
	}
	defer nc.Close()
	ctx, cancel := context.WithTimeout(ctx, *wait)
	defer cancel()
	cl := client.New(nc, *prefix)
	if err := cl.Fit(ctx, &r); err != nil {
		return transportError{err}
	}
	reply, err := cl.Plan(ctx, r)
	if err != nil {
		return transportError{err}
	}
	out, err := json.Marshal(reply)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(c.Stdout, "%s\n", out)
	return err
}
