package markdown

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/text"
)

// LaTeX returns md as the LaTeX of a Kattis problem statement
// (problem_statement/problem.en.tex, the body that problemtools' template
// wraps): the first level-1 heading is \problemname, the other headings
// unnumbered sections, code blocks verbatim, and the characters LaTeX
// treats specially, and the Unicode signs its template's fonts lack, spelt
// as LaTeX spells them. Raw HTML is left out, as [Render] leaves it out;
// an image, which the statement would need as a file beside it, is an
// error.
func LaTeX(md []byte) ([]byte, error) {
	md = bytes.ReplaceAll(md, []byte("\r\n"), []byte("\n"))
	doc := goldmark.New(goldmark.WithExtensions(extension.Table, extension.Strikethrough)).Parser().Parse(text.NewReader(md))
	w := &latexWriter{src: md}
	if err := ast.Walk(doc, w.visit); err != nil {
		return nil, fmt.Errorf("markdown: %w", err)
	}
	return []byte(strings.TrimSpace(w.b.String()) + "\n"), nil
}

// latexWriter renders a goldmark tree as LaTeX.
type latexWriter struct {
	src   []byte
	b     strings.Builder
	named bool // \problemname is written
}

func (w *latexWriter) visit(n ast.Node, entering bool) (ast.WalkStatus, error) {
	b := &w.b
	switch n := n.(type) {
	case *ast.Document:
	case *ast.Heading:
		if entering {
			switch {
			case n.Level == 1 && !w.named:
				b.WriteString(`\problemname{`)
				w.named = true
			case n.Level <= 2:
				b.WriteString(`\section*{`)
			default:
				b.WriteString(`\subsection*{`)
			}
		} else {
			b.WriteString("}\n\n")
		}
	case *ast.Paragraph:
		if !entering {
			b.WriteString("\n\n")
		}
	case *ast.TextBlock:
		if !entering && n.NextSibling() != nil {
			b.WriteString("\n")
		}
	case *ast.Text:
		if entering {
			b.WriteString(escapeLaTeX(string(n.Segment.Value(w.src))))
			switch {
			case n.HardLineBreak():
				b.WriteString("\\\\\n")
			case n.SoftLineBreak():
				b.WriteString("\n")
			}
		}
	case *ast.String:
		if entering {
			b.WriteString(escapeLaTeX(string(n.Value)))
		}
	case *ast.CodeSpan:
		if entering {
			var code strings.Builder
			for c := n.FirstChild(); c != nil; c = c.NextSibling() {
				if t, ok := c.(*ast.Text); ok {
					code.Write(t.Segment.Value(w.src))
				}
			}
			b.WriteString(`\texttt{` + escapeLaTeX(code.String()) + `}`)
			return ast.WalkSkipChildren, nil
		}
	case *ast.Emphasis:
		if entering {
			if n.Level >= 2 {
				b.WriteString(`\textbf{`)
			} else {
				b.WriteString(`\emph{`)
			}
		} else {
			b.WriteString("}")
		}
	case *east.Strikethrough:
		if entering {
			b.WriteString(`\sout{`)
		} else {
			b.WriteString("}")
		}
	case *ast.Link:
		if entering {
			b.WriteString(`\href{` + escapeURL(string(n.Destination)) + `}{`)
		} else {
			b.WriteString("}")
		}
	case *ast.AutoLink:
		if entering {
			b.WriteString(`\url{` + escapeURL(string(n.URL(w.src))) + `}`)
		}
	case *ast.Image:
		return ast.WalkStop, fmt.Errorf("image %q: a statement's images are not supported", n.Destination)
	case *ast.RawHTML, *ast.HTMLBlock:
		return ast.WalkSkipChildren, nil
	case *ast.CodeBlock, *ast.FencedCodeBlock:
		if entering {
			var code strings.Builder
			lines := n.Lines()
			for i := 0; i < lines.Len(); i++ {
				seg := lines.At(i)
				code.Write(seg.Value(w.src))
			}
			verbatim := verbatimASCII.Replace(code.String())
			if strings.Contains(verbatim, `\end{verbatim}`) {
				return ast.WalkStop, fmt.Errorf("a code block holds \\end{verbatim}")
			}
			b.WriteString("\\begin{verbatim}\n" + verbatim)
			if !strings.HasSuffix(verbatim, "\n") {
				b.WriteString("\n")
			}
			b.WriteString("\\end{verbatim}\n\n")
			return ast.WalkSkipChildren, nil
		}
	case *ast.List:
		env := "itemize"
		if n.IsOrdered() {
			env = "enumerate"
		}
		if entering {
			b.WriteString(`\begin{` + env + "}\n")
		} else {
			b.WriteString(`\end{` + env + "}\n\n")
		}
	case *ast.ListItem:
		if entering {
			b.WriteString(`\item `)
		} else {
			b.WriteString("\n")
		}
	case *ast.Blockquote:
		if entering {
			b.WriteString("\\begin{quote}\n")
		} else {
			b.WriteString("\\end{quote}\n\n")
		}
	case *ast.ThematicBreak:
		if entering {
			b.WriteString("\\medskip\\hrule\\medskip\n\n")
		}
	case *east.Table:
		if entering {
			b.WriteString(`\begin{tabular}{` + strings.Repeat("l", len(n.Alignments)) + "}\n")
		} else {
			b.WriteString("\\end{tabular}\n\n")
		}
	case *east.TableHeader, *east.TableRow:
		if !entering {
			b.WriteString(" \\\\\n")
		}
	case *east.TableCell:
		if entering && n.PreviousSibling() != nil {
			b.WriteString(" & ")
		}
	default:
		return ast.WalkStop, fmt.Errorf("%s: not supported in a statement", n.Kind())
	}
	return ast.WalkContinue, nil
}

// latexSpecial spells the characters LaTeX treats specially, and the
// Unicode signs the statement template's fonts lack, as LaTeX spells
// them.
var latexSpecial = strings.NewReplacer(
	`\`, `\textbackslash{}`, `{`, `\{`, `}`, `\}`, `$`, `\$`, `&`, `\&`, `#`, `\#`, `%`, `\%`, `_`, `\_`,
	`~`, `\textasciitilde{}`, `^`, `\textasciicircum{}`, `<`, `\textless{}`, `>`, `\textgreater{}`, `|`, `\textbar{}`,
	"×", `$\times$`, "–", `--`, "—", `---`, "−", `$-$`, "≤", `$\le$`, "≥", `$\ge$`, "≠", `$\ne$`, "·", `$\cdot$`,
	"…", `\ldots{}`, "‘", "`", "’", "'", "“", "``", "”", "''", "→", `$\rightarrow$`, "≈", `$\approx$`,
)

func escapeLaTeX(s string) string { return latexSpecial.Replace(s) }

// verbatimASCII spells in ASCII the Unicode signs that a verbatim block,
// where no command is read, cannot show with the template's fonts.
var verbatimASCII = strings.NewReplacer("×", "x", "–", "-", "—", "--", "−", "-", "≤", "<=", "≥", ">=", "≠", "!=",
	"·", ".", "…", "...", "‘", "'", "’", "'", "“", `"`, "”", `"`, "→", "->", "≈", "~")

// urlSpecial escapes what \href and \url cannot take as it is.
var urlSpecial = strings.NewReplacer(`\`, `\\`, `#`, `\#`, `%`, `\%`, `{`, `\{`, `}`, `\}`)

func escapeURL(s string) string { return urlSpecial.Replace(s) }
