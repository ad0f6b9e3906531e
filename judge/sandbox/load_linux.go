package sandbox

import (
	"math"
	"os"
	"runtime"
	"strconv"
	"strings"

	"golang.org/x/sys/unix"
)

// loadAverage returns the one-minute load average: the tasks running or
// waiting to run (or in uninterruptible sleep), averaged.
func loadAverage() (float64, bool) {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return 0, false
	}
	return parseLoadavg(b)
}

// parseLoadavg reads the first field of /proc/loadavg:
// "0.52 0.58 0.59 2/1113 36213".
func parseLoadavg(b []byte) (float64, bool) {
	f := strings.Fields(string(b))
	if len(f) == 0 {
		return 0, false
	}
	load, err := strconv.ParseFloat(f[0], 64)
	return load, err == nil && load >= 0 && load < math.MaxInt32
}

// cores returns the cores the judge may run on: the hardware threads of
// its affinity mask, counting the threads of one core once.
func cores() int {
	var set unix.CPUSet
	if unix.SchedGetaffinity(0, &set) != nil {
		return runtime.NumCPU()
	}
	seen := make(map[string]bool)
	for cpu := 0; cpu < len(set)*64; cpu++ {
		if !set.IsSet(cpu) {
			continue
		}
		dir := "/sys/devices/system/cpu/cpu" + strconv.Itoa(cpu) + "/topology/"
		siblings, err := os.ReadFile(dir + "thread_siblings_list")
		if err != nil {
			return runtime.NumCPU()
		}
		pkg, _ := os.ReadFile(dir + "physical_package_id")
		seen[strings.TrimSpace(string(pkg))+"/"+strings.TrimSpace(string(siblings))] = true
	}
	return max(len(seen), 1)
}

func readCPUTimes() cpuTimes { return cpuTimes{} }
