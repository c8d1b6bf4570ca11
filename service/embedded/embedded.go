// Package embedded runs a NATS server inside the process, with JetStream,
// for `goap serve` and the service's tests: one command, nothing to
// install. It listens on loopback unless told otherwise, and refuses
// another address without credentials.
package embedded

import (
	"errors"
	"fmt"
	"net"
	"os"
	"strconv"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
)

// Config says where and how the server listens.
type Config struct {
	// Listen is HOST:PORT; "" is 127.0.0.1 on a free port. A host other
	// than a loopback one needs User and Password, or Token.
	Listen string
	// User and Password, or Token, are the credentials every client must
	// present (the worker of this process too).
	User, Password, Token string
	// StoreDir is where JetStream keeps its streams ("" is a temporary
	// directory, removed by Shutdown).
	StoreDir string
	// WebSocket, when set, is HOST:PORT of a NATS-over-WebSocket listener
	// for browser clients (plain, without TLS: loopback only, or behind a
	// proxy that ends TLS), under the same rule as Listen.
	WebSocket string
}

// Server is a running embedded NATS server.
type Server struct {
	ns   *server.Server
	cfg  Config
	temp string
}

// ErrNoCredentials is the error of Start asked to listen beyond loopback
// without credentials: anyone who reaches the port could use the service.
var ErrNoCredentials = errors.New("embedded: listening on a non-loopback address needs credentials (user and password, or a token)")

// Start starts a server and waits until it takes connections.
func Start(cfg Config) (*Server, error) {
	host, port, err := splitListen(cfg.Listen)
	if err != nil {
		return nil, err
	}
	creds := cfg.Token != "" || cfg.User != "" && cfg.Password != ""
	if (cfg.User == "") != (cfg.Password == "") {
		return nil, errors.New("embedded: give both a user and a password, or neither")
	}
	if !Loopback(host) && !creds {
		return nil, ErrNoCredentials
	}
	o := &server.Options{
		Host: host, Port: port, NoLog: true, NoSigs: true,
		JetStream: true, StoreDir: cfg.StoreDir,
		Username: cfg.User, Password: cfg.Password, Authorization: cfg.Token,
	}
	if cfg.WebSocket != "" {
		wh, wp, err := splitListen(cfg.WebSocket)
		if err != nil {
			return nil, err
		}
		if !Loopback(wh) && !creds {
			return nil, ErrNoCredentials
		}
		o.Websocket.Host, o.Websocket.Port, o.Websocket.NoTLS = wh, wp, true
	}
	s := &Server{cfg: cfg}
	if o.StoreDir == "" {
		if s.temp, err = os.MkdirTemp("", "goap-nats-*"); err != nil {
			return nil, err
		}
		o.StoreDir = s.temp
	}
	ns, err := server.NewServer(o)
	if err != nil {
		s.removeTemp()
		return nil, fmt.Errorf("embedded: %w", err)
	}
	s.ns = ns
	ns.Start()
	if !ns.ReadyForConnections(10 * time.Second) {
		s.Shutdown()
		return nil, fmt.Errorf("embedded: the NATS server did not start on %s:%d", host, port)
	}
	return s, nil
}

// splitListen reads HOST:PORT, with loopback and a free port ("" or 0)
// by default.
func splitListen(listen string) (string, int, error) {
	if listen == "" {
		return "127.0.0.1", server.RANDOM_PORT, nil
	}
	host, p, err := net.SplitHostPort(listen)
	if err != nil {
		return "", 0, fmt.Errorf("embedded: listen address %q: %w", listen, err)
	}
	if host == "" {
		host = "127.0.0.1" // ":4222" means loopback here, not every interface
	}
	port, err := strconv.Atoi(p)
	if err != nil || port < 0 || port > 65535 {
		return "", 0, fmt.Errorf("embedded: listen address %q: bad port", listen)
	}
	if port == 0 {
		port = server.RANDOM_PORT
	}
	return host, port, nil
}

// Loopback reports whether host names a loopback address only.
func Loopback(host string) bool {
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// URL is the server's client URL, nats://HOST:PORT, without credentials.
func (s *Server) URL() string {
	a := s.ns.Addr().(*net.TCPAddr)
	return "nats://" + net.JoinHostPort(a.IP.String(), strconv.Itoa(a.Port))
}

// WebSocketURL is the URL of the WebSocket listener, ws://HOST:PORT, or
// "" when the server has none.
func (s *Server) WebSocketURL() string {
	if s.cfg.WebSocket == "" {
		return ""
	}
	return s.ns.WebsocketURL()
}

// Connect opens a client connection to the server within the process
// (no socket), with the server's credentials.
func (s *Server) Connect(opts ...nats.Option) (*nats.Conn, error) {
	return nats.Connect("", append(s.Credentials(), append([]nats.Option{nats.InProcessServer(s.ns)}, opts...)...)...)
}

// Credentials returns the options that present the server's credentials.
func (s *Server) Credentials() []nats.Option {
	var o []nats.Option
	if s.cfg.User != "" {
		o = append(o, nats.UserInfo(s.cfg.User, s.cfg.Password))
	}
	if s.cfg.Token != "" {
		o = append(o, nats.Token(s.cfg.Token))
	}
	return o
}

// Shutdown stops the server and removes its temporary store.
func (s *Server) Shutdown() {
	if s.ns != nil {
		s.ns.Shutdown()
		s.ns.WaitForShutdown()
	}
	s.removeTemp()
}

func (s *Server) removeTemp() {
	if s.temp != "" {
		_ = os.RemoveAll(s.temp)
	}
}
