//go:build !linux

package builtin

import "time"

// A threadClock reads the CPU time of one thread; only on Linux.
type threadClock struct{}

// currentThreadClock reports that thread CPU time is not available, so
// tests are timed by the wall clock.
func currentThreadClock() (threadClock, bool) { return threadClock{}, false }

func (threadClock) now() (time.Duration, bool) { return 0, false }
