package suggest

import "strings"

// Closest returns the name of known that name is most likely a misspelling
// of, or "" when none is close enough. Of equally close names the first
// wins. A name equal to a known one, ignoring case, is its own answer.
func Closest(name string, known []string) string {
	typed := strings.ToLower(name)
	if typed == "" {
		return ""
	}
	best, bestDist := "", -1
	for _, k := range known {
		d := distance(typed, strings.ToLower(k))
		close := d <= tolerance(len(typed)) ||
			len(typed) >= 3 && strings.Contains(strings.ToLower(k), typed)
		if close && (bestDist < 0 || d < bestDist) {
			best, bestDist = k, d
		}
	}
	return best
}

// DidYouMean returns "did you mean X?" for the Closest name of known, with
// X formatted by format (such as "--%s" for a flag), or "".
func DidYouMean(name string, known []string, format string) string {
	c := Closest(name, known)
	if c == "" {
		return ""
	}
	return "did you mean " + strings.ReplaceAll(format, "%s", c) + "?"
}

// tolerance is how many edits a typed name of n bytes may be from the name
// meant: one in a short name, where two would make most names alike.
func tolerance(n int) int {
	switch {
	case n <= 4:
		return 1
	case n <= 8:
		return 2
	}
	return 3
}

// distance is the optimal string alignment distance between a and b: the
// fewest insertions, deletions, substitutions and swaps of two adjacent
// bytes that turn a into b, no substring edited twice.
func distance(a, b string) int {
	// rows[0], rows[1], rows[2] are the rows for i-2, i-1 and i.
	var rows [3][]int
	for r := range rows {
		rows[r] = make([]int, len(b)+1)
	}
	for j := range rows[1] {
		rows[1][j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur, prev, prev2 := rows[2], rows[1], rows[0]
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		rows[0], rows[1], rows[2] = prev, cur, prev2
	}
	return rows[1][len(b)]
}
