// Package hostiletext is for the tests of one rule: no control byte a
// program writes reaches any output of sudoku-judge raw. It holds the text
// a hostile program writes and a check, written apart from the code it
// checks, that an output holds nothing of it a terminal or a reader could
// act on.
package hostiletext
