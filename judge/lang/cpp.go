package lang

// cpp is C++ compiled by g++, in GNU C++17 as Codeforces' "GNU G++17" is.
// ONLINE_JUDGE is defined, as on POJ, HDU, UVa and Codeforces.
var cpp = Language{
	Name:       "c++",
	Aliases:    []string{"cpp", "cxx", "g++", "c++17", "gnu++17"},
	Extensions: []string{".cpp", ".cc", ".cxx"},
	Compile:    []string{"g++", "-O2", "-std=gnu++17", "-DONLINE_JUDGE", "-pipe", "-o", "{out}", "{src}"},
	Run:        []string{"{out}"},
	Std:        "gnu++17",
	Needs:      nativeNeeds,
}

// Other versions of C++, in their GNU dialects as DMOJ and Codeforces offer
// them: C++98 is what POJ's, HDU's and UVa's G++ of their time compiled
// (GCC's default before GCC 6).
var (
	cpp98 = version(cpp, "c++98", "gnu++98", "c++03", "gnu++98", "gnu++03")
	cpp11 = version(cpp, "c++11", "gnu++11", "gnu++11")
	cpp14 = version(cpp, "c++14", "gnu++14", "gnu++14")
	cpp20 = version(cpp, "c++20", "gnu++20", "gnu++20")
)
