// Package markdown renders a problem's statement.md as the HTML the web
// judge shows, for go generate and for the tests that keep each
// statement.html in step with its statement.md.
//
// Statements are rendered when they are written, not when the judge runs:
// the renderer's package initialisers would otherwise run at every start of
// the binary, a one-off solve included. goldmark's defaults are what a page
// needs: raw HTML in the Markdown is left out, and links with a dangerous
// scheme (javascript:, data: …) are not made links.
package markdown
