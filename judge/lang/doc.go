// Package lang turns a contestant's source file into a program the sandbox
// can run: one file per language (c.go, cpp.go, golang.go, python.go), each
// a [Language] value naming its compile and run commands, as DMOJ's
// executors do. Adding a language is copying a sibling file.
//
// [Build] compiles outside the sandbox, as the invoking user, under a time
// limit and with its output capped: the compiler is trusted, the program it
// builds is not, and only the program runs sandboxed. The result lives in a
// fresh temporary directory that the sandbox's unprivileged user can read
// and that [Executable.Close] removes. A failed compile is a
// [*CompileError], which judges report as CE.
package lang
