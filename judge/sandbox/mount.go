//go:build linux

package sandbox

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/sys/unix"
)

// boxDir is the program's working directory and home inside its root.
const boxDir = "/box"

// A rootConfig describes the program's root file system, which the helper
// builds in its mount namespace: once, the part all runs share; then, for
// each run, a fresh /tmp and /box and the run's own paths.
type rootConfig struct {
	Mountpoint string   // an empty host directory to build the root on
	System     []string // host directories bound read-only at the same path
	Binds      []bind   // further host paths bound read-only at the same path
	Hide       []string // paths covered by an empty mount
	UID, GID   int      // owner of /box
	Size       int64    // bytes each of /tmp and /box may hold
	// Devices binds the host's device nodes instead of making them, which
	// a user namespace cannot.
	Devices bool
	// ReadOnlyRoot keeps the shared root read-only while the program
	// runs, for a program whose uid owns it (in a user namespace).
	ReadOnlyRoot bool
}

// A bind is a host path to show at the same path, read-only unless
// Writable.
type bind struct {
	Path     string
	Writable bool
	// FD indexes a detached copy of Path's mount (from open_tree) among the
	// run's files. If it is -1, Path is bound from the host instead, which
	// only a helper that has not built its root yet can do.
	FD int
}

// devices are the nodes of the program's /dev.
var devices = []struct {
	name         string
	major, minor uint32
}{{"null", 1, 3}, {"zero", 1, 5}, {"full", 1, 7}, {"random", 1, 8}, {"urandom", 1, 9}}

// buildRoot makes the part of the program's root that runs share and
// makes it the root: a tmpfs holding the system directories (read-only,
// nosuid), a private /proc and a minimal /dev. Everything in it is root's,
// so the program can write only to its run's /tmp and /box. Nothing else
// of the host stays reachable.
func buildRoot(c *rootConfig) error {
	defer unix.Umask(unix.Umask(0)) // modes as given
	b := &builder{root: c.Mountpoint}
	// Our mounts must not propagate to the host.
	b.mount("", "/", "", unix.MS_REC|unix.MS_PRIVATE, "")
	b.mount("sandbox", b.root, "tmpfs", unix.MS_NOSUID, "mode=0755,size=1m")
	b.mkdir("/tmp", 0o755)
	b.mkdir(boxDir, 0o755)
	b.mkdir("/dev", 0o755)
	for _, d := range devices {
		if c.Devices {
			b.mountpoint("/dev/"+d.name, false)
			b.mount("/dev/"+d.name, b.root+"/dev/"+d.name, "", unix.MS_BIND, "")
			continue
		}
		b.do("mknod", "/dev/"+d.name, func(p string) error {
			return unix.Mknod(p, unix.S_IFCHR|0o666, int(unix.Mkdev(d.major, d.minor)))
		})
	}
	for name, target := range map[string]string{
		"fd": "/proc/self/fd", "stdin": "/proc/self/fd/0", "stdout": "/proc/self/fd/1",
		"stderr": "/proc/self/fd/2", "shm": "/tmp",
	} {
		b.do("symlink", "/dev/"+name, func(p string) error { return os.Symlink(target, p) })
	}
	b.mkdir("/proc", 0o555)
	b.proc()
	for _, d := range c.System {
		b.system(d)
	}
	if c.hostBinds() {
		// Bound from the host before the pivot, so mounted after /tmp
		// and /box, which they may be under. Such a helper serves one
		// run.
		b.runTmpfs(c)
		for _, bd := range c.Binds {
			b.bindHost(bd.Path, bd.Writable)
		}
	}
	// An unreadable empty file to cover hidden files with.
	b.do("create", "/.hidden", func(p string) error { return os.WriteFile(p, nil, 0) })
	b.pivot()
	if b.err != nil {
		return fmt.Errorf("building the root: %w", b.err)
	}
	return nil
}

// mountRun mounts a run's own part of the root, after buildRoot: empty
// /tmp and /box, the binds passed as files, and the hidden paths. It
// returns what it mounted, for unmountRun, also on error.
func mountRun(c *rootConfig, file func(int) int) ([]string, error) {
	defer unix.Umask(unix.Umask(0))
	b := &builder{}
	if c.ReadOnlyRoot {
		b.mount("", "/", "", unix.MS_REMOUNT|unix.MS_NOSUID, "mode=0755,size=1m")
	}
	if !c.hostBinds() {
		b.runTmpfs(c)
	}
	for _, bd := range c.Binds {
		if bd.FD >= 0 {
			b.attach(file(bd.FD), bd.Path, bd.Writable)
		}
	}
	for _, h := range c.Hide {
		b.hide(h)
	}
	if c.ReadOnlyRoot {
		b.mount("", "/", "", unix.MS_REMOUNT|unix.MS_RDONLY|unix.MS_NOSUID, "mode=0755,size=1m")
	}
	if b.err != nil {
		return b.mounted, fmt.Errorf("mounting the run's paths: %w", b.err)
	}
	return b.mounted, nil
}

// hostBinds reports whether c's binds come from host paths (open_tree is
// not available) rather than as detached mounts.
func (c *rootConfig) hostBinds() bool {
	for _, bd := range c.Binds {
		if bd.FD < 0 {
			return true
		}
	}
	return false
}

// runTmpfs mounts a run's empty /tmp and /box.
func (b *builder) runTmpfs(c *rootConfig) {
	size := fmt.Sprintf(",size=%d", c.Size)
	b.mount("tmpfs", b.root+"/tmp", "tmpfs", unix.MS_NOSUID|unix.MS_NODEV, "mode=1777"+size)
	b.mount("tmpfs", b.root+boxDir, "tmpfs", unix.MS_NOSUID|unix.MS_NODEV, fmt.Sprintf("mode=0700,uid=%d,gid=%d", c.UID, c.GID)+size)
}

// unmountRun undoes mountRun.
func unmountRun(mounted []string) {
	for _, t := range unmountTargets(mounted) {
		unix.Unmount(t, unix.MNT_DETACH)
	}
}

// unmountTargets returns what to unmount, in order, to undo the mounts
// made on mounted in that order. A lazy unmount takes the mounts beneath
// its target along (the run's directories attached inside its /tmp), and
// each unmount waits for an RCU grace period, about a tenth of a
// millisecond: the mounts beneath another of the run's are left to it. A
// path mounted twice is unmounted twice.
func unmountTargets(mounted []string) []string {
	var ts []string
	for i := len(mounted) - 1; i >= 0; i-- {
		beneath := func(p string) bool { return strings.HasPrefix(filepath.Clean(mounted[i]), filepath.Clean(p)+"/") }
		if !slices.ContainsFunc(mounted[:i], beneath) {
			ts = append(ts, mounted[i])
		}
	}
	return ts
}

// A builder does mount-namespace steps until the first error, which it
// keeps. Paths are inside the new root; root is where that is mounted
// until pivot, "" after.
type builder struct {
	root    string
	err     error
	mounted []string // targets, in order
}

func (b *builder) do(op, path string, f func(hostPath string) error) {
	if b.err != nil {
		return
	}
	if err := f(b.root + path); err != nil {
		b.err = &os.PathError{Op: op, Path: path, Err: err}
	}
}

func (b *builder) mount(source, target, fstype string, flags uintptr, data string) {
	if b.err != nil {
		return
	}
	if err := unix.Mount(source, target, fstype, flags, data); err != nil {
		b.err = fmt.Errorf("mount %s on %s: %w", fstype+source, target, err)
		return
	}
	if flags&(unix.MS_REMOUNT|unix.MS_PRIVATE) == 0 {
		b.mounted = append(b.mounted, target)
	}
}

// proc mounts the box's /proc: its processes only (the PID namespace's)
// and, where the kernel allows (Linux 5.8 and later), nothing else
// (subset=pid): no /proc/loadavg or /proc/meminfo to watch other runs by,
// no /proc/sys, no boot id naming the host.
func (b *builder) proc() {
	if b.err != nil {
		return
	}
	const flags = unix.MS_NOSUID | unix.MS_NODEV | unix.MS_NOEXEC
	target := b.root + "/proc"
	if unix.Mount("proc", target, "proc", flags, "subset=pid") == nil {
		b.mounted = append(b.mounted, target)
		return
	}
	b.mount("proc", target, "proc", flags, "")
}

// mkdir makes directory path with mode (bits as for mkdir(2)), and those
// above it as needed; one that exists is left alone.
func (b *builder) mkdir(path string, mode uint32) {
	b.do("mkdir", path, func(p string) error {
		if _, err := os.Lstat(p); err == nil {
			return nil
		}
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		return unix.Mkdir(p, mode)
	})
}

// mountpoint makes an empty directory or file at path to mount on, unless
// there is one of that kind already.
func (b *builder) mountpoint(path string, dir bool) {
	b.do("mountpoint", path, func(p string) error {
		if fi, err := os.Lstat(p); err == nil {
			if fi.IsDir() == dir {
				return nil
			}
			os.Remove(p) // left by an earlier run
		}
		if dir {
			return os.MkdirAll(p, 0o755)
		}
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		return os.WriteFile(p, nil, 0o644)
	})
}

// system makes host directory d visible read-only, or recreates it if it
// is a symbolic link (as /bin is on merged-/usr systems).
func (b *builder) system(d string) {
	fi, err := os.Lstat(d)
	if errors.Is(err, os.ErrNotExist) || b.err != nil {
		return
	}
	if fi.Mode()&os.ModeSymlink != 0 {
		b.do("symlink", d, func(p string) error {
			target, err := os.Readlink(d)
			if err != nil {
				return err
			}
			return os.Symlink(target, p)
		})
		return
	}
	b.mkdir(d, 0o755)
	b.bindHost(d, false)
}

// bindHost binds host path p, read-only unless writable, onto the same
// path in the new root, making a mount point as needed.
func (b *builder) bindHost(p string, writable bool) {
	fi, err := os.Stat(p)
	if err != nil {
		if b.err == nil {
			b.err = fmt.Errorf("read-only path: %w", err)
		}
		return
	}
	b.mountpoint(p, fi.IsDir())
	target := b.root + p
	b.mount(p, target, "", unix.MS_BIND|unix.MS_REC, "")
	if b.err != nil {
		return
	}
	err = unix.MountSetattr(unix.AT_FDCWD, target, unix.AT_RECURSIVE, mountAttr(writable))
	if errors.Is(err, unix.ENOSYS) { // before Linux 5.12: the top mount only
		flags := uintptr(unix.MS_BIND | unix.MS_REMOUNT | unix.MS_NOSUID | unix.MS_NODEV)
		if !writable {
			flags |= unix.MS_RDONLY
		}
		b.mount("", target, "", flags, "")
	} else if err != nil {
		b.err = fmt.Errorf("making %s read-only: %w", p, err)
	}
}

// mountAttr returns the attributes of a bind: nosuid and nodev, and
// read-only unless writable.
func mountAttr(writable bool) *unix.MountAttr {
	a := &unix.MountAttr{Attr_set: unix.MOUNT_ATTR_NOSUID | unix.MOUNT_ATTR_NODEV}
	if !writable {
		a.Attr_set |= unix.MOUNT_ATTR_RDONLY
	}
	return a
}

// attach mounts fd, a detached mount from open_tree, at path, read-only
// unless writable.
func (b *builder) attach(fd int, path string, writable bool) {
	if b.err != nil {
		return
	}
	var st unix.Stat_t
	if err := unix.Fstat(fd, &st); err != nil {
		b.err = fmt.Errorf("bind %s: %w", path, err)
		return
	}
	b.mountpoint(path, st.Mode&unix.S_IFMT == unix.S_IFDIR)
	if b.err != nil {
		return
	}
	err := unix.MountSetattr(fd, "", unix.AT_EMPTY_PATH|unix.AT_RECURSIVE, mountAttr(writable))
	if err == nil {
		err = unix.MoveMount(fd, "", unix.AT_FDCWD, path, unix.MOVE_MOUNT_F_EMPTY_PATH)
	}
	if err != nil {
		b.err = fmt.Errorf("bind %s: %w", path, err)
		return
	}
	b.mounted = append(b.mounted, path)
}

// pivot makes the new root the root and detaches the old one.
func (b *builder) pivot() {
	if b.err != nil {
		return
	}
	if err := unix.Chdir(b.root); err != nil {
		b.err = err
		return
	}
	err := unix.PivotRoot(".", ".")
	if err == nil {
		err = unix.Unmount(".", unix.MNT_DETACH)
	} else if err == unix.EINVAL {
		// The old root is the initramfs, which cannot be pivoted away:
		// move the new root over it instead.
		if err = unix.Mount(".", "/", "", unix.MS_MOVE, ""); err == nil {
			err = unix.Chroot(".")
		}
	}
	if err == nil {
		err = unix.Chdir("/")
	}
	if err != nil {
		b.err = fmt.Errorf("pivot_root: %w", err)
	}
	b.root = ""
}

// hide covers path h, if it exists, with an empty read-only directory or
// an unreadable empty file.
func (b *builder) hide(h string) {
	fi, err := os.Stat(h)
	if err != nil || b.err != nil {
		return
	}
	if fi.IsDir() {
		b.mount("tmpfs", h, "tmpfs", unix.MS_RDONLY|unix.MS_NOSUID|unix.MS_NODEV|unix.MS_NOEXEC, "mode=0,size=4k")
	} else {
		b.mount("/.hidden", h, "", unix.MS_BIND, "")
	}
}
