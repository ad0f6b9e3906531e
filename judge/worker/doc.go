// Package worker judges the online judge's queued submissions: it pulls a
// job, builds the source and runs every test in its own sandbox (through
// judge/lang and judge/program, as `sudoku-judge test` does), reports each
// test as it is judged, publishes the result and only then acknowledges the
// job, so a worker that dies leaves its job to another.
//
// A worker refuses a job whose problem data hash differs from its own: a
// machine with other tests would give other verdicts.
package worker
