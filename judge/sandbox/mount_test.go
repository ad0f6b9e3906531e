//go:build linux

package sandbox

import (
	"slices"
	"testing"
)

func TestUnmountTargets(t *testing.T) {
	for _, c := range []struct {
		mounted, want []string
	}{
		{nil, nil},
		{
			// A run's usual mounts: the build dir goes with /tmp.
			[]string{"/tmp", "/box", "/tmp/sudoku-judge-build-1"},
			[]string{"/box", "/tmp"},
		},
		{
			// Hiding a file in a system dir: beneath no mount of the run's.
			[]string{"/tmp", "/box", "/usr/bin/sudoku-judge"},
			[]string{"/usr/bin/sudoku-judge", "/box", "/tmp"},
		},
		{
			// Mounted twice: twice unmounted, the top one first.
			[]string{"/tmp", "/box", "/data", "/data"},
			[]string{"/data", "/data", "/box", "/tmp"},
		},
		{
			// A sibling whose name starts alike is not beneath.
			[]string{"/tmp", "/tmpfoo", "/tmp/a/b"},
			[]string{"/tmpfoo", "/tmp"},
		},
	} {
		if got := unmountTargets(c.mounted); !slices.Equal(got, c.want) {
			t.Errorf("unmountTargets(%q) = %q, want %q", c.mounted, got, c.want)
		}
	}
}
