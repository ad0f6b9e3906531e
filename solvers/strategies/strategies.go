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

// entry is a strategy's name and constructor: a strategy is built, and its
// tables made, only when a command asks for it by name.
type entry struct {
	name string
	new  func() solvers.Strategy
}

// entries lists every built-in strategy, simplest first. Each strategy
// package adds its New here once it passes solverstest.
func entries() []entry {
	return []entry{
		{"naive", naive.New},
		{"mrv", mrv.New},
		{"dlx", dlx.New},
		{"propagate", propagate.New},
		{"fast", fast.New},
	}
}

// All returns every built-in strategy, simplest first.
func All() []solvers.Strategy {
	var all []solvers.Strategy
	for _, e := range entries() {
		all = append(all, e.new())
	}
	return all
}

// Names returns the names of All, in order, without building the
// strategies.
func Names() []string {
	var names []string
	for _, e := range entries() {
		names = append(names, e.name)
	}
	return names
}

// Lookup returns the strategy called name, in any case (DLX is dlx),
// building only that one. An unknown name's error suggests the closest
// known one.
func Lookup(name string) (solvers.Strategy, error) {
	for _, e := range entries() {
		if strings.EqualFold(e.name, name) {
			return e.new(), nil
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
