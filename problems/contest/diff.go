package contest

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
)

const (
	diffContext  = 3   // equal lines shown before the first difference
	diffWindow   = 12  // lines of each side the diff looks at
	diffLineCut  = 160 // bytes of one line shown
	diffNoNumber = ""
)

// LineDiff renders where got differs from want, the expected text, starting
// a few lines before line index first (0-based): a unified-style diff with
// "-" for expected lines, "+" for the output's, each numbered with its line
// in its own text. It looks at a dozen lines of each side (a longest common
// subsequence decides what is common), and then counts how many further
// lines differ position by position, so a flood of wrong output costs no
// more than reading it once. The same texts always give the same bytes.
// Lines are compared as [NewLineReader] yields them; shown lines are made
// [Safe] and cut to a readable width.
func LineDiff(want, got []byte, first int) string {
	lo := max(0, first-diffContext)
	wr, gr := NewLineReader(want), NewLineReader(got)
	for range lo {
		wr.Next()
		gr.Next()
	}
	w, g := take(wr, diffWindow), take(gr, diffWindow)
	ops := lcsDiff(w, g)
	if ops == nil {
		return ""
	}
	more := 0
	for {
		a, aok := wr.Next()
		b, bok := gr.Next()
		if !aok && !bok {
			break
		}
		if aok != bok || !bytes.Equal(a, b) {
			more++
		}
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "--- expected\n+++ output\n@@ -%d,%d +%d,%d @@\n", lo+1, len(w), lo+1, len(g))
	width := len(strconv.Itoa(lo + diffWindow))
	for _, op := range ops {
		wn, gn, text := diffNoNumber, diffNoNumber, ""
		if op.kind != '+' {
			wn, text = strconv.Itoa(lo+op.w+1), head(w[op.w], diffLineCut)
		}
		if op.kind != '-' {
			gn, text = strconv.Itoa(lo+op.g+1), head(g[op.g], diffLineCut)
		}
		fmt.Fprintf(&sb, "%c %*s %*s  %s\n", op.kind, width, wn, width, gn, Short(Safe(text), diffLineCut))
	}
	end := lo + diffWindow + 1
	switch {
	case more == 1:
		fmt.Fprintf(&sb, "... 1 more difference from line %d on\n", end)
	case more > 1:
		fmt.Fprintf(&sb, "... %d more differences from line %d on\n", more, end)
	}
	return sb.String()
}

// take returns up to n lines from r, in place.
func take(r *LineReader, n int) [][]byte {
	var out [][]byte
	for len(out) < n {
		l, ok := r.Next()
		if !ok {
			break
		}
		out = append(out, l)
	}
	return out
}

// A diffOp is one line of a diff: ' ' common, '-' only in want (index w),
// '+' only in got (index g).
type diffOp struct {
	kind byte
	w, g int
}

// lcsDiff returns the edit script from w to g along a longest common
// subsequence, or nil when they are equal. Ties prefer deleting before
// inserting, so each hunk reads expected lines first and is deterministic.
func lcsDiff(w, g [][]byte) []diffOp {
	n, m := len(w), len(g)
	// l[i][j] is the LCS length of w[i:] and g[j:].
	l := make([][]int, n+1)
	for i := range l {
		l[i] = make([]int, m+1)
	}
	for i := n - 1; i >= 0; i-- {
		for j := m - 1; j >= 0; j-- {
			if bytes.Equal(w[i], g[j]) {
				l[i][j] = l[i+1][j+1] + 1
			} else {
				l[i][j] = max(l[i+1][j], l[i][j+1])
			}
		}
	}
	if l[0][0] == n && n == m {
		return nil
	}
	var ops []diffOp
	i, j := 0, 0
	for i < n || j < m {
		switch {
		case i < n && j < m && bytes.Equal(w[i], g[j]):
			ops = append(ops, diffOp{' ', i, j})
			i, j = i+1, j+1
		case i < n && (j == m || l[i+1][j] >= l[i][j+1]):
			ops = append(ops, diffOp{'-', i, j})
			i++
		default:
			ops = append(ops, diffOp{'+', i, j})
			j++
		}
	}
	return ops
}
