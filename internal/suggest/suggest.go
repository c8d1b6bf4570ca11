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
