package contest

import "path"

// A Test is one input file and its expected output.
type Test struct {
	Name   string // "sample/1", "secret/hard-01"
	Input  []byte
	Answer []byte
}

// Group returns the directory part of the test's name: "sample", "secret".
func (t Test) Group() string { return path.Dir(t.Name) }
