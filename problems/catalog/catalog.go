package catalog

import (
	"fmt"
	"os"
	"slices"
	"strings"

	"github.com/sudoku-judge/sudoku-judge/internal/suggest"
	"github.com/sudoku-judge/sudoku-judge/problems"
	"github.com/sudoku-judge/sudoku-judge/problems/hdu4069"
	"github.com/sudoku-judge/sudoku-judge/problems/kattis"
	"github.com/sudoku-judge/sudoku-judge/problems/poj2676"
	"github.com/sudoku-judge/sudoku-judge/problems/poj3074"
	"github.com/sudoku-judge/sudoku-judge/problems/poj3076"
	"github.com/sudoku-judge/sudoku-judge/problems/target"
	"github.com/sudoku-judge/sudoku-judge/problems/uva10957"
	"github.com/sudoku-judge/sudoku-judge/problems/variant"
	"github.com/sudoku-judge/sudoku-judge/problems/xsudoku"
)

// entry is a problem's id and constructor: a problem is built, and its
// problem.yaml parsed, only when a command asks for it by id.
type entry struct {
	id  string
	new func() problems.Problem
}

// entries lists every problem in catalog order: those with a Go package
// of their own, then the folders of problems/ that are only data, by name.
func entries() []entry {
	es := []entry{
		{poj2676.ID, poj2676.New},
		{poj3074.ID, poj3074.New},
		{poj3076.ID, poj3076.New},
		{hdu4069.ID, hdu4069.New},
		{target.ID, target.New},
		{uva10957.ID, uva10957.New},
		{xsudoku.ID, xsudoku.New},
	}
	for _, id := range problems.FolderIDs() {
		if !slices.ContainsFunc(es, func(e entry) bool { return e.id == id }) {
			es = append(es, entry{id, dataOnly(id)})
		}
	}
	return es
}

// dataOnly returns the constructor of the problem that the folder
// problems/id declares (package variant). It panics if the folder's
// problem.yaml is invalid, which the catalog's tests rule out.
func dataOnly(id string) func() problems.Problem {
	return func() problems.Problem {
		p, err := variant.Open(id, problems.Folder(id))
		if err != nil {
			panic(err.Error())
		}
		return p
	}
}

// All returns a new value of every problem, in catalog order.
func All() []problems.Problem {
	var all []problems.Problem
	for _, e := range entries() {
		all = append(all, e.new())
	}
	return all
}

// IDs returns the ids of All, in order, without building the problems.
func IDs() []string {
	var ids []string
	for _, e := range entries() {
		ids = append(ids, e.id)
	}
	return ids
}

// Lookup returns the problem with the given id, in any case (POJ2676 is
// poj2676). An unknown id's error suggests the closest known one.
func Lookup(id string) (problems.Problem, error) {
	for _, e := range entries() {
		if strings.EqualFold(e.id, id) {
			return e.new(), nil
		}
	}
	if s := suggest.DidYouMean(id, IDs(), "%s"); s != "" {
		return nil, fmt.Errorf("no problem %q: %s (have %s)", id, s, strings.Join(IDs(), ", "))
	}
	return nil, fmt.Errorf("no problem %q (have %s)", id, strings.Join(IDs(), ", "))
}

// Select resolves "all" (or "") or a comma-separated list of ids to
// problems, in the order given. A repeated id is an error, so that a run
// does not judge one problem twice by accident.
func Select(list string) ([]problems.Problem, error) {
	if list = strings.TrimSpace(list); list == "" || list == "all" {
		return All(), nil
	}
	var out []problems.Problem
	seen := make(map[string]bool)
	for _, id := range strings.Split(list, ",") {
		id = strings.TrimSpace(id)
		if seen[strings.ToLower(id)] {
			return nil, fmt.Errorf("problem %q listed twice in %q", id, list)
		}
		seen[strings.ToLower(id)] = true
		p, err := Lookup(id)
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, nil
}

// Open returns the problem arg names: a problem's id, or else the path of
// a problem package in the Kattis format, a folder or a zip (see package
// kattis), which is a sudoku problem (package variant) when its
// sudoku-judge.yaml declares a topology. An id wins over a folder of the
// same name: write ./poj2676 for the folder.
func Open(arg string) (problems.Task, error) {
	if slices.ContainsFunc(IDs(), func(id string) bool { return strings.EqualFold(id, arg) }) {
		return Lookup(arg)
	}
	if _, err := os.Stat(arg); err == nil {
		pkg, err := kattis.OpenPath(arg)
		if err != nil {
			return nil, err
		}
		if pkg.Config().Harness.Sudoku == nil {
			return pkg, nil
		}
		// A package that declares a sudoku topology is a problem the
		// built-in strategies solve.
		return variant.New(pkg)
	}
	_, err := Lookup(arg)
	return nil, fmt.Errorf("%w, and no package folder or zip %s", err, arg)
}

// OpenProblem is [Open] for the commands that solve or generate puzzles:
// the problem must be a sudoku problem, one of the catalog's or a package
// that declares its topology.
func OpenProblem(arg string) (problems.Problem, error) {
	t, err := Open(arg)
	if err != nil {
		return nil, err
	}
	p, ok := t.(problems.Problem)
	if !ok {
		return nil, fmt.Errorf("%s declares no sudoku topology (sudoku-judge.yaml's harness.sudoku): only programs are judged on it (test, run)", arg)
	}
	return p, nil
}

// WithPackages returns every problem of the catalog, then the problem
// packages in each of dirs (see kattis.OpenAll): a folder of packages or
// one package. Two problems with one id are an error.
func WithPackages(dirs []string) ([]problems.Task, error) {
	var all []problems.Task
	seen := map[string]string{}
	for _, p := range All() {
		all = append(all, p)
		seen[strings.ToLower(p.ID())] = "the catalog"
	}
	for _, d := range dirs {
		pkgs, err := kattis.OpenAll(d)
		if err != nil {
			return nil, err
		}
		for _, p := range pkgs {
			if where, dup := seen[strings.ToLower(p.ID())]; dup {
				return nil, fmt.Errorf("problem %s of %s: %s has a problem of that id", p.ID(), d, where)
			}
			seen[strings.ToLower(p.ID())] = d
			all = append(all, p)
		}
	}
	return all, nil
}
