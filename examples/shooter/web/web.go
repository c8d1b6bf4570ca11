// Package web builds the shooter for WebAssembly and serves it: a page,
// Go's wasm_exec.js and the game's .wasm, nothing loaded from elsewhere.
package web

import (
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// Page is the page that runs the game, with its side panel (#panel): the
// game writes the selected unit's goal, plan, order and latest events
// there (the debugger page needs an HTTP server, which WebAssembly cannot
// run). The address's query picks the scene: ?scene=stress&n=50&seed=1&tps=4.
const Page = `<!doctype html>
<html><head><meta charset="utf-8"><title>goap shooter</title>
<style>body{margin:0;background:#202020;color:#ddd;font:14px sans-serif}
body{margin-right:260px !important}
#panel{position:fixed;top:0;right:0;bottom:0;width:244px;overflow:auto;padding:4px 8px;
background:#111;font:12px monospace}
#panel h3{margin:4px 0}#panel p{margin:2px 0}#panel ol{margin:4px 0;padding-left:20px}</style></head>
<body>
<div id="panel"></div>
<script src="wasm_exec.js"></script>
<script>
const go = new Go();
WebAssembly.instantiateStreaming(fetch("shooter.wasm"), go.importObject)
  .then((r) => { document.body.dataset.started = "1"; go.run(r.instance); })
  .catch((e) => { document.body.textContent = "the game did not start: " + e; });
</script>
</body></html>
`

// Build compiles the game in module directory module for WebAssembly into
// dir, with the page and Go's wasm_exec.js beside it.
func Build(module, dir string) error {
	cmd := exec.Command("go", "build", "-o", filepath.Join(dir, "shooter.wasm"), ".")
	cmd.Dir = module
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("building the game for WebAssembly: %v\n%s", err, out)
	}
	root, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		return fmt.Errorf("go env GOROOT: %w", err)
	}
	var js []byte
	for _, p := range []string{"lib/wasm/wasm_exec.js", "misc/wasm/wasm_exec.js"} { // Go 1.24 moved it
		if js, err = os.ReadFile(filepath.Join(strings.TrimSpace(string(root)), p)); err == nil {
			break
		}
	}
	if err != nil {
		return fmt.Errorf("wasm_exec.js: %w", err)
	}
	if err := os.WriteFile(filepath.Join(dir, "wasm_exec.js"), js, 0o644); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "index.html"), []byte(Page), 0o644)
}

// Handler serves what Build wrote in dir.
func Handler(dir string) http.Handler { return http.FileServer(http.Dir(dir)) }
