package sim

import (
	"fmt"

	"github.com/goap-go/goap/agent/squad"

	"github.com/goap-go/goap"
	"github.com/goap-go/goap/space"
)

// Knowledge (Pittman's shared knowledge): what an agent sees, the agents
// it shares a picture with know. A squad's commander and members share
// one picture (simspec.SquadSpec); an agent in no squad keeps its own.
// A picture holds, for each other agent, where and when it was last seen
// and by whom. Before an agent updates, the world writes its picture into
// the agent facts the domain declares (scope: agent), so a commander
// without eyes plans on what its units see:
//
//   - known(NAME): NAME is in the picture: seen alive, within the squad's
//     Memory ticks when it sets one, and not dead since;
//   - seen_ago(NAME), an integer: the ticks since NAME was last seen (the
//     age of the sighting), clamped to the fact's bounds, while known;
//   - enemy_known: some agent of another side is known.
//
// World.Picture gives a picture whole, with the last known cells. Each
// picture is a squad.Knowledge, which games use the same way.

// Sighting is the last time a picture's agents saw another agent.
type Sighting struct {
	// Agent is the agent seen, By the one that saw it last.
	Agent, By string
	// Cell is where it was; Tick when.
	Cell space.Cell
	Tick int
}

// knowing holds the pictures and the facts they write.
type knowing struct {
	pictures []*squad.Knowledge
	of       [][]int // per agent: the pictures it shares
	squadOf  map[string]int
	// facts per agent: known(NAME), seen_ago(NAME) (-1 when undeclared);
	// seenMin and seenMax are seen_ago's bounds.
	known, seenAgo   []goap.FactID
	seenMin, seenMax []int
	enemyKnown       goap.FactID
	active           bool // some fact is declared
}

// setupKnowledge makes the pictures: one per squad, one for each agent
// with sight in no squad.
func (w *World) setupKnowledge(cfg Config) error {
	k := &w.know
	n := len(cfg.Agents)
	k.of = make([][]int, n)
	k.squadOf = map[string]int{}
	index := map[string]int{}
	for i, a := range cfg.Agents {
		index[a.Name] = i
	}
	add := func(memory float64) int {
		k.pictures = append(k.pictures, &squad.Knowledge{Memory: memory})
		return len(k.pictures) - 1
	}
	for _, s := range cfg.Squads {
		if !(s.Memory >= 0) {
			return fmt.Errorf("sim: squad %s: Memory must not be negative, got %v", s.Name, s.Memory)
		}
		p := add(s.Memory)
		k.squadOf[s.Name] = p
		for _, name := range append([]string{s.Commander}, s.Members...) {
			if i, ok := index[name]; ok {
				k.of[i] = append(k.of[i], p)
			}
		}
	}
	for i, a := range cfg.Agents {
		if len(k.of[i]) == 0 && a.Sight > 0 {
			k.of[i] = append(k.of[i], add(0))
		}
	}
	fact := func(name string, kind goap.FactKind) (goap.FactID, error) {
		id, ok := w.d.FactID(name)
		if !ok {
			return -1, nil
		}
		if !w.agentFact[id] {
			return -1, fmt.Errorf("sim: the shared picture writes %s, which must be an agent fact (scope: agent)", name)
		}
		if f := w.d.Fact(id); f.Kind != kind {
			return -1, fmt.Errorf("sim: the shared picture writes %s, which must be %s, not %s", name, kind, f.Kind)
		}
		k.active = true
		return id, nil
	}
	var err error
	if k.enemyKnown, err = fact("enemy_known", goap.BoolFact); err != nil {
		return err
	}
	k.known, k.seenAgo = make([]goap.FactID, n), make([]goap.FactID, n)
	k.seenMin, k.seenMax = make([]int, n), make([]int, n)
	for j, a := range cfg.Agents {
		if k.known[j], err = fact("known("+a.Name+")", goap.BoolFact); err != nil {
			return err
		}
		if k.seenAgo[j], err = fact("seen_ago("+a.Name+")", goap.IntFact); err != nil {
			return err
		}
		if k.seenAgo[j] >= 0 {
			f := w.d.Fact(k.seenAgo[j])
			k.seenMin[j], k.seenMax[j] = f.Min, f.Max
		}
	}
	return nil
}

// share puts what agent i sees now (its sees(NAME) facts, or its sight
// when it has none declared) into its pictures.
func (w *World) share(i int) {
	if i >= len(w.know.of) || len(w.know.of[i]) == 0 || w.combat.dead[i] {
		return
	}
	e := w.space.sight[i]
	if e == nil {
		return
	}
	for j := range w.space.pos {
		if j == i || !e.saw[j] {
			continue
		}
		c := w.space.pos[j]
		for _, p := range w.know.of[i] {
			w.know.pictures[p].Saw(squad.Sighting{Subject: w.names[j], By: w.names[i], X: c.X, Y: c.Y, At: float64(w.tick)})
		}
	}
}

// known returns picture p's sighting of agent j, if it holds one now.
func (w *World) known(p *squad.Knowledge, j int) (squad.Sighting, bool) {
	if w.combat.dead[j] {
		return squad.Sighting{}, false
	}
	return p.Known(w.names[j], float64(w.tick))
}

// recall writes agent i's pictures into its agent facts.
func (w *World) recall(i int) {
	k := &w.know
	if !k.active || i >= len(k.of) || len(k.of[i]) == 0 || w.combat.dead[i] {
		return
	}
	enemy := false
	for j := range k.known {
		if j == i {
			continue
		}
		last := -1
		for _, p := range k.of[i] {
			if s, ok := w.known(k.pictures[p], j); ok && int(s.At) > last {
				last = int(s.At)
			}
		}
		if k.known[j] >= 0 {
			_ = w.own[i].Set(k.known[j], b2i(last >= 0))
		}
		if k.seenAgo[j] >= 0 && last >= 0 {
			_ = w.own[i].Set(k.seenAgo[j], min(max(w.tick-last, k.seenMin[j]), k.seenMax[j]))
		}
		if last >= 0 && w.combat.side[j] != "" && w.combat.side[j] != w.combat.side[i] {
			enemy = true
		}
	}
	if k.enemyKnown >= 0 {
		_ = w.own[i].Set(k.enemyKnown, b2i(enemy))
	}
}

// Picture returns what a squad knows of the other agents (its shared
// picture; see Knowledge in the package documentation), or, given the
// name of an agent in no squad, what that agent knows: the agents known
// now, in the order of Config.Agents. ok is false when no squad or agent
// has that name, or the agent keeps no picture (it has no sight).
func (w *World) Picture(name string) (known []Sighting, ok bool) {
	k := &w.know
	p, ok := k.squadOf[name]
	if !ok {
		i := w.agentIndex(name)
		if i < 0 || len(k.of[i]) != 1 || w.isSquadPicture(k.of[i][0]) {
			return nil, false
		}
		p = k.of[i][0]
	}
	for j := range w.names {
		if s, ok := w.known(k.pictures[p], j); ok {
			known = append(known, Sighting{Agent: s.Subject, By: s.By, Cell: space.Cell{X: s.X, Y: s.Y}, Tick: int(s.At)})
		}
	}
	return known, true
}

// isSquadPicture reports whether picture p is a squad's.
func (w *World) isSquadPicture(p int) bool {
	for _, q := range w.know.squadOf {
		if q == p {
			return true
		}
	}
	return false
}

// agentIndex returns the index of the named agent, or -1.
func (w *World) agentIndex(name string) int {
	for i, n := range w.names {
		if n == name {
			return i
		}
	}
	return -1
}
