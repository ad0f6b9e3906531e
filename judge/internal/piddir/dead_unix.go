//go:build unix

package piddir

import "golang.org/x/sys/unix"

// dead reports whether no process has the given pid. A pid reused by an
// unrelated process reads as alive, which only delays the tidying.
func dead(pid int) bool {
	return unix.Kill(pid, 0) == unix.ESRCH
}
