// want: OK
// User-namespace tricks: a new user namespace makes the program root in it,
// free to mount, make raw sockets and so on; joining another namespace
// leaves the box.
#define _GNU_SOURCE
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <sys/mount.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

static char stack[1 << 16];
static int child(void *arg) { (void)arg; return 0; }

int main(void) {
	int bad = 0;
	if (unshare(CLONE_NEWUSER) == 0) { fputs("unshare(CLONE_NEWUSER) worked\n", stderr); bad = 1; }
	if (unshare(CLONE_NEWNS) == 0) { fputs("unshare(CLONE_NEWNS) worked\n", stderr); bad = 1; }
	int pid = clone(child, stack + sizeof stack, CLONE_NEWUSER | CLONE_NEWNET | SIGCHLD, NULL);
	if (pid > 0) { fputs("clone(CLONE_NEWUSER) worked\n", stderr); bad = 1; waitpid(pid, NULL, 0); }
	// The flags the helper's forking thread may pass (the kernel refuses
	// them to a process without CAP_SYS_ADMIN), alone and with a user
	// namespace that would give it that.
	int flags[] = {CLONE_NEWIPC, CLONE_NEWCGROUP, CLONE_NEWIPC | CLONE_NEWUSER, CLONE_NEWCGROUP | CLONE_NEWUSER};
	for (unsigned i = 0; i < sizeof flags / sizeof flags[0]; i++) {
		pid = clone(child, stack + sizeof stack, flags[i] | SIGCHLD, NULL);
		if (pid > 0) { fprintf(stderr, "clone(%#x) worked\n", flags[i]); bad = 1; waitpid(pid, NULL, 0); }
	}
	struct { unsigned long long flags, pidfd, child_tid, parent_tid, exit_signal, stack, stack_size, tls; } args = {
		.flags = CLONE_NEWUSER, .exit_signal = SIGCHLD};
	long r = syscall(SYS_clone3, &args, sizeof args);
	if (r == 0) _exit(0);
	if (r > 0) { fputs("clone3(CLONE_NEWUSER) worked\n", stderr); bad = 1; waitpid(r, NULL, 0); }
	int fd = open("/proc/1/ns/mnt", O_RDONLY);
	if (fd >= 0 && setns(fd, 0) == 0) { fputs("setns worked\n", stderr); bad = 1; }
	if (mount("none", "/tmp", "tmpfs", 0, NULL) == 0) { fputs("mount worked\n", stderr); bad = 1; }
	if (chroot("/tmp") == 0) { fputs("chroot worked\n", stderr); bad = 1; }
	return bad;
}
