package goapfile

import (
	"os"
	"path/filepath"
	"testing"
)

// writeTemp writes a file into a fresh directory and returns its path.
func writeTemp(t *testing.T, name, content string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}
