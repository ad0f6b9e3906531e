package lang

// CPP is C++17 compiled by g++.
var CPP = Language{
	Name:       "c++",
	Aliases:    []string{"cpp", "cxx", "g++", "c++17"},
	Extensions: []string{".cpp", ".cc", ".cxx"},
	Compile:    []string{"g++", "-O2", "-std=c++17", "-pipe", "-o", "{out}", "{src}"},
	Run:        []string{"{out}"},
}
