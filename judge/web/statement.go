package web

import (
	"bytes"
	"fmt"
	"html/template"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"

	"github.com/sudoku-judge/sudoku-judge/problems"
)

// renderStatements returns every problem's statement.md as HTML, by id.
// goldmark's defaults are what a page showing them needs: raw HTML in the
// Markdown is left out and links with a dangerous scheme (javascript:,
// data: …) are not made links.
func renderStatements(ps []problems.Problem) (map[string]template.HTML, error) {
	markdown := goldmark.New(goldmark.WithExtensions(extension.Table, extension.Strikethrough))
	out := make(map[string]template.HTML, len(ps))
	for _, p := range ps {
		h, err := renderStatement(markdown, p)
		if err != nil {
			return nil, err
		}
		out[p.ID()] = h
	}
	return out, nil
}

// A stated problem has a statement: every problem built on
// [problems.Base] does.
type stated interface {
	Statement() ([]byte, error)
}

func renderStatement(markdown goldmark.Markdown, p problems.Problem) (template.HTML, error) {
	sp, ok := p.(stated)
	if !ok {
		return template.HTML("<h1>" + template.HTMLEscapeString(p.Config().Name) + "</h1>"), nil
	}
	md, err := sp.Statement()
	if err != nil {
		return "", fmt.Errorf("web: problem %s: %w", p.ID(), err)
	}
	var b bytes.Buffer
	if err := markdown.Convert(md, &b); err != nil {
		return "", fmt.Errorf("web: problem %s: statement.md: %w", p.ID(), err)
	}
	return template.HTML(b.String()), nil // goldmark escaped the text and left out raw HTML
}
