//go:build !unix

package solverstest

import "time"

// CPUTime is not measured here; benchmarks then leave out cpu-ns.
func CPUTime() time.Duration { return 0 }
