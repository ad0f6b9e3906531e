// Package svgplot draws the benchmark report's charts as inline SVG: a
// title, two axes (linear, logarithmic or named categories) with ticks and
// a grid, and points, lines and bars in data coordinates.
//
// Text is set in the browser's own sans-serif font, so nothing is parsed
// or embedded: the package does no work until a chart is drawn, which
// keeps it out of the start-up of every command of the one binary that
// links it. (gonum.org/v1/plot, used before, parses twelve TrueType fonts
// when the program starts: about 1.5 ms of every `solve`.) Sizes are CSS
// pixels; the chart scales with its viewBox.
package svgplot
