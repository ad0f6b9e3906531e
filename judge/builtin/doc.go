// Package builtin judges the built-in solver strategies on the problems' own
// tests: each strategy answers each test through the problem's pipeline
// ([problems.Solve]) under the problem's strategy time limit, the problem's
// checker judges the output, and the outputs of different strategies on the
// same test are checked against each other.
//
// The outcome of one test is a verdict of package verdict: AC, WA or PE from
// the checker; TLE when the deadline stopped the strategy or it finished
// past the limit; N/A when the strategy does not handle the problem (it
// returned solvers.ErrUnsupported); RE when it panicked or failed otherwise;
// IE when the checker or the test data failed. TLE and N/A are reported, not failures: [Report.Failed] is
// true only for a wrong answer, a crash, a judge failure or a disagreement
// between strategies.
//
// Once a strategy exceeds the time limit on a test of a problem, its
// remaining tests of that problem are not run but marked SKIPPED with the
// message "not run: TLE on <test>" and no time, unless [Options.RunAfterTLE] is
// set. A strategy too slow for one test of a contest problem is usually too
// slow for the rest, and running them would cost a time limit each: with
// naive backtracking on the hard data that is minutes instead of seconds.
//
// Times are CPU times on Linux: the strategy runs on a goroutine locked to
// its thread, whose CPU clock measures the test and enforces the limit, as
// an online judge's CPU limit does. Other work on the machine then neither
// inflates the figures nor causes spurious TLEs; a test is still stopped
// after ten times its limit in wall time (a strategy that sleeps or
// starves). Elsewhere, or with [Options.WallClock], times and limits are
// wall-clock times. Work a strategy hands to other goroutines is not
// counted.
//
// (problem, strategy) pairs are judged in parallel, one at a time per CPU
// by default; the tests of one pair run one after another, each timed on
// its own.
package builtin
