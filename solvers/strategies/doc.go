// Package strategies lists the built-in solver strategies by their stable
// names, in the order tables show them: simplest first.
package strategies
