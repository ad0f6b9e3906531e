package lang

// Go is a single-file Go program built by the go command outside any
// module (standard library only), with the local toolchain only: nothing
// is downloaded. The flags are the default ones so that the standard
// library comes from the build cache.
var Go = Language{
	Name:       "go",
	Extensions: []string{".go"},
	Compile:    []string{"go", "build", "-o", "{out}", "{src}"},
	Run:        []string{"{out}"},
	Env:        []string{"GOTOOLCHAIN=local", "GOFLAGS=", "GOWORK=off", "GOPROXY=off"},
}
