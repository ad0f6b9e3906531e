// Package problems is the contract every contest problem of sudoku-judge
// implements, and the loading of a problem package's files.
//
// A problem lives in its own directory under problems/, laid out like a
// Kattis problem package: problem.yaml, problem_statement/problem.en.md,
// data/sample/*.in|.ans and data/secret/*.in|.ans, which this package
// embeds for all of them ([Folder]). Its Go package parses the
// problem's input into puzzles, solves each case with any strategy, formats
// the answers, and supplies the checker that judges an output. Embedding
// [Base] gives it ID, Config and Tests from those files; [SolveFirst] is the
// SolveCase of problems answered by any one solution. Package problemtest
// holds the checks every problem's tests share, and package gen the random
// puzzles its Generate writes.
//
// problem.yaml's groups split the tests as Kattis test groups do: the first
// ([Config.Groups]) is the headline, the original judge's own data where it
// is public, on which a judge gives the verdict the original judge would;
// the others are extended data reported beside it. Every test is in one.
//
// Data flows one way: input text → []*solvers.Puzzle → [Problem.SolveCase]
// with a strategy → [Answer] → [Problem.Format] → output text → checker. A
// problem whose inputs run to tens of thousands of cases is also a
// [Streamer], which [SolveJobs] feeds through that flow a batch at a time.
package problems
