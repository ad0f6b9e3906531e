package lang

// C is C compiled by gcc.
var C = Language{
	Name:       "c",
	Aliases:    []string{"gcc", "c11", "gnu11"},
	Extensions: []string{".c"},
	Compile:    []string{"gcc", "-O2", "-std=gnu11", "-pipe", "-o", "{out}", "{src}", "-lm"},
	Run:        []string{"{out}"},
}
