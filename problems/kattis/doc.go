// Package kattis reads and writes problem packages in the Kattis problem
// package format (https://www.kattis.com/problem-package-format/), the
// common language of contest tools: Kattis' problemtools checks packages
// in it and DOMjudge imports them.
//
// [Open] reads any package, a folder or a zip, as a [problems.Task] that
// the judge runs programs on: its tests in data/ (in problemtools' order),
// its checker (the default validator with problem.yaml's flags, or the
// package's output validator, a program a judge builds in its sandbox),
// its limits and its own submissions, each under the verdict its folder
// names. A package that carries a sudoku-judge.yaml (our settings beside
// problem.yaml, as [Export] writes) keeps its test groups and time limit.
//
// [Export] writes one of our problems as a package that problemtools
// v1.20231016 verifies without errors.
package kattis
