package sandbox

import (
	"encoding/binary"
	"runtime"

	"golang.org/x/sys/unix"
)

// loadAverage returns the one-minute load average, from the kernel's
// struct loadavg: three fixed-point uint32 averages, then the scale.
func loadAverage() (float64, bool) {
	b, err := unix.SysctlRaw("vm.loadavg")
	if err != nil || len(b) < 24 {
		return 0, false
	}
	scale := binary.LittleEndian.Uint64(b[16:24])
	if scale == 0 {
		return 0, false
	}
	return float64(binary.LittleEndian.Uint32(b[0:4])) / float64(scale), true
}

// cores returns the physical cores, as the kernel counts them.
func cores() int {
	if n, err := unix.SysctlUint32("hw.physicalcpu"); err == nil && n > 0 {
		return min(int(n), runtime.NumCPU())
	}
	return runtime.NumCPU()
}

func readCPUTimes() cpuTimes { return cpuTimes{} }
