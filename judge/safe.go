package judge

import "github.com/sudoku-judge/sudoku-judge/problems/contest"

// MakeSafe makes every string of t that a program, a checker or the file
// names of a folder of tests can control safe to show as it is, by
// contest's rule: the name, group, verdict, signal and limit
// [contest.Safe], the message one safe, short line ([contest.Message]),
// the diff and stderr [contest.SafeLines]. The judges call it where they
// make a result, and every output of results calls it again, as a defence
// in depth: safe text stays as it is.
func (t *TestResult) MakeSafe() {
	t.Name = contest.Safe(t.Name)
	t.Group = contest.Safe(t.Group)
	t.Verdict = contest.Verdict(contest.Safe(string(t.Verdict)))
	t.Signal = contest.Safe(t.Signal)
	t.Limit = contest.Safe(t.Limit)
	t.Message = contest.Message(t.Message)
	t.Diff = contest.SafeLines(t.Diff)
	t.Stderr = contest.SafeLines(t.Stderr)
}

// MakeSafe makes every string of r safe to show (see
// [TestResult.MakeSafe]), the names of its problem, solution and groups
// included.
func (r *Result) MakeSafe() {
	for _, s := range []*string{&r.Problem, &r.Solution, &r.Strategy, &r.Isolation, &r.Judge} {
		*s = contest.Safe(*s)
	}
	r.Verdict = contest.Verdict(contest.Safe(string(r.Verdict)))
	for i := range r.Groups {
		r.Groups[i].Name = contest.Safe(r.Groups[i].Name)
		r.Groups[i].Verdict = contest.Verdict(contest.Safe(string(r.Groups[i].Verdict)))
	}
	for i := range r.Tests {
		r.Tests[i].MakeSafe()
	}
}
