//go:build linux

package sandbox

import (
	"reflect"
	"testing"
)

func TestV2Parents(t *testing.T) {
	m := cgMount{dir: "/sys/fs/cgroup", root: "/"}
	for _, tc := range []struct {
		home string
		want []string
	}{
		{"/sys/fs/cgroup", []string{"/sys/fs/cgroup"}},
		{"/sys/fs/cgroup/judge", []string{"/sys/fs/cgroup/judge", "/sys/fs/cgroup"}},
		// A user's shell under systemd: the delegated user@.service is
		// the first ancestor the user may write.
		{"/sys/fs/cgroup/user.slice/user-1000.slice/user@1000.service/app.slice/judge.scope", []string{
			"/sys/fs/cgroup/user.slice/user-1000.slice/user@1000.service/app.slice/judge.scope",
			"/sys/fs/cgroup/user.slice/user-1000.slice/user@1000.service/app.slice",
			"/sys/fs/cgroup/user.slice/user-1000.slice/user@1000.service",
			"/sys/fs/cgroup/user.slice/user-1000.slice",
			"/sys/fs/cgroup/user.slice",
			"/sys/fs/cgroup",
		}},
	} {
		if got := v2Parents(m, tc.home); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("v2Parents(%s) = %q, want %q", tc.home, got, tc.want)
		}
	}
}
