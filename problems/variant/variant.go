package variant

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/sudoku-judge/sudoku-judge/problems"
	"github.com/sudoku-judge/sudoku-judge/problems/contest"
	"github.com/sudoku-judge/sudoku-judge/problems/gen"
	"github.com/sudoku-judge/sudoku-judge/solvers"
	"github.com/sudoku-judge/sudoku-judge/solvers/dlx"
)

// MaxCases bounds the puzzles of one input, so a hostile input cannot make
// the judge build millions of puzzles.
const MaxCases = 10000

// Default answers, spelt as HDU 4069 and X-sudoku spell them.
const (
	defaultNone     = "No solution"
	defaultMultiple = "Multiple Solutions"
)

// kinds are the case kinds Generate makes; "mixed" draws from them all.
var kinds = []string{"unique", "multiple", "none"}

// A Problem is a sudoku problem made of its package's data. It takes its
// id, problem.yaml, tests and checker from the task it was made from.
type Problem struct {
	problems.Task
	*LineFormat
	none     string
	multiple string
	checker  contest.Checker // replaces the task's, when set
}

// New returns the problem that t's problem.yaml declares (harness.sudoku).
// A topology that is not one (a size no puzzle has, a region map of the
// wrong shape, an unknown unit, symbols that repeat) is an error naming
// the setting.
func New(t problems.Task) (*Problem, error) {
	topo := t.Config().Harness.Sudoku
	if topo == nil {
		return nil, fmt.Errorf("variant: %s: problem.yaml declares no topology (harness.sudoku)", t.ID())
	}
	p, err := fromTopology(*topo)
	if err != nil {
		return nil, fmt.Errorf("variant: %s: problem.yaml: harness.sudoku: %w", t.ID(), err)
	}
	p.Task = t
	return p, nil
}

// Open returns the problem of the problem package in fsys (problems.Base:
// problem.yaml, its statement and data/), named id.
func Open(id string, fsys fs.FS) (*Problem, error) {
	b, err := problems.NewBase(id, fsys)
	if err != nil {
		return nil, err
	}
	return New(b)
}

func fromTopology(topo problems.Topology) (*Problem, error) {
	f, err := NewLineFormat(topo)
	if err != nil {
		return nil, err
	}
	p := &Problem{LineFormat: f, none: topo.Answers.None, multiple: topo.Answers.Multiple}
	if p.none == "" {
		p.none = defaultNone
	}
	if p.multiple == "" {
		p.multiple = defaultMultiple
	}
	if strings.ContainsAny(p.none+p.multiple, "\n\r") || p.none == p.multiple {
		return nil, fmt.Errorf("answers %q and %q: want two different lines", p.none, p.multiple)
	}
	return p, nil
}

// A LineFormat is the input of a sudoku variant with one puzzle a line:
// its grid (size, regions, extra units) and the characters of its cells.
// Each line is Size×Size characters, a symbol or the empty character each;
// X-sudoku's input is one.
type LineFormat struct {
	size    int
	regions []uint8 // nil: the square boxes
	extra   []solvers.Unit
	symbols string // of the digits 1..size, in order
	empty   byte
}

// NewLineFormat returns the format of the grid topo declares (its answers
// aside), or an error naming the setting that makes no grid.
func NewLineFormat(topo problems.Topology) (*LineFormat, error) {
	p := &LineFormat{size: topo.Size}
	if p.size == 0 {
		p.size = 9
	}
	if !slices.Contains([]int{4, 9, 16, 25}, p.size) {
		return nil, fmt.Errorf("size %d: want 4, 9, 16 or 25", p.size)
	}
	n := p.size
	p.symbols = topo.Symbols
	if p.symbols == "" {
		for v := 1; v <= n; v++ {
			p.symbols += string(solvers.Symbol(uint8(v)))
		}
	}
	switch e := topo.Empty; {
	case e == "":
		p.empty = '.'
	case len(e) == 1 && e[0] > ' ' && e[0] <= '~':
		p.empty = e[0]
	default:
		return nil, fmt.Errorf("empty %q: want one printable character, not a space", e)
	}
	if len(p.symbols) != n {
		return nil, fmt.Errorf("symbols %q: want %d characters, one for each digit", p.symbols, n)
	}
	for i := 0; i < n; i++ {
		c := p.symbols[i]
		if c <= ' ' || c > '~' || c == p.empty || strings.IndexByte(p.symbols[i+1:], c) >= 0 {
			return nil, fmt.Errorf("symbols %q: want %d printable characters, all different, none of them the empty cell's %q", p.symbols, n, p.empty)
		}
	}
	if len(topo.Regions) > 0 {
		r, err := regionMap(topo.Regions, n)
		if err != nil {
			return nil, err
		}
		p.regions = r
	}
	for _, u := range topo.Units {
		switch u {
		case "diagonals":
			p.extra = append(p.extra, solvers.Diagonals(n)...)
		case "windows":
			p.extra = append(p.extra, solvers.Windows(n)...)
		default:
			return nil, fmt.Errorf("units: unknown unit %q (want diagonals or windows)", u)
		}
	}
	// The topology must make puzzles: the empty grid is one.
	if _, err := solvers.NewWithUnits(n, make([]uint8, n*n), p.regions, p.extra); err != nil {
		return nil, err
	}
	return p, nil
}

// regionMap reads a region map: n lines of n characters, each of n
// characters standing for a region of n cells, numbered in the order of
// their first cell.
func regionMap(lines []string, n int) ([]uint8, error) {
	if len(lines) != n {
		return nil, fmt.Errorf("regions: %d lines, want %d", len(lines), n)
	}
	ids := map[byte]uint8{}
	count := map[byte]int{}
	regions := make([]uint8, 0, n*n)
	for r, line := range lines {
		if len(line) != n {
			return nil, fmt.Errorf("regions: line %d has %d characters, want %d", r+1, len(line), n)
		}
		for i := 0; i < n; i++ {
			c := line[i]
			if _, ok := ids[c]; !ok {
				if len(ids) == n {
					return nil, fmt.Errorf("regions: line %d: %q is region %d, want %d regions", r+1, c, n+1, n)
				}
				ids[c] = uint8(len(ids))
			}
			count[c]++
			regions = append(regions, ids[c])
		}
	}
	for c, k := range count {
		if k != n {
			return nil, fmt.Errorf("regions: region %q has %d cells, want %d", c, k, n)
		}
	}
	return regions, nil
}

// Size returns the grid's side.
func (p *LineFormat) Size() int { return p.size }

// Symbols returns the digits' characters, in order, and the empty cell's.
func (p *LineFormat) Symbols() (string, byte) { return p.symbols, p.empty }

// Answers returns the answers for a puzzle with no solution and with
// several.
func (p *Problem) Answers() (none, multiple string) { return p.none, p.multiple }

// Units returns every unit of the grid, as [solvers.Puzzle.Units] lists
// them: the rows, the columns, the regions, then the extra units.
func (p *LineFormat) Units() [][]int {
	pz, err := solvers.NewWithUnits(p.size, make([]uint8, p.size*p.size), p.regions, p.extra)
	if err != nil {
		panic(err.Error()) // New made one
	}
	return pz.Units()
}

// Jigsaw reports whether the regions are a map of the problem's own
// rather than the square boxes.
func (p *LineFormat) Jigsaw() bool { return p.regions != nil }

// ExtraUnits returns how many units the grid has beyond its rows, columns
// and regions.
func (p *LineFormat) ExtraUnits() int { return len(p.extra) }

// Checker returns the problem's checker: the task's, or the one
// [Problem.WithChecker] gave.
func (p *Problem) Checker() contest.Checker {
	if p.checker != nil {
		return p.checker
	}
	return p.Task.Checker()
}

// WithChecker returns a copy of p judged by c: the task's checker built by
// a judge (a package's output validator), for the built-in strategies.
func (p *Problem) WithChecker(c contest.Checker) *Problem {
	q := *p
	q.checker = c
	return &q
}

// CheckerFile returns the task's checker program, if its checker is one.
func (p *Problem) CheckerFile() (problems.CheckerFile, bool) {
	if cp, ok := p.Task.(problems.CheckerProgram); ok && p.checker == nil {
		return cp.CheckerFile()
	}
	return problems.CheckerFile{}, false
}

// Statement returns the task's statement, if it has one.
func (p *Problem) Statement() ([]byte, error) {
	if s, ok := p.Task.(interface{ Statement() ([]byte, error) }); ok {
		return s.Statement()
	}
	return nil, fmt.Errorf("variant: %s has no statement", p.ID())
}

// StatementHTML returns the task's statement in HTML, if it has one.
func (p *Problem) StatementHTML() ([]byte, error) {
	if s, ok := p.Task.(interface{ StatementHTML() ([]byte, error) }); ok {
		return s.StatementHTML()
	}
	return nil, fmt.Errorf("variant: %s has no statement", p.ID())
}

// Parse reads an input: one puzzle a line, Size×Size cells, each a symbol
// or the empty character, up to the end of the input (at most MaxCases
// lines). Trailing spaces, tabs and CR are ignored; anything else, an
// empty line included, is a *problems.ParseError naming its line and
// column.
func (p *LineFormat) Parse(name string, input []byte) ([]*solvers.Puzzle, error) {
	cells := p.size * p.size
	lines := bytes.Split(input, []byte("\n"))
	if len(lines) > 0 && len(lines[len(lines)-1]) == 0 {
		lines = lines[:len(lines)-1] // the final newline ends the last line
	}
	if len(lines) > MaxCases {
		return nil, &problems.ParseError{File: name, Line: MaxCases + 1, Msg: fmt.Sprintf("more than %d puzzles", MaxCases)}
	}
	ps := make([]*solvers.Puzzle, 0, len(lines))
	for n, raw := range lines {
		errorf := func(col int, format string, args ...any) error {
			return &problems.ParseError{File: name, Line: n + 1, Col: col, Msg: fmt.Sprintf(format, args...)}
		}
		line := bytes.TrimRight(raw, " \t\r")
		g := make([]uint8, cells)
		for i, c := range line {
			if i >= cells {
				return nil, errorf(cells+1, "line has %d characters, want %d", len(line), cells)
			}
			if c == p.empty {
				continue
			}
			v := strings.IndexByte(p.symbols, c)
			if v < 0 {
				return nil, errorf(i+1, "unexpected %s: want one of %s, or %s for an empty cell", contest.Quote(line[i:i+1], 8), p.symbols, contest.Quote([]byte{p.empty}, 4))
			}
			g[i] = uint8(v + 1)
		}
		if len(line) < cells {
			return nil, errorf(len(line)+1, "line has %d cells, want %d", len(line), cells)
		}
		pz, err := solvers.NewWithUnits(p.size, g, p.regions, p.extra)
		if err != nil {
			return nil, errorf(0, "%v", err)
		}
		ps = append(ps, pz)
	}
	return ps, nil
}

// Reference is the strategy the expected answers come from: dlx, whose
// exact cover takes any units alike (fast can search for seconds on a
// sparse grid with windows before it finds a first solution).
func (*Problem) Reference() solvers.Strategy { return dlx.New() }

// SolveCase counts the solutions of the case up to two and keeps the
// first; givens that clash have none, found without searching.
func (p *Problem) SolveCase(ctx context.Context, s solvers.Strategy, pz *solvers.Puzzle) (problems.Answer, error) {
	if !p.Fits(pz) {
		return problems.Answer{}, fmt.Errorf("%s: not a puzzle of this problem's grid and units", p.ID())
	}
	g, n, st, err := solvers.Solve(ctx, s, pz, 2)
	if err != nil {
		return problems.Answer{Stats: st}, fmt.Errorf("%s: %s: %w", p.ID(), s.Name(), err)
	}
	return problems.Answer{Grid: g, Solutions: n, Illegal: pz.Clash() != nil, Stats: st}, nil
}

// Fits reports whether pz has the format's size, regions and units.
func (p *LineFormat) Fits(pz *solvers.Puzzle) bool {
	if pz.Size() != p.size {
		return false
	}
	if p.regions == nil && !pz.Standard() || p.regions != nil && !slices.Equal(pz.Regions(), p.regions) {
		return false
	}
	extra := pz.ExtraUnits()
	if len(extra) != len(p.extra) {
		return false
	}
	for k, u := range extra {
		if !slices.Equal(u.Cells, p.extra[k].Cells) {
			return false
		}
	}
	return true
}

// Format writes one line per answer: the solution's symbols, or the
// answer for none or several.
func (p *Problem) Format(w io.Writer, answers []problems.Answer) error {
	var b strings.Builder
	cells := p.size * p.size
	for k, a := range answers {
		switch {
		case a.Solutions == 0:
			b.WriteString(p.none)
		case a.Solutions >= 2:
			b.WriteString(p.multiple)
		case len(a.Grid) != cells:
			return fmt.Errorf("%s: answer %d has one solution but no %dx%d grid", p.ID(), k+1, p.size, p.size)
		default:
			for _, v := range a.Grid {
				if v < 1 || int(v) > p.size {
					return fmt.Errorf("%s: answer %d holds %d, want digits 1-%d", p.ID(), k+1, v, p.size)
				}
				b.WriteByte(p.symbols[v-1])
			}
		}
		b.WriteByte('\n')
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// WriteInput writes ps, puzzles of the format's grid and units, in the
// format.
func (p *LineFormat) WriteInput(w io.Writer, ps []*solvers.Puzzle) error {
	var b strings.Builder
	for i, pz := range ps {
		if !p.Fits(pz) {
			return fmt.Errorf("variant: puzzle %d does not have the format's grid and units", i+1)
		}
		for k := range p.size * p.size {
			if v := pz.Cell(k); v == 0 {
				b.WriteByte(p.empty)
			} else {
				b.WriteByte(p.symbols[v-1])
			}
		}
		b.WriteByte('\n')
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// WriteCases implements problems.CaseWriter: stress cuts a failing input
// down to the cases that fail.
func (p *Problem) WriteCases(w io.Writer, ps []*solvers.Puzzle) error { return p.WriteInput(w, ps) }

// Generate writes opts.Count random puzzles (at least one): a random
// solution of the grid and its units, givens removed by package gen down
// to about opts.Givens (0: a minimal puzzle). opts.Kind asks for "unique"
// (the default), "multiple", "none" (only search shows there is none), or
// "mixed": each case's kind drawn in turn from those three.
func (p *Problem) Generate(ctx context.Context, w io.Writer, opts problems.GenOptions) error {
	ps, err := gen.Cases(ctx, opts, kinds, kinds, MaxCases, func(rng *rand.Rand, kind string) (*solvers.Puzzle, error) {
		sol, err := p.solution(ctx, rng)
		if err != nil {
			return nil, err
		}
		o := opts
		o.Kind = kind
		return gen.PuzzleWithUnits(ctx, rng, sol, p.size, p.regions, p.extra, o, p.Reference())
	})
	if err != nil {
		return fmt.Errorf("%s: generate: %w", p.ID(), err)
	}
	return p.WriteInput(w, ps)
}

// seedGivens is how many random givens solution places before completing
// the grid: few enough that nearly every draw completes.
const seedGivens = 6

// solution returns a random complete grid of the problem: the first
// completion of a few random givens that clash with none, its digits then
// relabelled at random (which keeps every unit whole).
func (p *Problem) solution(ctx context.Context, rng *rand.Rand) (solvers.Grid, error) {
	n := p.size
	for range 100 {
		g := make([]uint8, n*n)
		for range seedGivens {
			g[rng.IntN(n*n)] = uint8(1 + rng.IntN(n))
		}
		pz, err := solvers.NewWithUnits(n, g, p.regions, p.extra)
		if err != nil {
			return nil, err
		}
		if pz.Clash() != nil {
			continue
		}
		sol, _, err := solvers.First(ctx, p.Reference(), pz)
		if err != nil {
			return nil, fmt.Errorf("completing random givens with %s: %w", p.Reference().Name(), err)
		}
		if sol == nil {
			continue
		}
		perm := rng.Perm(n)
		for i, v := range sol {
			sol[i] = uint8(perm[v-1] + 1)
		}
		return sol, nil
	}
	return nil, errors.New("no random givens completed in 100 draws")
}
