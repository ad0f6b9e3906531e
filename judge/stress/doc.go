// Package stress hunts for an input on which a contestant's program fails,
// the way oj's --hack does: it generates random inputs with the problem's
// generator, answers each with the problem's reference strategy, runs the
// program on it in the sandbox, and stops at the first input the problem's
// checker does not accept. The failing input is saved with the expected
// and the actual output as a one-test folder that `sudoku-judge test
// --tests DIR` replays.
//
// Round i uses seed Seed+i, so a failure is reproducible from its seed.
package stress
