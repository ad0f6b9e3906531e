// Command testreport reads `go test -json` on standard input and prints
// what CI's log needs: a line per package as go test prints it, the whole
// output of every failing test, and at the end every skipped test with its
// reason, counted, so that a test which did not run cannot pass unseen. It
// exits 1 when a test or a build failed.
//
//	go test -json ./... | go run ./scripts/testreport
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
)

// event is one line of test2json's output (go doc test2json).
type event struct {
	Action  string
	Package string
	Test    string
	Output  string
	Elapsed float64
}

type testKey struct{ pkg, test string }

func main() {
	failed, err := report(os.Stdin, os.Stdout)
	if err != nil {
		fmt.Fprintln(os.Stderr, "testreport:", err)
		os.Exit(2)
	}
	if failed {
		os.Exit(1)
	}
}

// report reads test2json events from r and writes the summary to w. It
// reports whether anything failed.
func report(r io.Reader, w io.Writer) (failed bool, err error) {
	output := make(map[testKey][]string) // each test's output so far
	var skips []string
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	for sc.Scan() {
		line := sc.Bytes()
		var e event
		if len(line) == 0 || line[0] != '{' || json.Unmarshal(line, &e) != nil {
			// Not an event: what go test printed itself (a build
			// failure before Go 1.24's build events).
			fmt.Fprintln(w, string(line))
			continue
		}
		k := testKey{e.Package, e.Test}
		switch e.Action {
		case "output", "build-output":
			output[k] = append(output[k], e.Output)
		case "build-fail":
			failed = true
			fmt.Fprintf(w, "FAIL\t%s [build failed]\n%s", e.Package, strings.Join(output[testKey{e.Package, ""}], ""))
		case "skip":
			if e.Test != "" {
				skips = append(skips, fmt.Sprintf("%s %s: %s", e.Package, e.Test, skipReason(output[k])))
			}
			delete(output, k)
		case "fail":
			failed = true
			if e.Test != "" {
				fmt.Fprint(w, strings.Join(output[k], ""))
			} else {
				fmt.Fprintf(w, "%sFAIL\t%s\t%.1fs\n", strings.Join(output[k], ""), e.Package, e.Elapsed)
			}
			delete(output, k)
		case "pass":
			if e.Test == "" {
				fmt.Fprintf(w, "ok  \t%s\t%.1fs\n", e.Package, e.Elapsed)
			}
			delete(output, k)
		}
	}
	if err := sc.Err(); err != nil {
		return failed, err
	}
	slices.Sort(skips)
	fmt.Fprintf(w, "\n%d tests skipped\n", len(skips))
	for _, s := range skips {
		fmt.Fprintln(w, "  "+s)
	}
	return failed, nil
}

// skipReason returns the message a skipped test gave: the last line of its
// output before "--- SKIP", without the file and line prefix.
func skipReason(lines []string) string {
	var reason string
	for _, l := range lines {
		t := strings.TrimSpace(l)
		if t == "" || strings.HasPrefix(t, "=== ") || strings.HasPrefix(t, "--- SKIP") {
			continue
		}
		if i := strings.Index(t, ".go:"); i >= 0 {
			if j := strings.Index(t[i:], ": "); j >= 0 {
				t = t[i+j+2:]
			}
		}
		reason = t
	}
	if reason == "" {
		return "(no reason given)"
	}
	return reason
}
