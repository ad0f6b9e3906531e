package main

import (
	"fmt"
	"runtime"
	"runtime/debug"
)

// A build says which sudoku-judge is running, for --version and the
// results it writes.
type build struct {
	Version string // the module version, such as v1.2.0, or (devel) for a build from a checkout
	Commit  string // the VCS revision the build recorded, or ""
	Dirty   bool   // the working tree had changes not in Commit
	Go      string // the Go toolchain that built it
}

// readBuild returns what the running binary recorded about its build.
func readBuild() build {
	info, _ := debug.ReadBuildInfo()
	return buildOf(info)
}

// buildOf reads a build from info, which may be nil (no module support).
func buildOf(info *debug.BuildInfo) build {
	b := build{Version: "(devel)", Go: runtime.Version()}
	if info == nil {
		return b
	}
	if info.Main.Version != "" {
		b.Version = info.Main.Version
	}
	if info.GoVersion != "" {
		b.Go = info.GoVersion
	}
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			b.Commit = s.Value
		case "vcs.modified":
			b.Dirty = s.Value == "true"
		}
	}
	return b
}

// String is the --version line: "sudoku-judge v1.2.0, commit
// 0a1b2c3d4e5f (dirty), go1.26.0 linux/amd64". A build without VCS
// information (go run, -buildvcs=false) says "commit unknown".
func (b build) String() string {
	commit := "unknown"
	if b.Commit != "" {
		commit = b.Commit
		if len(commit) > 12 {
			commit = commit[:12]
		}
		if b.Dirty {
			commit += " (dirty)"
		}
	}
	return fmt.Sprintf("sudoku-judge %s, commit %s, %s %s/%s", b.Version, commit, b.Go, runtime.GOOS, runtime.GOARCH)
}
