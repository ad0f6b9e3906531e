package lang

// Go is a single-file Go program built by the go command outside any
// module (standard library only), with the local toolchain only: nothing
// is downloaded, and without cgo, so no C compiler sees the source. In the
// sandbox each compile gets a fresh build cache (GOCACHE) of its own, which
// no other submission wrote: it costs a cold build of the standard
// packages used (about 6 s here) but nothing can be poisoned.
var Go = Language{
	Name:       "go",
	Aliases:    []string{"golang"},
	Extensions: []string{".go"},
	Compile:    []string{"go", "build", "-o", "{out}", "{src}"},
	Run:        []string{"{out}"},
	Env:        []string{"GOTOOLCHAIN=local", "GOFLAGS=", "GOWORK=off", "GOPROXY=off", "CGO_ENABLED=0", "GOTELEMETRY=off"},
	Cache:      "GOCACHE",
	AllowLocks: true,
}
