package contest

import (
	"fmt"
	"sort"
	"strings"
)

// A Registry maps checker names, as problem.yaml's `checker:` writes them,
// to checkers. It is a value, not a global: each problem builds the one it
// needs with [NewRegistry] and adds its own special judge.
type Registry struct {
	byName map[string]Checker
}

// NewRegistry returns a registry holding the stock checkers, "lines" and
// "tokens".
func NewRegistry() *Registry {
	return &Registry{byName: map[string]Checker{"lines": Lines{}, "tokens": Tokens{}}}
}

// Register adds c under name. Names are lower case; registering a name twice
// is an error, so a problem cannot silently replace a stock checker.
func (r *Registry) Register(name string, c Checker) error {
	if name == "" || name != strings.ToLower(name) {
		return fmt.Errorf("checker name %q: want a non-empty lower-case name", name)
	}
	if c == nil {
		return fmt.Errorf("checker %q: nil checker", name)
	}
	if _, dup := r.byName[name]; dup {
		return fmt.Errorf("checker %q registered twice", name)
	}
	r.byName[name] = c
	return nil
}

// Lookup returns the checker registered as name, or an error listing the
// names there are.
func (r *Registry) Lookup(name string) (Checker, error) {
	if c, ok := r.byName[name]; ok {
		return c, nil
	}
	return nil, fmt.Errorf("no checker named %q (have %s)", name, strings.Join(r.Names(), ", "))
}

// Names returns the registered names in order.
func (r *Registry) Names() []string {
	names := make([]string, 0, len(r.byName))
	for n := range r.byName {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}
