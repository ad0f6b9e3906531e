package lang

// golang is a single-file Go program built by the go command outside any
// module (standard library only), with the local toolchain only: nothing
// is downloaded, and without cgo, so no C compiler sees the source. In the
// sandbox each compile gets a build cache (GOCACHE) of its own, which no
// other submission wrote: a copy of a template the judge warms once by
// building its own program (see cache.go), so the standard packages are
// not rebuilt every time (0.3 s instead of 6 s here).
var golang = Language{
	Name:       "go",
	Aliases:    []string{"golang"},
	Extensions: []string{".go"},
	Compile:    []string{"go", "build", "-o", "{out}", "{src}"},
	Run:        []string{"{out}"},
	Env:        []string{"GOTOOLCHAIN=local", "GOFLAGS=", "GOWORK=off", "GOPROXY=off", "CGO_ENABLED=0", "GOTELEMETRY=off"},
	Cache:      "GOCACHE",
	CacheWarm:  goWarmSource,
	AllowLocks: true,
	Needs:      goNeeds,
}

// goNeeds: to compile, the Go toolchain's GOROOT, found from the go
// command's real path (a toolchain in /usr/local/go is shown there alone),
// and the C toolchain's commands, with which the build cache is copied;
// the program is static and needs nothing to run.
func goNeeds(path string, compile bool) ([]string, error) {
	if !compile {
		return nil, nil
	}
	return append(existing(nativeToolchain), homeOf(path)), nil
}
