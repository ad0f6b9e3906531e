package web

import (
	"fmt"
	"html/template"

	"github.com/sudoku-judge/sudoku-judge/problems"
)

// statements returns every problem's statement as HTML, by id: the
// problem's statement in HTML, rendered from its Markdown when it was
// written, with the Markdown's raw HTML left out and dangerous links
// unlinked (internal/markdown). A problem without one is shown by
// its name.
func statements(ps []problems.Task) (map[string]template.HTML, error) {
	out := make(map[string]template.HTML, len(ps))
	for _, p := range ps {
		sp, ok := p.(interface{ StatementHTML() ([]byte, error) })
		if !ok {
			out[p.ID()] = template.HTML("<h1>" + template.HTMLEscapeString(p.Config().Name) + "</h1>")
			continue
		}
		html, err := sp.StatementHTML()
		if err != nil {
			return nil, fmt.Errorf("web: problem %s: %w", p.ID(), err)
		}
		out[p.ID()] = template.HTML(html) // rendered by the problem's author's go generate, not from a request
	}
	return out, nil
}

// A stated problem has a statement: every problem built on
// [problems.Base] does.
type stated interface {
	Statement() ([]byte, error)
}
