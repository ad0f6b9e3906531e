// Package testenv lets a test say what it needs of the machine: a command,
// root, a sandbox. Where a developer's machine lacks it, the test skips and
// says what is missing; where CI runs (the environment variable CI is
// "true", as .ci/run sets it and most CI services do), it fails instead, so
// that a green CI run means every test ran.
package testenv

import (
	"os"
	"os/exec"
	"testing"
)

// InCI reports whether the tests run in CI, where nothing may be missing.
func InCI() bool { return os.Getenv("CI") == "true" }

// Need skips t, or fails it in CI, when err says that what the test
// needs is missing. what names it for the message, such as "gcc" or "root".
func Need(t testing.TB, what string, err error) {
	t.Helper()
	if err == nil {
		return
	}
	if InCI() {
		t.Fatalf("needs %s, which CI must provide (.ci/run installs it): %v", what, err)
	}
	t.Skipf("skipped: needs %s: %v", what, err)
}

// NeedCommand returns the path of the command name, and skips t (fails it
// in CI) when there is none on $PATH.
func NeedCommand(t testing.TB, name string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	Need(t, name, err)
	return p
}

// errNotRoot is Need's error for a test run by another user.
type errNotRoot struct{}

func (errNotRoot) Error() string { return "not running as root" }

// NeedRoot skips t (fails it in CI) unless it runs as root.
func NeedRoot(t testing.TB) {
	t.Helper()
	if os.Geteuid() != 0 {
		Need(t, "root", errNotRoot{})
	}
}
