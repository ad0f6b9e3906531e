package lang

// Go is a single-file Go program built by the go command outside any
// module (standard library only), with the local toolchain only: nothing
// is downloaded, and without cgo, so no C compiler sees the source. In the
// sandbox each compile gets a build cache (GOCACHE) of its own, which no
// other submission wrote: a copy of a template the judge warms once by
// building its own program (see cache.go), so the standard packages are
// not rebuilt every time (0.3 s instead of 6 s here).
var Go = Language{
	Name:       "go",
	Aliases:    []string{"golang"},
	Extensions: []string{".go"},
	Compile:    []string{"go", "build", "-o", "{out}", "{src}"},
	Run:        []string{"{out}"},
	Env:        []string{"GOTOOLCHAIN=local", "GOFLAGS=", "GOWORK=off", "GOPROXY=off", "CGO_ENABLED=0", "GOTELEMETRY=off"},
	Cache:      "GOCACHE",
	CacheWarm:  goWarmSource,
	AllowLocks: true,
}
