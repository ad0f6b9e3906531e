package main

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/spf13/pflag"
)

// Environment variables that may carry the secrets instead of files.
const (
	tokenEnv      = "SUDOKU_JUDGE_TOKEN"
	adminTokenEnv = "SUDOKU_JUDGE_ADMIN_TOKEN"
)

// A secretFlag is a secret taken from a file (--NAME-file PATH) or an
// environment variable, never from the command line, where every user of
// the machine reads it (ps, /proc/PID/cmdline). --NAME VALUE is still
// known, so that giving it is refused with a reason rather than taken for
// a typo.
type secretFlag struct {
	name, env string
	file      string // the --NAME-file flag's value
	value     string // the refused --NAME flag's value
}

// addSecretFlag adds --NAME-file, for a file holding what, and the
// refused --NAME; dflt, if not empty, says where the secret comes from
// without either.
func addSecretFlag(fs *pflag.FlagSet, name, env, what, dflt string) *secretFlag {
	f := &secretFlag{name: name, env: env}
	usage := "`PATH` of a file holding " + what + " (or set $" + env
	if dflt != "" {
		usage += "; default: " + dflt
	}
	fs.StringVar(&f.file, name+"-file", "", usage+")")
	fs.StringVar(&f.value, name, "", "refused: a secret on the command line is visible to every user (ps); use --"+name+"-file or $"+env)
	fs.MarkHidden(name)
	return f
}

// get returns the secret from the file or the environment, "" if neither
// gives one. It takes the variable out of this process's environment, so
// that nothing it starts inherits it.
func (f *secretFlag) get(fs *pflag.FlagSet) (string, error) {
	if fs.Changed(f.name) {
		return "", fmt.Errorf("--%s would show the secret to every user of this machine (ps, /proc/PID/cmdline): put it in a file only you can read and give --%s-file PATH, or set $%s", f.name, f.name, f.env)
	}
	env, inEnv := os.LookupEnv(f.env)
	os.Unsetenv(f.env)
	if f.file != "" {
		return readSecret(f.file)
	}
	if inEnv {
		if s := strings.TrimSpace(env); s != "" {
			return s, nil
		}
		return "", fmt.Errorf("$%s is set but empty", f.env)
	}
	return "", nil
}

// readSecret returns the secret in path, its surrounding blanks trimmed.
func readSecret(path string) (string, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return "", err
	}
	s := strings.TrimSpace(string(b))
	if s == "" {
		return "", fmt.Errorf("%s is empty", path)
	}
	return s, nil
}

// readOrMakeSecret returns the secret saved in path, making and saving a
// random one (readable by the owner only) the first time.
func readOrMakeSecret(path string) (string, error) {
	s, err := readSecret(path)
	if err == nil || !errors.Is(err, os.ErrNotExist) {
		return s, err
	}
	var r [24]byte
	rand.Read(r[:])
	s = hex.EncodeToString(r[:])
	if err := os.WriteFile(path, []byte(s+"\n"), 0o600); err != nil {
		return "", fmt.Errorf("saving a new secret: %w", err)
	}
	return s, nil
}
