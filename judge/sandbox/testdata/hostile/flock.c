// want: OK
// Locks on shared read-only files (flock, fcntl and OFD locks) are a channel
// between concurrent runs: one run signals bits by locking, another reads
// them by trying. The kernel reads fcntl's command as 32 bits: the same
// commands with high bits set in the raw system call are locks too.
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <sys/file.h>
#include <sys/syscall.h>
#include <unistd.h>

int main(void) {
	int bad = 0;
	int fd = open("/etc/passwd", O_RDONLY);
	if (fd < 0) { perror("open /etc/passwd"); return 1; }
	if (flock(fd, LOCK_SH | LOCK_NB) == 0) { fputs("flock worked\n", stderr); bad = 1; }
	struct flock l = {.l_type = F_RDLCK, .l_whence = SEEK_SET};
	if (fcntl(fd, F_SETLK, &l) == 0) { fputs("fcntl F_SETLK worked\n", stderr); bad = 1; }
	if (fcntl(fd, F_OFD_SETLK, &l) == 0) { fputs("fcntl F_OFD_SETLK worked\n", stderr); bad = 1; }
	unsigned long high = 1UL << 32;
	if (syscall(SYS_fcntl, fd, high | F_SETLK, &l) == 0) { fputs("fcntl F_SETLK with high bits worked\n", stderr); bad = 1; }
	if (syscall(SYS_fcntl, fd, high | F_OFD_SETLK, &l) == 0) { fputs("fcntl F_OFD_SETLK with high bits worked\n", stderr); bad = 1; }
	return bad;
}
