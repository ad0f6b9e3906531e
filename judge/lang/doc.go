// Package lang turns a contestant's source file into a program the sandbox
// can run: one file per language (c.go, cpp.go, golang.go, python.go,
// java.go, rust.go, javascript.go), each a [Language] value naming its
// compile and run commands, as DMOJ's executors do. Adding a language is
// copying a sibling file and listing it in lang.go.
//
// [Build] compiles inside the sandbox when [Options].Sandbox is set, as
// every judge of untrusted code must: the compiler is as untrusted as the
// program, since a source can make it read any file it sees (.incbin,
// #include) or run without end. It sees its toolchain (its language's
// Needs) read-only and the build directory (the copied source and nothing
// else) writable, as an unprivileged user under [DefaultLimits];
// the judge's own binary is hidden. Without a sandbox Build runs the
// compiler as the judge's user, which is only for trusted sources.
//
// The result lives in a fresh temporary directory that the sandbox's
// unprivileged user can read and that [Executable.Close] removes. A failed
// compile is a [*CompileError] (CE); a compiler that is missing or cannot
// run is a [*ToolchainError], the judge's setup error.
package lang
