package compare

import (
	"fmt"
	"slices"
	"strings"

	"golang.org/x/perf/benchfmt"
)

// ConfigKeys are the file configuration keys compare prints for each input,
// in order: the machine, the toolchain and the source tree.
var ConfigKeys = []string{"cpu", "goos", "goarch", "go", "commit", "dirty"}

// MachineKeys are the keys that must agree for two files' times to be
// comparable: results from different machines differ for reasons that have
// nothing to do with the code.
var MachineKeys = []string{"cpu", "goos", "goarch"}

// A Config is a file's configuration: each key's values, in the order they
// first appear (a file concatenated from several runs may hold more than
// one).
type Config map[string][]string

// FileConfig collects the file configuration of results.
func FileConfig(results []*benchfmt.Result) Config {
	c := make(Config)
	for _, r := range results {
		for _, kv := range r.Config {
			if !kv.File {
				continue
			}
			v := string(kv.Value)
			if !slices.Contains(c[kv.Key], v) {
				c[kv.Key] = append(c[kv.Key], v)
			}
		}
	}
	return c
}

// Get returns the key's values joined by ", ", or "?" when the file does
// not record it.
func (c Config) Get(key string) string {
	if len(c[key]) == 0 {
		return "?"
	}
	return strings.Join(c[key], ", ")
}

// String is the configuration on one line: "cpu=... goos=linux ...".
func (c Config) String() string {
	var parts []string
	for _, k := range ConfigKeys {
		parts = append(parts, k+"="+c.Get(k))
	}
	return strings.Join(parts, " ")
}

// MachineDifference returns an error naming every machine key on which
// the two files disagree, or nil when they come from the same machine.
// A key recorded on one side only is a difference too: nothing shows the
// machines are alike.
func MachineDifference(oldName string, old Config, newName string, new Config) error {
	var diffs []string
	for _, k := range MachineKeys {
		o, n := old.Get(k), new.Get(k)
		if o != n || len(old[k]) > 1 || len(new[k]) > 1 {
			diffs = append(diffs, fmt.Sprintf("%s %q in %s, %q in %s", k, o, oldName, n, newName))
		}
	}
	if len(diffs) == 0 {
		return nil
	}
	return fmt.Errorf("compare: the files come from different machines (%s): their times are not comparable", strings.Join(diffs, "; "))
}
