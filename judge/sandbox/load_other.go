//go:build !linux && !darwin && !windows

package sandbox

import "runtime"

func loadAverage() (float64, bool) { return 0, false }

func cores() int { return runtime.NumCPU() }

func readCPUTimes() cpuTimes { return cpuTimes{} }
