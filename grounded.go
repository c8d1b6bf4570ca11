package goap

import (
	"bytes"
	"iter"
	"strings"

	"github.com/goap-go/goap/internal/suggest"
)

// Ground actions compiled straight from their lifted action's parsed
// conditions and effects: no map of conditions, no name per condition,
// one look-up of each fact's name per action.

// groundKey is a fact of a ground action's conditions or effects: the
// lifted action's reference (an index into its pre or eff) and the fact
// (-1 when the name is no fact: reported when compiled). Each ground
// action's keys follow a header that counts them: ref its preconditions,
// id its effects.
type groundKey struct {
	ref int32
	id  FactID
}

// resolveAll records the facts of the ground actions of acts in c.keys
// and declares the undeclared ones as booleans, in order: what addBools
// does for plain actions (which it calls for acts' plain ones).
func (c *compiler) resolveAll(acts *actList) {
	n := 0
	for _, a := range acts.all() {
		if a.la != nil {
			n += 1 + len(a.la.pre) + len(a.la.eff)
		}
	}
	c.keys = make([]groundKey, 0, n)
	for _, a := range acts.all() {
		if a.la == nil {
			c.addBools(a.plain)
			continue
		}
		at := len(c.keys)
		c.keys = append(c.keys, groundKey{})
		pre := c.resolveRefs(a.la.pre, a.args)
		eff := c.resolveRefs(a.la.eff, a.args)
		c.keys[at] = groundKey{ref: int32(pre), id: FactID(eff)}
	}
}

// resolveRefs appends the facts of refs under the binding b to c.keys,
// each once, in the order of their names (as the keys of Conds and
// Effects), declaring the undeclared ones; it returns how many it
// appended.
func (c *compiler) resolveRefs(refs []liftedRef, b []string) int {
	d := c.d
	n := len(c.keys)
	buf, end, order := c.keyBuf[:0], c.keyEnd[:0], c.order[:0]
	for i := range refs {
		buf = refs[i].appendKey(buf, b)
		end = append(end, len(buf))
		order = append(order, i)
	}
	key := func(i int) []byte {
		if i == 0 {
			return buf[:end[0]]
		}
		return buf[end[i-1]:end[i]]
	}
	// Insertion sort: an action has few conditions; stable, so that of
	// two references to one fact the first is kept.
	for i := 1; i < len(order); i++ {
		for j := i; j > 0 && bytes.Compare(key(order[j-1]), key(order[j])) > 0; j-- {
			order[j-1], order[j] = order[j], order[j-1]
		}
	}
	for n, i := range order {
		k := key(i)
		if n > 0 && bytes.Equal(key(order[n-1]), k) {
			continue
		}
		id, ok := d.byName[string(k)]
		if !ok {
			name := c.names.bytes(k)
			c.addBool(name)
			if id, ok = d.byName[name]; !ok {
				id = -1
			}
		}
		c.keys = append(c.keys, groundKey{ref: int32(i), id: id})
	}
	c.keyBuf, c.keyEnd, c.order = buf, end, order
	return len(c.keys) - n
}

// compileGround compiles the ground action ga, whose facts resolveAll
// recorded (the next in c.keys), as compileAction compiles it spelled
// out.
func (c *compiler) compileGround(ga *groundAct) {
	la, b := ga.la, ga.args
	name := c.names.ground(la.a.Name, b)
	costFunc, check := ga.costHooks()
	ca := c.newAction(name, ga.cost, costFunc, check, !la.fine)
	h := c.keys[c.keyAt]
	pre := c.keys[c.keyAt+1 : c.keyAt+1+int(h.ref)]
	eff := c.keys[c.keyAt+1+int(h.ref) : c.keyAt+1+int(h.ref)+int(h.id)]
	c.keyAt += 1 + int(h.ref) + int(h.id)
	c.part = "preconditions"
	ca.pre = condSet{mask: c.dense[0], val: c.dense[1]}
	for _, k := range pre {
		r := &la.pre[k.ref]
		if k.id < 0 {
			c.unknown(name, r.ground(b))
			continue
		}
		c.cond(&ca.pre, k.id, r.value(b), name, "", &factKey{ref: r, b: b})
	}
	c.part = "effects"
	for _, k := range eff {
		r := &la.eff[k.ref]
		if k.id < 0 {
			c.unknown(name, r.ground(b))
			continue
		}
		c.effect(ca, k.id, r.value(b), &factKey{ref: r, b: b})
	}
	c.addAction(ca)
}

// unknown reports that the action's condition or effect names no fact.
func (c *compiler) unknown(action, name string) {
	c.fail(action, "", name, "unknown fact%s", suggest.Hint(name, c.d.FactNames()))
}

// nameArena makes short strings, ground names, a few kilobytes at a
// time: one allocation for many names.
type nameArena struct {
	b strings.Builder
}

// room makes room for n more bytes in the current block.
func (a *nameArena) room(n int) {
	if a.b.Cap()-a.b.Len() >= n {
		return
	}
	size := min(max(2*a.b.Cap(), 256), 64<<10)
	a.b = strings.Builder{} // the strings made stay in the old block
	a.b.Grow(max(n, size))
}

// bytes returns p as a string.
func (a *nameArena) bytes(p []byte) string {
	a.room(len(p))
	start := a.b.Len()
	a.b.Write(p)
	return a.b.String()[start:]
}

// ground returns groundName(pred, args).
func (a *nameArena) ground(pred string, args []string) string {
	a.room(groundLen(pred, args))
	start := a.b.Len()
	a.b.WriteString(pred)
	a.b.WriteByte('(')
	for i, x := range args {
		if i > 0 {
			a.b.WriteByte(',')
		}
		a.b.WriteString(x)
	}
	a.b.WriteByte(')')
	return a.b.String()[start:]
}

// actList is the list of a grounded Spec's actions, in blocks that double
// in size: appending never copies what is there, where append would copy
// the whole list again and again (in all five times its final size).
type actList struct {
	blocks [][]groundAct
	n      int
}

// add appends a to l.
func (l *actList) add(a groundAct) {
	if k := len(l.blocks); k == 0 || len(l.blocks[k-1]) == cap(l.blocks[k-1]) {
		l.blocks = append(l.blocks, make([]groundAct, 0, 16<<min(k, 12)))
	}
	last := &l.blocks[len(l.blocks)-1]
	*last = append(*last, a)
	l.n++
}

// all yields the actions of l, in order, with their index.
func (l *actList) all() iter.Seq2[int, *groundAct] {
	return func(yield func(int, *groundAct) bool) {
		i := 0
		for _, b := range l.blocks {
			for j := range b {
				if !yield(i, &b[j]) {
					return
				}
				i++
			}
		}
	}
}

// argsOf returns a copy of the binding b, taken from a block shared with
// other bindings' copies.
func (g *grounder) argsOf(b []string) []string {
	if len(g.argBuf)+len(b) > cap(g.argBuf) {
		g.argBuf = make([]string, 0, max(len(b), min(2*cap(g.argBuf), 4096), 32))
	}
	n := len(g.argBuf)
	g.argBuf = append(g.argBuf, b...)
	return g.argBuf[n:len(g.argBuf):len(g.argBuf)]
}
