package strategies_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/sudoku-judge/sudoku-judge/problems/poj3076"
	"github.com/sudoku-judge/sudoku-judge/solvers"
	"github.com/sudoku-judge/sudoku-judge/solvers/puzzleset"
	"github.com/sudoku-judge/sudoku-judge/solvers/solverstest"
	"github.com/sudoku-judge/sudoku-judge/solvers/strategies"
)

// slow names the strategies left out of the cases where they take minutes:
// naive backtracking in row-major order needs up to millions of nodes per
// puzzle on top95, top1465, the 17-clue set and sparse random grids. Its
// own solverstest run still checks it on a sample of top95, serg, the
// jigsaw puzzles and the target puzzles.
var slow = map[string]bool{"naive": true}

func TestRegistry(t *testing.T) {
	all := strategies.All()
	if len(all) == 0 {
		t.Fatal("no strategies registered")
	}
	// Names and Lookup go by the registry's names without building the
	// strategies: each must be its strategy's own.
	if names, built := strategies.Names(), strategyNames(all); !slices.Equal(names, built) {
		t.Errorf("Names() = %v, the strategies are called %v", names, built)
	}
	seen := map[string]bool{}
	for _, s := range all {
		if seen[s.Name()] {
			t.Errorf("strategy %q registered twice", s.Name())
		}
		seen[s.Name()] = true
		got, err := strategies.Lookup(s.Name())
		if err != nil || got.Name() != s.Name() {
			t.Errorf("Lookup(%q) = %v, %v", s.Name(), got, err)
		}
	}
	if _, err := strategies.Lookup("nope"); err == nil {
		t.Error("Lookup of an unknown name succeeded")
	}
	if _, err := strategies.Select("all,nope"); err == nil {
		t.Error("Select with an unknown name succeeded")
	}
}

func strategyNames(ss []solvers.Strategy) []string {
	var names []string
	for _, s := range ss {
		names = append(names, s.Name())
	}
	return names
}

// TestLookupNames: names are matched in any case, and an unknown name's
// error suggests the closest strategy (issue 12).
func TestLookupNames(t *testing.T) {
	tests := []struct {
		name, want, errText string
	}{
		{"DLX", "dlx", ""},
		{"Propagate", "propagate", ""},
		{"dxl", "", `no strategy "dxl": did you mean dlx?`},
		{"propogate", "", "did you mean propagate?"},
		{"tdoku", "", `no strategy "tdoku" (have `},
	}
	for _, tt := range tests {
		s, err := strategies.Lookup(tt.name)
		switch {
		case tt.errText != "":
			if err == nil || !strings.Contains(err.Error(), tt.errText) {
				t.Errorf("Lookup(%q): error %v, want %q", tt.name, err, tt.errText)
			}
		case err != nil || s.Name() != tt.want:
			t.Errorf("Lookup(%q) = %v, %v; want %s", tt.name, s, err, tt.want)
		}
	}
}

// outcome is what every strategy must agree on: the solution count capped
// at 2, and the solution itself when it is unique.
type outcome struct {
	count    int
	solution string
}

// agree solves every puzzle with every strategy that supports its size and
// is not excluded, and checks they all agree with the first.
func agree(t *testing.T, ps []*solvers.Puzzle, skip map[string]bool, want func(i int, o outcome) error) {
	t.Helper()
	strats := strategies.All()
	for i, p := range ps {
		var ref outcome
		refName := ""
		for _, s := range strats {
			if skip[s.Name()] {
				continue
			}
			o, ok := solveSupported(t, s, p)
			if !ok {
				continue
			}
			if refName == "" {
				ref, refName = o, s.Name()
				if want != nil {
					if err := want(i, o); err != nil {
						t.Errorf("puzzle %d: %s: %v", i+1, s.Name(), err)
					}
				}
				continue
			}
			if o != ref {
				t.Errorf("puzzle %d (%s): %s found %d solution(s), %s found %d, or their unique solutions differ",
					i+1, oneLine(p), s.Name(), o.count, refName, ref.count)
			}
		}
	}
}

func solveSupported(t *testing.T, s solvers.Strategy, p *solvers.Puzzle) (outcome, bool) {
	t.Helper()
	if _, err := s.Search(context.Background(), p, solvers.Options{Limit: 1}); errors.Is(err, solvers.ErrUnsupported) {
		return outcome{}, false
	}
	count, sol := solverstest.CheckSolve(t, s, p, 2)
	o := outcome{count: count}
	if count == 1 {
		o.solution = string(sol)
	}
	return o, true
}

func oneLine(p *solvers.Puzzle) string {
	b := []byte(p.String())
	out := b[:0]
	for _, c := range b {
		if c != '\n' {
			out = append(out, c)
		}
	}
	return string(out)
}

func wantCount(n int) func(int, outcome) error {
	return func(_ int, o outcome) error {
		if o.count != n {
			return fmt.Errorf("%d solutions (limit 2), want %d", o.count, n)
		}
		return nil
	}
}

func sample(t *testing.T, set string, full, short int) []*solvers.Puzzle {
	n := full
	if testing.Short() {
		n = short
	}
	return solverstest.LoadSet(t, set, n)
}

func TestAgreeSets(t *testing.T) {
	tests := []struct {
		set         string
		full, short int // puzzles to use, 0 = all
		want        int // solutions, capped at 2
		skip        map[string]bool
	}{
		{"top95", 0, 20, 1, slow},
		{"top1465", 0, 100, 1, slow},
		{"17clue", 2000, 100, 1, slow},
		{"serg", 500, 100, 2, nil},
		{"unbiased", 200, 50, 1, nil},
	}
	for _, tt := range tests {
		t.Run(tt.set, func(t *testing.T) {
			agree(t, sample(t, tt.set, tt.full, tt.short), tt.skip, wantCount(tt.want))
		})
	}
}

func TestAgreeJigsaw(t *testing.T) {
	ps, counts := solverstest.Jigsaw(t)
	agree(t, ps, nil, func(i int, o outcome) error { return wantCount(counts[i])(i, o) })
}

// TestAgreeClashing builds random grids whose givens clash: every strategy
// must report no solution without searching.
func TestAgreeClashing(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for n := 0; n < 200; n++ {
		size := []int{4, 9, 16}[n%3]
		cells := make([]uint8, size*size)
		for k := 0; k < size; k++ {
			cells[rng.IntN(len(cells))] = uint8(1 + rng.IntN(size))
		}
		// Force a clash in a random row.
		r := rng.IntN(size)
		v := uint8(1 + rng.IntN(size))
		c1, c2 := rng.IntN(size), rng.IntN(size-1)
		if c2 >= c1 {
			c2++
		}
		cells[r*size+c1], cells[r*size+c2] = v, v
		p, err := solvers.NewStandard(size, cells)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range strategies.All() {
			st, err := s.Search(context.Background(), p, solvers.Options{Limit: 2})
			if errors.Is(err, solvers.ErrUnsupported) {
				continue
			}
			if err != nil || st.Solutions != 0 || st.Nodes != 0 {
				t.Errorf("%s on clashing %dx%d grid: %d solutions, %d nodes, %v; want 0, 0, nil",
					s.Name(), size, size, st.Solutions, st.Nodes, err)
			}
		}
	}
}

// TestAgreeRandom solves random 9x9 puzzles with few givens and no direct
// clash: most have no solution or many, which only search can tell.
func TestAgreeRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	var ps []*solvers.Puzzle
	for len(ps) < 200 {
		cells := make([]uint8, 81)
		for k := 0; k < 12+rng.IntN(20); k++ {
			cells[rng.IntN(81)] = uint8(1 + rng.IntN(9))
		}
		p, err := solvers.NewStandard(9, cells)
		if err != nil {
			t.Fatal(err)
		}
		if p.Clash() == nil {
			ps = append(ps, p)
		}
	}
	agree(t, ps, slow, nil)
}

// TestAgreeEnumerate checks every strategy counts every completion of the
// NOIP 2009 target puzzles as the problem's source table says.
func TestAgreeEnumerate(t *testing.T) {
	ps, completions, _ := solverstest.Target(t)
	for _, s := range strategies.All() {
		for i, p := range ps {
			if (testing.Short() || slow[s.Name()]) && completions[i] > 1000 {
				continue
			}
			n, _, err := solvers.Count(context.Background(), s, p, 0)
			if err != nil {
				t.Fatal(err)
			}
			if n != completions[i] {
				t.Errorf("%s: target puzzle %d: %d completions, want %d", s.Name(), i+1, n, completions[i])
			}
		}
	}
}

// TestAgree16x16 solves POJ3076's 16x16 grids (the real judge data and the
// generated tests) with every strategy that handles them in reasonable time:
// naive and mrv, without propagation, take minutes on a single real grid.
func TestAgree16x16(t *testing.T) {
	tests, err := poj3076.New().Tests()
	if err != nil {
		t.Fatal(err)
	}
	var ps []*solvers.Puzzle
	for _, tc := range tests {
		cases, err := poj3076.Parse(tc.Name, tc.Input)
		if err != nil {
			t.Fatal(err)
		}
		ps = append(ps, cases...)
	}
	if len(ps) < 10 {
		t.Fatalf("only %d 16x16 grids in poj3076's tests", len(ps))
	}
	agree(t, ps, map[string]bool{"naive": true, "mrv": true}, wantCount(1))
}

// TestRefuseUnsupported checks every registered strategy against its own
// declaration: each declares what it supports, and a puzzle with a feature
// it does not declare (extra units, jigsaw regions) or a size it does not
// declare is refused with ErrUnsupported before any search, never answered.
func TestRefuseUnsupported(t *testing.T) {
	base := solverstest.LoadSet(t, "top95", 1)[0]
	jigsaws, _ := solverstest.Jigsaw(t)
	var cases []*solvers.Puzzle
	for _, v := range solverstest.Variants() {
		p, err := solvers.NewWithUnits(9, base.Givens(), nil, v.Units(9))
		if err != nil {
			t.Fatal(err)
		}
		cases = append(cases, p)
	}
	jx, err := solvers.NewWithUnits(9, jigsaws[0].Givens(), jigsaws[0].Regions(), solvers.Diagonals(9))
	if err != nil {
		t.Fatal(err)
	}
	cases = append(cases, jigsaws[0], jx)
	for _, size := range []int{4, 16, 25} {
		p, err := solvers.NewStandard(size, make([]uint8, size*size))
		if err != nil {
			t.Fatal(err)
		}
		cases = append(cases, p)
	}
	for _, s := range strategies.All() {
		if _, ok := s.(solvers.Supporter); !ok {
			t.Errorf("%s does not declare what it supports", s.Name())
			continue
		}
		sup := solvers.SupportOf(s)
		for _, p := range cases {
			if sup.Handles(p) {
				continue
			}
			st, err := s.Search(context.Background(), p, solvers.Options{Limit: 2})
			if !errors.Is(err, solvers.ErrUnsupported) || st != (solvers.Stats{}) {
				t.Errorf("%s: %dx%d puzzle with %v: %+v, error %v; want no search and ErrUnsupported",
					s.Name(), p.Size(), p.Size(), p.Features(), st, err)
			}
		}
	}
}

// TestAgreeVariants runs the X-sudoku and windoku set through every
// strategy that declares extra units (naive, slow on it, only in its own
// conformance test); at least two must, so that the agreement means
// something.
func TestAgreeVariants(t *testing.T) {
	ps, counts := solverstest.VariantSet(t)
	handlers := 0
	for _, s := range strategies.All() {
		if !slow[s.Name()] && solvers.SupportOf(s).Handles(ps[0]) {
			handlers++
		}
	}
	if handlers < 2 {
		t.Fatalf("%d strategies handle X-sudoku, want at least 2 to compare", handlers)
	}
	agree(t, ps, slow, func(i int, o outcome) error { return wantCount(counts[i])(i, o) })
}

// TestAgreeVariantsChanged gives every strategy that declares extra units
// the set's X-sudoku and windoku puzzles changed two ways: three givens
// removed (most then have many solutions) and one given changed to a digit
// that clashes with no other given (most then have none). The strategies
// must agree on the count and, on the first kind under the target
// weights, on the best score. (Random sparse givens, as in TestAgreeRandom,
// would do as well but take mrv minutes: without hidden singles on the
// extra units it proves some of them unsolvable only slowly.)
func TestAgreeVariantsChanged(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	set, _ := solverstest.VariantSet(t)
	var thinned, altered []*solvers.Puzzle
	for _, p := range set {
		givens := givenCells(p)
		cells := p.Givens()
		for _, k := range rng.Perm(len(givens))[:3] {
			cells[givens[k]] = 0
		}
		thinned = append(thinned, withUnits(t, p, cells))
		for {
			cells = p.Givens()
			i := givens[rng.IntN(len(givens))]
			cells[i] = 1 + (cells[i]+uint8(rng.IntN(8)))%9
			if q := withUnits(t, p, cells); q.Clash() == nil {
				altered = append(altered, q)
				break
			}
		}
	}
	counts := map[int]int{}
	agree(t, append(thinned, altered...), slow, func(_ int, o outcome) error {
		counts[o.count]++
		return nil
	})
	if counts[0] == 0 || counts[2] == 0 {
		t.Errorf("solution counts %v: want puzzles with none and with many", counts)
	}

	obj := solverstest.RingWeights()
	for i, p := range thinned {
		if testing.Short() && i%8 != 0 {
			continue // mrv's branch and bound takes seconds on some
		}
		ref, refName := 0, ""
		for _, s := range strategies.All() {
			if slow[s.Name()] || !solvers.SupportOf(s).Handles(p) {
				continue
			}
			g, score, _, err := solvers.Maximize(context.Background(), s, p, obj)
			if err != nil {
				t.Fatal(err)
			}
			if g == nil {
				t.Fatalf("%s: thinned variant puzzle %d: no solution", s.Name(), i+1)
			}
			if err := p.Check(g); err != nil {
				t.Errorf("%s: thinned variant puzzle %d: best grid: %v", s.Name(), i+1, err)
			}
			if refName == "" {
				ref, refName = score, s.Name()
			} else if score != ref {
				t.Errorf("thinned variant puzzle %d: %s's best score %d, %s's %d", i+1, s.Name(), score, refName, ref)
			}
		}
	}
}

// givenCells returns the indices of p's givens.
func givenCells(p *solvers.Puzzle) []int {
	var cells []int
	for i, v := range p.Givens() {
		if v != 0 {
			cells = append(cells, i)
		}
	}
	return cells
}

// withUnits returns the puzzle of cells with p's regions and extra units.
func withUnits(t *testing.T, p *solvers.Puzzle, cells []uint8) *solvers.Puzzle {
	t.Helper()
	q, err := solvers.NewWithUnits(p.Size(), cells, p.Regions(), p.ExtraUnits())
	if err != nil {
		t.Fatal(err)
	}
	return q
}

// TestAgreeVariantClash gives every strategy X-sudoku and windoku grids
// whose givens clash only in an extra unit: every strategy that declares
// extra units reports no solution without searching, every other refuses
// the grid.
func TestAgreeVariantClash(t *testing.T) {
	for _, v := range solverstest.Variants() {
		for _, size := range []int{4, 9, 16} {
			p := solverstest.UnitClash(t, v, size)
			for _, s := range strategies.All() {
				st, err := s.Search(context.Background(), p, solvers.Options{Limit: 2})
				if !solvers.SupportOf(s).Handles(p) {
					if !errors.Is(err, solvers.ErrUnsupported) {
						t.Errorf("%s: %s %dx%d: error %v, want ErrUnsupported", s.Name(), v.Name, size, size, err)
					}
					continue
				}
				if err != nil || st != (solvers.Stats{}) {
					t.Errorf("%s: %s %dx%d clashing in %s: %+v, error %v; want no search, no error",
						s.Name(), v.Name, size, size, p.Clash().Unit, st, err)
				}
			}
		}
	}
}

// TestConcurrent shares each strategy value between goroutines, as run -j
// and the judge's workers do: every search must keep its state to itself,
// and find what it finds alone. .ci/run runs it with -race.
func TestConcurrent(t *testing.T) {
	jigsaw, _ := solverstest.Jigsaw(t)
	top95 := solverstest.LoadSet(t, "top95", 10)
	// 16x16 too, where fast runs its own engine (in assembly on amd64),
	// for the strategies the set does not call slow.
	gen16 := solverstest.LoadSet(t, "gen16", 3)
	set16, err := puzzleset.Lookup("gen16")
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	for _, s := range strategies.All() {
		t.Run(s.Name(), func(t *testing.T) {
			ps := jigsaw
			if !slow[s.Name()] {
				ps = append(slices.Clip(top95), jigsaw...)
			}
			if set16.Slow[s.Name()] == "" {
				ps = append(slices.Clip(ps), gen16...)
			}
			type result struct {
				n int
				g solvers.Grid
			}
			var want []result
			var solved []*solvers.Puzzle
			for _, p := range ps {
				g, n, _, err := solvers.Solve(ctx, s, p, 2)
				if errors.Is(err, solvers.ErrUnsupported) {
					continue
				}
				if err != nil {
					t.Fatal(err)
				}
				want, solved = append(want, result{n, g}), append(solved, p)
			}
			if len(solved) == 0 {
				t.Fatal("no puzzle the strategy handles")
			}
			const workers = 4
			errs := make(chan error, workers)
			for w := range workers {
				go func() {
					for k := range solved {
						i := (k + w*len(solved)/workers) % len(solved) // each starts elsewhere
						g, n, _, err := solvers.Solve(ctx, s, solved[i], 2)
						if err == nil && (n != want[i].n || !slices.Equal(g, want[i].g)) {
							err = fmt.Errorf("puzzle %d: %d solutions, first %v; alone %d, %v", i+1, n, g, want[i].n, want[i].g)
						}
						if err != nil {
							errs <- err
							return
						}
					}
					errs <- nil
				}()
			}
			for range workers {
				if err := <-errs; err != nil {
					t.Error(err)
				}
			}
		})
	}
}
