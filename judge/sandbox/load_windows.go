package sandbox

import (
	"runtime"
	"unsafe"

	"golang.org/x/sys/windows"
)

// loadAverage is not known: Windows keeps no load average. readCPUTimes
// stands in for it.
func loadAverage() (float64, bool) { return 0, false }

// cores returns the CPUs: their topology is not looked up here.
func cores() int { return runtime.NumCPU() }

var getSystemTimes = windows.NewLazySystemDLL("kernel32.dll").NewProc("GetSystemTimes")

// readCPUTimes reads the idle and total (kernel, which includes idle, and
// user) times of all CPUs.
func readCPUTimes() cpuTimes {
	var idle, kernel, user windows.Filetime
	r, _, _ := getSystemTimes.Call(uintptr(unsafe.Pointer(&idle)), uintptr(unsafe.Pointer(&kernel)), uintptr(unsafe.Pointer(&user)))
	if r == 0 {
		return cpuTimes{}
	}
	ft := func(f windows.Filetime) uint64 { return uint64(f.HighDateTime)<<32 | uint64(f.LowDateTime) }
	return cpuTimes{idle: ft(idle), total: ft(kernel) + ft(user), ok: true}
}
