//go:build linux

package main

import (
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

const (
	suiteDir   = "/suite"
	testBinary = "/suite/sandbox.test"
	cgroupRoot = "/sys/fs/cgroup"
	// delegated is the cgroup handed to the unprivileged uid, like
	// systemd's user@UID.service; the judge itself starts in its leaf
	// "session", as a user's shell does.
	delegated    = cgroupRoot + "/user-65534"
	session      = delegated + "/session"
	unprivileged = 65534
	// debugExitPort is qemu's isa-debug-exit device (iobase=0xf4): writing
	// v ends qemu with status 2v+1.
	debugExitPort = 0xf4
)

func main() {
	out := openResults()
	failed := false
	if err := setup(); err != nil {
		fmt.Fprintf(out, "vminit: setup: %v\n", err)
		failed = true
	} else {
		args := os.Args[1:]
		failed = !run(out, "root-v2", args, nil) || failed
		cred, cgfd, err := delegate()
		if err != nil {
			fmt.Fprintf(out, "vminit: delegating a cgroup to uid %d: %v\n", unprivileged, err)
			failed = true
		} else {
			failed = !run(out, "rootless-v2", args, func(c *exec.Cmd) {
				c.SysProcAttr = &syscall.SysProcAttr{Credential: cred, UseCgroupFD: true, CgroupFD: cgfd}
			}) || failed
		}
	}
	fmt.Fprintf(out, "vminit: done, failed=%v\n", failed)
	exit(failed)
}

// openResults opens the second serial port, away from kernel messages on the
// console; the console is the fallback.
func openResults() io.Writer {
	unix.Mount("devtmpfs", "/dev", "devtmpfs", 0, "")
	f, err := os.OpenFile("/dev/ttyS1", os.O_WRONLY, 0)
	if err != nil {
		return os.Stdout
	}
	return f
}

func setup() error {
	for _, m := range []struct{ src, dir, fstype, data string }{
		{"proc", "/proc", "proc", ""},
		{"sysfs", "/sys", "sysfs", ""},
		{"cgroup2", cgroupRoot, "cgroup2", "nsdelegate"},
		{"tmpfs", "/tmp", "tmpfs", "mode=1777"},
		{"tmpfs", "/run", "tmpfs", "mode=755"},
	} {
		if err := os.MkdirAll(m.dir, 0o755); err != nil {
			return err
		}
		if err := unix.Mount(m.src, m.dir, m.fstype, 0, m.data); err != nil {
			return fmt.Errorf("mount %s on %s: %w", m.fstype, m.dir, err)
		}
	}
	// No v1 hierarchy is mounted: the judge must take the v2 path.
	return nil
}

// delegate makes the subtree an unprivileged user gets from systemd: a
// cgroup it owns with memory and pids available, the user's processes in
// a leaf below it. It returns the credentials and an fd of the leaf.
func delegate() (*syscall.Credential, int, error) {
	if err := os.WriteFile(filepath.Join(cgroupRoot, "cgroup.subtree_control"), []byte("+memory +pids +cpu"), 0); err != nil {
		return nil, 0, err
	}
	for _, d := range []string{delegated, session} {
		if err := os.Mkdir(d, 0o755); err != nil {
			return nil, 0, err
		}
	}
	if err := os.WriteFile(filepath.Join(delegated, "cgroup.subtree_control"), []byte("+memory +pids"), 0); err != nil {
		return nil, 0, err
	}
	// Delegation as cgroups(7) describes it: the directories and their
	// cgroup.procs, cgroup.threads and cgroup.subtree_control files.
	for _, d := range []string{delegated, session} {
		for _, f := range []string{"", "cgroup.procs", "cgroup.threads", "cgroup.subtree_control"} {
			if err := os.Chown(filepath.Join(d, f), unprivileged, unprivileged); err != nil {
				return nil, 0, err
			}
		}
	}
	fd, err := unix.Open(session, unix.O_PATH|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
	if err != nil {
		return nil, 0, err
	}
	return &syscall.Credential{Uid: unprivileged, Gid: unprivileged}, fd, nil
}

// run runs the test binary in mode and reports whether it passed.
func run(out io.Writer, mode string, args []string, adjust func(*exec.Cmd)) bool {
	fmt.Fprintf(out, "vminit: === %s: %s %s\n", mode, testBinary, strings.Join(args, " "))
	c := exec.Command(testBinary, args...)
	c.Dir = suiteDir
	c.Env = []string{
		"PATH=/bin:/sbin:/usr/bin",
		"HOME=/tmp",
		"TMPDIR=/tmp",
		"SANDBOX_SUITE_MODE=" + mode,
		"SANDBOX_SUITE_BIN=" + filepath.Join(suiteDir, "bin"),
	}
	c.Stdout, c.Stderr = out, out
	if adjust != nil {
		adjust(c)
	}
	start := time.Now()
	err := c.Run()
	fmt.Fprintf(out, "vminit: === %s: %v (guest clock %.1fs)\n", mode, exitText(err), time.Since(start).Seconds())
	return err == nil
}

func exitText(err error) string {
	if err == nil {
		return "PASS"
	}
	return "FAIL: " + err.Error()
}

// exit tells qemu the verdict through isa-debug-exit (status 1 passed,
// 3 failed) and powers off; PID 1 must never return.
func exit(failed bool) {
	v := byte(0)
	if failed {
		v = 1
	}
	if f, err := os.OpenFile("/dev/port", os.O_WRONLY, 0); err == nil {
		f.WriteAt([]byte{v}, debugExitPort)
		f.Close()
	}
	unix.Sync()
	for {
		unix.Reboot(unix.LINUX_REBOOT_CMD_POWER_OFF)
		time.Sleep(time.Second)
	}
}
