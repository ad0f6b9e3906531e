package contest

import (
	"bytes"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/sergi/go-diff/diffmatchpatch"
)

// Limits of a diff shown to users.
const (
	// MaxDiff bounds a diff's text, in bytes: past it, a diff says how
	// many lines and hunks it leaves out.
	MaxDiff = 32 << 10
	// MaxDiffLines bounds the lines of each side a diff compares past
	// their common beginning: the diff's cost grows with the square of
	// the lines that differ, and this keeps its worst case near a
	// quarter of a second. The lines after it are counted, not compared.
	MaxDiffLines = 5000
	// maxDiffBytes bounds the bytes of each side a diff compares, for
	// outputs of a few very long lines.
	maxDiffBytes = 4 << 20

	diffContext = 3   // equal lines shown around each change, as diff -u shows
	diffLineCut = 160 // bytes of one line shown
)

// LineDiff returns a unified diff of got, a program's output, against
// want, the expected answer: the smallest set of lines to remove from
// want ("-") and add ("+") to make got, found by Myers' algorithm
// (the diff-match-patch library), in hunks with three lines of context,
// each line numbered in its own text, and a last line counting the
// hunks and lines. It is "" when the texts are equal.
//
// Lines are compared as [NewLineReader] yields them, as the checkers
// compare them. A change that could go at several places in a run of
// equal lines goes last, where GNU diff puts it, so the hunks are those
// of diff -u. The cost is bounded: a common beginning is skipped as it
// is read, then at most [MaxDiffLines] lines of each side are compared
// (and the rest counted), and the text stops at about [MaxDiff] bytes,
// saying how much it leaves out. Shown lines are made [Safe] and cut to
// a readable width. The same texts always give the same bytes.
func LineDiff(want, got []byte) string {
	w, g := readSides(want, got)
	if w.lines == nil && g.lines == nil {
		return ""
	}
	ops := script(w.lines, g.lines)
	var sb strings.Builder
	sb.Grow(4 << 10)
	sb.WriteString("--- expected\n+++ output\n")
	hunks, removed, added := writeHunks(&sb, ops, w, g)
	fmt.Fprintf(&sb, "%s: %s only in expected, %d only in output", count(hunks, "hunk", "hunks"), count(removed, "line", "lines"), added)
	if w.rest > 0 || g.rest > 0 {
		fmt.Fprintf(&sb, "; not compared: the last %s of expected and %s of output", count(w.rest, "line", "lines"), count(g.rest, "line", "lines"))
	}
	sb.WriteString("\n")
	return sb.String()
}

// A side is the part of one text a diff compares.
type side struct {
	start int      // index of lines[0] in the whole text
	lines [][]byte // the lines compared
	rest  int      // lines after them, not compared
}

// readSides skips the lines want and got begin with alike (all but the
// last few, kept as context), then takes at most MaxDiffLines lines (and
// maxDiffBytes bytes) of each, and counts the rest. Both sides' lines are
// nil when the texts are equal.
func readSides(want, got []byte) (w, g side) {
	wr, gr := NewLineReader(want), NewLineReader(got)
	var ring [diffContext][]byte // the last equal lines, for context
	equal := 0
	var a, b []byte
	var aok, bok bool
	for {
		a, aok = wr.Next()
		b, bok = gr.Next()
		if !aok && !bok {
			return side{}, side{}
		}
		if aok != bok || !bytes.Equal(a, b) {
			break
		}
		ring[equal%diffContext] = a
		equal++
	}
	ctx := min(equal, diffContext)
	start := equal - ctx
	var head [][]byte
	for i := start; i < equal; i++ {
		head = append(head, ring[i%diffContext])
	}
	take := func(r *LineReader, text, first []byte, ok bool) side {
		n := min(bytes.Count(text, []byte{'\n'})+1, ctx+MaxDiffLines)
		s := side{start: start, lines: append(make([][]byte, 0, n), head...)}
		size := 0
		for ok {
			if len(s.lines)-ctx >= MaxDiffLines || size+len(first) > maxDiffBytes {
				s.rest++
			} else {
				s.lines = append(s.lines, first)
				size += len(first)
			}
			first, ok = r.Next()
		}
		if s.lines == nil {
			s.lines = [][]byte{}
		}
		return s
	}
	return take(wr, want, a, aok), take(gr, got, b, bok)
}

// An op is one line of an edit script: ' ' in both texts (w in want, g
// in got), '-' only in want (w), '+' only in got (g).
type op struct {
	kind byte
	w, g int
}

// script returns the edit script from w to g: Myers' shortest, its
// changes placed among equal lines as GNU diff places them.
func script(w, g [][]byte) []op {
	// diff-match-patch diffs runes: one rune per distinct line.
	ids := make(map[string]rune)
	runes := func(lines [][]byte) []rune {
		rs := make([]rune, len(lines))
		for i, l := range lines {
			id, ok := ids[string(l)]
			if !ok {
				id = lineRune(len(ids))
				ids[string(l)] = id
			}
			rs[i] = id
		}
		return rs
	}
	wr, gr := runes(w), runes(g)
	dmp := diffmatchpatch.New()
	dmp.DiffTimeout = 0 // no deadline: the result must not depend on the machine's speed
	removed, added := make([]bool, len(w)), make([]bool, len(g))
	i, j := 0, 0
	for _, d := range dmp.DiffMainRunes(wr, gr, false) {
		n := utf8.RuneCountInString(d.Text)
		switch d.Type {
		case diffmatchpatch.DiffDelete:
			for k := range n {
				removed[i+k] = true
			}
			i += n
		case diffmatchpatch.DiffInsert:
			for k := range n {
				added[j+k] = true
			}
			j += n
		default:
			i, j = i+n, j+n
		}
	}
	// GNU diff sets aside the texts' common beginning and then their
	// common end, each but for diffContext lines, before it places
	// changes, so a change never goes further down into that end: nor
	// does one here (the sides start where GNU diff's beginning ends).
	suf := 0
	for suf < min(len(wr), len(gr)) && wr[len(wr)-1-suf] == gr[len(gr)-1-suf] {
		suf++
	}
	keep := max(0, suf-diffContext)
	align(removed[:len(removed)-keep], wr, added[:len(added)-keep])
	align(added[:len(added)-keep], gr, removed[:len(removed)-keep])
	ops := make([]op, 0, max(len(w), len(g)))
	for i, j = 0, 0; i < len(w) || j < len(g); {
		switch {
		case i < len(w) && removed[i]:
			ops = append(ops, op{'-', i, j})
			i++
		case j < len(g) && added[j]:
			ops = append(ops, op{'+', i, j})
			j++
		default:
			ops = append(ops, op{' ', i, j})
			i, j = i+1, j+1
		}
	}
	return ops
}

// lineRune returns the rune standing for the n'th distinct line: a valid
// code point, as diff-match-patch keeps runes in strings.
func lineRune(n int) rune {
	r := rune(n + 1)
	if r >= 0xd800 {
		r += 0x800 // past the surrogates
	}
	return r
}

// align places each run of changed lines of one text among the equal
// lines around it as GNU diff does, the other text's changes fixed: as
// far down as it can go, unless on the way it meets a change of the other
// text, where it stops at the last such place, so that lines removed and
// added show side by side. Moving a run over a line equal to the run's
// lines leaves the same change; runs that meet become one.
func align(changed []bool, lines []rune, other []bool) {
	// meets[u]: the other text has a change just before its u'th
	// unchanged line (or its end), where this text's runs after u
	// unchanged lines sit.
	var meets []bool
	for k := range other {
		if !other[k] {
			meets = append(meets, k > 0 && other[k-1])
		}
	}
	meets = append(meets, len(other) > 0 && other[len(other)-1])
	u := 0 // unchanged lines before s
	for s := 0; s < len(changed); {
		if !changed[s] {
			s, u = s+1, u+1
			continue
		}
		e := s
		for e < len(changed) && changed[e] {
			e++
		}
		best := -1 // the last end of the run where it meets a change of the other text
		for {
			n := e - s
			for s > 0 && lines[s-1] == lines[e-1] {
				s, e, u = s-1, e-1, u-1
				changed[s], changed[e] = true, false
				for s > 0 && changed[s-1] {
					s--
				}
			}
			best = -1
			if meets[u] {
				best = e
			}
			for e < len(changed) && lines[s] == lines[e] {
				changed[s], changed[e] = false, true
				s, e, u = s+1, e+1, u+1
				for e < len(changed) && changed[e] {
					e++
				}
				if meets[u] {
					best = e
				}
			}
			if e-s == n {
				break
			}
		}
		for best >= 0 && e > best {
			s, e, u = s-1, e-1, u-1
			changed[s], changed[e] = true, false
		}
		s = e
	}
}

// writeHunks writes ops, the script from w's lines to g's, as hunks with
// diffContext lines of context, two hunks being one when at most twice
// that many lines lie between them, as diff -u does. Past about MaxDiff
// bytes it says how many lines and hunks it leaves out. It returns the
// number of hunks and of removed and added lines.
func writeHunks(sb *strings.Builder, ops []op, w, g side) (hunks, removed, added int) {
	budget := MaxDiff - 512 // room for the last lines
	hs := split(ops)
	width := 1 // of the widest line number shown
	for _, h := range hs {
		wn, gn := counts(h)
		if wn > 0 {
			width = max(width, len(strconv.Itoa(w.start+h[0].w+wn)))
		}
		if gn > 0 {
			width = max(width, len(strconv.Itoa(g.start+h[0].g+gn)))
		}
	}
	leftLines, leftHunks := 0, 0 // not shown
	for _, hunk := range hs {
		hunks++
		wn, gn := counts(hunk)
		removed += len(hunk) - gn
		added += len(hunk) - wn
		if sb.Len() >= budget {
			leftLines += len(hunk) + 1
			leftHunks++
			continue
		}
		fmt.Fprintf(sb, "@@ -%s +%s @@\n", hunkRange(w.start+hunk[0].w, wn), hunkRange(g.start+hunk[0].g, gn))
		for k, o := range hunk {
			if sb.Len() >= budget {
				leftLines += len(hunk) - k
				break
			}
			var wl, gl string
			var text []byte
			if o.kind != '+' {
				wl, text = strconv.Itoa(w.start+o.w+1), w.lines[o.w]
			}
			if o.kind != '-' {
				gl, text = strconv.Itoa(g.start+o.g+1), g.lines[o.g]
			}
			fmt.Fprintf(sb, "%c %*s %*s  %s\n", o.kind, width, wl, width, gl, Short(Safe(head(text, diffLineCut)), diffLineCut))
		}
	}
	if leftLines > 0 {
		writeCut(sb, leftLines, leftHunks)
	}
	return hunks, removed, added
}

// counts returns how many lines of each text ops hold.
func counts(ops []op) (w, g int) {
	for _, o := range ops {
		if o.kind != '+' {
			w++
		}
		if o.kind != '-' {
			g++
		}
	}
	return w, g
}

// split cuts ops into hunks: each change with diffContext lines of
// context around it, two changes at most twice that many lines apart
// being one hunk, as diff -u does.
func split(ops []op) [][]op {
	var hunks [][]op
	for i := 0; i < len(ops); {
		if ops[i].kind == ' ' {
			i++
			continue
		}
		lo, hi := max(0, i-diffContext), i
		for {
			for hi < len(ops) && ops[hi].kind != ' ' {
				hi++
			}
			next := hi
			for next < len(ops) && ops[next].kind == ' ' {
				next++
			}
			if next == len(ops) || next-hi > 2*diffContext {
				hi = min(len(ops), hi+diffContext)
				break
			}
			hi = next
		}
		hunks = append(hunks, ops[lo:hi])
		i = hi
	}
	return hunks
}

// Head returns the beginning of d, a [LineDiff]: its hunks up to about n
// lines (whole hunks, or the first n lines of the first), then a line
// saying how many lines and hunks it leaves out, and d's last line, the
// counts. It returns d itself when d is that short or is not a LineDiff
// (a compiler's output, say).
func Head(d string, n int) string {
	if !strings.HasPrefix(d, "--- expected\n+++ output\n@@ ") {
		return d
	}
	lines := strings.Split(strings.TrimSuffix(d, "\n"), "\n")
	body, last := lines[2:len(lines)-1], lines[len(lines)-1]
	if len(body) <= n {
		return d
	}
	var starts []int // of the hunks in body
	for i, l := range body {
		if strings.HasPrefix(l, "@@ ") {
			starts = append(starts, i)
		}
	}
	keep := 0 // lines of body kept
	for k := range starts {
		end := len(body)
		if k+1 < len(starts) {
			end = starts[k+1]
		}
		if end > n {
			if k == 0 {
				keep = n
			}
			break
		}
		keep = end
	}
	left, leftHunks := 0, 0
	for _, l := range body[keep:] {
		if m := cutLine.FindStringSubmatch(l); m != nil {
			// LineDiff's own cut: what it left out is left out here too.
			more, _ := strconv.Atoi(m[1])
			moreHunks, _ := strconv.Atoi(m[2])
			left, leftHunks = left+more, leftHunks+moreHunks
			continue
		}
		if strings.HasPrefix(l, "@@ ") {
			leftHunks++
		}
		left++
	}
	var sb strings.Builder
	sb.WriteString(lines[0] + "\n" + lines[1] + "\n")
	for _, l := range body[:keep] {
		sb.WriteString(l + "\n")
	}
	writeCut(&sb, left, leftHunks)
	sb.WriteString(last + "\n")
	return sb.String()
}

// cutLine matches the line of a diff that says what it leaves out.
var cutLine = regexp.MustCompile(`^\.\.\. (\d+) more lines? not shown(?: \((\d+) more hunks?\))?$`)

// writeCut writes the line that says how many lines and hunks (not
// counting one cut short) a diff leaves out.
func writeCut(sb *strings.Builder, lines, hunks int) {
	fmt.Fprintf(sb, "... %s not shown", count(lines, "more line", "more lines"))
	if hunks > 0 {
		fmt.Fprintf(sb, " (%s)", count(hunks, "more hunk", "more hunks"))
	}
	sb.WriteString("\n")
}

// hunkRange is one side of a hunk's header as diff -u writes it: the
// first line and the count ("3,4"), the count left out when 1, and the
// line before when the hunk has no line of that side ("2,0").
func hunkRange(first, n int) string {
	switch n {
	case 0:
		return strconv.Itoa(first) + ",0"
	case 1:
		return strconv.Itoa(first + 1)
	}
	return strconv.Itoa(first+1) + "," + strconv.Itoa(n)
}

// count returns "1 line", "2 lines".
func count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}
