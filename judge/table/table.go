package table

import (
	"fmt"
	"io"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/sudoku-judge/sudoku-judge/internal/textable"
	"github.com/sudoku-judge/sudoku-judge/judge"
	"github.com/sudoku-judge/sudoku-judge/problems/contest"
)

// maxNote bounds the note and message columns, in characters.
const maxNote = 72

// Results writes one row per result: problem, strategy, tests passed,
// verdict, total and longest test time, and a note naming the first test
// that did not pass and why.
func Results(w io.Writer, rs []judge.Result) error {
	rows := make([][]string, 0, len(rs))
	for _, r := range rs {
		rows = append(rows, []string{
			r.Problem, r.Solution,
			fmt.Sprintf("%d/%d", r.Passed, r.Total),
			string(r.Verdict),
			Duration(r.TotalTime()), Duration(r.MaxTime()),
			note(r),
		})
	}
	return render(w, []column{
		{"problem", left}, {"strategy", left}, {"passed", right}, {"verdict", left},
		{"total time", right}, {"max time", right}, {"note", left},
	}, rows)
}

// note describes the first test of r that did not pass.
func note(r judge.Result) string {
	for _, t := range r.Tests {
		if t.Verdict == contest.AC {
			continue
		}
		s := t.Name + ": " + string(t.Verdict)
		if t.Message != "" {
			s += ": " + t.Message
		}
		return shorten(s, maxNote)
	}
	return ""
}

// Tests writes one row per test: name, group (when the tests have groups),
// verdict, time, memory and message. When the tests carry a wall-clock
// time as well (programs), the time shows as two columns, "cpu" and
// "wall". Tests without a measured time or memory show "-".
func Tests(w io.Writer, tests []judge.TestResult) error {
	grouped, walled := false, false
	for _, t := range tests {
		grouped = grouped || t.Group != ""
		walled = walled || t.WallMS > 0
	}
	cols := []column{{"test", left}}
	if grouped {
		cols = append(cols, column{"group", left})
	}
	cols = append(cols, column{"verdict", left})
	if walled {
		cols = append(cols, column{"cpu", right}, column{"wall", right})
	} else {
		cols = append(cols, column{"time", right})
	}
	cols = append(cols, column{"memory", right}, column{"message", left})
	rows := make([][]string, 0, len(tests))
	for _, t := range tests {
		row := []string{t.Name}
		if grouped {
			row = append(row, t.Group)
		}
		row = append(row, string(t.Verdict), Duration(t.Time()))
		if walled {
			row = append(row, Duration(t.Wall()))
		}
		row = append(row, Memory(t.MemoryKB), shorten(t.Message, maxNote))
		rows = append(rows, row)
	}
	return render(w, cols, rows)
}

// Duration formats d for people: "-" for none, milliseconds with three
// significant-ish decimals below a second ("0.045 ms", "1.234 ms",
// "12.35 ms", "123.5 ms"), seconds with one decimal from a second up
// ("2.0 s").
func Duration(d time.Duration) string {
	ms := judge.Millis(d)
	switch {
	case d <= 0:
		return "-"
	case ms < 10:
		return fmt.Sprintf("%.3f ms", ms)
	case ms < 100:
		return fmt.Sprintf("%.2f ms", ms)
	case d < time.Second:
		return fmt.Sprintf("%.1f ms", ms)
	}
	return fmt.Sprintf("%.1f s", d.Seconds())
}

// Memory formats a size in KiB: "-" for none, "512 KB", "12.5 MB".
func Memory(kb int64) string {
	switch {
	case kb <= 0:
		return "-"
	case kb < 1024:
		return fmt.Sprintf("%d KB", kb)
	}
	return fmt.Sprintf("%.1f MB", float64(kb)/1024)
}

type align bool

const (
	left  align = false
	right align = true
)

type column struct {
	name  string
	align align
}

// render writes rows under the columns' names as an ASCII table.
func render(w io.Writer, cols []column, rows [][]string) error {
	header := make([]string, len(cols))
	alignRight := make([]bool, len(cols))
	for i, c := range cols {
		header[i], alignRight[i] = c.name, c.align == right
	}
	return Render(w, header, alignRight, rows)
}

// Render writes rows under header as an ASCII table in the style of every
// sudoku-judge table; columns whose alignRight entry is true (numbers) are
// right-aligned. Every cell is made contest.Safe, whoever made it: a
// table is where a program's text meets the terminal.
func Render(w io.Writer, header []string, alignRight []bool, rows [][]string) error {
	safe := func(row []string) []string {
		s := make([]string, len(row))
		for i, cell := range row {
			s[i] = contest.Safe(cell)
		}
		return s
	}
	safeRows := make([][]string, len(rows))
	for i, row := range rows {
		safeRows[i] = safe(row)
	}
	return textable.Render(w, safe(header), alignRight, safeRows)
}

// shorten folds s onto one line of at most n characters.
func shorten(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n-3]) + "..."
}

// Groups returns the one-line account of a result's groups, the headline
// first: "official AC · extended: 17clue AC, top1465 TLE". A headline
// group that is not the original judge's data says so; a result without
// groups gives "".
func Groups(r judge.Result) string {
	var head string
	var ext []string
	for _, g := range r.Groups {
		if g.Total == 0 {
			continue
		}
		s := fmt.Sprintf("%s %s", contest.Safe(g.Name), contest.Safe(string(g.Verdict)))
		if g.Verdict != contest.AC {
			s += fmt.Sprintf(" (%d/%d)", g.Passed, g.Total)
		}
		switch {
		case g.Headline && !g.Official:
			head = s + " (no official data: generated tests)"
		case g.Headline:
			head = s
		default:
			ext = append(ext, s)
		}
	}
	switch {
	case len(ext) == 0:
		return head
	case head == "":
		return "extended: " + strings.Join(ext, ", ")
	}
	return head + " · extended: " + strings.Join(ext, ", ")
}
