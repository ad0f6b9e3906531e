// Package procgroup starts a command in a process group of its own, so that
// cancelling it kills everything it started, not only its first process
// (a compiler's cc1 and as, a checker's children). On Windows, which has no
// process groups in this sense, the command gets a new console process
// group and cancelling kills the process itself.
package procgroup
