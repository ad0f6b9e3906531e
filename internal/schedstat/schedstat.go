package schedstat

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// A Stat is a task's schedstat.
type Stat struct {
	Run    time.Duration // on a CPU
	Wait   time.Duration // runnable, waiting for a CPU: the run delay
	Slices int64         // times it got a CPU
}

// ErrUnsupported is the error of every read where the system keeps no
// schedstat.
var ErrUnsupported = errors.New("schedstat: not kept by this system")

// Parse reads a schedstat file: "on-CPU ns, waiting ns, timeslices".
func Parse(b []byte) (Stat, error) {
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return Stat{}, fmt.Errorf("schedstat: %q: want 3 fields", b)
	}
	var n [3]int64
	for i := range n {
		v, err := strconv.ParseInt(f[i], 10, 64)
		if err != nil || v < 0 {
			return Stat{}, fmt.Errorf("schedstat: %q: field %d is not a count", b, i+1)
		}
		n[i] = v
	}
	return Stat{Run: time.Duration(n[0]), Wait: time.Duration(n[1]), Slices: n[2]}, nil
}
