package lang

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudoku-judge/sudoku-judge/internal/testenv"
)

// TestOriginals compiles what POJ's and UVa's old GCC accepted and GCC 12
// rejects: each source fails as the default dialect, and compiles as the
// problem's original compiler, which Executable.Compiled names; a version
// or command the user chose is never replaced, and a source that compiles
// nowhere keeps the default's error.
func TestOriginals(t *testing.T) {
	testenv.NeedCommand(t, "g++")
	testenv.NeedCommand(t, "gcc")
	poj := []Original{
		{Language: &cpp98, OldHeaders: true, Judge: "POJ's G++ (MinGW GCC 4.4.0)"},
		{Language: &c99, Judge: "POJ's GCC (MinGW GCC 4.4.0)"},
	}
	uva := []Original{{Language: &c89, Judge: "UVa's ANSI C"}}
	tests := []struct {
		name, file, src string
		opts            Options
		compiled        string // in Executable.Compiled; "" when it compiles as the default
		ce              string // in the CompileError's output, when it does not compile
	}{
		{"gets", "a.cpp", "#include <cstdio>\nchar s[99];\nint main() { while (gets(s)) puts(s); }\n",
			Options{Originals: poj}, "compiled as gnu++98, POJ's G++ (MinGW GCC 4.4.0); as gnu++17: a.cpp:3:", ""},
		{"bool++", "a.cpp", "#include <iostream>\nint main() { bool b = false; b++; std::cout << b << '\\n'; }\n",
			Options{Originals: poj}, "compiled as gnu++98, POJ's G++", ""},
		{"memset through iostream", "a.cpp", "#include <iostream>\nint a[9];\nint main() { memset(a, 0, sizeof a); printf(\"%d\\n\", a[0]); }\n",
			Options{Originals: poj}, "compiled as gnu++98 with GCC 4's implicit includes, POJ's G++", ""},
		// The implicit includes are tried second: <cstring> declares
		// glibc's index(), which this program's array would clash with.
		{"bool++ beside a global index", "a.cpp", "#include <iostream>\nint index[9];\nint main() { bool b = false; b++; std::cout << b + index[0] << '\\n'; }\n",
			Options{Originals: poj}, "compiled as gnu++98, POJ's G++", ""},
		{"modern C++", "a.cpp", "#include <cstdio>\nint main() { auto x = 1; std::printf(\"%d\\n\", x); }\n",
			Options{Originals: poj}, "", ""},
		{"--lang c++ is the default, so it falls back", "a.cpp", "#include <cstdio>\nchar s[99];\nint main() { gets(s); }\n",
			Options{Originals: poj, Language: &cpp}, "compiled as gnu++98", ""},
		{"--lang c++14 is the user's choice", "a.cpp", "#include <cstdio>\nchar s[99];\nint main() { gets(s); }\n",
			Options{Originals: poj, Language: &cpp14}, "", "'gets' was not declared"},
		{"--compile is the user's choice", "a.cpp", "#include <cstdio>\nchar s[99];\nint main() { gets(s); }\n",
			Options{Originals: poj, Compile: "g++ -std=c++17 -o {out} {src}"}, "", "'gets' was not declared"},
		{"no originals", "a.cpp", "#include <cstdio>\nchar s[99];\nint main() { gets(s); }\n",
			Options{}, "", "'gets' was not declared"},
		{"a syntax error fails everywhere", "a.cpp", "int main() { return 0 }\n",
			Options{Originals: poj}, "", "(it does not compile as gnu++98, POJ's G++ (MinGW GCC 4.4.0) either)"},
		{"C89: restrict is a name", "a.c", "int main(void) { int restrict = 1; return restrict - 1; }\n",
			Options{Originals: uva}, "compiled as gnu89, UVa's ANSI C; as gnu11: a.c:1:", ""},
		{"C++ originals leave C alone", "a.c", "int main(void) { int restrict = 1; return restrict - 1; }\n",
			Options{Originals: poj[:1]}, "", "error"},
		{"C compiles as gnu11", "a.c", "#include <stdio.h>\nint main(void) { for (int i = 0; i < 1; i++) puts(\"x\"); return 0; }\n",
			Options{Originals: uva}, "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := filepath.Join(t.TempDir(), tt.file)
			if err := os.WriteFile(src, []byte(tt.src), 0o644); err != nil {
				t.Fatal(err)
			}
			exe, err := Build(context.Background(), src, tt.opts)
			var ce *CompileError
			if tt.ce != "" {
				if !errors.As(err, &ce) || !strings.Contains(ce.Output, tt.ce) {
					t.Fatalf("Build = %v, %v; want a CE with %q", exe, err, tt.ce)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			defer exe.Close()
			if tt.compiled == "" && exe.Compiled != "" || !strings.Contains(exe.Compiled, tt.compiled) {
				t.Errorf("Compiled = %q, want %q", exe.Compiled, tt.compiled)
			}
			if _, err := os.Stat(filepath.Join(exe.Dir, "prog")); err != nil {
				t.Errorf("no program: %v", err)
			}
		})
	}
}
