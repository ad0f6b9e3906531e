//go:build linux && !amd64 && !arm64

package sandbox

// syscallResult is not implemented here: refused allocations go unseen.
func syscallResult(pid int) (int64, bool) { return 0, false }
