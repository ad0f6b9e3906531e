package puzzleset

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/sudoku-judge/sudoku-judge/solvers"
)

// A Set describes one puzzle file of the testdata directory.
type Set struct {
	Name   string // short stable name, as in benchmark names: set=Name
	File   string // file name inside testdata
	Unique bool   // every puzzle has exactly one solution
	About  string
	// Slow says, by strategy name, why a pass over the set takes minutes,
	// as measured on a loaded 2-core machine: benchmarks skip those
	// pairs unless asked for them.
	Slow map[string]string
}

// Sets returns the known puzzle sets, easiest first.
func Sets() []Set {
	naive := func(why string) map[string]string { return map[string]string{"naive": why} }
	return []Set{
		{"unbiased", "unbiased.txt", true, "1,000 uniformly sampled minimal puzzles (tdoku), very easy", nil},
		{"17clue", "17clue.txt", true, "first 5,000 of Royle's 49,158 17-clue puzzles",
			naive("takes minutes: the first 17-clue puzzle alone was unfinished after 15 s")},
		{"top95", "top95.txt", true, "Norvig's top95",
			naive("takes minutes: several puzzles need over 1e8 nodes")},
		{"top1465", "top1465.txt", true, "magictour top1465, moderately hard",
			naive("takes minutes: the first 232 puzzles alone took 15 s")},
		{"hardest11plus", "hardest11plus.txt", true, "first 5,000 of the forum's 48,766 hardest (SE 11+)",
			naive("takes minutes: harder than top1465")},
		{"hardest1106", "hardest1106.txt", true, "forum hardest 1106: 375 puzzles, the most backtracking",
			naive("takes about half a minute per pass")},
		{"serg", "serg.txt", false, "first 2,000 of serg's 10,000 puzzles, each with 2 or more solutions", nil},
		{"gen16", "gen16.txt", true, "100 generated 16x16 puzzles with 100 givens (problems/gen)", map[string]string{
			"naive": "takes minutes on 16x16 grids", "mrv": "takes minutes on 16x16 grids"}},
		{"gen25", "gen25.txt", true, "12 generated 25x25 puzzles with 300 givens (problems/gen), kept where dlx counts within 20 s", map[string]string{
			"naive": "takes minutes on 25x25 grids", "mrv": "takes minutes on 25x25 grids",
			"propagate": "takes minutes: over 20 s on the first puzzle alone",
			"dlx":       "takes about half a minute a pass: up to 18 s a puzzle"}},
	}
}

// Lookup returns the set called name.
func Lookup(name string) (Set, error) {
	for _, s := range Sets() {
		if s.Name == name {
			return s, nil
		}
	}
	return Set{}, fmt.Errorf("puzzleset: no set named %q", name)
}

// Dir returns the testdata directory of the repository containing the
// current directory: the nearest ancestor holding go.mod and testdata/.
func Dir() (string, error) {
	wd, err := os.Getwd()
	if err != nil {
		return "", fmt.Errorf("puzzleset: %w", err)
	}
	for d := wd; ; d = filepath.Dir(d) {
		if fileExists(filepath.Join(d, "go.mod")) && fileExists(filepath.Join(d, "testdata")) {
			return filepath.Join(d, "testdata"), nil
		}
		if filepath.Dir(d) == d {
			return "", fmt.Errorf("puzzleset: no testdata directory in %s or above", wd)
		}
	}
}

func fileExists(name string) bool {
	_, err := os.Stat(name)
	return err == nil
}

// Load reads the set called name from dir, at most max puzzles (0: all).
func Load(dir, name string, max int) ([]*solvers.Puzzle, error) {
	s, err := Lookup(name)
	if err != nil {
		return nil, err
	}
	return ReadFile(filepath.Join(dir, s.File), max)
}

// LoadFS reads the set called name from the root of fsys, such as the
// embedded sets of the module's root package or os.DirFS(dir), at most
// max puzzles (0: all).
func LoadFS(fsys fs.FS, name string, max int) ([]*solvers.Puzzle, error) {
	s, err := Lookup(name)
	if err != nil {
		return nil, err
	}
	f, err := fsys.Open(s.File)
	if err != nil {
		return nil, fmt.Errorf("puzzleset: set %s: %w", name, err)
	}
	defer f.Close()
	return Read(f, s.File, max)
}

// ReadFile reads at most max puzzles (0: all) from the named file.
func ReadFile(name string, max int) ([]*solvers.Puzzle, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, fmt.Errorf("puzzleset: %w", err)
	}
	defer f.Close()
	return Read(f, name, max)
}

// A SyntaxError locates a malformed puzzle line.
type SyntaxError struct {
	File      string
	Line, Col int // from 1
	Msg       string
}

func (e *SyntaxError) Error() string {
	return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Col, e.Msg)
}

// Read parses at most max puzzles (0: all) from r; file names r in errors.
// Blank lines and lines starting with '#' are skipped. Text after the
// cells (see [ParseLine]), separated by white space, is ignored so that
// files may annotate each puzzle.
func Read(r io.Reader, file string, max int) ([]*solvers.Puzzle, error) {
	var puzzles []*solvers.Puzzle
	sc := bufio.NewScanner(r)
	line := 0
	for sc.Scan() {
		line++
		text := sc.Bytes()
		if len(text) > 0 && text[len(text)-1] == '\r' {
			text = text[:len(text)-1]
		}
		if len(text) == 0 || text[0] == '#' {
			continue
		}
		p, err := ParseLine(text)
		if err != nil {
			var se *SyntaxError
			if errors.As(err, &se) {
				se.File, se.Line = file, line
				return puzzles, se
			}
			return puzzles, fmt.Errorf("%s:%d: %w", file, line, err)
		}
		puzzles = append(puzzles, p)
		if max > 0 && len(puzzles) == max {
			break
		}
	}
	if err := sc.Err(); err != nil {
		return puzzles, fmt.Errorf("%s:%d: %w", file, line+1, err)
	}
	return puzzles, nil
}

// ParseLine parses one puzzle line: 81 cells for a 9x9 grid, 256 for a
// 16x16 one or 625 for a 25x25 one, row by row, '.' or '0' for an empty
// cell, '1'-'9' and then 'A' for 10, 'B' for 11 and so on (as
// [solvers.Grid.Format] writes them), optionally followed by white space
// and anything else. Errors are *SyntaxError with Col set and File, Line
// left for the caller.
func ParseLine(text []byte) (*solvers.Puzzle, error) {
	n := 0
	for n < len(text) && text[n] != ' ' && text[n] != '\t' {
		n++
	}
	size := 0
	switch {
	case n < 81:
		return nil, &SyntaxError{Col: n + 1, Msg: fmt.Sprintf("line has %d cells, want 81", n)}
	case n == 81:
		size = 9
	case n == 256:
		size = 16
	case n == 625:
		size = 25
	default:
		return nil, &SyntaxError{Col: n + 1, Msg: fmt.Sprintf("line has %d cells, want 81 (9x9), 256 (16x16) or 625 (25x25)", n)}
	}
	cells := make([]uint8, n)
	for i, c := range text[:n] {
		var v int
		switch {
		case c == '.' || c == '0':
		case c >= '1' && c <= '9':
			v = int(c - '0')
		case c >= 'A' && c <= 'Z':
			v = int(c-'A') + 10
		}
		if v == 0 && c != '.' && c != '0' || v > size {
			return nil, &SyntaxError{Col: i + 1, Msg: fmt.Sprintf("unexpected %q, want %s, '.' or '0'", c, symbols(size))}
		}
		cells[i] = uint8(v)
	}
	return solvers.NewStandard(size, cells)
}

// symbols describes the digits of a size×size grid.
func symbols(size int) string {
	if size <= 9 {
		return fmt.Sprintf("1-%d", size)
	}
	return fmt.Sprintf("1-9, A-%c", 'A'+size-10)
}
