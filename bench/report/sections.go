package report

import (
	"fmt"
	"sort"
	"strings"

	"github.com/sudoku-judge/sudoku-judge/bench/compare"
	"github.com/sudoku-judge/sudoku-judge/problems/contest"
)

// configKeys are the file configuration shown for each input: the
// machine, the toolchain, the build and the source tree.
var configKeys = []string{"cpu", "goos", "goarch", "go", "version", "commit", "dirty"}

// inputsSection says where every number on the page comes from: each
// file's machine, Go version, build and commit.
func inputsSection(inputs []Input) Section {
	var rows [][]string
	for _, in := range inputs {
		c := compare.FileConfig(in.Results)
		row := []string{in.Name}
		for _, k := range configKeys {
			row = append(row, c.Get(k))
		}
		rows = append(rows, row)
	}
	note := "Each file's configuration, as its header records it (? where it does not). Only times from one machine are comparable."
	if len(inputs) > 1 {
		var names []string
		var cfgs []compare.Config
		for _, in := range inputs {
			names = append(names, in.Name)
			cfgs = append(cfgs, compare.FileConfig(in.Results))
		}
		if err := compare.MachineDifference(names, cfgs); err != nil {
			note += " Warning: " + strings.TrimPrefix(err.Error(), "compare: ") + "."
		}
	}
	return Section{
		ID: "inputs", Title: "Inputs",
		Note:   note,
		Header: append([]string{"file"}, configKeys...),
		Rows:   rows,
	}
}

// headToHeadSection sums up every pair in one table: who wins how many
// puzzles, by how much on the typical puzzle and over the whole set.
func headToHeadSection(in Input, pairs []*Pair, skipped []string) Section {
	var rows [][]string
	for _, p := range pairs {
		rows = append(rows, []string{p.Workload, p.B + " vs " + p.A, fmt.Sprint(p.Puzzles),
			fmt.Sprintf("%.1f%%", p.Share(p.BWins)), fmt.Sprintf("%.1f%%", p.Share(p.AWins)),
			fmtRatio(p.MedianRatio), fmtRatio(p.TotalRatio)})
	}
	note := ""
	if len(skipped) > 0 {
		note = " Not compared: " + strings.Join(skipped, "; ") + "."
	}
	return Section{
		ID: "head-to-head", Title: "Head to head, puzzle by puzzle",
		Note: note + fmt.Sprintf("From the per-puzzle times of %s: each puzzle timed on its own, the median of the passes. "+
			"\"B ÷ A\" is B's time divided by A's: below 1, B is faster. The median is over puzzles (the typical puzzle); "+
			"the whole-set ratio weighs each puzzle by its time, so a few slow puzzles can dominate it.", in.Name),
		Header: []string{"set", "B vs A", "puzzles", "B faster on", "A faster on", "median over puzzles of B ÷ A", "whole set B ÷ A"},
		Rows:   rows,
	}
}

// pairSections draws each pair: the scatter, the verdict in words, and
// the puzzles where the two differ most, to paste into solve.
func pairSections(in Input, pairs []*Pair) []Section {
	colour := make(map[string]map[string]int) // workload -> solver -> palette index
	for _, s := range in.Times.Series {
		m := colour[s.Workload()]
		if m == nil {
			m = make(map[string]int)
			colour[s.Workload()] = m
		}
		if _, ok := m[label(s)]; !ok {
			m[label(s)] = len(m)
		}
	}
	var secs []Section
	for i, p := range pairs {
		ca, cb := colour[p.Workload][p.A], colour[p.Workload][p.B]
		svg, err := scatterChart(p, ca, cb)
		if err != nil {
			svg = ""
		}
		ties := ""
		if p.Ties > 0 {
			ties = fmt.Sprintf(", equal on %d", p.Ties)
		}
		summary := fmt.Sprintf("%s was faster than %s on %.1f%% of the %d puzzles of %s, %s on %.1f%%%s. "+
			"On the typical puzzle %s takes %s %s's time (median over puzzles of %s's µs ÷ %s's µs); over the whole set, %s.",
			p.B, p.A, p.Share(p.BWins), p.Puzzles, p.Workload, p.A, p.Share(p.AWins), ties,
			p.B, fmtRatio(p.MedianRatio), p.A, p.B, p.A, fmtRatio(p.TotalRatio))
		slower, faster := p.Most(5)
		table := func(caption string, ds []Differ) Table {
			t := Table{Caption: caption, Header: []string{"#", "puzzle", p.A + " µs", p.B + " µs", p.B + " ÷ " + p.A}}
			for _, d := range ds {
				puzzle := d.Puzzle
				if puzzle == "" {
					puzzle = "(not recorded in this times file)"
				}
				t.Rows = append(t.Rows, []string{fmt.Sprint(d.N), puzzle, usInt(d.ANs), usInt(d.BNs), fmtRatio(d.Ratio)})
			}
			return t
		}
		var tables []Table
		if len(faster) > 0 {
			tables = append(tables, table(fmt.Sprintf("Where %s gains most on %s", p.B, p.A), faster))
		}
		if len(slower) > 0 {
			tables = append(tables, table(fmt.Sprintf("Where %s loses most to %s", p.B, p.A), slower))
		}
		try := ""
		if len(slower) > 0 && len(slower[0].Puzzle) == 81 || len(faster) > 0 && len(faster[0].Puzzle) == 81 {
			// Any 9x9 puzzle is a valid POJ 3074 input, ended by "end".
			strategy := contest.Safe(p.b.Strategy)
			if p.b.Program {
				strategy = contest.Safe(p.a.Strategy)
				if p.a.Program {
					strategy = "dlx"
				}
			}
			try = fmt.Sprintf(" To try a puzzle yourself: printf '%%s\\nend\\n' PUZZLE | sudoku-judge solve --problem poj3074 --strategy %s", strategy)
		}
		if p.a.Program || p.b.Program {
			try = " A program's time for a puzzle is a whole process, start-up included: it cannot go below the start-up time." + try
		}
		secs = append(secs, Section{
			ID:      fmt.Sprintf("pair-%d", i+1),
			Title:   fmt.Sprintf("%s vs %s on %s", p.B, p.A, p.Workload),
			Summary: summary,
			Note: fmt.Sprintf("Each dot is one puzzle: across, %s's µs for it; up, %s's (each the median of the passes; log scales). "+
				"Below the dashed diagonal %s was faster; above it, %s.%s", p.A, p.B, p.B, p.A, try),
			SVG: svg,
			Legend: []Swatch{
				{Colour(cb), p.B + " faster (below the diagonal)"},
				{Colour(ca), p.A + " faster or equal (on or above)"},
			},
			Tables: tables,
		})
	}
	return secs
}

// programsNote names the programs measured on workload w, which have no
// per-puzzle times: a program is timed as a whole process.
func programsNote(in Input, w string) string {
	n, err := newNamer()
	if err != nil {
		return ""
	}
	withTimes := make(map[string]bool)
	for _, s := range in.Times.Series {
		if s.Workload() == w {
			withTimes[label(s)] = true
		}
	}
	seen := make(map[string]bool)
	for _, r := range in.Results {
		if k, ok := n.key(r); ok && k.workload() == w && !withTimes[k.solver] {
			seen[k.solver] = true
		}
	}
	if len(seen) == 0 {
		return ""
	}
	var progs []string
	for p := range seen {
		progs = append(progs, p)
	}
	sort.Strings(progs)
	return fmt.Sprintf(" Not drawn: %s, timed as whole processes over the set only (bench --programs-per-puzzle times each puzzle); see the mean time per puzzle.", strings.Join(progs, ", "))
}
