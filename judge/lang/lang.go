package lang

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
)

// A Language says how to build and run programs written in it.
type Language struct {
	// Name is the language's short name, such as "c" or "python".
	Name string
	// Extensions are the source file suffixes that select the language.
	Extensions []string
	// Compile is the build command. Its words may hold the placeholders
	// {src} (the source file, copied into the build directory) and {out}
	// (the program to produce). For a language run from source it checks
	// the syntax, so that a syntax error is CE rather than RE.
	Compile []string
	// Run is the command that runs the built program, with the same
	// placeholders; the program's own arguments follow it.
	Run []string
	// Env is added to the compiler's environment.
	Env []string
	// Resolve, if not nil, maps a command's first word to an absolute path
	// that the sandbox's unprivileged user can read and execute.
	Resolve func(name string) (string, error)
}

// languages is every built-in language, in the order List returns them.
var languages = []*Language{&C, &CPP, &Go, &Python}

// List returns the built-in languages.
func List() []*Language { return slices.Clone(languages) }

// ForFile returns the language of a source file by its extension, or nil
// when no language claims it (the file is then run as it is).
func ForFile(path string) *Language {
	ext := strings.ToLower(filepath.Ext(path))
	for _, l := range languages {
		if slices.Contains(l.Extensions, ext) {
			return l
		}
	}
	return nil
}

// Lookup returns the language called name.
func Lookup(name string) (*Language, error) {
	for _, l := range languages {
		if l.Name == name {
			return l, nil
		}
	}
	names := make([]string, len(languages))
	for i, l := range languages {
		names[i] = l.Name
	}
	return nil, fmt.Errorf("lang: unknown language %q (have %s)", name, strings.Join(names, ", "))
}

// expand replaces the placeholders in the words of cmd.
func expand(cmd []string, src, out string) []string {
	r := strings.NewReplacer("{src}", src, "{out}", out)
	words := make([]string, len(cmd))
	for i, w := range cmd {
		words[i] = r.Replace(w)
	}
	return words
}
