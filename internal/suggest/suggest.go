// Package suggest finds the name a user probably meant, for the "did you
// mean" hints of every package's error messages. It uses the standard
// library only, so the core package may import it.
package suggest

import (
	"fmt"
	"strings"
)

// Closest returns the candidate nearest to s by edit distance, ignoring
// case, or "" when none is close enough to be a likely misspelling (fewer
// than len(s)/3+2 edits). Ties go to the earlier candidate.
//
// Names longer than MaxLen bytes are neither matched nor suggested: the
// distance takes time quadratic in the length (two 5 MB names would take
// hours), and a hint that echoes such a name buries the message.
func Closest(s string, candidates []string) string {
	if len(s) > MaxLen {
		return ""
	}
	best, bestD := "", len(s)/3+2
	for _, c := range candidates {
		if len(c) > MaxLen {
			continue
		}
		if d := editDistance(strings.ToLower(s), strings.ToLower(c)); d < bestD {
			best, bestD = c, d
		}
	}
	return best
}

// Misspelt returns the candidate that s is very likely a misspelling of,
// or "": a test strict enough to make an error of, where Closest only
// makes a hint. The two must be at most 2 edits apart, and at most one
// edit per 4 bytes of s (so that short names such as d1 and a1, or d10
// and a10, are not taken for each other), and must not differ only in
// one short word of their underscore-separated words (door_a_open and
// door_b_open name two doors), and neither may hold the other (loaded
// and unloaded).
func Misspelt(s string, candidates []string) string {
	if len(s) > MaxLen {
		return ""
	}
	best, bestD := "", 3
	for _, c := range candidates {
		if len(c) > MaxLen || c == s {
			continue
		}
		ls, lc := strings.ToLower(s), strings.ToLower(c)
		if ls != lc && (strings.Contains(ls, lc) || strings.Contains(lc, ls)) {
			continue // a word added: unloaded and loaded
		}
		d := editDistance(ls, lc)
		if d < bestD && 4*d <= len(s) && !shortWordApart(s, c) {
			best, bestD = c, d
		}
	}
	return best
}

// shortWordApart reports whether a and b have the same words between
// underscores but one, and that one is at most 2 bytes long in both.
func shortWordApart(a, b string) bool {
	wa, wb := strings.Split(a, "_"), strings.Split(b, "_")
	if len(wa) != len(wb) {
		return false
	}
	diff := -1
	for i := range wa {
		if wa[i] != wb[i] {
			if diff >= 0 {
				return false
			}
			diff = i
		}
	}
	return diff >= 0 && len(wa[diff]) <= 2 && len(wb[diff]) <= 2
}

// MaxLen is the longest name, in bytes, that Closest compares.
const MaxLen = 128

// Hint returns ` (did you mean "x"?)` when a candidate is close to s, and
// "" otherwise.
func Hint(s string, candidates []string) string {
	if best := Closest(s, candidates); best != "" {
		return fmt.Sprintf(" (did you mean %q?)", best)
	}
	return ""
}

// editDistance is the Levenshtein distance between a and b, in bytes.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
