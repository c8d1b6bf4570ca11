package debugger

// Writing lean snapshot lines (see lean.go).

import (
	"encoding/binary"
	"math"
	"slices"
	"strconv"
	"unicode/utf8"

	"github.com/goap-go/goap/agent"
)

// leanWriter writes lean snapshot lines, remembering what each agent's
// previous line said.
type leanWriter struct {
	b    []byte
	prev []leanPrev // per agent
	// Event lists, goal scores and trees repeat, from agent to agent and
	// tick to tick (on the colony, 2,761 distinct event lists of 72,543,
	// 911 trees of 14,920): each is written whole once, numbered by kind
	// in the order written, and then referred to by its number
	// ("e#":N). seen holds up to maxSeen bytes of them; those written
	// after are written whole each time, and numbered all the same.
	//
	// Each is known by a key of its bytes (keyed), which takes less
	// time to make than its text: most are repeats, whose text is never
	// made.
	frag  []byte
	key   []byte // a part's bytes
	seen  [3]map[string]int
	count [3]int
	held  int
}

// The kinds of repeated parts, and the bytes of them a writer remembers.
const (
	partEvents = iota
	partGoals
	partTree
	maxSeen = 16 << 20
)

// partKeys are the keys of the kinds, whole and referred to.
var partKeys = [3][2]string{{`,"e":`, `,"e#":`}, {`,"gs":`, `,"gs#":`}, {`,"tr":`, `,"tr#":`}}

// keyed appends to b the reference to the part of the kind known by
// w.key, when one was written, and reports whether it did; else it
// remembers w.key as the next part of the kind, which the caller writes
// whole (counted by whole).
func (w *leanWriter) keyed(b []byte, kind int) ([]byte, bool) {
	if w.seen[kind] == nil {
		w.seen[kind] = map[string]int{}
	}
	if id, ok := w.seen[kind][string(w.key)]; ok {
		return strconv.AppendInt(append(b, partKeys[kind][1]...), int64(id), 10), true
	}
	if w.held+len(w.key) <= maxSeen {
		w.seen[kind][string(w.key)] = w.count[kind]
		w.held += len(w.key)
	}
	return b, false
}

// whole appends w.frag, a part of the kind, whole to b.
func (w *leanWriter) whole(b []byte, kind int) []byte {
	w.count[kind]++
	return append(append(b, partKeys[kind][0]...), w.frag...)
}

// leanPrev is what an agent's previous line said.
type leanPrev struct {
	written bool
	phase   string
	goal    string
	plan    []string
	step    int
	started bool
	goals   []GoalScore
	stats   agent.Stats
}

// line returns the lean line of s (of agent info, whose actions are
// indexed by index), valid until the next call.
func (w *leanWriter) line(s *Snapshot, info *AgentInfo, index map[string]int, tree *searchTree) []byte {
	for len(w.prev) <= s.Agent {
		w.prev = append(w.prev, leanPrev{})
	}
	p := &w.prev[s.Agent]
	b := append(w.b[:0], `{"s":{"a":`...)
	b = strconv.AppendInt(b, int64(s.Agent), 10)
	b = append(b, `,"t":`...)
	b = strconv.AppendInt(b, int64(s.Tick), 10)
	if s.Time != float64(s.Tick) {
		b = appendFloat(append(b, `,"tm":`...), s.Time)
	}
	if !p.written || s.Phase != p.phase {
		b = appendString(append(b, `,"ph":`...), s.Phase)
		p.phase = s.Phase
	}
	if !p.written || s.Goal != p.goal {
		b = appendString(append(b, `,"g":`...), s.Goal)
		p.goal = s.Goal
	}
	if !p.written || !slices.Equal(s.Plan, p.plan) {
		b = append(b, `,"p":[`...)
		for k, name := range s.Plan {
			if k > 0 {
				b = append(b, ',')
			}
			i, ok := index[name]
			if !ok {
				i = -1
			}
			b = strconv.AppendInt(b, int64(i), 10)
		}
		b = append(b, ']')
		p.plan = append(p.plan[:0], s.Plan...)
	}
	if !p.written || s.Step != p.step {
		b = strconv.AppendInt(append(b, `,"st":`...), int64(s.Step), 10)
		p.step = s.Step
	}
	if !p.written || s.Started != p.started {
		b = strconv.AppendBool(append(b, `,"sd":`...), s.Started)
		p.started = s.Started
	}
	if !p.written || !slices.Equal(s.Goals, p.goals) {
		w.key = appendGoalsKey(w.key[:0], s.Goals)
		var known bool
		if b, known = w.keyed(b, partGoals); !known {
			w.goalsText(s.Goals)
			b = w.whole(b, partGoals)
		}
		p.goals = append(p.goals[:0], s.Goals...)
	}
	if len(s.Changes) > 0 {
		b = append(b, `,"c":[`...)
		for k, c := range s.Changes {
			if k > 0 {
				b = append(b, ',')
			}
			b = strconv.AppendInt(b, int64(c.Fact), 10)
			b = append(b, ',')
			b = strconv.AppendInt(b, int64(c.Value), 10)
		}
		b = append(b, ']')
	}
	if len(s.Events) > 0 {
		w.key = appendEventsKey(w.key[:0], s)
		var known bool
		if b, known = w.keyed(b, partEvents); !known {
			w.eventsText(s)
			b = w.whole(b, partEvents)
		}
	}
	if !p.written || s.Stats != p.stats {
		st := &s.Stats
		b = append(b, `,"n":[`...)
		for k, v := range [...]int{st.Plans, st.Replans, st.NoPlans, st.Expanded, st.Finished, st.Failed} {
			if k > 0 {
				b = append(b, ',')
			}
			b = strconv.AppendInt(b, int64(v), 10)
		}
		b = append(b, ']')
		p.stats = s.Stats
	}
	if tree != nil && len(tree.nodes) > 0 {
		// A tree written before is known by its nodes' bytes, which take
		// less time to make than its text.
		w.key = tree.appendKey(w.key[:0])
		var known bool
		if b, known = w.keyed(b, partTree); !known {
			w.treeText(tree)
			b = w.whole(b, partTree)
		}
		if tree.total > 0 {
			b = strconv.AppendInt(append(b, `,"tt":`...), int64(tree.total), 10)
		}
	}
	b = append(b, "}}\n"...)
	p.written = true
	w.b = b
	return b
}

// treeText makes w.frag the text of tree.
func (w *leanWriter) treeText(tree *searchTree) {
	{
		f := append(w.frag[:0], `{"n":[`...)
		for k, n := range tree.nodes {
			if k > 0 {
				f = append(f, ',')
			}
			f = strconv.AppendInt(f, int64(n.parent), 10)
			f = append(f, ',')
			f = strconv.AppendInt(f, int64(n.action), 10)
			f = appendFloat(append(f, ','), n.g)
			f = appendFloat(append(f, ','), n.h)
			f = append(f, ',')
			f = strconv.AppendInt(f, int64(n.flags), 10)
			f = append(f, ',')
			f = strconv.AppendInt(f, int64(n.to-n.from)/2, 10)
			for _, v := range tree.vals[n.from:n.to] {
				f = append(f, ',')
				f = strconv.AppendInt(f, int64(v), 10)
			}
		}
		f = append(f, ']')
		if len(tree.labels) > 0 {
			f = append(f, `,"l":[`...)
			for k, l := range tree.labels {
				if k > 0 {
					f = append(f, ',')
				}
				f = appendString(f, l)
			}
			f = append(f, ']')
		}
		w.frag = append(f, '}')
	}
}

// appendKey appends t's nodes, changes and labels to key, as bytes.
func (t *searchTree) appendKey(key []byte) []byte {
	for _, n := range t.nodes {
		key = binary.LittleEndian.AppendUint32(key, uint32(n.parent))
		key = binary.LittleEndian.AppendUint32(key, uint32(n.action))
		key = binary.LittleEndian.AppendUint64(key, math.Float64bits(n.g))
		key = binary.LittleEndian.AppendUint64(key, math.Float64bits(n.h))
		key = append(key, n.flags)
		key = binary.LittleEndian.AppendUint32(key, uint32(n.to-n.from))
		for _, v := range t.vals[n.from:n.to] {
			key = binary.LittleEndian.AppendUint32(key, uint32(v))
		}
	}
	for _, l := range t.labels {
		key = binary.LittleEndian.AppendUint32(key, uint32(len(l)))
		key = append(key, l...)
	}
	return key
}

// goalFlags packs a goal's booleans.
func goalFlags(g *GoalScore) int {
	f := 0
	for k, on := range [...]bool{g.HasRelevancy, g.Valid, g.Relevant, g.Met, g.Fallback, g.Ordered} {
		if on {
			f |= 1 << k
		}
	}
	return f
}

// appendFloat appends f as JSON (0 for the infinities and NaN, which JSON
// cannot say).
func appendFloat(b []byte, f float64) []byte {
	if math.IsInf(f, 0) || math.IsNaN(f) {
		return append(b, '0')
	}
	if i := int64(f); float64(i) == f && i > -1<<53 && i < 1<<53 && (i != 0 || !math.Signbit(f)) {
		return strconv.AppendInt(b, i, 10) // most costs and scores: faster
	}
	return strconv.AppendFloat(b, f, 'g', -1, 64)
}

// appendString appends s as a JSON string (invalid UTF-8 as U+FFFD, as
// encoding/json does).
func appendString(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	for i := 0; i < len(s); {
		// A run of bytes that need no escape goes in with one append
		// (names and reasons are mostly such runs): a byte at a time
		// took 4% of a recording run's instructions.
		if j := i + plainRun(s[i:]); j > i {
			b = append(b, s[i:j]...)
			i = j
			continue
		}
		c := s[i]
		if c < utf8.RuneSelf {
			switch {
			case c == '"' || c == '\\':
				b = append(b, '\\', c)
			case c == '\n':
				b = append(b, '\\', 'n')
			case c < 0x20 || c == '<' || c == '>' || c == '&':
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&15])
			default:
				b = append(b, c)
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b = append(b, `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			b = append(b, `\u202`...)
			b = append(b, hex[r&15])
		default:
			b = append(b, s[i:i+size]...)
		}
		i += size
	}
	return append(b, '"')
}

// plainRun returns the length of s's prefix of ASCII bytes that a JSON
// string holds as they are.
func plainRun(s string) int {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= utf8.RuneSelf || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			return i
		}
	}
	return len(s)
}

// eventsText makes w.frag the text of s's events.
func (w *leanWriter) eventsText(s *Snapshot) {
	f := append(w.frag[:0], '[')
	for k := range s.Events {
		e := &s.Events[k]
		if k > 0 {
			f = append(f, ',')
		}
		f = appendString(append(f, `{"y":`...), e.Type.String())
		if e.Tick != s.Tick {
			f = strconv.AppendInt(append(f, `,"t":`...), int64(e.Tick), 10)
		}
		if e.Time != s.Time {
			f = appendFloat(append(f, `,"tm":`...), e.Time)
		}
		if e.Goal != "" {
			f = appendString(append(f, `,"g":`...), e.Goal)
		}
		if e.Action != "" {
			f = appendString(append(f, `,"a":`...), e.Action)
		}
		if len(e.Plan) > 0 {
			f = append(f, `,"p":[`...)
			for j, name := range e.Plan {
				if j > 0 {
					f = append(f, ',')
				}
				f = appendString(f, name)
			}
			f = append(f, ']')
		}
		if e.Reason != "" {
			f = appendString(append(f, `,"r":`...), e.Reason)
		}
		f = append(f, '}')
	}
	w.frag = append(f, ']')
}

// appendEventsKey appends to key what s's events' text says, as bytes.
func appendEventsKey(key []byte, s *Snapshot) []byte {
	str := func(key []byte, v string) []byte {
		return append(binary.LittleEndian.AppendUint32(key, uint32(len(v))), v...)
	}
	for k := range s.Events {
		e := &s.Events[k]
		key = append(key, byte(e.Type))
		if e.Tick != s.Tick {
			key = binary.LittleEndian.AppendUint64(append(key, 't'), uint64(e.Tick))
		}
		if e.Time != s.Time {
			key = binary.LittleEndian.AppendUint64(append(key, 'm'), math.Float64bits(e.Time))
		}
		key = str(str(key, e.Goal), e.Action)
		key = binary.LittleEndian.AppendUint32(key, uint32(len(e.Plan)))
		for _, name := range e.Plan {
			key = str(key, name)
		}
		key = str(key, e.Reason)
	}
	return key
}

// goalsText makes w.frag the text of goal scores goals.
func (w *leanWriter) goalsText(goals []GoalScore) {
	f := append(w.frag[:0], '[')
	for k := range goals {
		g := &goals[k]
		if k > 0 {
			f = append(f, ',')
		}
		f = appendString(append(f, `{"n":`...), g.Name)
		f = appendFloat(append(f, `,"s":`...), g.Score)
		f = appendFloat(append(f, `,"b":`...), g.Base)
		if g.Bias != 0 {
			f = appendFloat(append(f, `,"bi":`...), g.Bias)
		}
		if g.RetryAt != 0 {
			f = appendFloat(append(f, `,"r":`...), g.RetryAt)
		}
		if g.Rule != "" {
			f = appendString(append(f, `,"ru":`...), g.Rule)
		}
		f = strconv.AppendInt(append(f, `,"f":`...), int64(goalFlags(g)), 10)
		f = append(f, '}')
	}
	w.frag = append(f, ']')
}

// appendGoalsKey appends to key what goals' text says, as bytes.
func appendGoalsKey(key []byte, goals []GoalScore) []byte {
	for k := range goals {
		g := &goals[k]
		key = append(binary.LittleEndian.AppendUint32(key, uint32(len(g.Name))), g.Name...)
		for _, f := range [...]float64{g.Score, g.Base, g.Bias, g.RetryAt} {
			key = binary.LittleEndian.AppendUint64(key, math.Float64bits(f))
		}
		key = append(binary.LittleEndian.AppendUint32(key, uint32(len(g.Rule))), g.Rule...)
		key = append(key, byte(goalFlags(g)))
	}
	return key
}
