package debugger

import "sync"

// Pauser is a ready Controller for a run that ticks in a loop of its own
// (goap sim --debug, a game's frames): the page's pause, run and step
// buttons set it, and the loop asks it before each tick, with Next from a
// frame that must not block, or with Wait from a loop that may. Safe for
// concurrent use.
type Pauser struct {
	mu     sync.Mutex
	cond   *sync.Cond
	paused bool
	steps  int  // ticks allowed while paused
	done   bool // Stop was called
}

// NewPauser returns a Pauser, paused or running.
func NewPauser(paused bool) *Pauser {
	p := &Pauser{paused: paused}
	p.cond = sync.NewCond(&p.mu)
	return p
}

// Control implements Controller: "pause", "run", or "step" (one tick
// while paused).
func (p *Pauser) Control(cmd string) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	switch cmd {
	case "pause":
		p.paused = true
	case "run":
		p.paused, p.steps = false, 0 // steps asked for earlier are moot
	case "step":
		p.steps++
	}
	p.cond.Broadcast()
	return p.paused
}

// Paused reports whether the page has paused the run.
func (p *Pauser) Paused() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.paused
}

// Next reports whether the run may take a tick now, without waiting: it
// is running, or a step asked for while paused (which Next uses up).
func (p *Pauser) Next() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.next()
}

func (p *Pauser) next() bool {
	if !p.paused {
		return true
	}
	if p.steps > 0 {
		p.steps--
		return true
	}
	return false
}

// Wait blocks until the run may take a tick (using up a step while
// paused) and reports true, or false once Stop was called.
func (p *Pauser) Wait() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	for !p.done && p.paused && p.steps == 0 {
		p.cond.Wait()
	}
	return !p.done && p.next()
}

// Stop ends the run: Wait returns false from now on.
func (p *Pauser) Stop() {
	p.mu.Lock()
	p.done = true
	p.cond.Broadcast()
	p.mu.Unlock()
}
