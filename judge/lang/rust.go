package lang

import (
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
)

// Rust is a single-file Rust program built by rustc, with the flags of
// Codeforces and AtCoder: optimised, the 2021 edition, no debug info.
// rustc links with the system's cc.
var Rust = Language{
	Name:       "rust",
	Aliases:    []string{"rs", "rustc"},
	Extensions: []string{".rs"},
	Compile:    []string{"rustc", "-O", "--edition", "2021", "-C", "debuginfo=0", "-o", "{out}", "{src}"},
	Run:        []string{"{out}"},
	Resolve:    resolveRust,
}

// resolveRust finds the real rustc of the default toolchain, not rustup's
// proxy (which reads the user's configuration), by asking for its sysroot;
// a sysroot outside the system directories is shown to the sandbox.
func resolveRust(name string) (string, []string, error) {
	if name != "rustc" {
		p, err := resolveShared(name)
		return p, nil, err
	}
	proxy, err := exec.LookPath("rustc")
	if err != nil {
		return "", nil, err
	}
	out, err := exec.Command(proxy, "--print", "sysroot").Output()
	if err != nil {
		return "", nil, fmt.Errorf("%s --print sysroot: %w", proxy, err)
	}
	sysroot := strings.TrimSpace(string(out))
	p := filepath.Join(sysroot, "bin", "rustc")
	if _, err := exec.LookPath(p); err != nil {
		return "", nil, err
	}
	return p, outsideSystem(sysroot), nil
}
