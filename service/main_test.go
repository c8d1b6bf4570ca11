package service_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
)

// binDir holds the goap and goap-serve binaries the process tests run,
// built once (binaries) and removed after the tests.
var (
	binDir   string
	binOnce  sync.Once
	binError error
)

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "goap-service-bin-*")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	binDir = dir
	code := m.Run()
	_ = os.RemoveAll(dir)
	os.Exit(code)
}

// binaries builds goap (module github.com/goap-go/goap, the repository's
// root) and goap-serve (this module) into one directory, where goap
// finds goap-serve beside itself, and returns their paths.
func binaries(t *testing.T) (goap, goapServe string) {
	t.Helper()
	binOnce.Do(func() {
		for _, b := range []struct{ dir, pkg, out string }{
			{"..", "./cmd/goap", "goap"},
			{".", "./cmd/goap-serve", "goap-serve"},
		} {
			cmd := exec.Command("go", "build", "-o", filepath.Join(binDir, b.out), b.pkg)
			cmd.Dir = b.dir
			if out, err := cmd.CombinedOutput(); err != nil {
				binError = fmt.Errorf("go build %s: %v\n%s", b.pkg, err, out)
				return
			}
		}
	})
	if binError != nil {
		t.Fatal(binError)
	}
	return filepath.Join(binDir, "goap"), filepath.Join(binDir, "goap-serve")
}
