//go:build unix

package checker

import "syscall"

// noFollow opens a file only if it is not a symbolic link, and without
// waiting on a FIFO.
const noFollow = syscall.O_NOFOLLOW | syscall.O_NONBLOCK
