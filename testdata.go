// Package sudokujudge holds the public puzzle sets of testdata/, embedded,
// so that a binary installed with `go install` benchmarks on them from any
// directory, without a checkout.
//
// Only the sets that solvers/puzzleset names are embedded (about 1.2 MB);
// the commands, solvers and judges live in the packages below this one.
package sudokujudge

import (
	"embed"
	"io/fs"
)

//go:embed testdata/unbiased.txt testdata/17clue.txt testdata/top95.txt testdata/top1465.txt
//go:embed testdata/hardest11plus.txt testdata/hardest1106.txt testdata/serg.txt testdata/gen16.txt
//go:embed testdata/gen25.txt
var testdata embed.FS

// Testdata returns the embedded puzzle sets as a file system whose root
// holds the files of testdata/: top95.txt, hardest1106.txt, ...
func Testdata() fs.FS {
	sub, err := fs.Sub(testdata, "testdata")
	if err != nil {
		panic(err) // "testdata" is a valid path: cannot happen
	}
	return sub
}
