package solverstest

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/sudoku-judge/sudoku-judge/solvers"
	"github.com/sudoku-judge/sudoku-judge/solvers/puzzleset"
)

// Config tailors [Run] to what a strategy can do.
type Config struct {
	// Sizes lists the grid sides the strategy supports; nil means all. For
	// the others Search must fail with solvers.ErrUnsupported.
	Sizes []int
	// Slow marks a strategy that takes minutes on hard or sparse puzzles
	// (naive backtracking): Run then uses smaller samples.
	Slow bool
}

func (c Config) supports(size int) bool {
	if c.Sizes == nil {
		return true
	}
	for _, s := range c.Sizes {
		if s == size {
			return true
		}
	}
	return false
}

// Run checks s against the contract.
func Run(t *testing.T, s solvers.Strategy, cfg Config) {
	t.Run("Unique", func(t *testing.T) { testUnique(t, s, cfg) })
	t.Run("Multiple", func(t *testing.T) { testMultiple(t, s, cfg) })
	t.Run("Clash", func(t *testing.T) { testClash(t, s) })
	t.Run("CountAll", func(t *testing.T) { testCountAll(t, s, cfg) })
	t.Run("Limit", func(t *testing.T) { testLimit(t, s) })
	t.Run("Jigsaw", func(t *testing.T) { testJigsaw(t, s) })
	t.Run("Sizes", func(t *testing.T) { testSizes(t, s, cfg) })
	t.Run("Enumerate", func(t *testing.T) { testEnumerate(t, s, cfg) })
	t.Run("Cancel", func(t *testing.T) { testCancel(t, s, cfg) })
	t.Run("Misuse", func(t *testing.T) { CheckInvalidPuzzle(t, s) })
	t.Run("Support", func(t *testing.T) { testSupport(t, s, cfg) })
	t.Run("Variants", func(t *testing.T) { testVariants(t, s, cfg) })
}

// Dir returns the repository's testdata directory or fails the test.
func Dir(t testing.TB) string {
	t.Helper()
	d, err := puzzleset.Dir()
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// LoadSet loads at most max puzzles of a named set or fails the test.
func LoadSet(t testing.TB, name string, max int) []*solvers.Puzzle {
	t.Helper()
	ps, err := puzzleset.Load(Dir(t), name, max)
	if err != nil {
		t.Fatal(err)
	}
	return ps
}

// CheckSolve counts p's solutions up to limit with s, checks that the
// solution it returns is valid, and returns the count and solution.
func CheckSolve(t testing.TB, s solvers.Strategy, p *solvers.Puzzle, limit int) (int, solvers.Grid) {
	t.Helper()
	var sols []solvers.Grid
	st, err := s.Search(context.Background(), p, solvers.Options{Limit: limit, Visit: func(g solvers.Grid) bool {
		sols = append(sols, append(solvers.Grid(nil), g...))
		return true
	}})
	if err != nil {
		t.Fatalf("%s: Search(%s): %v", s.Name(), oneLine(p), err)
	}
	if st.Solutions != len(sols) {
		t.Errorf("%s: Stats.Solutions = %d, visitor saw %d", s.Name(), st.Solutions, len(sols))
	}
	for _, g := range sols {
		if err := p.Check(g); err != nil {
			t.Fatalf("%s: invalid solution of %s: %v\n%s", s.Name(), oneLine(p), err, g.Format(p.Size()))
		}
	}
	if len(sols) == 2 && string(sols[0]) == string(sols[1]) {
		t.Errorf("%s: the same solution visited twice for %s", s.Name(), oneLine(p))
	}
	if len(sols) == 0 {
		return 0, nil
	}
	return len(sols), sols[0]
}

func oneLine(p *solvers.Puzzle) string {
	return strings.ReplaceAll(p.String(), "\n", "")
}

func testUnique(t *testing.T, s solvers.Strategy, cfg Config) {
	n := 95
	if cfg.Slow || testing.Short() {
		n = 10
	}
	for _, p := range LoadSet(t, "top95", n) {
		if got, _ := CheckSolve(t, s, p, 2); got != 1 {
			t.Errorf("%s: %d solutions (limit 2) for unique puzzle %s", s.Name(), got, oneLine(p))
		}
	}
}

func testMultiple(t *testing.T, s solvers.Strategy, cfg Config) {
	for _, p := range LoadSet(t, "serg", 30) {
		if got, _ := CheckSolve(t, s, p, 2); got != 2 {
			t.Errorf("%s: %d solutions (limit 2) for multi-solution puzzle %s", s.Name(), got, oneLine(p))
		}
	}
}

func testClash(t *testing.T, s solvers.Strategy) {
	base := LoadSet(t, "top95", 1)[0].Givens()
	cases := []struct {
		name string
		set  map[int]uint8 // cell -> value
	}{
		{"row", map[int]uint8{0: 7, 8: 7}},
		{"column", map[int]uint8{0: 7, 72: 7}},
		{"box", map[int]uint8{0: 7, 20: 7}},
	}
	for _, tc := range cases {
		g := append(solvers.Grid(nil), base...)
		for k := range g {
			if k%9 == 0 || k%9 == 8 || k/9 == 8 || k == 20 {
				g[k] = 0
			}
		}
		for i, v := range tc.set {
			g[i] = v
		}
		p, err := solvers.NewStandard(9, g)
		if err != nil {
			t.Fatal(err)
		}
		if p.Clash() == nil {
			t.Fatalf("%s: puzzle has no clash", tc.name)
		}
		st, err := s.Search(context.Background(), p, solvers.Options{Limit: 2})
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if st.Solutions != 0 || st.Nodes != 0 {
			t.Errorf("%s: clashing givens: %d solutions after %d nodes, want 0 and 0", tc.name, st.Solutions, st.Nodes)
		}
	}
}

func empty(t testing.TB, size int) *solvers.Puzzle {
	t.Helper()
	p, err := solvers.NewStandard(size, make([]uint8, size*size))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func testCountAll(t *testing.T, s solvers.Strategy, cfg Config) {
	if !cfg.supports(4) {
		t.Skip("4x4 unsupported")
	}
	// 288 is the number of 4x4 sudoku grids, a known figure independent of
	// any code here.
	if got, _ := CheckSolve(t, s, empty(t, 4), 0); got != 288 {
		t.Errorf("%s: empty 4x4 grid has %d completions, want 288", s.Name(), got)
	}
}

func testLimit(t *testing.T, s solvers.Strategy) {
	p := empty(t, 9)
	if got, _ := CheckSolve(t, s, p, 5); got != 5 {
		t.Errorf("%s: limit 5 on the empty grid gave %d solutions", s.Name(), got)
	}
	seen := 0
	st, err := s.Search(context.Background(), p, solvers.Options{Visit: func(solvers.Grid) bool {
		seen++
		return seen < 3
	}})
	if err != nil {
		t.Fatal(err)
	}
	if seen != 3 || st.Solutions != 3 {
		t.Errorf("%s: visitor stopping at the 3rd solution saw %d, Stats.Solutions %d", s.Name(), seen, st.Solutions)
	}
}

// Jigsaw reads testdata/jigsaw.txt: givens, regions, solution count (max 2).
func Jigsaw(t testing.TB) (ps []*solvers.Puzzle, counts []int) {
	t.Helper()
	for _, f := range fields(t, "jigsaw.txt", 3) {
		cells, err := puzzleset.ParseLine([]byte(f[0]))
		if err != nil {
			t.Fatal(err)
		}
		regions := make([]uint8, 81)
		for i := range regions {
			regions[i] = f[1][i] - '0'
		}
		p, err := solvers.New(9, cells.Givens(), regions)
		if err != nil {
			t.Fatal(err)
		}
		n, _ := strconv.Atoi(f[2])
		ps, counts = append(ps, p), append(counts, n)
	}
	return ps, counts
}

func testJigsaw(t *testing.T, s solvers.Strategy) {
	ps, counts := Jigsaw(t)
	for i, p := range ps {
		if got, _ := CheckSolve(t, s, p, 2); got != counts[i] {
			t.Errorf("%s: jigsaw puzzle %d: %d solutions (limit 2), want %d", s.Name(), i+1, got, counts[i])
		}
	}
}

func testSizes(t *testing.T, s solvers.Strategy, cfg Config) {
	for _, size := range []int{4, 9, 16, 25} {
		p := empty(t, size)
		if !cfg.supports(size) {
			_, err := s.Search(context.Background(), p, solvers.Options{Limit: 1})
			if !errors.Is(err, solvers.ErrUnsupported) {
				t.Errorf("%s: %dx%d: error %v, want ErrUnsupported", s.Name(), size, size, err)
			}
			continue
		}
		if size == 25 && cfg.Slow {
			continue
		}
		if got, _ := CheckSolve(t, s, p, 1); got != 1 {
			t.Errorf("%s: empty %dx%d grid: %d solutions with limit 1", s.Name(), size, size, got)
		}
	}
}

// Target reads testdata/target-completions.txt: NOIP 2009 target sudoku
// puzzles, their completion counts and best ring-weighted scores (-1 none).
func Target(t testing.TB) (ps []*solvers.Puzzle, completions, best []int) {
	t.Helper()
	for _, f := range fields(t, "target-completions.txt", 3) {
		p, err := puzzleset.ParseLine([]byte(f[0]))
		if err != nil {
			t.Fatal(err)
		}
		c, _ := strconv.Atoi(f[1])
		b, _ := strconv.Atoi(f[2])
		ps, completions, best = append(ps, p), append(completions, c), append(best, b)
	}
	return ps, completions, best
}

// RingWeights returns the NOIP 2009 target weights: 6 on the outer ring of
// a 9x9 grid rising to 10 in the centre.
func RingWeights() *solvers.Objective {
	w := make([]int, 81)
	for i := range w {
		r, c := i/9-4, i%9-4
		w[i] = 10 - max(abs(r), abs(c))
	}
	return &solvers.Objective{Weights: w}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func testEnumerate(t *testing.T, s solvers.Strategy, cfg Config) {
	ps, completions, best := Target(t)
	obj := RingWeights()
	for i, p := range ps {
		if (cfg.Slow || testing.Short()) && completions[i] > 1000 {
			continue
		}
		n, _ := CheckSolve(t, s, p, 0)
		if n != completions[i] {
			t.Errorf("%s: target puzzle %d: %d completions, want %d", s.Name(), i+1, n, completions[i])
		}
		g, score, _, err := solvers.Maximize(context.Background(), s, p, obj)
		if err != nil {
			t.Fatal(err)
		}
		if g == nil {
			score = -1
		} else if err := p.Check(g); err != nil {
			t.Errorf("%s: target puzzle %d: best grid invalid: %v", s.Name(), i+1, err)
		} else if obj.Score(g) != score {
			t.Errorf("%s: target puzzle %d: Maximize says %d, grid scores %d", s.Name(), i+1, score, obj.Score(g))
		}
		if score != best[i] {
			t.Errorf("%s: target puzzle %d: best score %d, want %d", s.Name(), i+1, score, best[i])
		}
	}
}

func testCancel(t *testing.T, s solvers.Strategy, cfg Config) {
	size := 16
	if !cfg.supports(16) {
		size = 9
	}
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	start := time.Now()
	// Counting every completion of an empty grid never finishes: only the
	// deadline can stop it.
	_, err := s.Search(ctx, empty(t, size), solvers.Options{})
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("%s: Search past its deadline returned %v, want DeadlineExceeded", s.Name(), err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("%s: cancellation took %v", s.Name(), d)
	}
}

func fields(t testing.TB, file string, n int) [][]string {
	t.Helper()
	f, err := os.Open(filepath.Join(Dir(t), file))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var rows [][]string
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		text := sc.Text()
		if text == "" || text[0] == '#' {
			continue
		}
		fs := strings.Fields(text)
		if len(fs) != n {
			t.Fatal(fmt.Errorf("%s:%d: %d fields, want %d", file, line, len(fs), n))
		}
		rows = append(rows, fs)
	}
	return rows
}
