package report

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/sudoku-judge/sudoku-judge/bench/measure"
)

// A Pair is two strategies on the same puzzles, puzzle by puzzle: the
// question "is B faster than A, by how much, and on which puzzles".
type Pair struct {
	Workload string // "sudoku/top1465"
	A, B     string // strategies, or program=NAME; ratios are B's time over A's
	Puzzles  int
	// AWins and BWins count the puzzles each solved in less time; Ties
	// took both the same time, to the nanosecond.
	AWins, BWins, Ties int
	// MedianRatio is the median over puzzles of B's time / A's time:
	// below 1, B is faster on the typical puzzle.
	MedianRatio float64
	// TotalRatio is B's time for the whole set over A's: what the mean
	// time per puzzle compares.
	TotalRatio float64
	a, b       measure.TimeSeries
	times      *measure.Times
}

// A Differ is one puzzle where the two differ: its number from 1, the
// puzzle, both times and B's over A's.
type Differ struct {
	N        int
	Puzzle   string // "" when the times file does not record it
	ANs, BNs int64
	Ratio    float64
}

// ratio is B's time over A's; a zero time counts as one nanosecond.
func ratio(a, b int64) float64 { return float64(max(b, 1)) / float64(max(a, 1)) }

// NewPair compares the per-puzzle times of strategies a and b, which must
// be over the same puzzles.
func NewPair(t *measure.Times, a, b measure.TimeSeries) (*Pair, error) {
	if a.Workload() != b.Workload() || len(a.Ns) != len(b.Ns) || len(a.Ns) == 0 {
		return nil, fmt.Errorf("report: %s on %s (%d puzzles) and %s on %s (%d puzzles) are not the same puzzles",
			label(a), a.Workload(), len(a.Ns), label(b), b.Workload(), len(b.Ns))
	}
	p := &Pair{Workload: a.Workload(), A: label(a), B: label(b), Puzzles: len(a.Ns), a: a, b: b, times: t}
	rs := make([]float64, len(a.Ns))
	var ta, tb int64
	for i := range a.Ns {
		switch {
		case a.Ns[i] < b.Ns[i]:
			p.AWins++
		case b.Ns[i] < a.Ns[i]:
			p.BWins++
		default:
			p.Ties++
		}
		rs[i] = ratio(a.Ns[i], b.Ns[i])
		ta += a.Ns[i]
		tb += b.Ns[i]
	}
	sort.Float64s(rs)
	n := len(rs)
	p.MedianRatio = (rs[(n-1)/2] + rs[n/2]) / 2
	p.TotalRatio = ratio(ta, tb)
	return p, nil
}

// Most returns up to n puzzles where B is slowest relative to A, and up
// to n where B is fastest, most extreme first.
func (p *Pair) Most(n int) (bSlower, bFaster []Differ) {
	all := make([]Differ, len(p.a.Ns))
	for i := range all {
		all[i] = Differ{N: i + 1, Puzzle: p.times.Puzzle(p.a, i), ANs: p.a.Ns[i], BNs: p.b.Ns[i], Ratio: ratio(p.a.Ns[i], p.b.Ns[i])}
	}
	sort.SliceStable(all, func(i, j int) bool { return all[i].Ratio > all[j].Ratio })
	for i := 0; i < n && i < len(all) && all[i].Ratio > 1; i++ {
		bSlower = append(bSlower, all[i])
	}
	for i := len(all) - 1; i >= 0 && len(all)-1-i < n && all[i].Ratio < 1; i-- {
		bFaster = append(bFaster, all[i])
	}
	return bSlower, bFaster
}

// Share returns k out of the pair's puzzles as a percentage.
func (p *Pair) Share(k int) float64 { return 100 * float64(k) / float64(max(p.Puzzles, 1)) }

// Pairs returns the pairs of t to draw: those of want ({A, B} strategy
// names, or program=NAME) on every workload that has both, or, when want
// is empty, every pair of solvers of each workload in order of appearance. Pairs that
// cannot be compared (series of different lengths) come back as reasons.
func Pairs(t *measure.Times, want [][2]string) ([]*Pair, []string, error) {
	byWorkload := make(map[string][]measure.TimeSeries)
	var workloads []string
	for _, s := range t.Series {
		if len(s.Ns) == 0 {
			continue
		}
		if _, ok := byWorkload[s.Workload()]; !ok {
			workloads = append(workloads, s.Workload())
		}
		byWorkload[s.Workload()] = append(byWorkload[s.Workload()], s)
	}
	var out []*Pair
	var skipped []string
	for _, w := range workloads {
		series := byWorkload[w]
		find := func(name string) (measure.TimeSeries, bool) {
			for _, s := range series {
				if label(s) == name {
					return s, true
				}
			}
			return measure.TimeSeries{}, false
		}
		var pairs [][2]measure.TimeSeries
		if len(want) == 0 {
			for i := range series {
				for j := i + 1; j < len(series); j++ {
					pairs = append(pairs, [2]measure.TimeSeries{series[i], series[j]})
				}
			}
		}
		for _, ab := range want {
			a, okA := find(ab[0])
			b, okB := find(ab[1])
			if okA && okB {
				pairs = append(pairs, [2]measure.TimeSeries{a, b})
			}
		}
		for _, ab := range pairs {
			p, err := NewPair(t, ab[0], ab[1])
			if err != nil {
				skipped = append(skipped, strings.TrimPrefix(err.Error(), "report: "))
				continue
			}
			out = append(out, p)
		}
	}
	if len(want) > 0 && len(out) == 0 {
		return nil, nil, fmt.Errorf("report: no set has per-puzzle times of both %s and %s", want[0][0], want[0][1])
	}
	return out, skipped, nil
}

// usInt formats nanoseconds as microseconds.
func usInt(ns int64) string { return fmt.Sprintf("%.1f", float64(ns)/1e3) }

// fmtRatio formats a ratio with two significant digits at least.
func fmtRatio(r float64) string {
	switch {
	case math.IsNaN(r) || math.IsInf(r, 0):
		return "?"
	case r >= 10:
		return fmt.Sprintf("%.0fx", r)
	case r >= 0.1:
		return fmt.Sprintf("%.2fx", r)
	}
	return strconv.FormatFloat(r, 'g', 2, 64) + "x"
}
