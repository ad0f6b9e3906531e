package lang

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/sudoku-judge/sudoku-judge/internal/testenv"
	"github.com/sudoku-judge/sudoku-judge/judge/sandbox/sandboxtest"
)

// BenchmarkBuild compiles one contest program per language, directly (as
// the judge's user, the old way) and in the sandbox, to show what the
// sandboxed compile costs:
//
//	go test -run '^$' -bench Build -benchtime 5x ./judge/lang
func BenchmarkBuild(b *testing.B) {
	sb := sandboxtest.Full(b)
	for _, src := range []string{"ac.c", "ac.cpp", "ac.go", "ac.py", "modes.java", "modes.rs", "modes.js"} {
		for _, mode := range []string{"direct", "sandboxed"} {
			b.Run("src="+src+"/mode="+mode, func(b *testing.B) {
				opts := Options{}
				if mode == "sandboxed" {
					opts.Sandbox = sb
				}
				for b.Loop() {
					exe, err := Build(context.Background(), filepath.Join(testdata, src), opts)
					if IsToolchainError(err) {
						testenv.Need(b, "the toolchain of "+src, err)
					}
					if err != nil {
						b.Fatal(err)
					}
					exe.Close()
				}
			})
		}
	}
}
