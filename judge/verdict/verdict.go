package verdict

import "github.com/sudoku-judge/sudoku-judge/problems/contest"

// Verdict is contest.Verdict: the one definition, with the one severity
// order, lives in problems/contest.
type Verdict = contest.Verdict

// The verdicts, as in problems/contest.
const (
	AC      = contest.AC
	WA      = contest.WA
	PE      = contest.PE
	TLE     = contest.TLE
	MLE     = contest.MLE
	OLE     = contest.OLE
	RE      = contest.RE
	CE      = contest.CE
	IE      = contest.IE
	NA      = contest.NA
	Skipped = contest.Skipped
)

// Worst is contest.Worst.
func Worst(vs ...Verdict) Verdict { return contest.Worst(vs...) }
