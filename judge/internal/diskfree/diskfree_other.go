//go:build !unix && !windows

package diskfree

import "errors"

// Free is not known on this system.
func Free(path string) (uint64, error) {
	return 0, errors.New("diskfree: not supported on this system")
}
