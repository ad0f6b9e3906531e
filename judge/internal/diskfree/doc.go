// Package diskfree tells how much room is left on the disk of a path, for
// what an unprivileged process may still write there: a judge refuses new
// work when its data disk is nearly full, rather than fail half-way.
package diskfree
