//go:build !linux

package schedstat

// Read fails: only Linux keeps schedstat.
func Read(tid int) (Stat, error) { return Stat{}, ErrUnsupported }

// Thread fails: only Linux keeps schedstat.
func Thread() (Stat, error) { return Stat{}, ErrUnsupported }

// WaitExited fails without waiting: only Linux keeps schedstat.
func WaitExited(pid int) (Stat, error) { return Stat{}, ErrUnsupported }
