package solverstest

import (
	"context"
	"errors"
	"slices"
	"strconv"
	"testing"

	"github.com/sudoku-judge/sudoku-judge/solvers"
	"github.com/sudoku-judge/sudoku-judge/solvers/puzzleset"
)

// A Variant is a family of puzzles with extra units.
type Variant struct {
	Name  string
	Units func(size int) []solvers.Unit
}

// Variants are the extra-unit families every strategy is tested on.
var Variants = []Variant{
	{"x-sudoku", solvers.Diagonals},
	{"windoku", solvers.Windows},
}

// VariantSet reads testdata/variants.txt: 9x9 X-sudoku and windoku
// puzzles (variant, givens, solution count capped at 2).
func VariantSet(t testing.TB) (ps []*solvers.Puzzle, counts []int) {
	t.Helper()
	byName := map[string]Variant{}
	for _, v := range Variants {
		byName[v.Name] = v
	}
	for _, f := range fields(t, "variants.txt", 3) {
		v, ok := byName[f[0]]
		if !ok {
			t.Fatalf("variants.txt: unknown variant %q", f[0])
		}
		cells, err := puzzleset.ParseLine([]byte(f[1]))
		if err != nil {
			t.Fatal(err)
		}
		p, err := solvers.NewWithUnits(9, cells.Givens(), nil, v.Units(9))
		if err != nil {
			t.Fatal(err)
		}
		n, err := strconv.Atoi(f[2])
		if err != nil {
			t.Fatal(err)
		}
		ps, counts = append(ps, p), append(counts, n)
	}
	return ps, counts
}

// EmptyVariant returns the empty size×size grid with v's extra units.
func EmptyVariant(t testing.TB, v Variant, size int) *solvers.Puzzle {
	t.Helper()
	p, err := solvers.NewWithUnits(size, make([]uint8, size*size), nil, v.Units(size))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// BruteCount counts the completions of p, stopping at limit (0: none), by
// plain backtracking over p.Units(): a referee that shares no code with
// any strategy. It is meant for 4x4 grids.
func BruteCount(p *solvers.Puzzle, limit int) int {
	n := p.Size()
	g := p.Givens()
	unitsOf := make([][][]int, n*n)
	for _, u := range p.Units() {
		for _, i := range u {
			unitsOf[i] = append(unitsOf[i], u)
		}
	}
	fits := func(i int, v uint8) bool {
		for _, u := range unitsOf[i] {
			for _, j := range u {
				if j != i && g[j] == v {
					return false
				}
			}
		}
		return true
	}
	count := 0
	var fill func(i int) bool // reports whether to go on
	fill = func(i int) bool {
		if i == n*n {
			count++
			return limit == 0 || count < limit
		}
		if g[i] != 0 {
			return fill(i + 1)
		}
		for v := uint8(1); int(v) <= n; v++ {
			if fits(i, v) {
				g[i] = v
				ok := fill(i + 1)
				g[i] = 0
				if !ok {
					return false
				}
			}
		}
		return true
	}
	if p.Clash() == nil {
		fill(0)
	}
	return count
}

// testSupport checks that s declares what it supports and that the
// declaration matches cfg.
func testSupport(t *testing.T, s solvers.Strategy, cfg Config) {
	if _, ok := s.(solvers.Supporter); !ok {
		t.Fatalf("%s does not declare what it supports (solvers.Supporter)", s.Name())
	}
	sup := solvers.SupportOf(s)
	for _, size := range []int{4, 9, 16, 25} {
		declared := sup.Sizes == nil || slices.Contains(sup.Sizes, size)
		if declared != cfg.supports(size) {
			t.Errorf("%s: declares %dx%d support %v, its tests say %v", s.Name(), size, size, declared, cfg.supports(size))
		}
	}
}

// testVariants checks X-sudoku and windoku: a strategy that declares
// extra units counts the 4x4 completions as BruteCount does and solves the
// 9x9 set; any other refuses them with ErrUnsupported without searching.
func testVariants(t *testing.T, s solvers.Strategy, cfg Config) {
	sup := solvers.SupportOf(s)
	for _, v := range Variants {
		for _, size := range []int{4, 9} {
			p := EmptyVariant(t, v, size)
			if !sup.Handles(p) {
				st, err := s.Search(context.Background(), p, solvers.Options{Limit: 1})
				if !errors.Is(err, solvers.ErrUnsupported) || st != (solvers.Stats{}) {
					t.Errorf("%s: %s %dx%d: %+v, error %v; want no search, ErrUnsupported", s.Name(), v.Name, size, size, st, err)
				}
				continue
			}
			if size == 4 {
				want := BruteCount(p, 0)
				if want == 0 || want == 288 {
					t.Fatalf("%s 4x4: brute force counts %d: the extra units constrain nothing", v.Name, want)
				}
				if got, _ := CheckSolve(t, s, p, 0); got != want {
					t.Errorf("%s: empty %s 4x4: %d completions, want %d", s.Name(), v.Name, got, want)
				}
				continue
			}
			if got, _ := CheckSolve(t, s, p, 1); got != 1 {
				t.Errorf("%s: empty %s 9x9: %d solutions with limit 1", s.Name(), v.Name, got)
			}
		}
	}
	ps, counts := VariantSet(t)
	for i, p := range ps {
		if !sup.Handles(p) {
			continue
		}
		// CheckSolve checks each solution against every unit, extra ones
		// included.
		if got, _ := CheckSolve(t, s, p, 2); got != counts[i] {
			t.Errorf("%s: variants.txt puzzle %d: %d solutions (limit 2), want %d", s.Name(), i+1, got, counts[i])
		}
	}
}
