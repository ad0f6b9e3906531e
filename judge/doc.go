// Package judge holds the result model shared by every way of judging: a
// built-in strategy over a problem's tests (package builtin), or a
// contestant's program in the sandbox (package program). Both report a
// [Result] per solution and problem, one [TestResult] per test, and print
// them as the same JSON.
package judge
