package lang

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/sudoku-judge/sudoku-judge/internal/suggest"
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
	// Cache, if not empty, names an environment variable that gets a fresh
	// writable directory for each sandboxed compile (GOCACHE for go build).
	Cache string
	// CacheWarm, with Cache, is a program of the judge's own whose build
	// fills a template cache; each sandboxed compile's cache starts as a
	// copy of it (see cache.go).
	CacheWarm string
	// AllowLocks lets the sandboxed compiler take file locks, which the
	// sandbox otherwise refuses (go build locks its cache).
	AllowLocks bool
	// Resolve, if not nil, maps a command's first word to an absolute path
	// that the sandbox's unprivileged user can read and execute. Nil means
	// resolveShared.
	Resolve func(name string) (path string, err error)
	// Needs, if not nil, returns the host paths that the command at path
	// (the compiler, with compile; else the runtime, or the built
	// program) needs in the sandbox besides its own file and the
	// libraries it links, which the sandbox finds from its ELF headers: a
	// toolchain's directories, an interpreter's standard library. They
	// are all of the host the box holds (see package sandbox). Nil needs
	// nothing more.
	Needs func(path string, compile bool) ([]string, error)
	// Aliases are other names Lookup accepts, such as "cpp" for C++.
	Aliases []string
	// SourceName, if not empty, is the name the source is compiled under
	// (Main.java: javac wants the public class's name).
	SourceName string
	// MemoryError, if not empty, is text on stderr by which the runtime
	// says it ran out of the memory it was given (the JVM's
	// OutOfMemoryError): judged MLE, not RE.
	MemoryError string
	// Std is the dialect the compile command selects (-std=), such as
	// gnu++17, for languages that have versions.
	Std string
	// Family is, for a version of another language (c++98 of c++), that
	// language's name; empty for the language itself. A source of the
	// family's own language that fails to compile may be compiled again
	// as one of its versions (Options.Originals).
	Family string
}

// version returns a version of base compiled as the dialect std: the same
// language under another name, its -std= word replaced.
func version(base Language, name, std string, aliases ...string) Language {
	v := base
	v.Name, v.Aliases, v.Std, v.Family = name, aliases, std, base.Name
	v.Compile = slices.Clone(base.Compile)
	for i, w := range v.Compile {
		if strings.HasPrefix(w, "-std=") {
			v.Compile[i] = "-std=" + std
		}
	}
	return v
}

// resolve finds the command name for the sandbox with l.Resolve, or
// resolveShared, and returns its absolute path and what it needs in the
// sandbox (l.Needs, for the compiler if compile). A missing command is a
// *ToolchainError.
func (l *Language) resolve(name string, compile bool) (string, []string, error) {
	resolve := resolveShared
	if l.Resolve != nil {
		resolve = l.Resolve
	}
	p, err := resolve(name)
	if err != nil {
		return "", nil, &ToolchainError{Command: name, Err: err}
	}
	needs, err := l.needs(p, compile)
	if err != nil {
		return "", nil, &ToolchainError{Command: name, Err: err}
	}
	return p, needs, nil
}

// needs returns l.Needs(path, compile), or nothing.
func (l *Language) needs(path string, compile bool) ([]string, error) {
	if l == nil || l.Needs == nil {
		return nil, nil
	}
	return l.Needs(path, compile)
}

// languages is every built-in language, in the order List returns them: a
// language before its versions, so that ForFile chooses it. Callers get
// copies (clone), so that none can change a language for the others.
var languages = []*Language{&cLang, &c89, &c99, &cpp, &cpp98, &cpp11, &cpp14, &cpp20, &golang, &python, &java, &rust, &javascript}

// List returns the built-in languages, each a copy of its own.
func List() []*Language {
	ls := make([]*Language, len(languages))
	for i, l := range languages {
		ls[i] = l.clone()
	}
	return ls
}

// clone returns a copy of l that shares nothing a caller could change.
func (l *Language) clone() *Language {
	c := *l
	for _, s := range []*[]string{&c.Extensions, &c.Compile, &c.Run, &c.Env, &c.Aliases} {
		*s = slices.Clone(*s)
	}
	return &c
}

// ForFile returns (a copy of) the language of a source file by its
// extension, or nil when no language claims it (the file is then run as it
// is).
func ForFile(path string) *Language {
	ext := strings.ToLower(filepath.Ext(path))
	for _, l := range languages {
		if slices.Contains(l.Extensions, ext) {
			return l.clone()
		}
	}
	return nil
}

// Lookup returns (a copy of) the language called name or one of its
// aliases, in any case.
func Lookup(name string) (*Language, error) {
	for _, l := range languages {
		if strings.EqualFold(l.Name, name) || slices.ContainsFunc(l.Aliases, func(a string) bool { return strings.EqualFold(a, name) }) {
			return l.clone(), nil
		}
	}
	names := make([]string, len(languages))
	var all []string // every name and alias, for the suggestion
	for i, l := range languages {
		names[i] = l.Name
		if len(l.Aliases) > 0 {
			names[i] += " (" + strings.Join(l.Aliases, ", ") + ")"
		}
		all = append(append(all, l.Name), l.Aliases...)
	}
	if s := suggest.DidYouMean(name, all, "%s"); s != "" {
		return nil, fmt.Errorf("lang: unknown language %q: %s (have %s)", name, s, strings.Join(names, ", "))
	}
	return nil, fmt.Errorf("lang: unknown language %q (have %s)", name, strings.Join(names, ", "))
}

// expand replaces the placeholders in the words of cmd.
func expand(cmd []string, src, out string, memory int64) []string {
	if memory <= 0 {
		memory = 256 << 20
	}
	r := strings.NewReplacer("{src}", src, "{out}", out, "{dir}", filepath.Dir(out), "{memory_mib}", fmt.Sprint(memory>>20))
	words := make([]string, len(cmd))
	for i, w := range cmd {
		words[i] = r.Replace(w)
	}
	return words
}

// homeOf returns the directory above a command's bin directory: the home
// of the toolchain it belongs to.
func homeOf(cmd string) string { return filepath.Dir(filepath.Dir(cmd)) }
