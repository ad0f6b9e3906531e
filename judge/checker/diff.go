package checker

import (
	"strconv"
	"strings"

	"github.com/google/go-cmp/cmp"
)

// diffContext is how many equal lines Diff shows around the first difference.
const diffContext = 3

// maxDiffLines bounds a diff so a flood of wrong output stays readable.
const maxDiffLines = 12

// Diff renders the lines of want and got around index first, the first line
// that differs, as a go-cmp diff ("-" expected, "+" got), with a few lines of
// context and at most a dozen lines in all.
func Diff(want, got []string, first int) string {
	lo := max(0, first-diffContext)
	hi := first + maxDiffLines - diffContext
	w := window(want, lo, hi)
	g := window(got, lo, hi)
	d := cmp.Diff(w, g)
	if d == "" {
		return ""
	}
	var b strings.Builder
	if lo > 0 {
		b.WriteString("(from line " + strconv.Itoa(lo+1) + ")\n")
	}
	b.WriteString(d)
	if len(want) > hi || len(got) > hi {
		b.WriteString("(more lines follow)\n")
	}
	return b.String()
}

func window(lines []string, lo, hi int) []string {
	if lo > len(lines) {
		lo = len(lines)
	}
	return lines[lo:min(hi, len(lines))]
}
