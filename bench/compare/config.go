package compare

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/perf/benchfmt"
)

// configKeys are the file configuration keys compare prints for each input,
// in order: the machine, the toolchain, the build and the source tree, and
// the machine's load while it was measured.
var configKeys = []string{"cpu", "goos", "goarch", "go", "version", "commit", "dirty", CPUWaitKey}

// CPUWaitKey is the file configuration key under which bench records the
// share of its timed threads' time that they spent waiting for a CPU,
// such as "12.5%": the machine's load as they felt it.
const CPUWaitKey = "cpu-wait"

// A FileWait is an input's recorded CPU wait.
type FileWait struct {
	Name  string
	Share float64 // of the timed threads' time, 0 to 1
}

// CPUWait returns the recorded share of time bench's timed threads waited
// for a CPU: the largest, if the file holds several runs. ok is false
// when no run recorded it, or a value does not parse.
func (c Config) CPUWait() (share float64, ok bool) {
	for _, v := range c[CPUWaitKey] {
		pct, found := strings.CutSuffix(v, "%")
		f, err := strconv.ParseFloat(pct, 64)
		if !found || err != nil || f < 0 || f > 100 {
			return 0, false
		}
		share, ok = max(share, f/100), true
	}
	return share, ok
}

// machineKeys are the keys that must agree for two files' times to be
// comparable: results from different machines differ for reasons that have
// nothing to do with the code.
var machineKeys = []string{"cpu", "goos", "goarch"}

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
	for _, k := range configKeys {
		parts = append(parts, k+"="+c.Get(k))
	}
	return strings.Join(parts, " ")
}

// MachineDifference returns an error naming every machine key on which
// the files disagree, or nil when they all come from one machine. A file
// holding two values of a key (runs concatenated from two machines) is a
// difference too, and so is a key recorded in some files only: nothing
// shows the machines are alike.
func MachineDifference(names []string, configs []Config) error {
	var diffs []string
	for _, k := range machineKeys {
		var vals []string
		differ := false
		for i, c := range configs {
			v := c.Get(k)
			vals = append(vals, fmt.Sprintf("%q in %s", v, names[i]))
			differ = differ || len(c[k]) > 1 || v != configs[0].Get(k)
		}
		if differ {
			diffs = append(diffs, k+" "+strings.Join(vals, ", "))
		}
	}
	if len(diffs) == 0 {
		return nil
	}
	return fmt.Errorf("compare: the results come from different machines (%s): their times are not comparable", strings.Join(diffs, "; "))
}
