// Package sandboxtest holds what the tests of the sandbox's users share:
// the TestMain hook every test binary that runs programs needs, and opening
// a sandbox in the isolation a test asks for or skipping with the reason.
package sandboxtest

import (
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/sudoku-judge/sudoku-judge/internal/testenv"
	"github.com/sudoku-judge/sudoku-judge/judge/sandbox"
)

// Main runs the tests, or the sandbox's helper when the test binary was
// started as one. Call it from TestMain.
func Main(m *testing.M) {
	if sandbox.IsHelper() {
		sandbox.RunHelper()
	}
	os.Exit(m.Run())
}

// Full returns a sandbox with full isolation (root, namespaces, cgroups,
// seccomp), closed when t ends, or skips t saying what is missing (fails
// it in CI: internal/testenv).
func Full(t testing.TB) *sandbox.Sandbox {
	t.Helper()
	testenv.NeedRoot(t)
	sb := Open(t, sandbox.Options{})
	if iso := sb.Isolation(); !iso.Full() {
		testenv.Need(t, "the sandbox's full isolation", errors.New(strings.Join(iso.Degraded, "; ")))
	}
	return sb
}

// Open returns a sandbox with opts in whatever isolation this process can
// have (the modes an ordinary user gets), closed when t ends, and logs
// that isolation.
func Open(t testing.TB, opts sandbox.Options) *sandbox.Sandbox {
	t.Helper()
	sb, err := sandbox.New(opts)
	if err != nil {
		t.Fatalf("sandbox: %v", err)
	}
	t.Cleanup(func() { sb.Close() })
	t.Logf("isolation: %s", sb.Isolation())
	return sb
}
