package lang

import (
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
)

// rust is a single-file Rust program built by rustc, with the flags of
// Codeforces and AtCoder: optimised, the 2021 edition, no debug info.
// rustc links with the system's cc.
var rust = Language{
	Name:       "rust",
	Aliases:    []string{"rs", "rustc"},
	Extensions: []string{".rs"},
	Compile:    []string{"rustc", "-O", "--edition", "2021", "-C", "debuginfo=0", "-o", "{out}", "{src}"},
	Run:        []string{"{out}"},
	Resolve:    resolveRust,
	Needs:      rustNeeds,
}

// rustNeeds: to compile, the toolchain's sysroot (rustc's home: a rustup
// toolchain under a home is shown there alone) and the C toolchain, which
// links; the program's own libraries, which the sandbox finds, to run.
func rustNeeds(path string, compile bool) ([]string, error) {
	if !compile {
		return nil, nil
	}
	return append(existing(nativeToolchain), homeOf(path)), nil
}

// resolveRust finds the real rustc of the default toolchain, not rustup's
// proxy (which reads the user's configuration), by asking for its sysroot.
func resolveRust(name string) (string, error) {
	if name != "rustc" {
		return resolveShared(name)
	}
	proxy, err := exec.LookPath("rustc")
	if err != nil {
		return "", err
	}
	out, err := exec.Command(proxy, "--print", "sysroot").Output()
	if err != nil {
		return "", fmt.Errorf("%s --print sysroot: %w", proxy, err)
	}
	p := filepath.Join(strings.TrimSpace(string(out)), "bin", "rustc")
	if _, err := exec.LookPath(p); err != nil {
		return "", err
	}
	return p, nil
}
