package goapfile

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/goap-go/goap/internal/names"

	"github.com/goap-go/goap"
	"github.com/goap-go/goap/internal/echo"
	"github.com/goap-go/goap/internal/suggest"
	"go.yaml.in/yaml/v3"
)

// topKeys are the keys a file may have at its top level.
var topKeys = []string{"name", "objects", "map", "types", "static", "numbers", "facts", "actions", "start", "goal", "goals", "templates", "agents", "squads", "events", "turns", "swap_spawns", "tests"}

// Load reads and parses the designer file at path. Problems in the file
// are reported as an ErrorList; a file that cannot be read gives the
// error of os.ReadFile.
func Load(path string) (*File, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return Parse(path, data)
}

// Parse parses and compiles a designer file (YAML or JSON). filename is
// used in error messages and as the default domain name. When the file
// has problems Parse returns a nil *File and an ErrorList holding all of
// them that could be found, sorted by position.
func Parse(filename string, data []byte) (*File, error) {
	return ParseContext(context.Background(), filename, data)
}

// ParseContext is Parse stopping early when ctx is done: it returns
// context.Cause(ctx) (ctx.Err() unless ctx was cancelled with a cause),
// never an ErrorList, and no *File. Decoding, reading and compiling look
// at ctx every few hundred bytes, nodes or actions, so that a deadline or
// a memory watchdog stops the loading of a file of a hundred thousand
// actions, which takes seconds and gigabytes, within milliseconds.
func ParseContext(ctx context.Context, filename string, data []byte) (*File, error) {
	if err := ctx.Err(); err != nil {
		return nil, context.Cause(ctx)
	}
	p := newParser(filename, data)
	p.ctx, p.done = ctx, ctx.Done()
	if root := p.document(data); root != nil && !p.haltedNow() {
		p.parseFile(root)
	}
	// The stages after compiling (grounding the file's action data,
	// places, the start, the tests) do not poll: a context done by now
	// ends the parse all the same, so that no file comes out of a parse
	// that ran past its deadline.
	if p.haltedNow() {
		return nil, p.stop
	}
	if len(p.errs) > 0 {
		p.errs.sort()
		if n := len(p.errs) - maxErrors; n > 0 {
			p.errs = append(p.errs[:maxErrors], &Error{File: filename, Msg: fmt.Sprintf("and %d more errors", n)})
		}
		return nil, p.errs
	}
	return p.out, nil
}

// maxErrors is the most errors Parse lists.
const maxErrors = 50

// newParser prepares to read data, from the file filename.
func newParser(filename string, data []byte) *parser {
	return &parser{
		ctx:      context.Background(),
		file:     filename,
		lines:    splitLines(data),
		seen:     map[Error]bool{},
		bad:      map[*yaml.Node]bool{},
		decl:     map[string]*factDecl{},
		broken:   map[string]bool{},
		mentions: map[string]*yaml.Node{},
		lifted:   map[string]bool{},
		objs: objectInfo{typeOf: map[string]string{}, ofType: map[string][]string{}, parent: map[string]string{}, key: map[string]*yaml.Node{},
			static: map[string]bool{}, offers: map[string]*yaml.Node{}},
		out: &File{
			Path:      filename,
			Durations: map[string]int{},
			Travel:    map[string]int{},
			pos:       map[posKey]Position{},
		},
	}
}

// parser holds what is known while one file is read.
type parser struct {
	// ctx is ParseContext's; done is its Done channel (nil when it
	// cannot be cancelled), polled every pollNodes calls of halted;
	// stop is the context's error once seen.
	ctx   context.Context
	done  <-chan struct{}
	polls int
	stop  error
	// simWork sums ticks times agents over the sim tests read so far.
	simWork   int
	valueSets map[string]valueSet // see hasValue
	file      string
	lines     []string
	errs      ErrorList
	seen      map[Error]bool
	// bad holds the nodes the pre-pass reported (aliases, unsupported
	// tags); later checks skip them quietly.
	bad map[*yaml.Node]bool

	spec goap.Spec
	decl map[string]*factDecl
	// broken holds facts whose declaration is wrong.
	broken  map[string]bool
	actions []*actionDecl
	goals   []*goalDecl
	// known lists the domain's facts: declared ones, then the others in
	// the order the file first mentions them; mentions holds the key
	// node of each first mention.
	known    []string
	mentions map[string]*yaml.Node
	// startTypos are the facts startOnlyFacts reported as a possible
	// typo of a name of the start's.
	startTypos []string
	// fileGoal is the file's `goal:`; hasGoal is true when the file has
	// one, even a wrong one.
	fileGoal *goalRef
	hasGoal  bool

	// objs holds the file's objects, types and static relations; cur
	// the parameters of the lifted action being read; lifted the
	// predicates of families and of lifted actions' patterns, whose
	// ground facts ("alive(r1)") a start or a goal may name;
	// liftedActions the names of the actions with params:.
	// maps is the file's map:, mapOffers the offers: of its legend.
	maps          mapInfo
	mapOffers     []*yaml.Node
	templates     map[string]*yaml.Node // agent templates by name
	templateNames []string
	objs          objectInfo
	cur           []goap.Param
	lifted        map[string]bool
	liftedActions []string
	// numbers is the file's `numbers:`; costs the actions' cost:
	// expressions that look entries up per binding.
	numbers numberTable
	costs   []*costExpr

	out *File
	// enumUses collects the names given to undeclared facts, which are
	// booleans: reported together, with the declaration they need
	// (undeclaredEnums).
	enumUses map[string][]*yaml.Node
}

// splitLines splits a file into lines where the YAML decoder counts
// them: at LF, CR LF, CR, NEL, LS and PS. UTF-16 files (with a byte order
// mark, which the decoder needs too) are converted first.
func splitLines(data []byte) []string {
	text := string(data)
	if len(data) >= 2 && (data[0] == 0xFE && data[1] == 0xFF || data[0] == 0xFF && data[1] == 0xFE) {
		units := make([]uint16, 0, len(data)/2)
		for i := 2; i+1 < len(data); i += 2 {
			if data[0] == 0xFE {
				units = append(units, uint16(data[i])<<8|uint16(data[i+1]))
			} else {
				units = append(units, uint16(data[i+1])<<8|uint16(data[i]))
			}
		}
		text = string(utf16.Decode(units))
	}
	var lines []string
	start := 0
	for i := 0; i < len(text); {
		r, size := utf8.DecodeRuneInString(text[i:])
		switch r {
		case '\r', '\n', '\u0085', '\u2028', '\u2029':
			lines = append(lines, text[start:i])
			if r == '\r' && i+1 < len(text) && text[i+1] == '\n' {
				size++
			}
			start = i + size
		}
		i += size
	}
	return append(lines, text[start:])
}

// errorf records an error at node n (the whole file when n is nil).
func (p *parser) errorf(n *yaml.Node, format string, args ...any) {
	p.errorAt(pos(n), echo.Sprintf(format, args...))
}

// errorAt records an error at position at.
func (p *parser) errorAt(at Position, msg string) { p.causedAt(at, msg, nil) }

// causedAt records an error at position at that reports cause, an error
// of another package.
func (p *parser) causedAt(at Position, msg string, cause error) {
	e := Error{File: p.file, Line: at.Line, Col: at.Col, Msg: msg}
	if e.Line > len(p.lines) { // the end of a file without a final line break
		e.Line, e.Col = len(p.lines), 0
	}
	if e.Line > 0 {
		e.Source = p.lines[e.Line-1]
	} else {
		e.Col = 0
	}
	if p.seen[e] || p.stop != nil {
		return
	}
	p.seen[e] = true
	e.Err = cause
	p.errs = append(p.errs, &e)
}

// mention records that the file names fact name at node key.
func (p *parser) mention(name string, key *yaml.Node) {
	if _, ok := p.mentions[name]; ok {
		return
	}
	if pred, _ := predOf(name); isPattern(name) || p.objs.static[pred] {
		return // a lifted action's pattern, or a static atom: not a fact
	}
	p.mentions[name] = key
	p.known = append(p.known, name)
	p.out.pos[posKey{KindFact, name}] = pos(key)
}

// document decodes data into a node tree and returns the root mapping's
// node (or another node, for parseFile to refuse), or nil after reporting
// why there is none.
func (p *parser) document(data []byte) (root *yaml.Node) {
	defer func() {
		// The YAML decoder reports errors by returning them; this
		// guards against a panic inside it all the same.
		if r := recover(); r != nil {
			p.errorAt(Position{}, fmt.Sprintf("cannot read YAML: %v", r))
			root = nil
		}
	}()
	dec := yaml.NewDecoder(&pollingReader{r: bytes.NewReader(data), p: p})
	var doc yaml.Node
	if err := dec.Decode(&doc); err != nil {
		if p.stop != nil {
			return nil // the decoder stopped at pollingReader's error
		}
		if errors.Is(err, io.EOF) {
			p.errorAt(Position{}, "the file is empty")
		} else {
			p.yamlError(err)
		}
		return nil
	}
	var next yaml.Node
	switch err := dec.Decode(&next); {
	case p.stop != nil:
		return nil
	case errors.Is(err, io.EOF):
	case err != nil:
		p.yamlError(err)
		return nil
	default:
		p.errorAt(p.separatorAfter(&doc), "the file holds more than one YAML document; remove the \"---\" separator")
		return nil
	}
	if doc.Kind != yaml.DocumentNode || len(doc.Content) != 1 ||
		isNull(doc.Content[0]) && doc.Content[0].Value == "" {
		p.errorAt(Position{}, "the file is empty")
		return nil
	}
	p.prepass(doc.Content[0])
	return doc.Content[0]
}

// separatorAfter finds the "---" line that starts the second document.
func (p *parser) separatorAfter(doc *yaml.Node) Position {
	for i := doc.Line; i < len(p.lines); i++ { // doc.Line is 1-based: starts after it
		if strings.HasPrefix(p.lines[i], "---") || strings.HasPrefix(p.lines[i], "...") {
			return Position{i + 1, 1}
		}
	}
	return Position{}
}

// standardTags are the YAML tags the loader understands.
var standardTags = map[string]bool{
	"!!str": true, "!!int": true, "!!float": true, "!!bool": true, "!!null": true,
	"!!map": true, "!!seq": true, "!!merge": true, "!!timestamp": true,
}

// prepass reports every alias and every unsupported tag in the tree.
// Aliases are refused rather than expanded, so no file can blow up
// through them.
func (p *parser) prepass(root *yaml.Node) {
	stack := []*yaml.Node{root}
	aliased := false
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		switch tag := n.ShortTag(); {
		case n.Kind == yaml.AliasNode:
			if !aliased {
				p.errorf(n, "aliases (*%s) are not supported; write the value out", n.Value)
				aliased = true // one report is enough
			}
			p.bad[n] = true
			continue
		case strings.HasPrefix(tag, "!=") || strings.HasPrefix(tag, "!<") || strings.HasPrefix(tag, "!>"):
			p.errorf(n, "%s", quoteMsg(strings.TrimSpace(tag+" "+n.Value)))
			p.bad[n] = true
			continue
		case !standardTags[tag]:
			p.errorf(n, "YAML tag %s is not supported", tag)
			p.bad[n] = true
			continue
		case n.Kind == yaml.ScalarNode && n.Style == 0 && strings.Count(n.Value, "(") != strings.Count(n.Value, ")"):
			// {road(a,b): true} reads as the keys "road(a" and "b)".
			p.errorf(n, "%q has unbalanced parentheses: inside { } or [ ], YAML splits a name at its commas; quote it, as in \"road(a,b)\"", n.Value)
			p.bad[n] = true
			continue
		}
		for i := len(n.Content) - 1; i >= 0; i-- {
			stack = append(stack, n.Content[i])
		}
	}
}

// parseFile reads the top-level mapping, then compiles the domain, the
// start state, the goal and the tests.
func (p *parser) parseFile(root *yaml.Node) {
	if root == nil || !p.isMapping(root, "the file must be a mapping with keys such as name, actions, start and goal; got") {
		return
	}
	fields, _ := p.mapping(root, "at top level", topKeys)
	top := map[string]field{}
	for _, f := range fields {
		top[f.name] = f
	}
	f := p.out

	if base := filepath.Base(p.file); base != "." && base != string(filepath.Separator) {
		f.Name = strings.TrimSuffix(base, filepath.Ext(base))
	}
	if nf, ok := top["name"]; ok {
		if name, ok := p.str(nf.val, "name"); ok {
			f.Name = name
		}
	}
	p.spec.Name = f.Name
	if of, ok := top["objects"]; ok {
		p.objectList(of.val)
	}
	if mf, ok := top["map"]; ok {
		p.mapSection(mf.val)
	}
	if tf, ok := top["types"]; ok {
		p.typeList(tf.val)
	}
	slices.Sort(p.objs.types)
	if sf, ok := top["static"]; ok {
		p.staticList(sf.val)
	}
	if nf, ok := top["numbers"]; ok {
		p.numberList(nf.val)
	}
	p.distances()
	if ff, ok := top["facts"]; ok {
		p.facts(ff.val)
	}
	if af, ok := top["actions"]; ok {
		p.actionList(af.val)
	} else {
		p.errorf(root, "the file has no actions: add an actions: list")
	}
	p.checkOffers()
	if gf, ok := top["goals"]; ok {
		p.goalList(gf.val)
	}

	// The domain's facts are known now: start, goal and tests may only
	// name those.
	var start map[string]any
	var startKeys map[string]*yaml.Node
	if sf, ok := top["start"]; ok {
		p.startOnlyFacts(sf.val)
		start, startKeys = p.state(sf.val, "start")
	}
	var goal *goalRef
	if gf, ok := top["goal"]; ok && !isNull(gf.val) {
		goal = p.goalRef(gf.val, "goal")
		p.hasGoal = true
	}
	p.fileGoal = goal
	if tf, ok := top["templates"]; ok {
		p.templateList(tf.val)
	}
	if af, ok := top["agents"]; ok {
		p.agentList(af.val)
	}
	if sf, ok := top["squads"]; ok {
		p.squadList(sf.val, sf.key)
	}
	p.orders()
	if ef, ok := top["events"]; ok {
		p.out.Events = p.eventList(ef.val, "events")
		if p.out.Agents == nil && !isNull(ef.val) {
			p.errorf(ef.key, "events need agents: to act in the world they change")
		}
	}
	p.fairness(top)
	var tests []*testDecl
	if tf, ok := top["tests"]; ok {
		tests = p.testList(tf.val, start, goal)
	}
	p.unsetTypos(root)
	p.undeclaredEnums()
	if len(p.errs) > 0 {
		return
	}

	f.Spec = p.spec
	if p.haltedNow() {
		return
	}
	d, err := goap.NewDomainContext(p.ctx, p.spec)
	if err != nil {
		if !p.haltedNow() {
			p.specErrors(err, nil)
		}
		return
	}
	f.Domain = d
	p.groundActionData(d)
	p.groundOrders(d)
	p.checkCosts(d)
	p.actionPlaces(d)
	p.actionUses(d)
	f.Start = p.newState(start, startKeys, pos(top["start"].val))
	p.goalRules()
	if goal != nil {
		f.Goal = p.target(goal, "goal")
	}
	for _, t := range tests {
		f.Tests = append(f.Tests, p.compileTest(t))
	}
}

// newState builds a state of the compiled domain from checked values.
func (p *parser) newState(values map[string]any, keys map[string]*yaml.Node, at Position) goap.State {
	s := p.out.Domain.NewState()
	for _, name := range slices.Sorted(maps.Keys(values)) {
		if err := s.SetValue(name, values[name]); err != nil {
			where := at
			if k := keys[name]; k != nil {
				where = pos(k)
			}
			p.causedAt(where, err.Error(), err)
		}
	}
	return s
}

// state reads a mapping of fact -> value (a start state or a test's
// `set:`). Every fact must be one the domain knows.
func (p *parser) state(n *yaml.Node, what string) (map[string]any, map[string]*yaml.Node) {
	fields, _ := p.mapping(n, "in "+what, nil)
	values := map[string]any{}
	keys := map[string]*yaml.Node{}
	for _, fd := range fields {
		if !p.knownFact(fd, what) {
			continue
		}
		keys[fd.name] = fd.key
		if v, ok := p.stateValue(fd.name, fd.val); ok {
			values[fd.name] = v
		}
	}
	return values, keys
}

// startOnlyFacts makes the booleans that only the file's start names
// facts of the domain: part of the world, used by nothing yet (goap check
// warns about them). A close name of a known fact is taken for a typo
// instead, and reported as unknown.
func (p *parser) startOnlyFacts(n *yaml.Node) {
	if n.Kind != yaml.MappingNode {
		return
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if _, known := p.mentions[k.Value]; known || k.Kind != yaml.ScalarNode || names.Problem(k.Value) != "" {
			continue
		}
		if p.groundFact(k.Value) {
			continue // a family's fact (hurt(b2)): the core declares it
		}
		if _, ok := scalarBool(v); !ok {
			continue
		}
		if close := suggest.Closest(k.Value, p.known); close != "" {
			keys := p.onlyRead(close)
			if keys == nil {
				continue // the start's name is the typo: reported as unknown
			}
			// A boolean that no action sets, nor the start, cannot hold
			// where the preconditions need it: reported there, with the
			// start's close name (either may be the misspelled one).
			for _, key := range keys {
				p.errorf(key, "fact %q is set by no action and not by the start, so this precondition can never hold; the start sets %q: is one of the two misspelled?", close, k.Value)
			}
			p.startTypos = append(p.startTypos, close)
		}
		p.spec.Facts = append(p.spec.Facts, goap.Bool(k.Value))
		p.mention(k.Value, k)
	}
}

// unsetTypos reports the preconditions on a boolean that nothing in the
// file sets, declares or names elsewhere, when its name is close to a
// fact that an action or the start sets: a misspelling that would leave
// the action unable to run for ever, with only a lint warning at the
// action to show for it ("needs forge_lti, which no action sets"). Each
// such precondition is an error at its key, as for the start's typos.
// A fact that a game sets from outside the file is declared under
// facts: to say so.
func (p *parser) unsetTypos(root *yaml.Node) {
	written := map[string]bool{}
	for _, a := range p.actions {
		for name := range a.eff {
			written[name] = true
		}
	}
	var setNames []string
	for _, name := range p.known {
		if written[name] || p.inStart(root, name) {
			setNames = append(setNames, name)
		}
	}
	typos := map[string][]*yaml.Node{} // name -> its precondition keys
	var order []string
	for _, name := range p.known {
		if written[name] {
			continue
		}
		keys := p.onlyRead(name)
		if keys == nil || suggest.Misspelt(name, setNames) == "" {
			continue
		}
		if p.broken[name] || slices.Contains(p.startTypos, name) {
			continue
		}
		typos[name] = keys
		order = append(order, name)
	}
	if len(typos) == 0 {
		return
	}
	// A name the file gives anywhere else (a test's set:, an event, an
	// agent's senses:) is set or meant there: not a typo.
	uses := map[string]int{}
	valueOf := map[*yaml.Node]*yaml.Node{} // key -> value, in mappings
	stack := []*yaml.Node{root}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if n.Kind == yaml.ScalarNode {
			if _, ok := typos[n.Value]; ok {
				uses[n.Value]++
			}
		}
		if n.Kind == yaml.MappingNode {
			for i := 0; i+1 < len(n.Content); i += 2 {
				valueOf[n.Content[i]] = n.Content[i+1]
			}
		}
		stack = append(stack, n.Content...)
	}
	for _, name := range order {
		keys := typos[name]
		if uses[name] > len(keys) {
			continue
		}
		close := suggest.Misspelt(name, setNames)
		for _, key := range keys {
			if b, ok := scalarBool(valueOf[key]); !ok || !b {
				continue // "false" holds for a fact nothing sets
			}
			p.errorf(key, "fact %q is set by no action and not by the start, so this precondition can never hold; did you mean %q? (declare %s under facts: if the game sets it)", name, close, echo.Cut(name))
		}
	}
}

// inStart reports whether the file's start: names fact name.
func (p *parser) inStart(root *yaml.Node, name string) bool {
	for i := 0; i+1 < len(root.Content); i += 2 {
		if root.Content[i].Value != "start" {
			continue
		}
		st := root.Content[i+1]
		for j := 0; j+1 < len(st.Content); j += 2 {
			if st.Content[j].Value == name {
				return true
			}
		}
	}
	return false
}

// onlyRead returns the precondition keys naming fact name when name is an
// undeclared fact that actions read and none writes, nor a goal names:
// nil otherwise.
func (p *parser) onlyRead(name string) []*yaml.Node {
	if _, declared := p.decl[name]; declared {
		return nil
	}
	if pred, _ := predOf(name); pred != "" && p.lifted[pred] {
		return nil // p(c0): a lifted action's p(?x) may set it
	}
	var keys []*yaml.Node
	for _, a := range p.actions {
		if _, w := a.eff[name]; w {
			return nil
		}
		if k, r := a.pre[name]; r {
			keys = append(keys, k)
		}
	}
	for _, g := range p.goals {
		if _, used := g.desired[name]; used {
			return nil
		}
	}
	return keys
}

// knownFact reports whether the domain has the fact a field names, and
// reports an error when it does not.
func (p *parser) knownFact(fd field, what string) bool {
	if _, ok := p.mentions[fd.name]; ok {
		return true
	}
	if p.groundFact(fd.name) {
		p.mention(fd.name, fd.key)
		return true
	}
	p.errorf(fd.key, "unknown fact %q in %s%s", fd.name, what, suggest.Hint(fd.name, p.known))
	return false
}

// conds reads a mapping of fact -> condition. With known set, every fact
// must be one the domain knows; otherwise the facts are mentions that
// add undeclared booleans to the domain.
func (p *parser) conds(n *yaml.Node, what string, known bool) (goap.Conds, map[string]*yaml.Node, bool) {
	return factValues[goap.Conds](p, n, what, known, p.cond)
}

// factValues reads a mapping of fact -> value, reading each value with
// read, and returns the values, the key node of each fact and whether
// all was well. known is as for conds.
func factValues[M ~map[string]any](p *parser, n *yaml.Node, what string, known bool, read func(string, *yaml.Node) (any, bool)) (M, map[string]*yaml.Node, bool) {
	fields, ok := p.mapping(n, "in "+what, nil)
	values := M{}
	keys := map[string]*yaml.Node{}
	for _, fd := range fields {
		if known && !p.knownFact(fd, what) {
			ok = false
			continue
		}
		p.mention(fd.name, fd.key)
		keys[fd.name] = fd.key
		v, good := read(fd.name, fd.val)
		if !good {
			ok = false
			continue
		}
		values[fd.name] = v
	}
	return values, keys, ok
}
