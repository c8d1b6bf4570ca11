package goap_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestCoreImportsStandardLibraryOnly keeps the core free of dependencies:
// its files, and those of the internal packages it uses, import only the
// standard library (and those internal packages).
func TestCoreImportsStandardLibraryOnly(t *testing.T) {
	t.Parallel()
	allowed := map[string]string{
		"github.com/goap-go/goap/internal/suggest": "internal/suggest",
		"github.com/goap-go/goap/internal/names":   "internal/names",
		"github.com/goap-go/goap/internal/echo":    "internal/echo",
		"github.com/goap-go/goap/internal/ground":  "internal/ground",
	}
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

// TestReadmeGoSnippet keeps the README's Go snippet compiling and true: it
// must be, line for line, the body of Example in example_test.go, which
// the compiler builds and go test runs against its output.
func TestReadmeGoSnippet(t *testing.T) {
	t.Parallel()
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	blocks := fencedBlocks(string(readme), "go")
	if len(blocks) != 1 {
		t.Fatalf("README.md has %d ```go blocks, want 1 (the body of Example)", len(blocks))
	}
	src, err := os.ReadFile("example_test.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "example_test.go", src, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	var body string
	for _, decl := range file.Decls {
		if fn, ok := decl.(*ast.FuncDecl); ok && fn.Name.Name == "Example" {
			from := fset.Position(fn.Body.Lbrace).Offset + 1
			to := fset.Position(fn.Body.Rbrace).Offset
			body = string(src[from:to])
		}
	}
	if body == "" {
		t.Fatal("example_test.go has no func Example")
	}
	var want []string
	for _, line := range strings.Split(strings.Trim(body, "\n"), "\n") {
		want = append(want, strings.TrimPrefix(line, "\t"))
	}
	got := strings.Split(strings.Trim(blocks[0], "\n"), "\n")
	for i := range max(len(got), len(want)) {
		var g, w string
		if i < len(got) {
			g = got[i]
		}
		if i < len(want) {
			w = want[i]
		}
		if g != w {
			t.Fatalf("README.md's Go snippet differs from Example's body at line %d:\nREADME:  %q\nExample: %q", i+1, g, w)
		}
	}
}

// fencedBlocks returns the contents of the Markdown code blocks fenced
// with ```lang.
func fencedBlocks(doc, lang string) []string {
	var blocks []string
	var cur []string
	in := false
	for _, line := range strings.Split(doc, "\n") {
		switch {
		case !in && strings.TrimSpace(line) == "```"+lang:
			in, cur = true, cur[:0]
		case in && strings.TrimSpace(line) == "```":
			in = false
			blocks = append(blocks, strings.Join(cur, "\n"))
		case in:
			cur = append(cur, line)
		}
	}
	return blocks
}

// TestNoPackageSwitches keeps the core free of mutable package state:
// its only package-level variables are the error values callers compare
// with errors.Is and read-only tables nothing assigns. Settings that tests
// change live in each Planner (tuning), so tests that change them can run
// in parallel.
func TestNoPackageSwitches(t *testing.T) {
	t.Parallel()
	tables := map[string]bool{"opNames": true} // spec.go: the comparisons' symbols
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		file, err := parser.ParseFile(token.NewFileSet(), f, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, decl := range file.Decls {
			gd, ok := decl.(*ast.GenDecl)
			if !ok || gd.Tok != token.VAR {
				continue
			}
			for _, spec := range gd.Specs {
				vs := spec.(*ast.ValueSpec)
				for i, name := range vs.Names {
					if !tables[name.Name] && (i >= len(vs.Values) || !isErrorsNew(vs.Values[i])) {
						t.Errorf("%s: package variable %s: the core's only package variables are errors.New values and read-only tables", f, name.Name)
					}
				}
			}
		}
	}
}

// isErrorsNew reports whether e is a call of errors.New.
func isErrorsNew(e ast.Expr) bool {
	call, ok := e.(*ast.CallExpr)
	if !ok {
		return false
	}
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	pkg, ok := sel.X.(*ast.Ident)
	return ok && pkg.Name == "errors" && sel.Sel.Name == "New"
}

// coreLayers are the lower layers of the core, bottom up: the compiled
// model; what the heuristics and the search share; the heuristics. The
// search loops and the planner, which work on one search state, are the
// files left.
var coreLayers = [][]string{
	{"spec.go", "domain.go", "compile.go", "compile_cond.go", "lifted.go", "lifted_act.go", "grounded.go", "incr.go", "state.go", "target.go", "atoms.go", "errors.go"},
	{"heap.go", "deadline.go"},
	{"hmax.go", "reach.go", "lmcut.go", "lmcut_build.go", "lmcut_hmax.go", "lmcut_resources.go"},
}

// coreFiles parses the core's non-test files.
func coreFiles(t *testing.T) map[string]*ast.File {
	t.Helper()
	names, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]*ast.File{}
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), name, nil, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		files[name] = f
	}
	return files
}

// TestLayersOwnTheirNames keeps the core's lower layers pointing down:
// a file of coreLayers names nothing that only a file of a layer above it
// declares, neither a package-level name nor a method or field.
func TestLayersOwnTheirNames(t *testing.T) {
	t.Parallel()
	files := coreFiles(t)
	layer := map[string]int{} // file -> layer; the files left are above all
	for i, names := range coreLayers {
		for _, name := range names {
			if files[name] == nil {
				t.Fatalf("layer file %s does not exist", name)
			}
			layer[name] = i
		}
	}
	top := len(coreLayers)
	layerOf := func(file string) int {
		if l, ok := layer[file]; ok {
			return l
		}
		return top
	}
	// The layer of each package-level name, and the lowest layer that
	// declares each method or field name.
	global := map[string]string{}
	member := map[string]int{}
	addMember := func(name, file string) {
		if l, ok := member[name]; !ok || layerOf(file) < l {
			member[name] = layerOf(file)
		}
	}
	for name, f := range files {
		for _, decl := range f.Decls {
			switch decl := decl.(type) {
			case *ast.FuncDecl:
				if decl.Recv != nil {
					addMember(decl.Name.Name, name)
				} else {
					global[decl.Name.Name] = name
				}
			case *ast.GenDecl:
				for _, spec := range decl.Specs {
					switch spec := spec.(type) {
					case *ast.TypeSpec:
						global[spec.Name.Name] = name
						ast.Inspect(spec.Type, func(n ast.Node) bool {
							if field, ok := n.(*ast.Field); ok {
								for _, id := range field.Names {
									addMember(id.Name, name)
								}
							}
							return true
						})
					case *ast.ValueSpec:
						for _, id := range spec.Names {
							global[id.Name] = name
						}
					}
				}
			}
		}
	}
	for name, f := range files {
		l := layerOf(name)
		if l == top {
			continue
		}
		for _, id := range f.Unresolved {
			if where, ok := global[id.Name]; ok && layerOf(where) > l {
				t.Errorf("%s names %s, declared in %s, a layer above", name, id.Name, where)
			}
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if sel, ok := n.(*ast.SelectorExpr); ok {
				if ml, ok := member[sel.Sel.Name]; ok && ml > l {
					t.Errorf("%s names .%s, a method or field that only a layer above declares", name, sel.Sel.Name)
				}
			}
			return true
		})
	}
}

// TestDocListsEveryFile keeps doc.go's map of the core's files complete:
// it names every non-test .go file.
func TestDocListsEveryFile(t *testing.T) {
	t.Parallel()
	doc, err := os.ReadFile("doc.go")
	if err != nil {
		t.Fatal(err)
	}
	for name := range coreFiles(t) {
		if name != "doc.go" && !strings.Contains(string(doc), name) {
			t.Errorf("doc.go's file map does not list %s", name)
		}
	}
}
