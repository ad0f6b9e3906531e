package poj3074

import (
	"context"
	"encoding/binary"
	"fmt"
	"io"

	"github.com/sudoku-judge/sudoku-judge/problems"
	"github.com/sudoku-judge/sudoku-judge/problems/gen"
	"github.com/sudoku-judge/sudoku-judge/solvers"
	"github.com/sudoku-judge/sudoku-judge/solvers/fast"
)

// ID is the problem's stable name.
const ID = "poj3074"

type problem struct{ problems.Base }

// New returns the problem. It panics if the embedded problem.yaml is
// invalid, which the package's tests rule out.
func New() problems.Problem { return &problem{problems.MustBase(ID, problems.Folder(ID))} }

// WriteInput implements problems.InputWriter: benchmarks pose the public
// 9x9 sets in this problem's input format.
func (*problem) WriteInput(w io.Writer, ps []*solvers.Puzzle) error { return WriteInput(w, ps) }

func (*problem) Reference() solvers.Strategy { return fast.New() }

// SolveCase returns the solution of the case. The judge's puzzles all have
// one, so a case without one is an error, and no output is written for it.
func (*problem) SolveCase(ctx context.Context, s solvers.Strategy, p *solvers.Puzzle) (problems.Answer, error) {
	return problems.SolveFirst(ctx, ID, 9, s, p)
}

// Format writes one line of 81 digits per answer.
func (pr *problem) Format(w io.Writer, answers []problems.Answer) error {
	out := make([]byte, 0, len(answers)*(cells+1))
	for i, a := range answers {
		var err error
		if out, err = pr.AppendAnswer(out, i, a); err != nil {
			return err
		}
	}
	_, err := w.Write(out)
	return err
}

// AppendAnswer implements [problems.Streamer]: the line of case i.
func (*problem) AppendAnswer(b []byte, i int, a problems.Answer) ([]byte, error) {
	if len(a.Grid) != cells {
		return b, fmt.Errorf("%s: answer %d has no 9x9 solution", ID, i+1)
	}
	line, ok := encode81((*[cells]uint8)(a.Grid))
	if !ok {
		for _, v := range a.Grid {
			if v < 1 || v > 9 {
				return b, fmt.Errorf("%s: answer %d holds %d, want digits 1-9", ID, i+1, v)
			}
		}
	}
	return append(b, line[:]...), nil
}

// encode81 returns the line of g's digits and reports whether each is
// 1-9, eight at a time: outputs hold tens of thousands of lines.
func encode81(g *[cells]uint8) (line [cells + 1]byte, ok bool) {
	var bad uint64
	for w := 0; w+8 <= cells; w += 8 {
		x := binary.LittleEndian.Uint64(g[w : w+8])
		bad |= x | ^digitBytes(x) // a byte from 0x80 up carries into its neighbour: bad by its own top bit
		binary.LittleEndian.PutUint64(line[w:w+8], x+0x30*ones)
	}
	v := g[cells-1]
	line[cells-1], line[cells] = '0'+v, '\n'
	return line, bad&high == 0 && v >= 1 && v <= 9
}

// Generate writes opts.Count random puzzles with a unique solution, the only
// kind the problem allows.
func (p *problem) Generate(ctx context.Context, w io.Writer, opts problems.GenOptions) error {
	if opts.Kind != "" && opts.Kind != "unique" {
		return fmt.Errorf("%s: generate: kind %q: the problem's puzzles always have exactly one solution", ID, opts.Kind)
	}
	ps, err := gen.Puzzles(ctx, opts.Rand(), 9, opts, p.Reference())
	if err != nil {
		return fmt.Errorf("%s: generate: %w", ID, err)
	}
	return WriteInput(w, ps)
}

// WriteCases implements problems.CaseWriter: stress cuts a failing input
// down to the cases that fail.
func (*problem) WriteCases(w io.Writer, ps []*solvers.Puzzle) error { return WriteInput(w, ps) }
