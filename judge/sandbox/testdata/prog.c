// prog misbehaves in the way its first argument names, for the sandbox's
// tests. Exit status 0 means the attempt succeeded, 1 that it failed (with
// the reason on stderr).
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <dirent.h>
#include <errno.h>
#include <pthread.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/shm.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static int fail(const char *what) {
	fprintf(stderr, "%s: %s\n", what, strerror(errno));
	return 1;
}

static void *idle(void *arg) { return arg; }

int main(int argc, char **argv) {
	const char *mode = argc > 1 ? argv[1] : "";
	const char *arg = argc > 2 ? argv[2] : "";

	if (!strcmp(mode, "pin")) { // run on CPU arg only, then do what the arguments after it say
		cpu_set_t set;
		CPU_ZERO(&set);
		CPU_SET(atoi(arg), &set);
		if (sched_setaffinity(0, sizeof set, &set) != 0)
			return fail("sched_setaffinity");
		argc -= 2;
		argv += 2;
		mode = argc > 1 ? argv[1] : "";
		arg = argc > 2 ? argv[2] : "";
	}

	if (!strcmp(mode, "cat")) { // copy stdin to stdout
		char buf[4096];
		ssize_t n;
		while ((n = read(0, buf, sizeof buf)) > 0)
			if (write(1, buf, n) != n)
				return fail("write");
		return 0;
	}
	if (!strcmp(mode, "env")) { // where and who am I
		char cwd[4096];
		printf("uid=%d gid=%d pid=%d cwd=%s\n", getuid(), getgid(), getpid(), getcwd(cwd, sizeof cwd));
		for (int i = 2; i < argc; i++)
			printf("arg=%s\n", argv[i]);
		printf("HOME=%s\nPATH=%s\nEXTRA=%s\n", getenv("HOME"), getenv("PATH"), getenv("EXTRA") ? getenv("EXTRA") : "");
		return 0;
	}
	if (!strcmp(mode, "ns")) { // leave a SysV IPC object; print my cgroups as I see them
		if (shmget(0x5d0c0, 4096, IPC_CREAT | IPC_EXCL | 0600) < 0) {
			printf("shmget: %s\n", strerror(errno));
			return 1;
		}
		char l[256];
		FILE *f = fopen("/proc/self/cgroup", "r");
		while (f && fgets(l, sizeof l, f))
			fputs(l, stdout);
		return 0;
	}
	if (!strcmp(mode, "exit"))
		return atoi(arg);
	if (!strcmp(mode, "segv"))
		return *(volatile int *)0;
	if (!strcmp(mode, "abort"))
		abort();
	if (!strcmp(mode, "loop"))
		for (volatile unsigned long i = 0;; i++)
			;
	if (!strcmp(mode, "cpu")) { // use arg ms of CPU time, then exit
		long ms = atol(arg);
		struct timespec ts;
		do {
			for (volatile int i = 0; i < 100000; i++)
				;
			clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
		} while (ts.tv_sec * 1000 + ts.tv_nsec / 1000000 < ms);
		return 0;
	}
	if (!strcmp(mode, "sleep")) {
		sleep(1000);
		return 0;
	}
	if (!strcmp(mode, "mem")) { // touch arg MiB, 1 MiB at a time
		long mib = atol(arg);
		for (long i = 0; i < mib; i++) {
			char *p = malloc(1 << 20);
			if (!p)
				return fail("malloc");
			memset(p, 1, 1 << 20);
		}
		return 0;
	}
	if (!strcmp(mode, "reserve")) { // map arg MiB, touch only 8 MiB of it
		size_t n = (size_t)atol(arg) << 20;
		char *p = mmap(NULL, n, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		if (p == MAP_FAILED)
			return fail("mmap");
		memset(p, 1, 8 << 20);
		return 0;
	}
	if (!strcmp(mode, "threads")) { // start arg threads of the default stack size
		int n = atoi(arg);
		pthread_t t[64];
		for (int i = 0; i < n && i < 64; i++) {
			int err = pthread_create(&t[i], NULL, idle, NULL);
			if (err != 0) {
				errno = err;
				return fail("pthread_create");
			}
		}
		for (int i = 0; i < n && i < 64; i++)
			pthread_join(t[i], NULL);
		return 0;
	}
	if (!strcmp(mode, "flood")) {
		static char buf[65536];
		memset(buf, 'x', sizeof buf);
		for (;;)
			if (write(1, buf, sizeof buf) < 0)
				return fail("write");
	}
	if (!strcmp(mode, "fork")) { // fork up to arg sleepers, report how many
		int n = atoi(arg), ok = 0;
		for (int i = 0; i < n; i++) {
			pid_t pid = fork();
			if (pid == 0) {
				sleep(1000);
				_exit(0);
			}
			if (pid > 0)
				ok++;
		}
		printf("%d\n", ok);
		return 0; // leaving the sleepers behind
	}
	if (!strcmp(mode, "dial")) { // connect to 127.0.0.1:arg
		struct sockaddr_in a = {.sin_family = AF_INET, .sin_port = htons(atoi(arg))};
		a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
		int fd = socket(AF_INET, SOCK_STREAM, 0);
		if (fd < 0)
			return fail("socket");
		if (connect(fd, (struct sockaddr *)&a, sizeof a) < 0)
			return fail("connect");
		return 0;
	}
	if (!strcmp(mode, "write")) { // create and write file arg
		int fd = open(arg, O_WRONLY | O_CREAT | O_TRUNC, 0644);
		if (fd < 0)
			return fail("open");
		if (write(fd, "escaped\n", 8) != 8)
			return fail("write");
		return 0;
	}
	if (!strcmp(mode, "read")) { // print file arg
		char buf[4096];
		int fd = open(arg, O_RDONLY);
		if (fd < 0)
			return fail("open");
		ssize_t n = read(fd, buf, sizeof buf);
		if (n < 0)
			return fail("read");
		fwrite(buf, 1, n, stdout);
		return 0;
	}
	if (!strcmp(mode, "ls")) { // list directory arg, one name a line
		DIR *d = opendir(arg);
		if (!d)
			return fail("opendir");
		for (struct dirent *e; (e = readdir(d));)
			if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
				printf("%s\n", e->d_name);
		closedir(d);
		return 0;
	}
	if (!strcmp(mode, "exe")) { // print where /proc/self/exe leads
		char buf[4096];
		ssize_t n = readlink("/proc/self/exe", buf, sizeof buf);
		if (n < 0)
			return fail("readlink");
		fwrite(buf, 1, n, stdout);
		return 0;
	}
	if (!strcmp(mode, "fill")) { // write one growing file in the working dir
		static char buf[65536];
		int fd = open("big", O_WRONLY | O_CREAT | O_TRUNC, 0644);
		if (fd < 0)
			return fail("open");
		for (;;)
			if (write(fd, buf, sizeof buf) < 0)
				return fail("write");
	}
	fprintf(stderr, "unknown mode %s\n", mode);
	return 2;
}
