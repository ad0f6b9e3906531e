//go:build linux

package sandbox

import "testing"

func TestParseStatusHWM(t *testing.T) {
	for _, tt := range []struct {
		name   string
		status string
		want   int64
		ok     bool
	}{
		{"status", "Name:\tprog\nVmPeak:\t  20000 kB\nVmHWM:\t    1536 kB\nVmRSS:\t    1024 kB\n", 1536 << 10, true},
		{"first line", "VmHWM: 4 kB\n", 4 << 10, true},
		{"no newline", "VmRSS: 1 kB\nVmHWM: 8 kB", 8 << 10, true},
		{"missing", "Name:\tprog\nVmRSS:\t1024 kB\n", 0, false},
		{"empty value", "VmHWM:\n", 0, false},
		{"not a number", "VmHWM: lots kB\n", 0, false},
		{"negative", "VmHWM: -4 kB\n", 0, false},
		{"empty", "", 0, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := parseStatusHWM([]byte(tt.status))
			if got != tt.want || ok != tt.ok {
				t.Errorf("parseStatusHWM(%q) = %d, %v; want %d, %v", tt.status, got, ok, tt.want, tt.ok)
			}
		})
	}
}
