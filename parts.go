package goap

// Planning a target's independent parts (Target.split, target.go) one
// after the other: an Auto search of a target that splits runs one search
// per part on a sub-planner and joins their plans.

// splits reports whether a search for t with these options plans its
// parts one by one: Auto searches do, unless told not to prune.
func splits(t *Target, opt *Options) bool {
	return len(t.parts) > 1 && opt.Direction == Auto && !opt.NoPruning
}

// subPlanner returns the planner that searches the parts of a split
// search, made on first use and kept.
func (p *Planner) subPlanner() *Planner {
	if p.sub == nil {
		p.sub = NewPlanner(p.d)
	}
	p.sub.tune = p.tune
	return p.sub
}

// stepParts advances a split search: the parts in order, each an Auto
// search of its own on the sub-planner, which shares p's meter (deadline
// and cancellation), its options and what is left of MaxExpansions.
func (s *search) stepParts(budget int) {
	p := s.p
	sub := p.subPlanner()
	ss := &sub.s
	for budget > 0 && s.status == Running {
		if !s.parts.searching {
			if s.parts.next == len(s.t.parts) {
				// The cost as the plan's sum in order, as Result.Cost is
				// everywhere (summed per part, it can differ in the last
				// bit). Each part's call costed its own actions.
				s.parts.cost = 0
				for _, a := range p.partsPlan {
					s.parts.cost += sub.prep.costs[a]
				}
				s.status = Found
				return
			}
			sub.Options = p.Options
			if s.limit > 0 {
				if s.expanded >= s.limit {
					s.stop(LimitReached, nil)
					return
				}
				sub.Options.MaxExpansions = s.limit - s.expanded
			}
			sub.epoch = p.epoch // a Result's Why from an older call goes stale
			sub.meter = p.meter
			ss.reset(s.start, s.t.parts[s.parts.next])
			p.meter = sub.meter
			s.parts.searching = true
		}
		before, _ := ss.portfolioCounts()
		sub.meter = p.meter
		st := ss.step(budget)
		p.meter = sub.meter
		exp, _ := ss.portfolioCounts()
		// A part still running used the whole budget; one that finished
		// used its expansions, and the next part gets the rest.
		budget -= exp - before
		switch st {
		case Running:
			return
		case Found, AlreadySatisfied:
			var r Result
			ss.fill(&r)
			p.partsPlan = append(p.partsPlan, r.Plan...)
			s.expanded += r.Expanded
			s.generated += r.Generated
			s.parts.searching = false
			s.parts.next++
		default:
			s.stop(st, ss.err)
		}
	}
}

// fillParts is fill for a split search: the parts' plans one after the
// other, their costs and counts summed; the part being searched (or that
// found no plan) gives the rest.
func (s *search) fillParts(r *Result) {
	p := s.p
	r.Status, r.Err = s.status, s.err
	r.Expanded, r.Generated = s.expanded, s.generated
	r.Direction = s.dir
	if s.parts.searching {
		var sr Result
		p.sub.s.fill(&sr)
		r.Expanded += sr.Expanded
		r.Generated += sr.Generated
		r.Direction = sr.Direction
		r.why, r.epoch = sr.why, sr.epoch
		if s.status == LimitReached || s.status == Running {
			p.part = append(append(p.part[:0], p.partsPlan...), sr.Partial...)
			r.Partial = p.part
		}
	} else if p.sub != nil && s.parts.next > 0 {
		r.Direction = p.sub.s.direction()
	}
	if s.status == Found {
		r.Plan, r.Cost = p.partsPlan, s.parts.cost
	}
}
