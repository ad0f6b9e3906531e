//go:build linux

// Command vminit is PID 1 of the small Linux VM that scripts/cgroup-v2-vm.sh
// boots under qemu to test the sandbox on a real cgroup v2 kernel.
//
// It mounts /dev, /proc, /sys, cgroup2 and a /tmp, then runs the sandbox's
// test binary (/suite/sandbox.test, with the arguments init was given) as
// root and again as an unprivileged uid in a delegated cgroup v2 subtree,
// as systemd gives users. Everything the runs print goes to the second
// serial port; the verdict leaves through qemu's isa-debug-exit device, and
// the VM powers off. It is built statically and only ever runs as PID 1.
package main
