package strategies

import (
	"fmt"
	"strings"

	"github.com/sudoku-judge/sudoku-judge/internal/suggest"
	"github.com/sudoku-judge/sudoku-judge/solvers"
	"github.com/sudoku-judge/sudoku-judge/solvers/dlx"
	"github.com/sudoku-judge/sudoku-judge/solvers/fast"
	"github.com/sudoku-judge/sudoku-judge/solvers/mrv"
	"github.com/sudoku-judge/sudoku-judge/solvers/naive"
	"github.com/sudoku-judge/sudoku-judge/solvers/propagate"
)

// All returns every built-in strategy, simplest first.
func All() []solvers.Strategy {
	return []solvers.Strategy{
		// Each strategy package adds its New() here once it passes solverstest.
		naive.New(),
		mrv.New(),
		dlx.New(),
		propagate.New(),
		fast.New(),
	}
}

// Names returns the names of All, in order.
func Names() []string {
	var names []string
	for _, s := range All() {
		names = append(names, s.Name())
	}
	return names
}

// Lookup returns the strategy called name, in any case (DLX is dlx). An
// unknown name's error suggests the closest known one.
func Lookup(name string) (solvers.Strategy, error) {
	for _, s := range All() {
		if strings.EqualFold(s.Name(), name) {
			return s, nil
		}
	}
	if s := suggest.DidYouMean(name, Names(), "%s"); s != "" {
		return nil, fmt.Errorf("no strategy %q: %s (have %s)", name, s, strings.Join(Names(), ", "))
	}
	return nil, fmt.Errorf("no strategy %q (have %s)", name, strings.Join(Names(), ", "))
}

// Select resolves a comma-separated list of names, or "all", to strategies.
func Select(list string) ([]solvers.Strategy, error) {
	if list == "" || list == "all" {
		return All(), nil
	}
	var out []solvers.Strategy
	for _, name := range strings.Split(list, ",") {
		s, err := Lookup(strings.TrimSpace(name))
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, nil
}
