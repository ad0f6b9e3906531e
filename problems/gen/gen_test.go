package gen

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/sudoku-judge/sudoku-judge/problems"
	"github.com/sudoku-judge/sudoku-judge/solvers"
	"github.com/sudoku-judge/sudoku-judge/solvers/dlx"
	"github.com/sudoku-judge/sudoku-judge/solvers/mrv"
)

// genStrategy decides uniqueness inside Puzzle; checkStrategy, a different
// algorithm, re-counts every answer.
var (
	genStrategy   = dlx.New()
	checkStrategy = mrv.New()
)

func newRand(seed uint64) *rand.Rand {
	return problems.GenOptions{Seed: seed}.Rand()
}

func TestSolutionValid(t *testing.T) {
	for _, size := range []int{4, 9, 16, 25} {
		for seed := range uint64(5) {
			g, err := Solution(newRand(seed), size, nil)
			if err != nil {
				t.Fatalf("Solution(seed %d, %d, nil): %v", seed, size, err)
			}
			checkComplete(t, size, nil, g)
		}
	}
}

func TestSolutionJigsaw(t *testing.T) {
	sizes := []int{4, 9, 16}
	if testing.Short() {
		sizes = sizes[:2]
	}
	for _, size := range sizes {
		for seed := range uint64(5) {
			rng := newRand(seed)
			regions, err := Regions(rng, size)
			if err != nil {
				t.Fatalf("Regions(seed %d, %d): %v", seed, size, err)
			}
			g, err := Solution(rng, size, regions)
			if err != nil {
				t.Fatalf("Solution(seed %d, %d, jigsaw): %v", seed, size, err)
			}
			checkComplete(t, size, regions, g)
		}
	}
}

func checkComplete(t *testing.T, size int, regions []uint8, g solvers.Grid) {
	t.Helper()
	p, err := solvers.New(size, make([]uint8, size*size), regions)
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Check(g); err != nil {
		t.Fatalf("%dx%d solution invalid: %v\n%s", size, size, err, g.Format(size))
	}
}

// TestSolutionVaries guards against a shuffle that does nothing: different
// seeds must give different grids.
func TestSolutionVaries(t *testing.T) {
	seen := map[string]bool{}
	for seed := range uint64(20) {
		g, err := Solution(newRand(seed), 9, nil)
		if err != nil {
			t.Fatal(err)
		}
		seen[string(g)] = true
	}
	if len(seen) < 19 {
		t.Errorf("20 seeds gave only %d distinct grids", len(seen))
	}
}

func TestSolutionBadInput(t *testing.T) {
	tests := []struct {
		name    string
		size    int
		regions []uint8
	}{
		{"size 7", 7, nil},
		{"size 0", 0, nil},
		{"short regions", 9, make([]uint8, 80)},
		{"unbalanced regions", 4, make([]uint8, 16)},
		{"region out of range", 4, []uint8{0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 9}},
	}
	for _, tc := range tests {
		if _, err := Solution(newRand(1), tc.size, tc.regions); err == nil {
			t.Errorf("%s: no error", tc.name)
		}
	}
}

// TestSolutionNoFill gives the filler a layout with no solution. Region 0 is
// r1c1, r2c1, r3c1 and r4c2, so r4c1, the last cell of column 1, must hold
// the digit of r4c2, which shares row 4 with it.
func TestSolutionNoFill(t *testing.T) {
	regions := []uint8{
		0, 1, 1, 1,
		0, 1, 2, 2,
		0, 3, 2, 2,
		3, 0, 3, 3,
	}
	// Check the premise with a search too.
	p, err := solvers.New(4, make([]uint8, 16), regions)
	if err != nil {
		t.Fatal(err)
	}
	n, _, err := solvers.Count(context.Background(), checkStrategy, p, 1)
	if err != nil {
		t.Fatal(err)
	}
	if n != 0 {
		t.Fatalf("layout has a solution")
	}
	_, err = Solution(newRand(1), 4, regions)
	if !errors.Is(err, ErrNoFill) {
		t.Errorf("Solution on an unfillable layout: %v, want ErrNoFill", err)
	}
}

func TestSameSeedSameOutput(t *testing.T) {
	run := func(seed uint64) []string {
		rng := newRand(seed)
		var out []string
		sol, err := Solution(rng, 9, nil)
		if err != nil {
			t.Fatal(err)
		}
		regions, err := Regions(rng, 9)
		if err != nil {
			t.Fatal(err)
		}
		jsol, err := Solution(rng, 9, regions)
		if err != nil {
			t.Fatal(err)
		}
		p, err := Puzzle(context.Background(), rng, jsol, 9, regions, problems.GenOptions{Kind: "multiple", Givens: 30}, genStrategy)
		if err != nil {
			t.Fatal(err)
		}
		return append(out, string(sol), string(regions), string(jsol), p.String())
	}
	a, b, c := run(7), run(7), run(8)
	if !slices.Equal(a, b) {
		t.Errorf("seed 7 twice gave different output:\n%q\n%q", a, b)
	}
	if slices.Equal(a, c) {
		t.Errorf("seeds 7 and 8 gave the same output")
	}
}

func TestRegions(t *testing.T) {
	sizes := []int{4, 9, 16}
	if testing.Short() {
		sizes = sizes[:2]
	}
	for _, size := range sizes {
		standard := string(solvers.StandardRegions(size))
		for seed := range uint64(4) {
			regions, err := Regions(newRand(seed), size)
			if err != nil {
				t.Fatalf("Regions(seed %d, %d): %v", seed, size, err)
			}
			if len(regions) != size*size {
				t.Fatalf("%d regions entries, want %d", len(regions), size*size)
			}
			count := make([]int, size)
			for _, r := range regions {
				if int(r) >= size {
					t.Fatalf("region index %d out of range", r)
				}
				count[r]++
			}
			for r, c := range count {
				if c != size {
					t.Errorf("size %d seed %d: region %d has %d cells", size, seed, r, c)
				}
				if !regionConnected(size, regions, uint8(r)) {
					t.Errorf("size %d seed %d: region %d not connected", size, seed, r)
				}
			}
			if size > 4 && string(regions) == standard {
				t.Errorf("size %d seed %d: regions are the standard boxes", size, seed)
			}
			// "admits at least one solution", confirmed by a search. (dlx:
			// empty jigsaw grids send plain cell-by-cell backtracking into
			// subtrees without solutions that take minutes to exhaust.)
			p, err := solvers.New(size, make([]uint8, size*size), regions)
			if err != nil {
				t.Fatal(err)
			}
			if size <= 9 {
				n, _, err := solvers.Count(context.Background(), dlx.New(), p, 1)
				if err != nil || n != 1 {
					t.Errorf("size %d seed %d: layout has %d solutions (err %v), want one", size, seed, n, err)
				}
			}
		}
	}
}

// regionConnected checks connectivity by flood fill over a 2D view,
// independently of the code under test.
func regionConnected(size int, regions []uint8, reg uint8) bool {
	start := slices.Index(regions, reg)
	seen := map[int]bool{start: true}
	queue := []int{start}
	for len(queue) > 0 {
		i := queue[0]
		queue = queue[1:]
		r, c := i/size, i%size
		for _, d := range [][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
			nr, nc := r+d[0], c+d[1]
			j := nr*size + nc
			if nr >= 0 && nr < size && nc >= 0 && nc < size && regions[j] == reg && !seen[j] {
				seen[j] = true
				queue = append(queue, j)
			}
		}
	}
	n := 0
	for _, r := range regions {
		if r == reg {
			n++
		}
	}
	return len(seen) == n
}

func TestPuzzleKinds(t *testing.T) {
	type layout struct {
		name    string
		size    int
		regions func(*rand.Rand) []uint8
	}
	layouts := []layout{
		{"standard9", 9, func(*rand.Rand) []uint8 { return nil }},
		{"jigsaw9", 9, func(rng *rand.Rand) []uint8 {
			r, err := Regions(rng, 9)
			if err != nil {
				t.Fatal(err)
			}
			return r
		}},
		{"standard4", 4, func(*rand.Rand) []uint8 { return nil }},
	}
	tests := []struct {
		kind   string
		givens int
		want   int // solutions, 2 meaning 2 or more
	}{
		{"", 0, 1},
		{"unique", 35, 1},
		{"multiple", 0, 2},
		{"multiple", 30, 2},
		{"none", 0, 0},
		{"none", 30, 0},
	}
	ctx := context.Background()
	for _, l := range layouts {
		for _, tc := range tests {
			for seed := range uint64(3) {
				rng := newRand(seed)
				regions := l.regions(rng)
				sol, err := Solution(rng, l.size, regions)
				if err != nil {
					t.Fatal(err)
				}
				givens := tc.givens
				if l.size == 4 && givens > 0 {
					givens = 8
				}
				p, err := Puzzle(ctx, rng, sol, l.size, regions, problems.GenOptions{Kind: tc.kind, Givens: givens}, genStrategy)
				if err != nil {
					t.Fatalf("%s %q givens %d seed %d: %v", l.name, tc.kind, givens, seed, err)
				}
				if regions != nil && !slices.Equal(p.Regions(), regions) {
					t.Fatalf("%s: puzzle regions changed", l.name)
				}
				var sols []solvers.Grid
				_, err = checkStrategy.Search(ctx, p, solvers.Options{Limit: 2, Visit: func(g solvers.Grid) bool {
					sols = append(sols, slices.Clone(g))
					return true
				}})
				if err != nil {
					t.Fatal(err)
				}
				if got := len(sols); got != tc.want {
					t.Errorf("%s %q givens %d seed %d: %d solutions (limit 2), want %d\n%s", l.name, tc.kind, givens, seed, got, tc.want, p)
				}
				if tc.want == 1 && len(sols) == 1 && !slices.Equal(sols[0], sol) {
					t.Errorf("%s %q: the unique solution is not sol", l.name, tc.kind)
				}
				if tc.want == 0 && p.Clash() != nil {
					t.Errorf("%s %q: givens clash directly: %v", l.name, tc.kind, p.Clash())
				}
				checkGivens(t, l.name+" "+tc.kind, p, sol, tc.want)
				if givens > 0 && l.size == 9 {
					if n := p.NumGivens(); n < givens-3 || n > givens+3 {
						t.Errorf("%s %q: %d givens, asked about %d", l.name, tc.kind, n, givens)
					}
				}
			}
		}
	}
}

// checkGivens checks that every given agrees with sol, except exactly one
// wrong one in puzzles made to have no solution.
func checkGivens(t *testing.T, name string, p *solvers.Puzzle, sol solvers.Grid, want int) {
	t.Helper()
	wrong := 0
	for i, v := range p.Givens() {
		if v != 0 && v != sol[i] {
			wrong++
		}
	}
	if want == 0 && wrong != 1 || want != 0 && wrong != 0 {
		t.Errorf("%s: %d givens differ from the solution", name, wrong)
	}
}

// TestPuzzleMinimal checks that Givens 0 yields a minimal puzzle: removing
// any one given breaks uniqueness.
func TestPuzzleMinimal(t *testing.T) {
	ctx := context.Background()
	rng := newRand(3)
	sol, err := Solution(rng, 9, nil)
	if err != nil {
		t.Fatal(err)
	}
	p, err := Puzzle(ctx, rng, sol, 9, nil, problems.GenOptions{}, genStrategy)
	if err != nil {
		t.Fatal(err)
	}
	g := p.Givens()
	for i, v := range g {
		if v == 0 {
			continue
		}
		g[i] = 0
		q, err := solvers.NewStandard(9, g)
		if err != nil {
			t.Fatal(err)
		}
		if n, _, _ := solvers.Count(ctx, checkStrategy, q, 2); n != 2 {
			t.Errorf("removing given %s keeps %d solutions: puzzle not minimal", solvers.CellName(9, i), n)
		}
		g[i] = v
	}
}

func TestPuzzleBadInput(t *testing.T) {
	ctx := context.Background()
	sol, err := Solution(newRand(1), 9, nil)
	if err != nil {
		t.Fatal(err)
	}
	broken := slices.Clone(sol)
	broken[0], broken[1] = broken[1], broken[0]
	partial := slices.Clone(sol)
	partial[40] = 0
	tests := []struct {
		name string
		sol  solvers.Grid
		size int
		kind string
	}{
		{"unknown kind", sol, 9, "mixed"},
		{"not a solution", broken, 9, ""},
		{"incomplete", partial, 9, ""},
		{"wrong size", sol, 16, ""},
		{"nil", nil, 9, ""},
	}
	for _, tc := range tests {
		if _, err := Puzzle(ctx, newRand(1), tc.sol, tc.size, nil, problems.GenOptions{Kind: tc.kind}, genStrategy); err == nil {
			t.Errorf("%s: no error", tc.name)
		}
	}
}

func TestPuzzleCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	sol, err := Solution(newRand(1), 16, nil)
	if err != nil {
		t.Fatal(err)
	}
	// The empty 16x16 search must be cut short by the context; with a
	// cancelled context the first uniqueness check cannot finish.
	_, err = Puzzle(ctx, newRand(1), sol, 16, nil, problems.GenOptions{Givens: 1}, cancelAware{genStrategy})
	if !errors.Is(err, context.Canceled) {
		t.Errorf("Puzzle with a cancelled context: %v, want context.Canceled", err)
	}
}

// cancelAware fails at once when its context is done, as every strategy
// must within a few thousand nodes.
type cancelAware struct{ solvers.Strategy }

func (c cancelAware) Search(ctx context.Context, p *solvers.Puzzle, opts solvers.Options) (solvers.Stats, error) {
	if err := ctx.Err(); err != nil {
		return solvers.Stats{}, err
	}
	return c.Strategy.Search(ctx, p, opts)
}

// TestPuzzles checks that Puzzles is Solution then Puzzle, case after case,
// from one random source.
func TestPuzzles(t *testing.T) {
	ctx := context.Background()
	opts := problems.GenOptions{Count: 3, Kind: "multiple"}
	got, err := Puzzles(ctx, newRand(7), 9, opts, genStrategy)
	if err != nil {
		t.Fatal(err)
	}
	rng := newRand(7)
	for i := range opts.Count {
		sol, err := Solution(rng, 9, nil)
		if err != nil {
			t.Fatal(err)
		}
		want, err := Puzzle(ctx, rng, sol, 9, nil, opts, genStrategy)
		if err != nil {
			t.Fatal(err)
		}
		if i >= len(got) || got[i].String() != want.String() {
			t.Fatalf("case %d differs from Solution then Puzzle", i+1)
		}
	}
	if len(got) != opts.Count {
		t.Errorf("%d puzzles, want %d", len(got), opts.Count)
	}
	if _, err := Puzzles(ctx, newRand(7), 9, problems.GenOptions{Count: -1}, genStrategy); err == nil {
		t.Error("negative count: no error")
	}
}

func TestClash(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, tt := range []struct {
		name  string
		extra []solvers.Unit
	}{
		{"standard", nil},
		{"X-sudoku", solvers.Diagonals(9)},
	} {
		t.Run(tt.name, func(t *testing.T) {
			sol, err := Solution(rng, 9, nil)
			if err != nil {
				t.Fatal(err)
			}
			g := append(solvers.Grid(nil), sol...)
			for i := range g {
				if i%3 != 0 {
					g[i] = 0
				}
			}
			p, err := solvers.NewWithUnits(9, g, solvers.StandardRegions(9), tt.extra)
			if err != nil {
				t.Fatal(err)
			}
			q, err := Clash(rng, p)
			if err != nil {
				t.Fatal(err)
			}
			if q.Clash() == nil {
				t.Errorf("Clash gave a puzzle without a clash:\n%s", q)
			}
			if q.NumGivens() != p.NumGivens()+1 {
				t.Errorf("%d givens, want %d", q.NumGivens(), p.NumGivens()+1)
			}
			if len(q.ExtraUnits()) != len(tt.extra) {
				t.Errorf("%d extra units, want %d", len(q.ExtraUnits()), len(tt.extra))
			}
		})
	}
}

func TestCases(t *testing.T) {
	kinds := []string{"a", "b"}
	made := func(got *[]string) func(*rand.Rand, string) (*solvers.Puzzle, error) {
		return func(_ *rand.Rand, kind string) (*solvers.Puzzle, error) {
			*got = append(*got, kind)
			return solvers.NewStandard(4, make([]uint8, 16))
		}
	}
	for _, tt := range []struct {
		name    string
		opts    problems.GenOptions
		want    []string // kinds asked for, in order; nil with an error
		wantErr string
	}{
		{"default kind, at least one", problems.GenOptions{}, []string{"a"}, ""},
		{"kind", problems.GenOptions{Kind: "b", Count: 2}, []string{"b", "b"}, ""},
		{"mixed draws from mix", problems.GenOptions{Kind: "mixed", Count: 3}, []string{"c", "c", "c"}, ""},
		{"unknown kind", problems.GenOptions{Kind: "c"}, nil, `unknown kind "c" (want a, b or mixed)`},
		{"too many", problems.GenOptions{Count: 11}, nil, "count 11 out of range 0-10"},
		{"negative", problems.GenOptions{Count: -1}, nil, "count -1 out of range 0-10"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			ps, err := Cases(context.Background(), tt.opts, kinds, []string{"c"}, 10, made(&got))
			if tt.wantErr != "" {
				if err == nil || err.Error() != tt.wantErr {
					t.Fatalf("err %v, want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil || len(ps) != len(tt.want) || !slices.Equal(got, tt.want) {
				t.Errorf("Cases = %d puzzles, kinds %q, %v; want kinds %q", len(ps), got, err, tt.want)
			}
		})
	}
}
