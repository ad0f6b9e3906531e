// Package textable writes rows of text as an ASCII table, in the one style
// every sudoku-judge table has: the judge's result tables and the
// benchmark tables alike, without either importing the other.
package textable

import (
	"fmt"
	"io"

	"github.com/olekukonko/tablewriter"
	"github.com/olekukonko/tablewriter/renderer"
	"github.com/olekukonko/tablewriter/tw"
)

// Render writes rows under header as an ASCII table; columns whose
// alignRight entry is true (numbers) are right-aligned.
func Render(w io.Writer, header []string, alignRight []bool, rows [][]string) error {
	h := make([]any, len(header))
	aligns := make([]tw.Align, len(header))
	for i, c := range header {
		h[i] = c
		aligns[i] = tw.AlignLeft
		if i < len(alignRight) && alignRight[i] {
			aligns[i] = tw.AlignRight
		}
	}
	t := tablewriter.NewTable(w,
		tablewriter.WithRenderer(renderer.NewBlueprint(tw.Rendition{Symbols: tw.NewSymbols(tw.StyleASCII)})),
		tablewriter.WithHeaderAutoFormat(tw.Off),
		tablewriter.WithRowAutoWrap(tw.WrapNone),
		tablewriter.WithHeaderAlignmentConfig(tw.CellAlignment{PerColumn: aligns}),
		tablewriter.WithRowAlignmentConfig(tw.CellAlignment{PerColumn: aligns}),
	)
	t.Header(h...)
	for _, r := range rows {
		if err := t.Append(r); err != nil {
			return fmt.Errorf("table: %w", err)
		}
	}
	if err := t.Render(); err != nil {
		return fmt.Errorf("table: %w", err)
	}
	return nil
}
