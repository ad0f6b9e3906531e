// want: OK
// fd inheritance: the judge's parent leaked fds (an answer file, a writable
// host file); none may reach the program.
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

int main(void) {
	int leaked = 0;
	for (int fd = 3; fd < 4096; fd++) {
		if (fcntl(fd, F_GETFD) >= 0) {
			char path[64], target[512] = "";
			snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
			readlink(path, target, sizeof target - 1);
			fprintf(stderr, "fd %d open: %s\n", fd, target);
			write(fd, "pwned\n", 6);
			leaked = 1;
		}
	}
	return leaked;
}
