package agent

import (
	"runtime"
	"sync"
	"weak"

	"github.com/goap-go/goap"
)

// domainTables are what every agent of a domain reads and none writes:
// the facts each action reads and writes, and the facts' names. Agents of
// one domain share them (see tablesOf), so that a thousand agents of a
// domain of thousands of actions do not each hold a copy: the copies made
// goap check and goap sim take memory in agents times actions, 150 bytes
// per pair, and run out of memory at 6,000 agents.
type domainTables struct {
	reads, writes [][]goap.FactID
	factNames     []string
}

// shared maps a domain, held weakly, to its *domainTables; an entry goes
// when its domain is collected.
var shared sync.Map

// tablesOf returns d's tables, built on first use and shared by the
// agents of d. The tables hold nothing of d, so the cache keeps no domain
// alive.
func tablesOf(d *goap.Domain) *domainTables {
	key := weak.Make(d)
	if t, ok := shared.Load(key); ok {
		return t.(*domainTables)
	}
	n := d.NumActions()
	t := &domainTables{reads: make([][]goap.FactID, n), writes: make([][]goap.FactID, n), factNames: d.FactNames()}
	for i := range n {
		id := goap.ActionID(i)
		t.reads[i] = d.ActionReads(id)
		t.writes[i] = d.ActionWrites(id)
	}
	if old, loaded := shared.LoadOrStore(key, t); loaded {
		return old.(*domainTables)
	}
	runtime.AddCleanup(d, func(k weak.Pointer[goap.Domain]) { shared.Delete(k) }, key)
	return t
}
