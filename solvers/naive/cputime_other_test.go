//go:build !unix

package naive

import "time"

// cpuTime is not measured here; benchmarks then leave out cpu-ns.
func cpuTime() time.Duration { return 0 }
