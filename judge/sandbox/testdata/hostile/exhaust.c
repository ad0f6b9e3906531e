// want: OK
// Host-wide kernel resources: a program takes as many as it can of each
// resource the kernel counts per machine or per real uid rather than per
// box, then holds them until its input ends, so that the judge can check
// that the host still gets its own (TestHostResources). argv[1] names one
// resource; with none, each is tried in turn. It exits 0 only if each was
// refused or bounded by the box: AIO contexts (aio-max-nr, machine-wide),
// inotify instances (per uid), POSIX message queues (RLIMIT_MSGQUEUE, per
// uid), keys (per-uid quota), and eventfd and timerfd descriptors (the
// machine's file table, bounded by RLIMIT_NOFILE).
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/eventfd.h>
#include <sys/syscall.h>
#include <sys/timerfd.h>
#include <unistd.h>

#define KEY_SPEC_USER_KEYRING -4

// Descriptors the box may let one process hold: its RLIMIT_NOFILE.
#define MAX_FDS 1024

static long take(const char *what) {
	long n = 0;
	char name[64];
	for (;;) {
		long r;
		if (!strcmp(what, "aio")) {
			unsigned long ctx = 0;
			r = syscall(SYS_io_setup, 1, &ctx);
		} else if (!strcmp(what, "inotify")) {
			r = syscall(SYS_inotify_init1, 0);
		} else if (!strcmp(what, "mqueue")) {
			snprintf(name, sizeof name, "sudoku-hostile-%d-%ld", getpid(), n);
			r = syscall(SYS_mq_open, name, O_CREAT | O_RDWR, 0600, NULL);
		} else if (!strcmp(what, "keys")) {
			snprintf(name, sizeof name, "sudoku-hostile-%ld", n);
			r = syscall(SYS_add_key, "user", name, "x", 1, KEY_SPEC_USER_KEYRING);
		} else if (!strcmp(what, "eventfd")) {
			r = eventfd(0, 0);
		} else if (!strcmp(what, "timerfd")) {
			r = timerfd_create(CLOCK_MONOTONIC, 0);
		} else {
			fprintf(stderr, "unknown resource %s\n", what);
			return -1;
		}
		if (r < 0)
			break;
		if (++n >= 1000000)
			break;
	}
	fprintf(stderr, "%s: took %ld (then %s)\n", what, n, strerror(errno));
	return n;
}

// bounded reports whether taking n of what got nothing past the box.
static int bounded(const char *what, long n) {
	if (!strcmp(what, "eventfd") || !strcmp(what, "timerfd"))
		return n >= 0 && n <= MAX_FDS;
	return n == 0;
}

int main(int argc, char **argv) {
	const char *all[] = {"aio", "inotify", "mqueue", "keys", "eventfd", "timerfd"};
	int bad = 0;
	if (argc > 1) {
		long n = take(argv[1]);
		bad = !bounded(argv[1], n);
		// Hold what was taken until the judge closes the input.
		char c;
		while (read(0, &c, 1) > 0)
			;
		return bad;
	}
	for (int i = 0; i < 6; i++) {
		long n = take(all[i]);
		if (!bounded(all[i], n))
			bad = 1;
	}
	return bad;
}
