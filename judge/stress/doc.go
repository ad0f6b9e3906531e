// Package stress hunts for an input on which a contestant's program fails,
// as the usual stress scripts and oj's --hack do: it generates random
// inputs with the problem's generator, of every kind the problem's answers
// tell apart (unique, multiple, none...), answers each with the problem's
// reference strategy or with a trusted program of the user's (a brute
// force, run in the sandbox), runs the program on it in the sandbox, and
// lets the problem's checker decide. Rounds run in parallel.
//
// Round i uses seed Seed+i and kind Kinds[i%len(Kinds)], so a failure is
// reproducible from its seed and kind, and the first failing round is the
// same however many rounds run at once. A failing input of several cases
// is cut down to the fewest cases that still fail (delta debugging over
// cases) and saved, never overwriting an earlier failure, as a one-test
// folder that `sudoku-judge test --tests DIR` replays.
package stress
