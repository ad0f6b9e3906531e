package table

import (
	"strings"
	"testing"
)

// TestMarkdownTable: a header, its rule, and the rows, each cell's "|"
// escaped so that it stays one cell.
func TestMarkdownTable(t *testing.T) {
	var b strings.Builder
	if err := markdownTable(&b, [][]string{{"id", "checker"}, {"`hdu4069`", "`lines` (a|b)"}, {"x", ""}}); err != nil {
		t.Fatal(err)
	}
	want := "| id | checker |\n| --- | --- |\n| `hdu4069` | `lines` (a\\|b) |\n| x |  |\n"
	if b.String() != want {
		t.Errorf("markdownTable:\n%s\nwant\n%s", b.String(), want)
	}
}
