package contest

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/sudoku-judge/sudoku-judge/internal/testenv"
)

func TestLineDiff(t *testing.T) {
	tests := []struct {
		name      string
		want, got string
		diff      string
	}{
		{"changed line", "a\nb\nc\n", "a\nB\nc\n",
			"--- expected\n+++ output\n@@ -1,3 +1,3 @@\n  1 1  a\n- 2    b\n+   2  B\n  3 3  c\n" +
				"1 hunk: 1 line only in expected, 1 only in output\n"},
		{"missing line", "a\nb\nc\n", "a\nc\n",
			"--- expected\n+++ output\n@@ -1,3 +1,2 @@\n  1 1  a\n- 2    b\n  3 2  c\n" +
				"1 hunk: 1 line only in expected, 0 only in output\n"},
		{"extra line", "a\n", "a\nx\n",
			"--- expected\n+++ output\n@@ -1 +1,2 @@\n  1 1  a\n+   2  x\n" +
				"1 hunk: 0 lines only in expected, 1 only in output\n"},
		{"empty output", "a\nb\n", "",
			"--- expected\n+++ output\n@@ -1,2 +0,0 @@\n- 1    a\n- 2    b\n" +
				"1 hunk: 2 lines only in expected, 0 only in output\n"},
		// The first answer omitted: one line deleted, everything after
		// it equal (a 12-line window used to show an equal line as added
		// and count 79 more differences).
		{"first line omitted", "1\n2\n3\n4\n5\n6\n7\n8\n9\n", "2\n3\n4\n5\n6\n7\n8\n9\n",
			"--- expected\n+++ output\n@@ -1,4 +1,3 @@\n- 1    1\n  2 1  2\n  3 2  3\n  4 3  4\n" +
				"1 hunk: 1 line only in expected, 0 only in output\n"},
		// Two changes more than six equal lines apart are two hunks,
		// each numbered in both texts.
		{"two hunks", "x\n1\n2\n3\n4\n5\n6\n7\ny\n", "1\n2\n3\n4\n5\n6\n7\nY\nz\n",
			"--- expected\n+++ output\n@@ -1,4 +1,3 @@\n- 1    x\n  2 1  1\n  3 2  2\n  4 3  3\n" +
				"@@ -6,4 +5,5 @@\n  6 5  5\n  7 6  6\n  8 7  7\n- 9    y\n+   8  Y\n+   9  z\n" +
				"2 hunks: 2 lines only in expected, 2 only in output\n"},
		// In a run of equal lines, a change goes last, as GNU diff puts it.
		{"change slid past equal lines", "Case 1:\nNo\nNo\nNo\nCase 2:\n", "Case 1:\nNo\nNo\nCase 2:\n",
			"--- expected\n+++ output\n@@ -1,5 +1,4 @@\n  1 1  Case 1:\n  2 2  No\n  3 3  No\n- 4    No\n  5 4  Case 2:\n" +
				"1 hunk: 1 line only in expected, 0 only in output\n"},
		// A removal stops where it meets an addition, as in GNU diff.
		{"removal beside an addition", "C21\nM\nC22\nM\nC23\n", "C21\nM\nM\nM\nC23\n",
			"--- expected\n+++ output\n@@ -1,5 +1,5 @@\n  1 1  C21\n  2 2  M\n- 3    C22\n+   3  M\n  4 4  M\n  5 5  C23\n" +
				"1 hunk: 1 line only in expected, 1 only in output\n"},
		{"added line slid past equal lines", "N\nA\nB\nN\nN\nN\n", "N\nN\nA\nB\nN\nN\nN\n",
			"--- expected\n+++ output\n@@ -1,4 +1,5 @@\n  1 1  N\n+   2  N\n  2 3  A\n  3 4  B\n  4 5  N\n" +
				"1 hunk: 0 lines only in expected, 1 only in output\n"},
		// GNU diff sets aside the texts' common end but for three lines
		// before it places a change, so the removal stops at line 6,
		// not 7, the last of the run.
		{"common end set aside", "X\nA\nN\nN\nN\nN\nN\nM\n", "Y\nA\nN\nN\nN\nN\nM\n",
			"--- expected\n+++ output\n@@ -1,8 +1,7 @@\n- 1    X\n+   1  Y\n  2 2  A\n  3 3  N\n  4 4  N\n  5 5  N\n- 6    N\n  7 6  N\n  8 7  M\n" +
				"1 hunk: 2 lines only in expected, 1 only in output\n"},
		{"trailing space and blank lines ignored", "a\nb\n", "a \r\nc\n\n\n",
			"--- expected\n+++ output\n@@ -1,2 +1,2 @@\n  1 1  a\n- 2    b\n+   2  c\n" +
				"1 hunk: 1 line only in expected, 1 only in output\n"},
		{"control bytes escaped", "a\n", "\x1b[2J\u202e\x00\n",
			"--- expected\n+++ output\n@@ -1 +1 @@\n- 1    a\n+   1  \\x1b[2J\\u{202e}\\x00\n" +
				"1 hunk: 1 line only in expected, 1 only in output\n"},
		// An empty line in one text where the other has ended is a line
		// of its own, not the end.
		{"empty line past the answer's end", "a\nb\n", "a\nb\n\nc\n",
			"--- expected\n+++ output\n@@ -1,2 +1,4 @@\n  1 1  a\n  2 2  b\n+   3  \n+   4  c\n" +
				"1 hunk: 0 lines only in expected, 2 only in output\n"},
		{"equal", "a\n", "a\r\n\n", ""},
		{"both empty", "", "\n \n", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := LineDiff([]byte(tt.want), []byte(tt.got)); got != tt.diff {
				t.Errorf("LineDiff =\n%s\nwant\n%s", got, tt.diff)
			}
		})
	}
}

func TestHead(t *testing.T) {
	// Three hunks of 8 lines (header, 3 context, 1 change, 3 context):
	// lines 10, 30 and 50 changed.
	want := numberedLines(60, "%d\n")
	got := bytes.Replace(bytes.Replace(bytes.Replace(want, []byte("\n10\n"), []byte("\nx\n"), 1), []byte("\n30\n"), []byte("\ny\n"), 1), []byte("\n50\n"), []byte("\nz\n"), 1)
	three := LineDiff(want, got)
	oneHunk := LineDiff(numberedLines(40, "%d\n"), numberedLines(40, "x%d\n"))
	huge := LineDiff(numberedLines(3000, "line %d\n"), numberedLines(3000, "LINE %d\n"))
	tests := []struct {
		name string
		d    string
		n    int
		want string
	}{
		{"short enough", three, 27, three},
		{"whole hunks", three, 20,
			"--- expected\n+++ output\n" +
				"@@ -7,7 +7,7 @@\n   7  7  7\n   8  8  8\n   9  9  9\n- 10     10\n+    10  x\n  11 11  11\n  12 12  12\n  13 13  13\n" +
				"@@ -27,7 +27,7 @@\n  27 27  27\n  28 28  28\n  29 29  29\n- 30     30\n+    30  y\n  31 31  31\n  32 32  32\n  33 33  33\n" +
				"... 9 more lines not shown (1 more hunk)\n" +
				"3 hunks: 3 lines only in expected, 3 only in output\n"},
		{"the first hunk cut", oneHunk, 5,
			"--- expected\n+++ output\n@@ -1,40 +1,40 @@\n-  1     1\n-  2     2\n-  3     3\n-  4     4\n" +
				"... 76 more lines not shown\n" +
				"1 hunk: 40 lines only in expected, 40 only in output\n"},
		{"a cut diff cut again", huge, 3,
			"--- expected\n+++ output\n@@ -1,3000 +1,3000 @@\n-    1       line 1\n-    2       line 2\n" +
				"... 5998 more lines not shown\n" +
				"1 hunk: 3000 lines only in expected, 3000 only in output\n"},
		{"not a diff", "main.c:1:1: error: expected ';'\n", 0, "main.c:1:1: error: expected ';'\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Head(tt.d, tt.n); got != tt.want {
				t.Errorf("Head(d, %d) =\n%s\nwant\n%s\nd:\n%s", tt.n, got, tt.want, tt.d)
			}
		})
	}
}

// TestLineDiffContextAfterCommonStart checks the line numbers and context
// of a change deep in a long text, whose common beginning is skipped.
func TestLineDiffContextAfterCommonStart(t *testing.T) {
	var want, got strings.Builder
	for i := range 1000 {
		fmt.Fprintf(&want, "line %d\n", i+1)
		if i != 499 {
			fmt.Fprintf(&got, "line %d\n", i+1)
		}
	}
	d := LineDiff([]byte(want.String()), []byte(got.String()))
	wantDiff := "--- expected\n+++ output\n@@ -497,7 +497,6 @@\n" +
		"  497 497  line 497\n  498 498  line 498\n  499 499  line 499\n- 500      line 500\n" +
		"  501 500  line 501\n  502 501  line 502\n  503 502  line 503\n" +
		"1 hunk: 1 line only in expected, 0 only in output\n"
	if d != wantDiff {
		t.Errorf("LineDiff =\n%s\nwant\n%s", d, wantDiff)
	}
}

// TestLineDiffBounded checks the bounds: a diff's text stops near MaxDiff
// bytes and says what it leaves out, lines past MaxDiffLines are counted
// and not compared, and the worst case (every line different, or the
// lines in reverse order) stays fast.
func TestLineDiffBounded(t *testing.T) {
	t.Run("text capped", func(t *testing.T) {
		want, got := numberedLines(2000, "line %d\n"), numberedLines(2000, "LINE %d\n")
		d := LineDiff(want, got)
		if len(d) > MaxDiff {
			t.Errorf("diff of %d bytes, want at most %d", len(d), MaxDiff)
		}
		for _, part := range []string{"more lines not shown", "1 hunk: 2000 lines only in expected, 2000 only in output\n"} {
			if !strings.Contains(d, part) {
				t.Errorf("diff lacks %q:\n...%s", part, d[len(d)-300:])
			}
		}
		if d2 := LineDiff(want, got); d2 != d {
			t.Errorf("two diffs of the same texts differ")
		}
	})
	t.Run("lines past the limit counted", func(t *testing.T) {
		want := numberedLines(MaxDiffLines+100, "%d\n")
		got := append([]byte("first\n"), want...)
		d := LineDiff(want, got[:len(got)-len("5100\n")])
		part := "; not compared: the last 100 lines of expected and 100 lines of output\n"
		if !strings.HasSuffix(d, part) {
			t.Errorf("diff does not end in %q:\n%s", part, d)
		}
	})
	for _, tt := range []struct {
		name      string
		want, got []byte
	}{
		{"all different", numberedLines(MaxDiffLines, "a%d\n"), numberedLines(MaxDiffLines, "b%d\n")},
		{"reversed", numberedLines(MaxDiffLines, "%d\n"), reverseLines(numberedLines(MaxDiffLines, "%d\n"))},
	} {
		t.Run(tt.name, func(t *testing.T) {
			start := time.Now()
			d := LineDiff(tt.want, tt.got)
			// The bound is a few hundred milliseconds on a busy 2-core
			// machine; ten seconds means it is gone, not that CI is slow.
			if el := time.Since(start); el > 10*time.Second {
				t.Errorf("LineDiff of %d lines took %v", MaxDiffLines, el)
			}
			if !strings.Contains(d, "only in output") {
				t.Errorf("no summary:\n%s", d)
			}
		})
	}
}

// numberedLines returns n lines, line i (from 1) written by format with i.
func numberedLines(n int, format string) []byte {
	var b bytes.Buffer
	for i := range n {
		fmt.Fprintf(&b, format, i+1)
	}
	return b.Bytes()
}

func reverseLines(b []byte) []byte {
	ls := strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
	for i, j := 0, len(ls)-1; i < j; i, j = i+1, j-1 {
		ls[i], ls[j] = ls[j], ls[i]
	}
	return []byte(strings.Join(ls, "\n") + "\n")
}

// TestLineDiffAgreesWithGNUDiff compares LineDiff with GNU diff -U3 on
// outputs made from every problem's answers by omitting, inserting,
// reordering and changing lines. Always: as many lines removed and added
// as GNU diff (both diffs are shortest), each line numbered
// right in both texts, and the hunks turning the expected text into the
// output. Where neither text repeats a line, the hunks are GNU diff's
// exactly: headers, and each line's kind and text. Where lines repeat
// (HDU 4069's "No solution" after every "Case k:"), several shortest
// diffs can exist and the two programs may choose differently.
func TestLineDiffAgreesWithGNUDiff(t *testing.T) {
	gnu := gnuDiff(t)
	answers, _ := filepath.Glob("../../problems/*/data/*/*.ans")
	if len(answers) == 0 {
		t.Fatal("no answers in ../../problems/*/data")
	}
	dir := t.TempDir()
	r := rand.New(rand.NewPCG(23, 4))
	reps := 3
	if testing.Short() {
		reps = 1
	}
	compared, exact, ties := 0, 0, 0
	for _, file := range answers {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimRight(string(data), "\n"), "\n")
		if len(lines) < 2 {
			continue
		}
		for _, m := range mutations {
			for rep := range reps {
				got := m.apply(r, lines)
				name := fmt.Sprintf("%s/%s/%d", strings.TrimPrefix(file, "../../problems/"), m.name, rep)
				wantText, gotText := text(lines), text(got)
				out := runGNU(t, gnu, dir, wantText, gotText)
				ours := LineDiff([]byte(wantText), []byte(gotText))
				if out == "" {
					if ours != "" {
						t.Errorf("%s: GNU diff finds the texts equal, LineDiff finds\n%s", name, ours)
					}
					continue // a swap of equal lines, say
				}
				compared++
				same, ok := compareWithGNU(t, name, lines, got, ours, out)
				switch {
				case !ok:
				case same:
					exact++
				case distinct(lines) && distinct(got):
					t.Errorf("%s: hunks differ from GNU diff's, though no line repeats\nours:\n%s\nGNU:\n%s", name, ours, out)
				default:
					ties++
				}
			}
		}
	}
	t.Logf("%d diffs compared: %d the same as GNU diff's, %d another of several shortest diffs", compared, exact, ties)
}

// TestLineDiffPlacesLikeGNUDiff checks where changes go in runs of equal
// lines: texts of few distinct lines, with one line removed or doubled,
// have one shortest diff but for where the change goes, and LineDiff must
// put it where GNU diff does.
func TestLineDiffPlacesLikeGNUDiff(t *testing.T) {
	gnu := gnuDiff(t)
	dir := t.TempDir()
	r := rand.New(rand.NewPCG(22, 6))
	n := 400
	if testing.Short() {
		n = 50
	}
	for k := range n {
		var want []string
		for range 4 + r.IntN(12) {
			want = append(want, []string{"No solution", "No solution", "Case", "Multiple Solutions"}[r.IntN(4)])
		}
		i := r.IntN(len(want))
		got := append(append([]string(nil), want[:i]...), want[i+1:]...)
		if r.IntN(2) == 0 {
			got = append(append(append([]string(nil), want[:i]...), want[i]), want[i:]...)
		}
		out := runGNU(t, gnu, dir, text(want), text(got))
		ours := LineDiff([]byte(text(want)), []byte(text(got)))
		if same, ok := compareWithGNU(t, fmt.Sprint("case ", k), want, got, ours, out); ok && !same {
			t.Errorf("%q to %q: LineDiff places the change elsewhere than GNU diff\nours:\n%s\nGNU:\n%s", want, got, ours, out)
		}
	}
}

// gnuDiff returns the path of GNU diff, or skips the test (fails it in CI).
func gnuDiff(t *testing.T) string {
	gnu, err := exec.LookPath("diff")
	if err == nil {
		out, _ := exec.Command(gnu, "--version").Output()
		if !bytes.Contains(out, []byte("GNU diffutils")) {
			err = fmt.Errorf("%s is not GNU diff", gnu)
		}
	}
	testenv.Need(t, "GNU diff (apt-get install diffutils)", err)
	return gnu
}

// runGNU returns diff -U3 of want and got, written to files in dir.
func runGNU(t *testing.T, gnu, dir, want, got string) string {
	a, b := filepath.Join(dir, "a"), filepath.Join(dir, "b")
	if err := os.WriteFile(a, []byte(want), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(b, []byte(got), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(gnu, "-U3", a, b).Output()
	if len(out) == 0 && err != nil {
		t.Fatalf("diff: %v", err)
	}
	return string(out)
}

func text(lines []string) string {
	if len(lines) == 0 {
		return ""
	}
	return strings.Join(lines, "\n") + "\n"
}

// distinct reports whether no line of ls repeats.
func distinct(ls []string) bool {
	seen := make(map[string]bool, len(ls))
	for _, l := range ls {
		if seen[l] {
			return false
		}
		seen[l] = true
	}
	return true
}

// A mutation makes a wrong output from an answer's lines.
type mutation struct {
	name  string
	apply func(r *rand.Rand, lines []string) []string
}

var mutations = []mutation{
	{"omitted", func(r *rand.Rand, ls []string) []string {
		out := append([]string(nil), ls...)
		for range min(1+r.IntN(3), len(out)-1) {
			i := r.IntN(len(out))
			out = append(out[:i], out[i+1:]...)
		}
		return out
	}},
	{"first omitted", func(r *rand.Rand, ls []string) []string { return ls[1:] }},
	{"inserted", func(r *rand.Rand, ls []string) []string {
		out := append([]string(nil), ls...)
		for range 1 + r.IntN(3) {
			i, line := r.IntN(len(out)+1), ls[r.IntN(len(ls))] // a copy of another line
			if r.IntN(2) == 0 {
				line = fmt.Sprintf("debug %d", r.IntN(100))
			}
			out = append(out[:i], append([]string{line}, out[i:]...)...)
		}
		return out
	}},
	{"swapped", func(r *rand.Rand, ls []string) []string {
		out := append([]string(nil), ls...)
		i, j := r.IntN(len(out)), r.IntN(len(out))
		out[i], out[j] = out[j], out[i]
		return out
	}},
	{"moved block", func(r *rand.Rand, ls []string) []string {
		i := r.IntN(len(ls))
		n := 1 + r.IntN(min(10, len(ls)-i))
		block := append([]string(nil), ls[i:i+n]...)
		out := append(append([]string(nil), ls[:i]...), ls[i+n:]...)
		j := r.IntN(len(out) + 1)
		return append(out[:j], append(block, out[j:]...)...)
	}},
	{"changed", func(r *rand.Rand, ls []string) []string {
		out := append([]string(nil), ls...)
		for range 1 + r.IntN(5) {
			i := r.IntN(len(out))
			out[i] = changed(r, out[i])
		}
		return out
	}},
	{"many changed", func(r *rand.Rand, ls []string) []string {
		out := append([]string(nil), ls...)
		for i := range out {
			if r.IntN(8) == 0 {
				out[i] = changed(r, out[i])
			}
		}
		return out
	}},
}

// changed returns s with one byte changed, as a wrong digit would be.
func changed(r *rand.Rand, s string) string {
	if s == "" {
		return "x"
	}
	b := []byte(s)
	b[r.IntN(len(b))] ^= 1
	return string(b)
}

// A hunk is one hunk of a unified diff: its header and its lines, each
// line's kind ('-', '+', ' ') and text.
type hunk struct {
	header string
	lines  []string
}

var (
	hunkHeader = regexp.MustCompile(`^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@$`)
	summary    = regexp.MustCompile(`^(\d+) hunks?: (\d+) lines? only in expected, (\d+) only in output`)
)

// compareWithGNU checks ours, the LineDiff of want and got, against gnu,
// the output of diff -U3 on them: ok when it removes and adds as many
// lines as GNU diff, its lines are numbered right and its hunks (all of
// them, when none is cut) turn want into got; same when it has as many
// hunks as GNU diff and those it shows are GNU diff's.
func compareWithGNU(t *testing.T, name string, want, got []string, ours, gnu string) (same, ok bool) {
	t.Helper()
	fail := func(format string, args ...any) (bool, bool) {
		t.Errorf("%s: %s\nours:\n%s\nGNU:\n%s", name, fmt.Sprintf(format, args...), ours, gnu)
		return false, false
	}
	wantHunks := parseGNU(gnu)
	hunks, counts, err := parseOurs(ours)
	if err != nil {
		return fail("%v", err)
	}
	removed, added := 0, 0
	for _, h := range wantHunks {
		for _, l := range h.lines {
			switch l[0] {
			case '-':
				removed++
			case '+':
				added++
			}
		}
	}
	if gc := [2]int{removed, added}; [2]int{counts[1], counts[2]} != gc {
		return fail("counts (removed, added) %v, GNU diff's %v", counts[1:], gc)
	}
	cut := strings.Contains(ours, " not shown")
	if !cut {
		if applied, err := apply(want, hunks); err != nil || strings.Join(applied, "\n") != strings.Join(got, "\n") {
			return fail("the hunks do not turn the expected text into the output (%v)", err)
		}
	}
	if counts[0] != len(wantHunks) {
		return false, true
	}
	shown := len(hunks)
	if cut {
		shown-- // the last hunk shown may be cut short
	}
	for i := 0; i < shown; i++ {
		if hunks[i].header != wantHunks[i].header || strings.Join(hunks[i].lines, "\n") != strings.Join(wantHunks[i].lines, "\n") {
			return false, true
		}
	}
	return true, true
}

// apply returns the lines of want changed by hunks.
func apply(want []string, hunks []hunk) ([]string, error) {
	var out []string
	next := 0 // index in want
	for _, h := range hunks {
		m := hunkHeader.FindStringSubmatch(h.header)
		first, _ := strconv.Atoi(m[1])
		if m[2] != "0" {
			first-- // from 1, unless the hunk holds no line of want
		}
		if first < next || first > len(want) {
			return nil, fmt.Errorf("hunk %q out of order", h.header)
		}
		out = append(out, want[next:first]...)
		next = first
		for _, l := range h.lines {
			switch l[0] {
			case '+':
				out = append(out, l[1:])
				continue
			case ' ':
				out = append(out, l[1:])
			}
			if next >= len(want) || want[next] != l[1:] {
				return nil, fmt.Errorf("hunk %q: %q is not line %d of the expected text", h.header, l, next+1)
			}
			next++
		}
	}
	return append(out, want[next:]...), nil
}

// parseGNU returns the hunks of diff -u's output.
func parseGNU(s string) []hunk {
	var hs []hunk
	for _, l := range strings.Split(strings.TrimSuffix(s, "\n"), "\n") {
		switch {
		case strings.HasPrefix(l, "---"), strings.HasPrefix(l, "+++"), strings.HasPrefix(l, `\`):
		case strings.HasPrefix(l, "@@"):
			hs = append(hs, hunk{header: l})
		case len(hs) > 0 && l != "":
			hs[len(hs)-1].lines = append(hs[len(hs)-1].lines, l)
		}
	}
	return hs
}

// parseOurs returns the hunks of a LineDiff and its counts of hunks,
// removed and added lines, checking each line's numbers against its
// hunk's header: the lines of each side numbered on from the header's.
func parseOurs(s string) ([]hunk, [3]int, error) {
	var counts [3]int
	lines := strings.Split(strings.TrimSuffix(s, "\n"), "\n")
	if len(lines) < 3 || lines[0] != "--- expected" || lines[1] != "+++ output" {
		return nil, counts, fmt.Errorf("no header")
	}
	m := summary.FindStringSubmatch(lines[len(lines)-1])
	if m == nil {
		return nil, counts, fmt.Errorf("no summary")
	}
	for i := range counts {
		counts[i], _ = strconv.Atoi(m[i+1])
	}
	// Every line number is as wide as the widest in a header.
	width := 0
	for _, l := range lines {
		if h := hunkHeader.FindStringSubmatch(l); h != nil {
			for _, side := range [][2]string{{h[1], h[2]}, {h[3], h[4]}} {
				first, _ := strconv.Atoi(side[0])
				n := 1
				if side[1] != "" {
					n, _ = strconv.Atoi(side[1])
				}
				if n > 0 {
					width = max(width, len(strconv.Itoa(first+n-1)))
				}
			}
		}
	}
	var hs []hunk
	var wn, gn int // the next line numbers of the hunk
	for _, l := range lines[2 : len(lines)-1] {
		if h := hunkHeader.FindStringSubmatch(l); h != nil {
			hs = append(hs, hunk{header: l})
			wn, _ = strconv.Atoi(h[1])
			gn, _ = strconv.Atoi(h[3])
			if h[2] == "0" {
				wn++
			}
			if h[4] == "0" {
				gn++
			}
			continue
		}
		if strings.HasPrefix(l, "... ") {
			continue
		}
		if len(hs) == 0 || len(l) < 2*width+5 {
			return nil, counts, fmt.Errorf("line %q outside a hunk or too short", l)
		}
		kind, wl, gl, text := l[0], strings.TrimSpace(l[2:2+width]), strings.TrimSpace(l[3+width:3+2*width]), l[2*width+5:]
		wantW, wantG := strconv.Itoa(wn), strconv.Itoa(gn)
		switch kind {
		case '-':
			wantG = ""
			wn++
		case '+':
			wantW = ""
			gn++
		default:
			wn, gn = wn+1, gn+1
		}
		if wl != wantW || gl != wantG {
			return nil, counts, fmt.Errorf("line %q numbered %q %q, want %q %q", l, wl, gl, wantW, wantG)
		}
		hs[len(hs)-1].lines = append(hs[len(hs)-1].lines, string(kind)+text)
	}
	return hs, counts, nil
}

// BenchmarkLineDiff measures a typical diff (POJ 3074's 91 answers, the
// first left out) and the worst cases MaxDiffLines allows (every line
// different; every line there, in reverse order).
func BenchmarkLineDiff(b *testing.B) {
	answers := numberedLines(91, "%081d\n")
	for _, bb := range []struct {
		name      string
		want, got []byte
	}{
		{"first-of-91-omitted", answers, answers[82:]},
		{"all-different", numberedLines(MaxDiffLines, "a%d\n"), numberedLines(MaxDiffLines, "b%d\n")},
		{"reversed", numberedLines(MaxDiffLines, "%d\n"), reverseLines(numberedLines(MaxDiffLines, "%d\n"))},
	} {
		b.Run(bb.name, func(b *testing.B) {
			for b.Loop() {
				LineDiff(bb.want, bb.got)
			}
		})
	}
}

// FuzzLineDiff checks, on any two texts, that LineDiff is "" exactly when
// the texts' lines are equal, holds no control byte but newlines, and
// removes and adds as many lines as the texts' lengths differ by; and that
// Head(d, n) has at most n lines but for the headers and last lines.
func FuzzLineDiff(f *testing.F) {
	f.Add([]byte("a\nb\nc\n"), []byte("a\nc\n"))
	f.Add([]byte("N\nN\nN\n"), []byte("N\nX\nN\n"))
	f.Add([]byte("\x1b[2J\n"), []byte("\u202e\r\n\x00"))
	f.Fuzz(func(t *testing.T, want, got []byte) {
		d := LineDiff(want, got)
		if (d == "") != equalLines(want, got) {
			t.Fatalf("LineDiff %q of texts whose lines are equal: %v", d, equalLines(want, got))
		}
		if d == "" {
			return
		}
		for _, c := range []byte(d) {
			if c < 0x20 && c != '\n' || c == 0x7f {
				t.Fatalf("control byte %#x in\n%s", c, d)
			}
		}
		lines := strings.Split(strings.TrimSuffix(d, "\n"), "\n")
		m := summary.FindStringSubmatch(lines[len(lines)-1])
		if m == nil {
			t.Fatalf("no counts in\n%s", d)
		}
		removed, _ := strconv.Atoi(m[2])
		added, _ := strconv.Atoi(m[3])
		if n := lineCount(want) - lineCount(got); !strings.Contains(d, "not compared") && removed-added != n {
			t.Fatalf("removes %d and adds %d lines, but the texts differ by %d lines:\n%s", removed, added, n, d)
		}
		if h := strings.Count(Head(d, 5), "\n"); h > min(len(lines), 5+4) {
			t.Fatalf("Head(d, 5) has %d lines:\n%s\nd:\n%s", h, Head(d, 5), d)
		}
	})
}

// equalLines reports whether a and b have the same lines as LineReader
// reads them.
func equalLines(a, b []byte) bool {
	ra, rb := NewLineReader(a), NewLineReader(b)
	for {
		x, xok := ra.Next()
		y, yok := rb.Next()
		if xok != yok || !bytes.Equal(x, y) {
			return false
		}
		if !xok {
			return true
		}
	}
}

func lineCount(b []byte) int {
	n := 0
	for r := NewLineReader(b); ; n++ {
		if _, ok := r.Next(); !ok {
			return n
		}
	}
}
