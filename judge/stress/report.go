package stress

import (
	"fmt"
	"io"
	"strings"

	"github.com/sudoku-judge/sudoku-judge/judge/table"
	"github.com/sudoku-judge/sudoku-judge/problems/contest"
)

// maxInputLines bounds the failing input Print shows whole.
const maxInputLines = 40

// Print writes f as the stress command shows it: the round, its verdict
// and message, the shrinking, the input when it is short, the first hunks
// of the diff, and where f was saved with replay, the command that judges
// it again (see [Failure.Replay]). Text the program wrote is shown safe.
func (f *Failure) Print(w io.Writer, replay string) error {
	t := f.Test
	t.MakeSafe() // as the judge made it; again, as a table would
	var b strings.Builder
	fmt.Fprintf(&b, "round %d (seed %d", f.Round+1, f.Seed)
	if f.Kind != "" {
		fmt.Fprintf(&b, ", kind %s", contest.Safe(f.Kind))
	}
	fmt.Fprintf(&b, ") failed: %s", t.Verdict)
	if t.Message != "" {
		fmt.Fprintf(&b, ": %s", t.Message)
	}
	b.WriteString("\n")
	if f.Shrunk < f.Cases {
		fmt.Fprintf(&b, "shrunk from %d cases to %d\n", f.Cases, f.Shrunk)
	}
	if n := strings.Count(string(f.Input), "\n"); n <= maxInputLines {
		fmt.Fprintf(&b, "input:\n%s", table.Indent(contest.SafeLines(string(f.Input))))
	}
	if t.Diff != "" {
		fmt.Fprintf(&b, "expected (-) versus got (+):\n%s", table.Indent(contest.Head(t.Diff, table.DiffLines)))
	}
	if f.Dir != "" {
		exts := []string{InputExt, ExpectedExt, ActualExt}
		if f.Shrunk < f.Cases {
			exts = append(exts, OriginalExt)
		}
		name := contest.Safe(f.Name)
		fmt.Fprintf(&b, "saved in %s: %s%s\nreplay: %s\n", contest.Safe(f.Dir), name, strings.Join(exts, " "+name), contest.Safe(replay))
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// Replay returns the command that judges the program src, with its
// arguments args, on the saved failure as stress did: sudoku-judge test
// --problem problem, then flags (the flags given to stress that change a
// verdict, "--name", "value" in turn), --tests f.Dir, src and "--" args,
// every word quoted for a POSIX shell.
func (f *Failure) Replay(problem string, flags []string, src string, args []string) string {
	words := append([]string{"sudoku-judge", "test", "--problem", problem}, flags...)
	words = append(words, "--tests", f.Dir, src)
	if len(args) > 0 {
		words = append(append(words, "--"), args...)
	}
	for i, w := range words {
		words[i] = shellQuote(w)
	}
	return strings.Join(words, " ")
}

// shellQuote quotes s for a POSIX shell when it holds anything but safe
// characters. (al.essio.dev/pkg/shellescape does the same, but compiles a
// regular expression at every start of the command.)
func shellQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./=:,+@%") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// Summary is the line the stress command prints when every round passed,
// such as "100/100 rounds passed (seeds 1..100; kinds unique, none;
// answers by the reference dlx)"; answeredBy is the oracle's name, or ""
// for the problem's reference strategy, named by reference.
func (r *Report) Summary(seed uint64, answeredBy, reference string) string {
	kinds := strings.Join(r.Kinds, ", ")
	if len(r.Kinds) == 1 && r.Kinds[0] == "" {
		kinds = "the default"
	}
	if answeredBy == "" {
		answeredBy = "the reference " + reference
	}
	return fmt.Sprintf("%d/%d rounds passed (seeds %d..%d; kinds %s; answers by %s)",
		r.Rounds, r.Rounds, seed, seed+uint64(r.Rounds)-1, kinds, answeredBy)
}
