package program

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/sudoku-judge/sudoku-judge/internal/testenv"
	"github.com/sudoku-judge/sudoku-judge/judge/lang"
	"github.com/sudoku-judge/sudoku-judge/judge/sandbox"
	"github.com/sudoku-judge/sudoku-judge/judge/sandbox/sandboxtest"
	"github.com/sudoku-judge/sudoku-judge/problems"
	"github.com/sudoku-judge/sudoku-judge/problems/contest"
)

// TestDevStdin judges programs that read their input through /dev/stdin,
// the usual idiom of Node (fs.readFileSync('/dev/stdin')) and common in C
// and Python: they must be AC in whatever isolation this process gets (as
// root, and as an ordinary user: scripts/hostile-modes.sh runs it so).
func TestDevStdin(t *testing.T) {
	sb := sandboxtest.Open(t, sandbox.Options{})
	tests := []problems.Test{{Name: "1", Input: []byte("4 2\n1 2 3 4\n"), Answer: []byte("4 2\n1 2 3 4\n")}}
	for _, src := range []string{"devstdin.c", "devstdin.py", "devstdin.js"} {
		t.Run(src, func(t *testing.T) {
			exe, err := lang.Build(context.Background(), filepath.Join("testdata", src), lang.Options{Sandbox: sb})
			if lang.IsToolchainError(err) {
				testenv.Need(t, "the toolchain of "+src, err)
			}
			if err != nil {
				t.Fatal(err)
			}
			defer exe.Close()
			j := &Judge{Runner: sb, Limits: LimitsFor(nil), Checker: contest.Lines{}}
			res := j.Judge(context.Background(), exe, nil, tests)
			if res.Verdict != contest.AC {
				t.Errorf("%s (%s), want AC", res.Verdict, res.Tests[0].Message)
			}
		})
	}
}
