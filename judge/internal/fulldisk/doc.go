// Package fulldisk gives tests a small disk of their own and fills it, to
// see what a judge does when its data disk is full (Linux only: a tmpfs,
// mounted as root).
package fulldisk
