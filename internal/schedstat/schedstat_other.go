//go:build !linux

package schedstat

import "time"

// Read fails: only Linux keeps schedstat.
func Read(tid int) (Stat, error) { return Stat{}, ErrUnsupported }

// Thread fails: only Linux keeps schedstat.
func Thread() (Stat, error) { return Stat{}, ErrUnsupported }

// ThreadRun fails: only Linux keeps schedstat.
func ThreadRun() (time.Duration, error) { return 0, ErrUnsupported }

// WaitExited fails without waiting: only Linux keeps schedstat.
func WaitExited(pid int) (Stat, error) { return Stat{}, ErrUnsupported }
