/* Writes without end: OLE. */
#include <string.h>
#include <unistd.h>
int main(void) {
	static char buf[1 << 16];
	memset(buf, '7', sizeof buf);
	for (;;)
		if (write(1, buf, sizeof buf) < 0) return 1;
}
