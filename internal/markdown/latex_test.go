package markdown

import (
	"strings"
	"testing"
)

func TestLaTeX(t *testing.T) {
	tests := []struct {
		name, md string
		want     string // the whole output
	}{
		{"title and sections", "# Sudoku (POJ 3074)\n\nSolve it.\n\n## Input\n\nLines.\n\n### Note\n\nNone.\n",
			"\\problemname{Sudoku (POJ 3074)}\n\nSolve it.\n\n\\section*{Input}\n\nLines.\n\n\\subsection*{Note}\n\nNone.\n"},
		{"second title is a section", "# A\n\n# B\n", "\\problemname{A}\n\n\\section*{B}\n"},
		{"special characters", "50% of a_b & {c} #1 $5 ~x^2 \\n <a|b>\n",
			"50\\% of a\\_b \\& \\{c\\} \\#1 \\$5 \\textasciitilde{}x\\textasciicircum{}2 \\textbackslash{}n \\textless{}a\\textbar{}b\\textgreater{}\n"},
		{"unicode signs", "9×9, 1–9, a − b, x ≤ y ≥ z, ’s …\n", "9$\\times$9, 1--9, a $-$ b, x $\\le$ y $\\ge$ z, 's \\ldots{}\n"},
		{"emphasis", "*one* **two** ~~three~~\n", "\\emph{one} \\textbf{two} \\sout{three}\n"},
		{"code span", "print `No_solution` or `50%`\n", "print \\texttt{No\\_solution} or \\texttt{50\\%}\n"},
		{"code block keeps its text", "```\n1 2\n$x_1$ − 8\n```\n", "\\begin{verbatim}\n1 2\n$x_1$ - 8\n\\end{verbatim}\n"},
		{"indented code block", "    weight(r, c) = 6\n", "\\begin{verbatim}\nweight(r, c) = 6\n\\end{verbatim}\n"},
		{"bullet list", "* one\n* two\n  more\n", "\\begin{itemize}\n\\item one\n\\item two\nmore\n\\end{itemize}\n"},
		{"ordered list", "1. one\n2. two\n", "\\begin{enumerate}\n\\item one\n\\item two\n\\end{enumerate}\n"},
		{"link", "[POJ](http://poj.org/problem?id=2676#top)\n", "\\href{http://poj.org/problem?id=2676\\#top}{POJ}\n"},
		{"autolink", "<https://example.com/a%20b>\n", "\\url{https://example.com/a\\%20b}\n"},
		{"raw HTML is left out", "a <b>bold</b> c\n\n<div>x</div>\n", "a bold c\n"},
		{"hard break", "a  \nb\n", "a\\\\\nb\n"},
		{"table", "| a | b |\n|---|---|\n| 1 | 2 |\n", "\\begin{tabular}{ll}\na & b \\\\\n1 & 2 \\\\\n\\end{tabular}\n"},
		{"quote", "> said\n", "\\begin{quote}\nsaid\n\n\\end{quote}\n"},
	}
	for _, tc := range tests {
		got, err := LaTeX([]byte(tc.md))
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		if string(got) != tc.want {
			t.Errorf("%s: LaTeX(%q) =\n%q\nwant\n%q", tc.name, tc.md, got, tc.want)
		}
	}
}

func TestLaTeXErrors(t *testing.T) {
	for md, want := range map[string]string{
		"![grid](grid.png)\n":            "images are not supported",
		"```\nx\n\\end{verbatim}\n```\n": `\end{verbatim}`,
	} {
		if _, err := LaTeX([]byte(md)); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("LaTeX(%q): error %v, want %q", md, err, want)
		}
	}
}

// FuzzLaTeX renders any text: an error or LaTeX, never a panic, and what
// it writes is ASCII, the signs the template's fonts lack spelt as LaTeX.
func FuzzLaTeX(f *testing.F) {
	f.Add("# Title\n\n* a `b_c` 9×9\n\n```\nx − y\n```\n| a | b |\n|---|---|\n| 1 | 2 |\n")
	f.Fuzz(func(t *testing.T, md string) {
		tex, err := LaTeX([]byte(md))
		if err != nil {
			return
		}
		for _, r := range []string{"×", "−", "≤", "–"} {
			if strings.Contains(string(tex), r) {
				t.Fatalf("LaTeX(%q) holds %q: %q", md, r, tex)
			}
		}
	})
}
