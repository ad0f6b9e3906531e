// Package target is NOIP 2009 (senior) "靶形数独", target sudoku: a
// standard 9×9 puzzle whose cells are worth 6 on the outer ring up to 10 in
// the centre; the answer is the highest total of weight times digit over all
// completions, or -1 when there is none.
//
// A puzzle may have tens of thousands of completions, so SolveCase asks the
// strategy to maximise the ring-weighted [Weights] objective: strategies that
// bound their search with it skip completions that cannot win, the others
// enumerate them all. The secret tests are the 20 official ones.
package target
