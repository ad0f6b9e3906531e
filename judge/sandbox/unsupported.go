//go:build !linux && !windows && !darwin

package sandbox

import (
	"context"
	"errors"
)

// A Sandbox runs programs. This system has none (Linux, Windows and macOS do).
type Sandbox struct{}

var errUnsupported = errors.New("sandbox: only supported on Linux, Windows and macOS")

// New fails: the sandbox needs Linux.
func New(opts Options) (*Sandbox, error) { return nil, errUnsupported }

// Isolation returns nothing in force.
func (s *Sandbox) Isolation() Isolation { return Isolation{Cgroup: "none"} }

// Run fails.
func (s *Sandbox) Run(ctx context.Context, spec Spec) (*Result, error) {
	return &Result{Status: Internal, ExitCode: -1, Note: errUnsupported.Error()}, errUnsupported
}

// Close does nothing.
func (s *Sandbox) Close() error { return nil }

// IsHelper reports false: there is no helper.
func IsHelper() bool { return false }

// RunHelper is never called.
func RunHelper() { panic(errUnsupported) }
