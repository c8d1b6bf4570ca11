package goap_test

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestCoreImportsStandardLibraryOnly keeps the core free of dependencies:
// its files, and those of the internal packages it uses, import only the
// standard library (and those internal packages).
func TestCoreImportsStandardLibraryOnly(t *testing.T) {
	allowed := map[string]string{"github.com/goap-go/goap/internal/suggest": "internal/suggest"}
	dirs := []string{"."}
	for _, d := range allowed {
		dirs = append(dirs, d)
	}
	for _, dir := range dirs {
		files, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			if strings.HasSuffix(f, "_test.go") {
				continue
			}
			file, err := parser.ParseFile(token.NewFileSet(), f, nil, parser.ImportsOnly)
			if err != nil {
				t.Fatal(err)
			}
			for _, imp := range file.Imports {
				path, _ := strconv.Unquote(imp.Path.Value)
				first, _, _ := strings.Cut(path, "/")
				if _, ok := allowed[path]; !ok && strings.Contains(first, ".") {
					t.Errorf("%s imports %s: the core uses the standard library only", f, path)
				}
			}
		}
	}
}
