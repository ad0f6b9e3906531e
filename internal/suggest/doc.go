// Package suggest finds the known name a mistyped one was meant to be, so
// that an error can say "did you mean poj2676?". It compares names without
// regard to case, by edit distance with transpositions (poj2767 is two
// edits from poj2676, dxl one from dlx), and accepts a known name that
// holds the typed one (2676 for poj2676).
package suggest
