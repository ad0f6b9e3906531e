//go:build unix

package diskfree

import "golang.org/x/sys/unix"

// Free returns the bytes an unprivileged user may still write on path's
// file system.
func Free(path string) (uint64, error) {
	var st unix.Statfs_t
	if err := unix.Statfs(path, &st); err != nil {
		return 0, err
	}
	return uint64(st.Bavail) * uint64(st.Bsize), nil
}
