package measure

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
)

// ErrNoValgrind is returned by CountInstructions when valgrind is not
// installed.
var ErrNoValgrind = errors.New("bench --instructions needs valgrind (its cachegrind tool), which is not in PATH: install it (apt-get install valgrind, dnf install valgrind; Linux only), or leave out --instructions")

// A Probe is the command line of a process that solves the first k
// puzzles of a workload with one strategy and does nothing else, so that
// the instructions of the solving are its count with k puzzles less its
// count with none.
type Probe func(k int) []string

// InstructionsPerPuzzle counts, with valgrind's cachegrind, the
// instructions probe executes for n puzzles less those it executes for
// none, divided by n: what one puzzle costs, the same on a loaded machine
// as on an idle one. The probes run with one thread and the garbage
// collector off below a 1 GiB heap, so that the runtime's timers change
// the count as little as possible.
func InstructionsPerPuzzle(ctx context.Context, probe Probe, n int) (float64, error) {
	if n <= 0 {
		return 0, fmt.Errorf("measure: instructions of %d puzzles", n)
	}
	all, err := countInstructions(ctx, probe(n))
	if err != nil {
		return 0, err
	}
	none, err := countInstructions(ctx, probe(0))
	if err != nil {
		return 0, err
	}
	if all < none {
		return 0, fmt.Errorf("measure: %d instructions for %d puzzles, fewer than the %d of none", all, n, none)
	}
	return float64(all-none) / float64(n), nil
}

// countInstructions runs argv under cachegrind and returns the
// instructions it executed (cachegrind's "summary:" line, Ir).
func countInstructions(ctx context.Context, argv []string) (uint64, error) {
	valgrind, err := exec.LookPath("valgrind")
	if err != nil {
		return 0, ErrNoValgrind
	}
	dir, err := os.MkdirTemp("", "sudoku-judge-cachegrind-")
	if err != nil {
		return 0, fmt.Errorf("measure: %w", err)
	}
	defer os.RemoveAll(dir)
	out := filepath.Join(dir, "cachegrind.out")
	args := append([]string{"--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=" + out, "--"}, argv...)
	cmd := exec.CommandContext(ctx, valgrind, args...)
	cmd.Env = append(os.Environ(), "GOMAXPROCS=1", "GOGC=off", "GOMEMLIMIT=1GiB")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		return 0, fmt.Errorf("measure: valgrind %s: %w: %s", strings.Join(argv, " "), err, lastLines(stderr.String(), 3))
	}
	f, err := os.Open(out)
	if err != nil {
		return 0, fmt.Errorf("measure: cachegrind output: %w", err)
	}
	defer f.Close()
	return readSummary(f, out)
}

// readSummary reads the instruction count from a cachegrind output file.
func readSummary(f *os.File, name string) (uint64, error) {
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), "summary:"); ok {
			fields := strings.Fields(v)
			if len(fields) == 0 {
				break
			}
			n, err := strconv.ParseUint(fields[0], 10, 64)
			if err != nil {
				return 0, fmt.Errorf("measure: %s: summary %q: %w", name, v, err)
			}
			return n, nil
		}
	}
	if err := sc.Err(); err != nil {
		return 0, fmt.Errorf("measure: %s: %w", name, err)
	}
	return 0, fmt.Errorf("measure: %s: no \"summary:\" line", name)
}

func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return strings.Join(lines[max(0, len(lines)-n):], " / ")
}
