package lang

// CPP is C++17 compiled by g++.
var CPP = Language{
	Name:       "c++",
	Extensions: []string{".cpp", ".cc", ".cxx"},
	Compile:    []string{"g++", "-O2", "-std=c++17", "-pipe", "-o", "{out}", "{src}"},
	Run:        []string{"{out}"},
}
