package builtin

import (
	"syscall"
	"time"
	"unsafe"
)

// A threadClock reads the CPU time of one thread.
type threadClock struct{ id int }

// currentThreadClock returns the CPU clock of the calling thread: Linux's
// MAKE_THREAD_CPUCLOCK(tid, CPUCLOCK_SCHED), which any thread may read.
func currentThreadClock() (threadClock, bool) {
	tid := syscall.Gettid()
	return threadClock{id: ^tid<<3 | 6}, true
}

// now returns the CPU time the thread has used.
func (c threadClock) now() (time.Duration, bool) {
	var ts syscall.Timespec
	_, _, errno := syscall.Syscall(syscall.SYS_CLOCK_GETTIME, uintptr(c.id), uintptr(unsafe.Pointer(&ts)), 0)
	if errno != 0 {
		return 0, false
	}
	return time.Duration(ts.Nano()), true
}
