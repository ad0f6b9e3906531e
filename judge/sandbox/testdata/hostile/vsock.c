// want: OK
// AF_VSOCK reaches the hypervisor and other VMs, past any network namespace.
#include <stdio.h>
#include <sys/socket.h>

#ifndef AF_VSOCK
#define AF_VSOCK 40
#endif

int main(void) {
	int fd = socket(AF_VSOCK, SOCK_STREAM, 0);
	if (fd >= 0) { fprintf(stderr, "AF_VSOCK socket %d\n", fd); return 1; }
	fd = socket(AF_VSOCK, SOCK_DGRAM, 0);
	if (fd >= 0) { fprintf(stderr, "AF_VSOCK dgram socket %d\n", fd); return 1; }
	return 0;
}
