// Command goap-serve is the goap planning service: `goap serve` of the
// goap command runs it. It lives in module github.com/goap-go/goap/service
// because its NATS libraries need a newer Go than the library's; see the
// service package.
//
// Usage:
//
//	goap-serve [flags]
//
// By default it starts a NATS server on loopback inside the process (with
// JetStream, on a free port), prints its URL (nats://HOST:PORT, alone on
// the first line of stdout) and serves on it until interrupted. With
// --nats URL it joins an existing NATS deployment instead.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime/debug"
	"strings"
	"syscall"
	"time"

	"github.com/goap-go/goap/service"
	"github.com/goap-go/goap/service/embedded"
	"github.com/nats-io/nats.go"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	run := (&ServeCommand{Stdout: os.Stdout, Stderr: os.Stderr}).Run
	args := os.Args[1:]
	if len(args) > 0 && args[0] == "request" {
		run, args = (&RequestCommand{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr}).Run, args[1:]
	}
	if err := run(ctx, args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			os.Exit(0)
		}
		fmt.Fprintln(os.Stderr, "goap serve:", err)
		var te transportError
		if errors.As(err, &te) {
			os.Exit(3)
		}
		os.Exit(2)
	}
}

// ServeCommand runs the service: an embedded NATS server and a worker, or
// a worker on an existing NATS.
type ServeCommand struct {
	Stdout, Stderr io.Writer
	// ready, in tests, receives the URL once the worker serves.
	ready chan<- string
}

// Run parses args and serves until ctx is done.
func (c *ServeCommand) Run(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(c.Stderr)
	var (
		listen    = fs.String("listen", "", "embedded server: listen on `HOST:PORT` (default 127.0.0.1 on a free port; another host needs credentials)")
		websocket = fs.String("websocket", "", "embedded server: also serve NATS over WebSocket on `HOST:PORT` (no TLS)")
		store     = fs.String("store", "", "embedded server: JetStream's `directory` (default a temporary one)")
		natsURL   = fs.String("nats", "", "join the NATS at `URL` instead of starting one")
		user      = fs.String("user", "", "credentials: user `name` (with the password in $GOAP_NATS_PASSWORD)")
		creds     = fs.String("creds", "", "credentials: a NATS `file` of JWT and NKey seed (--nats only)")
		nkey      = fs.String("nkey", "", "credentials: an NKey seed `file` (--nats only)")
		tlsCA     = fs.String("tls-ca", "", "TLS to --nats: the servers' CA certificate `file`")
		tlsCert   = fs.String("tls-cert", "", "TLS to --nats: this client's certificate `file` (with --tls-key)")
		tlsKey    = fs.String("tls-key", "", "TLS to --nats: this client's key `file`")
		prefix    = fs.String("prefix", "goap", "subject `prefix`")
		conc      = fs.Int("max-concurrent", 0, "requests planned at once (default GOMAXPROCS)")
		domains   = fs.Int("max-domains", 64, "compiled domains kept")
		reqMem    = fs.Int64("max-request-memory", 256<<20, "most `bytes` one search may take")
		reqTime   = fs.Duration("max-request-time", 10*time.Second, "most time one request may take")
		memLimit  = fs.Int64("memory-limit", 0, "soft memory limit of the process in `bytes` (0: GOMEMLIMIT, or none)")
		ackWait   = fs.Duration("ack-wait", 30*time.Second, "how long a batch job may go unacknowledged before another worker gets it (every worker of a deployment should say the same)")
	)
	fs.Usage = func() {
		fmt.Fprintln(c.Stderr, "usage: goap serve [flags]\n\nServes goap plans on NATS. The password or token come from the\nenvironment ($GOAP_NATS_PASSWORD, $GOAP_NATS_TOKEN), never from flags.\n\nflags:")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	password, token := os.Getenv("GOAP_NATS_PASSWORD"), os.Getenv("GOAP_NATS_TOKEN")
	if (*user == "") != (password == "") {
		return errors.New("--user and $GOAP_NATS_PASSWORD go together")
	}
	if *memLimit > 0 {
		debug.SetMemoryLimit(*memLimit)
	}

	var (
		nc  *nats.Conn
		url string
	)
	if *natsURL == "" {
		if *creds != "" || *nkey != "" || *tlsCA != "" || *tlsCert != "" {
			return errors.New("--creds, --nkey and --tls-* are for joining a NATS (--nats URL)")
		}
		srv, err := embedded.Start(embedded.Config{Listen: *listen, WebSocket: *websocket, StoreDir: *store, User: *user, Password: password, Token: token})
		if err != nil {
			return err
		}
		defer srv.Shutdown()
		if nc, err = srv.Connect(); err != nil {
			return err
		}
		url = srv.URL()
	} else {
		if *listen != "" || *websocket != "" || *store != "" {
			return errors.New("--listen, --websocket and --store are for the embedded server, not with --nats")
		}
		cc := connFlags{user: *user, creds: *creds, nkey: *nkey, tlsCA: *tlsCA, tlsCert: *tlsCert, tlsKey: *tlsKey}
		opts, err := cc.options(password, token)
		if err != nil {
			return err
		}
		opts = append(opts, nats.Name("goap-serve"), nats.MaxReconnects(-1), nats.ReconnectWait(250*time.Millisecond))
		if nc, err = nats.Connect(*natsURL, opts...); err != nil {
			return fmt.Errorf("connecting to the NATS: %w", err)
		}
		url = *natsURL
	}
	defer nc.Close()

	ready := make(chan struct{})
	w := service.NewWorker(service.Config{
		Ready:  func() { close(ready) },
		Prefix: *prefix, MaxConcurrent: *conc, AckWait: *ackWait, MaxDomains: *domains, MaxRequestMemory: *reqMem, MaxRequestTime: *reqTime,
		Logf: func(format string, args ...any) { fmt.Fprintf(c.Stderr, "goap serve: "+format+"\n", args...) },
	})
	served := make(chan error, 1)
	go func() { served <- w.Serve(ctx, nc) }()
	// The URL goes out once the worker serves: a client that reads it
	// may send at once.
	select {
	case <-ready:
	case err := <-served:
		return err
	}
	fmt.Fprintln(c.Stdout, redact(url))
	if f, ok := c.Stdout.(*os.File); ok {
		_ = f.Sync()
	}
	if c.ready != nil {
		c.ready <- url
	}
	return <-served
}

// connFlags are the credentials and TLS files of a connection to an
// existing NATS.
type connFlags struct {
	user, creds, nkey, tlsCA, tlsCert, tlsKey string
}

// options turns them, with the password or token from the environment,
// into nats.go's options.
func (cc connFlags) options(password, token string) ([]nats.Option, error) {
	var opts []nats.Option
	if cc.user != "" {
		opts = append(opts, nats.UserInfo(cc.user, password))
	}
	if token != "" {
		opts = append(opts, nats.Token(token))
	}
	if cc.creds != "" {
		opts = append(opts, nats.UserCredentials(cc.creds))
	}
	if cc.nkey != "" {
		o, err := nats.NkeyOptionFromSeed(cc.nkey)
		if err != nil {
			return nil, err
		}
		opts = append(opts, o)
	}
	if cc.tlsCA != "" {
		opts = append(opts, nats.RootCAs(cc.tlsCA))
	}
	if cc.tlsCert != "" || cc.tlsKey != "" {
		opts = append(opts, nats.ClientCert(cc.tlsCert, cc.tlsKey))
	}
	return opts, nil
}

// redact drops credentials from a URL (nats://user:pass@host:port).
func redact(url string) string {
	scheme, rest, ok := strings.Cut(url, "://")
	if !ok {
		return url
	}
	if _, host, ok := strings.Cut(rest, "@"); ok {
		return scheme + "://" + host
	}
	return url
}
