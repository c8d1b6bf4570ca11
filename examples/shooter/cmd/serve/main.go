// Command serve builds the shooter for WebAssembly and serves it on
// localhost: run it from the module's directory and open the address it
// prints (add ?scene=stress for fifty against fifty; seed=N, tps=N).
//
//	go run ./cmd/serve [-addr 127.0.0.1:8080]
package main

import (
	"flag"
	"fmt"
	"log"
	"net"
	"net/http"
	"os"

	"github.com/goap-go/goap/examples/shooter/web"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:8080", "serve on `HOST:PORT`")
	flag.Parse()
	dir, err := os.MkdirTemp("", "goap-shooter")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	fmt.Fprintln(os.Stderr, "building the game for WebAssembly...")
	if err := web.Build(".", dir); err != nil {
		log.Fatal(err)
	}
	l, err := net.Listen("tcp", *addr)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("http://%s/\n", l.Addr())
	log.Fatal(http.Serve(l, web.Handler(dir)))
}
