package table

import "strings"

// Without -v, a command shows the diffs of the first MaxDiffs tests, each
// cut to about DiffLines lines (contest.Head).
const (
	MaxDiffs  = 3
	DiffLines = 24
)

// Indent indents every line of s by four spaces, for a block of text
// under a heading: a diff, an input, a compiler's output.
func Indent(s string) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	for i, l := range lines {
		lines[i] = "    " + l
	}
	return strings.Join(lines, "\n") + "\n"
}
