package mrv

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudoku-judge/sudoku-judge/internal/testenv"
	"github.com/sudoku-judge/sudoku-judge/solvers"
	"github.com/sudoku-judge/sudoku-judge/solvers/solverstest"
)

// TestSameTreeAsC runs bench/peers/mrv.c, the C program mrv is timed
// against, and mrv on the public sets and wants the same nodes, guesses and
// solutions for every puzzle: the C program is a fair reference only while
// it does mrv's work.
func TestSameTreeAsC(t *testing.T) {
	cc := testenv.NeedCommand(t, "cc")
	dir := t.TempDir()
	bin := filepath.Join(dir, "mrv")
	if out, err := exec.Command(cc, "-O2", "-o", bin, filepath.Join("..", "..", "bench", "peers", "mrv.c")).CombinedOutput(); err != nil {
		t.Fatalf("compiling mrv.c: %v\n%s", err, out)
	}
	max := 0
	if testing.Short() {
		max = 200
	}
	for _, set := range []string{"hardest1106", "top1465", "17clue"} {
		t.Run(set, func(t *testing.T) {
			ps := solverstest.LoadSet(t, set, max)
			// The C program reads the puzzles as Go parsed them.
			lines := make([]string, len(ps))
			for k, p := range ps {
				var b strings.Builder
				for i := range p.Size() * p.Size() {
					b.WriteByte(".123456789"[p.Cell(i)])
				}
				lines[k] = b.String()
			}
			file := filepath.Join(dir, set+".txt")
			in := "# written by TestSameTreeAsC\n" + strings.Join(lines, "\n") + "\n"
			if err := os.WriteFile(file, []byte(in), 0o666); err != nil {
				t.Fatal(err)
			}
			out, err := exec.Command(bin, "-v", file).Output()
			if err != nil {
				t.Fatalf("mrv -v %s: %v", file, err)
			}
			sc := bufio.NewScanner(bytes.NewReader(out))
			for i, p := range ps {
				if !sc.Scan() {
					t.Fatalf("mrv -v printed %d lines for %d puzzles", i, len(ps))
				}
				var c solvers.Stats
				if _, err := fmt.Sscan(sc.Text(), &c.Nodes, &c.Guesses, &c.Solutions); err != nil {
					t.Fatalf("mrv -v line %d %q: %v", i+1, sc.Text(), err)
				}
				_, g, err := solvers.Count(context.Background(), New(), p, 2)
				if err != nil {
					t.Fatal(err)
				}
				if g != c {
					t.Errorf("puzzle %d %s: Go nodes, guesses, solutions %d %d %d, C %d %d %d", i+1,
						lines[i], g.Nodes, g.Guesses, g.Solutions, c.Nodes, c.Guesses, c.Solutions)
				}
			}
			if sc.Scan() {
				t.Errorf("mrv -v printed more lines than the %d puzzles", len(ps))
			}
		})
	}
}
