package squad

import (
	"cmp"
	"maps"
	"slices"
)

// Knowledge is a squad's shared picture (Pittman's shared knowledge):
// what any unit perceives, the squad knows, with the age of the
// sighting. Units report what they see (Saw); the commander and every
// member read the picture (Known, Sightings) and write it into their
// beliefs, so a commander without eyes plans on what its units see.
// Times are the game's (ticks or seconds, as Saw was given them).
//
// The zero Knowledge is ready to use and remembers for ever; it is for
// one goroutine at a time. Package agent/sim keeps one per squad and
// writes known(NAME), seen_ago(NAME) and enemy_known from it.
type Knowledge struct {
	// Memory, when positive, is how long a sighting stays known: a
	// subject not seen again within Memory is forgotten.
	Memory float64
	seen   map[string]Sighting
}

// Sighting is the latest time a squad saw a subject.
type Sighting struct {
	// Subject is what was seen (an enemy unit, a grenade); By is the
	// unit that saw it.
	Subject, By string
	// X and Y are where it was.
	X, Y int
	// At is when.
	At float64
}

// Saw records a sighting; an older one of the same subject than the one
// known is ignored, so reports may come in any order.
func (k *Knowledge) Saw(s Sighting) {
	if old, ok := k.seen[s.Subject]; ok && old.At > s.At {
		return
	}
	if k.seen == nil {
		k.seen = map[string]Sighting{}
	}
	k.seen[s.Subject] = s
}

// Forget drops what the squad knows of subject (it died, or was
// destroyed).
func (k *Knowledge) Forget(subject string) { delete(k.seen, subject) }

// Known returns the latest sighting of subject, and false when it was
// never seen, was forgotten, or is older than Memory at time now.
func (k *Knowledge) Known(subject string, now float64) (Sighting, bool) {
	s, ok := k.seen[subject]
	if !ok || k.Memory > 0 && now-s.At > k.Memory {
		return Sighting{}, false
	}
	return s, true
}

// Sightings returns what the squad knows at time now, by subject.
func (k *Knowledge) Sightings(now float64) []Sighting {
	var out []Sighting
	for _, name := range slices.Sorted(maps.Keys(k.seen)) {
		if s, ok := k.Known(name, now); ok {
			out = append(out, s)
		}
	}
	return out
}

// Newest returns the freshest sighting known at time now among the
// subjects for which keep says true (the nearest threat to react to,
// say), ties to the first subject by name; false when none is known.
func (k *Knowledge) Newest(now float64, keep func(Sighting) bool) (Sighting, bool) {
	var best Sighting
	found := false
	for _, s := range k.seen {
		if _, ok := k.Known(s.Subject, now); !ok || keep != nil && !keep(s) {
			continue
		}
		if !found || s.At > best.At || s.At == best.At && cmp.Less(s.Subject, best.Subject) {
			best, found = s, true
		}
	}
	return best, found
}
