package measure

import (
	"fmt"
	"io"

	"github.com/sudoku-judge/sudoku-judge/internal/textable"
)

// WriteTable writes one row per measurement: problem, set, solver (a
// strategy, or program=NAME), verdict (OK, or WA/RE: such rows get no time
// and no rank), puzzles, passes, median µs/puzzle, the ratio to the
// fastest solver of the same problem and set, guesses/puzzle ("-" for
// programs) and, when counted, instructions/puzzle.
func WriteTable(w io.Writer, r *Results) error {
	fastest := make(map[[2]string]float64)
	for _, m := range r.Measurements {
		if len(m.Failures) > 0 {
			continue // a wrong or crashing solver is not ranked
		}
		k := [2]string{m.Problem, m.Set}
		if ns := m.NsPerPuzzle(); ns > 0 && (fastest[k] == 0 || ns < fastest[k]) {
			fastest[k] = ns
		}
	}
	counted := false
	for _, m := range r.Measurements {
		counted = counted || m.Instructions > 0
	}
	var rows [][]string
	for _, m := range r.Measurements {
		ns := m.NsPerPuzzle()
		us, ratio, guesses := "-", "-", "-"
		if ns > 0 && len(m.Failures) == 0 {
			us = fmt.Sprintf("%.2f", ns/1e3)
			ratio = fmt.Sprintf("%.2fx", ns/fastest[[2]string{m.Problem, m.Set}])
		}
		if g := m.GuessesPerPuzzle(); g >= 0 {
			guesses = fmt.Sprintf("%.1f", g)
		}
		passes := fmt.Sprint(len(m.Passes))
		if len(m.Failures) > 0 {
			passes += fmt.Sprintf(" (%d failed)", len(m.Failures))
		}
		rows = append(rows, []string{m.Problem, m.Set, m.Label(), m.Verdict(), fmt.Sprint(m.Puzzles), passes, us, ratio, guesses})
		if counted {
			instr := "-"
			if m.Instructions > 0 {
				instr = fmt.Sprintf("%.0f", m.Instructions)
			}
			rows[len(rows)-1] = append(rows[len(rows)-1], instr)
		}
	}
	header := []string{"problem", "set", "solver", "verdict", "puzzles", "passes", "µs/puzzle", "vs fastest", "guesses/puzzle"}
	right := []bool{false, false, false, false, true, true, true, true, true}
	if counted {
		header, right = append(header, "instructions/puzzle"), append(right, true)
	}
	return textable.Render(w, header, right, rows)
}
