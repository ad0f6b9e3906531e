package workload

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/sudoku-judge/sudoku-judge/problems"
	"github.com/sudoku-judge/sudoku-judge/problems/contest"
	"github.com/sudoku-judge/sudoku-judge/solvers"
	"github.com/sudoku-judge/sudoku-judge/solvers/puzzleset"
)

// Sudoku is the problem name of the uniqueness check on the public sets.
const Sudoku = "sudoku"

// Tests is the set name of a problem's own tests.
const Tests = "tests"

// A Workload is the puzzles of one set, posed as one problem.
type Workload struct {
	Problem string // Sudoku or a problem ID
	Set     string // Tests or a puzzleset name

	// Inputs are the puzzles in the problem's input format, as a contest
	// program reads them; nil for Sudoku, which has no input format.
	Inputs []Input

	poser   poser
	puzzles []*solvers.Puzzle
	slow    map[string]string // strategy -> why a pass takes minutes
}

// An Input is one input file of a workload.
type Input struct {
	Name   string
	Data   []byte
	Cases  int
	Answer []byte // the expected output, which the problem's checker judges outputs against
}

// Puzzle returns puzzle i as one line, row by row, '.' for an empty cell:
// what the report shows, to paste into solve.
func (w *Workload) Puzzle(i int) string {
	return strings.ReplaceAll(w.puzzles[i].String(), "\n", "")
}

// Len returns the number of puzzles.
func (w *Workload) Len() int { return len(w.puzzles) }

// Name returns the benchmark name of strategy s on w, without the
// "Benchmark" prefix: "Solve/problem=sudoku/strategy=dlx/set=top95".
func (w *Workload) Name(s string) string {
	return fmt.Sprintf("Solve/problem=%s/strategy=%s/set=%s", w.Problem, NameValue(s), w.Set)
}

// ProgramName returns the benchmark name of the contest program called
// name on w: "Solve/problem=poj3074/program=fast/set=tests". A program has
// a key of its own, so that one called like a strategy never passes for it.
func (w *Workload) ProgramName(name string) string {
	return fmt.Sprintf("Solve/problem=%s/program=%s/set=%s", w.Problem, NameValue(name), w.Set)
}

// Label is how tables and charts name a solver: a strategy by its name, a
// contest program as "program=NAME", as its benchmark name keys it.
func Label(name string, program bool) string {
	if program {
		return "program=" + name
	}
	return name
}

// NameValue makes s usable as the value of a benchmark name key: '/',
// '=', white space, control characters, bidirectional controls and
// invalid UTF-8 become '_'. Two names it makes equal are one name: bench
// refuses two inputs that would share one.
func NameValue(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r == '/' || r == '=' || r == utf8.RuneError || unicode.IsSpace(r) || unicode.IsControl(r) || unicode.Is(unicode.Bidi_Control, r) {
			r = '_'
		}
		b.WriteRune(r)
	}
	return b.String()
}

// inputWriter returns how prob writes a public set in its input format, or
// nil: problems that do not declare [problems.InputWriter] are measured on
// their own tests only.
func inputWriter(prob problems.Problem) func(io.Writer, []*solvers.Puzzle) error {
	if w, ok := prob.(problems.InputWriter); ok {
		return w.WriteInput
	}
	return nil
}

// Load returns the workload of set posed as problem, at most max puzzles
// (0: all). sets holds the puzzle sets' files: the module's embedded
// testdata (sudokujudge.Testdata) or os.DirFS of a directory. It returns
// an error wrapping [ErrNotApplicable] for a pair that does not go
// together, such as Sudoku with Tests or a 16x16 problem with a 9x9 set.
func Load(sets fs.FS, problem, set string, max int) (*Workload, error) {
	p, err := lookup(problem)
	if err != nil {
		return nil, fmt.Errorf("workload: %w", err)
	}
	w := &Workload{Problem: problem, Set: set, poser: p}
	if set == Tests {
		if w.puzzles, w.Inputs, err = p.tests(max); err != nil {
			return nil, fmt.Errorf("workload: %s/%s: %w", problem, set, err)
		}
		w.slow = make(map[string]string)
		return w, nil
	}
	s, err := puzzleset.Lookup(set)
	if err != nil {
		return nil, fmt.Errorf("workload: %w", err)
	}
	ps, err := puzzleset.LoadFS(sets, set, max)
	if err != nil {
		return nil, fmt.Errorf("workload: %w", err)
	}
	if w.poser, w.Inputs, err = p.pose(s, ps); err != nil {
		return nil, fmt.Errorf("workload: %s/%s: %w", problem, set, err)
	}
	w.puzzles, w.slow = ps, s.Slow
	return w, nil
}

// referenceAnswer is the expected output of input: the problem's reference
// strategy's answers.
func referenceAnswer(prob problems.Problem, name string, input []byte) ([]byte, error) {
	var out bytes.Buffer
	if err := problems.Solve(context.Background(), prob, prob.Reference(), name, input, &out); err != nil {
		return nil, fmt.Errorf("the reference answer: %w", err)
	}
	return out.Bytes(), nil
}

// A CheckError is an output the problem's checker did not accept, or a
// program that crashed: the row is marked with Verdict and left out of
// rankings.
type CheckError struct {
	Verdict string // "WA", "PE", "RE", ...
	Err     error
}

func (e *CheckError) Error() string { return e.Verdict + ": " + e.Err.Error() }
func (e *CheckError) Unwrap() error { return e.Err }

// CheckOutput judges a program's output on input i with the problem's
// checker.
func (w *Workload) CheckOutput(ctx context.Context, i int, output []byte) error {
	return w.Check(ctx, w.Inputs[i], output)
}

// Check judges a program's output on in, one of Inputs or PuzzleInputs,
// with the problem's checker.
func (w *Workload) Check(ctx context.Context, in Input, output []byte) error {
	if res := w.poser.check(ctx, in, output); res.Verdict != contest.AC {
		return &CheckError{Verdict: string(res.Verdict), Err: fmt.Errorf("%s/%s input %s: %s", w.Problem, w.Set, in.Name, res.Message)}
	}
	return nil
}

// CheckAnswers judges a strategy's answers, one per puzzle in order, with
// the problem's checker, input by input, as it would a program's output.
// Without inputs (Sudoku), Solve has already checked each answer.
func (w *Workload) CheckAnswers(ctx context.Context, answers []problems.Answer) error {
	if len(answers) != len(w.puzzles) {
		return fmt.Errorf("%s/%s: %d answers for %d puzzles", w.Problem, w.Set, len(answers), len(w.puzzles))
	}
	for i, in := range w.Inputs {
		n := min(in.Cases, len(answers))
		out, err := w.poser.format(answers[:n])
		if err != nil {
			return fmt.Errorf("%s/%s input %s: %w", w.Problem, w.Set, in.Name, err)
		}
		answers = answers[n:]
		if err := w.CheckOutput(ctx, i, out); err != nil {
			return err
		}
	}
	return nil
}

// PuzzleInputs returns one input per puzzle, each posing that puzzle
// alone with its expected answer, so that a program can be timed puzzle
// by puzzle. It is an error when the problem cannot write single puzzles
// in its input format (Sudoku has none; 16x16 problems are measured on
// their own tests only).
func (w *Workload) PuzzleInputs() ([]Input, error) {
	if w.Inputs == nil {
		return nil, fmt.Errorf("%s/%s: %w: %s has no input format", w.Problem, w.Set, ErrNotApplicable, w.Problem)
	}
	ins := make([]Input, len(w.puzzles))
	for i := range w.puzzles {
		name := fmt.Sprintf("%s puzzle %d", w.Set, i+1)
		_, one, err := w.poser.pose(puzzleset.Set{Name: name}, w.puzzles[i:i+1])
		if err != nil {
			return nil, fmt.Errorf("%s/%s: %w", w.Problem, w.Set, err)
		}
		if len(one) != 1 {
			return nil, fmt.Errorf("%s/%s: %w: %s cannot pose one puzzle alone", w.Problem, w.Set, ErrNotApplicable, w.Problem)
		}
		ins[i] = one[0]
	}
	return ins, nil
}

// ErrNotApplicable is wrapped by Load's error for a problem and set that
// do not go together.
var ErrNotApplicable = errors.New("not applicable")

// Solve solves puzzle i with s and checks what one answer shows: the
// number of solutions for Sudoku (one for a set of unique puzzles, two
// for the others), the problem's SolveCase succeeding otherwise.
func (w *Workload) Solve(ctx context.Context, s solvers.Strategy, i int) (problems.Answer, error) {
	a, err := w.poser.solve(ctx, s, w.puzzles[i])
	if err != nil {
		var ce *CheckError
		if errors.As(err, &ce) {
			ce.Err = fmt.Errorf("%s/%s puzzle %d: %w", w.Problem, w.Set, i+1, ce.Err)
			return a, ce
		}
		return a, fmt.Errorf("%s/%s puzzle %d: %w", w.Problem, w.Set, i+1, err)
	}
	return a, nil
}

// Skip returns why s is not measured on w, or "" when it is: s does not
// handle the puzzles (such as mrv on X-sudoku), or it takes minutes
// (naive on the hard sets, mrv on 16x16), as the problem's harness.slow or
// the set's Slow declares. full allows the slow pairs.
func (w *Workload) Skip(s solvers.Strategy, full bool) string {
	if len(w.puzzles) > 0 {
		ctx, cancel := context.WithCancel(context.Background())
		cancel() // an unsupported puzzle is refused before any search
		if _, err := s.Search(ctx, w.puzzles[0], solvers.Options{Limit: 1}); errors.Is(err, solvers.ErrUnsupported) {
			return fmt.Sprintf("%s does not handle %s: %v", s.Name(), w.Problem, err)
		}
	}
	if full {
		return ""
	}
	// What takes minutes is declared where the puzzles are: a problem's
	// tests in its problem.yaml (harness.slow), a public set in package
	// puzzleset.
	key, why := w.Set, w.slow[s.Name()]
	if w.Set == Tests {
		key, why = w.Problem+"/"+Tests, w.poser.slowTests(s.Name())
	}
	if why != "" {
		return fmt.Sprintf("%s on %s %s (set BENCH_FULL=1 or --full to run it)", s.Name(), key, why)
	}
	return ""
}
