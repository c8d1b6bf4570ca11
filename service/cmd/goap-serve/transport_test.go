package main

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/json"
	"encoding/pem"
	"errors"
	"math/big"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/goap-go/goap/service"
	"github.com/goap-go/goap/service/embedded"
	"github.com/nats-io/nats-server/v2/server"
)

// serveIn runs goap serve with args until the test ends, and returns
// once it serves.
func serveIn(t *testing.T, args ...string) {
	t.Helper()
	var out, errOut syncBuffer
	ready := make(chan string, 1)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- (&ServeCommand{Stdout: &out, Stderr: &errOut, ready: ready}).Run(ctx, args) }()
	t.Cleanup(func() {
		cancel()
		<-done
	})
	select {
	case <-ready:
	case err := <-done:
		t.Fatalf("serve stopped: %v\n%s", err, errOut.String())
	case <-time.After(20 * time.Second):
		t.Fatalf("serve did not start\n%s", errOut.String())
	}
}

// request runs goap-serve request with args on one request for the
// guard, and returns its reply.
func request(t *testing.T, args ...string) (service.Reply, error) {
	t.Helper()
	var out, errOut syncBuffer
	in := `{"v":1,"domain_text":"actions: [{name: A, effects: {x: true}}]\ngoal: {x: true}\n"}`
	err := (&RequestCommand{Stdin: strings.NewReader(in), Stdout: &out, Stderr: &errOut}).Run(context.Background(), append(args, "--wait", "10s"))
	var r service.Reply
	if err == nil {
		if jerr := json.Unmarshal([]byte(out.String()), &r); jerr != nil {
			t.Fatalf("%v: %q", jerr, out.String())
		}
	}
	return r, err
}

// TestWebSocket: a worker and a client both reach the service over
// NATS's WebSocket listener (ws://), as a browser client would.
func TestWebSocket(t *testing.T) {
	s, err := embedded.Start(embedded.Config{WebSocket: "127.0.0.1:0"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Shutdown)
	ws := s.WebSocketURL()
	if !strings.HasPrefix(ws, "ws://127.0.0.1:") {
		t.Fatalf("WebSocket URL %q", ws)
	}
	serveIn(t, "--nats", ws)
	r, err := request(t, "--nats", ws)
	if err != nil || r.Status != service.StatusFound || len(r.Plan) != 1 {
		t.Errorf("%+v %v", r, err)
	}
}

// TestTLS: a NATS that requires TLS with client certificates (mutual
// TLS, a CA made here with crypto/x509): a worker and a client with the
// CA and a client certificate plan; a client without its certificate,
// or that does not trust the server's CA, is refused.
func TestTLS(t *testing.T) {
	dir := t.TempDir()
	ca, caKey := newCert(t, dir, "ca", nil, nil)
	newCert(t, dir, "server", ca, caKey)
	newCert(t, dir, "client", ca, caKey)
	pair, err := tls.LoadX509KeyPair(filepath.Join(dir, "server.pem"), filepath.Join(dir, "server.key"))
	if err != nil {
		t.Fatal(err)
	}
	pool := x509.NewCertPool()
	pool.AddCert(ca)
	ns, err := server.NewServer(&server.Options{
		Host: "127.0.0.1", Port: server.RANDOM_PORT, NoLog: true, NoSigs: true,
		JetStream: true, StoreDir: t.TempDir(),
		TLS: true, TLSVerify: true, TLSTimeout: 5,
		TLSConfig: &tls.Config{Certificates: []tls.Certificate{pair}, ClientCAs: pool, ClientAuth: tls.RequireAndVerifyClientCert, MinVersion: tls.VersionTLS12},
	})
	if err != nil {
		t.Fatal(err)
	}
	ns.Start()
	t.Cleanup(ns.Shutdown)
	if !ns.ReadyForConnections(10 * time.Second) {
		t.Fatal("the TLS server did not start")
	}
	url := ns.ClientURL()
	if !strings.HasPrefix(url, "tls://") {
		t.Fatalf("URL %q", url)
	}
	f := func(name string) string { return filepath.Join(dir, name) }
	serveIn(t, "--nats", url, "--tls-ca", f("ca.pem"), "--tls-cert", f("client.pem"), "--tls-key", f("client.key"))

	r, err := request(t, "--nats", url, "--tls-ca", f("ca.pem"), "--tls-cert", f("client.pem"), "--tls-key", f("client.key"))
	if err != nil || r.Status != service.StatusFound {
		t.Errorf("with the CA and a client certificate: %+v %v", r, err)
	}
	// From the environment, as goap plan --remote passes them.
	t.Setenv("GOAP_NATS_TLS_CA", f("ca.pem"))
	t.Setenv("GOAP_NATS_TLS_CERT", f("client.pem"))
	t.Setenv("GOAP_NATS_TLS_KEY", f("client.key"))
	if r, err := request(t, "--nats", url); err != nil || r.Status != service.StatusFound {
		t.Errorf("with $GOAP_NATS_TLS_*: %+v %v", r, err)
	}
	t.Setenv("GOAP_NATS_TLS_CERT", "")
	t.Setenv("GOAP_NATS_TLS_KEY", "")
	var te transportError
	if _, err := request(t, "--nats", url); !errors.As(err, &te) {
		t.Errorf("without a client certificate: %v, want a refusal", err)
	}
	t.Setenv("GOAP_NATS_TLS_CA", "")
	if _, err := request(t, "--nats", url, "--tls-cert", f("client.pem"), "--tls-key", f("client.key")); !errors.As(err, &te) || !strings.Contains(err.Error(), "certificate") {
		t.Errorf("without the CA: %v, want a refusal of the server's certificate", err)
	}
}

// newCert makes a certificate for 127.0.0.1 signed by parent (or a CA,
// self-signed, when parent is nil) and writes NAME.pem and NAME.key to
// dir.
func newCert(t *testing.T, dir, name string, parent *x509.Certificate, parentKey *ecdsa.PrivateKey) (*x509.Certificate, *ecdsa.PrivateKey) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	serial, err := rand.Int(rand.Reader, big.NewInt(1<<62))
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber: serial,
		Subject:      pkix.Name{CommonName: "goap test " + name},
		NotBefore:    time.Now().Add(-time.Hour),
		NotAfter:     time.Now().Add(time.Hour),
		KeyUsage:     x509.KeyUsageDigitalSignature,
		ExtKeyUsage:  []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth, x509.ExtKeyUsageClientAuth},
		IPAddresses:  []net.IP{net.ParseIP("127.0.0.1")},
	}
	if parent == nil {
		tmpl.IsCA, tmpl.BasicConstraintsValid = true, true
		tmpl.KeyUsage |= x509.KeyUsageCertSign
		parent, parentKey = tmpl, key
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, parent, &key.PublicKey, parentKey)
	if err != nil {
		t.Fatal(err)
	}
	cert, err := x509.ParseCertificate(der)
	if err != nil {
		t.Fatal(err)
	}
	keyDER, err := x509.MarshalECPrivateKey(key)
	if err != nil {
		t.Fatal(err)
	}
	write := func(file, typ string, data []byte) {
		if err := os.WriteFile(filepath.Join(dir, file), pem.EncodeToMemory(&pem.Block{Type: typ, Bytes: data}), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	write(name+".pem", "CERTIFICATE", der)
	write(name+".key", "EC PRIVATE KEY", keyDER)
	return cert, key
}
