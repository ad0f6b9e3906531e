// Command mkstatement writes every problem's statement in HTML and LaTeX
// from its Markdown: for each folder of problems/ with a
// problem_statement/problem.en.md, problem.en.html beside it (what the web
// judge shows) and problem.en.tex (what a Kattis package's tools read).
// Package problems runs it with go generate in problems/:
//
//	go generate ./problems
//
// and problems/catalog's tests fail when a statement's HTML or LaTeX is
// not what its Markdown renders to.
package main
