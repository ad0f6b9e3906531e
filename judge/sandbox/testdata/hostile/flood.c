// want: OLE output=1
// Output flood on stdout, and a file that grows without end in /box.
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

int main(void) {
	static char buf[1 << 16];
	memset(buf, 'x', sizeof buf);
	int fd = open("junk", O_WRONLY | O_CREAT, 0600);
	for (;;) {
		write(fd, buf, sizeof buf);
		if (write(1, buf, sizeof buf) < 0) return 1;
	}
}
