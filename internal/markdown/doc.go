// Package markdown renders a problem's statement, written in Markdown, as
// the HTML the web judge shows and as the LaTeX a Kattis problem package
// carries, for go generate and for the tests that keep each rendering in
// step with its Markdown.
//
// Statements are rendered when they are written, not when the judge runs:
// the renderer's package initialisers would otherwise run at every start of
// the binary, a one-off solve included. goldmark's defaults are what a page
// needs: raw HTML in the Markdown is left out, and links with a dangerous
// scheme (javascript:, data: …) are not made links.
package markdown
