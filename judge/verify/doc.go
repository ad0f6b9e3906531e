// Package verify checks a problem package as Kattis' verifyproblem does,
// in this judge's sandbox: its input validators accept every test's input,
// its checker accepts every test's answer, and each of the package's own
// submissions gets the verdict its folder names (submissions/accepted,
// wrong_answer, time_limit_exceeded, run_time_error).
//
// A submission's verdict is the format's: that of its first test, in the
// package's order, that is not accepted. A package that sets no time limit
// gets problemtools' rule: the slowest accepted submission's longest test
// times the time multiplier, rounded to whole seconds, at least 1.
package verify
