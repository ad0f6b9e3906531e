package problems

import (
	"fmt"
	"io/fs"
)

// Base implements the ID, Config and Tests methods of a [Problem] from the
// files of its problem package. A problem's Go package embeds its directory
// and a Base, and writes only what is specific to it:
//
//	//go:embed problem.yaml data
//	var files embed.FS
//
//	type problem struct{ problems.Base }
//
//	func New() problems.Problem { return &problem{problems.MustBase(ID, files)} }
type Base struct {
	id  string
	pkg *Package
}

// NewBase loads fsys, which holds problem.yaml and data/, as [Load] does,
// for the problem named id.
func NewBase(id string, fsys fs.FS) (Base, error) {
	pkg, err := Load(fsys)
	if err != nil {
		return Base{}, fmt.Errorf("%s: %w", id, err)
	}
	return Base{id: id, pkg: pkg}, nil
}

// MustBase is like [NewBase] but panics if problem.yaml is invalid. A
// problem's New calls it on its embedded files, which the problem's own
// tests check.
func MustBase(id string, fsys fs.FS) Base {
	b, err := NewBase(id, fsys)
	if err != nil {
		panic(err.Error())
	}
	return b
}

// ID is the problem's short stable name.
func (b Base) ID() string { return b.id }

// Config is the problem's problem.yaml.
func (b Base) Config() Config { return b.pkg.Config }

// Tests returns the sample tests, then the secret ones (see [Package.Tests]).
func (b Base) Tests() ([]Test, error) { return b.pkg.Tests() }
