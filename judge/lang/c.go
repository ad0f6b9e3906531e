package lang

// cLang is C compiled by gcc, in GNU C11 as DMOJ's and Codeforces' C11 are.
// ONLINE_JUDGE is defined, as on POJ, HDU, UVa and Codeforces, so that a
// program's own #ifndef ONLINE_JUDGE freopen("in.txt", ...) stays out.
var cLang = Language{
	Name:       "c",
	Aliases:    []string{"gcc", "c11", "gnu11"},
	Extensions: []string{".c"},
	Compile:    []string{"gcc", "-O2", "-std=gnu11", "-DONLINE_JUDGE", "-pipe", "-o", "{out}", "{src}", "-lm"},
	Run:        []string{"{out}"},
	Std:        "gnu11",
	Needs:      nativeNeeds,
}

// Older versions of C, as the original judges compiled it: GNU C89 (UVa's
// "ANSI C", GCC's default before GCC 5) and GNU C99 (POJ's GCC).
var (
	c89 = version(cLang, "c89", "gnu89", "c90", "ansi", "gnu89")
	c99 = version(cLang, "c99", "gnu99", "gnu99")
)
