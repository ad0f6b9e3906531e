// want: OK needs=box
// File-system escape: the answer file and a host file, by their host paths.
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

int main(int argc, char **argv) {
	int bad = 0;
	for (int i = 1; i < argc; i++) {
		int fd = open(argv[i], O_RDONLY);
		if (fd >= 0) { fprintf(stderr, "read %s\n", argv[i]); bad = 1; close(fd); }
		fd = open(argv[i], O_WRONLY | O_APPEND);
		if (fd >= 0) { fprintf(stderr, "opened %s for writing\n", argv[i]); bad = 1; write(fd, "pwned\n", 6); close(fd); }
	}
	if (open("/etc/shadow", O_RDONLY) >= 0) { fputs("read /etc/shadow\n", stderr); bad = 1; }
	return bad;
}
