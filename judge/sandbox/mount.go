//go:build linux

package sandbox

import (
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/sys/unix"

	"github.com/sudoku-judge/sudoku-judge/judge/internal/ldd"
)

// boxDir is the program's working directory and home inside its root.
const boxDir = "/box"

// A rootConfig describes the program's root file system, which the helper
// builds in its mount namespace: once, the part all runs share; then, for
// each run, a fresh /tmp and /box and the run's own paths.
type rootConfig struct {
	Mountpoint string   // an empty host directory to build the root on
	Allow      []string // host paths bound read-only at the same path, sorted
	Binds      []bind   // the run's own host paths
	Hide       []string // paths covered by an empty mount
	// Program, if not 0, indexes among the run's files (after stdin,
	// stdout and stderr) a directory whose files are copied to the run's
	// ProgramDir, at most ProgramSize bytes (0: no limit).
	Program     int
	ProgramSize int64
	// Stage, if not 0, indexes among the run's files a detached mount
	// holding a program (stageProgram) for the helper to keep in place of
	// the one it kept; Cached binds the one it keeps at ProgramDir.
	Stage    int
	Cached   bool
	UID, GID int   // owner of /box
	Size     int64 // bytes each of /tmp and /box may hold
	// Devices binds the host's device nodes instead of making them, which
	// a user namespace cannot.
	Devices bool
	// ReadOnlyRoot keeps the shared root read-only while the program
	// runs, for a program whose uid owns it (in a user namespace).
	ReadOnlyRoot bool
}

// A bind is a host path to show at path Box, read-only unless Writable.
type bind struct {
	Path     string
	Box      string
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
// makes it the root: a tmpfs holding the allowed host paths (read-only,
// nosuid) and nothing else of the host, an /etc of its own, a private
// /proc and a minimal /dev. Everything in it is root's, so the program can
// write only to its run's /tmp and /box.
func buildRoot(c *rootConfig) error {
	defer unix.Umask(unix.Umask(0)) // modes as given
	b := &builder{root: c.Mountpoint, bound: make(map[string]bool)}
	// Our mounts must not propagate to the host.
	b.mount("", "/", "", unix.MS_REC|unix.MS_PRIVATE, "")
	b.mount("sandbox", b.root, "tmpfs", unix.MS_NOSUID, "mode=0755,size=4m")
	b.mkdir("/tmp", 0o755)
	b.mkdir(boxDir, 0o755)
	b.mkdir(ProgramDir, 0o755)
	b.mkdir(keptDir, 0o700)
	b.mkdir(keptProgram, 0o755)
	b.etc()
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
	for _, p := range c.Allow {
		b.allow(p, 0)
	}
	if c.hostBinds() {
		// Bound from the host before the pivot, so mounted after /tmp
		// and /box, which they may be under. Such a helper serves one
		// run.
		b.runTmpfs(c)
		for _, bd := range c.Binds {
			b.bindHost(bd.Path, bd.Box, bd.Writable)
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
// /tmp and /box, the binds passed as files, and the hidden paths; and
// names the run's user in /etc, unless *users says it is named already.
// It returns what it mounted, for unmountRun, also on error.
func mountRun(c *rootConfig, file func(int) int, users *string) ([]string, error) {
	defer unix.Umask(unix.Umask(0))
	b := &builder{}
	if c.ReadOnlyRoot {
		b.mount("", "/", "", unix.MS_REMOUNT|unix.MS_NOSUID, "mode=0755,size=4m")
	}
	if u := fmt.Sprint(c.UID, c.GID); *users != u {
		b.users(c.UID, c.GID)
		*users = u
	}
	if !c.hostBinds() {
		b.runTmpfs(c)
	}
	for _, bd := range c.Binds {
		if bd.FD >= 0 {
			b.attach(file(bd.FD), bd.Box, bd.Writable)
		}
	}
	if c.Program > 0 {
		b.program(file(c.Program), c.ProgramSize)
	}
	if c.Stage > 0 {
		b.keep(file(c.Stage))
	}
	if c.Cached {
		b.mount(keptProgram, ProgramDir, "", unix.MS_BIND, "")
	}
	for _, h := range c.Hide {
		b.hide(h)
	}
	if c.ReadOnlyRoot {
		b.mount("", "/", "", unix.MS_REMOUNT|unix.MS_RDONLY|unix.MS_NOSUID, "mode=0755,size=4m")
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

// program mounts the run's ProgramDir: a tmpfs holding a copy of the
// files of directory fd (the build directory), read-only. A copy, not a
// bind, so that no host path names the program anywhere, mountinfo
// included; the executable is a contest program's, small, and copied in
// tens of microseconds. At most size bytes are copied, if size > 0. (A
// reused helper may keep a lowered RLIMIT_FSIZE from an earlier run, so
// the judge copies for those itself: see stageProgram.)
func (b *builder) program(fd int, size int64) {
	if b.err != nil {
		return
	}
	target := b.root + ProgramDir
	b.mount("tmpfs", target, "tmpfs", unix.MS_NOSUID|unix.MS_NODEV, fmt.Sprintf("mode=0755,size=%d", size))
	if b.err != nil {
		return
	}
	dst, err := unix.Open(target, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
	if err == nil {
		err = copyTree(fd, dst, size)
		unix.Close(dst)
	}
	if err != nil {
		b.err = fmt.Errorf("copying the program: %w", err)
		return
	}
	b.mount("", target, "", unix.MS_REMOUNT|unix.MS_RDONLY|unix.MS_NOSUID|unix.MS_NODEV, "")
}

// keptDir holds what a helper keeps between runs, out of the programs'
// reach (root's, mode 0700): the last program it was given, at
// keptProgram, a tmpfs of its own that no host path names.
const (
	keptDir     = "/.sandbox"
	keptProgram = keptDir + "/prog"
)

// keep puts fd, a detached mount of a program from stageProgram, at
// keptProgram, read-only, in place of the one there.
func (b *builder) keep(fd int) {
	if b.err != nil {
		return
	}
	unix.Unmount(keptProgram, unix.MNT_DETACH) // the last program, if any
	err := unix.MountSetattr(fd, "", unix.AT_EMPTY_PATH|unix.AT_RECURSIVE, mountAttr(false))
	if err == nil {
		err = unix.MoveMount(fd, "", unix.AT_FDCWD, keptProgram, unix.MOVE_MOUNT_F_EMPTY_PATH)
	}
	if err != nil {
		b.err = fmt.Errorf("keeping the program: %w", err)
	}
}

// copyTree copies the regular files and directories of directory src into
// directory dst, with their permission bits: at most size bytes, if size
// > 0.
func copyTree(src, dst int, size int64) error {
	room := size
	if room <= 0 {
		room = math.MaxInt64
	}
	return copyDir(src, dst, &room)
}

func copyDir(src, dst int, room *int64) error {
	dup, err := unix.Dup(src)
	if err != nil {
		return err
	}
	d := os.NewFile(uintptr(dup), "program")
	defer d.Close()
	ents, err := d.ReadDir(-1)
	if err != nil {
		return err
	}
	const flags = unix.O_NOFOLLOW | unix.O_CLOEXEC
	for _, e := range ents {
		name := e.Name()
		switch {
		case e.IsDir():
			if err := unix.Mkdirat(dst, name, 0o755); err != nil {
				return err
			}
			from, err := unix.Openat(src, name, unix.O_RDONLY|unix.O_DIRECTORY|flags, 0)
			if err != nil {
				return err
			}
			to, err := unix.Openat(dst, name, unix.O_RDONLY|unix.O_DIRECTORY|flags, 0)
			if err == nil {
				err = copyDir(from, to, room)
				unix.Close(to)
			}
			unix.Close(from)
			if err != nil {
				return err
			}
		case e.Type().IsRegular():
			if err := copyFile(src, dst, name, room); err != nil {
				return err
			}
		}
	}
	return nil
}

// copyFile copies regular file name of directory src into directory dst.
func copyFile(src, dst int, name string, room *int64) error {
	from, err := unix.Openat(src, name, unix.O_RDONLY|unix.O_NOFOLLOW|unix.O_CLOEXEC, 0)
	if err != nil {
		return err
	}
	in := os.NewFile(uintptr(from), name)
	defer in.Close()
	fi, err := in.Stat()
	if err != nil {
		return err
	}
	if *room -= fi.Size(); *room < 0 {
		return fmt.Errorf("%s: the program's files exceed the memory limit", name)
	}
	to, err := unix.Openat(dst, name, unix.O_WRONLY|unix.O_CREAT|unix.O_EXCL|unix.O_NOFOLLOW|unix.O_CLOEXEC, uint32(fi.Mode().Perm()))
	if err != nil {
		return err
	}
	out := os.NewFile(uintptr(to), name)
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	if err := unix.Fchmod(to, uint32(fi.Mode().Perm())); err != nil { // as given, whatever the umask
		out.Close()
		return err
	}
	return out.Close()
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
	mounted []string        // targets, in order
	bound   map[string]bool // allowed paths bound so far
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

// etc makes the root's /etc: only what programs read, never the host's
// files themselves. The loader's cache and the local time zone are copies
// of the host's (a program needs no more of them than the libraries its
// root holds); nsswitch.conf and hosts keep the C library to files and
// names it can answer; passwd and group name the run's user (see users).
func (b *builder) etc() {
	b.mkdir("/etc", 0o755)
	write := func(name string, data []byte) {
		b.do("create", name, func(p string) error { return os.WriteFile(p, data, 0o644) })
	}
	write("/etc/nsswitch.conf", []byte("passwd: files\ngroup: files\nhosts: files\n"))
	write("/etc/hosts", []byte("127.0.0.1\tlocalhost\n::1\tlocalhost\n"))
	for _, name := range []string{ldd.CachePath, "/etc/localtime"} {
		if data, err := os.ReadFile(name); err == nil {
			write(name, data)
		}
	}
}

// users writes the root's /etc/passwd and /etc/group, naming the run's
// user "box" (home /box) and root.
func (b *builder) users(uid, gid int) {
	for name, data := range map[string]string{
		"/etc/passwd": fmt.Sprintf("root:x:0:0:root:/root:/usr/sbin/nologin\nbox:x:%d:%d:box:%s:/usr/sbin/nologin\n", uid, gid, boxDir),
		"/etc/group":  fmt.Sprintf("root:x:0:\nbox:x:%d:\n", gid),
	} {
		if uid == 0 {
			data = data[:strings.Index(data, "\n")+1] // the run's user is root of its user namespace
		}
		b.do("create", name, func(p string) error { return os.WriteFile(p, []byte(data), 0o644) })
	}
}

// maxLinks bounds the symbolic links followed to an allowed path, as the
// kernel's own limit does.
const maxLinks = 40

// allow makes host path p reachable in the new root as on the host: each
// symbolic link on the way recreated, each directory above made, and the
// file or directory it comes to bound read-only. A path that does not
// exist has nothing to show and is skipped. What is inside an
// allowed directory is there already; a symbolic link there to a path
// outside it is followed all the same, so that its target is allowed too.
func (b *builder) allow(p string, links int) {
	if b.err != nil {
		return
	}
	if links > maxLinks {
		b.err = fmt.Errorf("allowed path %s: %w", p, unix.ELOOP)
		return
	}
	parts := strings.Split(strings.TrimPrefix(filepath.Clean(p), "/"), "/")
	cur, inside := "/", false
	for i, name := range parts {
		next := filepath.Join(cur, name)
		inside = inside || b.bound[next]
		fi, err := os.Lstat(next)
		if errors.Is(err, os.ErrNotExist) {
			return // nothing to show (a system without /lib64)
		}
		if err != nil {
			b.err = fmt.Errorf("allowed path %s: %w", p, err)
			return
		}
		last := i == len(parts)-1
		switch {
		case fi.Mode()&os.ModeSymlink != 0:
			target, err := os.Readlink(next)
			if err != nil {
				b.err = fmt.Errorf("allowed path %s: %w", p, err)
				return
			}
			if !inside {
				b.do("symlink", next, func(hp string) error {
					if _, err := os.Lstat(hp); err == nil {
						return nil
					}
					return os.Symlink(target, hp)
				})
			}
			if !filepath.IsAbs(target) {
				target = filepath.Join(cur, target)
			}
			b.allow(filepath.Join(append([]string{target}, parts[i+1:]...)...), links+1)
			return
		case last:
			if !inside {
				b.bindHost(next, next, false)
				b.bound[next] = true
			}
			return
		case !fi.IsDir():
			b.err = fmt.Errorf("allowed path %s: %s is not a directory", p, next)
			return
		case !inside:
			b.mkdir(next, 0o755)
		}
		cur = next
	}
}

// bindHost binds host path p, read-only unless writable, onto path box in
// the new root, making a mount point as needed.
func (b *builder) bindHost(p, box string, writable bool) {
	fi, err := os.Stat(p)
	if err != nil {
		if b.err == nil {
			b.err = fmt.Errorf("read-only path: %w", err)
		}
		return
	}
	b.mountpoint(box, fi.IsDir())
	target := b.root + box
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
