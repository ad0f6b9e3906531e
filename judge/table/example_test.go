package table_test

import (
	"os"

	"github.com/sudoku-judge/sudoku-judge/judge"
	"github.com/sudoku-judge/sudoku-judge/judge/table"
	"github.com/sudoku-judge/sudoku-judge/problems/contest"
)

func ExampleResults() {
	r := judge.Result{Problem: "poj3076", Solution: "mrv", Tests: []judge.TestResult{
		{Name: "sample/1", Verdict: contest.AC, TimeMS: 12.5},
		{Name: "secret/1", Verdict: contest.TLE, TimeMS: 1000, Message: "stopped at the time limit of 1s"},
	}}
	r.Summarize()
	table.Results(os.Stdout, []judge.Result{r})
	// Output:
	// +---------+----------+--------+---------+------------+----------+------------------------------------------------+
	// | problem | strategy | passed | verdict | total time | max time | note                                           |
	// +---------+----------+--------+---------+------------+----------+------------------------------------------------+
	// | poj3076 | mrv      |    1/2 | TLE     |      1.0 s |    1.0 s | secret/1: TLE: stopped at the time limit of 1s |
	// +---------+----------+--------+---------+------------+----------+------------------------------------------------+
}

func ExampleTests() {
	table.Tests(os.Stdout, []judge.TestResult{
		{Name: "sample/1", Verdict: contest.AC, TimeMS: 0.731, MemoryKB: 2300},
		{Name: "secret/2", Verdict: contest.WA, TimeMS: 3.2, MemoryKB: 2310, Message: `line 4: expected "1 2", got "2 1"`},
	})
	// Output:
	// +----------+---------+----------+--------+-----------------------------------+
	// | test     | verdict |     time | memory | message                           |
	// +----------+---------+----------+--------+-----------------------------------+
	// | sample/1 | AC      | 0.731 ms | 2.2 MB |                                   |
	// | secret/2 | WA      | 3.200 ms | 2.3 MB | line 4: expected "1 2", got "2 1" |
	// +----------+---------+----------+--------+-----------------------------------+
}
