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

// Args are a checker's settings, as problem.yaml's `checker_args:` writes
// them: a name and a value, both words, such as line_end_space: compare.
type Args map[string]string

// Keys returns the names of a's settings in order.
func (a Args) Keys() []string {
	keys := make([]string, 0, len(a))
	for k := range a {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// String writes a's settings as problem.yaml's flow style would, in order:
// "blank_lines: skip, layout: WA".
func (a Args) String() string {
	kv := make([]string, 0, len(a))
	for _, k := range a.Keys() {
		kv = append(kv, k+": "+a[k])
	}
	return strings.Join(kv, ", ")
}

// A Configurable checker takes settings: Configure returns the checker
// they describe, or an error naming a setting it does not know or a value
// it does not take. Configuring with no settings returns the checker as it
// is.
type Configurable interface {
	Checker
	Configure(Args) (Checker, error)
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

// Configure returns the checker registered as name with args applied: the
// checker as it is when args is empty, else its Configure's, and an error
// when it takes no settings.
func (r *Registry) Configure(name string, args Args) (Checker, error) {
	c, err := r.Lookup(name)
	if err != nil || len(args) == 0 {
		return c, err
	}
	cc, ok := c.(Configurable)
	if !ok {
		return nil, fmt.Errorf("checker %q takes no arguments (got %s)", name, strings.Join(args.Keys(), ", "))
	}
	c, err = cc.Configure(args)
	if err != nil {
		return nil, fmt.Errorf("checker %q: %w", name, err)
	}
	return c, nil
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
