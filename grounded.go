package goap

import (
	"bytes"
	"strings"

	"github.com/goap-go/goap/internal/suggest"
)

// Ground actions compiled straight from their lifted action's parsed
// conditions and effects: no map of conditions, no name per condition,
// one look-up of each fact's name per action.

// groundKey is a fact of a ground action's conditions or effects: the
// lifted action's reference (an index into its pre or eff) and the fact
// (-1 when the name is no fact: reported when compiled).
type groundKey struct {
	ref int32
	id  FactID
}

// resolve records the facts of the ground action ga in c.keys, its
// preconditions' then its effects', each in the order of their names,
// each fact once (as the keys of Conds and Effects), declaring the
// undeclared ones as booleans: what addBools does for a plain action.
func (c *compiler) resolve(ga *groundAct) {
	ga.keys[0] = int32(len(c.keys))
	c.resolveRefs(ga.la.pre, ga.args)
	ga.keys[1] = int32(len(c.keys))
	c.resolveRefs(ga.la.eff, ga.args)
	ga.keys[2] = int32(len(c.keys))
}

func (c *compiler) resolveRefs(refs []liftedRef, b []string) {
	d := c.d
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
}

// compileGround compiles the ground action ga, whose facts resolve
// recorded, as compileAction compiles it spelled out.
func (c *compiler) compileGround(ga *groundAct) {
	la, b := ga.la, ga.args
	name := c.names.ground(la.a.Name, b)
	costFunc, check := ga.costHooks()
	ca := c.newAction(name, ga.cost, costFunc, check, !la.fine)
	c.part = "preconditions"
	ca.pre = condSet{mask: c.dense[0], val: c.dense[1]}
	for _, k := range c.keys[ga.keys[0]:ga.keys[1]] {
		r := &la.pre[k.ref]
		if k.id < 0 {
			c.unknown(name, r.ground(b))
			continue
		}
		c.cond(&ca.pre, k.id, r.value(b), name, "", factKey{ref: r, b: b})
	}
	c.part = "effects"
	for _, k := range c.keys[ga.keys[1]:ga.keys[2]] {
		r := &la.eff[k.ref]
		if k.id < 0 {
			c.unknown(name, r.ground(b))
			continue
		}
		c.effect(&ca, k.id, r.value(b), factKey{ref: r, b: b})
	}
	c.addAction(&ca)
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
