package report

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/sudoku-judge/sudoku-judge/bench/compare"
	"github.com/sudoku-judge/sudoku-judge/bench/measure"
)

// synthetic returns an input of count passes of three strategies on two
// sets, the times scaled by scale, with per-puzzle times where DFS (mrv)
// has a long tail.
func synthetic(t testing.TB, name string, count int, scale float64) Input {
	t.Helper()
	base := map[string]float64{"mrv": 900, "dlx": 300, "fast": 20}
	sets := map[string]float64{"top95": 1, "hardest1106": 4}
	var b strings.Builder
	b.WriteString("goos: linux\ngoarch: amd64\ncommit: abc\ndirty: false\n")
	times := &measure.Times{Version: 1, Unit: "ns"}
	for _, set := range []string{"top95", "hardest1106"} {
		for _, s := range []string{"mrv", "dlx", "fast"} {
			us := base[s] * sets[set] * scale
			for i := range count {
				f := 1 + 0.01*float64(i%5-2)
				fmt.Fprintf(&b, "BenchmarkSolve/problem=sudoku/strategy=%s/set=%s-2 1 %.0f ns/op %.0f ns/puzzle 3 guesses/puzzle\n", s, set, us*f*1e3*95, us*f*1e3)
			}
			ns := make([]int64, 95)
			for i := range ns {
				ns[i] = int64(us * 1e3 * (0.5 + float64(i)/95))
				if s == "mrv" && i%10 == 0 {
					ns[i] *= 50 // the long tail
				}
			}
			times.Series = append(times.Series, measure.TimeSeries{Name: "x", Problem: "sudoku", Set: set, Strategy: s, Ns: ns})
		}
	}
	res, warnings, err := compare.Read(strings.NewReader(b.String()), name)
	if err != nil || len(warnings) > 0 {
		t.Fatal(err, warnings)
	}
	return Input{Name: name, Results: res, Times: times}
}

func TestSections(t *testing.T) {
	old := synthetic(t, "old.txt", 6, 1)
	new := synthetic(t, "new.txt", 6, 1.2)
	noTimes := new
	noTimes.Times = nil
	tests := []struct {
		name   string
		inputs []Input
		ids    []string
	}{
		{"one file", []Input{new}, []string{"speed", "distribution-1", "distribution-2"}},
		{"without per-puzzle times", []Input{noTimes}, []string{"speed"}},
		{"two files", []Input{old, new}, []string{"speed", "distribution-1", "distribution-2", "delta"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			secs, err := Sections(tt.inputs)
			if err != nil {
				t.Fatal(err)
			}
			var ids []string
			for _, s := range secs {
				ids = append(ids, s.ID)
				if !strings.HasPrefix(string(s.SVG), "<svg") || !strings.HasSuffix(strings.TrimSpace(string(s.SVG)), "</svg>") {
					t.Errorf("%s: chart is not an <svg> element: %.60q", s.ID, s.SVG)
				}
				if len(s.Rows) == 0 || len(s.Rows[0]) != len(s.Header) {
					t.Errorf("%s: %d rows for header %v", s.ID, len(s.Rows), s.Header)
				}
			}
			if fmt.Sprint(ids) != fmt.Sprint(tt.ids) {
				t.Fatalf("sections %v, want %v", ids, tt.ids)
			}
			var page bytes.Buffer
			if err := Write(&page, "Test", tt.inputs); err != nil {
				t.Fatal(err)
			}
			html := page.String()
			if n, m := strings.Count(html, "<section"), strings.Count(html, "<svg"); n != len(tt.ids) || m != n {
				t.Errorf("%d sections and %d charts, want one chart in each of %d", n, m, len(tt.ids))
			}
			for _, bad := range []string{"http://", "https://"} {
				if i := strings.Index(strings.ReplaceAll(html, `xmlns="http://www.w3.org/2000/svg"`, ""), bad); i >= 0 &&
					!strings.Contains(html[max(0, i-20):min(len(html), i+40)], "www.w3.org") {
					t.Errorf("page refers to the network: %q", html[i:min(len(html), i+60)])
				}
			}
		})
	}
	// The delta section sees the 20% slowdown.
	secs, _ := Sections([]Input{old, new})
	delta := secs[len(secs)-1]
	for _, r := range delta.Rows[:len(delta.Rows)-1] {
		if r[3] != "+20.00%" {
			t.Errorf("delta row %v, want +20.00%%", r)
		}
	}
	// The distribution table shows mrv's long tail: p99 far above the median.
	dist := secs[1].Rows[0]
	median, _ := strconv.ParseFloat(dist[2], 64)
	p99, _ := strconv.ParseFloat(dist[4], 64)
	if dist[0] != "mrv" || median <= 0 || p99 < 10*median {
		t.Errorf("mrv distribution row %v", dist)
	}
}

func TestBadInputs(t *testing.T) {
	if _, err := Sections(nil); err == nil {
		t.Error("no inputs: no error")
	}
	res, _, _ := compare.Read(strings.NewReader("BenchmarkOther 1 5 ns/op\n"), "x")
	if _, err := Sections([]Input{{Name: "x", Results: res}}); err == nil {
		t.Error("no Solve results: no error")
	}
	// Two files with nothing in common cannot be compared.
	a := synthetic(t, "a", 3, 1)
	b := Input{Name: "b", Results: res}
	if _, err := Sections([]Input{b, a}); err == nil {
		t.Error("files without common benchmarks: no error")
	}
	// Odd per-puzzle times (empty series, zeros) do not break the charts.
	a.Times.Series[0].Ns = nil
	a.Times.Series[1].Ns = []int64{0, 0, 0}
	if _, err := Sections([]Input{a}); err != nil {
		t.Error(err)
	}
}
