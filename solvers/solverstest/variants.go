package solverstest

import (
	"context"
	"errors"
	"math/rand/v2"
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

// variants are the extra-unit families every strategy is tested on.
var variants = []Variant{
	{"x-sudoku", solvers.Diagonals},
	{"windoku", solvers.Windows},
}

// Variants returns the extra-unit families every strategy is tested on.
func Variants() []Variant { return slices.Clone(variants) }

// VariantSet reads testdata/variants.txt: 9x9 X-sudoku and windoku
// puzzles (variant, givens, solution count capped at 2).
func VariantSet(t testing.TB) (ps []*solvers.Puzzle, counts []int) {
	t.Helper()
	byName := map[string]Variant{}
	for _, v := range variants {
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
// extra units counts the completions of the empty 4x4 grid and of random
// 4x4 puzzles (none, one or many; some clashing) as BruteCount does, finds
// several solutions of the empty 9x9 grid, answers givens that clash only
// in an extra unit without searching, and solves the 9x9 set (with
// cfg.Slow, only the first puzzle of each variant); any other strategy
// refuses them with ErrUnsupported without searching.
func testVariants(t *testing.T, s solvers.Strategy, cfg Config) {
	sup := solvers.SupportOf(s)
	for _, v := range variants {
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
				testRandomVariants(t, s, v)
				continue
			}
			if got, _ := CheckSolve(t, s, p, 2); got != 2 {
				t.Errorf("%s: empty %s 9x9: %d solutions with limit 2, want 2", s.Name(), v.Name, got)
			}
			p = UnitClash(t, v, 9)
			st, err := s.Search(context.Background(), p, solvers.Options{Limit: 2})
			if err != nil || st != (solvers.Stats{}) {
				t.Errorf("%s: %s 9x9 whose givens clash in %s only: %+v, error %v; want no search, no error",
					s.Name(), v.Name, p.Clash().Unit, st, err)
			}
		}
	}
	ps, counts := VariantSet(t)
	first := map[string]bool{}
	for i, p := range ps {
		if !sup.Handles(p) {
			continue
		}
		name := p.ExtraUnits()[0].Name
		if cfg.Slow && first[name] {
			continue
		}
		first[name] = true
		// CheckSolve checks each solution against every unit, extra ones
		// included.
		if got, _ := CheckSolve(t, s, p, 2); got != counts[i] {
			t.Errorf("%s: variants.txt puzzle %d: %d solutions (limit 2), want %d", s.Name(), i+1, got, counts[i])
		}
	}
}

// testRandomVariants counts every completion of random 4x4 puzzles of
// variant v, of two to six givens, against BruteCount: they have none, one
// or many solutions, and some givens clash. Under random weights, the best
// solution Maximize finds must score the best of the completions: a
// branch-and-bound search has to honour the extra units too.
func testRandomVariants(t *testing.T, s solvers.Strategy, v Variant) {
	rng := rand.New(rand.NewPCG(11, uint64(len(v.Name))))
	obj := &solvers.Objective{Weights: make([]int, 16)}
	seen := map[string]bool{} // the kinds of puzzle met: "none", "one", "many", "clash"
	for range 200 {
		cells := make([]uint8, 16)
		for range 2 + rng.IntN(5) {
			cells[rng.IntN(16)] = uint8(1 + rng.IntN(4))
		}
		p, err := solvers.NewWithUnits(4, cells, nil, v.Units(4))
		if err != nil {
			t.Fatal(err)
		}
		want := BruteCount(p, 0)
		switch {
		case p.Clash() != nil:
			seen["clash"] = true
		case want == 0:
			seen["none"] = true
		case want == 1:
			seen["one"] = true
		default:
			seen["many"] = true
		}
		if got, _ := CheckSolve(t, s, p, 0); got != want {
			t.Errorf("%s: %s 4x4 %s: %d completions, want %d", s.Name(), v.Name, oneLine(p), got, want)
		}
		for i := range obj.Weights {
			obj.Weights[i] = rng.IntN(10)
		}
		best := -1
		if _, err := s.Search(context.Background(), p, solvers.Options{Visit: func(g solvers.Grid) bool {
			best = max(best, obj.Score(g))
			return true
		}}); err != nil {
			t.Fatal(err)
		}
		g, score, _, err := solvers.Maximize(context.Background(), s, p, obj)
		switch {
		case err != nil:
			t.Fatal(err)
		case g == nil && best >= 0:
			t.Errorf("%s: %s 4x4 %s: Maximize finds no solution", s.Name(), v.Name, oneLine(p))
		case g == nil:
		case p.Check(g) != nil:
			t.Errorf("%s: %s 4x4 %s: Maximize's grid: %v", s.Name(), v.Name, oneLine(p), p.Check(g))
		case score != best:
			t.Errorf("%s: %s 4x4 %s: Maximize scores %d, the best completion %d", s.Name(), v.Name, oneLine(p), score, best)
		}
	}
	if len(seen) != 4 {
		t.Errorf("%s 4x4: the random puzzles are only %v; want none, one, many and clash", v.Name, seen)
	}
}

// UnitClash returns an otherwise empty size×size grid of variant v whose
// two givens are equal and share only an extra unit: a strategy that
// ignores the extra units would find solutions.
func UnitClash(t testing.TB, v Variant, size int) *solvers.Puzzle {
	t.Helper()
	regions := solvers.StandardRegions(size)
	for _, u := range v.Units(size) {
		for _, a := range u.Cells {
			for _, b := range u.Cells {
				if a/size == b/size || a%size == b%size || regions[a] == regions[b] {
					continue
				}
				cells := make([]uint8, size*size)
				cells[a], cells[b] = 1, 1
				p, err := solvers.NewWithUnits(size, cells, nil, v.Units(size))
				if err != nil {
					t.Fatal(err)
				}
				if p.Clash() == nil || p.Clash().Unit != u.Name {
					t.Fatalf("%s: %v share %s but clash %v", v.Name, []int{a, b}, u.Name, p.Clash())
				}
				return p
			}
		}
	}
	t.Fatalf("%s %dx%d: no two cells share only an extra unit", v.Name, size, size)
	return nil
}
